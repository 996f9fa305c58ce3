"""``trick`` and ``legal`` scenarios: one trick, or the legal cards of a position."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tutorial.engine.cards import CARDS, CODES, Suit, mask_of
from tutorial.engine.points import point_table
from tutorial.engine.profiles import Profile
from tutorial.engine.seats import SUIT_LETTERS, Seat
from tutorial.engine.trick import legal_plays, trick_winner
from tutorial.engine.trumps import EFFECTIVE_SUIT
from tutorial.scenario import fields as F
from tutorial.scenario.common import SEATS, Replay, table_plays, top_and_pile
from tutorial.scenario.moments import Moment, Shown, shown
from tutorial.scenario.results import LegalReport, Points, TrickReport, cards_of
from tutorial.yamldoc import Key, Where


def trick_cards(
    m: Mapping[str, Any], w: Where, profile: Profile, trump: int, leader: int, *, min_cards: int
) -> list[tuple[int, int, tuple[int, ...]]]:
    raw = m.get("cards")
    if not isinstance(raw, list) or not min_cards <= len(raw) <= 4:
        raise w.error(("cards",), f"expected a list of {min_cards} to 4 plays, not {raw!r}")
    seen: dict[int, tuple[Key, ...]] = {}
    plays = []
    forbidden = point_table(profile, trump, (1 << 52) - 1).scoring_trumps
    for i, item in enumerate(raw):
        top, pile = top_and_pile(w, ("cards", i), item, seen)
        for j, c in enumerate(pile):
            if (forbidden >> c) & 1:
                raise w.error(
                    ("cards", i, j + 1),
                    f"{CODES[c]} is a scoring trump and may not go beneath the pile",
                    reason="scoring_trump_beneath",
                    seat=SEATS[(leader + i) % 4],
                )
        plays.append(((leader + i) % 4, top, pile))
    return plays


def replay_trick(m: Mapping[str, Any], w: Where, profile: Profile) -> Replay:
    trump = F.suit(w, ("trump",), m.get("trump"))
    leader = F.seat(w, ("leader",), m.get("leader"))
    in_progress = m.get("in_progress", False)
    if not isinstance(in_progress, bool):
        raise w.error(("in_progress",), f"expected true or false, not {in_progress!r}")
    plays = trick_cards(m, w, profile, trump, leader, min_cards=1)
    if in_progress and len(plays) == 4:
        raise w.error(("in_progress",), "a trick in progress has 1 to 3 plays; this one has 4")
    if not in_progress and len(plays) != 4:
        raise w.error(
            ("cards",),
            f"a trick has one play from each seat (4), not {len(plays)}; "
            "for a trick still being played add in_progress: true",
        )
    hands: dict[int, int] = {}
    if "hands" in m:  # optional: check each listed seat's play against its hand
        hm = F.mapping(w, ("hands",), m["hands"], optional=SEATS)
        for s_name, cs in hm.items():
            hands[SEATS.index(s_name)] = mask_of(F.cards(w, ("hands", s_name), cs))
    led = EFFECTIVE_SUIT[trump][plays[0][1]]
    for i, (s, top, pile) in enumerate(plays):
        if s in hands:
            h = hands[s]
            if not (h >> top) & 1 or any(not (h >> c) & 1 for c in pile):
                raise w.error(
                    ("cards", i),
                    f"seat {SEATS[s]} does not hold this card",
                    reason="card_not_in_hand",
                    seat=SEATS[s],
                )
            if i and not (legal_plays(h, trump, led) >> top) & 1:
                need = "a trump" if led == trump else f"a {SUIT_LETTERS[led]} or a trump"
                raise w.error(
                    ("cards", i),
                    f"seat {SEATS[s]} may not play {CODES[top]}: it holds {need}",
                    reason="must_follow_trump" if led == trump else "must_follow_suit_or_trump",
                    seat=SEATS[s],
                    card=CODES[top],
                    required=SUIT_LETTERS[led],
                )
    out = trick_winner(trump, [(s, top) for s, top, _ in plays])
    table = point_table(profile, trump, (1 << 52) - 1)
    varying = {r.name for r in profile.points if r.varies or r.held}
    taken = mask_of(c for _, top, pile in plays for c in (top, *pile))
    pts = sum(v for name, c, v, _ in table.cards if name not in varying and (taken >> c) & 1)
    team = out.winner & 1
    points = (pts, 0) if team == 0 else (0, pts)
    typed = table_plays(plays)
    suit = Suit(trump)
    report = TrickReport(
        trump=suit,
        leader=Seat(leader),
        plays=typed,
        led_suit=Suit(out.led_suit),
        winner=Seat(out.winner),
        winning_card=CARDS[out.winning_card],
        trumped=out.trumped,
        points=Points.of(points),
    )

    def still_held(k: int) -> Shown:
        """The listed hands after the first ``k`` plays."""
        gone = mask_of(c for _, top, pile in plays[:k] for c in (top, *pile))
        return shown({seat: cards_of(h & ~gone) for seat, h in hands.items()})

    moments = [
        Moment(
            f"t1c{k}",
            table=True,
            trick=typed[:k],
            leader=Seat(leader),
            trump=suit,
            hands=still_held(k),
        )
        for k in range(1, len(plays) + 1)
    ]
    if len(plays) == 4:
        moments.append(
            Moment(
                "t1",
                table=True,
                trick=typed,
                leader=Seat(leader),
                trump=suit,
                winner=Seat(out.winner),
                winning_card=CARDS[out.winning_card],
                trumped=out.trumped,
                trick_points=pts,
                hands=still_held(4),
            )
        )
    return Replay("trick", profile.name, report, tuple(moments))


# -- legal ------------------------------------------------------------------------------------
def replay_legal(m: Mapping[str, Any], w: Where, profile: Profile) -> Replay:
    trump = F.suit(w, ("trump",), m.get("trump"))
    leader = F.seat(w, ("leader",), m.get("leader"))
    raw = m.get("cards", [])
    plays = trick_cards({"cards": raw}, w, profile, trump, leader, min_cards=0) if raw else []
    if len(plays) > 3:
        raise w.error(("cards",), "at most 3 cards may have been played before the seat to act")
    seen: dict[int, tuple[Key, ...]] = {
        c: ("cards",) for _, top, pile in plays for c in (top, *pile)
    }
    hand = F.cards(w, ("hand",), m.get("hand"), seen=seen)
    if not hand:
        raise w.error(("hand",), "the hand of the seat to play must hold at least one card")
    seat = (leader + len(plays)) % 4
    led = EFFECTIVE_SUIT[trump][plays[0][1]] if plays else -1
    legal = cards_of(legal_plays(mask_of(hand), trump, led))
    held = cards_of(mask_of(hand))
    report = LegalReport(
        trump=Suit(trump),
        seat=Seat(seat),
        hand=held,
        led_suit=Suit(led) if led >= 0 else None,
        legal=legal,
    )
    moment = Moment(
        "position",
        table=True,
        trick=table_plays(plays),
        leader=Seat(leader),
        trump=Suit(trump),
        hands=shown({seat: held}),
        to_play=Seat(seat),
        legal=legal,
    )
    return Replay("legal", profile.name, report, (moment,))

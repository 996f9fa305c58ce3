"""Replaying scenarios through the engine.

:func:`replay` takes a scenario mapping (already read from YAML) and returns a
:class:`Replay`: the JSON-ready ``result`` that ``expect`` and lesson questions refer to,
and the ``frames`` a card table steps through (one per moment: ``deal``, ``bidding``,
``refill``, ``tNcK``, ``tN``, ``score``, ``hN``). Anything wrong raises
:class:`~tutorial.yamldoc.SourceError` naming the file, line, key and the rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tutorial.engine.cards import CODES, mask_codes, mask_of, parse_index
from tutorial.engine.errors import IllegalAction, InvalidInput
from tutorial.engine.hand import Hand, Phase, point_table
from tutorial.engine.profiles import DEFAULT_PROFILE, PROFILES, Profile, get_profile
from tutorial.engine.scoring import GameScore, score_hand
from tutorial.engine.trick import legal_plays, trick_winner
from tutorial.engine.trumps import EFFECTIVE_SUIT
from tutorial.scenario import fields as F
from tutorial.scenario.fields import SEATS, TEAMS
from tutorial.yamldoc import Key, SourceError, Where

KINDS = ("trick", "legal", "hand", "score", "game")


@dataclass
class Replay:
    kind: str
    profile: str
    result: dict[str, Any]
    frames: list[dict[str, Any]] = field(default_factory=list)

    @property
    def moments(self) -> list[str]:
        return [f["id"] for f in self.frames]


def _teams(pair: tuple[int, int]) -> dict[str, int]:
    return {"AC": pair[0], "BD": pair[1]}


def _team_name(t: int | None) -> str | None:
    return None if t is None else TEAMS[t]


def _illegal(
    w: Where, path: tuple[Key, ...], exc: IllegalAction, what: str, **facts: object
) -> SourceError:
    return w.error(
        path, f"{what}: {exc.plain} (rule: {exc.reason.value})", **{**exc.facts(), **facts}
    )


def replay(data: Any, w: Where) -> Replay:
    """Replay one scenario. ``w`` locates it (a file, or a place inside a lesson)."""
    m = F.mapping(
        w,
        (),
        data,
        required=("kind",),
        optional=(
            "profile",
            "expect",
            "trump",
            "leader",
            "cards",
            "hand",
            "hands",
            "dealer",
            "deal",
            "stock",
            "bids",
            "dealer_keeps",
            "reshuffle",
            "keep",
            "plays",
            "before",
            "bidder",
            "bid",
            "points",
            "title",
            "in_progress",
        ),
    )
    kind = m["kind"]
    if kind not in KINDS:
        raise w.error(("kind",), f"unknown kind {kind!r}: expected one of {', '.join(KINDS)}")
    name = m.get("profile", DEFAULT_PROFILE)
    if not isinstance(name, str) or name not in PROFILES:
        raise w.error(
            ("profile",), f"unknown profile {name!r}: expected one of {', '.join(PROFILES)}"
        )
    profile = get_profile(name)
    allowed = {
        "trick": ("trump", "leader", "cards", "hands", "in_progress"),
        "legal": ("trump", "leader", "cards", "hand"),
        "hand": (
            "dealer",
            "deal",
            "stock",
            "bids",
            "trump",
            "dealer_keeps",
            "reshuffle",
            "keep",
            "plays",
        ),
        "score": ("before", "bidder", "bid", "points"),
        "game": ("hands",),
    }[kind]
    for key in m:
        if key not in (*allowed, "kind", "profile", "expect", "title"):
            raise w.error(
                (key,),
                f"key {key!r} does not belong in a {kind} scenario "
                f"(expected: {', '.join(allowed)})",
            )
    fn = {"trick": _trick, "legal": _legal, "hand": _hand, "score": _score, "game": _game}[kind]
    return fn(m, w, profile)


def _keep_place(raw: Mapping[str, Any], code: object) -> tuple[Key, ...]:
    """Where in ``keep`` the card ``code`` is listed (for an error about that card)."""
    for seat_name, listed in raw.items():
        for i, item in enumerate(listed if isinstance(listed, list) else []):
            if isinstance(item, str) and isinstance(code, str):
                try:
                    if CODES[parse_index(item)] == code:
                        return ("keep", seat_name, i)
                except InvalidInput:
                    continue
    return ("keep",)


# -- trick ------------------------------------------------------------------------------------
def _top_and_pile(
    w: Where, path: tuple[Key, ...], item: Any, seen: dict[int, tuple[Key, ...]]
) -> tuple[int, tuple[int, ...]]:
    if isinstance(item, list):
        if len(item) < 2:
            raise w.error(path, "a pile lists its top card and at least one card beneath")
        cs = F.cards(w, path, item, seen=seen)
        return cs[0], tuple(cs[1:])
    c = F.card(w, path, item)
    if c in seen:
        raise w.error(path, f"duplicate card {CODES[c]}")
    seen[c] = path
    return c, ()


def _trick_cards(
    m: Mapping[str, Any], w: Where, profile: Profile, trump: int, leader: int, *, min_cards: int
) -> list[tuple[int, int, tuple[int, ...]]]:
    raw = m.get("cards")
    if not isinstance(raw, list) or not min_cards <= len(raw) <= 4:
        raise w.error(("cards",), f"expected a list of {min_cards} to 4 plays, not {raw!r}")
    seen: dict[int, tuple[Key, ...]] = {}
    plays = []
    forbidden = point_table(profile, trump, (1 << 52) - 1).scoring_trumps
    for i, item in enumerate(raw):
        top, pile = _top_and_pile(w, ("cards", i), item, seen)
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


def _trick(m: Mapping[str, Any], w: Where, profile: Profile) -> Replay:
    trump = F.suit(w, ("trump",), m.get("trump"))
    leader = F.seat(w, ("leader",), m.get("leader"))
    in_progress = m.get("in_progress", False)
    if not isinstance(in_progress, bool):
        raise w.error(("in_progress",), f"expected true or false, not {in_progress!r}")
    plays = _trick_cards(m, w, profile, trump, leader, min_cards=1)
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
                need = "a trump" if led == trump else f"a {'CDHS'[led]} or a trump"
                raise w.error(
                    ("cards", i),
                    f"seat {SEATS[s]} may not play {CODES[top]}: it holds {need}",
                    reason="must_follow_trump" if led == trump else "must_follow_suit_or_trump",
                    seat=SEATS[s],
                    card=CODES[top],
                    required="CDHS"[led],
                )
    out = trick_winner(trump, [(s, top) for s, top, _ in plays])
    table = point_table(profile, trump, (1 << 52) - 1)
    varying = {r.name for r in profile.points if r.varies or r.held}
    taken = mask_of(c for _, top, pile in plays for c in (top, *pile))
    pts = sum(v for name, c, v, _ in table.cards if name not in varying and (taken >> c) & 1)
    team = out.winner & 1
    points = (pts, 0) if team == 0 else (0, pts)
    cards_out = [
        CODES[top] if not pile else [CODES[top], *(CODES[c] for c in pile)]
        for _, top, pile in plays
    ]
    result = {
        "trump": "CDHS"[trump],
        "leader": SEATS[leader],
        "cards": cards_out,
        "led_suit": "CDHS"[out.led_suit],
        "winner": SEATS[out.winner],
        "winning_card": CODES[out.winning_card],
        "trumped": out.trumped,
        "points": _teams(points),
    }
    frames: list[dict[str, Any]] = []

    def held(k: int) -> dict[str, list[str]]:
        """The listed hands after the first ``k`` plays."""
        gone = mask_of(c for _, top, pile in plays[:k] for c in (top, *pile))
        return {SEATS[seat]: mask_codes(h & ~gone) for seat, h in sorted(hands.items())}

    for k in range(1, len(plays) + 1):
        frames.append(
            {
                "id": f"t1c{k}",
                "trick": _frame_trick(plays[:k]),
                "leader": SEATS[leader],
                "trump": "CDHS"[trump],
                "hands": held(k),
            }
        )
    if len(plays) == 4:
        frames.append(
            {
                "id": "t1",
                "trick": _frame_trick(plays),
                "leader": SEATS[leader],
                "trump": "CDHS"[trump],
                "winner": SEATS[out.winner],
                "winning_card": CODES[out.winning_card],
                "trumped": out.trumped,
                "points": pts,
                "hands": held(4),
            }
        )
    return Replay("trick", profile.name, result, frames)


def _frame_trick(plays: list[tuple[int, int, tuple[int, ...]]]) -> list[dict[str, Any]]:
    return [
        {"seat": SEATS[s], "card": CODES[c], "beneath": [CODES[x] for x in pile]}
        for s, c, pile in plays
    ]


# -- legal ------------------------------------------------------------------------------------
def _legal(m: Mapping[str, Any], w: Where, profile: Profile) -> Replay:
    trump = F.suit(w, ("trump",), m.get("trump"))
    leader = F.seat(w, ("leader",), m.get("leader"))
    raw = m.get("cards", [])
    plays = _trick_cards({"cards": raw}, w, profile, trump, leader, min_cards=0) if raw else []
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
    legal = legal_plays(mask_of(hand), trump, led)
    result = {
        "trump": "CDHS"[trump],
        "seat": SEATS[seat],
        "hand": mask_codes(mask_of(hand)),
        "led_suit": "CDHS"[led] if led >= 0 else None,
        "legal": mask_codes(legal),
    }
    frames = [
        {
            "id": "position",
            "trick": _frame_trick(plays),
            "leader": SEATS[leader],
            "trump": "CDHS"[trump],
            "hands": {SEATS[seat]: mask_codes(mask_of(hand))},
            "to_play": SEATS[seat],
            "legal": mask_codes(legal),
        }
    ]
    return Replay("legal", profile.name, result, frames)


# -- hand -------------------------------------------------------------------------------------
def _hands_codes(hands: list[int] | tuple[int, ...]) -> dict[str, list[str]]:
    return {SEATS[s]: mask_codes(hands[s]) for s in range(4)}


def _hand(m: Mapping[str, Any], w: Where, profile: Profile) -> Replay:
    dealer = F.seat(w, ("dealer",), m.get("dealer"))
    deal = F.mapping(w, ("deal",), m.get("deal"), required=SEATS)
    seen: dict[int, tuple[Key, ...]] = {}
    dealt = {
        s: F.cards(w, ("deal", SEATS[s]), deal[SEATS[s]], count=9, seen=seen) for s in range(4)
    }
    stock = F.cards(w, ("stock",), m.get("stock"), count=16, seen=seen)
    try:
        hand = Hand.from_deal(profile, dealer, dealt, stock)
    except InvalidInput as exc:  # pragma: no cover - the field checks above come first
        raise w.error(("deal",), str(exc)) from None
    frames: list[dict[str, Any]] = [
        {
            "id": "deal",
            "dealer": SEATS[dealer],
            "hands": _hands_codes(hand.hands),
            "stock": len(stock),
        }
    ]
    # bidding
    bids = m.get("bids")
    if not isinstance(bids, list):
        raise w.error(
            ("bids",),
            "expected the list of calls, one per seat from the dealer's left (pass or a number)",
        )
    calls_out = []
    for i, call in enumerate(bids):
        if hand.phase is not Phase.BID:
            raise w.error(("bids", i), "the bidding is already over: too many calls")
        s = hand.to_act
        value = None if call == "pass" or call is None else F.integer(w, ("bids", i), call)
        try:
            hand.bid(s, value)
        except IllegalAction as exc:
            raise _illegal(
                w,
                ("bids", i),
                exc,
                f"seat {SEATS[s]} cannot call {'pass' if value is None else value}",
            ) from None
        calls_out.append({"seat": SEATS[s], "call": "pass" if value is None else value})
    if hand.phase is Phase.BID:
        raise w.error(
            ("bids",), f"the bidding is not finished: {SEATS[hand.to_act]} still has to call"
        )
    frames.append(
        {
            "id": "bidding",
            "dealer": SEATS[dealer],
            "hands": _hands_codes(hand.hands),
            "calls": calls_out,
        }
    )
    result: dict[str, Any] = {
        "profile": profile.name,
        "dealer": SEATS[dealer],
        "calls": calls_out,
        "thrown_in": hand.phase is Phase.DONE,
    }
    if hand.phase is Phase.DONE:  # everyone passed and the profile throws the hand in
        for key in ("trump", "plays", "dealer_keeps", "reshuffle", "keep"):
            if key in m:
                raise w.error((key,), f"everyone passed: the hand is thrown in, so it has no {key}")
        result.update(
            bidder=None,
            bid=None,
            trump=None,
            points=_teams((0, 0)),
            made=None,
            delta=_teams((0, 0)),
        )
        return Replay("hand", profile.name, result, frames)
    assert hand.high_seat is not None
    trump = F.suit(w, ("trump",), m.get("trump"))
    hand.name_trump(hand.high_seat, trump)
    keep = None
    if "keep" in m:
        km = F.mapping(w, ("keep",), m["keep"], optional=SEATS)
        keep = {SEATS.index(k): F.cards(w, ("keep", k), v) for k, v in km.items()}
    dk = F.cards(w, ("dealer_keeps",), m["dealer_keeps"]) if "dealer_keeps" in m else None
    rs = F.cards(w, ("reshuffle",), m["reshuffle"]) if "reshuffle" in m else None
    try:
        hand.refill(keep=keep, dealer_keeps=dk, reshuffle=rs)
    except IllegalAction as exc:
        where: tuple[Key, ...] = ("trump",)
        if exc.reason.value == "dealer_keeps_invalid" and "dealer_keeps" in m:
            where = ("dealer_keeps",)
        elif exc.reason.value == "reshuffle_invalid" and "reshuffle" in m:
            where = ("reshuffle",)
        elif "keep" in m and exc.reason.value.startswith("keep"):
            where = ("keep",)
        elif keep is not None and exc.reason.value == "card_not_in_hand":
            where = _keep_place(m["keep"], exc.facts().get("card"))
        raise _illegal(w, where, exc, "the discard and refill cannot go this way") from None
    log = hand.refill_log
    assert log is not None
    if rs is not None and log.reshuffled is None:
        raise w.error(("reshuffle",), "the stock did not run out, so there is nothing to reshuffle")
    refill = {
        "discards": {SEATS[s]: mask_codes(log.discard_masks[s]) for s in range(4)},
        "received": {SEATS[s]: [CODES[c] for c in log.received[s]] for s in range(4)},
        "dealer_examined": [CODES[c] for c in log.dealer_examined],
        "dealer_discarded": [CODES[c] for c in log.dealer_discarded],
        "reshuffled": None if log.reshuffled is None else [CODES[c] for c in log.reshuffled],
        "reshuffle_before": None if log.reshuffle_before is None else SEATS[log.reshuffle_before],
        "short_shared": log.short_shared,
    }
    result.update(
        bidder=SEATS[hand.high_seat],
        bid=hand.high_bid,
        trump="CDHS"[trump],
        refill=refill,
        hands_after_refill=_hands_codes(hand.start_hands),
    )
    frames.append(
        {
            "id": "refill",
            "dealer": SEATS[dealer],
            "trump": "CDHS"[trump],
            "hands": _hands_codes(hand.hands),
            "refill": refill,
        }
    )
    # play
    plays = m.get("plays", [])
    if not isinstance(plays, list):
        raise w.error(("plays",), "expected a list of tricks")
    tricks_out: list[dict[str, Any]] = []
    for t, trick in enumerate(plays):
        if hand.phase is not Phase.PLAY:
            raise w.error(("plays", t), "the hand is over: too many tricks")
        if not isinstance(trick, list) or not trick:
            raise w.error(("plays", t), "expected the cards of one trick, in play order")
        leader = hand.to_act
        done: list[tuple[int, int, tuple[int, ...]]] = []
        for k, item in enumerate(trick):
            if len(hand.tricks) > t:
                raise w.error(("plays", t, k), f"trick {t + 1} already has all its cards")
            s = hand.to_act
            local: dict[int, tuple[Key, ...]] = {}
            top, pile = _top_and_pile(w, ("plays", t, k), item, local)
            try:
                hand.play(s, top, pile)
            except IllegalAction as exc:
                raise _illegal(
                    w,
                    ("plays", t, k),
                    exc,
                    f"trick {t + 1}, seat {SEATS[s]} cannot play {CODES[top]}",
                    trick=t + 1,
                ) from None
            done.append((s, top, pile))
            frames.append(
                {
                    "id": f"t{t + 1}c{k + 1}",
                    "trump": "CDHS"[trump],
                    "hands": _hands_codes(hand.hands),
                    "leader": SEATS[leader],
                    "trick": _frame_trick(done),
                }
            )
        if len(hand.tricks) <= t:
            raise w.error(
                ("plays", t), f"trick {t + 1} is not complete: {SEATS[hand.to_act]} has not played"
            )
        tr = hand.tricks[t]
        tricks_out.append(
            {
                "number": tr.number,
                "leader": SEATS[tr.leader],
                "cards": [
                    CODES[p.card]
                    if not p.beneath
                    else [CODES[p.card], *(CODES[c] for c in p.beneath)]
                    for p in tr.plays
                ],
                "seats": [SEATS[p.seat] for p in tr.plays],
                "winner": SEATS[tr.winner],
                "winning_card": CODES[tr.winning_card],
                "trumped": tr.trumped,
                "points": tr.points,
            }
        )
        frames.append(
            {
                "id": f"t{t + 1}",
                "trump": "CDHS"[trump],
                "hands": _hands_codes(hand.hands),
                "leader": SEATS[leader],
                "trick": _frame_trick(done),
                "winner": SEATS[tr.winner],
                "winning_card": CODES[tr.winning_card],
                "trumped": tr.trumped,
                "points": tr.points,
            }
        )
    result["tricks"] = tricks_out
    result["finished"] = hand.is_done()
    if hand.is_done():
        r = hand.result()
        result.update(
            points=_teams(r.points),
            owners={k: _team_name(v) for k, v in r.owners.items()},
            made=r.made,
            delta=_teams(r.delta),
        )
        frames.append(
            {
                "id": "score",
                "trump": "CDHS"[trump],
                "points": result["points"],
                "owners": result["owners"],
                "made": r.made,
                "delta": result["delta"],
                "bidder": SEATS[hand.high_seat],
                "bid": hand.high_bid,
            }
        )
    return Replay("hand", profile.name, result, frames)


# -- score and game ---------------------------------------------------------------------------
def _points(w: Where, path: tuple[Key, ...], value: Any, profile: Profile) -> tuple[int, int]:
    pts = F.team_numbers(w, path, value)
    if min(pts) < 0:
        raise w.error(path, "points won cannot be negative")
    total = profile.total_points
    if profile.all_points_in_play and sum(pts) != total:
        raise w.error(
            path,
            f"in {profile.name} all {total} points are always in play, so the "
            f"two sides' points must add up to {total}, not {sum(pts)}",
        )
    if sum(pts) > total:
        raise w.error(path, f"a hand holds only {total} points, not {sum(pts)}")
    return pts


def _bid(w: Where, path: tuple[Key, ...], value: Any, profile: Profile) -> int:
    bid = F.integer(w, path, value)
    if not profile.bid_min <= bid <= profile.bid_max:
        raise w.error(
            path,
            f"a bid in {profile.name} is from {profile.bid_min} to {profile.bid_max}, not {bid}",
            reason="bid_out_of_range",
        )
    return bid


def _score(m: Mapping[str, Any], w: Where, profile: Profile) -> Replay:
    before = F.team_numbers(w, ("before",), m.get("before"))
    bidder = F.team(w, ("bidder",), m.get("bidder"))
    bid = _bid(w, ("bid",), m.get("bid"), profile)
    pts = _points(w, ("points",), m.get("points"), profile)
    out = score_hand(profile, before, bidder, bid, pts)
    d = out.decision
    result = {
        "before": _teams(before),
        "bidder": TEAMS[bidder],
        "bid": bid,
        "points": _teams(pts),
        "made": out.made,
        "delta": _teams(out.delta),
        "after": _teams(out.after),
        "bidder_goes_out": d.bidder_goes_out,
        "winner": _team_name(d.winner),
        "decided_by": d.decided_by.value if d.decided_by else None,
    }
    frames = [{"id": "score", **result}]
    return Replay("score", profile.name, result, frames)


def _game(m: Mapping[str, Any], w: Where, profile: Profile) -> Replay:
    hands = m.get("hands")
    if not isinstance(hands, list) or not hands:
        raise w.error(("hands",), "expected a list of hand results")
    game = GameScore(profile)
    scores = []
    frames = []
    details = []
    for i, h in enumerate(hands):
        hm = F.mapping(w, ("hands", i), h, required=("bidder", "bid", "points"))
        if game.winner is not None:
            raise w.error(
                ("hands", i), f"the game was already won by {TEAMS[game.winner]} after hand {i}"
            )
        bidder = F.team(w, ("hands", i, "bidder"), hm["bidder"])
        bid = _bid(w, ("hands", i, "bid"), hm["bid"], profile)
        pts = _points(w, ("hands", i, "points"), hm["points"], profile)
        before = game.totals
        game = game.add(bidder, bid, pts)
        assert game.last is not None
        d = game.last.decision
        scores.append(_teams(game.totals))
        detail = {
            "before": _teams(before),
            "bidder": TEAMS[bidder],
            "bid": bid,
            "points": _teams(pts),
            "made": game.last.made,
            "delta": _teams(game.last.delta),
            "after": _teams(game.totals),
            "bidder_goes_out": d.bidder_goes_out,
            "winner": _team_name(d.winner),
        }
        details.append(detail)
        frames.append({"id": f"h{i + 1}", **detail})
    result = {
        "scores": scores,
        "hands": details,
        "winner": _team_name(game.winner),
        "decided_by": game.decided_by.value if game.decided_by else None,
    }
    return Replay("game", profile.name, result, frames)


__all__ = ["KINDS", "Replay", "replay"]

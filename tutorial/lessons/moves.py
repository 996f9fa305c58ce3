""" "Your move" moments, worked out by the engine when a lesson loads.

A narration item of a trick or hand scenario may hand its card to the learner::

    narration:
      - at: t1c3
        your_move:
          seat: C                 # the seat whose card this moment plays (checked)
          prompt: {es: …, …}      # optional: what to aim for ("win the trick")
          feedback:               # optional: why a legal wrong card is worse, per card
            7H: {es: …, pt: …, fr: …, en: …}
          plain: true             # optional: no trump marks on the table until played
        text: {…}                 # shown once the learner has played

The loader checks that the moment is a card of a trick (``tNcK``), that ``seat`` is the seat
that plays it, and that the seat's hand is on the table at that moment (hand scenarios, or
trick scenarios with ``hands:``). Then the engine gives the cards the seat holds, the legal
ones (the scripted card is one: the replay played it) and for every other card the rule that
forbids it (:func:`tutorial.engine.legality.why_illegal` in hand scenarios, the same reason
codes in trick scenarios). For each legal card other than the scripted one it plays the rest
of the trick as scripted and records what the trick would become (winner, winning card,
points); when that cannot tell the card apart from the scripted one (the same winner and
points, or a later scripted card would no longer be legal) the lesson must write
``feedback`` for that card, and the loader says so.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from tutorial.engine.actions import PlayCard
from tutorial.engine.cards import CODES, Card, mask_of, parse_index
from tutorial.engine.errors import InvalidInput, Reason
from tutorial.engine.legality import why_illegal
from tutorial.engine.points import point_table
from tutorial.engine.profiles import get_profile
from tutorial.engine.seats import SEAT_LETTERS, SUIT_LETTERS, Seat
from tutorial.engine.trick import legal_plays, trick_winner
from tutorial.engine.trumps import EFFECTIVE_SUIT
from tutorial.lessons.model import Scenario, Text, TrickEnd, YourMove
from tutorial.lessons.readers import _keys, _text
from tutorial.scenario.replay import Replay
from tutorial.scenario.results import TablePlay, codes
from tutorial.yamldoc import Key, Where

SEATS = SEAT_LETTERS
SUITS = SUIT_LETTERS
CARD_MOMENT = re.compile(r"^t([1-9]\d*)c([1-4])$")


def read_your_move(
    w: Where, path: tuple[Key, ...], value: Any, at: str, scenario: Scenario
) -> YourMove:
    """The ``your_move`` of the narration item at ``path`` (moment ``at``), checked."""
    m = _keys(w, path, value, ("seat",), ("prompt", "feedback", "plain"))
    plain = m.get("plain", False)
    if not isinstance(plain, bool):
        raise w.error((*path, "plain"), f"expected true or false, not {plain!r}")
    rep = scenario.replay
    if rep.kind not in ("trick", "hand") or not CARD_MOMENT.match(at):
        raise w.error(
            path,
            "a your_move needs a card moment tNcK of a trick or hand scenario, the calls "
            f"(bidding) or the moment trump is named (the one after bidding), not {at!r}",
        )
    moment = rep.at(at)
    assert moment.trick and moment.trump is not None  # a card moment of a trick
    play = moment.trick[-1]
    seat = m["seat"]
    if not isinstance(seat, str) or seat.upper() not in SEATS:
        raise w.error((*path, "seat"), f"expected a seat A, B, C or D, not {seat!r}")
    seat = seat.upper()
    if seat != play.seat.letter:
        raise w.error(
            (*path, "seat"),
            f"at {at} {play.seat.letter} plays ({play.card.code}), not {seat}: "
            "the learner's seat must be the one to play",
        )
    held_after = moment.hand(Seat.parse(seat))
    if held_after is None:
        raise w.error(
            (*path, "seat"),
            f"the scenario does not show {seat}'s hand, so the learner has no cards to "
            "choose from: list it under the trick's `hands:`",
        )
    card, beneath = play.card.code, tuple(codes(play.beneath))
    before = [*codes(held_after), card, *beneath]
    offered = sorted(set(before) - set(beneath), key=parse_index)
    trump = int(moment.trump)
    earlier = moment.trick[:-1]
    if rep.kind == "hand":
        legal, illegal = _hand_legality(rep.states[at], seat, offered, beneath)
    else:
        legal, illegal = _trick_legality(seat, offered, earlier, trump)
    if card not in legal:  # pragma: no cover - the replay played it, so it is legal
        raise w.error((*path, "seat"), f"the engine says {card} is not legal here")
    prompt = _text(w, (*path, "prompt"), m["prompt"]) if "prompt" in m else None
    feedback: dict[str, Text] = {}
    if "feedback" in m:
        raw = m["feedback"]
        if not isinstance(raw, Mapping):
            raise w.error((*path, "feedback"), "expected a mapping card → text")
        for code, text in raw.items():
            try:
                c = CODES[parse_index(str(code))]
            except InvalidInput:
                raise w.error((*path, "feedback", str(code)), f"not a card: {code!r}") from None
            if c not in legal or c == card:
                raise w.error(
                    (*path, "feedback", str(code)),
                    f"feedback is for a legal card other than {card}; {c} is "
                    + ("the right card" if c == card else "not a legal card here"),
                )
            feedback[c] = _text(w, (*path, "feedback", str(code)), text)
    scripted = _outcome(rep, at, trump, card, beneath)
    outcomes: dict[str, TrickEnd] = {}
    for c in legal:
        if c == card:
            continue
        out = _outcome(rep, at, trump, c, beneath)
        if out is not None and scripted is not None and _differs(out, scripted):
            outcomes[c] = out
        elif c not in feedback:
            raise w.error(
                (*path, "feedback"),
                f"the engine cannot tell {c} from {card} in this trick (same winner and "
                f"points, or the scripted cards after it would not be legal): write "
                f"feedback for {c}",
            )
    if scripted is not None:
        outcomes[card] = scripted
    return YourMove(
        at,
        seat,
        card,
        beneath,
        tuple(offered),
        tuple(legal),
        illegal,
        prompt,
        feedback,
        outcomes,
        plain,
    )


def _hand_legality(
    state: Any, seat: str, offered: list[str], beneath: tuple[str, ...]
) -> tuple[list[str], dict[str, dict[str, str]]]:
    legal: list[str] = []
    illegal: dict[str, dict[str, str]] = {}
    under = tuple(parse_index(c) for c in beneath)
    for c in offered:
        idx = parse_index(c)
        err = why_illegal(state, PlayCard(idx, under) if under else PlayCard(idx))
        if err is None:
            legal.append(c)
        else:
            illegal[c] = {k: str(v) for k, v in err.facts().items()}
    return legal, illegal


def _trick_legality(
    seat: str, offered: list[str], earlier: Sequence[TablePlay], trump: int
) -> tuple[list[str], dict[str, dict[str, str]]]:
    """A trick scenario has no hand state: the same rule (:func:`legal_plays`) and reason
    codes as the engine's :func:`why_illegal` for a play."""
    hand = mask_of(parse_index(c) for c in offered)
    led = EFFECTIVE_SUIT[trump][earlier[0].card.index] if earlier else -1
    mask = legal_plays(hand, trump, led)
    legal = [c for c in offered if (mask >> parse_index(c)) & 1]
    reason = Reason.MUST_FOLLOW_TRUMP if led == trump else Reason.MUST_FOLLOW_SUIT_OR_TRUMP
    illegal = {
        c: {
            "reason": str(reason.value),
            "seat": seat,
            "card": c,
            "required": SUITS[led] if led >= 0 else "",
        }
        for c in offered
        if c not in legal
    }
    return legal, illegal


def _outcome(
    rep: Replay, at: str, trump: int, card: str, beneath: tuple[str, ...]
) -> TrickEnd | None:
    """The trick completed with ``card`` at moment ``at`` and the rest as scripted: winner,
    winning card, points and the point cards it carries (``captured``: the profile's point
    names, e.g. ``low`` for the lowest trump in play of classic-51); None if a later scripted
    card would not be legal then."""
    m = CARD_MOMENT.match(at)
    assert m is not None
    n = int(m.group(1))
    if not rep.has(f"t{n}"):
        return None  # the scenario stops before the trick ends
    last = rep.at(f"t{n}")
    assert last.trick is not None
    k = int(m.group(2))
    plays = list(last.trick)
    plays[k - 1] = replace(
        plays[k - 1], card=Card.parse(card), beneath=tuple(Card.parse(c) for c in beneath)
    )
    if rep.kind == "hand":
        state = rep.states[at].copy()
        for p in plays[k - 1 :]:
            action = PlayCard(p.card.index, tuple(c.index for c in p.beneath))
            if why_illegal(state, action) is not None:
                return None
            state.apply(action)
        tr = state.tricks[n - 1]
        table = point_table(state.profile, state.trump, state.in_play)
        return TrickEnd(
            SEATS[tr.winner],
            CODES[tr.winning_card],
            int(tr.points),
            tuple(name for name, c, _, held in table.cards if not held and tr.mask >> c & 1),
        )
    led = EFFECTIVE_SUIT[trump][plays[0].card.index]
    for p in plays[k:]:  # later scripted cards: still legal?
        after = last.hand(p.seat)
        if after is None:
            if k == 1:
                return None  # a new suit led, and the later hands are unknown
            continue
        held = mask_of(c.index for c in (*after, p.card))
        if not (legal_plays(held, trump, led) >> p.card.index) & 1:
            return None
    out = trick_winner(trump, [(int(p.seat), p.card.index) for p in plays])
    profile = get_profile(rep.profile)
    table = point_table(profile, trump, (1 << 52) - 1)
    varying = {r.name for r in profile.points if r.varies or r.held}
    taken = mask_of(c.index for p in plays for c in p.cards)
    counted = [(name, v) for name, c, v, _ in table.cards if name not in varying and taken >> c & 1]
    return TrickEnd(
        SEATS[out.winner],
        CODES[out.winning_card],
        sum(v for _, v in counted),
        tuple(name for name, _ in counted),
    )


def _differs(a: TrickEnd, b: TrickEnd) -> bool:
    """Two outcomes the learner can tell apart: another winning side or other points."""
    side_a, side_b = (Seat.parse(x.winner).team for x in (a, b))
    return side_a is not side_b or a.points != b.points

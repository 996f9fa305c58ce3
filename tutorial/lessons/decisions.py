""" "Your move" for a call or the naming of trump, worked out by the engine when a lesson loads.

A narration item of a ``hand`` scenario may hand the learner a decision other than a card::

    narration:
      - at: bidding                # the calls: the learner makes ``seat``'s call
        your_move:
          seat: A
          prompt: {es: …, …}       # optional
          feedback:                # why a legal call other than the scenario's is worse
            pass: {es: …, pt: …, fr: …, en: …}
            7: {…}
          also_right:              # optional: legal calls that are right too, and why
            8: {…}                 # (the scenario then goes on with its own call)
        text: {…}                  # shown once the learner has called
      - at: refill                 # the first moment after the bidding: the bidder names trump
        your_move: {seat: A}
        text: {…}

At the moment after the bidding, ``kind: dealer-keeps`` hands the learner the dealer's keep
from the rest of the stock instead (:mod:`tutorial.lessons.dealerkeep`).

The right answer is what the scenario does (its call, its ``trump:``). The engine gives every
option (``pass`` and each bid of the profile's range; the four suits), the legal ones, and
for the others the rule that forbids them (:func:`tutorial.engine.legality.why_illegal` on
the state before the decision). For each legal option other than the right one the learner
gets feedback: the lesson's, or the engine's account where it can tell the option is worse —

- a suit as trump that gives the hand no more trumps and no more points (and fewer of one)
  than the scenario's suit: the engine says how many trumps and which point cards each
  suit gives this hand;
- a bid higher than the scenario's call and than the points the hand holds in its best suit:
  the engine says what the bid promises against what the hand holds.

Every other legal option (a pass, a lower bid, a suit that gives more of something) needs
written feedback, and the loader says which.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tutorial.engine.actions import Action, NameTrump, call_of
from tutorial.engine.cards import CODES, bits, codes
from tutorial.engine.legality import why_illegal
from tutorial.engine.points import point_table
from tutorial.engine.profiles import Profile, get_profile
from tutorial.engine.seats import SEAT_LETTERS, SUIT_LETTERS
from tutorial.lessons.dealerkeep import read_keep
from tutorial.lessons.model import DecisionKind, Holding, Scenario, Text, YourDecision
from tutorial.lessons.readers import _keys, _text
from tutorial.scenario.results import HandReport
from tutorial.yamldoc import Key, Where

ALL_CARDS = (1 << 52) - 1


def is_decision_moment(at: str, scenario: Scenario) -> bool:
    """True for the moments where a your_move is a call or trump, not a card."""
    return scenario.replay.kind == "hand" and (at == "bidding" or at == _trump_moment(scenario))


def _trump_moment(scenario: Scenario) -> str | None:
    ids = scenario.replay.moments
    if "bidding" not in ids or "trump" not in scenario.replay.states:
        return None
    i = ids.index("bidding")
    return ids[i + 1] if i + 1 < len(ids) else None


def holding(profile: Profile, hand: int, suit: int) -> Holding:
    """What ``hand`` (a mask) holds with ``suit`` as trump: its trumps, high to low, and its
    point cards ((name, code, value), in the profile's point order)."""
    trumps = tuple(CODES[c] for c in profile.trumps.order[suit] if (hand >> c) & 1)
    table = point_table(profile, suit, ALL_CARDS)
    points = tuple((name, CODES[c], v) for name, c, v, _ in table.cards if (hand >> c) & 1)
    return Holding(trumps, points)


def best_suit(holdings: Mapping[str, Holding]) -> str:
    """The suit that gives the hand most points, then most trumps (clubs first on a tie)."""
    return max(SUIT_LETTERS, key=lambda s: (holdings[s].value, len(holdings[s].trumps)))


def generated(d: YourDecision, option: str) -> bool:
    """True if the engine's facts alone show ``option`` (legal, not the right one) worse."""
    if d.kind == "trump":
        mine, right = d.holdings[option], d.holdings[d.choice]
        a = (len(mine.trumps), mine.value)
        b = (len(right.trumps), right.value)
        return a[0] <= b[0] and a[1] <= b[1] and a != b
    if option == "pass":
        return False
    scripted = 0 if d.choice == "pass" else int(d.choice)
    held = d.holdings[best_suit(d.holdings)].value
    return int(option) > scripted and int(option) > held


def read_decision(
    w: Where, path: tuple[Key, ...], value: Any, at: str, scenario: Scenario
) -> YourDecision:
    """The ``your_move`` of a call (``at: bidding``) or of naming trump (the moment after)."""
    m = _keys(w, path, value, ("seat",), ("prompt", "feedback", "kind", "also_right"))
    rep = scenario.replay
    report = rep.report
    assert isinstance(report, HandReport)
    profile = get_profile(rep.profile)
    seat = m["seat"]
    if not isinstance(seat, str) or seat.upper() not in SEAT_LETTERS:
        raise w.error((*path, "seat"), f"expected a seat A, B, C or D, not {seat!r}")
    seat = seat.upper()
    kind: DecisionKind = "call" if at == "bidding" else "trump"
    if "kind" in m:
        wanted = {"bidding": ("call",)}.get(at, ("trump", "dealer-keeps"))
        if m["kind"] not in wanted:
            raise w.error(
                (*path, "kind"),
                f"at {at} a your_move is {' or '.join(wanted)}, not {m['kind']!r}",
            )
        if m["kind"] == "dealer-keeps":
            return read_keep(w, path, m, at, scenario, seat)
    called: dict[str, str] = {}
    if kind == "call":
        state = rep.states.get(f"call:{seat}")
        if state is None:
            raise w.error((*path, "seat"), f"{seat} makes no call in this scenario")
        calls = [(c.seat.letter, "pass" if c.bid is None else str(c.bid)) for c in report.calls]
        mine = next(i for i, (s, _) in enumerate(calls) if s == seat)
        choice = calls[mine][1]
        called = dict(calls[:mine])
        options = ("pass", *(str(b) for b in range(profile.bid_min, profile.bid_max + 1)))
        actions: dict[str, Action] = {o: call_of(None if o == "pass" else int(o)) for o in options}
    else:
        state = rep.states["trump"]
        bidder = report.bidder
        assert bidder is not None and report.trump is not None
        if seat != bidder.letter:
            raise w.error(
                (*path, "seat"),
                f"{bidder.letter} won the bidding and names trump, not {seat}: "
                "the learner's seat must be the one to name it (or write "
                "`kind: dealer-keeps` for the dealer's keep from the rest of the stock)",
            )
        choice = report.trump.letter
        options = tuple(SUIT_LETTERS)
        actions = {o: NameTrump(SUIT_LETTERS.index(o)) for o in options}
    seat_i = SEAT_LETTERS.index(seat)
    hand_mask = state.hands[seat_i]
    legal: list[str] = []
    illegal: dict[str, dict[str, str]] = {}
    for o in options:
        err = why_illegal(state, actions[o], seat_i)
        if err is None:
            legal.append(o)
        else:
            illegal[o] = {k: str(v) for k, v in err.facts().items()}
    if choice not in legal:  # pragma: no cover - the replay made it, so it is legal
        raise w.error((*path, "seat"), f"the engine says {choice} is not legal here")
    holdings = {s: holding(profile, hand_mask, i) for i, s in enumerate(SUIT_LETTERS)}
    hand = tuple(codes(bits(hand_mask)))
    prompt = _text(w, (*path, "prompt"), m["prompt"]) if "prompt" in m else None
    feedback = _option_texts(
        w,
        path,
        m,
        "feedback",
        kind,
        lambda o, key: (
            None
            if o in legal and o != choice
            else f"feedback is for a legal option other than {choice}; {key} is "
            + ("the right one" if o == choice else "not a legal option here")
        ),
    )
    also_right = _option_texts(
        w,
        path,
        m,
        "also_right",
        kind,
        lambda o, key: (
            None
            if o in legal and o != choice and o not in feedback
            else f"also_right is for a legal option other than {choice} with no feedback; "
            + (
                f"{key} is the scenario's own choice"
                if o == choice
                else f"{key} has feedback (it cannot be wrong and right)"
                if o in feedback
                else f"{key} is not a legal option here"
            )
        ),
    )
    d = YourDecision(
        at,
        seat,
        kind,
        choice,
        tuple(options),
        tuple(legal),
        illegal,
        hand,
        prompt,
        feedback,
        holdings,
        called,
        also_right=also_right,
    )
    for o in legal:
        if not d.is_right(o) and o not in feedback and not generated(d, o):
            what = (
                f"trump {o} gives this hand as many trumps or points as {choice}"
                if kind == "trump"
                else f"the call {o} is not a bid above both {choice} and the points the hand holds"
            )
            raise w.error(
                (*path, "feedback"),
                f"the engine cannot tell why {o} is worse than {choice} ({what}): "
                f"write feedback for {o}",
            )
    return d


def _option_texts(
    w: Where,
    path: tuple[Key, ...],
    m: Mapping[str, Any],
    name: str,
    kind: DecisionKind,
    refused: Callable[[str, Any], str | None],
) -> dict[str, Text]:
    """``m[name]``, a mapping option → text (``feedback``, ``also_right``), read with each
    option in the core's notation; ``refused(option, key)`` says why an option may not have
    one (None: it may)."""
    out: dict[str, Text] = {}
    if name not in m:
        return out
    raw = m[name]
    if not isinstance(raw, Mapping):
        raise w.error((*path, name), "expected a mapping option → text")
    for key, text in raw.items():
        o = _option(str(key), kind)
        why = refused(o, key)
        if why is not None:
            raise w.error((*path, name, key), why)
        out[o] = _text(w, (*path, name, key), text)
    return out


def _option(key: str, kind: DecisionKind) -> str:
    if kind == "trump":
        return key.strip().upper()
    k = key.strip().lower()
    return k if k == "pass" else str(int(k)) if k.isdigit() else k


__all__ = ["best_suit", "generated", "holding", "is_decision_moment", "read_decision"]

""" "Your move" for the dealer's keep, worked out by the engine when a lesson loads.

In the refill of the 62-point game every player keeps all their trumps and nothing else; the
one choice is the dealer's: the dealer takes the rest of the stock, keeps every trump in it
and chooses which of its non-trumps to keep to reach 6 (RULES.md, section 04). A narration
item at the moment after the bidding (``refill``) hands that choice to the learner::

    narration:
      - at: refill
        your_move:
          seat: D                  # the dealer
          kind: dealer-keeps
          prompt: {es: …, …}       # optional (default "You are D: choose what to keep.")
          feedback:                # why each other keep is worse (the engine cannot tell)
            9H: {es: …, pt: …, fr: …, en: …}
            KH TD: {…}             # when the dealer keeps more than one card
        text: {…}                  # shown once the learner has chosen

The options are the engine's (``legal_actions`` of the state where the refill waits for the
dealer's keep: every choice of ``need`` cards among the non-trumps of the rest of the stock),
the right one is what the scenario keeps (its ``dealer_keeps:``, or the first in stock
order). A non-trump scores nothing in this game, so the engine has no fact that shows one
keep worse than another: every other option needs written feedback, and the loader says which.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tutorial.engine.actions import DealerKeep, Keep, NameTrump, Reshuffle
from tutorial.engine.cards import CODES, bits, codes, mask_of, parse_index
from tutorial.engine.errors import InvalidInput
from tutorial.engine.profiles import get_profile
from tutorial.engine.seats import SEAT_LETTERS
from tutorial.engine.statefields import DEALER_KEEPS, KEEP, RESHUFFLE, Phase
from tutorial.lessons.model import Scenario, Text, YourDecision
from tutorial.lessons.readers import _text
from tutorial.scenario.results import HandReport
from tutorial.yamldoc import Key, Where


def keep_state(scenario: Scenario) -> Any | None:
    """The core's state when the refill waits for the dealer's keep, rebuilt from the replay
    (the state before trump, trump named, then the scenario's keeps and reshuffle); None if
    the refill never asks the dealer (no refill, or the stock ran out before the dealer)."""
    rep = scenario.replay
    report = rep.report
    state = rep.states.get("trump")
    if state is None or not isinstance(report, HandReport) or report.trump is None:
        return None
    if report.refill is None or report.hands_after_refill is None:
        return None
    s = state.copy()
    s.apply(NameTrump(int(report.trump)))
    while s.phase is Phase.REFILL:
        if s.pending == DEALER_KEEPS:
            return s
        if s.pending == KEEP:
            seat = s.to_act
            gone = {c.index for c in report.refill.discards[seat]}
            plain = s.hands[seat] & ~s.trump_mask
            s.apply(Keep(tuple(c for c in bits(plain) if c not in gone)))
        elif s.pending == RESHUFFLE:
            assert report.refill.reshuffled is not None
            s.apply(Reshuffle(tuple(c.index for c in report.refill.reshuffled)))
        else:  # pragma: no cover - a refill that asks for nothing else
            return None
    return None


def option_id(cards: tuple[int, ...], order: tuple[int, ...]) -> str:
    """``JD`` / ``KH TD 8D``: the cards in the order of the rest of the stock."""
    return " ".join(CODES[c] for c in sorted(cards, key=order.index))


def read_keep(
    w: Where, path: tuple[Key, ...], m: Mapping[str, Any], at: str, scenario: Scenario, seat: str
) -> YourDecision:
    """The ``your_move`` of the dealer's keep (``kind: dealer-keeps``), checked."""
    rep = scenario.replay
    report = rep.report
    assert isinstance(report, HandReport) and report.trump is not None
    state = keep_state(scenario)
    if state is None:
        raise w.error(
            (*path, "kind"),
            "the refill of this scenario never asks the dealer what to keep (no refill, or "
            "the stock ran out before the dealer's turn)",
        )
    dealer = SEAT_LETTERS[state.dealer]
    if seat != dealer:
        raise w.error(
            (*path, "seat"),
            f"{dealer} deals and chooses what to keep, not {seat}: "
            "the learner's seat must be the dealer",
        )
    plain, need = state.pending_info
    order = tuple(plain)
    options = tuple(option_id(a.cards, order) for a in state.legal_actions())
    if len(options) < 2:
        raise w.error(
            (*path, "kind"),
            f"{dealer} has no choice to make here ({len(options)} way to keep): "
            "choose another moment",
        )
    assert report.refill is not None and report.hands_after_refill is not None
    final = {c.index for c in report.hands_after_refill[state.dealer]}
    choice = option_id(tuple(c for c in order if c in final), order)
    assert choice in options  # the replay kept these
    examined = tuple(c.index for c in report.refill.dealer_examined)
    trumps = state.hands[state.dealer] & state.trump_mask
    for c in examined:
        if (state.trump_mask >> c) & 1:
            trumps |= 1 << c
    table: dict[str, tuple[str, ...]] = {}
    order_of_trumps = get_profile(rep.profile).trumps.order[int(report.trump)]
    for i, letter in enumerate(SEAT_LETTERS):
        if i == state.dealer:  # its trumps, high to low, as a player holds them
            table[letter] = tuple(CODES[c] for c in order_of_trumps if (trumps >> c) & 1)
            continue
        mask = mask_of(c.index for c in report.hands_after_refill[i])
        table[letter] = tuple(codes(bits(mask)))
    prompt = _text(w, (*path, "prompt"), m["prompt"]) if "prompt" in m else None
    feedback: dict[str, Text] = {}
    raw = m.get("feedback", {})
    if not isinstance(raw, Mapping):
        raise w.error((*path, "feedback"), "expected a mapping option → text")
    for key, text in raw.items():
        try:
            cards = tuple(parse_index(x) for x in str(key).replace(",", " ").split())
        except InvalidInput:
            raise w.error((*path, "feedback", key), f"not a card or cards: {key!r}") from None
        o = option_id(cards, order) if set(cards) <= set(order) else str(key)
        if o not in options or o == choice:
            raise w.error(
                (*path, "feedback", key),
                f"feedback is for a keep other than {choice} (one of: {', '.join(options)}); "
                + (f"{key} is the right one" if o == choice else f"{dealer} cannot keep {key}"),
            )
        feedback[o] = _text(w, (*path, "feedback", key), text)
    for o in options:
        if o != choice and o not in feedback:
            raise w.error(
                (*path, "feedback"),
                f"the engine cannot tell why keeping {o} is worse than {choice} (a non-trump "
                f"scores nothing): write feedback for {o}",
            )
    return YourDecision(
        at,
        seat,
        "keep",
        choice,
        options,
        options,
        {},
        table[dealer],
        prompt,
        feedback,
        {},
        {},
        tuple(CODES[c] for c in examined),
        int(need),
        report.trump.letter,
        table,
    )


def keep_action(option: str) -> DealerKeep:
    """The engine's action for an option id."""
    return DealerKeep(tuple(parse_index(c) for c in option.split()))


__all__ = ["keep_action", "keep_state", "option_id", "read_keep"]

"""A core state as a ``hand`` scenario (plain data for YAML): the inverse of
:func:`tutorial.cli.coach.state_of`, so a hand played at the practice table can be saved
and reviewed with ``cinch review``."""

from __future__ import annotations

from tutorial.engine.actions import Call, DealerKeep, Keep, NameTrump, PlayCard, Reshuffle
from tutorial.engine.cards import CODES, bits, codes
from tutorial.engine.seats import SEAT_LETTERS, SUIT_LETTERS
from tutorial.engine.state import State
from tutorial.jsonvalue import JsonObject


def scenario_of(state: State) -> JsonObject:
    """The scenario that replays ``state``'s history from its deal."""
    bids: list[int | str] = []
    out: JsonObject = {
        "kind": "hand",
        "profile": state.profile.name,
        "dealer": SEAT_LETTERS[state.dealer],
        "deal": {SEAT_LETTERS[s]: codes(bits(state.dealt[s])) for s in range(4)},
        "stock": [CODES[c] for c in state.stock],
        "bids": bids,
    }
    keep: dict[str, list[str]] = {}
    tricks: list[list[str | list[str]]] = []
    replay = state.restart()
    for action, _saved in state.history:
        seat = replay.to_act
        if isinstance(action, Call):
            bids.append("pass" if action.value is None else action.value)
        elif isinstance(action, NameTrump):
            out["trump"] = SUIT_LETTERS[action.suit]
        elif isinstance(action, Keep):
            if action.cards:
                keep[SEAT_LETTERS[seat]] = [CODES[c] for c in action.cards]
        elif isinstance(action, DealerKeep):
            out["dealer_keeps"] = [CODES[c] for c in action.cards]
        elif isinstance(action, Reshuffle):
            out["reshuffle"] = [CODES[c] for c in action.order]
        elif isinstance(action, PlayCard):
            if not replay.trick_plays:
                tricks.append([])
            item = CODES[action.card]
            tricks[-1].append(
                [item, *(CODES[c] for c in action.beneath)] if action.beneath else item
            )
        replay.apply(action)
    if keep:
        out["keep"] = keep
    if tricks:
        out["plays"] = tricks
    return out

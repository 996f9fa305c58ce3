"""Pricing the refill's keep decisions (the classic discard's ``keep``, the dealer's keep).

At a keep decision the seat's worlds are sampled as for a card
(:func:`~tutorial.engine.worlds.sample_world` on its observation: the hidden hands and the
rest of the stock). Each option is applied in each world and the hand is **played out by the
bots** from there (:func:`tutorial.coach.playout.play_out`: the rest of the refill, the
reshuffle drawn from a stream shared by every option of a world, and the six tricks, every
seat a ``rules`` bot seeing only its own cards, the reviewed seat included). An option's
value is the seat's side's points of the hand averaged over the worlds. The solver is not
used: the rest of the refill is still hidden, so each option would need an opening solve
per world (hundreds of ms each), and a keep has up to dozens of options.

Options: all of them when there are at most :data:`MAX_OPTIONS`; otherwise the one taken,
the ``rules`` bot's, keeping nothing (a classic keep) and others drawn at random (seeded),
:data:`MAX_OPTIONS` in all — the best is then the best of those.
"""

from __future__ import annotations

import random

from tutorial.bots import decide
from tutorial.coach.playout import play_out, points
from tutorial.engine.actions import Action, DealerKeep, Keep
from tutorial.engine.observe import observe
from tutorial.engine.state import State
from tutorial.engine.worlds import sample_world

MAX_OPTIONS = 16
"""The most keep options priced at one decision."""


def candidates(before: State, action: Action, bot: str, rng: random.Random) -> list[Action]:
    """The options priced at the keep decision ``before`` (``action`` the one taken)."""
    legal = before.legal_actions()
    if len(legal) <= MAX_OPTIONS:
        return legal
    chosen: list[Action] = [action]
    for extra in (decide(bot, observe(before, before.to_act), 0), Keep(())):
        if extra in legal and extra not in chosen:
            chosen.append(extra)
    rest = [a for a in legal if a not in chosen]
    chosen.extend(rng.sample(rest, MAX_OPTIONS - len(chosen)))
    return chosen


def _value(world: State, option: Action, seat: int, bot: str, stream: str) -> int:
    trial = world.copy()
    trial.apply(option)
    return points(play_out(trial, bot, random.Random(stream)), seat)[0]


def keep_values(
    before: State, action: Keep | DealerKeep, samples: int, rng: random.Random, bot: str
) -> tuple[dict[Action, float], dict[Action, int]]:
    """(each option → its mean value over ``samples`` sampled worlds, each option → its
    value on the actual deal), values in the side's points of the hand."""
    seat = before.to_act
    options = candidates(before, action, bot, rng)
    obs = observe(before, seat)
    worlds = [sample_world(obs, rng) for _ in range(samples)]
    base = rng.getrandbits(32)
    expected = {
        o: sum(_value(w, o, seat, bot, f"{base}:{i}") for i, w in enumerate(worlds)) / samples
        for o in options
    }
    actual = {o: _value(before, o, seat, bot, f"{base}:actual") for o in options}
    return expected, actual

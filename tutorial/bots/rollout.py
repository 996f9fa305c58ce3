"""Fast playouts by ``rules`` players inside a sampled world (for the expert's simulations).

Each seat decides as the ``rules`` bot does, from what that seat could see; in the play
phase its knowledge is read straight from the world's state instead of through an
observation, which makes a playout several times faster. A test pins the two to the same
decisions.
"""

from __future__ import annotations

import random

from tutorial.bots.knowledge import Knowledge
from tutorial.bots.rules import choose_play, decide_rules, keep_for
from tutorial.engine.actions import Action, Keep, PlayCard
from tutorial.engine.observe import observe
from tutorial.engine.state import KEEP, Phase, State

_NO_RNG = random.Random(0)  # the rules bot draws nothing


def rules_action(state: State) -> Action:
    """What the ``rules`` bot of the seat to act does in ``state``."""
    if state.phase is Phase.PLAY:
        plays = state.legal_actions()
        if len(plays) == 1:
            return plays[0]
        return choose_play(Knowledge.of_state(state), [a for a in plays if type(a) is PlayCard])
    obs = observe(state, state.to_act)
    if state.phase is Phase.REFILL and state.pending == KEEP:
        # the rules bot's keep without listing every legal keep (a classic hand has hundreds)
        return Keep(keep_for(state.profile, obs))
    return decide_rules(obs, _NO_RNG)


def playout(state: State, rng: random.Random) -> State:
    """Play ``state`` to its end with ``rules`` players (chance drawn from ``rng``)."""
    while not state.is_terminal():
        if state.is_chance():
            state.apply(state.chance_outcome(rng))
        else:
            state.apply(rules_action(state))
    return state

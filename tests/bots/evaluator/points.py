"""Decision points of every kind (call, trump, keep, dealer's keep, card, pile) from random
hands played by ``rules`` bots, for the evaluator's tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

from tutorial.bots.evaluator import kind_of
from tutorial.bots.rollout import rules_action
from tutorial.bots.view import legal_actions
from tutorial.engine.observe import observe
from tutorial.engine.profiles import get_profile
from tutorial.engine.state import State


def hands(profile: str, seed: int, score: tuple[int, int] = (0, 0)) -> Iterator[State]:
    """Random hands of ``profile`` played out by ``rules`` bots: each decision with a choice
    is yielded (a copy) before the bot acts."""
    rng = random.Random(seed)
    p = get_profile(profile)
    while True:
        st = State.random_deal(p, rng.randrange(4), rng, score=score)
        while not st.is_terminal():
            if st.is_chance():
                st.apply(st.chance_outcome(rng))
                continue
            if len(st.legal_actions()) > 1:
                yield st.copy()
            st.apply(rules_action(st))


def by_kind(
    profile: str, seed: int, per_kind: int, kinds: tuple[str, ...], limit: int = 4000
) -> dict[str, list[State]]:
    """Up to ``per_kind`` decision points of each of ``kinds`` (searching at most ``limit``
    decision points)."""
    out: dict[str, list[State]] = {k: [] for k in kinds}
    for i, st in enumerate(hands(profile, seed)):
        obs = observe(st, st.to_act)
        k = kind_of(obs, legal_actions(obs))
        if k in out and len(out[k]) < per_kind:
            out[k].append(st)
        if all(len(v) >= per_kind for v in out.values()) or i >= limit:
            return out
    raise AssertionError("unreachable")

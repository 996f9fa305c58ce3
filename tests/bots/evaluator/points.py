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


def piles(profile: str, seed: int, score: tuple[int, int] = (0, 0)) -> Iterator[State]:
    """First-trick pile decision points (a hand of more than six cards on the first trick),
    rare in random deals (classic-51: about 1 in 3,000 decision points): deals in which one
    seat is dealt seven cards of one suit and two others at random, the rest shuffled, played
    by ``rules`` bots; each pile decision is yielded (a copy) before the bot acts. Hands in
    which nobody piles (another suit named trump, or all pass) yield nothing."""
    rng = random.Random(seed)
    p = get_profile(profile)
    while True:
        seat, suit = rng.randrange(4), rng.randrange(4)
        long = rng.sample(range(suit * 13, suit * 13 + 13), 7)
        rest = [c for c in range(52) if c not in long]
        rng.shuffle(rest)
        mine, rest = long + rest[:2], rest[2:]
        hands = []
        for s in range(4):
            if s == seat:
                hands.append(sum(1 << c for c in mine))
            else:
                hands.append(sum(1 << c for c in rest[:9]))
                rest = rest[9:]
        st = State(p, rng.randrange(4), hands, rest, score=score)
        while not st.is_terminal():
            if st.is_chance():
                st.apply(st.chance_outcome(rng))
                continue
            if st.phase.value == "play" and len(st.tricks) > 0:
                break
            obs = observe(st, st.to_act)
            legal = legal_actions(obs)
            if len(legal) > 1 and kind_of(obs, legal) == "pile":
                yield st.copy()
            st.apply(rules_action(st))

"""A bot decision's random stream: a function of the bot, the seed and the observation only
(so a match may pass one seed for every decision, and the evaluator asked with the same seed
sees the expert's worlds)."""

from __future__ import annotations

import hashlib
import random

from tutorial.engine.observe import Observation
from tutorial.engine.scoring import FRESH_GAME

_FRESH_REPR = f", score={FRESH_GAME!r})"


def rng_for(bot: str, obs: Observation, seed: int) -> random.Random:
    """The bot's random stream for one decision: a function of the bot, the seed and the
    observation only (so a match may pass one seed for every decision)."""
    text = repr(obs)
    if obs.score == FRESH_GAME:  # a new game: the streams of the bots before the score
        text = text.removesuffix(_FRESH_REPR) + ")"  # was observed (pinned outputs hold)
    digest = hashlib.blake2b(f"{bot}|{seed}|{text}".encode(), digest_size=16).digest()
    return random.Random(int.from_bytes(digest, "big"))

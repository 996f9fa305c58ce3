"""A ``hand`` scenario as written, read once by field (:meth:`HandSetup.from_json`): the
deal, the calls, trump, the refill and the plays, in card indices. What works on the hand
where a scenario stops — ``cinch decide``, ``review`` and ``advise``, a lesson's
``solver_check``, the dealer a lesson's text names — reads these fields, not the mapping.
:func:`tutorial.scenario.replay.replay` checks the scenario first (every call, the refill
and every play legal), so :meth:`HandSetup.hand` trusts them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tutorial.engine.hand import Hand, Phase
from tutorial.engine.profiles import DEFAULT_PROFILE, get_profile
from tutorial.engine.seats import SEAT_LETTERS
from tutorial.scenario import fields as F
from tutorial.scenario.common import top_and_pile
from tutorial.yamldoc import Where

Cards = tuple[int, ...]
Play = tuple[int, Cards]
"""A play as written: its card (the pile's top) and the cards beneath it."""


@dataclass(frozen=True, slots=True)
class HandSetup:
    profile: str
    dealer: int
    deal: tuple[Cards, Cards, Cards, Cards]
    """Each seat's cards as dealt, by seat."""
    stock: Cards
    score: tuple[int, int]
    """The game score before the hand (AC, BD): ``score:``, or a new game's 0–0."""
    bids: tuple[int | None, ...]
    """The calls in order (None: a pass)."""
    trump: int | None
    keep: Mapping[int, Cards] | None
    dealer_keeps: Cards | None
    reshuffle: Cards | None
    plays: tuple[tuple[Play, ...], ...]
    """The tricks, each its plays in order."""

    @classmethod
    def from_json(cls, m: Mapping[str, Any], where: Where) -> HandSetup:
        """The fields of a ``hand`` scenario mapping; a located error for a field that does
        not read (the replay reports the rest: who may call, play, keep what)."""
        profile = str(m.get("profile", DEFAULT_PROFILE))
        deal = m["deal"]
        dealt = [F.cards(where, ("deal", s), deal[s]) for s in SEAT_LETTERS]

        def maybe(key: str) -> Cards | None:
            return tuple(F.cards(where, (key,), m[key])) if key in m else None

        return cls(
            profile,
            F.seat(where, ("dealer",), m.get("dealer")),
            (tuple(dealt[0]), tuple(dealt[1]), tuple(dealt[2]), tuple(dealt[3])),
            tuple(F.cards(where, ("stock",), m.get("stock"))),
            F.game_score(where, m, get_profile(profile)),
            tuple(F.call(where, ("bids", i), c) for i, c in enumerate(m.get("bids") or [])),
            F.suit(where, ("trump",), m["trump"]) if "trump" in m else None,
            {
                SEAT_LETTERS.index(k): tuple(F.cards(where, ("keep", k), v))
                for k, v in m["keep"].items()
            }
            if "keep" in m
            else None,
            maybe("dealer_keeps"),
            maybe("reshuffle"),
            tuple(
                tuple(
                    top_and_pile(where, ("plays", ti, k), item, {}) for k, item in enumerate(trick)
                )
                for ti, trick in enumerate(m.get("plays") or [])
            ),
        )

    @property
    def dealer_letter(self) -> str:
        return SEAT_LETTERS[self.dealer]

    def hand(self, before: tuple[int, int] | None = None) -> Hand:
        """The engine's hand where the scenario stops, with its whole history; or just
        before card ``k`` of trick ``n`` when ``before`` is ``(n, k)`` (both from 1)."""
        profile = get_profile(self.profile)
        dealt = {s: list(self.deal[s]) for s in range(4)}
        hand = Hand.from_deal(profile, self.dealer, dealt, list(self.stock), score=self.score)
        for value in self.bids:
            hand.bid(hand.to_act, value)
        if hand.phase is not Phase.TRUMP or self.trump is None:
            return hand
        hand.name_trump(hand.to_act, self.trump)
        if hand.state.phase is Phase.REFILL:
            hand.refill(
                keep=dict(self.keep) if self.keep is not None else None,
                dealer_keeps=self.dealer_keeps,
                reshuffle=self.reshuffle,
            )
        for n, trick in enumerate(self.plays, 1):
            for k, (top, pile) in enumerate(trick, 1):
                if before == (n, k):
                    return hand
                hand.play(hand.to_act, top, pile)
        return hand

"""What a seat can work out from its observation: point values, unseen trumps, voids.

Shared by the ``rules`` bot's heuristics (and the expert's fallbacks); only the observation
is read.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from tutorial.bots.view import TrickView, tricks_of
from tutorial.engine.cards import FULL_DECK, iter_bits
from tutorial.engine.observe import Observation
from tutorial.engine.points import point_table
from tutorial.engine.profiles import Profile, get_profile
from tutorial.engine.state import State


def capture_values(p: Profile, trump: int, out_of_play: int = 0) -> list[int]:
    """Points each card carries to its captor under ``trump`` (Low as the lowest trump not
    known to be out of play, where Low varies)."""
    table = point_table(p, trump, FULL_DECK & ~out_of_play)
    values = [0] * 52
    for card, v in table.capture_value.items():
        values[card] = v
    return values


@lru_cache(maxsize=4096)
def _capture_tuple(p: Profile, trump: int, out_of_play: int) -> tuple[int, ...]:
    return tuple(capture_values(p, trump, out_of_play))


def _capture_cached(p: Profile, trump: int, out_of_play: int) -> tuple[int, ...]:
    return _capture_tuple(p, trump, out_of_play & p.trumps.mask[trump])


def held_values(p: Profile, trump: int, out_of_play: int = 0) -> list[int]:
    """Points each card scores to the side holding it (Low in ``pagat-62``)."""
    table = point_table(p, trump, FULL_DECK & ~out_of_play)
    values = [0] * 52
    for _name, card, v, held in table.cards:
        if held:
            values[card] += v
    return values


@dataclass(frozen=True, slots=True)
class Knowledge:
    """The play phase as one seat sees it."""

    profile: Profile
    seat: int
    trump: int
    tm: int
    """Trump mask."""
    hand: int
    played: int
    """Every card played so far (piles included)."""
    unseen_trumps: int
    """Trumps neither in the seat's hand nor played: held by others (or out of play)."""
    pts: tuple[int, ...]
    """Capture value per card."""
    strength: tuple[int, ...]
    """Trump strength per card (100 and up; -1 for a non-trump)."""
    view: TrickView
    voids: list[set[int]]
    """Effective suits each seat has shown it lacks."""
    to_come: tuple[int, ...]
    """Seats still to play to the current trick after this one."""

    @classmethod
    def of(cls, obs: Observation) -> Knowledge:
        p = get_profile(obs.profile)
        trump = obs.trump
        tm = p.trumps.mask[trump]
        view = tricks_of(obs, p)
        played = 0
        for pl in obs.plays:
            played |= 1 << pl.card
            for c in pl.beneath:
                played |= 1 << c
        out = obs.discarded & ~obs.hand if not p.all_points_in_play else 0
        eff = p.trumps.effective[trump]
        voids: list[set[int]] = [set(), set(), set(), set()]
        for trick in (*view.done, view.current):
            if not trick:
                continue
            led = eff[trick[0].card]
            for q in trick[1:]:
                e = eff[q.card]
                if e != led and (led == trump or e != trump):
                    voids[q.seat].add(led)
        before = list(obs.hand_sizes)  # hand sizes when the current trick began
        for q in view.current:
            before[q.seat] += 1 + len(q.beneath)
        leader = view.current[0].seat if view.current else obs.seat
        seats = [x for x in ((leader + i) & 3 for i in range(4)) if before[x] > 0]
        after = seats[seats.index(obs.seat) + 1 :] if obs.seat in seats else []
        return cls(
            p,
            obs.seat,
            trump,
            tm,
            obs.hand,
            played,
            tm & ~obs.hand & ~played,
            _capture_cached(p, trump, out),
            p.trumps.strength[trump],
            view,
            voids,
            tuple(after),
        )

    @classmethod
    def of_state(cls, state: State) -> Knowledge:
        """The same knowledge, for the seat to play, read straight from a state (fast, for
        playouts in a sampled world): only what that seat could see is used."""
        p = state.profile
        trump = state.trump
        seat = state.to_act
        tm = state.trump_mask
        played = state.trick_mask
        eff = p.trumps.effective[trump]
        voids: list[set[int]] = [set(), set(), set(), set()]
        for plays in (*(tr.plays for tr in state.tricks), state.trick_plays):
            if not plays:
                continue
            led = eff[plays[0].card]
            for q in plays[1:]:
                e = eff[q.card]
                if e != led and (led == trump or e != trump):
                    voids[q.seat].add(led)
        for tr in state.tricks:
            played |= tr.mask
        current = tuple(state.trick_plays)
        view = TrickView(
            tuple(tr.plays for tr in state.tricks),
            tuple(tr.winner for tr in state.tricks),
            current,
            state.led if current else -1,
            state.best_seat if current else -1,
            state.best_card if current else -1,
            state.best_key if current else -2,
        )
        out = 0
        if not p.all_points_in_play and state.refill_log is not None:
            out = state.refill_log.discard_masks[seat]
        hand = state.hands[seat]
        return cls(
            p,
            seat,
            trump,
            tm,
            hand,
            played,
            tm & ~hand & ~played,
            _capture_cached(p, trump, out),
            p.trumps.strength[trump],
            view,
            voids,
            tuple(state.trick_seats[len(current) + 1 :]),
        )

    def is_trump(self, card: int) -> bool:
        return bool((self.tm >> card) & 1)

    def higher_unseen(self, card: int) -> int:
        """Unseen trumps that beat trump ``card``."""
        s = self.strength[card]
        return sum(1 for c in iter_bits(self.unseen_trumps) if self.strength[c] > s)

    def is_boss(self, card: int) -> bool:
        """A trump no unseen trump beats."""
        return self.is_trump(card) and self.higher_unseen(card) == 0

    def opponents_may_trump(self) -> bool:
        """Might an opponent still hold a trump?"""
        if not self.unseen_trumps:
            return False
        return any(
            self.trump not in self.voids[x] for x in ((self.seat + 1) & 3, (self.seat + 3) & 3)
        )

    def trick_points(self) -> int:
        return sum(
            self.pts[q.card] + sum(self.pts[c] for c in q.beneath) for q in self.view.current
        )

"""The discard and refill, as part of :class:`~tutorial.engine.state.State`, broken into its
decisions: each seat's keep (profiles that let players keep non-trumps), the dealer's keep
from the rest of the stock, and the chance reshuffle when the stock runs out; everything else
follows from the profile's refill function."""

from __future__ import annotations

from collections.abc import Sequence

from tutorial.engine.refill import RefillLog
from tutorial.engine.statefields import CHANCE, DEALER_KEEPS, KEEP, RESHUFFLE, Phase
from tutorial.engine.stateplay import PlayRules


class _Ask(Exception):
    """Raised inside the profile's refill function when a decision is needed."""

    def __init__(self, kind: str, info: tuple[object, ...]) -> None:
        self.kind = kind
        self.info = info


class RefillRules(PlayRules):
    """The refill (mixed into :class:`~tutorial.engine.state.State`)."""

    __slots__ = ()

    def _keep(self, cards: tuple[int, ...]) -> None:
        seat = self.to_act
        m = 0
        for c in cards:
            m |= 1 << c
        self.keeps[seat] = m & ~self.trump_mask & self.hands[seat]
        if seat == self.dealer:
            self._run_refill()
        else:
            self.to_act = (seat + 1) & 3

    def _reshuffler(self, cards: list[int]) -> list[int]:
        if self.reshuffle_order is None:
            raise _Ask(RESHUFFLE, (tuple(cards),))
        return list(self.reshuffle_order)

    def _dealer_chooser(self, plain: list[int], count: int) -> Sequence[int]:
        if self.dealer_choice is None:
            raise _Ask(DEALER_KEEPS, (tuple(plain), count))
        return self.dealer_choice

    def _refill_into(self, log: RefillLog) -> list[int]:
        """Run the profile's refill from the hands after the discard (trumps and keeps) and
        the decisions taken so far, writing into ``log``; returns the hands it filled.
        Raises :class:`_Ask` at the next decision."""
        tm = self.trump_mask
        hands = [(h & tm) | (self.keeps[s] or 0) for s, h in enumerate(self.hands)]
        log.discard_masks = [h & ~hands[s] for s, h in enumerate(self.hands)]
        self.profile.refill(
            tm, self.dealer, hands, self.stock, log, self._reshuffler, self._dealer_chooser
        )
        return hands

    def refill_so_far(self) -> RefillLog | None:
        """What the refill has done so far: the finished refill's log, or, while a decision
        (the dealer's keep, a reshuffle) is awaited, the log of the cards dealt up to it
        (None before the refill starts). The state is not changed."""
        if self.refill_log is not None:
            return self.refill_log
        if self.phase is not Phase.REFILL or self.pending in (None, KEEP):
            return None
        log = RefillLog(discard_masks=[])
        try:
            self._refill_into(log)
        except _Ask:
            return log
        return log  # pragma: no cover - a pending decision always asks again

    def _run_refill(self) -> None:
        """Run the profile's refill with the decisions taken so far; stop at the next one."""
        log = RefillLog(discard_masks=[])
        try:
            hands = self._refill_into(log)
        except _Ask as ask:
            self.pending = ask.kind
            self.pending_info = ask.info
            self.to_act = CHANCE if ask.kind == RESHUFFLE else self.dealer
            return
        self.hands = hands
        self.refill_log = log
        self._start_play()

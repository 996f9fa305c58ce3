"""The play of the tricks, as part of :class:`~tutorial.engine.state.State`: what the player
to act may play (first-trick piles included), the start of each trick, and a card played to
it (section 05 of the rules; the trusting hot path, on bit masks)."""

from __future__ import annotations

from tutorial.engine.points import point_table
from tutorial.engine.statefields import Phase, Play, StateFields, Trick

BIT = tuple(1 << i for i in range(52))
new_play = tuple.__new__  # Play(seat, card, beneath) without the Python-level __new__


class PlayRules(StateFields):
    """The play of the hand (mixed into :class:`~tutorial.engine.state.State`)."""

    __slots__ = ()

    def pile_size(self, seat: int | None = None) -> int:
        """How many cards must go beneath the top card for ``seat`` (default: the player to
        act) on this trick: on the first trick, the cards beyond the profile's hand size."""
        if self.phase is not Phase.PLAY or self.tricks:
            return 0
        s = self.to_act if seat is None else seat
        return max(0, self.hands[s].bit_count() - self.profile.hand_size)

    def pile_strict(self, hand: int, k: int) -> bool:
        """True if the hand has enough non-scoring cards to put ``k`` beneath (always in the
        14-point tables); otherwise scoring cards may fill the rest of the pile."""
        return (hand & ~self.beneath_forbidden).bit_count() >= k

    def legal_play_mask(self) -> int:
        """Mask of the cards the player to act may play (as the top card of a pile)."""
        if self.phase is not Phase.PLAY:
            return 0
        h = self.hands[self.to_act]
        led = self.led
        if led < 0:
            m = h
        elif led == self.trump:
            m = h & self.trump_mask or h
        else:
            f = h & self.plain_masks[led]
            m = (f | (h & self.trump_mask)) if f else h
        if not self.tricks:
            k = h.bit_count() - self.profile.hand_size
            if k > 0 and self.pile_strict(h, k):
                free = h & ~self.beneath_forbidden
                if free.bit_count() == k:  # every non-scoring card must go beneath
                    m &= self.beneath_forbidden
        return m

    def legal_beneath_mask(self, card: int) -> int:
        """Cards that may go beneath ``card`` in the pile of the player to act."""
        h = self.hands[self.to_act] & ~(1 << card)
        if self.pile_strict(h, self.pile_size()):
            return h & ~self.beneath_forbidden
        return h

    def _replay_trick(self) -> None:
        self.led = -1
        self.keys = ()
        self.best_key = -2
        self.best_seat = self.trick_leader
        self.best_card = -1
        self.trick_mask = 0
        for p in self.trick_plays:
            if self.led < 0:
                self.led = self.tables.effective[self.trump][p.card]
                self.keys = self.tables.trick_key[self.trump][self.led]
            key = self.keys[p.card]
            if key > self.best_key:
                self.best_key, self.best_seat, self.best_card = key, p.seat, p.card
            self.trick_mask |= 1 << p.card
            for c in p.beneath:
                self.trick_mask |= 1 << c

    def _start_play(self) -> None:
        hands = self.hands
        self.pending = None
        self.pending_info = ()
        self.start_hands = (hands[0], hands[1], hands[2], hands[3])
        self.in_play = hands[0] | hands[1] | hands[2] | hands[3]
        table = point_table(self.profile, self.trump, self.in_play)
        self.point_cards = table.cards
        self.capture_list = table.capture_list
        self.capture_mask = table.capture_mask
        self.beneath_forbidden = table.scoring_trumps
        self.phase = Phase.PLAY
        self._start_trick(self.high_seat if self.high_seat is not None else 0)

    def _start_trick(self, leader: int) -> None:
        hands = self.hands
        while not hands[leader]:  # only in profiles where hands can be short
            leader = (leader + 1) & 3
        self.trick_leader = leader
        self.trick_seats = tuple(s for s in ((leader + i) & 3 for i in range(4)) if hands[s])
        self.trick_plays = []
        self.trick_mask = 0
        self.to_act = leader
        self.best_key = -2
        self.best_seat = leader
        self.best_card = -1
        self.led = -1
        self.keys = ()

    def _play(self, card: int, beneath: tuple[int, ...]) -> None:
        seat = self.to_act
        moved = BIT[card]
        for c in beneath:
            moved |= BIT[c]
        if self.led < 0:
            self.led = self.tables.effective[self.trump][card]
            self.keys = self.tables.trick_key[self.trump][self.led]
        key = self.keys[card]
        if key > self.best_key:
            self.best_key = key
            self.best_seat = seat
            self.best_card = card
        self.hands[seat] &= ~moved
        self.trick_mask |= moved
        plays = self.trick_plays
        plays.append(new_play(Play, (seat, card, beneath)))
        n = len(plays)
        if n < len(self.trick_seats):
            self.to_act = self.trick_seats[n]
            return
        self._end_trick()

    def _end_trick(self) -> None:
        """The last card of the trick is down: score it, start the next or end the hand."""
        plays = self.trick_plays
        tm = self.trick_mask
        pts = 0
        if tm & self.capture_mask:
            for b, v in self.capture_list:
                if tm & b:
                    pts += v
        winner = self.best_seat
        self.tricks.append(
            Trick(
                len(self.tricks) + 1,
                self.trick_leader,
                tuple(plays),
                self.led,
                winner,
                self.best_card,
                self.best_key >= 100,
                pts,
                tm,
            )
        )
        self.captured[winner & 1] |= tm
        h = self.hands
        if h[0] | h[1] | h[2] | h[3]:
            self._start_trick(winner)
        else:
            self.trick_plays = []
            self.phase = Phase.DONE

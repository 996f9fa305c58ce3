"""The state of one hand: compact, copyable, with undo. The rules core.

A :class:`State` moves through :class:`Phase` BID → TRUMP → REFILL → PLAY → DONE (BID → DONE
when a profile throws in a hand everyone passed; TRUMP → PLAY in a profile without the draw).
Whoever is to act (:attr:`State.to_act`, or :data:`CHANCE` for a reshuffle) has the
:meth:`~State.legal_actions`; :meth:`~State.apply` plays one (trusting: check first with
:func:`~tutorial.engine.core.is_legal` or ask :func:`~tutorial.engine.legality.why_illegal`),
:meth:`~State.undo` takes the last one back and :meth:`~State.copy` is cheap. The refill is
broken into its decisions: each seat's keep (profiles that let players keep non-trumps),
the dealer's keep from the rest of the stock, and the chance reshuffle when the stock runs out;
everything else in it follows from the profile's refill function.

Seats are 0..3 (A..D); cards are indices 0..51 and sets of cards 52-bit masks.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tutorial.engine.actions import (
    Action,
    Call,
    DealerKeep,
    Keep,
    NameTrump,
    PlayCard,
    Reshuffle,
    call_of,
    play_of,
)
from tutorial.engine.cards import bits
from tutorial.engine.deal import check_deal, deal_in_threes, fisher_yates
from tutorial.engine.errors import InvalidInput
from tutorial.engine.profiles import Profile
from tutorial.engine.scoring import FRESH_GAME, check_score
from tutorial.engine.statefields import (
    CHANCE,
    DEALER_KEEPS,
    KEEP,
    LIST_FIELDS,
    RESHUFFLE,
    STATE_FIELDS,
    Phase,
    Play,
    Trick,
)
from tutorial.engine.stateplay import BIT, new_play
from tutorial.engine.staterefill import RefillRules

_TRUMP_ACTIONS = tuple(NameTrump(s) for s in range(4))

__all__ = ["CHANCE", "DEALER_KEEPS", "KEEP", "RESHUFFLE", "Phase", "Play", "State", "Trick"]


class State(RefillRules):
    """One hand in progress. Build with :meth:`from_deal`, :meth:`from_deck`,
    :meth:`random_deal` or the constructor (dealt masks and a stock, top first). The play's
    rules are in :mod:`~tutorial.engine.stateplay`, the refill's in
    :mod:`~tutorial.engine.staterefill`."""

    __slots__ = ()

    def __init__(
        self,
        profile: Profile,
        dealer: int,
        hands: Sequence[int],
        stock: Sequence[int],
        *,
        validate: bool = True,
        score: tuple[int, int] = FRESH_GAME,
    ) -> None:
        if dealer not in (0, 1, 2, 3):
            raise InvalidInput(f"dealer must be a seat 0..3, not {dealer!r}")
        if validate:
            check_deal(hands, stock)
            check_score(profile, score)
        self.profile = profile
        self.score = score
        self.dealer = dealer
        self.dealt = (hands[0], hands[1], hands[2], hands[3])
        self.stock = tuple(stock)
        self.phase = Phase.BID
        self.to_act = (dealer + 1) & 3
        self.calls = []
        self.passed = [False, False, False, False]
        self.high_bid = None
        self.high_seat = None
        self.trump = -1
        self.tables = profile.trumps
        self.trump_mask = 0
        self.plain_masks = (0, 0, 0, 0)
        self.pending = None
        self.pending_info = ()
        self.keeps = [None, None, None, None]
        self.dealer_choice = None
        self.reshuffle_order = None
        self.refill_log = None
        self.hands = list(hands)
        self.start_hands = (0, 0, 0, 0)
        self.in_play = 0
        self.point_cards = ()
        self.capture_list: tuple[tuple[int, int], ...] = ()
        self.capture_mask = 0
        self.beneath_forbidden = 0
        self.tricks = []
        self.trick_plays = []
        self.trick_leader = 0
        self.trick_seats = ()
        self.led = -1
        self.keys: tuple[int, ...] = ()
        self.best_key = -2
        self.best_seat = 0
        self.best_card = -1
        self.trick_mask = 0
        self.captured = [0, 0]
        self.history = []

    # -- construction ---------------------------------------------------------------------
    @classmethod
    def from_deck(
        cls,
        profile: Profile,
        dealer: int,
        deck: Sequence[int],
        *,
        score: tuple[int, int] = FRESH_GAME,
    ) -> State:
        """Deal a 52-card order (top first) in threes from the dealer's left; ``score`` is
        the game score before the hand (AC, BD)."""
        if len(deck) != 52 or set(deck) != set(range(52)):
            raise InvalidInput("a deck order must list the 52 cards exactly once")
        check_score(profile, score)
        hands = deal_in_threes(deck, dealer)
        return cls(profile, dealer, hands, deck[36:], validate=False, score=score)

    @classmethod
    def random_deal(
        cls,
        profile: Profile,
        dealer: int,
        rng: random.Random,
        *,
        score: tuple[int, int] = FRESH_GAME,
    ) -> State:
        """A uniformly shuffled deal (Fisher-Yates on ``rng``); ``score`` as in
        :meth:`from_deck`."""
        check_score(profile, score)
        deck = fisher_yates(rng)
        hands = deal_in_threes(deck, dealer)
        return cls(profile, dealer, hands, deck[36:], validate=False, score=score)

    def restart(self) -> State:
        """The same deal at its start (dealer, cards, stock and game score), no action
        taken: what a replay of this hand's history starts from."""
        return State(
            self.profile, self.dealer, self.dealt, self.stock, validate=False, score=self.score
        )

    def copy(self) -> State:
        """An independent copy (its own history: undo on one never touches the other)."""
        new = State.__new__(State)
        new.profile = self.profile
        new.dealer = self.dealer
        new.score = self.score
        new.dealt = self.dealt
        new.stock = self.stock
        new.phase = self.phase
        new.to_act = self.to_act
        new.high_bid = self.high_bid
        new.high_seat = self.high_seat
        new.trump = self.trump
        new.tables = self.tables
        new.trump_mask = self.trump_mask
        new.plain_masks = self.plain_masks
        new.pending = self.pending
        new.pending_info = self.pending_info
        new.dealer_choice = self.dealer_choice
        new.reshuffle_order = self.reshuffle_order
        new.refill_log = self.refill_log
        new.start_hands = self.start_hands
        new.in_play = self.in_play
        new.point_cards = self.point_cards
        new.capture_list = self.capture_list
        new.capture_mask = self.capture_mask
        new.beneath_forbidden = self.beneath_forbidden
        new.trick_leader = self.trick_leader
        new.trick_seats = self.trick_seats
        new.led = self.led
        new.keys = self.keys
        new.best_key = self.best_key
        new.best_seat = self.best_seat
        new.best_card = self.best_card
        new.trick_mask = self.trick_mask
        new.calls = self.calls[:]
        new.passed = self.passed[:]
        new.keeps = self.keeps[:]
        new.hands = self.hands[:]
        new.tricks = self.tricks[:]
        new.trick_plays = self.trick_plays[:]
        new.captured = self.captured[:]
        new.history = self.history[:]
        return new

    def __copy__(self) -> State:
        return self.copy()

    def _save(self) -> tuple[object, ...]:
        out = [getattr(self, name) for name in STATE_FIELDS]
        for i, name in enumerate(STATE_FIELDS):
            if name in LIST_FIELDS:
                out[i] = list(out[i])
        return tuple(out)

    def _restore(self, saved: tuple[object, ...]) -> None:
        for name, value in zip(STATE_FIELDS, saved, strict=True):
            # saved lists may be shared by copies of this state: never adopt them
            setattr(self, name, list(value) if name in LIST_FIELDS else value)  # type: ignore[call-overload]

    # -- queries --------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.phase is Phase.DONE

    def is_chance(self) -> bool:
        return self.to_act == CHANCE

    @property
    def thrown_in(self) -> bool:
        return self.phase is Phase.DONE and self.high_seat is None

    def dealer_forced(self) -> bool:
        p = self.profile
        return (
            p.dealer_forced_bid is not None
            and not p.auction
            and self.to_act == self.dealer
            and self.high_bid is None
        )

    def legal_calls(self) -> list[int | None]:
        """Calls the player to act may make: ``None`` for pass, then bid values."""
        if self.phase is not Phase.BID:
            return []
        p = self.profile
        if self.dealer_forced():
            return [p.dealer_forced_bid]
        low = p.bid_min if self.high_bid is None else self.high_bid + 1
        return [None, *range(low, p.bid_max + 1)]

    def legal_actions(self) -> list[Action]:
        """Every action the player to act may take ([] at a chance node: see
        :meth:`chance_outcome`; [] when the hand is over)."""
        phase = self.phase
        if phase is Phase.PLAY:
            m = self.legal_play_mask()
            k = self.pile_size()
            out: list[Action] = []
            while m:
                low = m & -m
                card = low.bit_length() - 1
                m ^= low
                if not k:
                    out.append(play_of(card))
                    continue
                allowed = self.legal_beneath_mask(card)
                if not self.pile_strict(self.hands[self.to_act] & ~low, k):
                    free = self.hands[self.to_act] & ~low & ~self.beneath_forbidden
                    fixed = bits(free)
                    out.extend(
                        PlayCard(card, (*fixed, *c))
                        for c in _combinations(bits(allowed & ~free), k - len(fixed))
                    )
                else:
                    out.extend(PlayCard(card, c) for c in _combinations(bits(allowed), k))
            return out
        if phase is Phase.BID:
            return [call_of(v) for v in self.legal_calls()]
        if phase is Phase.TRUMP:
            return list(_TRUMP_ACTIONS)
        if phase is Phase.REFILL:
            if self.pending == KEEP:
                h = self.hands[self.to_act]
                plain = bits(h & ~self.trump_mask)
                room = max(0, self.profile.hand_size - (h & self.trump_mask).bit_count())
                return [
                    Keep(c)
                    for n in range(min(room, len(plain)) + 1)
                    for c in _combinations(plain, n)
                ]
            if self.pending == DEALER_KEEPS:
                options, count = self.pending_info
                assert isinstance(options, tuple) and isinstance(count, int)
                return [DealerKeep(c) for c in _combinations(list(options), count)]
        return []

    def chance_outcome(self, rng: random.Random) -> Reshuffle:
        """A random outcome of the chance node (the discards shuffled with ``rng``)."""
        if self.pending != RESHUFFLE:
            raise ValueError("this is not a chance node")
        cards = list(self.pending_info[0])  # type: ignore[call-overload]
        rng.shuffle(cards)
        return Reshuffle(tuple(cards))

    # -- apply (trusting) -----------------------------------------------------------------
    def apply(self, action: Action) -> None:
        """Apply a legal action. Trusting: an illegal one corrupts the state; check with
        :func:`~tutorial.engine.core.is_legal` when the action comes from outside."""
        if type(action) is PlayCard:  # the hot path: ``_play`` written out, on locals
            card = action.card
            beneath = action.beneath
            seat = self.to_act
            moved = BIT[card]
            if beneath:
                for c in beneath:
                    moved |= BIT[c]
            if self.led < 0:
                tables = self.tables
                led = self.led = tables.effective[self.trump][card]
                keys = self.keys = tables.trick_key[self.trump][led]
            else:
                keys = self.keys
            key = keys[card]
            if key > self.best_key:
                self.best_key = key
                self.best_seat = seat
                self.best_card = card
            self.hands[seat] &= ~moved
            self.trick_mask |= moved
            plays = self.trick_plays
            plays.append(new_play(Play, (seat, card, beneath)))
            self.history.append((action, None))
            seats = self.trick_seats
            n = len(plays)
            if n < len(seats):
                self.to_act = seats[n]
            else:
                self._end_trick()
            return
        saved = self._save()
        if type(action) is Call:
            self._call(action.value)
        elif type(action) is NameTrump:
            self._name_trump(action.suit)
        elif type(action) is Keep:
            self._keep(action.cards)
        elif type(action) is DealerKeep:
            self.dealer_choice = action.cards
            self._run_refill()
        elif type(action) is Reshuffle:
            self.reshuffle_order = action.order
            self._run_refill()
        else:  # pragma: no cover - the Action union is closed
            raise TypeError(f"not an action: {action!r}")
        self.history.append((action, saved))

    def undo(self) -> Action:
        """Take back the last action and return it. Raises IndexError if there is none."""
        action, saved = self.history.pop()
        if saved is not None:
            self._restore(saved)
            return action
        if not self.trick_plays:  # the play completed a trick
            tr = self.tricks.pop()
            self.captured[tr.winner & 1] &= ~tr.mask
            self.trick_plays = list(tr.plays)
            self.trick_leader = tr.leader
            self.trick_seats = tuple(p.seat for p in tr.plays)
            self.phase = Phase.PLAY
        p = self.trick_plays.pop()
        moved = 1 << p.card
        for c in p.beneath:
            moved |= 1 << c
        self.hands[p.seat] |= moved
        self.to_act = p.seat
        self._replay_trick()
        return action

    def _call(self, value: int | None) -> None:
        seat = self.to_act
        self.calls.append((seat, value))
        if value is None:
            self.passed[seat] = True
        else:
            self.high_bid, self.high_seat = value, seat
        if not self.profile.auction:
            if len(self.calls) < 4:
                self.to_act = (seat + 1) & 3
                return
        else:
            active = [s for s in range(4) if not self.passed[s]]
            others = [s for s in active if s != self.high_seat]
            if self.high_seat is not None and others:
                nxt = (seat + 1) & 3
                while self.passed[nxt]:
                    nxt = (nxt + 1) & 3
                self.to_act = nxt
                return
            if self.high_seat is None and active:
                self.to_act = (seat + 1) & 3
                return
        if self.high_seat is None:
            self.phase = Phase.DONE  # everyone passed: the hand is thrown in
        else:
            self.phase = Phase.TRUMP
            self.to_act = self.high_seat

    def _name_trump(self, suit: int) -> None:
        self.trump = suit
        self.trump_mask = self.tables.mask[suit]
        self.plain_masks = self.tables.plain[suit]
        self.phase = Phase.REFILL
        if not self.profile.draw:
            self._start_play()
        elif self.profile.keep_non_trumps:
            self.pending = KEEP
            self.to_act = (self.dealer + 1) & 3
        else:
            self.keeps = [0, 0, 0, 0]
            self._run_refill()


def _combinations(items: list[int], k: int) -> list[tuple[int, ...]]:
    """Every k-subset of ``items``, in order (itertools.combinations, kept in the engine's
    few standard-library imports)."""
    if k == 0:
        return [()]
    if k > len(items):
        return []
    out: list[tuple[int, ...]] = []
    for i in range(len(items) - k + 1):
        head = items[i]
        out.extend((head, *rest) for rest in _combinations(items[i + 1 :], k - 1))
    return out

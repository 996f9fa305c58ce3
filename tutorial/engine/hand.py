"""One hand of Cinch, from the deal to the score, as a state machine.

``Hand`` moves through :class:`Phase` BID → TRUMP → REFILL → PLAY → DONE (or BID → DONE when
a profile throws in a hand that everyone passed). In each phase the legal actions can be
listed (:meth:`Hand.legal_bids`, :meth:`Hand.legal_mask`, ...) and applied
(:meth:`Hand.bid`, :meth:`Hand.name_trump`, :meth:`Hand.refill`, :meth:`Hand.play`). An
action the rules forbid raises :class:`IllegalAction` and leaves the hand unchanged; input
that cannot be understood raises :class:`InvalidInput`.

Seats are 0..3 for A, B, C, D, clockwise; A–C (team 0, ``AC``) and B–D (team 1, ``BD``)
are partners. Cards are indices 0..51 and sets of cards are 52-bit masks (see ``cards``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from tutorial.engine.cards import CODES, FULL_DECK, Suit, iter_bits, mask_of
from tutorial.engine.errors import IllegalAction, InvalidInput, Reason
from tutorial.engine.points import PointTable as PointTable
from tutorial.engine.points import point_table as point_table
from tutorial.engine.points import score_points as score_points
from tutorial.engine.profiles import Profile
from tutorial.engine.refill import RefillLog, Reshuffler
from tutorial.engine.scoring import hand_delta
from tutorial.engine.seats import SEAT_LETTERS, TEAM_NAMES
from tutorial.engine.trick import legal_plays
from tutorial.engine.trumps import EFFECTIVE_SUIT, PLAIN_MASK, TRICK_KEY, TRUMP_MASK

SEATS = SEAT_LETTERS
TEAMS = TEAM_NAMES


def team_of(seat: int) -> int:
    return seat & 1


class Phase(Enum):
    BID = "bid"
    TRUMP = "trump"
    REFILL = "refill"
    PLAY = "play"
    DONE = "done"


class Play(NamedTuple):
    """One seat's play to a trick: a card, and on the first trick maybe cards beneath it."""

    seat: int
    card: int
    beneath: tuple[int, ...] = ()


class Trick(NamedTuple):
    number: int
    leader: int
    plays: tuple[Play, ...]
    led_suit: int
    """Effective suit of the card led (the trump suit if the left Pedro was led)."""
    winner: int
    winning_card: int
    trumped: bool
    """True if a trump won (a trump was played); False if the highest led-suit card won."""
    points: int
    """Capture value of the cards taken (points owned by holding, i.e. Low, excluded)."""
    mask: int
    """Every card the trick's winner takes, pile cards included."""


@dataclass(frozen=True)
class HandResult:
    """The outcome of a finished hand. Teams are indexed 0 (AC) and 1 (BD)."""

    profile: str
    dealer: int
    thrown_in: bool
    bidder: int | None
    bid: int | None
    trump: int | None
    hands_after_refill: tuple[int, int, int, int]
    tricks: tuple[Trick, ...]
    captured: tuple[int, int]
    points: tuple[int, int]
    owners: dict[str, int | None]
    """Point name (high, low, jack, game, right_pedro, left_pedro, ...) → team, or None
    when that card was not in play."""
    made: bool | None
    delta: tuple[int, int]


def _deal_shape(hands: Sequence[int], stock: Sequence[int]) -> None:
    seen = 0
    for seat, h in enumerate(hands):
        if h.bit_count() != 9:
            raise InvalidInput(f"seat {SEATS[seat]} must be dealt 9 cards, not {h.bit_count()}")
        if seen & h:
            dup = " ".join(CODES[c] for c in iter_bits(seen & h))
            raise InvalidInput(f"card(s) {dup} dealt to more than one seat")
        seen |= h
    if len(stock) != 16:
        raise InvalidInput(f"the stock must hold 16 cards, not {len(stock)}")
    for c in stock:
        if (seen >> c) & 1:
            raise InvalidInput(f"card {CODES[c]} is both in a hand and in the stock")
        seen |= 1 << c
    if seen != FULL_DECK:  # pragma: no cover - implied by the counts above
        raise InvalidInput("the deal does not use the 52 cards exactly once")


class Hand:
    """A hand in progress: :meth:`from_deal`, :meth:`from_deck` or :meth:`random_deal`."""

    __slots__ = (
        "_legal_cache",
        "beneath_forbidden",
        "best_card",
        "best_key",
        "best_seat",
        "calls",
        "capture_list",
        "capture_mask",
        "capture_value",
        "captured",
        "dealer",
        "hands",
        "high_bid",
        "high_seat",
        "in_play",
        "keys",
        "led",
        "passed",
        "phase",
        "plain_masks",
        "point_cards",
        "profile",
        "refill_log",
        "start_hands",
        "stock",
        "to_act",
        "trick_leader",
        "trick_mask",
        "trick_plays",
        "trick_seats",
        "tricks",
        "trump",
        "trump_mask",
    )

    def __init__(
        self,
        profile: Profile,
        dealer: int,
        hands: Sequence[int],
        stock: Sequence[int],
        *,
        validate: bool = True,
    ) -> None:
        """Start a hand from dealt masks and a stock (card indices, top first). Validates
        the deal: 9 cards a seat, 16 in the stock, every card exactly once (``validate``
        is False only for deals the engine made itself)."""
        if dealer not in (0, 1, 2, 3):
            raise InvalidInput(f"dealer must be a seat 0..3, not {dealer!r}")
        if validate:
            _deal_shape(hands, stock)
        self.profile = profile
        self.dealer = dealer
        self.hands: list[int] = list(hands)
        self.stock: list[int] = list(stock)
        self.phase = Phase.BID
        self.to_act = (dealer + 1) % 4
        self.calls: list[tuple[int, int | None]] = []
        self.passed = [False, False, False, False]
        self.high_bid: int | None = None
        self.high_seat: int | None = None
        self.trump: int = -1
        self.trump_mask = 0
        self.refill_log: RefillLog | None = None
        self.start_hands: tuple[int, int, int, int] = (0, 0, 0, 0)
        self.tricks: list[Trick] = []
        self.captured = [0, 0]
        self._legal_cache = -1

    # -- construction ---------------------------------------------------------------------
    @classmethod
    def from_deal(
        cls, profile: Profile, dealer: int, hands: Mapping[int, Sequence[int]], stock: Sequence[int]
    ) -> Hand:
        masks = []
        for seat in range(4):
            cards = hands.get(seat, ())
            m = mask_of(cards)
            if m.bit_count() != len(cards):
                raise InvalidInput(f"seat {SEATS[seat]} is dealt the same card twice")
            masks.append(m)
        return cls(profile, dealer, masks, stock)

    @classmethod
    def from_deck(cls, profile: Profile, dealer: int, deck: Sequence[int]) -> Hand:
        """Deal a 52-card order (top first) in threes, clockwise from the dealer's left,
        until each player has 9; the remaining 16 are the stock, top first."""
        if len(deck) != 52 or len(set(deck)) != 52:
            raise InvalidInput("a deck order must list the 52 cards exactly once")
        hands = [0, 0, 0, 0]
        for i in range(36):
            seat = (dealer + 1 + (i // 3) % 4) % 4
            hands[seat] |= 1 << deck[i]
        return cls(profile, dealer, hands, deck[36:])

    @classmethod
    def random_deal(cls, profile: Profile, dealer: int, rng: random.Random) -> Hand:
        """A uniformly shuffled deal (Fisher-Yates on ``rng``), dealt as :meth:`from_deck`."""
        deck = list(range(52))
        rnd = rng.random
        for i in range(51, 0, -1):
            j = int(rnd() * (i + 1))
            deck[i], deck[j] = deck[j], deck[i]
        hands = [0, 0, 0, 0]
        for group in range(12):
            seat = (dealer + 1 + group) % 4
            a, b, c = deck[3 * group : 3 * group + 3]
            hands[seat] |= (1 << a) | (1 << b) | (1 << c)
        return cls(profile, dealer, hands, deck[36:], validate=False)

    # -- helpers --------------------------------------------------------------------------
    def _need(self, phase: Phase, seat: int | None = None) -> None:
        if self.phase is not phase:
            raise IllegalAction(
                Reason.WRONG_PHASE,
                f"this is the {self.phase.value} phase, not {phase.value}",
                seat=seat,
                required=self.phase.value,
            )
        if seat is not None and seat != self.to_act:
            raise IllegalAction(
                Reason.NOT_YOUR_TURN,
                f"it is {SEATS[self.to_act]}'s turn, not {SEATS[seat]}'s",
                seat=seat,
                required=SEATS[self.to_act],
            )

    # -- bidding --------------------------------------------------------------------------
    def _dealer_forced(self) -> bool:
        p = self.profile
        return (
            p.dealer_forced_bid is not None
            and not p.auction
            and self.to_act == self.dealer
            and self.high_bid is None
        )

    def legal_bids(self) -> list[int | None]:
        """Calls the player to act may make: ``None`` for pass, then bid values."""
        if self.phase is not Phase.BID:
            return []
        p = self.profile
        if self._dealer_forced():
            return [p.dealer_forced_bid]
        low = p.bid_min if self.high_bid is None else self.high_bid + 1
        return [None, *range(low, p.bid_max + 1)]

    def bid(self, seat: int, value: int | None) -> None:
        """Pass (``None``) or bid ``value``. A pass is final."""
        self._need(Phase.BID, seat)
        p = self.profile
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise InvalidInput(f"a bid is a whole number or None (pass), not {value!r}")
        if value is None:
            if self._dealer_forced():
                raise IllegalAction(
                    Reason.DEALER_MUST_BID,
                    f"the first three passed, so the dealer must bid {p.dealer_forced_bid}",
                    seat=seat,
                    required=str(p.dealer_forced_bid),
                )
        else:
            if self._dealer_forced() and value != p.dealer_forced_bid:
                raise IllegalAction(
                    Reason.DEALER_MUST_BID,
                    f"the first three passed, so the dealer's only call is {p.dealer_forced_bid}",
                    seat=seat,
                    required=str(p.dealer_forced_bid),
                    bid=value,
                )
            if not p.bid_min <= value <= p.bid_max:
                raise IllegalAction(
                    Reason.BID_OUT_OF_RANGE,
                    f"a bid must be from {p.bid_min} to {p.bid_max}, not {value}",
                    seat=seat,
                    required=f"{p.bid_min}-{p.bid_max}",
                    bid=value,
                )
            if self.high_bid is not None and value <= self.high_bid:
                raise IllegalAction(
                    Reason.BID_NOT_HIGHER,
                    f"a bid must be higher than the current bid of {self.high_bid}, not {value}",
                    seat=seat,
                    required=str(self.high_bid + 1),
                    bid=value,
                )
        self.calls.append((seat, value))
        if value is None:
            self.passed[seat] = True
        else:
            self.high_bid, self.high_seat = value, seat
        self._after_call()

    def _after_call(self) -> None:
        if not self.profile.auction:
            if len(self.calls) < 4:
                self.to_act = (self.to_act + 1) % 4
                return
        else:
            active = [s for s in range(4) if not self.passed[s]]
            others = [s for s in active if s != self.high_seat]
            if self.high_seat is not None and others:
                nxt = (self.to_act + 1) % 4
                while self.passed[nxt]:
                    nxt = (nxt + 1) % 4
                self.to_act = nxt
                return
            if self.high_seat is None and active:
                self.to_act = (self.to_act + 1) % 4
                return
        if self.high_seat is None:
            self.phase = Phase.DONE  # everyone passed: the hand is thrown in
        else:
            self.phase = Phase.TRUMP
            self.to_act = self.high_seat

    # -- trump ----------------------------------------------------------------------------
    def name_trump(self, seat: int, suit: Suit | int) -> None:
        """The high bidder names any suit as trump."""
        if self.phase is Phase.TRUMP and seat != self.high_seat:
            raise IllegalAction(
                Reason.NOT_HIGH_BIDDER,
                f"only the high bidder, {SEATS[self.to_act]}, names trump",
                seat=seat,
                required=SEATS[self.to_act],
            )
        self._need(Phase.TRUMP, seat)
        if isinstance(suit, bool) or not isinstance(suit, int) or not 0 <= suit <= 3:
            raise InvalidInput(f"a suit is 0..3 (clubs, diamonds, hearts, spades), not {suit!r}")
        t = int(suit)
        self.trump = t
        self.trump_mask = TRUMP_MASK[t]
        self.plain_masks = PLAIN_MASK[t]
        self.phase = Phase.REFILL
        self.to_act = self.dealer

    # -- discard and refill ---------------------------------------------------------------
    def refill(
        self,
        keep: Mapping[int, Sequence[int]] | None = None,
        dealer_keeps: Sequence[int] | None = None,
        reshuffle: Sequence[int] | None = None,
        rng: random.Random | None = None,
    ) -> None:
        """Everyone discards, then the stock refills the hands (the profile's rule).

        ``keep`` — per seat, non-trumps kept at the discard (only where the profile allows).
        ``dealer_keeps`` — the non-trumps the dealer keeps from the rest of the stock
        (default: the first needed, in stock order). ``reshuffle`` — the order of the new
        stock if the stock runs out (default: shuffled with ``rng``; one of the two is needed
        only if it does run out).
        """
        self._need(Phase.REFILL)
        tm = self.trump_mask
        p = self.profile
        hands = list(self.hands)
        discards = [0, 0, 0, 0]
        for seat in range(4):
            kept = list(keep.get(seat, ())) if keep else []
            h = hands[seat]
            for c in kept:
                if not (h >> c) & 1:
                    raise IllegalAction(
                        Reason.CARD_NOT_IN_HAND,
                        f"cannot keep {CODES[c]}: it is not in the hand",
                        seat=seat,
                        card=CODES[c],
                    )
                if not p.keep_non_trumps and not (tm >> c) & 1:
                    raise IllegalAction(
                        Reason.KEEP_NOT_ALLOWED,
                        f"every non-trump must be discarded, including {CODES[c]}",
                        seat=seat,
                        card=CODES[c],
                    )
            km = mask_of(kept) & ~tm
            trumps = h & tm
            room = max(0, 6 - trumps.bit_count())
            if km.bit_count() > room:
                raise IllegalAction(
                    Reason.KEEP_TOO_MANY,
                    f"with {trumps.bit_count()} trumps, at most {room} non-trump(s) may be kept",
                    seat=seat,
                    required=str(room),
                )
            hands[seat] = trumps | km
            discards[seat] = h & ~hands[seat]
        log = RefillLog(discard_masks=discards)

        def reshuffler(cards: list[int]) -> list[int]:
            if reshuffle is not None:
                return list(reshuffle)
            if rng is None:
                raise IllegalAction(
                    Reason.RESHUFFLE_INVALID,
                    "the stock ran out: give the new stock (`reshuffle:`), the discarded "
                    f"non-trumps in any order: {' '.join(CODES[c] for c in sorted(cards))}",
                )
            new = list(cards)
            rng.shuffle(new)
            return new

        reshuffle_fn: Reshuffler = reshuffler
        p.refill(tm, self.dealer, hands, self.stock, log, reshuffle_fn, dealer_keeps)
        # committed only now: an IllegalAction above leaves the hand unchanged
        self.hands = hands
        self.refill_log = log
        self.start_hands = (hands[0], hands[1], hands[2], hands[3])
        in_play = hands[0] | hands[1] | hands[2] | hands[3]
        self.in_play = in_play
        table = point_table(p, self.trump, in_play)
        self.point_cards = table.cards
        self.capture_value = table.capture_value
        self.capture_list = table.capture_list
        self.capture_mask = table.capture_mask
        self.beneath_forbidden = table.scoring_trumps
        self.phase = Phase.PLAY
        self._start_trick(self.high_seat if self.high_seat is not None else 0)

    # -- play -----------------------------------------------------------------------------
    def _start_trick(self, leader: int) -> None:
        hands = self.hands
        while not hands[leader]:  # only in profiles where hands can be short
            leader = (leader + 1) % 4
        self.trick_leader = leader
        self.trick_seats = [s for s in ((leader + i) % 4 for i in range(4)) if hands[s]]
        self.trick_plays: list[Play] = []
        self.trick_mask = 0
        self.to_act = leader
        self.best_key = -2
        self.best_seat = leader
        self.best_card = -1
        self.led = -1
        self._legal_cache = -1

    def pile_size(self, seat: int | None = None) -> int:
        """How many cards must go beneath the top card for ``seat`` (default: the player to
        act) on this trick: n − 6 on the first trick for a hand of n > 6 cards, else 0."""
        s = self.to_act if seat is None else seat
        if self.phase is not Phase.PLAY or self.tricks:
            return 0
        return max(0, self.hands[s].bit_count() - 6)

    def _pile_strict(self, hand: int, k: int) -> bool:
        """True if the hand has enough non-scoring cards to put ``k`` beneath (always true in
        the 14-point tables); otherwise scoring cards may fill the rest of the pile."""
        return (hand & ~self.beneath_forbidden).bit_count() >= k

    def legal_mask(self) -> int:
        """Mask of the cards the player to act may play (as the top card of a pile)."""
        if self._legal_cache >= 0:
            return self._legal_cache
        if self.phase is not Phase.PLAY:
            return 0
        h = self.hands[self.to_act]
        m = legal_plays(h, self.trump, self.led)
        if not self.tricks:
            k = h.bit_count() - 6
            if k > 0 and self._pile_strict(h, k):
                free = h & ~self.beneath_forbidden
                if free.bit_count() == k:  # every non-scoring card must go beneath
                    m &= self.beneath_forbidden
        self._legal_cache = m
        return m

    def legal_beneath_mask(self, card: int) -> int:
        """Cards that may go beneath ``card`` in the pile of the player to act."""
        h = self.hands[self.to_act] & ~(1 << card)
        if self._pile_strict(h, self.pile_size()):
            return h & ~self.beneath_forbidden
        return h

    def play(self, seat: int, card: int, beneath: Sequence[int] = ()) -> None:
        """Play ``card`` (with ``beneath`` on the first trick if the hand holds more than 6)."""
        if self.phase is not Phase.PLAY or seat != self.to_act:
            self._need(Phase.PLAY, seat)
        if not isinstance(card, int) or not 0 <= card < 52:
            raise InvalidInput(f"a card is an index 0..51, not {card!r}")
        h = self.hands[seat]
        bit = 1 << card
        legal = self._legal_cache if self._legal_cache >= 0 else self.legal_mask()
        if not legal & bit:
            if not h & bit:
                raise IllegalAction(
                    Reason.CARD_NOT_IN_HAND,
                    f"{CODES[card]} is not in the hand",
                    seat=seat,
                    card=CODES[card],
                )
            self._explain_illegal(seat, card, h)
        moved = bit
        pile: tuple[int, ...] = ()
        if beneath or (not self.tricks and h.bit_count() > 6):
            self._check_pile(seat, card, beneath, h, self.pile_size(seat))
            pile = tuple(beneath)
            for c in pile:
                moved |= 1 << c
        if self.led < 0:
            self.led = EFFECTIVE_SUIT[self.trump][card]
            self.keys = TRICK_KEY[self.trump][self.led]
        key = self.keys[card]
        if key > self.best_key:
            self.best_key = key
            self.best_seat = seat
            self.best_card = card
        self.hands[seat] = h & ~moved
        self.trick_mask |= moved
        plays = self.trick_plays
        plays.append(Play(seat, card, pile))
        self._legal_cache = -1
        n = len(plays)
        if n < len(self.trick_seats):
            self.to_act = self.trick_seats[n]
            return
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
        if any(self.hands):
            self._start_trick(winner)
        else:
            self.phase = Phase.DONE

    def _explain_illegal(self, seat: int, card: int, h: int) -> None:
        led = self.led
        suit = "CDHS"[led] if led >= 0 else None
        if led == self.trump:
            raise IllegalAction(
                Reason.MUST_FOLLOW_TRUMP,
                f"trump was led and the hand holds a trump, so {CODES[card]} may not be played",
                seat=seat,
                card=CODES[card],
                required=suit,
            )
        if (
            led >= 0
            and h & self.plain_masks[led]
            and not (self.trump_mask >> card) & 1
            and EFFECTIVE_SUIT[self.trump][card] != led
        ):
            raise IllegalAction(
                Reason.MUST_FOLLOW_SUIT_OR_TRUMP,
                f"{'CDHS'[led]} was led and the hand holds that suit: follow "
                f"suit or trump, not {CODES[card]}",
                seat=seat,
                card=CODES[card],
                required=suit,
            )
        raise IllegalAction(
            Reason.PILE_TOP_NEEDED_BENEATH,
            f"{CODES[card]} cannot top the pile: every non-scoring trump is needed beneath it",
            seat=seat,
            card=CODES[card],
        )

    def _check_pile(self, seat: int, card: int, beneath: Sequence[int], h: int, k: int) -> None:
        if k == 0:
            raise IllegalAction(
                Reason.PILE_NOT_ALLOWED,
                "only a hand of more than 6 cards plays a pile, and only on the first trick",
                seat=seat,
                card=CODES[card],
            )
        if len(beneath) != k:
            reason = Reason.PILE_REQUIRED if not beneath else Reason.PILE_WRONG_SIZE
            raise IllegalAction(
                reason,
                f"with {h.bit_count()} cards, {k} card(s) must go beneath the "
                f"top card on the first trick, not {len(beneath)}",
                seat=seat,
                card=CODES[card],
                required=str(k),
            )
        allowed = self.legal_beneath_mask(card)
        seen = 1 << card
        for c in beneath:
            if not isinstance(c, int) or not 0 <= c < 52:
                raise InvalidInput(f"a card is an index 0..51, not {c!r}")
            if (seen >> c) & 1 or not (h >> c) & 1:
                raise IllegalAction(
                    Reason.CARD_NOT_IN_HAND,
                    f"{CODES[c]} is not (or no longer) in the hand",
                    seat=seat,
                    card=CODES[c],
                )
            seen |= 1 << c
            if not (allowed >> c) & 1:
                raise IllegalAction(
                    Reason.SCORING_TRUMP_BENEATH,
                    f"{CODES[c]} is a scoring trump and may not go beneath the pile",
                    seat=seat,
                    card=CODES[c],
                )
        if not self._pile_strict(h & ~(1 << card), k):
            # variant tables only: all non-scoring cards must be beneath
            free = h & ~(1 << card) & ~self.beneath_forbidden
            if free & ~mask_of(beneath):
                c = next(iter_bits(free & ~mask_of(beneath)))
                raise IllegalAction(
                    Reason.SCORING_TRUMP_BENEATH,
                    f"a scoring trump may go beneath only when no other card "
                    f"can: put {CODES[c]} there first",
                    seat=seat,
                    card=CODES[c],
                )

    def is_done(self) -> bool:
        """True once the hand is over (all tricks played, or thrown in)."""
        return self.phase is Phase.DONE

    # -- result ---------------------------------------------------------------------------
    def result(self) -> HandResult:
        """The finished hand's points, owners and score change."""
        if self.phase is not Phase.DONE:
            raise IllegalAction(
                Reason.WRONG_PHASE, "the hand is not finished", required=self.phase.value
            )
        if self.high_seat is None or self.high_bid is None:
            return HandResult(
                self.profile.name,
                self.dealer,
                True,
                None,
                None,
                None,
                (0, 0, 0, 0),
                (),
                (0, 0),
                (0, 0),
                {},
                None,
                (0, 0),
            )
        cap = self.captured
        pts, owners = score_points(self.profile, self.point_cards, cap[0], self.start_hands)
        bidder = self.high_seat & 1
        made, delta = hand_delta(bidder, self.high_bid, pts)
        return HandResult(
            self.profile.name,
            self.dealer,
            False,
            self.high_seat,
            self.high_bid,
            self.trump,
            self.start_hands,
            tuple(self.tricks),
            (cap[0], cap[1]),
            pts,
            owners,
            made,
            delta,
        )

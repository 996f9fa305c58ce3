"""The validating hand: the rules core behind the API scenarios, drills and lessons use.

``Hand`` wraps a :class:`~tutorial.engine.state.State` and moves through the same
:class:`Phase` BID → TRUMP → REFILL → PLAY → DONE. Each method checks its action with
:mod:`~tutorial.engine.legality` (the core's one set of rules) and then applies it to the
state: an action the rules forbid raises :class:`IllegalAction` and leaves the hand
unchanged; input that cannot be understood raises :class:`InvalidInput`. :meth:`Hand.refill`
takes the whole discard and refill at once (the keeps, the dealer's keep, the reshuffle) and
applies them as the core's separate actions.

Seats are 0..3 for A, B, C, D, clockwise; A–C (team 0, ``AC``) and B–D (team 1, ``BD``)
are partners. Cards are indices 0..51 and sets of cards are 52-bit masks (see ``cards``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tutorial.engine.actions import Call, DealerKeep, Keep, NameTrump, PlayCard, Reshuffle
from tutorial.engine.cards import CODES, Suit, mask_of
from tutorial.engine.errors import IllegalAction, InvalidInput, Reason
from tutorial.engine.legality import (
    call_error,
    keep_error,
    phase_error,
    play_error,
    trump_error,
)
from tutorial.engine.points import PointTable as PointTable
from tutorial.engine.points import point_table as point_table
from tutorial.engine.points import score_points as score_points
from tutorial.engine.profiles import Profile
from tutorial.engine.refill import RefillLog
from tutorial.engine.result import HandResult as HandResult
from tutorial.engine.result import hand_result
from tutorial.engine.scoring import FRESH_GAME
from tutorial.engine.seats import SEAT_LETTERS, TEAM_NAMES, team_of
from tutorial.engine.state import DEALER_KEEPS, KEEP, RESHUFFLE, Phase, State
from tutorial.engine.state import Play as Play
from tutorial.engine.state import Trick as Trick
from tutorial.engine.statefields import STATE_SLOTS

SEATS = SEAT_LETTERS
TEAMS = TEAM_NAMES

__all__ = [
    "SEATS",
    "TEAMS",
    "Hand",
    "HandResult",
    "Phase",
    "Play",
    "PointTable",
    "Trick",
    "point_table",
    "score_points",
    "team_of",
]


class Hand:
    """A hand in progress: :meth:`from_deal`, :meth:`from_deck` or :meth:`random_deal`."""

    __slots__ = ("state",)

    state: State

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
        """Start a hand from dealt masks and a stock (card indices, top first). Validates
        the deal: 9 cards a seat, 16 in the stock, every card exactly once (``validate``
        is False only for deals the engine made itself), and the game score before the hand
        (AC, BD; default a new game's 0–0)."""
        self.state = State(profile, dealer, hands, stock, validate=validate, score=score)

    @classmethod
    def of(cls, state: State) -> Hand:
        """A validating hand over an existing state (shared, not copied)."""
        hand = cls.__new__(cls)
        hand.state = state
        return hand

    # -- construction ---------------------------------------------------------------------
    @classmethod
    def from_deal(
        cls,
        profile: Profile,
        dealer: int,
        hands: Mapping[int, Sequence[int]],
        stock: Sequence[int],
        *,
        score: tuple[int, int] = FRESH_GAME,
    ) -> Hand:
        masks = []
        for seat in range(4):
            cards = hands.get(seat, ())
            m = mask_of(cards)
            if m.bit_count() != len(cards):
                raise InvalidInput(f"seat {SEATS[seat]} is dealt the same card twice")
            masks.append(m)
        return cls(profile, dealer, masks, stock, score=score)

    @classmethod
    def from_deck(cls, profile: Profile, dealer: int, deck: Sequence[int]) -> Hand:
        """Deal a 52-card order (top first) in threes, clockwise from the dealer's left,
        until each player has 9; the remaining 16 are the stock, top first."""
        return cls.of(State.from_deck(profile, dealer, deck))

    @classmethod
    def random_deal(cls, profile: Profile, dealer: int, rng: random.Random) -> Hand:
        """A uniformly shuffled deal (Fisher-Yates on ``rng``), dealt as :meth:`from_deck`."""
        return cls.of(State.random_deal(profile, dealer, rng))

    def copy(self) -> Hand:
        return Hand.of(self.state.copy())

    def undo(self) -> None:
        """Take back the last action (a whole refill is several actions)."""
        self.state.undo()

    # -- the state, read-only by convention -----------------------------------------------
    @property
    def profile(self) -> Profile:
        return self.state.profile

    @property
    def dealer(self) -> int:
        return self.state.dealer

    @property
    def phase(self) -> Phase:
        return self.state.phase

    @property
    def to_act(self) -> int:
        return self.state.to_act

    @property
    def hands(self) -> list[int]:
        return self.state.hands

    @property
    def stock(self) -> list[int]:
        return list(self.state.stock)

    @property
    def calls(self) -> list[tuple[int, int | None]]:
        return self.state.calls

    @property
    def passed(self) -> list[bool]:
        return self.state.passed

    @property
    def high_bid(self) -> int | None:
        return self.state.high_bid

    @property
    def high_seat(self) -> int | None:
        return self.state.high_seat

    @property
    def trump(self) -> int:
        return self.state.trump

    @property
    def trump_mask(self) -> int:
        return self.state.trump_mask

    @property
    def refill_log(self) -> RefillLog | None:
        return self.state.refill_log

    @property
    def start_hands(self) -> tuple[int, int, int, int]:
        return self.state.start_hands

    @property
    def tricks(self) -> list[Trick]:
        return self.state.tricks

    @property
    def trick_plays(self) -> list[Play]:
        return self.state.trick_plays

    @property
    def captured(self) -> list[int]:
        return self.state.captured

    @property
    def capture_value(self) -> dict[int, int]:
        """card → points it carries to whoever captures it (once play has begun)."""
        s = self.state
        if s.phase not in (Phase.PLAY, Phase.DONE) or s.trump < 0:
            return {}
        return point_table(s.profile, s.trump, s.in_play).capture_value

    def __getattr__(self, name: str) -> Any:  # the other fields of the state
        if name == "state":
            raise AttributeError(name)
        return getattr(self.state, name)

    # -- bidding --------------------------------------------------------------------------
    def legal_bids(self) -> list[int | None]:
        """Calls the player to act may make: ``None`` for pass, then bid values."""
        return self.state.legal_calls()

    def bid(self, seat: int, value: int | None) -> None:
        """Pass (``None``) or bid ``value``. A pass is final."""
        s = self.state
        err = phase_error(s, Phase.BID, seat)
        if err:
            raise err
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise InvalidInput(f"a bid is a whole number or None (pass), not {value!r}")
        err = call_error(s, seat, value)
        if err:
            raise err
        s.apply(Call(value))

    # -- trump ----------------------------------------------------------------------------
    def name_trump(self, seat: int, suit: Suit | int) -> None:
        """The high bidder names any suit as trump."""
        err = trump_error(self.state, seat)
        if err:
            raise err
        if isinstance(suit, bool) or not isinstance(suit, int) or not 0 <= suit <= 3:
            raise InvalidInput(f"a suit is 0..3 (clubs, diamonds, hearts, spades), not {suit!r}")
        self.state.apply(NameTrump(int(suit)))

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
        s = self.state
        if not s.profile.draw and s.phase is Phase.PLAY and not s.tricks and not s.trick_plays:
            _no_refill(s, keep, dealer_keeps, reshuffle)
            return  # no-draw: nothing to do, the dealt hands are played
        err = phase_error(s, Phase.REFILL)
        if err:
            raise err
        kept: list[tuple[int, ...]] = []
        for seat in range(4):
            cards = tuple(keep.get(seat, ())) if keep else ()
            err = keep_error(s, seat, cards)
            if err:
                raise err
            kept.append(tuple(c for c in cards if not (s.trump_mask >> c) & 1))
        order = _check_refill(s, kept, dealer_keeps, reshuffle, rng)
        work = s.copy()
        while work.phase is Phase.REFILL:
            if work.pending == KEEP:
                work.apply(Keep(kept[work.to_act]))
            elif work.pending == DEALER_KEEPS:
                options, count = work.pending_info
                assert isinstance(options, tuple) and isinstance(count, int)
                choice = tuple(dealer_keeps) if dealer_keeps is not None else options[:count]
                work.apply(DealerKeep(choice))
            elif work.pending == RESHUFFLE:
                assert order is not None
                work.apply(Reshuffle(order))
            else:  # pragma: no cover - a profile whose refill needs no decision
                break
        _adopt(s, work)

    # -- play -----------------------------------------------------------------------------
    def pile_size(self, seat: int | None = None) -> int:
        """How many cards must go beneath the top card for ``seat`` (default: the player to
        act) on this trick: n − 6 on the first trick for a hand of n > 6 cards, else 0."""
        return self.state.pile_size(seat)

    def legal_mask(self) -> int:
        """Mask of the cards the player to act may play (as the top card of a pile)."""
        return self.state.legal_play_mask()

    def legal_beneath_mask(self, card: int) -> int:
        """Cards that may go beneath ``card`` in the pile of the player to act."""
        return self.state.legal_beneath_mask(card)

    def play(self, seat: int, card: int, beneath: Sequence[int] = ()) -> None:
        """Play ``card`` (with ``beneath`` on the first trick if the hand holds more than 6)."""
        err = play_error(self.state, seat, card, beneath)
        if err:
            raise err
        self.state.apply(PlayCard(card, tuple(beneath)))

    def is_done(self) -> bool:
        """True once the hand is over (all tricks played, or thrown in)."""
        return self.state.phase is Phase.DONE

    def result(self) -> HandResult:
        """The finished hand's points, owners and score change."""
        return hand_result(self.state)


def _check_refill(
    s: State,
    kept: list[tuple[int, ...]],
    dealer_keeps: Sequence[int] | None,
    reshuffle: Sequence[int] | None,
    rng: random.Random | None,
) -> tuple[int, ...] | None:
    """Run the profile's refill once with the given choices as a whole, so that a choice the
    rules refuse raises the refill function's own error; return the new stock's order if
    the stock ran out (shuffled with ``rng`` when not given)."""
    tm = s.trump_mask
    hands = [(h & tm) | mask_of(kept[seat]) for seat, h in enumerate(s.hands)]
    log = RefillLog(discard_masks=[h & ~hands[seat] for seat, h in enumerate(s.hands)])
    order: list[int] = []

    def reshuffler(cards: list[int]) -> list[int]:
        if reshuffle is not None:
            new = list(reshuffle)
        elif rng is None:
            raise IllegalAction(
                Reason.RESHUFFLE_INVALID,
                "the stock ran out: give the new stock (`reshuffle:`), the discarded "
                f"non-trumps in any order: {' '.join(CODES[c] for c in sorted(cards))}",
            )
        else:
            new = list(cards)
            rng.shuffle(new)
        order.extend(new)
        return new

    if not s.profile.draw:
        return None
    s.profile.refill(tm, s.dealer, hands, s.stock, log, reshuffler, dealer_keeps)
    return tuple(order) if log.reshuffled is not None else None


def _no_refill(
    s: State,
    keep: Mapping[int, Sequence[int]] | None,
    dealer_keeps: Sequence[int] | None,
    reshuffle: Sequence[int] | None,
) -> None:
    """A profile without the draw: refuse any discard or refill choice."""
    for seat, cards in (keep or {}).items():
        if cards:
            raise IllegalAction(
                Reason.KEEP_NOT_ALLOWED,
                f"in {s.profile.name} there is no discard: every dealt card is played",
                seat=seat,
                card=CODES[next(iter(cards))],
            )
    if dealer_keeps or reshuffle:
        raise IllegalAction(
            (Reason.DEALER_KEEPS_INVALID if dealer_keeps else Reason.RESHUFFLE_INVALID),
            f"in {s.profile.name} there is no refill",
            seat=s.dealer,
        )


def _adopt(target: State, source: State) -> None:
    for name in STATE_SLOTS:
        setattr(target, name, getattr(source, name))

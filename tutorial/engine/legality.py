"""Why an action is illegal: the rule, as an :class:`~tutorial.engine.errors.IllegalAction`.

:func:`why_illegal` answers for any action in any state (None when it is legal). Each check
returns the error rather than raising it, so a caller can list the reasons of several
candidate actions; the validating :class:`~tutorial.engine.hand.Hand` raises them. The
reason codes and facts (``seat``, ``card``, ``required``) are the stable ones the catalogs
translate.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutorial.engine.actions import Action, Call, DealerKeep, Keep, NameTrump, PlayCard, Reshuffle
from tutorial.engine.cards import CODES, iter_bits, mask_of
from tutorial.engine.errors import IllegalAction, InvalidInput, Reason
from tutorial.engine.seats import SEAT_LETTERS, SUIT_LETTERS
from tutorial.engine.state import CHANCE, DEALER_KEEPS, KEEP, RESHUFFLE, Phase, State


def phase_error(state: State, phase: Phase, seat: int | None = None) -> IllegalAction | None:
    """Not this phase, or (when ``seat`` is given) not this seat's turn."""
    if state.phase is not phase:
        return IllegalAction(
            Reason.WRONG_PHASE,
            f"this is the {state.phase.value} phase, not {phase.value}",
            seat=seat,
            required=state.phase.value,
        )
    if seat is not None and seat != state.to_act:
        if state.to_act == CHANCE:
            return IllegalAction(
                Reason.NOT_YOUR_TURN,
                "the stock ran out: the discards are reshuffled before anyone acts",
                seat=seat,
                required=RESHUFFLE,
            )
        return IllegalAction(
            Reason.NOT_YOUR_TURN,
            f"it is {SEAT_LETTERS[state.to_act]}'s turn, not {SEAT_LETTERS[seat]}'s",
            seat=seat,
            required=SEAT_LETTERS[state.to_act],
        )
    return None


def call_error(state: State, seat: int, value: int | None) -> IllegalAction | None:
    err = phase_error(state, Phase.BID, seat)
    if err:
        return err
    p = state.profile
    forced = state.dealer_forced()
    if value is None:
        if forced:
            return IllegalAction(
                Reason.DEALER_MUST_BID,
                f"the first three passed, so the dealer must bid {p.dealer_forced_bid}",
                seat=seat,
                required=str(p.dealer_forced_bid),
            )
        return None
    if forced and value != p.dealer_forced_bid:
        return IllegalAction(
            Reason.DEALER_MUST_BID,
            f"the first three passed, so the dealer's only call is {p.dealer_forced_bid}",
            seat=seat,
            required=str(p.dealer_forced_bid),
            bid=value,
        )
    if not p.bid_min <= value <= p.bid_max:
        return IllegalAction(
            Reason.BID_OUT_OF_RANGE,
            f"a bid must be from {p.bid_min} to {p.bid_max}, not {value}",
            seat=seat,
            required=f"{p.bid_min}-{p.bid_max}",
            bid=value,
        )
    if state.high_bid is not None and value <= state.high_bid:
        return IllegalAction(
            Reason.BID_NOT_HIGHER,
            f"a bid must be higher than the current bid of {state.high_bid}, not {value}",
            seat=seat,
            required=str(state.high_bid + 1),
            bid=value,
        )
    return None


def trump_error(state: State, seat: int) -> IllegalAction | None:
    if state.phase is Phase.TRUMP and seat != state.high_seat:
        return IllegalAction(
            Reason.NOT_HIGH_BIDDER,
            f"only the high bidder, {SEAT_LETTERS[state.to_act]}, names trump",
            seat=seat,
            required=SEAT_LETTERS[state.to_act],
        )
    return phase_error(state, Phase.TRUMP, seat)


def keep_error(state: State, seat: int, cards: Sequence[int]) -> IllegalAction | None:
    """The cards ``seat`` keeps at the discard (trumps are kept anyway)."""
    tm = state.trump_mask
    h = state.hands[seat]
    for c in cards:
        if not (h >> c) & 1:
            return IllegalAction(
                Reason.CARD_NOT_IN_HAND,
                f"cannot keep {CODES[c]}: it is not in the hand",
                seat=seat,
                card=CODES[c],
            )
        if not state.profile.keep_non_trumps and not (tm >> c) & 1:
            return IllegalAction(
                Reason.KEEP_NOT_ALLOWED,
                f"every non-trump must be discarded, including {CODES[c]}",
                seat=seat,
                card=CODES[c],
            )
    km = mask_of(cards) & ~tm
    trumps = h & tm
    room = max(0, state.profile.hand_size - trumps.bit_count())
    if km.bit_count() > room:
        return IllegalAction(
            Reason.KEEP_TOO_MANY,
            f"with {trumps.bit_count()} trumps, at most {room} non-trump(s) may be kept",
            seat=seat,
            required=str(room),
        )
    return None


def play_error(
    state: State, seat: int, card: int, beneath: Sequence[int] = ()
) -> IllegalAction | None:
    """Why ``seat`` may not play ``card`` (with ``beneath``); raises InvalidInput for
    something that is not a card."""
    if state.phase is not Phase.PLAY or seat != state.to_act:
        err = phase_error(state, Phase.PLAY, seat)
        if err:
            return err
    if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 52:
        raise InvalidInput(f"a card is an index 0..51, not {card!r}")
    h = state.hands[seat]
    if not (state.legal_play_mask() >> card) & 1:
        if not (h >> card) & 1:
            return IllegalAction(
                Reason.CARD_NOT_IN_HAND,
                f"{CODES[card]} is not in the hand",
                seat=seat,
                card=CODES[card],
            )
        return _follow_error(state, seat, card, h)
    if beneath or state.pile_size(seat):
        return _pile_error(state, seat, card, beneath, h, state.pile_size(seat))
    return None


def _follow_error(state: State, seat: int, card: int, h: int) -> IllegalAction:
    led = state.led
    suit = SUIT_LETTERS[led] if led >= 0 else None
    if led == state.trump:
        return IllegalAction(
            Reason.MUST_FOLLOW_TRUMP,
            f"trump was led and the hand holds a trump, so {CODES[card]} may not be played",
            seat=seat,
            card=CODES[card],
            required=suit,
        )
    if (
        led >= 0
        and h & state.plain_masks[led]
        and not (state.trump_mask >> card) & 1
        and state.tables.effective[state.trump][card] != led
    ):
        return IllegalAction(
            Reason.MUST_FOLLOW_SUIT_OR_TRUMP,
            f"{SUIT_LETTERS[led]} was led and the hand holds that suit: follow "
            f"suit or trump, not {CODES[card]}",
            seat=seat,
            card=CODES[card],
            required=suit,
        )
    return IllegalAction(
        Reason.PILE_TOP_NEEDED_BENEATH,
        f"{CODES[card]} cannot top the pile: every non-scoring trump is needed beneath it",
        seat=seat,
        card=CODES[card],
    )


def _pile_error(
    state: State, seat: int, card: int, beneath: Sequence[int], h: int, k: int
) -> IllegalAction | None:
    if k == 0:
        return IllegalAction(
            Reason.PILE_NOT_ALLOWED,
            "only a hand of more than "
            f"{state.profile.hand_size} cards plays a pile, and only on the first trick",
            seat=seat,
            card=CODES[card],
        )
    if len(beneath) != k:
        reason = Reason.PILE_REQUIRED if not beneath else Reason.PILE_WRONG_SIZE
        return IllegalAction(
            reason,
            f"with {h.bit_count()} cards, {k} card(s) must go beneath the "
            f"top card on the first trick, not {len(beneath)}",
            seat=seat,
            card=CODES[card],
            required=str(k),
        )
    allowed = state.legal_beneath_mask(card)
    seen = 1 << card
    for c in beneath:
        if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < 52:
            raise InvalidInput(f"a card is an index 0..51, not {c!r}")
        if (seen >> c) & 1 or not (h >> c) & 1:
            return IllegalAction(
                Reason.CARD_NOT_IN_HAND,
                f"{CODES[c]} is not (or no longer) in the hand",
                seat=seat,
                card=CODES[c],
            )
        seen |= 1 << c
        if not (allowed >> c) & 1:
            return IllegalAction(
                Reason.SCORING_TRUMP_BENEATH,
                f"{CODES[c]} is a scoring trump and may not go beneath the pile",
                seat=seat,
                card=CODES[c],
            )
    if not state.pile_strict(h & ~(1 << card), k):
        # variant tables only: all non-scoring cards must be beneath
        free = h & ~(1 << card) & ~state.beneath_forbidden
        if free & ~mask_of(beneath):
            c = next(iter_bits(free & ~mask_of(beneath)))
            return IllegalAction(
                Reason.SCORING_TRUMP_BENEATH,
                "a scoring trump may go beneath only when no other card "
                f"can: put {CODES[c]} there first",
                seat=seat,
                card=CODES[c],
            )
    return None


def _refill_error(state: State, kind: str, seat: int | None) -> IllegalAction | None:
    err = phase_error(state, Phase.REFILL, seat)
    if err:
        return err
    if state.pending != kind:
        waiting = state.pending or "nothing"
        return IllegalAction(
            Reason.WRONG_PHASE,
            f"the refill is waiting for {waiting.replace('_', ' ')}, not {kind.replace('_', ' ')}",
            seat=seat,
            required=waiting,
        )
    return None


def why_illegal(state: State, action: Action, seat: int | None = None) -> IllegalAction | None:
    """None if ``action`` is legal for the player to act (or for ``seat``, when given),
    otherwise the error naming the rule that forbids it."""
    who = state.to_act if seat is None else seat
    if type(action) is PlayCard:
        return play_error(state, who, action.card, action.beneath)
    if type(action) is Call:
        return call_error(state, who, action.value)
    if type(action) is NameTrump:
        return trump_error(state, who)
    if type(action) is Keep:
        return _refill_error(state, KEEP, seat) or keep_error(state, who, action.cards)
    if type(action) in (DealerKeep, Reshuffle):
        kind = DEALER_KEEPS if type(action) is DealerKeep else RESHUFFLE
        err = _refill_error(state, kind, seat)
        if err:
            return err
        trial = state.copy()
        try:
            trial.apply(action)  # the profile's refill function checks the choice itself
        except IllegalAction as exc:
            return exc
        return None
    raise TypeError(f"not an action: {action!r}")

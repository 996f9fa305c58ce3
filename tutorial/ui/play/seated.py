"""A player's decisions at a shared table, for whichever seat they sit at: the calls, the
trump, the keep, the dealer's keep, the pile and the card (clicked on the table).

The same controls and words as the practice table's (:mod:`tutorial.ui.play.controls`, which
is written for seat A), drawn for :attr:`Seated.seat` from that seat's view only; an action
is checked by the engine again when it is taken (:meth:`tutorial.practice.together.Table.check`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import streamlit as st

from tutorial.engine.actions import Action, Call, DealerKeep, Keep, NameTrump, PlayCard
from tutorial.engine.cards import Card, Suit, iter_bits
from tutorial.engine.observe import Observation
from tutorial.engine.profiles import get_profile
from tutorial.engine.state import DEALER_KEEPS, KEEP, Phase, State
from tutorial.explain import card_label, suit_name
from tutorial.i18n import Translator
from tutorial.ui.table import cardbuttons


@dataclass(frozen=True)
class Seated:
    """One player's decision point: their seat, the hand's state (read only through the
    seat's view: its own hand, what is public), the position's token and what taking an
    action does."""

    t: Translator
    seat: int
    state: State
    obs: Observation
    profile: str
    position: str
    """``code.hand.pos``: widget keys include it, so a click never reaches a later position."""
    take: Callable[[Action], None]

    @property
    def key(self) -> str:
        return "tbl_" + self.position.replace(".", "_")

    @property
    def trump(self) -> int | None:
        return self.state.trump if self.state.trump >= 0 else None


def decision(d: Seated) -> None:
    """The control for the seat's decision now (calls, trump, keep), if any."""
    state = d.state
    if state.to_act != d.seat:
        return
    if state.phase is Phase.BID:
        _calls(d)
    elif state.phase is Phase.TRUMP:
        _trump(d)
    elif state.phase is Phase.REFILL and state.pending == KEEP:
        _keep(d)
    elif state.phase is Phase.REFILL and state.pending == DEALER_KEEPS:
        _dealer_keep(d)


def _calls(d: Seated) -> None:
    t = d.t
    st.markdown(t("**Your call.** Bid how many points your side will take, or pass."))
    with st.container(horizontal=True, gap="small", key=f"{d.key}_calls"):
        for v in d.state.legal_calls():
            st.button(
                t("Pass") if v is None else str(v),
                key=f"{d.key}_call_{'pass' if v is None else v}",
                on_click=d.take,
                args=(Call(v),),
            )


def _trump(d: Seated) -> None:
    t = d.t
    st.markdown(t("**You won the bidding.** Name the trump suit."))
    with st.container(horizontal=True, gap="small", key=f"{d.key}_trumps"):
        for suit in range(4):
            st.button(
                f"{Suit(suit).symbol} {suit_name(t, suit)}",
                key=f"{d.key}_trump_{suit}",
                on_click=d.take,
                args=(NameTrump(suit),),
            )


def _pick(d: Seated, key: str, cards: list[int], label: str) -> list[int]:
    p = get_profile(d.profile)
    chosen = st.pills(
        label,
        options=[Card(c).code for c in cards],
        selection_mode="multi",
        key=key,
        format_func=lambda code: card_label(d.t, Card.parse(code).index, d.trump, p),
    )
    return [Card.parse(c).index for c in (chosen or [])]


def _keep(d: Seated) -> None:
    t = d.t
    hand = d.obs.hand
    plain = list(iter_bits(hand & ~d.state.trump_mask))
    room = max(0, d.state.profile.hand_size - (hand & d.state.trump_mask).bit_count())
    st.markdown(
        t.n(
            "**Discard.** Your trumps stay in your hand; you may keep up to {n} other card.",
            "**Discard.** Your trumps stay in your hand; you may keep up to {n} other cards.",
            room,
        )
    )
    chosen = _pick(d, f"{d.key}_keep", plain, t("Non-trumps to keep"))
    st.button(
        t("Discard the others"),
        key=f"{d.key}_keep_go",
        on_click=d.take,
        args=(Keep(tuple(sorted(chosen))),),
    )


def _dealer_keep(d: Seated) -> None:
    t = d.t
    options, count = d.state.pending_info  # shown only to the dealer, whose turn it is
    assert isinstance(options, tuple) and isinstance(count, int)
    st.markdown(
        t.n(
            "**You are the dealer.** From the rest of the stock, keep {n} card that is not "
            "a trump (the trumps are yours anyway). What you keep stays secret.",
            "**You are the dealer.** From the rest of the stock, keep {n} cards that are not "
            "trumps (the trumps are yours anyway). What you keep stays secret.",
            count,
        )
    )
    chosen = _pick(d, f"{d.key}_dkeep", list(options), t("Cards to keep"))
    st.button(
        t("Keep these"),
        key=f"{d.key}_dkeep_go",
        on_click=d.take,
        args=(DealerKeep(tuple(chosen)),),
    )


def _pile(d: Seated) -> tuple[int, ...] | None:
    """The cards the seat puts beneath its first card (more than six in hand); None while
    the choice is not complete."""
    t = d.t
    k = d.state.pile_size(d.seat)
    hand = d.obs.hand
    st.markdown(
        t.n(
            "**Your pile.** You hold more than 6 cards: choose {n} card to go beneath the "
            "card you play, then click the card to play on top.",
            "**Your pile.** You hold more than 6 cards: choose {n} cards to go beneath the "
            "card you play, then click the card to play on top.",
            k,
        )
    )
    free = hand & ~d.state.beneath_forbidden
    allowed = free if free.bit_count() >= k else hand
    chosen = _pick(d, f"{d.key}_pile", list(iter_bits(allowed)), t("Beneath the top card"))
    return tuple(sorted(chosen)) if len(chosen) == k else None


def table_and_cards(d: Seated, table: str, *, hint: int | None = None) -> None:
    """The table with the seat's cards in its place at the bottom: buttons when it is to
    play, pictures otherwise."""
    t = d.t
    state = d.state
    mine = state.phase is Phase.PLAY and state.to_act == d.seat
    beneath: tuple[int, ...] | None = ()
    if mine and state.pile_size(d.seat):
        beneath = _pile(d)
    if mine:
        choices = cardbuttons.play_choices(t, state, d.seat)
    else:  # what the seat holds now (during the refill: what it kept and took)
        choices = cardbuttons.Choices(tuple(iter_bits(d.obs.hand)), frozenset(), {})
    legal = set(choices.legal)
    reasons = dict(choices.reasons)
    if beneath is None:
        for c in choices.cards:
            reasons[c] = t("First choose the cards that go beneath the top card.")
        legal = set()
    elif beneath:
        legal = {c for c in legal if c not in beneath}
        for c in beneath:
            reasons[c] = t("This card goes beneath the top card.")
    picked = cardbuttons.card_buttons(
        t,
        key=f"tbl_cards_{d.seat}",
        cards=choices.cards,
        legal=legal,
        reasons=reasons,
        trump=d.trump,
        profile=state.profile,
        passive=not mine,
        table=table,
        hint=hint,
        group_label=t("Your cards: choose one to play") if mine else t("Your cards"),
        on_play=(lambda card: d.take(PlayCard(card, beneath or ()))) if mine else None,
        position=d.position,
    )
    if picked is not None and mine:  # a click no callback handled (e.g. in AppTest)
        d.take(PlayCard(picked, beneath or ()))

"""The learner's decisions at the practice table, one phase at a time: calls, trump, the
keep, the dealer's keep, the pile and the card (clicked on the table itself).

Each control offers only what the engine allows; an action is checked again by the engine
when it is taken (:meth:`Game.act`), and a refusal says which rule forbids it."""

from __future__ import annotations

import streamlit as st

from tutorial.engine.actions import Action, Call, DealerKeep, Keep, NameTrump, PlayCard
from tutorial.engine.cards import Card, Suit, iter_bits
from tutorial.engine.profiles import get_profile
from tutorial.engine.state import DEALER_KEEPS, KEEP, Phase
from tutorial.explain import card_label, explain_illegal, suit_name
from tutorial.i18n import Translator
from tutorial.practice.game import LEARNER, Game
from tutorial.ui import slots
from tutorial.ui.session import Session
from tutorial.ui.table import cardbuttons


def _take(s: Session, g: Game, action: Action) -> None:
    take(s, g, action)


def take(s: Session, g: Game, action: Action) -> bool:
    """The learner takes ``action``: saved if the engine allows it, else the reason kept
    for the next run to show."""
    from tutorial.ui.play import flow as playflow

    err = g.act(action, LEARNER)
    if err is not None:
        slots.PLAY_REFUSED.set(explain_illegal(s.t, err.facts()))
        return False
    slots.PLAY_REFUSED.pop()
    slots.PLAY_PILE.pop()
    playflow.save(s, g)
    return True


def _calls(s: Session, g: Game) -> None:
    t = s.t
    state = g.state()
    st.markdown(t("**Your call.** Bid how many points your side will take, or pass."))
    # One wrapping row, not columns: columns stack one under another below 640 px, and on a
    # phone nine call buttons pushed the learner's hand two screens down.
    with st.container(horizontal=True, gap="small", key="play_calls"):
        for v in state.legal_calls():
            label = t("Pass") if v is None else str(v)
            st.button(
                label,
                key=f"play_call_{'pass' if v is None else v}",
                on_click=_take,
                args=(s, g, Call(v)),
            )


def _trump(s: Session, g: Game) -> None:
    t = s.t
    st.markdown(t("**You won the bidding.** Name the trump suit."))
    with st.container(horizontal=True, gap="small", key="play_trumps"):
        for suit in range(4):
            st.button(
                f"{Suit(suit).symbol} {suit_name(t, suit)}",
                key=f"play_trump_{suit}",
                on_click=_take,
                args=(s, g, NameTrump(suit)),
            )


def _pick_cards(
    s: Session, key: str, cards: list[int], trump: int | None, profile: str, label: str
) -> list[int]:
    p = get_profile(profile)
    chosen = st.pills(
        label,
        options=[Card(c).code for c in cards],
        selection_mode="multi",
        key=key,
        format_func=lambda code: card_label(s.t, Card.parse(code).index, trump, p),
    )
    return [Card.parse(c).index for c in (chosen or [])]


def _keep(s: Session, g: Game) -> None:
    t = s.t
    state = g.state()
    hand = state.hands[LEARNER]
    plain = [c for c in iter_bits(hand & ~state.trump_mask)]
    room = max(0, state.profile.hand_size - (hand & state.trump_mask).bit_count())
    st.markdown(
        t.n(
            "**Discard.** Your trumps stay in your hand; you may keep up to {n} other card.",
            "**Discard.** Your trumps stay in your hand; you may keep up to {n} other cards.",
            room,
        )
    )
    chosen = _pick_cards(
        s, f"play_keep_{g.number}", plain, state.trump, g.profile, t("Non-trumps to keep")
    )
    st.button(
        t("Discard the others"),
        key="play_keep_go",
        on_click=_take,
        args=(s, g, Keep(tuple(sorted(chosen)))),
    )


def _dealer_keep(s: Session, g: Game) -> None:
    t = s.t
    state = g.state()
    options, count = state.pending_info
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
    chosen = _pick_cards(
        s, f"play_dkeep_{g.number}", list(options), state.trump, g.profile, t("Cards to keep")
    )
    st.button(
        t("Keep these"),
        key="play_dkeep_go",
        on_click=_take,
        args=(s, g, DealerKeep(tuple(chosen))),
    )


def _pile(s: Session, g: Game) -> tuple[int, ...] | None:
    """The cards the learner puts beneath its first card (more than six cards in hand);
    None while the choice is not complete."""
    t = s.t
    state = g.state()
    k = state.pile_size(LEARNER)
    hand = state.hands[LEARNER]
    st.markdown(
        t.n(
            "**Your pile.** You hold more than 6 cards: choose {n} card to go beneath the "
            "card you play, then click the card to play on top.",
            "**Your pile.** You hold more than 6 cards: choose {n} cards to go beneath the "
            "card you play, then click the card to play on top.",
            k,
        )
    )
    free = hand & ~state.beneath_forbidden
    allowed = free if free.bit_count() >= k else hand
    chosen = _pick_cards(
        s,
        f"play_pile_{g.number}",
        list(iter_bits(allowed)),
        state.trump,
        g.profile,
        t("Beneath the top card"),
    )
    return tuple(sorted(chosen)) if len(chosen) == k else None


def table_picture(s: Session, g: Game, table: str) -> str:
    """The table with the learner's cards as pictures (no widget: it may be drawn several
    times in a run), for ``st.markdown(..., unsafe_allow_html=True)``: our own escaped HTML."""
    state = g.state()
    cards = cardbuttons.buttons_html(
        s.t,
        tuple(iter_bits(g.observation(LEARNER).hand)),  # during the refill: what A holds now
        (),
        {},
        state.trump if state.trump >= 0 else None,
        state.profile,
        group_label=s.t("Your cards"),
        passive=True,
    )
    slot = '<div class="cc-slot"></div>'
    body = table.replace(slot, f'<div class="cc-slot">{cards}</div>', 1)
    return f"<style>{cardbuttons.CSS}{RETAINED_CSS}</style>{body}"


RETAINED_CSS = '.st-key-play_table_box [data-retained="true"]{display:none}'
"""While this picture is drawn (the bots' turn), the card component it replaced is not shown:
the browser keeps a widget that another element replaces in its place until the run ends
(Streamlit *retains* it, faded, under the new element, so that it comes back as it was when
it is drawn again), and the learner's table stayed below the live one as a stale second
copy for as long as the bots played."""


def table_and_cards(s: Session, g: Game, table: str, *, hint: int | None = None) -> None:
    """The table with the learner's cards in its south seat: buttons when the learner is
    to play, pictures otherwise. A click plays the card (the bots' replies are drawn at the
    end of the run)."""
    t = s.t
    state = g.state()
    my_turn = state.phase is Phase.PLAY and state.to_act == LEARNER
    beneath: tuple[int, ...] | None = ()
    if my_turn and state.pile_size(LEARNER):
        beneath = _pile(s, g)
    choices = cardbuttons.play_choices(t, state, LEARNER)
    if state.phase is not Phase.PLAY:  # the refill: what A holds now, not the deal
        choices = cardbuttons.Choices(
            tuple(iter_bits(g.observation(LEARNER).hand)), frozenset(), {}
        )
    legal = set(choices.legal)
    reasons = dict(choices.reasons)
    if beneath is None:  # the pile is not chosen yet
        for c in choices.cards:
            reasons[c] = t("First choose the cards that go beneath the top card.")
        legal = set()
    elif beneath:
        allowed_top = [c for c in legal if c not in beneath]
        legal = set(allowed_top)
        for c in beneath:
            reasons[c] = t("This card goes beneath the top card.")
    picked = cardbuttons.card_buttons(
        t,
        key="play_cards",
        cards=choices.cards,
        legal=legal,
        reasons=reasons,
        trump=state.trump if state.trump >= 0 else None,
        profile=state.profile,
        passive=not my_turn,
        table=table,
        hint=hint,
        group_label=t("Your cards: choose one to play") if my_turn else t("Your cards"),
        on_play=(lambda card: take(s, g, PlayCard(card, beneath or ()))) if my_turn else None,
        position=position_token(g),
    )
    if picked is not None and my_turn:  # a click no callback handled (e.g. in AppTest)
        action = PlayCard(picked, beneath or ())
        if take(s, g, action):
            slots.PLAY_REDRAW.set(True)


def position_token(g: Game) -> str:
    """The position the learner's cards are offered in (hand, deal, actions taken): each
    card click carries it, so a late or repeated click is dropped (not played in the next
    trick, nor refused with "It is not A's turn")."""
    return f"{g.number}.{g.current.seed}.{len(g.current.actions)}"


def decision(s: Session, g: Game) -> None:
    """The control for the learner's decision now (calls, trump, keep), if any."""
    state = g.state()
    if state.to_act != LEARNER:
        return
    if state.phase is Phase.BID:
        _calls(s, g)
    elif state.phase is Phase.TRUMP:
        _trump(s, g)
    elif state.phase is Phase.REFILL and state.pending == KEEP:
        _keep(s, g)
    elif state.phase is Phase.REFILL and state.pending == DEALER_KEEPS:
        _dealer_keep(s, g)


def hint_text(t: Translator, g: Game, action: Action) -> str:
    p = get_profile(g.profile)
    state = g.state()
    trump = state.trump if state.trump >= 0 else None
    if isinstance(action, PlayCard):
        what = card_label(t, action.card, trump, p)
        if action.beneath:
            under = ", ".join(Card(c).pretty for c in action.beneath)
            return t("The expert would play {card}, with {cards} beneath.", card=what, cards=under)
        return t("The expert would play {card}.", card=what)
    if isinstance(action, Call):
        if action.value is None:
            return t("The expert would pass.")
        return t("The expert would bid {n}.", n=action.value)
    if isinstance(action, NameTrump):
        return t("The expert would name {suit} as trump.", suit=suit_name(t, action.suit))
    if isinstance(action, (Keep, DealerKeep)):
        kept = ", ".join(Card(c).pretty for c in action.cards) or "—"
        return t("The expert would keep: {cards}.", cards=kept)
    return str(action)

"""Puzzles from my games: the cards the coach marked as a mistake or a blunder at the practice
table (or at a shared table, from the learner's seat there) come back as positions, as the
learner saw them from their seat, when FSRS says they are due
(:mod:`tutorial.practice.retry`): find a better card."""

import streamlit as st

from tutorial import review_schedule as rs
from tutorial.coach.reasons import reason_text
from tutorial.engine.cards import Card
from tutorial.practice import retry
from tutorial.practice.game import Game, HandRecord
from tutorial.ui import slots
from tutorial.ui.app import current, pages
from tutorial.ui.play.hint import number, short_card
from tutorial.ui.play.table import table_html
from tutorial.ui.session import store
from tutorial.ui.table import cardbuttons

s = current()
t = s.t
st.title(t("Puzzles from my games"), anchor=False)
st.caption(
    t(
        "Cards the coach marked as a mistake or a blunder at the practice table or at a "
        "shared table come back here as you saw them from your seat: find a better card. "
        "The ones you miss come back sooner."
    )
)
items = store().items(s.learner, retry.PREFIX)
now = rs.now()
scheduled = retry.queue(items, now)
due = retry.due_now(scheduled, now)
every = {r.id: r for r in retry.positions(items)}
pick = slots.RETRY_PICK.get()  # (position id, its attempts when picked)
result = slots.RETRY_RESULT.get()  # (position id, attempts, card, right)
shown = every.get(pick[0]) if isinstance(pick, tuple) else None
if (
    shown is not None
    and not (result and result[0] == shown.id)
    and shown.id not in {x.id for x in due}
):
    shown = None  # learnt, or not due any more: the next due one
if shown is None:
    if not due and scheduled:  # all scheduled later: say when
        st.success(
            t.n(
                "Nothing is due now. {n} position to retry later: it comes back {when}.",
                "Nothing is due now. {n} positions to retry later: the next one comes back {when}.",
                len(scheduled),
                when=rs.in_words(s.lang, scheduled[0].card.wait(now)),
            ),
            icon=":material/schedule:",
        )
        st.page_link(
            pages(s)["play"], label=t("Play at the practice table"), icon=":material/playing_cards:"
        )
        st.stop()
    if not due:
        st.success(
            t("Nothing to retry: no costly card of yours is waiting."),
            icon=":material/celebration:",
        )
        st.page_link(
            pages(s)["play"], label=t("Play at the practice table"), icon=":material/playing_cards:"
        )
        st.stop()
    shown = due[0]
    pick = (shown.id, shown.attempts)
    slots.RETRY_PICK.set(pick)
    result = None
    slots.RETRY_RESULT.pop()
assert isinstance(pick, tuple)
st.caption(t.n("{n} position to retry.", "{n} positions to retry.", len(due)))
r = shown
state = r.state()
trump = state.trump if state.trump >= 0 else None
g = Game(r.profile, "random", r.seed, [HandRecord(r.seed, r.dealer, list(r.actions))])
played = Card(r.played.card).pretty
st.markdown(
    t(
        "**Find a better card.** Trick {n}: in the game you played {card} here.",
        n=len(state.tricks) + 1,
        card=played,
    )
)
answered = isinstance(result, tuple) and result[:2] == pick
note = None
if answered:
    assert isinstance(result, tuple)
    card, right = int(result[2]), bool(result[3])
    best, best_value = r.best
    value = r.value_of(card) or 0.0
    mine = short_card(t, card, trump, r.profile)
    lines = []
    if card == r.played.card:
        lines.append(t("That is the card you played in the game."))
    if right:
        lines.append(
            t(
                "{card} is a better card: your side's expected points {v}, against {w} "
                "with {played}.",
                card=mine,
                v=number(t, value),
                w=number(t, r.value_of(r.played.card) or 0.0),
                played=played,
            )
        )
    else:
        lines.append(
            t(
                "{card}: your side's expected points {v}; with {best}: {w}.",
                card=mine,
                v=number(t, value),
                best=short_card(t, best.card, trump, r.profile),
                w=number(t, best_value),
            )
        )
    reason = reason_text(r.reason, t) if r.reason else None
    if reason:
        lines.append(t("In the game: {reason}", reason=reason))
    lines.append(
        t(
            "Averages over the deals that fit what you had seen at that moment, each "
            "played out with every card visible."
        )
    )
    # under the cards, where the learner tapped (the card table scrolls it into view): an
    # alert under the table was off a phone's screen when the hand was low on it
    note = (t("Right!") if right else t("Not yet.")) + " " + " ".join(lines)

choices = cardbuttons.play_choices(t, state, r.seat)
clicked = cardbuttons.card_buttons(
    t,
    key=f"retry_{r.id}_{pick[1]}",
    cards=choices.cards,
    legal=() if answered else choices.legal,
    reasons=choices.reasons,
    trump=trump,
    profile=state.profile,
    table=table_html(t, g, r.seat),
    passive=answered,
    note=note,
    group_label=t("Your cards: choose one to play"),
)
if clicked is not None and not answered:
    right = r.is_better(clicked)
    retry.record(store(), s.learner, r.id, right, helped=right and not r.is_best(clicked))
    slots.RETRY_RESULT.set((r.id, pick[1], clicked, right))
    st.rerun()
if answered:

    def _next() -> None:
        slots.RETRY_PICK.pop()
        slots.RETRY_RESULT.pop()

    st.button(t("Next position"), key="retry_next", on_click=_next, type="primary")

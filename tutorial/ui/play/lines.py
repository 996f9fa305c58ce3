"""Replay of both lines from a decision of the review, on the table, step by step: the line
that happened (the hand as played from that card on) and the better line (the solver's best
play on the actual deal after the better card, everyone seeing every card). Shown once the
hand is over, when every card is public."""

from __future__ import annotations

import streamlit as st

from tutorial.engine.actions import PlayCard, parse_action
from tutorial.engine.cards import Card
from tutorial.i18n import Translator
from tutorial.practice.game import Game, HandRecord
from tutorial.practice.review import HandReview
from tutorial.ui import slots
from tutorial.ui.play.controls import table_picture
from tutorial.ui.play.table import table_html
from tutorial.ui.session import Session

"""Session key: (hand key, decision index, which line, step)."""


def _pretty(text: str) -> str:
    try:
        action = parse_action(text)
    except ValueError:
        return text
    return Card(action.card).pretty if isinstance(action, PlayCard) else text


def line_button(t: Translator, key: tuple[int, int, int], index: int, what: str) -> None:
    """The button that opens the replay of decision ``index`` (``what``: which card)."""

    def _open() -> None:
        slots.PLAY_LINE.set((key, index, 0, 0))

    st.button(
        t("Replay both lines — {what}", what=what),
        key=f"play_line_open_{index}",
        on_click=_open,
    )


def replay_lines(s: Session, g: Game, key: tuple[int, int, int], data: HandReview) -> None:
    """The replay box, if the learner opened one for this hand."""
    t = s.t
    opened = slots.PLAY_LINE.get()
    if not (isinstance(opened, tuple) and opened[0] == key):
        return
    _, index, which, step = opened
    found = data.line(index)
    rec = g.current
    if found is None or not 0 <= index < len(rec.actions):
        return
    better = list(found)
    happened = rec.actions[index:]
    line = [happened, better][which]
    step = max(0, min(step, len(line)))
    with st.container(border=True, key="play_lines_box"):
        names = [
            t("What happened (you played {card})", card=_pretty(happened[0])),
            t("The better line ({card}, then best play by everyone)", card=_pretty(better[0])),
        ]
        choice = st.radio(
            t("Line"),
            options=[0, 1],
            index=which,
            format_func=lambda i: names[i],
            key=f"play_line_which_{index}",
            horizontal=True,
        )
        if choice != which:
            which, step = int(choice), 0
            line = [happened, better][which]
        view = Game(g.profile, g.bots, g.seed, [HandRecord(rec.seed, rec.dealer)])
        view.current.actions = list(rec.actions[:index]) + list(line[:step])
        st.markdown(table_picture(s, view, table_html(t, view)), unsafe_allow_html=True)
        if step:
            st.caption(t("Card {n} of {m} of this line.", n=step, m=len(line)))
        else:  # the position the decision was taken in: no card of the line on the table yet
            st.caption(t("Before the first card of this line ({m} in all).", m=len(line)))
        cols = st.columns(3)

        def _go(to: int) -> None:
            slots.PLAY_LINE.set((key, index, which, max(0, min(to, len(line)))))

        cols[0].button(
            t("◀ Back"), key="play_line_back", on_click=_go, args=(step - 1,), width="stretch"
        )
        cols[1].button(
            t("Forward ▶"), key="play_line_fwd", on_click=_go, args=(step + 1,), width="stretch"
        )
        cols[2].button(
            t("Close"),
            key="play_line_close",
            on_click=_close,
            width="stretch",
        )
        slots.PLAY_LINE.set((key, index, which, step))


def _close() -> None:
    slots.PLAY_LINE.pop()

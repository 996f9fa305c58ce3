"""The end of a lesson: a short review of every question, with its state and a way back to
the step that asks it, and the lesson's stars."""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from tutorial.lessons.model import Lesson, YourDecision
from tutorial.mastery import MAX_STARS, move_right_at, stars
from tutorial.progress import Item, move_item, question_item
from tutorial.ui.lesson.quiz import status_text
from tutorial.ui.session import Session
from tutorial.ui.views import safe_md


def stars_text(s: Session, n: int) -> str:
    """``★★☆`` and its words, for the page and for screen readers."""
    marks = "★" * n + "☆" * (MAX_STARS - n)
    return marks + " " + s.t.n("{n} of {total} stars", "{n} of {total} stars", n, total=MAX_STARS)


def review(s: Session, lesson: Lesson, saved: dict[str, Item], go: Callable[[int], None]) -> None:
    t = s.t
    step_ids = [x.id for x in lesson.steps]
    with st.container(border=True, key=f"review:{lesson.id}"):
        st.subheader(t("Review of this lesson"), anchor=False)
        st.markdown(safe_md(stars_text(s, stars(lesson, saved))))
        st.caption(
            t(
                "3 stars: every question and every “your move” right at the first try; 2: all "
                "right within two tries; 1: all answered right."
            )
        )
        for n, q in enumerate(lesson.questions, 1):
            it = saved.get(question_item(lesson.id, q.id))
            cols = st.columns([5, 2], vertical_alignment="center")
            cols[0].markdown(
                f"**{n}.** " + safe_md(q.prompt.get(s.lang)) + "  \n" + safe_md(status_text(s, it))
            )
            where = step_ids.index(q.step)
            cols[1].button(
                t("Go to step {n}", n=where + 1),
                key=f"rv:{lesson.id}:{q.id}",
                on_click=go,
                args=(where,),
                width="stretch",
            )
        for step, mv in lesson.moves:
            it = saved.get(move_item(lesson.id, step.id, mv.at))
            where = step_ids.index(step.id)
            if isinstance(mv, YourDecision):
                what = (
                    t("{seat}'s call", seat=mv.seat)
                    if mv.kind == "call"
                    else t("{seat}'s keep from the stock", seat=mv.seat)
                    if mv.kind == "keep"
                    else t("{seat} names trump", seat=mv.seat)
                )
            else:
                what = t("{seat}'s card", seat=mv.seat)
            cols = st.columns([5, 2], vertical_alignment="center")
            cols[0].markdown(
                "**"
                + t("{option}:", option=safe_md(t("Your move")))  # fr: "Votre coup :"
                + "** "
                + safe_md(what)
                + "  \n"
                + safe_md(move_status(s, it))
            )
            cols[1].button(
                t("Go to step {n}", n=where + 1),
                key=f"rvm:{lesson.id}:{step.id}:{mv.at}",
                on_click=go,
                args=(where,),
                width="stretch",
            )


def move_status(s: Session, it: Item | None) -> str:
    """A "your move" state: right at the first try, after some tries, shown, or not yet."""
    t = s.t
    at = move_right_at(it)
    if at == 1:
        return t("Right on the first try.")
    if at is not None:
        return t.n("Right after {n} try.", "Right after {n} tries.", at)
    value = it.value if it is not None and isinstance(it.value, dict) else {}
    if value.get("shown"):
        return t("Shown, not played yet: play it again to count it.")
    return t("Not played yet.")

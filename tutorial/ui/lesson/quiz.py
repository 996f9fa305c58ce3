"""Quiz questions: the answer widget, judging by the engine, feedback, hint."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import streamlit as st

from tutorial.engine.cards import parse_index
from tutorial.engine.profiles import DEFAULT_PROFILE, get_profile
from tutorial.explain import card_label, team_name
from tutorial.lessons.cardwhy import question_feedback
from tutorial.lessons.judge import judge
from tutorial.lessons.model import Lesson, Question
from tutorial.progress import Item, question_item
from tutorial.scenario.results import GameReport, ScoreReport
from tutorial.ui import slots
from tutorial.ui.reveal import pills_keep_scroll, reveal
from tutorial.ui.session import Session, keep, store
from tutorial.ui.views import moment_table, safe_md


def question_view(
    s: Session, lesson: Lesson, q: Question, number: int, saved: dict[str, Item] | None = None
) -> None:
    """One question. The answer widgets are not in a form: every pick reaches the session at
    once, so an answer not yet checked stays visible (and is what is judged) when another
    widget reruns the page or the language changes. ``saved`` (the lesson's stored items) shows
    a returning learner each question's state and last answer; it is updated on a check."""
    t = s.t
    base = f"{lesson.id}:{q.id}"
    result = slots.ANSWER_RESULT(lesson.id, q.id)
    item = question_item(lesson.id, q.id)
    saved = saved if saved is not None else {}
    restored = slots.RESTORED(lesson.id, q.id)
    if not restored.get():
        restored.set(True)
        if item in saved:
            _restore(q, base, saved[item])
    with st.container(border=True, key=f"q:{base}"):
        st.markdown(f"**{number}.** " + safe_md(q.prompt.get(s.lang)))
        answered = bool((done := result.get()) and done.ok)
        if q.scenario is not None and q.type != "cards":
            scenario_preview(s, q, answered, plain=lesson.plain)
        response = answer_widget(s, q, base, answered, plain=lesson.plain)
        checked = st.button(t("Check my answer"), key=f"submit:{base}")
        if checked:
            if response is None or response == [] or response == ():
                result.set(slots.AnswerResult(None))
            else:
                ok = judge(q, response)
                result.set(slots.AnswerResult(ok, _jsonable(response)))
                saved[item] = store().answer(s.learner, lesson.id, q.id, _jsonable(response), ok)
                if ok and lesson.awaited(q.id):  # a note above waits for it: run the page again
                    slots.ANSWER_REVEAL(lesson.id, q.id).set(True)
                    st.rerun()
        res = result.get()
        if res is not None:
            with st.container(key=f"qf:{base}"):
                feedback(s, q, res)
            if checked or slots.ANSWER_REVEAL(lesson.id, q.id).pop():
                reveal(f"qf:{base}")  # drawn under the button just tapped: maybe off screen
            if item in store().outbox.items():
                st.caption(
                    "💾 "
                    + t("Not saved yet: this answer will be saved as soon as saving works again.")
                )
        st.caption(status_text(s, saved.get(item)))
        if st.toggle(t("Show a hint"), key=f"hint:{base}"):
            st.caption(safe_md(q.hint.get(s.lang)))


def feedback(s: Session, q: Question, res: slots.AnswerResult) -> None:
    """A checked answer's verdict: right (and why), not yet (and why that answer), or none."""
    t = s.t
    if res.ok is None:
        st.warning(t("Choose an answer first."))
    elif res.ok:
        st.success(t("Right!") + " " + safe_md(q.right.get(s.lang)), icon=":material/check_circle:")
    else:
        why = question_feedback(t, s.lang, q, res.response)
        st.info(
            t("Not yet.")
            + " "
            + " ".join(safe_md(x) for x in why or [q.wrong.get(s.lang)])
            + " "
            + t("Try again: there is no penalty."),
            icon=":material/replay:",
        )


def status_text(s: Session, it: Item | None) -> str:
    """A question's state: right at the first try, right after some tries, or not yet."""
    t = s.t
    if it is None:
        return t("Not answered yet.")
    value = it.value if isinstance(it.value, dict) else {}
    right_at = value.get("right_at")
    if it.done:
        if right_at == 1:
            return t("Right on the first try.")
        if isinstance(right_at, int) and right_at > 1:
            return t.n("Right after {n} try.", "Right after {n} tries.", right_at)
        return t("Answered right.")
    return t("Not right yet: try again.")


def _restore(q: Question, base: str, it: Item) -> None:
    """Put a returning learner's last checked answer back into its widget."""
    value = it.value if isinstance(it.value, dict) else {}
    answer = value.get("answer")
    if answer is None:
        return
    widget = slots.ANSWER(base)
    if q.type == "single" and answer in {o.id for o in q.options}:
        widget.set(answer)
    elif q.type == "multiple" and isinstance(answer, list):
        for o in q.options:
            slots.ANSWER(base, o.id).set(o.id in answer)
    elif q.type == "cards" and isinstance(answer, list):
        widget.set([c for c in answer if c in q.shown_cards])
    elif q.type == "number" and isinstance(answer, int):
        widget.set(answer)
    ok = value.get("ok")
    if isinstance(ok, bool):
        slots.ANSWER_RESULT(base).set(slots.AnswerResult(ok, answer))


def _jsonable(v: Any) -> Any:
    return list(v) if isinstance(v, tuple | set | list) else v


def scenario_preview(
    s: Session, q: Question, answered: bool = False, *, plain: bool = False
) -> None:
    """The question's scenario: a trick or legal moment's table (a plain question's without
    trump marks until ``answered`` right; ``plain``: a plain lesson's, always without), a
    score's or a game's figures."""
    assert q.scenario is not None
    rep = q.scenario.replay
    if rep.kind in ("trick", "legal"):
        frame = rep.timeline[-1]
        if rep.kind == "trick":  # show all cards, but not who wins
            frame = replace(frame, winner=None, winning_card=None)
        marks = not plain and (not q.plain or answered)
        st.markdown(moment_table(s.t, frame, rep.profile, marks=marks), unsafe_allow_html=True)
    elif isinstance(rep.report, ScoreReport | GameReport):
        lines = []
        t = s.t
        if isinstance(rep.report, ScoreReport):
            sc = rep.report.score
            lines.append(
                t(
                    "Score before the hand: A and C {ac}, B and D {bd}.",
                    ac=sc.before.ac,
                    bd=sc.before.bd,
                )
            )
            lines.append(
                t(
                    "{team} bid {bid}; points taken: A and C {ac}, B and D {bd}.",
                    team=team_name(t, sc.bidder),
                    bid=sc.bid,
                    ac=sc.points.ac,
                    bd=sc.points.bd,
                )
            )
        else:
            for n, h in enumerate(rep.report.hands, 1):
                lines.append(
                    t(
                        "Hand {n}: {team} bid {bid}; points A and C {ac}, B and D {bd}.",
                        n=n,
                        team=team_name(t, h.bidder),
                        bid=h.bid,
                        ac=h.points.ac,
                        bd=h.points.bd,
                    )
                )
        for line in lines:
            st.markdown("- " + safe_md(line))


# A card pick's label is the card's whole name ("5♦ — five of diamonds — Left Pedro, trump,
# 5 points"): Streamlit draws a pill on one line, cut with an ellipsis, so on a phone the
# words the question is about were cut ("… — Pedro iz…"). The picks of the lesson's card
# questions (keys ``ans:…``) wrap instead.
PILLS_WRAP = """<style>
[class*="st-key-ans-"] button[data-variant="pills"]{height:auto;max-width:100%;text-align:left}
[class*="st-key-ans-"] button[data-variant="pills"] *{white-space:normal;overflow:visible;
text-overflow:clip;overflow-wrap:anywhere}
</style>"""


def answer_widget(
    s: Session, q: Question, base: str, answered: bool = False, *, plain: bool = False
) -> Any:
    t = s.t
    label = t("Your answer")
    if q.type == "single":
        texts = {o.id: o.text.get(s.lang) for o in q.options}
        keep(f"ans:{base}")
        return st.radio(
            label,
            options=[o.id for o in q.options],
            index=None,
            format_func=lambda oid: texts[oid],
            key=f"ans:{base}",
        )
    if q.type == "multiple":
        chosen = []
        st.caption(t("Choose every right answer."))
        for o in q.options:
            if st.checkbox(o.text.get(s.lang), key=f"ans:{base}:{o.id}"):
                chosen.append(o.id)
        return chosen
    if q.type == "cards":
        profile = get_profile(q.scenario.replay.profile if q.scenario else DEFAULT_PROFILE)
        if q.scenario is not None:
            scenario_preview(s, q, answered, plain=plain)
        # the cards as cards: their roles (trump, Pedro, points) are what the question asks
        labels = {c: card_label(t, parse_index(c), None, profile) for c in q.shown_cards}
        st.html(PILLS_WRAP)
        pills_keep_scroll()
        keep(f"ans:{base}")
        picked = st.pills(
            t("Pick the cards"),
            options=list(q.shown_cards),
            selection_mode="multi",
            format_func=lambda c: labels[c],
            key=f"ans:{base}",
        )
        return list(picked or [])
    return st.number_input(label, step=1, value=None, key=f"ans:{base}")

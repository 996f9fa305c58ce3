"""Review my mistakes: the lesson questions answered wrong come back one at a time, spaced
like the drills (:mod:`tutorial.mistakes`); answers here never change the lessons' stars."""

import streamlit as st

from tutorial import mistakes
from tutorial.lessons.cardwhy import question_feedback
from tutorial.lessons.judge import judge
from tutorial.ui.app import current, pages
from tutorial.ui.quiz import answer_widget, scenario_preview
from tutorial.ui.session import course, link_params, store
from tutorial.ui.views import safe_md

s = current()
t = s.t
st.title(t("Review my mistakes"), anchor=False)
st.caption(
    t(
        "Questions you answered wrong in the lessons come back here, the weaker ones sooner, "
        "until you have answered each right three times in a row."
    )
)
items = store().items(s.learner)
_, due = mistakes.queue(course(), items)
pick = st.session_state.get("_review_pick")  # (lesson, question, its attempts when picked)
shown = None  # the question on screen: the one picked, until the learner asks for the next
if pick is not None and st.session_state.get(f"res:review:{pick[0]}:{pick[1]}:{pick[2]}"):
    lesson_ = course().lesson(pick[0])  # answered just now: its feedback stays, learnt or not
    question_ = lesson_.question(pick[1]) if lesson_ else None
    if lesson_ is not None and question_ is not None:
        shown = mistakes.Due(lesson_, question_, mistakes.Box())
if shown is None and pick is not None:
    shown = next((d for d in due if (d.lesson.id, d.question.id) == pick[:2]), None)
if shown is None:
    if not due:
        st.success(t("Nothing to review: no question answered wrong is waiting."), icon="🎉")
        st.stop()
    shown = due[0]
    pick = (shown.lesson.id, shown.question.id, shown.box.attempts)
    st.session_state["_review_pick"] = pick
if due:
    st.caption(t.n("{n} question to review.", "{n} questions to review.", len(due)))
current_due = shown
assert pick is not None
lesson, q = current_due.lesson, current_due.question
base = f"review:{lesson.id}:{q.id}:{pick[2]}"  # new widgets for each new attempt
with st.container(border=True, key=f"rq:{lesson.id}:{q.id}"):
    st.caption(
        t("Lesson {n}: {title}", n=lesson.number, title=lesson.title.get(s.lang))
        + " · "
        + t("step {n}", n=[x.id for x in lesson.steps].index(q.step) + 1)
    )
    st.markdown(safe_md(q.prompt.get(s.lang)))
    if q.scenario is not None and q.type != "cards":
        scenario_preview(s, q)
    response = answer_widget(s, q, base)
    result = st.session_state.get(f"res:{base}")
    if st.button(t("Check my answer"), key=f"submit:{base}", disabled=result is not None):
        if response is None or response == [] or response == ():
            st.warning(t("Choose an answer first."))
        else:
            ok = judge(q, response)
            box = mistakes.record(store(), s.learner, lesson.id, q.id, ok)
            result = {
                "ok": ok,
                "response": list(response) if isinstance(response, list) else response,
            }
            st.session_state[f"res:{base}"] = result
            st.rerun()
    if result is not None:
        if result["ok"]:
            st.success(t("Right!") + " " + safe_md(q.right.get(s.lang)), icon="✅")
        else:
            why = question_feedback(t, s.lang, q, result.get("response"))
            st.info(
                t("Not yet.") + " " + " ".join(safe_md(x) for x in why or [q.wrong.get(s.lang)]),
                icon="🔁",
            )

        def _next() -> None:
            st.session_state.pop("_review_pick", None)
            st.session_state.pop(f"res:{base}", None)

        st.button(t("Next question ▶"), key=f"next:{base}", on_click=_next, type="primary")
    st.page_link(
        pages(s)["lesson"],
        label=t("Open the step that teaches it"),
        icon="📘",
        query_params=link_params(s, lesson=lesson.id, step=q.step),
    )

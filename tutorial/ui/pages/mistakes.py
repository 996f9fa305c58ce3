"""Review my mistakes: the lesson questions answered wrong come back one at a time when FSRS
says they are due (:mod:`tutorial.mistakes`); answers here never change the lessons' stars."""

import streamlit as st

from tutorial import mistakes
from tutorial import review_schedule as rs
from tutorial.lessons.cardwhy import question_feedback
from tutorial.lessons.judge import judge
from tutorial.lessons.model import YourMove
from tutorial.ui import slots
from tutorial.ui.app import current, pages
from tutorial.ui.lesson.quiz import answer_widget, scenario_preview
from tutorial.ui.lesson.reviewmove import review_move
from tutorial.ui.reveal import reveal
from tutorial.ui.session import course, link_params, store
from tutorial.ui.views import safe_md

s = current()
t = s.t
st.title(t("Review my mistakes"), anchor=False)
st.caption(
    t(
        "Questions and moves you got wrong in the lessons come back here when they are "
        "due: minutes after a wrong answer, then at gaps of days that grow while you get "
        "them right, until you remember each for three weeks."
    )
)
items = store().items(s.learner)
now = rs.now()
scheduled = mistakes.queue(course(), items, now)
due = mistakes.due_now(scheduled, now)
pick = slots.REVIEW_PICK.get()  # (lesson, entry id, its attempts when picked)
shown = None  # the entry on screen: the one picked, until the learner asks for the next
if pick is not None and slots.ANSWER_RESULT("review", pick[0], pick[1], str(pick[2])).get():
    shown = mistakes.find(course(), pick[0], pick[1])  # answered just now: feedback stays
if shown is None and pick is not None:
    shown = next((d for d in due if (d.lesson.id, d.id) == pick[:2]), None)
if shown is None:
    if not due and scheduled:  # all scheduled later: say when, and what to do meanwhile
        st.success(
            t.n(
                "Nothing is due now. {n} mistake to review later: it comes back {when}.",
                "Nothing is due now. {n} mistakes to review later: the next one comes back {when}.",
                len(scheduled),
                when=rs.in_words(s.lang, scheduled[0].box.card.wait(now)),
            ),
            icon=":material/schedule:",
        )
        st.page_link(
            pages(s)["drills"],
            label=t("Meanwhile, practise with drills"),
            icon=":material/fitness_center:",
            query_params=link_params(s),
        )
        st.stop()
    if not due:
        st.success(
            t("Nothing to review: no question answered wrong is waiting."),
            icon=":material/celebration:",
        )
        st.stop()
    shown = due[0]
    pick = (shown.lesson.id, shown.id, shown.box.attempts)
    slots.REVIEW_PICK.set(pick)
if due:  # questions and "your move" moments counted apart: a move is not a question
    n_questions = sum(1 for d in due if d.question is not None)
    n_moves = len(due) - n_questions
    if n_questions and n_moves:
        waiting = t(
            "{questions} and {moves} to review.",
            questions=t.n("{n} question", "{n} questions", n_questions),
            moves=t.n("{n} move", "{n} moves", n_moves),
        )
    elif n_moves:
        waiting = t.n("{n} move to review.", "{n} moves to review.", n_moves)
    else:
        waiting = t.n("{n} question to review.", "{n} questions to review.", n_questions)
    st.caption(waiting)
current_due = shown
assert pick is not None
lesson, q = current_due.lesson, current_due.question
step_id = q.step if q is not None else current_due.step.id if current_due.step else ""
base = f"review:{lesson.id}:{current_due.id}:{pick[2]}"  # new widgets for each new attempt
key = current_due.id.replace("/", ":")
with st.container(border=True, key=f"rq:{lesson.id}:{key}"):
    st.caption(
        t("Lesson {n}: {title}", n=lesson.number, title=lesson.title.get(s.lang))
        + " · "
        + t("step {n}", n=[x.id for x in lesson.steps].index(step_id) + 1)
    )
    result = slots.ANSWER_RESULT(base).get()
    if q is None:  # a "your move" moment to play again
        step, mv = current_due.step, current_due.move
        assert step is not None and mv is not None
        st.markdown("**" + safe_md(t("Your move")) + "**")
        picked = review_move(s, step, mv, base, result, plain=lesson.plain)  # verdict in place
        if picked is not None and result is None:
            ok = picked == mv.card if isinstance(mv, YourMove) else mv.is_right(picked)
            mistakes.record(store(), s.learner, lesson.id, current_due.id, ok)
            slots.ANSWER_RESULT(base).set(slots.AnswerResult(ok, picked))
            st.rerun()
    else:
        st.markdown(safe_md(q.prompt.get(s.lang)))
        if q.scenario is not None and q.type != "cards":
            scenario_preview(s, q, plain=lesson.plain)
        response = answer_widget(s, q, base, plain=lesson.plain)
        hint = q.hint.get(s.lang) if result is None else ""  # right after it: rated Hard
        if hint and st.toggle(t("Show a hint"), key=f"rvhint:{base}"):
            slots.REVIEW_HINTED(base).set(True)  # seen once: hidden again counts
            st.caption(safe_md(hint))
        helped = bool(slots.REVIEW_HINTED(base).get())
        if st.button(t("Check my answer"), key=f"submit:{base}", disabled=result is not None):
            if response is None or response == [] or response == ():
                st.warning(t("Choose an answer first."))
            else:
                ok = judge(q, response)
                mistakes.record(store(), s.learner, lesson.id, q.id, ok, helped=helped)
                result = slots.AnswerResult(
                    ok, list(response) if isinstance(response, list) else response
                )
                slots.ANSWER_RESULT(base).set(result)
                slots.REVIEW_REVEAL.set(base)
                st.rerun()
        if result is not None:
            with st.container(key=f"rv_verdict:{base}"):
                if result.ok:
                    st.success(
                        t("Right!") + " " + safe_md(q.right.get(s.lang)),
                        icon=":material/check_circle:",
                    )
                else:
                    why = question_feedback(t, s.lang, q, result.response)
                    st.info(
                        t("Not yet.")
                        + " "
                        + " ".join(safe_md(x) for x in why or [q.wrong.get(s.lang)]),
                        icon=":material/replay:",
                    )
            if slots.REVIEW_REVEAL.pop() == base:  # just checked: a
                # phone showed the button at the screen's bottom edge, the verdict under it
                reveal(f"rv_verdict:{base}")
    if result is not None:

        def _next() -> None:
            slots.REVIEW_PICK.pop()
            slots.ANSWER_RESULT(base).pop()

        label = t("Next question ▶") if q is not None else t("Next ▶")  # a move: not a question
        st.button(label, key=f"next:{base}", on_click=_next, type="primary")
    st.page_link(
        pages(s)["lesson"],
        label=t("Open the step that teaches it"),
        icon=":material/school:",
        query_params=link_params(s, lesson=lesson.id, step=step_id),
    )

"""One lesson: introduction, steps with scenarios on the card table, quiz, reset."""

import streamlit as st

from tutorial.progress import lesson_prefix, position_item, question_item, step_item
from tutorial.ui import slots
from tutorial.ui.app import current, pages
from tutorial.ui.lesson.quiz import question_view
from tutorial.ui.lesson.review import review
from tutorial.ui.lesson.stepper import stepper
from tutorial.ui.mdsafe import plain_md
from tutorial.ui.session import course, keep, last_position, link_params, store
from tutorial.ui.views import md, safe_md

s = current()
t = s.t
c = course()
qp = st.query_params

if not c.lessons:
    st.error(t("No lesson could be loaded."))
    st.stop()
first = c.first or c.lessons[0]

wanted = qp.get("lesson")
lesson = c.lesson(wanted) if isinstance(wanted, str) else None
if lesson is None:
    if wanted is not None:
        broken = next((b for b in c.broken if b.lesson_id == wanted), None)
        if broken is None:  # a file that cannot be read at all does not tell its id
            broken = next((b for b in c.broken if b.lesson_id is None), None)
        if broken is not None:
            st.warning(
                t(
                    "This lesson is unavailable: {problem}",
                    problem=plain_md(broken.problems[0] if broken.problems else "?"),
                ),
                icon=":material/warning:",
            )
        else:
            st.info(
                t("There is no such lesson; here is lesson {n}.", n=first.number),
                icon=":material/info:",
            )
    else:  # no lesson in the link: the learner's most recent one, else the first
        recent = last_position(s.learner)
        lesson = c.lesson(str(recent.get("lesson"))) if recent else None
    lesson = lesson or first
    qp["lesson"] = lesson.id

# everything saved for this lesson, read once per run (steps, answers, stepper positions)
saved = store().items(s.learner, lesson_prefix(lesson.id))
step_ids = [x.id for x in lesson.steps]
at_step = slots.STEP(lesson.id)
url_step = slots.URL_STEP(lesson.id)
wanted_step = qp.get("step")
if at_step.get() not in step_ids:
    at = saved.get(position_item(lesson.id))
    start = at.value.get("step") if at and isinstance(at.value, dict) else None
    start = start if start in step_ids else None
    if isinstance(wanted_step, str) and wanted_step in step_ids:
        start = wanted_step
    elif wanted_step not in (None, ""):
        if start is None:
            st.info(
                t("That step does not exist in this lesson; starting at the first step."),
                icon=":material/info:",
            )
        else:
            st.info(
                t("That step does not exist in this lesson; continuing where you left off."),
                icon=":material/info:",
            )
    at_step.set(start or step_ids[0])
elif (
    isinstance(wanted_step, str)
    and wanted_step in step_ids
    and wanted_step != at_step.get()
    and url_step.get() != wanted_step
):
    at_step.set(wanted_step)  # a link to another step of this lesson

alt = " · " + t("alternative rules") if lesson.alternative else ""
if lesson.optional:
    alt += " · " + t("optional")
st.title(
    t("Lesson {n}: {title}", n=lesson.number, title=lesson.title.get(s.lang)) + alt, anchor=False
)

steps_by_id = {x.id: x for x in lesson.steps}


def _step_label(sid: str) -> str:
    return f"{step_ids.index(sid) + 1}. {steps_by_id[sid].title.get(s.lang)}"


keep(at_step)
st.selectbox(t("Step"), options=step_ids, key=at_step.key, format_func=_step_label)
chosen = at_step.get()
idx = step_ids.index(chosen if chosen in step_ids else step_ids[0])
step = lesson.steps[idx]
qp["step"] = step.id
url_step.set(step.id)
if idx == 0:
    md(lesson.intro.get(s.lang))
else:
    with st.expander(t("About this lesson")):
        md(lesson.intro.get(s.lang))

recorded = slots.RECORDED.setdefault(set())
mark = (s.learner, lesson.id, step.id)
if mark not in recorded:
    store().record(s.learner, step_item(lesson.id, step.id), True, done=True)
    store().save_position(s.learner, lesson.id, step.id)
    recorded.add(mark)

with st.container(border=True, key=f"step:{lesson.id}:{step.id}"):  # a place to return to
    st.subheader(f"{idx + 1}. {step.title.get(s.lang)}", anchor=False)
    md(step.text.get(s.lang))
    if step.scenario is not None:
        stepper(s, lesson, step, step.scenario, saved)

here = lesson.questions_of(step.id)
if here:  # concept, example, then a short check of this step
    st.subheader(t("Check yourself"), anchor=False)
    st.caption(safe_md(t("Feedback comes at once; you can try again as often as you like.")))
    numbers = {q.id: n for n, q in enumerate(lesson.questions, 1)}
    for q in here:
        question_view(s, lesson, q, numbers[q.id], saved)


def _go(to: int) -> None:
    at_step.set(step_ids[to])


cols = st.columns(2)
cols[0].button(
    t("◀ Previous step"),
    key=f"prev:{lesson.id}",
    on_click=_go,
    args=(max(idx - 1, 0),),
    disabled=idx == 0,
    width="stretch",
)
cols[1].button(
    t("Next step ▶"),
    key=f"next:{lesson.id}",
    on_click=_go,
    args=(min(idx + 1, len(step_ids) - 1),),
    disabled=idx == len(step_ids) - 1,
    width="stretch",
)

right = sum(
    1
    for q in lesson.questions
    if (it := saved.get(question_item(lesson.id, q.id))) is not None and it.done
)
if idx == len(step_ids) - 1:  # the end of the lesson: a short review of every question
    review(s, lesson, saved, _go)
if right == len(lesson.questions):
    st.success(
        t("Well done: every question of this lesson is answered."), icon=":material/celebration:"
    )
    later = [x for x in c.lessons if x.number > lesson.number]
    if later:
        st.page_link(
            pages(s)["lesson"],
            icon=":material/arrow_forward:",
            label=t(
                "Next: lesson {n}, {title}", n=later[0].number, title=later[0].title.get(s.lang)
            ),
            query_params=link_params(s, lesson=later[0].id),
        )
else:
    st.caption(
        t.n(
            "{n} of {total} question answered right.",
            "{n} of {total} questions answered right.",
            right,
            total=len(lesson.questions),
        )
    )


assert lesson is not None
this = lesson


def _reset() -> None:
    """Forget this lesson (a callback: it runs before any widget of the page is drawn, so
    the step selector may be moved back to the first step)."""
    store().reset(s.learner, lesson_prefix(this.id))
    slots.forget_lesson(this.id)
    at_step.set(step_ids[0])
    slots.RESET_DONE(this.id).set(True)


if slots.RESET_DONE(lesson.id).pop():  # outside the expander: the page
    st.success(
        t("This lesson starts again from its first step."), icon=":material/undo:"
    )  # changed, so
with st.expander(t("Start this lesson again")):  # the expander is drawn anew, closed
    st.caption(t("This forgets your steps and answers in this lesson only."))
    st.button(t("Reset this lesson"), key=f"reset:{lesson.id}", on_click=_reset)

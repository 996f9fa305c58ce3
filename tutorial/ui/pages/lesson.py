"""One lesson: introduction, steps with scenarios on the card table, quiz, reset."""

import time

import streamlit as st

from tutorial.progress import lesson_prefix, position_item, question_item, step_item
from tutorial.ui.app import current, pages
from tutorial.ui.mdsafe import plain_md
from tutorial.ui.session import course, keep, last_position, link_params, store
from tutorial.ui.views import md, question_view, safe_md, stepper

s = current()
t = s.t
c = course()
qp = st.query_params

if not c.lessons:
    st.error(t("No lesson could be loaded."))
    st.stop()

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
                icon="⚠️",
            )
        else:
            st.info(
                t("There is no such lesson; here is lesson {n}.", n=c.lessons[0].number), icon="ℹ️"
            )
    else:  # no lesson in the link: the learner's most recent one, else the first
        recent = last_position(s.learner)
        lesson = c.lesson(str(recent.get("lesson"))) if recent else None
    lesson = lesson or c.lessons[0]
    qp["lesson"] = lesson.id

step_ids = [x.id for x in lesson.steps]
state_key = f"step:{lesson.id}"
wanted_step = qp.get("step")
if state_key not in st.session_state:
    saved = store().items(s.learner, position_item(lesson.id)).get(position_item(lesson.id))
    start = saved.value.get("step") if saved and isinstance(saved.value, dict) else None
    if isinstance(wanted_step, str) and wanted_step in step_ids:
        start = wanted_step
    elif wanted_step not in (None, ""):
        st.info(t("That step does not exist in this lesson; starting at the first step."), icon="ℹ️")
    st.session_state[state_key] = start if start in step_ids else step_ids[0]
elif (
    isinstance(wanted_step, str)
    and wanted_step in step_ids
    and wanted_step != st.session_state[state_key]
    and st.session_state.get(f"_url_step:{lesson.id}") != wanted_step
):
    st.session_state[state_key] = wanted_step  # a link to another step of this lesson

alt = " · " + t("alternative rules") if lesson.alternative else ""
st.title(t("Lesson {n}: {title}", n=lesson.number, title=lesson.title.get(s.lang)) + alt)
md(lesson.intro.get(s.lang))

steps_by_id = {x.id: x for x in lesson.steps}


def _step_label(sid: str) -> str:
    return f"{step_ids.index(sid) + 1}. {steps_by_id[sid].title.get(s.lang)}"


keep(state_key)
st.selectbox(t("Step"), options=step_ids, key=state_key, format_func=_step_label)
idx = step_ids.index(st.session_state[state_key])
step = lesson.steps[idx]
qp["step"] = step.id
st.session_state[f"_url_step:{lesson.id}"] = step.id

recorded = st.session_state.setdefault("_recorded", set())
mark = (s.learner, lesson.id, step.id)
if mark not in recorded:
    store().record(s.learner, step_item(lesson.id, step.id), True, done=True)
    store().record(
        s.learner,
        position_item(lesson.id),
        {"lesson": lesson.id, "step": step.id, "t": time.time()},
    )
    recorded.add(mark)

with st.container(border=True):
    st.subheader(f"{idx + 1}. {step.title.get(s.lang)}")
    md(step.text.get(s.lang))
    if step.scenario is not None:
        stepper(s, lesson, step, step.scenario)


def _go(to: int) -> None:
    st.session_state[state_key] = step_ids[to]


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

st.header(t("Check yourself"))
st.caption(
    safe_md(
        t("Answer in any order. Feedback comes at once; you can try again as often as you like.")
    )
)
for n, q in enumerate(lesson.questions, 1):
    question_view(s, lesson, q, n)

done = store().items(s.learner, lesson_prefix(lesson.id))
right = sum(
    1
    for q in lesson.questions
    if (it := done.get(question_item(lesson.id, q.id))) is not None and it.done
)
if right == len(lesson.questions):
    st.success(t("Well done: every question of this lesson is answered."), icon="🎉")
    later = [x for x in c.lessons if x.number > lesson.number]
    if later:
        st.page_link(
            pages(s)["lesson"],
            icon="➡️",
            label=t(
                "Next: lesson {n}, {title}", n=later[0].number, title=later[0].title.get(s.lang)
            ),
            query_params=link_params(s, lesson=later[0].id),
        )
else:
    st.caption(t("{right} of {n} questions answered right.", right=right, n=len(lesson.questions)))

with st.expander(t("Start this lesson again")):
    st.caption(t("This forgets your steps and answers in this lesson only."))
    if st.button(t("Reset this lesson"), key=f"reset:{lesson.id}"):
        store().reset(s.learner, lesson_prefix(lesson.id))
        for k in list(st.session_state.keys()):
            if isinstance(k, str) and (
                k.startswith(f"res:{lesson.id}:") or k.startswith(f"frame:{lesson.id}:")
            ):
                del st.session_state[k]
        st.session_state[state_key] = step_ids[0]
        st.session_state["_recorded"] = {m for m in recorded if m[1] != lesson.id}
        st.rerun()

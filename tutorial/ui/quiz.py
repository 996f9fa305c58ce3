"""Quiz questions: the answer widget, judging by the engine, feedback, hint."""

from __future__ import annotations

from typing import Any

import streamlit as st

from tutorial.engine.cards import parse_index
from tutorial.engine.profiles import get_profile
from tutorial.explain import card_label, team_name
from tutorial.lessons.judge import judge
from tutorial.lessons.model import Lesson, Question
from tutorial.progress import question_item
from tutorial.ui.session import Session, keep, store
from tutorial.ui.table import frame_table
from tutorial.ui.views import safe_md


def question_view(s: Session, lesson: Lesson, q: Question, number: int) -> None:
    t = s.t
    base = f"{lesson.id}:{q.id}"
    result_key = f"res:{base}"
    with st.container(border=True):
        st.markdown(f"**{number}.** " + safe_md(q.prompt.get(s.lang)))
        if q.scenario is not None and q.type != "cards":
            _scenario_preview(s, q)
        with st.form(key=f"form:{base}", border=False):
            response = _answer_widget(s, q, base)
            submitted = st.form_submit_button(t("Check my answer"), key=f"submit:{base}")
        if submitted:
            if response is None or response == [] or response == ():
                st.session_state[result_key] = {"ok": None}
            else:
                ok = judge(q, response)
                st.session_state[result_key] = {"ok": ok}
                store().record(
                    s.learner,
                    question_item(lesson.id, q.id),
                    {"answer": _jsonable(response), "ok": ok},
                    done=ok,
                )
        res = st.session_state.get(result_key)
        if res is not None:
            if res["ok"] is None:
                st.warning(t("Choose an answer first."))
            elif res["ok"]:
                st.success(t("Right!") + " " + safe_md(q.right.get(s.lang)), icon="✅")
            else:
                st.info(
                    t("Not yet.")
                    + " "
                    + safe_md(q.wrong.get(s.lang))
                    + " "
                    + t("Try again: there is no penalty."),
                    icon="🔁",
                )
        if st.toggle(t("Show a hint"), key=f"hint:{base}"):
            st.caption(safe_md(q.hint.get(s.lang)))


def _jsonable(v: Any) -> Any:
    return list(v) if isinstance(v, tuple | set | list) else v


def _scenario_preview(s: Session, q: Question) -> None:
    assert q.scenario is not None
    rep = q.scenario.replay
    if rep.kind in ("trick", "legal"):
        frame = (
            rep.frames[-1] if rep.kind == "legal" else rep.frames[-2 if len(rep.frames) > 1 else -1]
        )
        if rep.kind == "trick":  # show all cards, but not who wins
            frame = {k: v for k, v in rep.frames[-1].items() if k not in ("winner", "winning_card")}
        st.markdown(frame_table(s.t, frame, rep.profile), unsafe_allow_html=True)
    elif rep.kind in ("score", "game"):
        data = q.scenario.data
        lines = []
        t = s.t
        if rep.kind == "score":
            lines.append(
                t(
                    "Score before the hand: A and C {ac}, B and D {bd}.",
                    ac=data["before"]["AC"],
                    bd=data["before"]["BD"],
                )
            )
            lines.append(
                t(
                    "{team} bid {bid}; points taken: A and C {ac}, B and D {bd}.",
                    team=team_name(t, str(data["bidder"]).upper()),
                    bid=data["bid"],
                    ac=data["points"]["AC"],
                    bd=data["points"]["BD"],
                )
            )
        else:
            for n, h in enumerate(data["hands"], 1):
                lines.append(
                    t(
                        "Hand {n}: {team} bid {bid}; points A and C {ac}, B and D {bd}.",
                        n=n,
                        team=team_name(t, str(h["bidder"]).upper()),
                        bid=h["bid"],
                        ac=h["points"]["AC"],
                        bd=h["points"]["BD"],
                    )
                )
        for line in lines:
            st.markdown("- " + safe_md(line))


def _answer_widget(s: Session, q: Question, base: str) -> Any:
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
        trump = None
        if q.scenario is not None and q.scenario.replay.result.get("trump"):
            trump = "CDHS".index(q.scenario.replay.result["trump"])
        profile = get_profile(q.scenario.replay.profile if q.scenario else "pagat-62")
        if q.scenario is not None:
            _scenario_preview(s, q)
        labels = {c: card_label(t, parse_index(c), trump, profile) for c in q.shown_cards}
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

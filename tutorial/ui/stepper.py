"""The scenario stepper: forward and back card by card and trick by trick on the card table,
with the lesson's narration and the engine's account of each moment."""

from __future__ import annotations

import re

import streamlit as st

from tutorial.lessons.model import Lesson, Scenario, Step
from tutorial.ui.moments import frame_facts, moment_title, pretty
from tutorial.ui.session import Session
from tutorial.ui.table import frame_table
from tutorial.ui.views import safe_md


def stepper(s: Session, lesson: Lesson, step: Step, scenario: Scenario) -> None:
    """Forward/back card by card and trick by trick, with narration and the engine's
    explanation of each moment."""
    t = s.t
    frames = scenario.replay.frames
    key = f"frame:{lesson.id}:{step.id}"
    i = min(max(int(st.session_state.get(key, 0)), 0), len(frames) - 1)
    st.session_state[key] = i
    tricks = [j for j, f in enumerate(frames) if re.fullmatch(r"t\d+", f["id"])]

    def go(to: int) -> None:
        st.session_state[key] = min(max(to, 0), len(frames) - 1)

    cols = st.columns(4)
    prev_trick = max((j for j in tricks if j < i), default=0)
    next_trick = min((j for j in tricks if j > i), default=len(frames) - 1)
    cols[0].button(
        t("⏮ Previous trick"),
        key=f"pt:{key}",
        on_click=go,
        args=(prev_trick,),
        disabled=i == 0,
        width="stretch",
    )
    cols[1].button(
        t("◀ Back"),
        key=f"pb:{key}",
        on_click=go,
        args=(i - 1,),
        disabled=i == 0,
        width="stretch",
    )
    cols[2].button(
        t("Forward ▶"),
        key=f"nf:{key}",
        on_click=go,
        args=(i + 1,),
        disabled=i >= len(frames) - 1,
        width="stretch",
    )
    cols[3].button(
        t("Next trick ⏭"),
        key=f"nt:{key}",
        on_click=go,
        args=(next_trick,),
        disabled=i >= len(frames) - 1,
        width="stretch",
    )
    frame = frames[i]
    st.caption(
        t("Moment {i} of {n}: {title}", i=i + 1, n=len(frames), title=moment_title(t, frame["id"]))
    )
    if scenario.replay.kind in ("trick", "hand", "legal"):
        dim = None
        if scenario.replay.kind == "legal":
            dim = set(frame["hands"][frame["to_play"]]) - set(frame["legal"])
        st.markdown(frame_table(t, frame, scenario.replay.profile, dim), unsafe_allow_html=True)
        if scenario.replay.kind == "legal":
            st.markdown(
                safe_md(
                    t(
                        "{seat} may play: {cards}",
                        seat=frame["to_play"],
                        cards=pretty(frame["legal"]),
                    )
                )
            )
    for fact in frame_facts(t, frame):
        st.markdown(safe_md(fact))
    for n in step.narration:
        if n.at == frame["id"]:
            st.info(safe_md(n.text.get(s.lang)), icon="💬")

""" "Your move" for a call or the naming of trump: the stepper stops before the calls (or before
trump is named), the options are buttons (Pass, Bid 7 … Bid 14; the four suits), and the click
is judged: the scenario's choice goes on with the scenario; a legal other choice gets the
engine's account of it (or the lesson's words); an option the rules forbid says the rule and
counts as a try (the learner chose it). Feedback is drawn above the buttons, so it shows where
the learner clicked."""

from __future__ import annotations

import streamlit as st

from tutorial.lessons.choicewhy import choice_said, decision_feedback, option_label
from tutorial.lessons.model import Lesson, Step, YourDecision
from tutorial.progress import Item
from tutorial.scenario.moments import Moment
from tutorial.ui.moments import frame_facts
from tutorial.ui.session import Session
from tutorial.ui.table import frame_table
from tutorial.ui.views import safe_md
from tutorial.ui.yourmove import move_state, save_move, show_button


def said_calls(s: Session, d: YourDecision) -> str:
    t = s.t
    parts = [
        t("{seat}: pass", seat=seat) if call == "pass" else f"{seat}: {call}"
        for seat, call in d.called.items()
    ]
    return t("Calls so far: {calls}", calls=", ".join(parts))


def your_decision(
    s: Session,
    lesson: Lesson,
    step: Step,
    d: YourDecision,
    before: Moment,
    profile: str,
    saved: dict[str, Item] | None = None,
) -> bool:
    """Draw the decision (prompt, feedback, option buttons, the table as it stands) while it
    is not done; True once it is done (the caller then draws the moment as it happened)."""
    t = s.t
    state = move_state(lesson, step, d, saved)
    if state["done"]:
        said = safe_md(choice_said(t, d, d.choice))
        if state["shown"]:
            st.info(safe_md(t("The scenario goes on as played:")) + " " + said, icon="👉")
        else:
            st.success(t("Right!") + " " + said, icon="✅")
        return True
    if d.prompt is not None:
        prompt = d.prompt.get(s.lang)
    elif d.kind == "call":
        prompt = t("You are {seat}: make your call.", seat=d.seat)
    else:
        prompt = t("You are {seat}: name trump.", seat=d.seat)
    base = f"{lesson.id}:{step.id}:{d.at}"
    with st.container(border=True, key=f"yd:{base}"):
        st.markdown("**" + safe_md(t("Your move")) + "** — " + safe_md(prompt))
        if state["tried"]:
            last = state["tried"][-1]
            why = decision_feedback(t, s.lang, d, last)
            head = option_label(t, d, last)
            st.info(
                t("Not yet.")
                + " **"
                + safe_md(head)
                + ":** "
                + safe_md(why)
                + " "
                + t("Try again: there is no penalty."),
                icon="🔁",
            )
            show_button(s, lesson, step, d, state)
        if d.kind == "call" and d.called:
            st.caption(safe_md(said_calls(s, d)))
        elif d.kind == "trump":
            for fact in frame_facts(t, before):
                st.caption(safe_md(fact))
        with st.container(horizontal=True, gap="small", key=f"yo:{base}"):
            for o in d.options:
                allowed = o in d.legal
                if st.button(
                    option_label(t, d, o),
                    key=f"yc:{base}:{o}:{len(state['tried'])}",
                    type="secondary",
                    help=None if allowed else t("Not allowed here: choose it to see the rule."),
                ):
                    if o == d.choice:
                        state["done"] = True
                    else:
                        if o in state["tried"]:
                            state["tried"].remove(o)
                        state["tried"].append(o)
                    save_move(s, lesson, step, d, state)
                    st.rerun()
        st.markdown(frame_table(t, before, profile), unsafe_allow_html=True)
    return False

""" "Your move" for a call, the naming of trump or the dealer's keep: the stepper stops before
the calls (or before trump is named, or before the refill), the options are buttons (Pass,
Bid 7 … Bid 14; the four suits; Keep J♦ …), and the click is judged: the scenario's choice
goes on with the scenario; a legal other choice gets the engine's account of it (or the
lesson's words); an option the rules forbid says the rule and counts as a try (the learner
chose it). Feedback is drawn between the prompt and the buttons, so it shows where the
learner clicked; the lines about the hand (the calls so far, what the dealer holds) follow the
buttons, above the table: between the feedback and the buttons, the dealer's three lines
pushed the feedback's start off a phone's screen (a browser test measured it)."""

from __future__ import annotations

from dataclasses import replace

import streamlit as st

from tutorial.engine.cards import Card, Suit
from tutorial.engine.seats import SEAT_LETTERS, SUIT_LETTERS
from tutorial.i18n import Translator
from tutorial.lessons.choicewhy import choice_said, decision_feedback, keep_lines, option_label
from tutorial.lessons.model import Lesson, Step, YourDecision
from tutorial.progress import Item
from tutorial.scenario.moments import Moment
from tutorial.ui.moments import frame_facts
from tutorial.ui.session import Session
from tutorial.ui.table import frame_table
from tutorial.ui.views import safe_md
from tutorial.ui.yourmove import move_state, save_move, show_button


def decision_moment(d: YourDecision, before: Moment) -> Moment:
    """The table as the learner decides: the moment before it, or for the dealer's keep the
    hands as the dealer chooses (the others refilled, the dealer its trumps)."""
    if d.kind != "keep":
        return before
    hands = tuple(tuple(Card.parse(c) for c in d.table.get(s, ())) for s in SEAT_LETTERS)
    return replace(before, trump=Suit(SUIT_LETTERS.index(d.trump)), hands=hands)


def decision_facts(t: Translator, d: YourDecision, before: Moment) -> list[str]:
    """The lines above the options: the calls so far, what the hand is (trump), or what
    the dealer has and needs (the dealer's keep)."""
    if d.kind == "keep":
        return keep_lines(t, d)
    if d.kind == "call":
        return [said_calls(t, d)] if d.called else []
    return frame_facts(t, before)


def said_calls(t: Translator, d: YourDecision) -> str:
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
    elif d.kind == "keep":
        prompt = t("You are {seat}, the dealer: choose what to keep.", seat=d.seat)
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
        for fact in decision_facts(t, d, before):
            st.caption(safe_md(fact))
        st.markdown(frame_table(t, decision_moment(d, before), profile), unsafe_allow_html=True)
    return False

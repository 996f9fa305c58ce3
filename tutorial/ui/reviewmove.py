"""A missed "your move" in *Review my mistakes*: the table just before the move, the cards (or
calls, or suits) to choose from, and one answer judged like a review question. The lesson's
own move state (and so its stars) is never changed here."""

from __future__ import annotations

from typing import Any

import streamlit as st

from tutorial.drills.model import show_moment
from tutorial.engine.cards import Card, parse_index
from tutorial.engine.profiles import get_profile
from tutorial.engine.seats import SUIT_LETTERS
from tutorial.lessons.cardwhy import illegal_feedback, move_feedback
from tutorial.lessons.choicewhy import choice_said, decision_feedback, option_label
from tutorial.lessons.model import Step, YourDecision, YourMove
from tutorial.ui.cardbuttons import card_buttons
from tutorial.ui.session import Session
from tutorial.ui.table import frame_table
from tutorial.ui.views import safe_md
from tutorial.ui.yourdecision import decision_facts, decision_moment
from tutorial.ui.yourmove import before_move


def review_choice(s: Session, step: Step, move: YourMove | YourDecision, base: str) -> str | None:
    """Draw the move to answer; the choice clicked in this run (a card code, a call, a suit),
    else None. Returns None once answered (``res:<base>`` is set by the page)."""
    t = s.t
    assert step.scenario is not None
    rep = step.scenario.replay
    i = rep.moments.index(move.at)
    answered = st.session_state.get(f"res:{base}") is not None
    if isinstance(move, YourDecision):
        if move.prompt is not None:
            st.markdown(safe_md(move.prompt.get(s.lang)))
        before = rep.timeline[i - 1]
        if move.kind == "keep":
            for fact in decision_facts(t, move, before):
                st.caption(safe_md(fact))
        st.markdown(
            frame_table(t, decision_moment(move, before), rep.profile), unsafe_allow_html=True
        )
        picked: str | None = None
        with st.container(horizontal=True, gap="small", key=f"rvo:{base}"):
            for o in move.options:
                if st.button(option_label(t, move, o), key=f"rvc:{base}:{o}", disabled=answered):
                    picked = o
        return picked
    if move.prompt is not None:
        st.markdown(safe_md(move.prompt.get(s.lang)))
    frame = before_move(rep.frame(move.at), move)
    trump = SUIT_LETTERS.index(frame["trump"])
    clicked = card_buttons(
        t,
        key=f"rvb:{base}",
        cards=[parse_index(c) for c in move.hand],
        legal=[parse_index(c) for c in move.legal],
        reasons={parse_index(c): illegal_feedback(t, move, c) for c in move.illegal},
        trump=trump,
        profile=get_profile(rep.profile),
        group_label=t("{seat}'s cards: choose one to play", seat=move.seat),
        table=frame_table(t, show_moment(frame), rep.profile, slot=move.seat),
        passive=answered,
    )
    return None if clicked is None else Card(clicked).code


def review_feedback(
    s: Session, step: Step, move: YourMove | YourDecision, result: dict[str, Any]
) -> None:
    """Right: the move; wrong: why that choice is not the move (the engine's or the lesson's)."""
    t = s.t
    choice = str(result.get("response"))
    if isinstance(move, YourDecision):
        if result["ok"]:
            st.success(t("Right!") + " " + safe_md(choice_said(t, move, choice)), icon="✅")
        else:
            why = decision_feedback(t, s.lang, move, choice)
            head = option_label(t, move, choice)
            st.info(t("Not yet.") + " **" + safe_md(head) + ":** " + safe_md(why), icon="🔁")
        return
    if result["ok"]:
        card = Card.parse(move.card).pretty
        st.success(
            t("Right!") + " " + safe_md(t("{seat} plays {card}.", seat=move.seat, card=card)),
            icon="✅",
        )
        return
    assert step.scenario is not None
    rep = step.scenario.replay
    frame = before_move(rep.frame(move.at), move)
    trump = SUIT_LETTERS.index(frame["trump"])
    why = move_feedback(t, s.lang, move, choice, frame["trick"], trump)
    st.info(t("Not yet.") + " " + safe_md(why), icon="🔁")

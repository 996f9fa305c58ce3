"""A missed "your move" in *Review my mistakes*: the table just before the move, the cards (or
calls, or suits) to choose from, and one answer judged like a review question. The lesson's
own move state (and so its stars) is never changed here."""

from __future__ import annotations

import streamlit as st

from tutorial.engine.cards import Card, parse_index
from tutorial.engine.profiles import get_profile
from tutorial.engine.seats import Seat
from tutorial.lessons.cardwhy import illegal_feedback, move_feedback
from tutorial.lessons.choicewhy import choice_said, decision_feedback, option_label
from tutorial.lessons.model import Step, YourDecision, YourMove
from tutorial.scenario.moments import Moment
from tutorial.ui.lesson.yourdecision import decision_facts, decision_moment, keep_picker, several
from tutorial.ui.lesson.yourmove import before_move
from tutorial.ui.session import Session
from tutorial.ui.slots import AnswerResult
from tutorial.ui.table.cardbuttons import card_buttons
from tutorial.ui.table.moment import frame_table
from tutorial.ui.views import safe_md


def review_move(
    s: Session,
    step: Step,
    move: YourMove | YourDecision,
    base: str,
    result: AnswerResult | None,
    *,
    plain: bool = False,
) -> str | None:
    """Draw the move to answer, and once answered (``result``, set by the page) its verdict
    where the learner clicked, as the lesson does: under the cards on the table, or between
    the prompt and the option buttons. Returns the choice clicked in this run (a card code,
    a call, a suit), else None (always None once answered). A plain move (or any move of a
    ``plain`` lesson) is drawn without trump marks until it is answered right, as in the
    lesson."""
    t = s.t
    assert step.scenario is not None
    rep = step.scenario.replay
    if move.prompt is not None:
        st.markdown(safe_md(move.prompt.get(s.lang)))
    if isinstance(move, YourDecision):
        if result is not None:
            decision_verdict(s, move, result)
        before = rep.timeline[rep.moments.index(move.at) - 1]
        picked: str | None = None
        if several(move):
            picked = keep_picker(s, move, key=f"rvk:{base}", disabled=result is not None)
        else:
            with st.container(horizontal=True, gap="small", key=f"rvo:{base}"):
                for o in move.options:
                    label = option_label(t, move, o)
                    if st.button(label, key=f"rvc:{base}:{o}", disabled=result is not None):
                        picked = o
        for fact in decision_facts(t, move, before):
            st.caption(safe_md(fact))
        st.markdown(
            frame_table(t, decision_moment(move, before), rep.profile), unsafe_allow_html=True
        )
        return picked
    frame = before_move(rep.at(move.at), move)
    assert frame.trump is not None  # a card moment: trump is named
    trump = int(frame.trump)
    cards = [parse_index(c) for c in move.hand]
    shown = frame
    right = result is not None and bool(result.ok)
    bare = plain or (move.plain and not right)
    if right:  # played right: the card on the trick, as in
        shown = rep.at(move.at)  # the lesson (it stayed in the hand, the seat still "to play")
        cards = [c.index for c in shown.hand(Seat.parse(move.seat)) or ()]
    clicked = card_buttons(
        t,
        key=f"rvb:{base}",
        cards=cards,
        legal=[parse_index(c) for c in move.legal] if shown is frame else [],
        reasons={parse_index(c): illegal_feedback(t, move, c) for c in move.illegal},
        trump=None if bare else trump,
        hide_forbidden=bare,
        profile=get_profile(rep.profile),
        group_label=t("{seat}'s cards: choose one to play", seat=move.seat),
        table=frame_table(
            t,
            shown,
            rep.profile,
            slot=move.seat,
            beneath=[] if shown is not frame else [Card.parse(c) for c in move.beneath],
            marks=not bare,
        ),
        passive=result is not None,
        note=None if result is None else card_verdict(s, move, frame, result),
    )
    return None if clicked is None or result is not None else Card(clicked).code


def card_verdict(s: Session, move: YourMove, frame: Moment, result: AnswerResult) -> str:
    """The verdict of a card, drawn under the cards (the lesson's words for it)."""
    t = s.t
    if result.ok:
        card = Card.parse(move.card).pretty
        return t("Right!") + " " + t("{seat} plays {card}.", seat=move.seat, card=card)
    assert frame.trump is not None
    response = str(result.response)
    why = move_feedback(t, s.lang, move, response, frame.trick or (), int(frame.trump))
    return t("Not yet.") + " " + why


def decision_verdict(s: Session, move: YourDecision, result: AnswerResult) -> None:
    """Right: what was decided; wrong: why that choice is not the move (the engine's or the
    lesson's words)."""
    t = s.t
    choice = str(result.response)
    if result.ok:
        also = move.also_right.get(choice)  # right too: why, before what the scenario does
        st.success(
            t("Right!")
            + " "
            + (
                "**"
                + t("{option}:", option=safe_md(option_label(t, move, choice)))
                + "** "
                + safe_md(also.get(s.lang))
                + " "
                if also is not None
                else ""
            )
            + safe_md(choice_said(t, move, move.choice if also is not None else choice)),
            icon=":material/check_circle:",
        )
        return
    why = decision_feedback(t, s.lang, move, choice)
    head = option_label(t, move, choice)
    st.info(  # fr: "Garder 5♥ :" (the catalog's spacing)
        t("Not yet.") + " **" + t("{option}:", option=safe_md(head)) + "** " + safe_md(why),
        icon=":material/replay:",
    )

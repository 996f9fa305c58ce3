""" "Your move" on the lesson's card table: the stepper stops before a card the lesson hands to
the learner, the seat's cards become buttons (:mod:`tutorial.ui.cardbuttons`), and the click
is judged: the scripted card goes on with the scenario; a legal wrong card gets the engine's
account of it (or the lesson's words); a card the rules forbid says the rule that forbids it
(the buttons say it on the table, in the learner's language, and never send it)."""

from __future__ import annotations

from typing import Any

import streamlit as st

from tutorial.engine.cards import Card, parse_index
from tutorial.engine.profiles import get_profile
from tutorial.lessons.cardwhy import illegal_feedback, move_feedback
from tutorial.lessons.model import Lesson, Step, YourMove
from tutorial.progress import Item
from tutorial.ui.cardbuttons import card_buttons
from tutorial.ui.session import Session, store
from tutorial.ui.table import frame_table
from tutorial.ui.views import safe_md

SUITS = "CDHS"


def move_item(lesson_id: str, step_id: str, at: str) -> str:
    return f"lesson/{lesson_id}/move/{step_id}/{at}"


def move_key(lesson: Lesson, step: Step, move: YourMove) -> str:
    return f"move:{lesson.id}:{step.id}:{move.at}"


def move_state(
    lesson: Lesson, step: Step, move: YourMove, saved: dict[str, Item] | None = None
) -> dict[str, Any]:
    """This learner's state of one move: the wrong cards tried, and whether it is done
    (played right, or the learner asked to see the card). Restored from saved progress."""
    key = move_key(lesson, step, move)
    if key not in st.session_state:
        it = (saved or {}).get(move_item(lesson.id, step.id, move.at))
        value = it.value if it is not None and isinstance(it.value, dict) else {}
        tried = [c for c in value.get("tried", []) if c in move.hand]
        st.session_state[key] = {
            "tried": tried,
            "done": bool(it and it.done) or bool(value.get("shown")),
            "shown": bool(value.get("shown")),
        }
    state: dict[str, Any] = st.session_state[key]
    return state


def _before(frame: dict[str, Any], move: YourMove) -> dict[str, Any]:
    """The table just before the learner's card: the trick without it, the card in hand."""
    hands = dict(frame.get("hands") or {})
    hands[move.seat] = [*hands.get(move.seat, []), move.card, *move.beneath]
    out = {k: v for k, v in frame.items() if k not in ("winner", "winning_card")}
    out["trick"] = list(frame.get("trick") or [])[:-1]
    out["hands"] = hands
    out["to_play"] = move.seat
    return out


def _save(s: Session, lesson: Lesson, step: Step, move: YourMove, state: dict[str, Any]) -> None:
    value = {"tried": state["tried"], "shown": state["shown"], "card": move.card}
    store().record(
        s.learner,
        move_item(lesson.id, step.id, move.at),
        value,
        done=state["done"] and not state["shown"],
    )


def your_move(
    s: Session,
    lesson: Lesson,
    step: Step,
    move: YourMove,
    frame: dict[str, Any],
    profile: str,
    saved: dict[str, Item] | None = None,
) -> bool:
    """Draw the move (table before the card, prompt, buttons, feedback) while it is not done;
    True once it is done (the caller then draws the moment as played)."""
    t = s.t
    state = move_state(lesson, step, move, saved)
    if state["done"]:
        card = Card.parse(move.card).pretty
        if state["shown"]:
            st.info(safe_md(t("The card played here is {card}.", card=card)), icon="👉")
        else:
            st.success(
                t("Right!") + " " + safe_md(t("{seat} plays {card}.", seat=move.seat, card=card)),
                icon="✅",
            )
        return True
    before = _before(frame, move)
    trump = SUITS.index(frame["trump"])
    prompt = (
        move.prompt.get(s.lang)
        if move.prompt is not None
        else t("You are {seat}: play a card.", seat=move.seat)
    )
    with st.container(border=True, key=f"ym:{lesson.id}:{step.id}:{move.at}"):
        st.markdown("**" + safe_md(t("Your move")) + "** — " + safe_md(prompt))
        clicked = card_buttons(
            t,
            key=f"yb:{lesson.id}:{step.id}:{move.at}:{len(state['tried'])}",
            cards=[parse_index(c) for c in move.hand],
            legal=[parse_index(c) for c in move.legal],
            reasons={parse_index(c): illegal_feedback(t, move, c) for c in move.illegal},
            trump=trump,
            profile=get_profile(profile),
            group_label=t("{seat}'s cards: choose one to play", seat=move.seat),
            table=frame_table(t, before, profile, slot=move.seat),
        )
        if clicked is not None:
            code = Card(clicked).code
            if code == move.card:
                state["done"] = True
            elif code in move.legal and code not in state["tried"]:
                state["tried"].append(code)
            elif code in move.legal:  # the same wrong card again: say it again
                state["tried"].remove(code)
                state["tried"].append(code)
            _save(s, lesson, step, move, state)
            st.rerun()
        if state["tried"]:
            last = state["tried"][-1]
            why = move_feedback(t, s.lang, move, last, before["trick"], trump)
            st.info(
                t("Not yet.") + " " + safe_md(why) + " " + t("Try again: there is no penalty."),
                icon="🔁",
            )

            def show() -> None:
                state["done"] = True
                state["shown"] = True
                _save(s, lesson, step, move, state)

            st.button(
                t("Show me the card played"),
                key=f"ys:{lesson.id}:{step.id}:{move.at}",
                on_click=show,
            )
    return False

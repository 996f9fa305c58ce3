""" "Your move" on the lesson's card table: the stepper stops before a card the lesson hands to
the learner, the seat's cards become buttons (:mod:`tutorial.ui.table.cardbuttons`), and the click
is judged: the scripted card goes on with the scenario; a legal wrong card gets the engine's
account of it (or the lesson's words); a card the rules forbid says the rule that forbids it
(the buttons say it on the table, in the learner's language, and never send it)."""

from __future__ import annotations

from dataclasses import replace

import streamlit as st

from tutorial.engine.cards import Card, parse_index
from tutorial.engine.profiles import get_profile
from tutorial.engine.seats import Seat
from tutorial.jsonvalue import Json
from tutorial.lessons.cardwhy import illegal_feedback, move_feedback
from tutorial.lessons.model import Lesson, Step, YourDecision, YourMove
from tutorial.progress import Item, move_item
from tutorial.scenario.moments import NO_HANDS, Moment
from tutorial.ui import slots
from tutorial.ui.reveal import move_into_view
from tutorial.ui.session import Session, store
from tutorial.ui.slots import MoveState
from tutorial.ui.table.cardbuttons import card_buttons
from tutorial.ui.table.moment import Taken, frame_table
from tutorial.ui.views import safe_md

Move = YourMove | YourDecision


def move_key(lesson: Lesson, step: Step, move: Move) -> str:
    return slots.MOVE(lesson.id, step.id, move.at).key


def move_state(
    lesson: Lesson, step: Step, move: Move, saved: dict[str, Item] | None = None
) -> MoveState:
    """This learner's state of one move: the wrong cards (calls, suits) tried, and whether it
    is done (played right, or the learner asked to see the move). Restored from saved
    progress."""
    kept = slots.MOVE(lesson.id, step.id, move.at)
    state = kept.get()
    if state is None:
        it = (saved or {}).get(move_item(lesson.id, step.id, move.at))
        value = it.value if it is not None and isinstance(it.value, dict) else {}
        choices = move.hand if isinstance(move, YourMove) else move.options
        tried = [c for c in value.get("tried", []) if c in choices]
        chose = value.get("chose")
        also = move.also_right if isinstance(move, YourDecision) else {}
        state = kept.set(
            MoveState(
                tuple(tried),
                done=bool(it and it.done) or bool(value.get("shown")),
                shown=bool(value.get("shown")),
                chose=chose if isinstance(chose, str) and chose in also else "",
            )
        )
    return state


def keep_move(lesson: Lesson, step: Step, move: Move, state: MoveState) -> MoveState:
    """Keep the move's new state in the session."""
    return slots.MOVE(lesson.id, step.id, move.at).set(state)


def before_move(moment: Moment, move: YourMove) -> Moment:
    """The table just before the learner's card: the trick without it (nothing won yet),
    the card (and a pile's cards beneath) back in the seat's hand, the seat to play."""
    seat = Seat.parse(move.seat)
    hands = list(moment.hands or NO_HANDS)
    back = tuple(Card.parse(c) for c in (move.card, *move.beneath))
    hands[seat] = (*(hands[seat] or ()), *back)
    return replace(
        moment,
        id="position",
        hands=tuple(hands),
        trick=(moment.trick or ())[:-1],
        winner=None,
        winning_card=None,
        trumped=None,
        trick_points=None,
        to_play=seat,
        legal=None,
    )


def save_move(s: Session, lesson: Lesson, step: Step, move: Move, state: MoveState) -> None:
    """Save the move's state (``lesson/<id>/move/<step>/<moment>``): done only when played
    right (a move shown is not), with the wrong tries (mastery counts them)."""
    right = move.card if isinstance(move, YourMove) else move.choice
    value: dict[str, Json] = {"tried": list(state.tried), "shown": state.shown, "card": right}
    if state.chose:
        value["chose"] = state.chose
    store().record(
        s.learner,
        move_item(lesson.id, step.id, move.at),
        value,
        done=state.done and not state.shown,
    )


def show_button(s: Session, lesson: Lesson, step: Step, move: Move, state: MoveState) -> None:
    """ "Show me the move played": the scenario goes on (the move stays not right)."""

    def show() -> None:
        now = slots.MOVE(lesson.id, step.id, move.at).get() or state
        shown = keep_move(lesson, step, move, replace(now, done=True, shown=True))
        # a decision's block brings "goes on as played" into view
        slots.MOVE_REVEAL(lesson.id, step.id, move.at).set(True)
        save_move(s, lesson, step, move, shown)

    label = (
        s.t("Show me the card played")
        if isinstance(move, YourMove)
        else s.t("Show me what was played")
    )
    st.button(label, key=f"ys:{lesson.id}:{step.id}:{move.at}", on_click=show)


def again_button(s: Session, lesson: Lesson, step: Step, move: Move, state: MoveState) -> None:
    """After "show me": play the move again (it counts once played right)."""

    def again() -> None:
        now = slots.MOVE(lesson.id, step.id, move.at).get() or state
        back = keep_move(lesson, step, move, replace(now, done=False, shown=False))
        save_move(s, lesson, step, move, back)

    st.button(s.t("Try this move again"), key=f"ya:{lesson.id}:{step.id}:{move.at}", on_click=again)


def move_done(
    s: Session, lesson: Lesson, step: Step, move: YourMove, saved: dict[str, Item] | None = None
) -> None:
    """The verdict of a move played (or shown), drawn right under the moment's table: where
    the learner just clicked. Drawn above it, the table pushed it off a phone's screen (the
    browser keeps the cards the learner tapped in view)."""
    t = s.t
    state = move_state(lesson, step, move, saved)
    card = Card.parse(move.card).pretty
    if state.shown:
        st.info(
            safe_md(t("The card played here is {card}.", card=card)),
            icon=":material/arrow_forward:",
        )
        again_button(s, lesson, step, move, state)
    else:
        st.success(
            t("Right!") + " " + safe_md(t("{seat} plays {card}.", seat=move.seat, card=card)),
            icon=":material/check_circle:",
        )


def played_table(
    s: Session,
    lesson: Lesson,
    step: Step,
    move: YourMove,
    frame: Moment,
    profile: str,
    taken: Taken | None,
    saved: dict[str, Item] | None = None,
    *,
    plain: bool = False,
) -> bool:
    """The moment of a move played right, drawn by the move's own card component (same key:
    the browser keeps it in place) with the seat's cards passive and the verdict under them,
    where the learner tapped; True if drawn. Drawn above the table, "Right!" was off a
    phone's screen (the browser keeps the tapped cards in view); drawn under it, off a wide
    screen. False (the caller draws the moment) for a move shown, not played."""
    state = move_state(lesson, step, move, saved)
    held = frame.hand(Seat.parse(move.seat))
    if not state.done or state.shown or held is None or frame.trump is None:
        return False
    t = s.t
    card = Card.parse(move.card).pretty
    card_buttons(
        t,
        key=f"yb:{lesson.id}:{step.id}:{move.at}",
        revision=state.clicks,
        cards=[c.index for c in held],
        legal=(),
        reasons={},
        trump=None if plain else int(frame.trump),  # a plain move to come: no marks yet
        profile=get_profile(profile),
        group_label=t("{seat}'s cards: choose one to play", seat=move.seat),
        table=frame_table(t, frame, profile, taken=taken, slot=move.seat, marks=not plain),
        passive=True,
        note=t("Right!") + " " + t("{seat} plays {card}.", seat=move.seat, card=card),
    )
    return True


def your_move(
    s: Session,
    lesson: Lesson,
    step: Step,
    move: YourMove,
    frame: Moment,
    profile: str,
    saved: dict[str, Item] | None = None,
    *,
    arrived: bool = False,
    plain: bool = False,
) -> bool:
    """Draw the move (table before the card, prompt, buttons, feedback) while it is not done;
    True once it is done (the caller then draws the moment as played). ``arrived``: the
    learner has just stepped to this moment; the block is brought into view (on a wide
    screen the trick being asked about was below the screen's edge: lesson 0, 1280×900).
    ``plain``: a plain move is still to come in this step, so this one is drawn without
    trump marks too (as if it were plain)."""
    t = s.t
    state = move_state(lesson, step, move, saved)
    if state.done:  # the verdict follows the table the caller draws (move_done)
        return True
    before = before_move(frame, move)
    assert before.trump is not None  # a card moment: trump is named
    bare = move.plain or plain
    trump = int(before.trump)
    prompt = (
        move.prompt.get(s.lang)
        if move.prompt is not None
        else t("You are {seat}: play a card.", seat=move.seat)
    )
    with st.container(border=True, key=f"ym:{lesson.id}:{step.id}:{move.at}"):
        st.markdown("**" + safe_md(t("Your move")) + "** — " + safe_md(prompt))
        note = None
        if state.tried:  # under the cards: where the learner just clicked, at any width
            last = state.tried[-1]
            why = move_feedback(t, s.lang, move, last, before.trick or (), trump)
            note = t("Not yet.") + " " + why + " " + t("Try again: there is no penalty.")
        # One key for the whole move, so a wrong try redraws the same table in place. A key
        # per try made the browser drop the table and build a new one: meanwhile the block
        # was ~800 px shorter, and on a slow rerun the browser's scroll anchoring could then
        # leave the verdict above the screen (a phone, under load). Nothing above the table
        # changes either: "Show me the card played" goes below it.
        clicked = card_buttons(
            t,
            key=f"yb:{lesson.id}:{step.id}:{move.at}",
            revision=state.clicks,
            cards=[parse_index(c) for c in move.hand],
            legal=[parse_index(c) for c in move.legal],
            reasons={parse_index(c): illegal_feedback(t, move, c) for c in move.illegal},
            trump=None if bare else trump,  # a plain move: the cards without marks
            hide_forbidden=bare,  # nor which are legal: that would tell the trump too
            profile=get_profile(profile),
            group_label=t("{seat}'s cards: choose one to play", seat=move.seat),
            table=frame_table(
                t,
                before,
                profile,
                slot=move.seat,
                beneath=[Card.parse(c) for c in move.beneath],
                marks=not bare,
            ),
            note=note,
        )
        if arrived:
            move_into_view(f"ym:{lesson.id}:{step.id}:{move.at}")
        if state.tried:
            show_button(s, lesson, step, move, state)
        if clicked is not None:
            code = Card(clicked).code
            tried, done = state.tried, bool(state.done)
            if code == move.card:
                done = True
            elif code in move.legal:  # a wrong card (again: say it again) is the last tried
                tried = (*(c for c in tried if c != code), code)
            state = replace(state, tried=tried, done=done, clicks=state.clicks + 1)
            save_move(s, lesson, step, move, keep_move(lesson, step, move, state))
            st.rerun()
    return False

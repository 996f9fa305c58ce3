""" "Your move" for a call, the naming of trump or the dealer's keep: the stepper stops before
the calls (or before trump is named, or before the refill), the options are buttons (Pass,
Bid 7 … Bid 14; the four suits; Keep J♦ …; a keep of several cards: the cards to toggle and a
confirm button), and the click is judged: the scenario's choice
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
from tutorial.ui import slots
from tutorial.ui.lesson.moments import frame_facts
from tutorial.ui.lesson.yourmove import keep_move, move_state, save_move, show_button
from tutorial.ui.reveal import pills_keep_scroll, reveal
from tutorial.ui.session import Session
from tutorial.ui.slots import MoveState
from tutorial.ui.table.moment import frame_table
from tutorial.ui.views import safe_md


def own_hand_only(frame: Moment, seat: str) -> Moment:
    """``frame`` with only ``seat``'s cards shown (the others "cards not shown"): what a
    player sees when calling or naming trump."""
    if frame.hands is None:
        return frame
    hands = tuple(h if SEAT_LETTERS[i] == seat else None for i, h in enumerate(frame.hands))
    return replace(frame, hands=hands)


def decision_moment(d: YourDecision, before: Moment) -> Moment:
    """The table as the learner decides: for a call or the naming of trump, the moment
    before it with only the deciding seat's cards (as at a real table: the prompt says the
    other hands are unknown); for the dealer's keep the dealer's trumps as it chooses, the
    others' refilled hands not shown (the dealer does not see them either)."""
    if d.kind != "keep":
        return own_hand_only(before, d.seat)
    hands = tuple(tuple(Card.parse(c) for c in d.table.get(s, ())) for s in SEAT_LETTERS)
    keeping = replace(before, trump=Suit(SUIT_LETTERS.index(d.trump)), hands=hands)
    return own_hand_only(keeping, d.seat)


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


def several(d: YourDecision) -> bool:
    """The dealer keeps more than one card: the cards are chosen one by one, then confirmed
    (as buttons, every combination was one: ten buttons for 3 of 5)."""
    return d.kind == "keep" and d.need > 1


def keep_picker(s: Session, d: YourDecision, *, key: str, disabled: bool = False) -> str | None:
    """The dealer's keep of several cards: the non-trumps of the rest of the stock to toggle
    (stock order) and a confirm button, enabled once exactly ``need`` are chosen. Returns the
    option (its id, :func:`tutorial.lessons.dealerkeep.option_id`) confirmed in this run."""
    t = s.t
    cards = sorted({c for o in d.options for c in o.split()}, key=lambda c: d.stock.index(c))
    pills_keep_scroll()
    chosen = st.pills(
        t.n("Choose {n} card to keep:", "Choose {n} cards to keep:", d.need),
        options=cards,
        selection_mode="multi",
        format_func=lambda c: Card.parse(c).pretty,
        key=f"{key}:pick",
        disabled=disabled,
    )
    picked = set(chosen or ())
    if len(picked) > d.need:
        st.caption(t.n("Choose only {n} card.", "Choose only {n} cards.", d.need))
    confirm = st.button(
        t("Keep these cards"),
        key=f"{key}:ok",
        type="primary",
        disabled=disabled or len(picked) != d.need,
    )
    if not confirm:
        return None
    return next((o for o in d.options if set(o.split()) == picked), None)


def decided(s: Session, d: YourDecision, state: MoveState, prompt: str, base: str) -> None:
    """A decision made (or shown): its block stays, with the verdict where the feedback was
    (between the prompt and the buttons) and the options, now passive, under it — where the
    learner tapped. Drawn alone above the moment's table, the block shrank to one line and
    on a phone "Right!" was off the screen, above the table the learner was looking at."""
    t = s.t
    said = safe_md(choice_said(t, d, d.choice))
    tries = len(state.tried)  # the keys of the buttons as the learner clicked them
    with st.container(border=True, key=f"yd:{base}"):
        st.markdown("**" + safe_md(t("Your move")) + "** — " + safe_md(prompt))
        with st.container(key=f"yv:{base}"):
            if state.shown:
                st.info(
                    safe_md(t("The scenario goes on as played:")) + " " + said,
                    icon=":material/arrow_forward:",
                )
            elif state.chose:  # right too: why, then the scenario's own choice
                why = d.also_right[state.chose].get(s.lang)
                st.success(
                    t("Right!")
                    + " **"
                    + t("{option}:", option=safe_md(option_label(t, d, state.chose)))
                    + "** "
                    + safe_md(why)
                    + " "
                    + safe_md(t("The scenario goes on as played:"))
                    + " "
                    + said,
                    icon=":material/check_circle:",
                )
            else:
                st.success(t("Right!") + " " + said, icon=":material/check_circle:")
        if slots.MOVE_REVEAL(base).pop():  # just decided: bring the verdict into view
            reveal(f"yv:{base}")
        if not several(d):
            chosen = state.chose or d.choice
            with st.container(horizontal=True, gap="small", key=f"yo:{base}"):
                for o in d.options:
                    st.button(
                        option_label(t, d, o),
                        key=f"yc:{base}:{o}:{tries}",
                        type="primary" if o == chosen else "secondary",
                        icon=":material/check:" if o == chosen else None,  # the one chosen
                        disabled=True,
                    )


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
    if d.prompt is not None:
        prompt = d.prompt.get(s.lang)
    elif d.kind == "call":
        prompt = t("You are {seat}: make your call.", seat=d.seat)
    elif d.kind == "keep":
        prompt = t("You are {seat}, the dealer: choose what to keep.", seat=d.seat)
    else:
        prompt = t("You are {seat}: name trump.", seat=d.seat)
    base = f"{lesson.id}:{step.id}:{d.at}"
    if state.done:
        decided(s, d, state, prompt, base)
        return True
    with st.container(border=True, key=f"yd:{base}"):
        st.markdown("**" + safe_md(t("Your move")) + "** — " + safe_md(prompt))
        if state.tried:
            last = state.tried[-1]
            why = decision_feedback(t, s.lang, d, last)
            head = option_label(t, d, last)
            with st.container(key=f"yf:{base}"):
                st.info(
                    t("Not yet.")
                    + " **"
                    + t("{option}:", option=safe_md(head))  # fr: "Garder 5♥ :"
                    + "** "
                    + safe_md(why)
                    + " "
                    + t("Try again: there is no penalty."),
                    icon=":material/replay:",
                )
            if slots.MOVE_REVEAL(base).pop():  # just tried: the whole of it on the screen
                reveal(f"yf:{base}")
            show_button(s, lesson, step, d, state)
        tries = len(state.tried)
        if several(d):  # keep some cards of several: choose them, then confirm
            picked = keep_picker(s, d, key=f"yk:{base}:{tries}")
        else:
            picked = None
            with st.container(horizontal=True, gap="small", key=f"yo:{base}"):
                for o in d.options:
                    allowed = o in d.legal
                    if st.button(
                        option_label(t, d, o),
                        key=f"yc:{base}:{o}:{tries}",
                        type="secondary",
                        help=None if allowed else t("Not allowed here: choose it to see the rule."),
                    ):
                        picked = o
        if picked is not None:
            if d.is_right(picked):
                state = replace(state, done=True, chose="" if picked == d.choice else picked)
            else:  # tried again: the last tried
                state = replace(state, tried=(*(x for x in state.tried if x != picked), picked))
            slots.MOVE_REVEAL(base).set(True)
            save_move(s, lesson, step, d, keep_move(lesson, step, d, state))
            st.rerun()
        for fact in decision_facts(t, d, before):
            st.caption(safe_md(fact))
        st.markdown(frame_table(t, decision_moment(d, before), profile), unsafe_allow_html=True)
    return False

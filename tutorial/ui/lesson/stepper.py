"""The scenario stepper: forward and back card by card and trick by trick on the card table,
with the lesson's narration and the engine's account of each moment."""

from __future__ import annotations

import re

import streamlit as st

from tutorial.engine.profiles import get_profile
from tutorial.lessons.model import Lesson, Scenario, Step, YourDecision, YourMove
from tutorial.progress import Item, position_item, question_item
from tutorial.scenario.moments import Moment
from tutorial.ui import parts, slots
from tutorial.ui.lesson.autoplay import autoplay_button, autoplay_tick
from tutorial.ui.lesson.moments import (
    chapter_title,
    chapters,
    frame_facts,
    moment_title,
    play_line,
    pretty,
)
from tutorial.ui.lesson.yourdecision import own_hand_only, your_decision
from tutorial.ui.lesson.yourmove import move_done, move_state, played_table, your_move
from tutorial.ui.session import Session, notice_facts, store
from tutorial.ui.table.moment import taken_so_far
from tutorial.ui.views import moment_table, safe_md


def stepper(
    s: Session,
    lesson: Lesson,
    step: Step,
    scenario: Scenario,
    saved: dict[str, Item] | None = None,
) -> None:
    """Forward/back card by card and trick by trick, with narration and the engine's
    explanation of each moment. The position is saved, so a returning learner finds it.

    The stepper is a part of the page that runs alone (a fragment): a click on Forward,
    Back, a trick or a chapter redraws the table and its narration, not the lesson's
    questions, sidebar and the rest (15 messages instead of the page's 84–89). What the
    rest of the page shows depends on the learner's moves (the lesson's review, the
    progress notice): when a move of this step has changed (a card played on the table,
    right or wrong), the whole page runs instead."""
    moves = [n.your_move for n in step.narration if n.your_move is not None]

    def facts() -> tuple[object, ...]:
        states = [move_state(lesson, step, mv, saved) for mv in moves]
        return (
            *notice_facts(),
            *((m.tried, m.done, m.shown) for m in states),
        )

    parts.part("lesson", s.lang, facts, lambda: _stepper(s, lesson, step, scenario, saved))


def _stepper(
    s: Session,
    lesson: Lesson,
    step: Step,
    scenario: Scenario,
    saved: dict[str, Item] | None,
) -> None:
    t = s.t
    frames = scenario.replay.timeline
    shown = slots.FRAME(lesson.id, step.id)
    key = shown.key
    ids = [f.id for f in frames]
    if shown.get() is None:  # a returning learner: the moment saved for this step
        at = (saved or {}).get(position_item(lesson.id))
        moments = at.value.get("moments") if at and isinstance(at.value, dict) else None
        moment = moments.get(step.id) if isinstance(moments, dict) else None
        shown.set(ids.index(moment) if moment in ids else 0)
    i = shown.set(min(max(int(shown.get() or 0), 0), len(frames) - 1))
    tricks = [j for j, f in enumerate(frames) if re.fullmatch(r"t\d+", f.id)]

    def go(to: int) -> None:
        where = shown.set(min(max(to, 0), len(frames) - 1))
        slots.ARRIVED(key).set(where)  # a move reached now is brought into view
        store().save_position(s.learner, lesson.id, step.id, ids[where])

    frame = frames[i]
    arrived = slots.ARRIVED(key).pop() == i
    moves = {n.at: n.your_move for n in step.narration if n.your_move is not None}
    waiting = {  # moments whose card the learner has not played yet
        ids.index(at) for at, mv in moves.items() if not move_state(lesson, step, mv, saved).done
    }
    pending = i in waiting
    # the moves still to come in this step, in order: a plain move hides the trump marks
    # from the moments before it too (they would name the Left Pedro, or which cards are
    # trumps, before the learner is asked), and a call, the naming of trump or the dealer's
    # keep shows only the deciding seat's cards (the learner decides as a player, without
    # seeing the others)
    ahead = [moves[ids[j]] for j in sorted(waiting) if j >= i]
    plain = lesson.plain or any(isinstance(mv, YourMove) and mv.plain for mv in ahead)
    decider = next((mv.seat for mv in ahead if isinstance(mv, YourDecision)), None)
    starts = chapters(frames) if scenario.replay.kind == "hand" else []
    if len(starts) > 2:  # a long hand: jump to the deal, the bidding, the refill, a trick…
        chapter = slots.CHAPTER(key)
        chapter.set(max(j for j in starts if j <= i))

        def to_chapter() -> None:
            go(int(chapter.get() or 0))

        st.selectbox(
            t("Chapter"),
            options=starts,
            key=chapter.key,
            format_func=lambda j: chapter_title(t, frames[j].id),
            on_change=to_chapter,
        )
    if len(frames) > 1:  # a one-moment scenario needs no stepper
        with st.container(
            horizontal=True, key=f"stepper:{key}", gap="small", vertical_alignment="center"
        ):
            if tricks:
                prev_trick = max((j for j in tricks if j < i), default=0)
                next_trick = min((j for j in tricks if j > i), default=len(frames) - 1)
                next_trick = min([next_trick, *(j for j in waiting if j > i)])  # stop at a move
                st.button(
                    t("Previous trick"),
                    icon=":material/skip_previous:",
                    key=f"pt:{key}",
                    on_click=go,
                    args=(prev_trick,),
                    disabled=i == 0,
                )
            st.button(t("◀ Back"), key=f"pb:{key}", on_click=go, args=(i - 1,), disabled=i == 0)
            st.button(
                t("Forward ▶"),
                key=f"nf:{key}",
                on_click=go,
                args=(i + 1,),
                disabled=i >= len(frames) - 1 or pending,
                type="primary",
            )
            if tricks:
                st.button(
                    t("Next trick"),
                    icon=":material/skip_next:",
                    key=f"nt:{key}",
                    on_click=go,
                    args=(next_trick,),
                    disabled=i >= len(frames) - 1 or pending,
                )
            autoplay_button(t, key, i < len(frames) - 1 and not pending)
            st.caption(
                t(
                    "Moment {i} of {n}: {title}",
                    i=i + 1,
                    n=len(frames),
                    title=moment_title(t, frame.id),
                )
            )

        autoplay_tick(key, len(frames) - 1, waiting, go)

    move = moves.get(frame.id)
    if isinstance(move, YourDecision):
        if not your_decision(s, lesson, step, move, frames[i - 1], scenario.replay.profile, saved):
            return  # the learner calls (names trump) first; the moment is drawn once they have
    elif move is not None and not your_move(
        s, lesson, step, move, frame, scenario.replay.profile, saved, arrived=arrived, plain=plain
    ):
        return  # the learner plays this card first; the moment is drawn once they have
    kind = scenario.replay.kind
    if kind in ("trick", "hand", "legal"):
        dim = None
        if kind == "legal":
            assert frame.to_play is not None and frame.legal is not None
            dim = set(frame.hand(frame.to_play) or ()) - set(frame.legal)
        taken = taken_so_far(frames, i) if kind != "legal" else None
        if not (
            isinstance(move, YourMove)
            and kind != "legal"
            and played_table(
                s, lesson, step, move, frame, scenario.replay.profile, taken, saved, plain=plain
            )
        ):
            seen = frame if decider is None else own_hand_only(frame, decider)
            st.markdown(
                moment_table(t, seen, scenario.replay.profile, dim, taken, marks=not plain),
                unsafe_allow_html=True,
            )
            if isinstance(move, YourMove):  # shown: said under the table, by its button
                move_done(s, lesson, step, move, saved)
        if kind == "legal":
            assert frame.to_play is not None and frame.legal is not None
            st.markdown(
                safe_md(
                    t(
                        "{seat} may play: {cards}",
                        seat=frame.to_play.letter,
                        cards=pretty(frame.legal),
                    )
                )
            )
        elif not lesson.plain and any(r.held for r in get_profile(scenario.replay.profile).points):
            st.caption(t("Points in tricks leave out Low: it scores for the side that held it."))
    elif isinstance(move, YourMove):
        move_done(s, lesson, step, move, saved)
    said = [n for n in step.narration if n.at == frame.id]
    unanswered = [
        n for n in said if n.after_answer and not answered_right(lesson, n.after_answer, saved)
    ]
    facts = frame_facts(t, frame)
    if unanswered:  # what the moment gives, not what follows from it (the question's answer)
        facts = given_facts(frame, facts)
    for fact in facts:
        st.markdown(safe_md(fact))
    line = play_line(t, frame)
    if line is not None and not said:  # a silent moment: the engine's one-line account
        st.markdown(safe_md(line))
    for n in said:
        if n in unanswered:
            number = next(i for i, q in enumerate(lesson.questions, 1) if q.id == n.after_answer)
            st.caption(
                t(
                    "A note on this moment appears here once you have answered question {n} below.",
                    n=number,  # as the page numbers the lesson's questions
                )
            )
            continue
        st.info(safe_md(n.text.get(s.lang)), icon=":material/chat:")


def given_facts(frame: Moment, facts: list[str]) -> list[str]:
    """The engine's account of a moment whose note waits for a question: a score's given
    (the score before, the points taken), not made or failed, the new score or the winner;
    nothing of a refill (who received what) or of a hand's outcome (who took which point)."""
    if frame.score is not None:
        return facts[:2]
    if frame.refill is not None or frame.outcome is not None:
        return []
    return facts


def answered_right(lesson: Lesson, question_id: str, saved: dict[str, Item] | None) -> bool:
    """The question has been answered right, in this session or before (saved)."""
    res = slots.ANSWER_RESULT(lesson.id, question_id).get()
    it = (saved or {}).get(question_item(lesson.id, question_id))
    return bool(res is not None and res.ok) or bool(it is not None and it.done)

"""Home: continue where you left off, what is due for review, progress per lesson,
unavailable lessons."""

from dataclasses import dataclass

import streamlit as st

from tutorial import mistakes
from tutorial import review_schedule as rs
from tutorial.drills import practice
from tutorial.lessons.model import Course
from tutorial.mastery import MAX_STARS, finished, stars
from tutorial.practice import retry
from tutorial.progress import ProgressStore, lesson_prefix
from tutorial.ui import slots
from tutorial.ui.app import current, pages
from tutorial.ui.lesson.review import stars_text
from tutorial.ui.mdsafe import plain_md
from tutorial.ui.session import course, last_position, link_params, store
from tutorial.ui.views import safe_md


@dataclass(frozen=True)
class DueNow:
    questions: int
    """Missed lesson questions due now."""
    moves: int
    """Missed "your move" moments due now."""
    skills: int
    """Drill concepts (a kind at one difficulty) practised before and due again now."""
    positions: int
    """Practice-table positions due to retry now."""
    next_in: float | None
    """Seconds until the next thing not due yet falls due (None: nothing is waiting)."""

    @property
    def any(self) -> bool:
        return bool(self.questions or self.moves or self.skills or self.positions)


def due_now(lessons: Course, progress: ProgressStore, learner: str, at: float) -> DueNow:
    """What is due at ``at`` across the three reviews, each read from its FSRS cards
    (docs/review.md), and when the next thing not due yet falls due."""
    items = progress.items(learner, "lesson/") | progress.items(learner, "review/")
    entries = mistakes.queue(lessons, items, at)
    due = mistakes.due_now(entries, at)
    questions = sum(1 for d in due if d.question is not None)
    _, stats = practice.load(progress, learner)
    skills = practice.due(stats, at)
    positions = retry.schedules(progress.items(learner, retry.PREFIX))
    ready = [card for card in positions if card.is_due(at)]
    later = [d.box.card.wait(at) for d in entries if not d.is_due(at)]
    later += [s.card.wait(at) for kd, s in stats.items() if s.attempts and kd not in skills]
    later += [card.wait(at) for card in positions if not card.is_due(at)]
    return DueNow(
        questions, len(due) - questions, len(skills), len(ready), min(later) if later else None
    )


s = current()
t = s.t
if slots.PAGE_NOT_FOUND.pop():  # a link to a page the app has not
    st.info(t("That page does not exist; here is the home page."), icon=":material/info:")
st.title(t("Learn Cinch (Double Pedro)"), anchor=False)
st.markdown(
    safe_md(
        t(
            "Four players, two partnerships, fourteen points a hand and two fives "
            "that count five each. Nine short lessons take you from the pack to a "
            "whole game and to playing it well; every example is played by the rules engine."
        )
    )
)
items = store().items(s.learner, "lesson/")
lesson_page = pages(s)["lesson"]
last = last_position(s.learner)
c = course()
last_lesson = c.lesson(str(last.get("lesson"))) if last else None
# the lesson last worked on, finished: the next one not finished yet (after lesson 0 the
# page kept saying "Continue where you left off: lesson 0")
ahead = [
    x for x in c.lessons if last_lesson and x.number > last_lesson.number and not finished(x, items)
]
ahead += [x for x in c.lessons if not x.optional and not finished(x, items)]
if last and last_lesson is not None and finished(last_lesson, items) and ahead:
    st.page_link(
        lesson_page,
        label=t("Next: lesson {n}, {title}", n=ahead[0].number, title=ahead[0].title.get(s.lang)),
        icon=":material/arrow_forward:",
        query_params=link_params(s, lesson=ahead[0].id),
    )
elif last and last_lesson is not None:
    st.page_link(
        lesson_page,
        label=t(
            "Continue where you left off: lesson {n}, {title}",
            n=last_lesson.number,
            title=last_lesson.title.get(s.lang),
        ),
        icon=":material/play_arrow:",
        query_params=link_params(s, lesson=last_lesson.id, step=str(last.get("step", ""))),
    )
elif c.first:
    st.page_link(
        lesson_page,
        label=t("Start with lesson {n}", n=c.first.number),
        icon=":material/play_arrow:",
        query_params=link_params(s, lesson=c.first.id),
    )
for primer in (x for x in c.lessons if x.optional and not finished(x, items)):
    st.page_link(
        lesson_page,
        label=t(
            "New to trick-taking games? Start here: lesson {n}, {title} (optional)",
            n=primer.number,
            title=primer.title.get(s.lang),
        ),
        icon=":material/playing_cards:",
        query_params=link_params(s, lesson=primer.id),
    )

ready_to_play = False
due = due_now(c, store(), s.learner, rs.now())
if due.questions or due.moves:
    # questions and "your move" moments are counted apart: a move is not a question
    n_questions, n_moves = due.questions, due.moves
    if n_questions and n_moves:
        questions = t.n("{n} question", "{n} questions", n_questions)
        moves = t.n("{n} move", "{n} moves", n_moves)
        label = t(
            "Review my mistakes: {questions} and {moves} waiting", questions=questions, moves=moves
        )
    elif n_moves:
        label = t.n(
            "Review my mistakes: {n} move waiting", "Review my mistakes: {n} moves waiting", n_moves
        )
    else:
        label = t.n(
            "Review my mistakes: {n} question waiting",
            "Review my mistakes: {n} questions waiting",
            n_questions,
        )
    st.page_link(
        pages(s)["mistakes"],
        label=label,
        icon=":material/replay:",
        query_params=link_params(s),
    )
if due.skills:
    st.page_link(
        pages(s)["drills"],
        label=t.n(
            "Drills: {n} skill to practise again",
            "Drills: {n} skills to practise again",
            due.skills,
        ),
        icon=":material/fitness_center:",
        query_params=link_params(s, kind="mixed"),
    )
if due.positions:
    st.page_link(
        pages(s)["retry"],
        label=t.n(
            "Puzzles from my games: {n} position waiting",
            "Puzzles from my games: {n} positions waiting",
            due.positions,
        ),
        icon=":material/replay:",
        query_params=link_params(s),
    )
if not due.any and due.next_in is not None:  # reviewed for now: say when the next one is
    st.caption(
        t(
            "Nothing to review now; the next review is due {when}.",
            when=rs.in_words(s.lang, due.next_in),
        )
    )

st.subheader(t("Your progress"), anchor=False)
st.caption(
    t(
        "3 stars: every question and every “your move” right at the first try; 2: all "
        "right within two tries; 1: all answered right."
    )
)
for lesson in c.lessons:
    prefix = lesson_prefix(lesson.id)
    steps = sum(1 for st_ in lesson.steps if items.get(f"{prefix}step/{st_.id}"))
    right = sum(
        1
        for q in lesson.questions
        if (it := items.get(f"{prefix}question/{q.id}")) is not None and it.done
    )
    total = len(lesson.steps) + len(lesson.questions)
    if lesson.number == 7 and lesson.steps and steps == len(lesson.steps):
        ready_to_play = True
    # one bordered box a lesson: on a phone the three columns stack, and the stars line,
    # last, read as the start of the next lesson (session 7, 320 px)
    box = st.container(border=True, key=f"home_lesson_{lesson.id}")
    cols = box.columns([5, 4, 3], vertical_alignment="center")
    with cols[0]:
        alt = " · " + t("alternative rules") if lesson.alternative else ""
        alt += " · " + t("optional") if lesson.optional else ""
        st.page_link(
            lesson_page,
            label=f"{lesson.number}. {lesson.title.get(s.lang)}{alt}",
            query_params=link_params(s, lesson=lesson.id),
        )
    with cols[1]:
        st.progress(
            (steps + right) / total if total else 0.0,
            text=t("Steps: {done} of {total}", done=steps, total=len(lesson.steps))
            + " · "
            + t("Questions: {done} of {total}", done=right, total=len(lesson.questions)),
        )
    earned = stars(lesson, items)
    cols[2].markdown(safe_md(stars_text(s, earned)))
    if 0 < earned < MAX_STARS:  # all answered, not all at the first try: how to do better
        box.caption(
            t(
                "All three stars: start the lesson again (“{again}”, at the foot of its page) "
                "and get every question and “your move” right at the first try.",
                again=t("Start this lesson again"),
            )
        )
if ready_to_play:  # after lesson 7 the learner knows enough to play a whole hand
    st.page_link(
        pages(s)["play"],
        label=t("You have seen lesson 7: play whole hands at the practice table"),
        icon=":material/playing_cards:",
        query_params=link_params(s),
    )
for broken in c.broken:
    st.warning(
        t(
            "A lesson is unavailable ({file}): {problem}",
            file=plain_md(broken.file),
            problem=plain_md(broken.problems[0] if broken.problems else "?"),
        ),
        icon=":material/warning:",
    )

"""Drills: endless engine-generated puzzles, judged by the engine, explained step by step.

The puzzle is fixed by (kind, difficulty, seed), all three in the URL, so a puzzle can be
shared or reported. Accuracy, streak and spaced repetition are saved with the learner's
progress."""

import secrets
from collections.abc import Sequence
from dataclasses import replace

import streamlit as st
from babel.numbers import format_percent

from tutorial import review_schedule as rs
from tutorial.drills import practice
from tutorial.drills.kinds import DIFFICULTIES, KINDS, generate
from tutorial.drills.model import PointsShow, Puzzle, TableShow
from tutorial.drills.render import (
    DIFFICULTY_NAMES,
    KIND_NAMES,
    answer_text,
    check,
    choice_label,
    describe,
    game_name,
    profile_notes,
    render,
)
from tutorial.engine.cards import Card
from tutorial.engine.profiles import DEFAULT_PROFILE, get_profile
from tutorial.engine.seats import SEAT_LETTERS, Team
from tutorial.explain import card_label, team_name
from tutorial.ui import slots
from tutorial.ui.app import current, pages
from tutorial.ui.reveal import reveal
from tutorial.ui.session import course, keep, link_params, share_params, store, whole_in
from tutorial.ui.table.moment import puzzle_table
from tutorial.ui.table.svg import CardView, card_svg
from tutorial.ui.views import safe_md, trump_text

MIXED = "mixed"
s = current()
t = s.t
qp = st.query_params
st.title(t("Drills"))
st.caption(
    safe_md(
        t(
            "Fresh puzzles made and checked by the rules engine. Choose a kind, or "
            "let the tutorial bring back what you find hardest."
        )
    )
)


# -- the puzzle from the URL (validated), or a new one ----------------------------------------
raw_kind, raw_level, raw_seed = qp.get("kind"), qp.get("difficulty"), qp.get("seed")
kind = raw_kind if raw_kind in (*KINDS, MIXED) else None
difficulty = whole_in(raw_level, 1, 3)
seed = whole_in(raw_seed, 0, 2**31 - 1)
if (
    (raw_kind is not None and kind is None)
    or (raw_seed is not None and seed is None)
    or (raw_level is not None and difficulty is None)
    or (raw_seed is not None and kind not in KINDS)  # a seed names a puzzle of one kind
):
    st.info(t("The puzzle in the link is not valid; here is a new one."), icon=":material/info:")
if kind in KINDS and seed is not None and raw_level is None:
    difficulty = DIFFICULTIES[0]  # a link without a difficulty means the easy puzzle
_, stats = practice.load(store(), s.learner)
mode = slots.DRILL_MODE.setdefault(kind if kind == MIXED else (kind or MIXED))
cols = st.columns([2, 1])
options = [MIXED, *KINDS]


def _new_puzzle() -> None:
    """A new puzzle of the chosen kind and difficulty (for "Mixed", the scheduler's pick)."""
    chosen = slots.DRILL_MODE.get() or MIXED
    d = int(slots.DRILL_LEVEL.get() or DIFFICULTIES[0])
    if chosen == MIXED:
        recent = slots.DRILL_RECENT.setdefault([])
        chosen, d = practice.next_up(stats, [(k, d) for k in KINDS], recent, at=rs.now())
        recent.append(chosen)
        del recent[: -practice.HISTORY]
    slots.DRILL.set((chosen, d, secrets.randbelow(2**31)))
    slots.DRILL_RESULT.pop()


keep(slots.DRILL_MODE)
keep(slots.DRILL_LEVEL)
cols[0].selectbox(
    t("Kind of puzzle"),
    options=options,
    key=slots.DRILL_MODE.key,
    format_func=lambda k: t("Mixed: what you need most") if k == MIXED else t(KIND_NAMES[k]),
    on_change=_new_puzzle,
)
level = slots.DRILL_LEVEL.setdefault(difficulty or DIFFICULTIES[0])
cols[1].selectbox(
    t("Difficulty"),
    options=list(DIFFICULTIES),
    key=slots.DRILL_LEVEL.key,
    format_func=lambda d: t(DIFFICULTY_NAMES[d]),
    on_change=_new_puzzle,
)

url = (raw_kind, raw_level, raw_seed)
if slots.DRILL.get() is None or slots.DRILL_URL.get() != url:
    if kind in KINDS and difficulty and seed is not None:
        slots.DRILL.set((kind, difficulty, seed))
        slots.DRILL_RESULT.pop()
    elif slots.DRILL.get() is None:
        _new_puzzle()
k, d, seed_now = slots.DRILL.get() or (MIXED, DIFFICULTIES[0], 0)
qp["kind"], qp["difficulty"], qp["seed"] = k, str(d), str(seed_now)
slots.DRILL_URL.set((k, str(d), str(seed_now)))
puzzle: Puzzle = generate(k, seed_now, d)

# -- the puzzle ---------------------------------------------------------------------------------
heading = " · ".join(
    [t(KIND_NAMES[k]), t(DIFFICULTY_NAMES[d])]
    + ([game_name(t, puzzle.profile)] if puzzle.profile != DEFAULT_PROFILE else [])
)
st.subheader(heading)
notes = profile_notes(t, puzzle)
if notes:
    st.info(safe_md(" ".join(notes)), icon=":material/info:")
profile = get_profile(puzzle.profile)
show = puzzle.show
trump = None if show.trump is None else int(show.trump)


def _cards(cards: Sequence[Card]) -> list[CardView]:
    return [CardView(c.code, card_label(t, c.index, trump, profile)) for c in cards]


if isinstance(show, TableShow):
    st.markdown(puzzle_table(t, show, puzzle.profile), unsafe_allow_html=True)
    if show.stock is not None:
        stock_heading = t("The stock, from the top:")
        st.markdown(f"**{safe_md(stock_heading)}**")
        st.markdown(
            '<div role="list" style="display:flex;flex-wrap:wrap;gap:3px">'
            + "".join(card_svg(replace(v, small=True), trump) for v in _cards(show.stock))
            + "</div>",
            unsafe_allow_html=True,
        )
elif isinstance(show, PointsShow):
    st.markdown(safe_md(trump_text(t, trump)))
    for team, cards in show.captured:
        captured_heading = t("{team} captured:", team=team_name(t, team))
        st.markdown(f"**{safe_md(captured_heading)}**")
        st.markdown("".join(card_svg(v, trump) for v in _cards(cards)), unsafe_allow_html=True)
    for card, seat in show.held_by:
        held_text = t("{card} was held by {seat} before play.", card=card.pretty, seat=seat.letter)
        st.markdown("- " + safe_md(held_text))
else:
    for line in describe(t, puzzle)[len(notes) :]:
        st.markdown("- " + safe_md(line))

st.markdown(f"**{safe_md(render(t, puzzle.prompt))}**")
base = f"drill:{k}:{d}:{seed_now}"
with st.form(key="drill_form", border=True):
    if puzzle.answer_type == "cards":
        assert isinstance(show, TableShow)
        pick = [c.code for c in show.pick]
        labels = {c.code: card_label(t, c.index, trump, profile) for c in show.pick}
        keep(f"ans:{base}")
        response: object = st.pills(
            t("Pick the cards"),
            options=pick,
            selection_mode="multi",
            format_func=lambda c: labels[c],
            key=slots.ANSWER(base).key,
        )
    elif puzzle.answer_type == "team_numbers":
        c1, c2 = st.columns(2)
        response = (
            c1.number_input(team_name(t, Team.AC), step=1, value=None, key=f"ac:{base}"),
            c2.number_input(team_name(t, Team.BD), step=1, value=None, key=f"bd:{base}"),
        )
    elif puzzle.answer_type == "seat_numbers":
        cs = st.columns(4)
        response = tuple(
            c.number_input(seat, step=1, value=None, min_value=0, max_value=9, key=f"{seat}:{base}")
            for c, seat in zip(cs, SEAT_LETTERS, strict=True)
        )
    else:
        response = st.radio(
            t("Your answer"),
            options=list(puzzle.options),
            index=None,
            format_func=lambda o: choice_label(t, o),
            key=slots.ANSWER(base).key,
        )
    submitted = st.form_submit_button(t("Check my answer"), key="drill_submit")
if submitted:
    empty = response is None or response == [] or (isinstance(response, tuple) and None in response)
    if empty:
        slots.DRILL_RESULT.pop()
        with st.container(key="drill_verdict"):
            st.warning(t("Choose an answer first."))
        reveal("drill_verdict")
    else:
        ok = check(puzzle, response)
        slots.DRILL_RESULT.set(slots.DrillResult(ok, (k, d, seed_now)))
        counted = slots.COUNTED(base)
        if not counted.get():  # one attempt counts per puzzle
            practice.record(store(), s.learner, k, d, ok)
            counted.set(True)
        _, stats = practice.load(store(), s.learner)
res = slots.DRILL_RESULT.get()
if res is not None and res.puzzle == (k, d, seed_now):
    with st.container(key="drill_verdict"):
        if res.ok:
            st.success(
                t("Right!") + " " + safe_md(answer_text(t, puzzle)), icon=":material/check_circle:"
            )
        else:
            st.info(
                t("Not yet.") + " " + t("Try again, or read the explanation."),
                icon=":material/replay:",
            )
    if submitted:  # just checked: on a phone the verdict came under the screen's bottom edge
        reveal("drill_verdict")
    show_expl = res.ok or st.toggle(t("Show the explanation"), key=f"expl:{base}")
    if show_expl:
        lesson_page = pages(s)["lesson"]
        heading = t("Step by step")
        st.markdown(f"**{safe_md(heading)}**")
        lessons = course()
        shown_links: set[tuple[str, str]] = set()
        for i, expl in enumerate(puzzle.explanation, 1):
            st.markdown(f"{i}. " + safe_md(render(t, expl)))
            if not (expl.lesson and expl.step) or (expl.lesson, expl.step) in shown_links:
                continue  # each lesson step is linked once, under the first line it explains
            shown_links.add((expl.lesson, expl.step))
            lesson = lessons.lesson(expl.lesson)
            step = lesson.step(expl.step) if lesson else None
            title = step.title.get(s.lang) if step else expl.step
            st.page_link(
                lesson_page,
                label=title,  # the step's own title: distinct, and short enough for a phone
                help=t("The rule, in its lesson"),
                icon=":material/school:",
                query_params=link_params(s, lesson=expl.lesson, step=expl.step),
            )
st.button(t("Next puzzle ▶"), key="drill_next", on_click=_new_puzzle, type="primary")
st.page_link(
    pages(s)["drills"],
    label=t("Link to share this puzzle (it does not carry your learner code)"),
    icon=":material/link:",
    query_params=share_params(kind=k, difficulty=str(d), seed=str(seed_now)),
)

# -- accuracy, streaks ----------------------------------------------------------------------
st.subheader(t("Your practice"))
now = rs.now()
lines = []
for kk in KINDS:
    for dd in DIFFICULTIES:
        st_ = stats[(kk, dd)]
        if st_.attempts:
            wait = st_.card.wait(now)
            figures = (
                (t("Accuracy"), str(format_percent(st_.accuracy, locale=s.lang))),
                (t("Streak"), str(st_.streak)),
                (t("Attempts"), str(st_.attempts)),
                (t("Next review"), rs.in_words(s.lang, wait) if wait else t("due now")),
            )
            said = " · ".join(t("{label}: {value}", label=a, value=b) for a, b in figures)
            kind_name, level_name = t(KIND_NAMES[kk]), t(DIFFICULTY_NAMES[dd])
            lines.append(f"- **{kind_name}** ({level_name}) — {said}")
# a line a kind and difficulty, not a six-column table: on a phone a table (a canvas that
# cannot wrap) scrolled sideways and hid the next review
if lines:
    st.markdown(safe_md("\n".join(lines)))
else:
    st.caption(t("Your accuracy and streaks will appear here."))

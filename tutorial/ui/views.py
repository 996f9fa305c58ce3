"""Safe lesson text: Markdown without raw HTML, remote images or data links.

The card table is in :mod:`tutorial.ui.table.moment`, the stepper in
:mod:`tutorial.ui.lesson.stepper`, quiz questions in :mod:`tutorial.ui.lesson.quiz`;
``seat_titles`` and ``trump_text`` are re-exported here for the pages that import them from
this module.
"""

from __future__ import annotations

from collections.abc import Set
from functools import lru_cache

import streamlit as st

from tutorial.engine.cards import Card
from tutorial.i18n import Translator
from tutorial.scenario.moments import Moment
from tutorial.ui import mdsafe
from tutorial.ui.table.moment import Taken, frame_table, seat_titles, trump_text


def md(text: str) -> None:
    """Render lesson text as Markdown with raw HTML shown as text, never rendered."""
    st.markdown(safe_md(text))


def safe_md(text: str) -> str:
    """Lesson Markdown without raw HTML, remote images or data links (:mod:`.mdsafe`)."""
    return mdsafe.safe_md(text)


def moment_table(
    t: Translator,
    frame: Moment,
    profile: str,
    dim: Set[Card] | None = None,
    taken: Taken | None = None,
    *,
    marks: bool = True,
) -> str:
    """:func:`~tutorial.ui.table.moment.frame_table` of a lesson's moment, drawn once per moment,
    language and marks: the course's moments do not change while it is loaded, and the lesson
    page draws up to five tables a run (their SVG cost about 0.7 ms of the server's lock
    each). ``marks`` False: without trump marks (a plain question)."""
    try:
        return _moment_table(
            t,
            frame,
            profile,
            None if dim is None else frozenset(dim),
            None if taken is None else tuple(sorted(taken.items())),
            marks,
        )
    except TypeError:  # a moment that cannot be hashed: drawn every time
        return frame_table(t, frame, profile, None if dim is None else set(dim), taken, marks=marks)


@lru_cache(maxsize=512)
def _moment_table(
    t: Translator,
    frame: Moment,
    profile: str,
    dim: frozenset[Card] | None,
    taken: tuple[tuple[str, tuple[int, int]], ...] | None,
    marks: bool = True,
) -> str:
    return frame_table(
        t,
        frame,
        profile,
        None if dim is None else set(dim),
        None if taken is None else dict(taken),
        marks=marks,
    )


__all__ = ["md", "moment_table", "safe_md", "seat_titles", "trump_text"]

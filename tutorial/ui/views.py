"""Safe lesson text: Markdown without raw HTML, remote images or data links.

The card table is in :mod:`tutorial.ui.table`, the stepper in :mod:`tutorial.ui.stepper`,
quiz questions in :mod:`tutorial.ui.quiz`; ``seat_titles`` and ``trump_text`` are
re-exported here for the pages that import them from this module.
"""

from __future__ import annotations

import streamlit as st

from tutorial.ui import mdsafe
from tutorial.ui.table import seat_titles, trump_text


def md(text: str) -> None:
    """Render lesson text as Markdown with raw HTML shown as text, never rendered."""
    st.markdown(safe_md(text))


def safe_md(text: str) -> str:
    """Lesson Markdown without raw HTML, remote images or data links (:mod:`.mdsafe`)."""
    return mdsafe.safe_md(text)


__all__ = ["md", "safe_md", "seat_titles", "trump_text"]

"""Parts of a page that run alone (Streamlit fragments): a click on a widget inside a part
runs only that part again, not the whole page. What the rest of the page shows may depend on
what the part changes; a part says what that is (its *facts*), and when they differ from
those the whole page was drawn with, the whole page runs instead. Used by the practice
table (:mod:`tutorial.ui.pages.play`) and the lesson stepper (:mod:`tutorial.ui.lesson.stepper`)."""

from __future__ import annotations

from collections.abc import Callable, Hashable

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from tutorial.ui import runtiming


def full_run() -> bool:
    """This run is the whole page's, not a fragment's alone (Streamlit runs only the
    fragment's function when a widget inside it is used)."""
    ctx = get_script_run_ctx(suppress_warning=True)
    return not getattr(ctx, "fragment_ids_this_run", None)


def part(
    page: str,
    lang: str,
    facts: Callable[[], tuple[Hashable, ...]],
    body: Callable[[], None],
    *,
    check_after: bool = False,
) -> None:
    """Draw ``body`` as a part that runs alone. ``facts()`` is read now (the whole page is
    drawn with them); in a run of the part alone, when they differ at its start (a callback
    before the run changed them) the whole page runs instead; with ``check_after``, also when
    they differ after ``body`` (in any run). The part's own runs are timed
    (:func:`runtiming.timed_part`)."""
    drawn_with = facts()

    @st.fragment
    def run() -> None:
        if not full_run() and facts() != drawn_with:
            st.rerun(scope="app")
        with runtiming.timed_part(page, lang):
            body()
        if check_after and facts() != drawn_with:
            st.rerun(scope="app")

    run()


__all__ = ["full_run", "part"]

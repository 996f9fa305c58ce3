"""Bring a verdict into view: on a phone the feedback of a click can be drawn off the screen.

Streamlit keeps the browser's scroll position across a rerun; when the page above the
learner's tap grows or shrinks (a decision's block shrinks once made, a question's feedback
comes under the button they tapped at the screen's bottom edge), the verdict can end above or
below the screen. The card buttons scroll their own note into view; these blocks use a
script drawn only in the run that answers the click."""

from __future__ import annotations

import re

import streamlit as st


def reveal_script(key: str) -> str:
    """A script that scrolls the keyed container ``key`` into view if it is not (``nearest``:
    no jump when it is already on the screen), polling briefly until it is drawn. ``key`` is
    made of lesson, step, moment and question ids (checked ``[a-z0-9-]`` ids), never of
    learner text, and is reduced to the CSS class Streamlit gives it."""
    css = "st-key-" + re.sub(r"[^a-zA-Z0-9_-]", "-", key)
    return (
        "<script>(() => { let n = 0; const go = () => {"
        f" const e = document.querySelector('.{css}');"
        # the page's header (Streamlit's, fixed, ~60 px) covers the screen's top: keep clear
        " if (e) { e.style.scrollMarginTop = '72px';"
        " e.scrollIntoView({block: 'nearest'}); return; }"
        " if (++n < 60) setTimeout(go, 50); }; go(); })();</script>"
    )


def reveal(key: str) -> None:
    """Scroll the keyed container ``key`` into view (if it is not) once it is drawn."""
    st.html(reveal_script(key), unsafe_allow_javascript=True)

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


# Streamlit's pills are a react-aria toolbar, which gives the focus back to the pill focused
# last whenever the focus comes back from outside, also on a click, without preventScroll. A
# learner picked Q♦, checked, then clicked 9♣: the mouse press focused Q♦ (off a phone's
# screen, under the feedback), the page scrolled to it under the pointer, the release landed
# on the feedback and the pick was lost (lesson 7, es/fr 320 px); on a touch screen the page
# jumps to Q♦ after the tap. On a press, this script focuses the pressed pill first without
# scrolling (so the toolbar's focus move happens inside it), focuses it again and puts back
# every scroll position the move changed. Installed once per page; any pill of the page. Its
# element is hidden (no gap in the column).
PILLS_PRESS = """<style>[data-testid="stElementContainer"]:has(> [data-testid="stHtml"]
> .cinch-pills-press){display:none}</style><script class="cinch-pills-press">(() => {
if (window.cinchPillPress) return; window.cinchPillPress = 1;
document.addEventListener('mousedown', (e) => {
 const b = e.target instanceof Element
  && e.target.closest('[data-testid="stButtonGroup"] button:not([disabled])');
 if (!b || document.activeElement === b) return;
 const kept = [];
 for (let n = b.parentElement; n; n = n.parentElement) kept.push([n, n.scrollTop, n.scrollLeft]);
 b.focus({preventScroll: true});
 if (document.activeElement !== b) b.focus({preventScroll: true});
 for (const [n, top, left] of kept) {
  if (n.scrollTop !== top) n.scrollTop = top;
  if (n.scrollLeft !== left) n.scrollLeft = left;
 }
}, true); })();</script>"""


def pills_keep_scroll() -> None:
    """Draw :data:`PILLS_PRESS` (a pill's press neither scrolls the page nor is lost)."""
    st.html(PILLS_PRESS, unsafe_allow_javascript=True)

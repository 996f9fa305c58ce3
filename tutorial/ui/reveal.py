"""Bring a verdict into view: on a phone the feedback of a click can be drawn off the screen.

Streamlit keeps the browser's scroll position across a rerun; when the page above the
learner's tap grows or shrinks (a decision's block shrinks once made, a question's feedback
comes under the button they tapped at the screen's bottom edge), the verdict can end above or
below the screen. The card buttons scroll their own note into view; these blocks use a
script drawn only in the run that answers the click."""

from __future__ import annotations

import re

import streamlit as st

from tutorial.ui import slots


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


# Scripts that wait for the app's run to end (the page fully drawn) before they move the
# page: Streamlit marks the app element with the script's state while a run goes on.
_RUN_OVER = (
    "const over = () => { const a = document.querySelector('[data-testid=\"stApp\"]');"
    " return !!a && a.dataset.testScriptState !== 'running'"
    " && !document.querySelector('[data-testid=\"stStatusWidget\"]'); };"
)
# The learner's own scrolling, pressing or typing ends a script's hold on the page.
_HANDS_OFF = (
    "let off = false; ['wheel', 'touchstart', 'pointerdown', 'keydown'].forEach((ev) =>"
    " window.addEventListener(ev, () => { off = true; }, { once: true, passive: true }));"
)


def move_into_view_script(key: str) -> str:
    """A script that brings the keyed "your move" block ``key`` wholly into view (or its
    start, on a screen shorter than it) once its cards are drawn: the prompt, the trick
    being asked about and the learner's cards together (the cards are drawn by a component,
    in its own shadow root). ``key`` is made of lesson, step and moment ids, never of
    learner text."""
    css = "st-key-" + re.sub(r"[^a-zA-Z0-9_-]", "-", key)
    return (
        '<script class="cinch-js">(() => {' + _RUN_OVER + _HANDS_OFF + "const started = Date.now();"
        " const go = () => { if (off || Date.now() - started > 30000) return;"
        f" const e = document.querySelector('.{css}');"
        " const drawn = e && [...e.querySelectorAll('*')].some((x) => x.shadowRoot"
        " && x.shadowRoot.querySelector('button.cb-card'));"
        " if (!drawn || !over()) { setTimeout(go, 60); return; }"
        " e.style.scrollMarginTop = '72px'; e.style.scrollMarginBottom = '8px';"
        " e.scrollIntoView({block: 'nearest'}); };"
        " setTimeout(go, 60); })();</script>"
    )


def move_into_view(key: str) -> None:
    """Draw :func:`move_into_view_script` (in the run that reaches the move)."""
    st.html(move_into_view_script(key), unsafe_allow_javascript=True)


# Where the learner is, kept across a language switch. The page's height changes with the
# language (other words, other line breaks), so the browser's scroll position, kept in
# pixels, left the learner mid-table with the prompt scrolled away. When the learner reaches
# for the sidebar (where the language is chosen), the innermost keyed block of the page at
# the screen's middle is noted (its key is the same in every language); after the switch,
# its start is brought back under the header. Installed once per page. Its style hides every
# script element of class ``cinch-js`` (no gap in the column where it is drawn).
PLACE_WATCH = """<style>[data-testid="stElementContainer"]:has(> [data-testid="stHtml"]
> .cinch-js){display:none}</style><script class="cinch-js">(() => {
if (window.cinchPlace) return; window.cinchPlace = { key: null };
const mark = (ev) => {
 if (!(ev.target instanceof Element) || !ev.target.closest('[data-testid="stSidebar"]')) return;
 const main = document.querySelector('[data-testid="stMain"]');
 if (!main) return;
 const mid = window.innerHeight / 2;
 let inside = null, above = null;
 for (const b of main.querySelectorAll('[data-testid="stVerticalBlock"][class*="st-key-"]')) {
  const r = b.getBoundingClientRect();
  if (!r.height) continue;
  if (r.top <= mid && r.bottom >= mid) inside = b;
  else if (r.top <= mid && (!above || r.top >= above.getBoundingClientRect().top)) above = b;
 }
 const b = inside || above;
 window.cinchPlace.key = b ? [...b.classList].find((c) => c.startsWith('st-key-')) : null;
};
document.addEventListener('pointerdown', mark, true);
document.addEventListener('focusin', mark, true);
})();</script>"""


def place_restore_script() -> str:
    """A script that brings the block noted by :data:`PLACE_WATCH` back to the screen's top
    once the run after the switch has ended (and again while the page settles, for a
    moment, unless the learner scrolls). It waits up to 30 s for the run (a loaded server
    took more than 8)."""
    return (
        '<script class="cinch-js">(() => { const place = window.cinchPlace;'
        " const key = place && place.key; if (!key) return; place.key = null;"
        + _RUN_OVER
        + _HANDS_OFF
        + " const started = Date.now(); let seen = 0;"
        " const go = () => { if (off || Date.now() - started > 30000) return;"
        " const e = document.querySelector('.' + CSS.escape(key));"
        " if (!e || !over()) { setTimeout(go, 60); return; }"
        " e.style.scrollMarginTop = '72px'; const top = e.getBoundingClientRect().top;"
        " if (top < 56 || top > 90) e.scrollIntoView({block: 'start'});"
        " if (++seen < 8) setTimeout(go, 150); };"
        " setTimeout(go, 60); })();</script>"
    )


def keep_place() -> None:
    """Watch where the learner is; after a language switch (flagged by the language
    picker), bring them back there."""
    st.html(PLACE_WATCH, unsafe_allow_javascript=True)
    if slots.LANG_SWITCHED.pop():
        st.html(place_restore_script(), unsafe_allow_javascript=True)

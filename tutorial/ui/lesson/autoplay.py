"""Autoplay for the scenario stepper: ▶ Play steps forward by itself, one moment every
:func:`pace` seconds, and stops at a "your move" moment and at the end of the scenario (where
the step's questions follow); ⏸ Pause stops it. Both are ordinary buttons (Tab, Enter, Space).

While it plays, a fragment is drawn with ``run_every``: each tick only compares the time with
the moment due, and when it is due moves the stepper one moment on and reruns the page — the
same work as a click on Forward. Paused (the default), nothing ticks."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Collection

import streamlit as st

from tutorial.i18n import Translator
from tutorial.ui import slots

PACE_ENV = "CINCH_AUTOPLAY_PACE"
DEFAULT_PACE = 2.5
"""Seconds per moment: time to read a one-line account or a short narration."""


def pace() -> float:
    """Seconds per moment (``CINCH_AUTOPLAY_PACE``, 0.5–30; default 2.5)."""
    try:
        value = float(os.environ.get(PACE_ENV, DEFAULT_PACE))
    except ValueError:
        return DEFAULT_PACE
    return min(max(value, 0.5), 30.0)


def _slots(key: str) -> tuple[slots.Slot[bool], slots.Slot[float]]:
    return slots.AUTOPLAY_ON(key), slots.AUTOPLAY_DUE(key)


def playing(key: str) -> bool:
    return bool(slots.AUTOPLAY_ON(key).get())


def autoplay_button(t: Translator, key: str, can_go: bool) -> None:
    """Play / Pause, their icons from the bundled font (⏸ has no glyph in many fonts).
    ``can_go``: there is a next moment the stepper may go to."""
    on, due = _slots(key)
    now = playing(key)

    def toggle() -> None:
        on.set(not now)
        due.set(time.monotonic() + pace())

    st.button(
        t("Pause") if now else t("Play"),
        icon=":material/pause:" if now else ":material/play_arrow:",
        key=f"ap:{key}",
        on_click=toggle,
        disabled=not now and not can_go,
        help=t("Steps forward by itself; stops at your move and at the end."),
    )


def autoplay_tick(key: str, last: int, stops: Collection[int], go: Callable[[int], None]) -> None:
    """While playing: every :func:`pace` seconds, one moment forward; stop at a moment in
    ``stops`` (the learner's move) or at ``last``."""
    on, due = _slots(key)
    if not playing(key):
        return
    every = pace()

    @st.fragment(run_every=every)
    def tick() -> None:
        now = time.monotonic()
        if now < float(due.get() or 0.0) - 0.2 * every:
            return  # drawn by a full run, or early: not due yet
        cur = int(slots.Slot[int](key, int).get() or 0)  # the stepper's moment (frame:…)
        if cur >= last or cur in stops:
            on.set(False)
        else:
            go(cur + 1)
            due.set(now + every)
            if cur + 1 >= last or cur + 1 in stops:
                on.set(False)
        st.rerun()

    tick()


__all__ = ["DEFAULT_PACE", "PACE_ENV", "autoplay_button", "autoplay_tick", "pace", "playing"]

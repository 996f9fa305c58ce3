"""What a player's page does at a shared table (``/table``): its place there, the table read
from the store, the player's actions, the bots' and stand-ins' moves, and the poll that
keeps every screen within a second of the table.

Each page polls the table's version number (one indexed row) every :data:`POLL` seconds in a
fragment and runs again when it changed. A page that sees a bot (or a stand-in) to act, once
the pause after the last action is over, asks the worker pool for its decision (one job per
position per process, shared by the sessions of this replica) and appends it when it is
ready: the decision is the same on every replica, and the store takes only the first write
of a position. The serving thread never thinks: it submits, looks whether the job is done,
and writes one row.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

import streamlit as st

from tutorial import jobs
from tutorial.bots import BOT_NAMES
from tutorial.coach.hint import Hint
from tutorial.engine.actions import Action
from tutorial.explain import explain_illegal
from tutorial.i18n import Translator
from tutorial.practice import together as tg
from tutorial.practice import workers
from tutorial.progress import ProgressStore, StoreError
from tutorial.store.tables import TableStore
from tutorial.ui import slots
from tutorial.ui.session import Session

log = logging.getLogger("cinch.table")
POLL = 0.4
"""Seconds between two looks at the table's version (the other players' screens follow an
action within about this, plus one page run)."""
BEAT = 3.0
"""Seconds between two "still here" writes of a player's page (absent after
:data:`tutorial.practice.together.ABSENT`)."""


@dataclass
class Here:
    """This session's place at a shared table."""

    code: str
    secret: str | None = None
    seat: int | None = None
    version: int | None = None
    """The table's version this page last drew."""
    beat: float = 0.0
    refused: str | None = None
    hint: tuple[str, Future[Any]] | None = None
    reviews: dict[int, Future[Any]] = field(default_factory=dict)
    retried: set[int] = field(default_factory=set)
    """The hands whose costly cards were sent to Puzzles from my games."""
    hand: int | None = None
    """The hand this page last drew (the table moves on to the next one by the clock)."""
    wake: float | None = None
    """When the poll must read the whole table (see :func:`wake_at`)."""
    watch: list[Future[Any]] = field(default_factory=list)
    """Jobs this page shows a "being worked out" for (a hint, a review): the page runs
    again when one is done."""
    hint_kept: str | None = None
    """The position whose hint this page has kept in the store (:func:`keep_hint`)."""
    hint_looked: tuple[str, bool] | None = None
    """The position this page looked up a kept hint for, and whether there was one."""


def tables() -> TableStore:
    return ProgressStore().tables()


def here(code: str) -> Here:
    """This session's place at table ``code`` (a new one when the code changes)."""
    h = slots.TABLE_HERE.get()
    if not isinstance(h, Here) or h.code != code:
        h = slots.TABLE_HERE.set(Here(code))
    return h


def remember(code: str, secret: str) -> None:
    known = dict(slots.TABLE_SECRETS.get() or {})
    known[code] = secret
    slots.TABLE_SECRETS.set(known)


def remembered(code: str) -> str | None:
    value = (slots.TABLE_SECRETS.get() or {}).get(code)
    return tg.parse_secret(value)


def load(code: str) -> tg.Table | None:
    """The table as stored now (raises StoreError when the store cannot be read)."""
    return tg.Table.from_rows(tables().load(code), BOT_NAMES)


def heartbeat(h: Here, now: float) -> None:
    """Tell the table this player is still here (every :data:`BEAT` seconds)."""
    if h.seat is None or h.secret is None or now - h.beat < BEAT:
        return
    h.beat = now
    try:
        tables().seat_update(h.code, h.seat, tg.secret_hash(h.secret))
    except StoreError:
        log.warning("table %s: a heartbeat was not saved", h.code)


# -- actions ---------------------------------------------------------------------------------
def act(s: Session, h: Here, hand: int, pos: int, action: Action) -> None:
    """The player takes ``action`` at (``hand``, ``pos``): checked by the engine on the
    table as it is now, then appended (refused if another action took the position)."""
    h.refused = None
    if h.seat is None:
        return
    try:
        table = load(h.code)
        if table is None:
            return
        table.advance(time.time())
        if (table.hand, table.pos) != (hand, pos):
            h.refused = s.t("The table moved on before your move arrived; here it is now.")
            return
        err = table.check(action, h.seat)
        if err is not None:
            h.refused = explain_illegal(s.t, err.facts())
            return
        asked = h.hint is not None and h.hint[0] == f"{h.code}.{hand}.{pos}"
        by = "hinted" if asked else "human"  # marked in the review, as at the practice table
        if not tables().append(h.code, hand, pos, str(action), h.seat, by, _shown_best(h)):
            h.refused = s.t("The table moved on before your move arrived; here it is now.")
    except StoreError:
        h.refused = s.t("The table cannot be reached right now; try again in a moment.")


def _shown_best(h: Here) -> tuple[str, ...]:
    """The best set of the hint this page shows (kept with the action taken after it, so
    that the review labels an action in it best, as at the practice table); () if none
    was shown."""
    if h.hint is None or not h.hint[1].done():
        return ()
    shown = jobs.outcome(h.hint[1], "the hint")
    if not isinstance(shown, Hint):
        return ()
    return tuple(str(a) for a in shown.evaluation.best_set)


def keep_hint(h: Here, hand: int, pos: int, shown: Hint) -> None:
    """Keep in the store that this seat was shown ``shown`` at (``hand``, ``pos``), once a
    position: if this page dies before the player acts, the page they come back on shows
    the hint again (:func:`hint_was_shown`) and their action is still marked ``hinted``.
    A failed write only loses that: this page still marks the action (:func:`act`)."""
    here = f"{h.code}.{hand}.{pos}"
    if h.seat is None or h.hint_kept == here:
        return
    try:
        tables().hint_shown(h.code, hand, pos, h.seat, [str(a) for a in shown.evaluation.best_set])
        h.hint_kept = here
    except StoreError:
        log.warning("table %s: a hint shown was not kept", h.code)


def hint_was_shown(h: Here, hand: int, pos: int) -> bool:
    """Whether this seat was shown a hint at (``hand``, ``pos``) by a page before this one
    (looked up once a position; False if the store cannot say)."""
    here = f"{h.code}.{hand}.{pos}"
    if h.seat is None:
        return False
    if h.hint_looked is None or h.hint_looked[0] != here:
        try:
            found = tables().hint_at(h.code, hand, pos, h.seat) is not None
        except StoreError:
            return False
        h.hint_looked = (here, found)
    return h.hint_looked[1]


_jobs: dict[tuple[str, int, int], Future[Action]] = {}
_jobs_lock = threading.Lock()


def drive(table: tg.Table, now: float) -> bool:
    """Take the step the table waits for from no player, if it is due: a chance outcome at
    once, a bot's decision once the pool has it. True if the table changed."""
    due = table.due(now)
    if due is None or due.at > now:
        return False
    if due.action is not None:
        return _append(table.code, due, due.action)
    key = (table.code, due.hand, due.pos)
    with _jobs_lock:
        fut = _jobs.get(key)
        if fut is None:
            obs, seed = table.observation(due.seat), table.game.current.seed
            fut = jobs.started(
                lambda: workers.submit_decide(table.settings.bots, obs, seed),
                f"table {table.code}: a bot",
            )
            if fut is None:  # an unknown bot (the table's settings were checked)
                return False
            _jobs[key] = fut
            for old in [k for k in _jobs if k[0] == table.code and k[1:] < key[1:]]:
                _jobs.pop(old, None)
    if not fut.done():
        return False
    with _jobs_lock:
        _jobs.pop(key, None)
    action = jobs.outcome(fut, f"table {table.code}: a bot's decision")
    if action is None:
        return False
    if table.check(action, due.seat) is not None:  # a bot's bug: a legal action instead
        log.error("table %s: bot proposed an illegal %s", table.code, action)
        action = table.state().legal_actions()[0]
    return _append(table.code, due, str(action))


def _append(code: str, due: tg.Due, action: str) -> bool:
    try:
        return tables().append(code, due.hand, due.pos, action, due.seat, due.by)
    except StoreError:
        log.warning("table %s: a bot's move was not saved (tried again)", code)
        return False


def pending_job(table: tg.Table) -> bool:
    """Whether a bot's decision for this table is being worked out here."""
    with _jobs_lock:
        return any(k[0] == table.code for k in _jobs)


def wake_at(table: tg.Table, now: float) -> float | None:
    """When something may happen at the table that no write announces (so the version does
    not change): a bot's move after its pause, a time limit running out, a finished hand
    moving on. None if only a player's action (a new version) moves the table."""
    due = table.due(now)
    if due is not None:
        return due.at
    if table.game.hand_over() and not table.over():
        return table.last_at() + tg.HOLD
    return None


def countdown(t: Translator, until: float) -> None:
    """The seconds left for the player's decision (until ``until``, a time.time()),
    counted down on the page: a fragment drawn again every second (a line, nothing read
    from the store), so the number moves while the player thinks."""

    @st.fragment(run_every=1.0)
    def body() -> None:
        left = max(0, math.ceil(until - time.time()))
        st.caption(
            t.n("{n} second left for your decision.", "{n} seconds left for your decision.", left)
        )

    body()


def poll(h: Here) -> None:
    """The fragment that keeps the page in step with the table: "still here", the bots'
    moves when they are due, and a new run of the page when the table's version is not the
    one drawn (or the table moved on to the next hand)."""

    @st.fragment(run_every=POLL)
    def body() -> None:
        now = time.time()
        heartbeat(h, now)
        if any(f.done() for f in h.watch):
            h.watch.clear()
            st.rerun(scope="app")
        try:
            version = tables().version(h.code)
            if version == h.version and h.wake is not None and now >= h.wake:
                table = load(h.code)
                if table is not None:
                    table.advance(now)
                    if drive(table, now) or table.hand != h.hand:
                        version = None
                    elif not pending_job(table):
                        h.wake = wake_at(table, now)
        except StoreError:
            return
        if version != h.version:
            st.rerun(scope="app")

    body()

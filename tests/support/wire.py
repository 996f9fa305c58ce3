"""A learner's session over Streamlit's own wire protocol, without a browser (for load tests).

A browser tab talks to the app over one websocket (``/_stcore/stream``): it sends a
``BackMsg`` asking for a rerun of a page with its widget values, and receives
``ForwardMsg``s (the elements drawn, the URL's query string, then ``script_finished``).
:class:`WireSession` does the same, so a benchmark can run many real sessions (each with
its own server-side session state, in the replica that owns its websocket) at the cost of a
few kilobytes each. Through a balancer, a session sends its own sticky cookie so every
rerun reaches the same replica, as a browser's would.

:func:`learner_visit` is one scripted visit: a lesson (open it, forward through the
scenario, next step a few times) and some drills (answer, check, next puzzle), timing each
interaction from the message sent to the end of the rerun, and saying what it expects the
store to hold afterwards (:class:`Expected`), so lost writes can be counted.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from dataclasses import dataclass, field
from urllib.parse import parse_qs

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

TIMEOUT = 120.0
"""Seconds one rerun may take before the visit fails (a loaded machine is slow, not stuck)."""


@dataclass(frozen=True)
class Widget:
    kind: str
    id: str
    label: str
    options: tuple[str, ...] = ()
    """The options as the browser shows them (button groups, select boxes)."""
    fragment: str = ""
    """The id of the fragment the widget is drawn in ("" outside any): as a browser, a
    click on it asks for a run of that fragment alone."""
    disabled: bool = False
    """Drawn disabled (a browser does not let the learner use it)."""

    @property
    def key(self) -> str:
        """The key the page gave the widget (Streamlit's id ends with ``-<key>``)."""
        return self.id.split("-", 2)[2] if self.id.startswith("$$ID-") else self.id


@dataclass
class Page:
    widgets: list[Widget]
    query: str
    exceptions: list[str]

    def by_key(self, prefix: str, *, enabled: bool = False) -> Widget | None:
        """The first widget whose key starts with ``prefix`` (``enabled``: and which is
        not disabled)."""
        for w in self.widgets:
            if w.key.startswith(prefix) and not (enabled and w.disabled):
                return w
        return None

    @property
    def params(self) -> dict[str, str]:
        return {k: v[0] for k, v in parse_qs(self.query).items()}


class WireSession:
    """One learner's websocket session with the app at ``url`` (``http://host:port``)."""

    def __init__(self, url: str) -> None:
        self.ws_url = url.replace("http://", "ws://", 1).rstrip("/") + "/_stcore/stream"
        self.cookie = f"cinch_replica={secrets.token_hex(8)}"
        self.ws: websockets.ClientConnection | None = None
        self.query = ""
        self.page_name = ""
        self.session_id = ""
        """The server's id of this session (its ``new_session`` message)."""
        self.widgets: list[Widget] = []
        """The widgets on the page now (a fragment's run replaces only its own)."""
        self.fragment_run = False
        """The last rerun was a fragment's run alone (not the whole page's)."""
        self.messages = 0
        """How many messages the last rerun sent (its elements, and its start and end)."""
        self.sent_at = 0.0
        self.read_at = 0.0
        """``time.monotonic()`` when the last rerun was asked for and when its
        ``script_finished`` was read (system-wide: comparable with the server's stamps)."""

    async def __aenter__(self) -> WireSession:
        self.ws = await websockets.connect(
            self.ws_url,
            subprotocols=[websockets.Subprotocol("streamlit")],
            additional_headers={"Cookie": self.cookie},
            max_size=None,
            open_timeout=TIMEOUT,
        )
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self.ws is not None:
            await self.ws.close()

    async def rerun(
        self,
        page: str | None = None,
        query: str | None = None,
        *,
        trigger: str | None = None,
        picks: dict[str, list[str]] | None = None,
        numbers: dict[str, int] | None = None,
    ) -> tuple[float, Page]:
        """Ask for a rerun (of ``page`` with ``query``, or of the current one), clicking the
        button ``trigger`` (a widget id) and picking options of button groups (widget id →
        the options' labels, as a browser sends them) and whole-number inputs; returns
        the seconds until the rerun finished and what it drew. As a browser does, a click
        on a widget inside a fragment asks for that fragment's run alone (and the page
        returned keeps the widgets drawn outside it)."""
        assert self.ws is not None, "use WireSession as an async context manager"
        if page is not None:
            self.page_name = page
        if query is not None:
            self.query = query
        msg = BackMsg()
        msg.rerun_script.query_string = self.query
        msg.rerun_script.page_name = self.page_name
        for wid, labels in (picks or {}).items():
            w = msg.rerun_script.widget_states.widgets.add()
            w.id = wid
            w.string_array_value.data.extend(labels)
        for wid, number in (numbers or {}).items():
            w = msg.rerun_script.widget_states.widgets.add()
            w.id = wid
            w.int_value = number
        if trigger is not None:
            w = msg.rerun_script.widget_states.widgets.add()
            w.id = trigger
            w.trigger_value = True
        fragment = ""
        if page is None and query is None:
            used = {trigger, *(picks or {}), *(numbers or {})} - {None}
            inside = {w.fragment for w in self.widgets if w.id in used}
            fragment = inside.pop() if len(inside) == 1 else ""
        if fragment:
            msg.rerun_script.fragment_id = fragment
        start = time.perf_counter()
        self.sent_at = time.monotonic()
        await self.ws.send(msg.SerializeToString())
        widgets: list[Widget] = []
        exceptions: list[str] = []
        self.messages = 0
        while True:
            raw = await asyncio.wait_for(self.ws.recv(), TIMEOUT)
            fm = ForwardMsg()
            fm.ParseFromString(raw if isinstance(raw, bytes) else raw.encode())
            kind = fm.WhichOneof("type")
            self.messages += 1
            if kind == "new_session":
                self.session_id = fm.new_session.initialize.session_id
            elif kind == "page_info_changed":
                self.query = fm.page_info_changed.query_string
            elif kind == "delta" and fm.delta.WhichOneof("type") == "new_element":
                el = fm.delta.new_element
                et = el.WhichOneof("type")
                if et == "exception":
                    exceptions.append(el.exception.message)
                inner = getattr(el, et or "", None)
                wid = getattr(inner, "id", "")
                if isinstance(wid, str) and wid:
                    options: tuple[str, ...] = ()
                    if et == "button_group":
                        options = tuple(o.content for o in el.button_group.options)
                    label = str(getattr(inner, "label", ""))
                    off = bool(getattr(inner, "disabled", False))
                    widgets.append(Widget(et or "", wid, label, options, fm.delta.fragment_id, off))
            elif kind == "script_finished":
                if fm.script_finished == ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                    widgets = []  # the server runs the page again at once (st.rerun)
                    continue
                self.read_at = time.monotonic()
                self.fragment_run = (
                    fm.script_finished == ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY
                )
                if self.fragment_run:
                    ran = {w.fragment for w in widgets} | ({fragment} - {""})
                    widgets = [w for w in self.widgets if w.fragment not in ran] + widgets
                self.widgets = widgets
                return time.perf_counter() - start, Page(widgets, self.query, exceptions)


@dataclass
class Expected:
    """What one visit expects the store to hold for its learner afterwards."""

    learner: str
    steps: set[str] = field(default_factory=set)
    """Progress items of the lesson steps seen."""
    drills: int = 0
    """Drill answers counted."""


@dataclass
class Visit:
    expected: Expected
    latencies: list[float] = field(default_factory=list)
    """Seconds per interaction (rerun asked → rerun finished)."""
    errors: list[str] = field(default_factory=list)


async def learner_visit(
    url: str,
    learner: str,
    *,
    lesson: str = "left-pedro-is-not-a-diamond",
    steps: int = 3,
    forwards: int = 3,
    drills: int = 4,
    lang: str = "en",
) -> Visit:
    """One learner: a lesson (open it; on each of ``steps + 1`` steps up to ``forwards`` ×
    Forward through its scenario, then Next step) and ``drills`` drills (answer, check,
    next puzzle)."""
    from tutorial.progress import step_item

    visit = Visit(Expected(learner))

    def seen(page: Page) -> None:
        visit.errors.extend(page.exceptions)
        step = page.params.get("step")
        if step:
            visit.expected.steps.add(step_item(lesson, step))

    async with WireSession(url) as ws:
        dt, page = await ws.rerun("lesson", f"lang={lang}&learner={learner}&lesson={lesson}")
        visit.latencies.append(dt)
        seen(page)
        for n in range(steps + 1):
            for _ in range(forwards):  # through the step's scenario, if it has one
                fwd = page.by_key("nf:frame:")
                if fwd is None:
                    break
                dt, page = await ws.rerun(trigger=fwd.id)
                visit.latencies.append(dt)
                seen(page)
            if n == steps:
                break
            nxt = page.by_key(f"next:{lesson}")
            if nxt is None:
                visit.errors.append("no Next step button")
                break
            dt, page = await ws.rerun(trigger=nxt.id)
            visit.latencies.append(dt)
            seen(page)
        dt, page = await ws.rerun("drills", f"lang={lang}&learner={learner}")
        visit.latencies.append(dt)
        visit.errors.extend(page.exceptions)
        for _ in range(drills):
            submit = page.by_key("drill_submit")
            picks = {w.id: [w.options[0]] for w in page.widgets if w.key.startswith("ans:drill:")}
            numbers = {
                w.id: 7 for w in page.widgets if w.kind == "number_input" and ":drill:" in w.key
            }
            if submit is None or not (picks or numbers):
                visit.errors.append("no drill answer or Check button")
                break
            dt, page = await ws.rerun(trigger=submit.id, picks=picks, numbers=numbers)
            visit.latencies.append(dt)
            visit.errors.extend(page.exceptions)
            visit.expected.drills += 1
            nxt = page.by_key("drill_next")
            if nxt is None:
                visit.errors.append("no Next puzzle button")
                break
            dt, page = await ws.rerun(trigger=nxt.id)
            visit.latencies.append(dt)
            visit.errors.extend(page.exceptions)
    return visit


async def many_visits(url: str, learners: list[str], **kw: int | str) -> list[Visit]:
    """``learner_visit`` for every learner at once (one task each)."""
    return list(await asyncio.gather(*(learner_visit(url, c, **kw) for c in learners)))  # type: ignore[arg-type]


def lost_rows(store: object, visits: list[Visit]) -> int:
    """How many of the writes the visits expect are not in ``store`` (a ProgressStore).
    Visits of one learner (several tabs at once) add up: every drill answer of every tab
    must be counted."""
    from tutorial.drills.practice import COUNTER
    from tutorial.progress import ProgressStore

    assert isinstance(store, ProgressStore)
    steps: dict[str, set[str]] = {}
    drills: dict[str, int] = {}
    for v in visits:
        steps.setdefault(v.expected.learner, set()).update(v.expected.steps)
        drills[v.expected.learner] = drills.get(v.expected.learner, 0) + v.expected.drills
    lost = 0
    for learner, items in steps.items():
        have = store.items(learner)
        lost += sum(1 for item in items if item not in have or not have[item].done)
        counter = have.get(COUNTER)
        got = counter.value if counter is not None and isinstance(counter.value, int) else 0
        lost += max(0, drills[learner] - got)
    return lost


def expected_rows(visits: list[Visit]) -> int:
    """How many writes the visits expect (distinct step items and every drill answer)."""
    steps = {(v.expected.learner, s) for v in visits for s in v.expected.steps}
    return len(steps) + sum(v.expected.drills for v in visits)

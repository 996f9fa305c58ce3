"""The practice table's speed: a card click to the bots' replies, and lesson clicks while
practice tables are thinking.

Every session is a real Streamlit session over the app's websocket protocol
(:mod:`tests.support.wire`), doing what a browser tab does: a practice table
(:class:`TableSession`) asks for the page ``/play?seed=…&dealer=D``, answers the server's
``auto_rerun`` messages by asking for a rerun of the fragment every interval (the browser's
timer for ``st.fragment(run_every=…)``), and when it is the learner's turn it passes in the
bidding, deals the table's next hand (a link with the next seed, so every run plays the same
deals) once a hand and its review are over, and after ``--think`` seconds clicks one of its
playable cards (drawn from a seeded stream, not always the first) by sending the card
component's trigger value, as the component's JavaScript does.

1. **Click to reply** (one table, ``expert`` bots, ``CINCH_PLAY_PAUSE=0``, one bot worker
   process: one core): from the card click sent to the end of the first run that shows the
   learner's turn again (or the hand over; the review that is then worked out is not
   waited for) — every bot card after it drawn, what the learner waits beyond the designed
   pause between cards. p50/p95 over every card played, and the CPU time the server and
   all its worker processes used meanwhile.
2. **4 tables thinking**: a lesson visit (open lesson 7, Forward and Next step, as in
   ``bench_load.py``) alone — the baseline, in the same run — and then while 4 practice
   tables play with ``expert`` bots at once; the lesson clicks' server time (message sent →
   rerun finished) p50/p95, and the ratio to the baseline; the cards the tables played
   meanwhile (fewer than one a table: a warning — on a loaded machine the bots' workers, at
   a lower OS priority than the server, ``CINCH_BOT_NICE``, may get hardly any CPU).
   ``server_cpu``: the CPU time of the server's lesson runs (each run's thread,
   ``time.thread_time``, written by the app with ``CINCH_RUN_TIMING``: the figure that does
   not depend on the machine's load), and ``table_runs_cpu`` for the tables' runs. A table
   deals its next hand as soon as one is over (the review is worked out meanwhile), so its
   bots keep thinking; ``cards_played_during_clicks``: the learners' cards clicked at the
   tables between the first lesson click and the last (``cards_played_meanwhile`` also
   counts the 8 s before), ``tables_hands_cards``: each table's hands dealt and cards.

``--stages``: the server runs under the stage probe (:mod:`tests.support.stagetiming`) and
each lesson click is followed through the server (:mod:`play_stages`): the BackMsg read by
the websocket handler, the run's start and end, its ``script_finished`` queued, flushed and
written to the websocket, and read by this client — ``server`` (BackMsg read → last message
written) beside ``client`` (sent → read), p50/p95/max, and the slowest clicks stage by stage.

Run: ``.venv/bin/python benchmarks/bench_play.py [--cards 30] [--tables 4] [--think 0]
[--only click|lesson] [--stages] [--json]``.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import random
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support.wire import WireSession  # noqa: E402
from tutorial.devserver import running_app  # noqa: E402
from tutorial.practice.game import hand_seed  # noqa: E402
from tutorial.progress import new_learner_code  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import play_stages  # noqa: E402

BUTTON = re.compile(r'<button type="button" class="cb-card[^"]*" data-card="(\w+)"([^>]*)>')


def enabled(html: str) -> list[str]:
    """The cards the learner may click (a forbidden card is ``aria-disabled``)."""
    return [code for code, attrs in BUTTON.findall(html) if "aria-disabled" not in attrs]


EARLY = ForwardMsg.FINISHED_EARLY_FOR_RERUN
FRAGMENT_DONE = ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY
TRIGGER = "$$STREAMLIT_INTERNAL_KEY_{id}__events"


def _stat(pid: int) -> tuple[int, float] | None:
    """(parent pid, CPU seconds used) of a process, from /proc."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text.rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / ticks


def server_cpu(port: int) -> float:
    """CPU seconds used so far by the app server listening on ``port`` and every process
    it started (the bots' and the coach's workers)."""
    stats: dict[int, tuple[int, float]] = {}
    root = None
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        st = _stat(int(entry.name))
        if st is None:
            continue
        stats[int(entry.name)] = st
        if root is None:
            try:
                cmd = (entry / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if b"streamlit" in b" ".join(cmd) and str(port).encode() in cmd:
                root = int(entry.name)
    if root is None:
        return 0.0
    keep, total = {root}, 0.0
    changed = True
    while changed:
        changed = False
        for pid, (ppid, _cpu) in stats.items():
            if ppid in keep and pid not in keep:
                keep.add(pid)
                changed = True
    for pid in keep:
        total += stats[pid][1]
    return total


def server_own_cpu(port: int) -> float:
    """CPU seconds used so far by the app server process itself (not its workers)."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmd = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"streamlit" in b" ".join(cmd) and str(port).encode() in cmd:
            st = _stat(int(entry.name))
            return st[1] if st else 0.0
    return 0.0


def pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, round(p / 100 * (len(s) - 1)))]


@dataclass
class TableSession:
    """One practice table played over the wire (see the module's docstring)."""

    url: str
    seed: int
    think: float = 0.0
    """Seconds the learner looks at the table before clicking a card (0: at once)."""
    learner: str = field(default_factory=new_learner_code)
    clicks: list[float] = field(default_factory=list)
    """Seconds from each card click to the learner's turn again (or the hand over)."""
    shown: list[float] = field(default_factory=list)
    """Seconds from each card click to the table drawn again after it (the learner's card
    in the trick; the bots may think on)."""
    bot_gaps: list[float] = field(default_factory=list)
    """Seconds between two new drawings of the table after a click (each bot's card after
    the card before it, the designed pause included)."""
    _redraws: list[float] = field(default_factory=list, repr=False)
    _last_html: str = field(default="", repr=False)
    finishes: list[float] = field(default_factory=list, repr=False)
    finished_at: float = 0.0
    """``time.monotonic()`` of the last run finished (a reconnection's first run, too)."""
    cpu: list[float] = field(default_factory=list)
    """CPU seconds the server and its workers used meanwhile (``measure_cpu``)."""
    measure_cpu: bool = False
    errors: list[str] = field(default_factory=list)
    hands: int = 0
    next_deal_at_once: bool = False
    """Deal the next hand as soon as a hand is over, without waiting for its review (so
    the table keeps its bots thinking; the review is still worked out meanwhile)."""

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])

    def deal(self) -> str:
        """The query of the current hand: hand k of this table is dealt from
        ``hand_seed(seed, k)`` by D (so the learner, on D's left, never deals), the same deals
        in every run and for every version of the app."""
        seed = hand_seed(self.seed, self.hands)
        return f"lang=en&learner={self.learner}&seed={seed}&dealer=D"

    def choose(self, playable: list[str]) -> str:
        """The learner's card: one of the playable cards, drawn from a stream seeded by the
        table and the card's number (not always the first: the app may not guess it)."""
        return random.Random(f"{self.seed}|{len(self.clicks)}").choice(playable)

    async def play(self, cards: int, stop: asyncio.Event | None = None) -> None:
        ws_url = self.url.replace("http://", "ws://", 1) + "/_stcore/stream"
        async with websockets.connect(
            ws_url, subprotocols=[websockets.Subprotocol("streamlit")], max_size=None
        ) as ws:
            query = self.deal()
            # key → (widget id, id of the fragment it is drawn in, "" outside any): as the
            # browser, a click on a widget inside a fragment asks for that fragment's run
            buttons: dict[str, tuple[str, str]] = {}
            run_buttons: dict[str, tuple[str, str]] = {}
            run_fragment: tuple[str, float] | None = None
            component: tuple[str, str, str, Any] | None = None  # (id, html, fragment, at)
            fragment: tuple[str, float] | None = None
            clicked_at: float | None = None
            # (when, widget, fragment id) of a card click to send
            click: tuple[float, Any, str] | None = None
            busy = False
            sent_widget_to = ""  # the fragment the last widget click asked to run
            sent_widget = False
            page_hash = ""
            cpu_at = 0.0

            async def send(
                *, fragment_id: str = "", widget: Any = None, timer: bool = False
            ) -> None:
                nonlocal busy, run_buttons, run_fragment, sent_widget, sent_widget_to
                msg = BackMsg()
                msg.rerun_script.query_string = query
                msg.rerun_script.page_name = "play"
                msg.rerun_script.page_script_hash = page_hash
                if fragment_id:
                    msg.rerun_script.fragment_id = fragment_id
                    msg.rerun_script.is_auto_rerun = timer
                if widget is not None:
                    w = msg.rerun_script.widget_states.widgets.add()
                    w.id, kind, value = widget
                    setattr(w, kind, value)
                sent_widget, sent_widget_to = not timer, fragment_id
                run_buttons, run_fragment = {}, None
                busy = True
                await ws.send(msg.SerializeToString())

            async def press(key: str) -> None:
                wid, frag = buttons[key]
                await send(widget=(wid, "trigger_value", True), fragment_id=frag)

            await send()
            next_tick = 0.0
            while len(self.clicks) < cards and not (stop is not None and stop.is_set()):
                timeout = 120.0
                if click is not None and not busy:
                    timeout = max(0.01, click[0] - time.monotonic())
                elif fragment and not busy:
                    timeout = max(0.01, next_tick - time.monotonic())
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout)
                except TimeoutError:
                    if click is not None and not busy and time.monotonic() >= click[0]:
                        clicked_at = time.perf_counter()
                        cpu_at = server_cpu(self.port) if self.measure_cpu else 0.0
                        widget, frag, click = click[1], click[2], None
                        await send(widget=widget, fragment_id=frag)
                    elif fragment and not busy and click is None:
                        await send(fragment_id=fragment[0], timer=True)
                    elif busy:
                        self.errors.append("no answer for 120 s")
                        return
                    continue
                fm = ForwardMsg()
                fm.ParseFromString(raw if isinstance(raw, bytes) else raw.encode())
                kind = fm.WhichOneof("type")
                if kind == "new_session":
                    run_buttons, run_fragment = {}, None
                elif kind == "navigation":  # the page this session is on
                    page_hash = fm.navigation.page_script_hash or page_hash
                elif kind == "auto_rerun":
                    run_fragment = (fm.auto_rerun.fragment_id, fm.auto_rerun.interval)
                elif kind == "stop_auto_rerun":
                    fragment = None
                elif kind == "delta" and fm.delta.WhichOneof("type") == "new_element":
                    el = fm.delta.new_element
                    et = el.WhichOneof("type")
                    if et == "exception":
                        self.errors.append(el.exception.message)
                    elif et == "button":
                        key = el.button.id.rsplit("-", 1)[-1]
                        run_buttons[key] = (el.button.id, fm.delta.fragment_id)
                    elif et == "markdown" and "<svg" in el.markdown.body:
                        body = el.markdown.body  # the table's picture
                        if clicked_at is not None and body != self._last_html:
                            # the table drawn anew after the click: first the learner's
                            # card in the trick, then each bot's card as it comes
                            self._redraws.append(time.perf_counter())
                        self._last_html = body
                    elif et == "bidi_component":
                        data = json.loads(el.bidi_component.json or "{}")
                        html, at = str(data.get("html", "")), data.get("at")
                        component = (el.bidi_component.id, html, fm.delta.fragment_id, at)
                elif kind == "script_finished":
                    status = fm.script_finished
                    if status == EARLY:
                        continue  # the server runs the page again at once
                    busy = False
                    self.finished_at = time.monotonic()
                    self.finishes.append(self.finished_at)
                    full = status != FRAGMENT_DONE
                    # a run the learner's click asked for: the page's, or the table's own
                    # (a fragment) — not a timer's
                    answer = full or sent_widget
                    if full:
                        buttons, fragment = run_buttons, run_fragment
                    elif sent_widget:  # the table's run redrew the widgets inside it
                        inside = {k for k, (_, f) in buttons.items() if f == sent_widget_to}
                        buttons = {k: v for k, v in buttons.items() if k not in inside}
                        buttons.update(run_buttons)
                        fragment = run_fragment or fragment
                    sent_widget = False
                    playable = enabled(component[1]) if component else []
                    over = "play_next" in buttons or "play_over" in buttons
                    # the click is answered by the first run of the page or of the table
                    # that shows the learner's turn again or the hand over (the review may
                    # still be worked out)
                    if clicked_at is not None and answer and (playable or over):
                        marks = [clicked_at, *self._redraws]
                        gaps = [b - a for a, b in itertools.pairwise(marks)]
                        if gaps:
                            self.shown.append(gaps[0])
                            self.bot_gaps.extend(gaps[1:])
                        self._redraws = []
                        self.clicks.append(time.perf_counter() - clicked_at)
                        if self.measure_cpu:
                            self.cpu.append(server_cpu(self.port) - cpu_at)
                        clicked_at = None
                    if click is not None:
                        continue  # the learner is looking at the table
                    if playable and component is not None:
                        code = self.choose(playable)  # sent as the card component does
                        sent = code if component[3] is None else {"card": code, "at": component[3]}
                        value = json.dumps([{"event": "play", "value": sent}])
                        trigger = (TRIGGER.format(id=component[0]), "json_trigger_value", value)
                        click = (time.monotonic() + self.think, trigger, component[2])
                        component = None
                        continue
                    if over and answer and self.next_deal_at_once:
                        self.hands += 1
                        query, fragment = self.deal(), None
                        await send()
                        continue
                    if fragment:
                        next_tick = time.monotonic() + fragment[1]
                        continue
                    if "play_call_pass" in buttons:
                        await press("play_call_pass")
                    elif over:  # the review is in (no timer left): the next deal
                        self.hands += 1
                        query = self.deal()
                        await send()
                    elif "play_trump_0" in buttons:  # the dealer's forced bid won it
                        await press("play_trump_0")
                    elif "play_keep_go" in buttons:
                        await press("play_keep_go")
                    elif "play_dkeep_go" in buttons:
                        self.errors.append("the learner is the dealer keeping cards")
                        return


async def lesson_clicks(
    url: str, rounds: int, stamps: dict[str, Any] | None = None, pause: float = 0.0
) -> list[float]:
    """A learner on lesson 7: Forward through the scenario and Next step, ``rounds``
    clicks, ``pause`` seconds apart (0: each as soon as the last rerun finished); the server
    time of each (message sent → rerun finished). ``stamps``, if given,
    gets the session's id (``sid``) and each click's (sent, read) ``time.monotonic`` stamps
    (``clicks``), for :mod:`play_stages`, and each click's kind (``kinds``): ``forward``
    (Forward in the scenario: since session 8 a run of the stepper alone, a fragment, as a
    browser asks for it) or ``next step`` (the whole page)."""
    lesson = "left-pedro-is-not-a-diamond"
    out: list[float] = []
    async with WireSession(url) as ws:
        _, page = await ws.rerun("lesson", f"lang=en&learner={new_learner_code()}&lesson={lesson}")
        first = page.params.get("step", "")
        if stamps is not None:
            stamps["sid"], stamps["clicks"], stamps["kinds"] = ws.session_id, [], []
        while len(out) < rounds:
            # Forward while the scenario goes on, else Next step (as a learner: never a
            # button drawn disabled — before session 8 this clicked the disabled Forward
            # at the scenario's end over and over)
            button = page.by_key("nf:frame:", enabled=True) or page.by_key(
                f"next:{lesson}", enabled=True
            )
            if button is None:  # the end of the lesson: start it again
                _, page = await ws.rerun("lesson", f"lang=en&lesson={lesson}&step={first}")
                continue
            dt, page = await ws.rerun(trigger=button.id)
            out.append(dt)
            if stamps is not None:
                stamps["clicks"].append((ws.sent_at, ws.read_at))
                stamps["kinds"].append("forward" if button.key.startswith("nf:") else "next step")
            if pause:
                await asyncio.sleep(pause)
    return out


def page_runs(path: Path) -> list[dict[str, Any]]:
    """The server's page runs so far (``CINCH_RUN_TIMING``: one JSON line a run)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return []
    return [json.loads(line) for line in lines if line.strip()]


def cpu_summary(runs: list[dict[str, Any]], page: str) -> dict[str, Any]:
    """CPU time of the server's runs of ``page`` (their thread's ``time.thread_time``: what
    the runs used whatever the machine's load), p50/p95 in ms."""
    cpu = [float(r["cpu_ms"]) for r in runs if r.get("page") == page]
    if not cpu:
        return {"runs": 0}
    return {
        "runs": len(cpu),
        "p50_ms": round(statistics.median(cpu), 1),
        "p95_ms": round(pct(cpu, 95), 1),
    }


def by_kind(lat: list[float], kinds: list[str]) -> dict[str, Any]:
    """The clicks' figures by kind of click (:func:`lesson_clicks`)."""
    return {
        k: summary([x for x, kk in zip(lat, kinds, strict=True) if kk == k])
        for k in sorted(set(kinds))
    }


def summary(xs: list[float]) -> dict[str, Any]:
    ms = [x * 1000 for x in xs]
    return {
        "n": len(ms),
        "p50_ms": round(statistics.median(ms), 1),
        "p95_ms": round(pct(ms, 95), 1),
        "max_ms": round(max(ms), 1),
    }


async def tables_and_lesson(
    url: str,
    tables: int,
    rounds: int,
    think: float = 0.0,
    stamps: dict[str, Any] | None = None,
    pause: float = 0.0,
) -> tuple[list[float], Any]:
    stop = asyncio.Event()
    sessions = [TableSession(url, 1000 + i, think, next_deal_at_once=True) for i in range(tables)]
    jobs = [asyncio.create_task(s.play(10_000, stop)) for s in sessions]
    await asyncio.sleep(8)  # let every table reach the bots' thinking
    before = sum(len(s.clicks) for s in sessions)
    port = int(url.rsplit(":", 1)[1])
    cpu0, own0, wall0 = server_cpu(port), server_own_cpu(port), time.monotonic()
    try:
        lat = await lesson_clicks(url, rounds, stamps, pause)
        if stamps is not None:  # the learners' cards played while the lesson was clicked
            stamps["cards_during"] = sum(len(s.clicks) for s in sessions) - before
            # the bots' and the coach's worker processes: how busy they were meanwhile (in
            # cores), to show the tables' bots were thinking
            wall = time.monotonic() - wall0
            workers = (server_cpu(port) - cpu0) - (server_own_cpu(port) - own0)
            stamps["workers_cores"] = round(workers / wall, 2) if wall > 0 else None
    finally:
        stop.set()
        await asyncio.gather(*jobs, return_exceptions=True)
    return lat, sessions


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cards", type=int, default=30, help="cards clicked at one table")
    ap.add_argument("--tables", type=int, default=4, help="practice tables thinking at once")
    ap.add_argument("--rounds", type=int, default=40, help="lesson clicks per measurement")
    ap.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="seconds the learner looks at the table before each card (default 0: at once)",
    )
    ap.add_argument(
        "--lesson-pause",
        type=float,
        default=0.0,
        help="seconds between the lesson's clicks (default 0: back to back, the server"
        " kept busy by the lesson itself)",
    )
    ap.add_argument(
        "--only", choices=("click", "lesson"), help="only the click to reply, or only the lessons"
    )
    ap.add_argument(
        "--stages",
        action="store_true",
        help="time each lesson click's stages on the server too (tests/support/stagetiming)",
    )
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    env = {"CINCH_PLAY_PAUSE": "0", "CINCH_BOT_WORKERS": "1", "CINCH_COACH_WORKERS": "1"}
    out: dict[str, Any] = {
        "cpus": os.cpu_count(),
        "bot_nice": os.environ.get("CINCH_BOT_NICE", "10 (default)"),
        "load_before": os.getloadavg(),
        "think_s": args.think,
        "lesson_pause_s": args.lesson_pause,
        "click_to_reply": {"errors": []},
    }

    def done(key: str) -> None:  # each figure as soon as it is measured (a long run may stop)
        if not args.json:
            print(f"{key}: {out[key]}", flush=True)

    if not args.json:
        for k in ("cpus", "bot_nice", "load_before"):
            done(k)
    cpu0 = time.process_time()
    tmp_dir = tempfile.TemporaryDirectory()
    timing = Path(tmp_dir.name) / "runs.jsonl"  # the server's page runs (tutorial/ui/runtiming)
    env["CINCH_RUN_TIMING"] = str(timing)
    stage_log = Path(tmp_dir.name) / "stages.jsonl" if args.stages else None
    with tmp_dir as tmp, running_app(Path(tmp) / "p.sqlite3", env=env, stage_log=stage_log) as url:
        warm = TableSession(url, 7)
        asyncio.run(warm.play(3))  # the pool started, the page's caches warm
        if args.only != "lesson":
            table = TableSession(url, 42, args.think, measure_cpu=True)
            asyncio.run(table.play(args.cards))
            out["click_to_reply"] = {**summary(table.clicks), "errors": table.errors}
            out["click_to_reply_s"] = [round(x, 2) for x in table.clicks]
            out["click_to_reply_cpu"] = summary(table.cpu)
            out["click_to_reply_cpu_s"] = [round(x, 2) for x in table.cpu]
            for key in ("click_to_reply", "click_to_reply_s", "click_to_reply_cpu"):
                done(key)
        if args.only != "click":
            seen = len(page_runs(timing))
            alone: dict[str, Any] = {}
            base = asyncio.run(lesson_clicks(url, args.rounds, alone, args.lesson_pause))
            out["lesson_alone"] = summary(base)
            out["lesson_alone"]["server_cpu"] = cpu_summary(page_runs(timing)[seen:], "lesson")
            out["lesson_alone"]["by_click"] = by_kind(base, alone["kinds"])
            done("lesson_alone")
            seen = len(page_runs(timing))
            busy: dict[str, Any] = {"cards_during": None}
            lat, sessions = asyncio.run(
                tables_and_lesson(
                    url, args.tables, args.rounds, args.think, busy, args.lesson_pause
                )
            )
            runs = page_runs(timing)[seen:]
            row = summary(lat)
            row["by_click"] = by_kind(lat, busy["kinds"])
            row["server_cpu"] = cpu_summary(runs, "lesson")
            row["table_runs_cpu"] = cpu_summary(runs, "play")
            row["p50_vs_alone"] = round(row["p50_ms"] / out["lesson_alone"]["p50_ms"], 2)
            row["p95_vs_alone"] = round(row["p95_ms"] / out["lesson_alone"]["p95_ms"], 2)
            row["cards_played_meanwhile"] = sum(len(s.clicks) for s in sessions)
            # the learners' cards clicked at the tables between the first lesson click and
            # the last (the figure above also counts the 8 s before the clicks)
            row["cards_played_during_clicks"] = busy["cards_during"]
            row["workers_cores_during_clicks"] = busy.get("workers_cores")
            row["tables_hands_cards"] = [(s.hands, len(s.clicks)) for s in sessions]
            row["errors"] = sorted({e for s in sessions for e in s.errors})
            if row["cards_played_meanwhile"] < args.tables:  # the tables were not thinking
                row["warning"] = "the tables hardly played: not a measurement under thinking"
            out[f"lesson_with_{args.tables}_tables"] = row
            done(f"lesson_with_{args.tables}_tables")
            if stage_log is not None:
                time.sleep(1.0)  # the probe writes its log every 0.5 s
                events = play_stages.read_log(stage_log)
                for key, st in (("alone", alone), (f"with_{args.tables}_tables", busy)):
                    rows = play_stages.click_stages(events, st["sid"], st["clicks"])
                    out[f"stages_{key}"] = play_stages.report(events, rows)
                    done(f"stages_{key}")
    out["load_after"] = os.getloadavg()
    out["bench_cpu_s"] = round(time.process_time() - cpu0, 1)
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        for k in ("load_after", "bench_cpu_s"):
            done(k)
    return 1 if out["click_to_reply"]["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())

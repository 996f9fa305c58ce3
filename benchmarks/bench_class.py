"""A class of 16 (issue 26): 8 learners stepping through lessons and 8 playing /play against
expert bots, at once, on 2 replicas behind nginx with PostgreSQL, for ``--seconds``.

Every learner is a real Streamlit session over the app's websocket protocol
(:mod:`tests.support.wire`; the tables: :class:`bench_play.TableSession`), not a browser (a
browser a learner would eat this machine's two cores). A lesson learner opens one of the
course's lessons and clicks Forward through its scenarios and Next step, ``--pause`` seconds
apart (a learner reads), starting the next lesson at a lesson's end; a table learner plays
hand after hand, clicking one of its playable cards ``--think`` seconds after its turn comes.

Goals: lesson click (sent → rerun finished) p95 ≤ 250 ms; card click → own card shown (the
table drawn anew after the click) p95 ≤ 300 ms; bots' replies (each bot card drawn after
the card before it, the designed 0.5 s pause included; the pause at a trick's end is set to
0.5 s too, ``CINCH_TRICK_PAUSE``) p95 ≤ 1.5 s; 0 errors. Also reported: card click → the
learner's turn again (``click_to_turn``: every bot card and pause of the trick).

``--chaos``: the same run, with replica 1 killed (``kill -9``) a third of the way in and
PostgreSQL restarted (stopped, 10 s down, started) at two thirds. A session whose websocket
dies does what the page does (:mod:`tutorial.ui.reconnect`): it opens its address again,
through nginx; "stuck" is the time from the lost connection to the first run answered
after it (goal: no learner over 10 s). Afterwards, once the spools are drained, every step
item a lesson learner saw is looked up in PostgreSQL (goal: 0 answers lost).

Reported: the figures and the goals, and the baseline measured first in the same run (one
lesson learner and one table alone, ``--baseline`` seconds: each p50 is also given as a
ratio to it), the machine's load average before and after, the command. Run under the heavy lock:
``flock /tmp/cinch-heavy.lock .venv/bin/python benchmarks/bench_class.py [--seconds 300]
[--chaos] [--json]``
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import websockets  # noqa: E402
from bench_play import TableSession  # noqa: E402

from tests.support.wire import WireSession  # noqa: E402
from tutorial.devserver import free_port  # noqa: E402
from tutorial.lessons.course import load_course  # noqa: E402
from tutorial.progress import ProgressStore, new_learner_code, step_item  # noqa: E402
from tutorial.replicas import running_cluster  # noqa: E402
from tutorial.store import pgserver  # noqa: E402

GOALS = {"lesson_p95_ms": 250, "card_shown_p95_ms": 300, "bots_reply_p95_ms": 1500}
LOST = (websockets.ConnectionClosed, OSError, TimeoutError, asyncio.TimeoutError)


def pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, round(p / 100 * (len(s) - 1)))] if s else float("nan")


def figures(xs: list[float]) -> dict[str, Any]:
    ms = [x * 1000 for x in xs]
    if not ms:
        return {"n": 0}
    return {
        "n": len(ms),
        "p50_ms": round(statistics.median(ms), 1),
        "p95_ms": round(pct(ms, 95), 1),
        "max_ms": round(max(ms), 1),
    }


@dataclass
class Learner:
    """A lesson learner: clicks, what it saw, how long it was ever stuck."""

    code: str = field(default_factory=new_learner_code)
    clicks: list[float] = field(default_factory=list)
    at: list[float] = field(default_factory=list)
    """``time.monotonic()`` when each click was answered."""
    seen: set[tuple[str, str]] = field(default_factory=set)
    errors: list[str] = field(default_factory=list)
    stuck: list[float] = field(default_factory=list)
    """Seconds from each lost connection to the first rerun answered after it."""


async def lesson_learner(
    url: str, me: Learner, lessons: list[str], start: int, pause: float, stop: asyncio.Event
) -> None:
    n = start
    query = ""
    lost_at: float | None = None
    while not stop.is_set():
        lesson = lessons[n % len(lessons)]
        if not query:
            query = f"lang=en&learner={me.code}&lesson={lesson}"
        try:
            async with WireSession(url) as ws:
                _, page = await ws.rerun("lesson", query)
                if lost_at is not None:
                    me.stuck.append(time.monotonic() - lost_at)
                    lost_at = None
                me.errors.extend(page.exceptions)
                while not stop.is_set():
                    step = page.params.get("step")
                    if step:
                        me.seen.add((lesson, step))
                    query = ws.query  # the address now: where a reload comes back to
                    button = page.by_key("nf:frame:", enabled=True) or page.by_key(
                        f"next:{lesson}", enabled=True
                    )
                    if button is None:  # the lesson's end: the next lesson
                        n += 1
                        query = ""
                        break
                    await asyncio.sleep(pause)
                    dt, page = await ws.rerun(trigger=button.id)
                    me.clicks.append(dt)
                    me.at.append(time.monotonic())
                    me.errors.extend(page.exceptions)
        except LOST:
            lost_at = lost_at or time.monotonic()
            await asyncio.sleep(0.5)  # the page notices, then reloads its address


async def table_learner(
    url: str, seed: int, think: float, stop: asyncio.Event, out: dict[str, Any]
) -> None:
    table = TableSession(url, seed, think, next_deal_at_once=True)
    out["table"] = table
    out["lost"] = []  # (last run answered before, when the connection was lost)
    while not stop.is_set():
        try:
            await table.play(10**9, stop)
        except LOST:
            out["lost"].append((table.finished_at, time.monotonic()))
            await asyncio.sleep(0.5)  # the page notices, then reloads its address
            table.hands += 1  # the table opened again (the next deal: a known query)


def table_stuck(out: dict[str, Any]) -> list[float]:
    """Seconds from each lost connection to the first run answered after it."""
    table = out.get("table")
    if table is None:
        return []
    stuck = []
    for _, lost in out.get("lost", []):
        after = next((f for f in table.finishes if f > lost), None)
        stuck.append((after if after is not None else time.monotonic()) - lost)
    return stuck


async def chaos(
    cluster: Any, pg_url: str, seconds: float, log: list[str], t0: float, marks: dict[str, float]
) -> None:
    await asyncio.sleep(seconds / 3)
    cluster.kill(0)
    log.append(f"{time.monotonic() - t0:.0f} s: replica 1 killed")
    await asyncio.sleep(seconds / 3)
    await asyncio.to_thread(pgserver.stop, pg_url)
    marks["pg_down"] = time.monotonic()
    log.append(f"{time.monotonic() - t0:.0f} s: PostgreSQL stopped")
    await asyncio.sleep(10)
    await asyncio.to_thread(pgserver.start, pg_url)
    marks["pg_up"] = time.monotonic()
    log.append(f"{time.monotonic() - t0:.0f} s: PostgreSQL started")


async def the_class(
    url: str, args: argparse.Namespace, cluster: Any, pg_url: str
) -> dict[str, Any]:
    lessons = [x.id for x in load_course().lessons]
    stop = asyncio.Event()
    learners = [Learner() for _ in range(args.lessons)]
    tables: list[dict[str, Any]] = [{} for _ in range(args.tables)]
    log: list[str] = []
    marks: dict[str, float] = {}
    t0 = time.monotonic()
    jobs = [
        asyncio.create_task(lesson_learner(url, me, lessons, i, args.pause, stop))
        for i, me in enumerate(learners)
    ] + [
        asyncio.create_task(table_learner(url, 5000 + i, args.think, stop, out))
        for i, out in enumerate(tables)
    ]
    if args.chaos:
        jobs.append(asyncio.create_task(chaos(cluster, pg_url, args.seconds, log, t0, marks)))
    await asyncio.sleep(args.seconds)
    stop.set()
    await asyncio.gather(*jobs, return_exceptions=True)
    played = [t["table"] for t in tables if "table" in t]
    return {
        "wall_s": round(time.monotonic() - t0, 1),
        "lesson_clicks": figures([x for me in learners for x in me.clicks]),
        "card_shown": figures([x for t in played for x in t.shown]),
        "bots_reply": figures([x for t in played for x in t.bot_gaps]),
        "click_to_turn": figures([x for t in played for x in t.clicks]),
        "cards_per_table": [len(t.clicks) for t in played],
        "hands_per_table": [t.hands for t in played],
        "errors": sorted(
            {e for me in learners for e in me.errors} | {e for t in played for e in t.errors}
        ),
        "lesson_stuck_max_s": round(max((s for me in learners for s in me.stuck), default=0), 1),
        "lesson_reconnections": sum(len(me.stuck) for me in learners),
        "table_reconnections": sum(len(t.get("lost", [])) for t in tables),
        "table_stuck_max_s": round(max((x for t in tables for x in table_stuck(t)), default=0), 1),
        "events": log,
        "lesson_clicks_pg_down": figures(window(learners, marks, "pg_down", "pg_up")),
        "lesson_clicks_pg_back_10s": figures(window(learners, marks, "pg_up", None, 10.0)),
        "_learners": learners,
    }


def window(
    learners: list[Learner], marks: dict[str, float], start: str, end: str | None, span: float = 0
) -> list[float]:
    """The lesson clicks answered between two marks (or ``span`` seconds after ``start``)."""
    if start not in marks:
        return []
    lo = marks[start]
    hi = marks.get(end, lo) if end else lo + span
    return [
        dt for me in learners for dt, at in zip(me.clicks, me.at, strict=True) if lo <= at <= hi
    ]


def lost_steps(store: ProgressStore, learners: list[Learner]) -> tuple[int, int]:
    """(steps seen, steps not in the store)."""
    seen = lost = 0
    for me in learners:
        have = store.items(me.code)
        for lesson, step in me.seen:
            seen += 1
            it = have.get(step_item(lesson, step))
            lost += 0 if it is not None and it.done else 1
    return seen, lost


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=300.0)
    ap.add_argument("--lessons", type=int, default=8, help="lesson learners (8)")
    ap.add_argument("--tables", type=int, default=8, help="table learners (8)")
    ap.add_argument("--pause", type=float, default=2.0, help="seconds between lesson clicks")
    ap.add_argument("--think", type=float, default=1.0, help="seconds before a card click")
    ap.add_argument("--chaos", action="store_true", help="kill a replica, restart PostgreSQL")
    ap.add_argument(
        "--baseline", type=float, default=30.0, help="seconds of 1 learner and 1 table alone first"
    )
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if not (1 <= args.lessons <= 16 and 0 <= args.tables <= 16 and 10 <= args.seconds <= 900):
        ap.error("--lessons 1..16, --tables 0..16, --seconds 10..900")
    why = pgserver.missing()
    if why:
        ap.error(f"PostgreSQL is needed: {why}")
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp, pgserver.throwaway_server(free_port()) as pg:
        env = {
            "CINCH_DATABASE_URL": pg,
            "CINCH_SPOOL": str(Path(tmp) / "spool.sqlite3"),
            # the designed pause between two cards, 0.5 s, also at a trick's end (1.5 s
            # by default): each bot's reply is then its thinking + 0.5 s
            "CINCH_TRICK_PAUSE": os.environ.get("CINCH_TRICK_PAUSE", "0.5"),
        }
        with running_cluster(2, env=env) as cluster:
            alone = argparse.Namespace(**{**vars(args), "lessons": 1, "tables": 1})
            alone.chaos, alone.seconds = False, args.baseline
            base = asyncio.run(the_class(cluster.url, alone, cluster, pg))
            base.pop("_learners")
            out = asyncio.run(the_class(cluster.url, args, cluster, pg))
            learners = out.pop("_learners")
            store = ProgressStore(url=pg)
            deadline = time.monotonic() + 60
            seen, lost = lost_steps(store, learners)
            while lost and time.monotonic() < deadline:  # the spools drain
                time.sleep(1)
                seen, lost = lost_steps(store, learners)
            out["steps_seen"], out["steps_lost"] = seen, lost
            out["replica_restarts"] = list(cluster.restarts)
    out["baseline_alone"] = {
        k: base[k] for k in ("lesson_clicks", "card_shown", "bots_reply", "click_to_turn")
    }
    for k in ("lesson_clicks", "card_shown", "bots_reply"):
        b, c = base[k].get("p50_ms"), out[k].get("p50_ms")
        out[f"{k}_p50_vs_alone"] = round(c / b, 2) if b and c else None
    out["load_before"] = [round(x, 1) for x in load_before]
    out["load_after"] = [round(x, 1) for x in os.getloadavg()]
    out["command"] = "benchmarks/bench_class.py " + " ".join(argv or sys.argv[1:])
    out["goals"] = GOALS
    met = {
        "lesson": out["lesson_clicks"].get("p95_ms", 1e9) <= GOALS["lesson_p95_ms"],
        "card_shown": out["card_shown"].get("p95_ms", 1e9) <= GOALS["card_shown_p95_ms"],
        "bots_reply": out["bots_reply"].get("p95_ms", 1e9) <= GOALS["bots_reply_p95_ms"],
        "errors": not out["errors"],
        "lost": out["steps_lost"] == 0,
    }
    if args.chaos:
        met["stuck"] = max(out["lesson_stuck_max_s"], out["table_stuck_max_s"]) <= 10
    out["met"] = met
    print(json.dumps(out, indent=None if args.json else 2, default=str))
    return 0 if all(met.values()) else 1


if __name__ == "__main__":
    sys.exit(main())

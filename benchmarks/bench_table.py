"""Play together under load (issue 27): tables of four simulated players on two replicas
behind nginx with PostgreSQL; how long an action takes to reach the other players' screens.

Every player is a real Streamlit session over the app's websocket (as a browser tab: the page
run, the table's poll fragment re-run at the interval the server asks for, clicks as widget
triggers, a card as the card component's trigger value), through nginx with its own sticky
cookie, so the players of one table are spread over both replicas. Each player sits at its
own seat of a table made in the store (all four seats human, no time limit), in one of the
four languages, and takes its decisions on its own page after ``--think`` seconds (pass in
the bidding — the dealer's forced bid otherwise —, the first suit as trump, keep nothing, the
dealer's first cards, the first playable card, "Next hand").

What is measured: for every action at a table (its commit time in the store, the row's
``at``), for each other player of the table, the first time that player's websocket brings a
page showing the position after it (the card component's position ``CODE.hand.pos``): that is
when the action is on their screen. Reported as p50 / p95 / max over all (action, player)
pairs, first for one table alone (the baseline, same cluster, same run), then for
``--tables`` tables at once, with the load average before and after.

    .venv/bin/python benchmarks/bench_table.py [--tables 4] [--seconds 90] [--think 1.0] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import secrets
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

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tutorial.devserver import free_port  # noqa: E402
from tutorial.practice import together as tg  # noqa: E402
from tutorial.progress import ProgressStore, new_learner_code  # noqa: E402
from tutorial.replicas import running_cluster  # noqa: E402
from tutorial.store import pgserver  # noqa: E402

EARLY = ForwardMsg.FINISHED_EARLY_FOR_RERUN
FRAGMENT_DONE = ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY
TRIGGER = "$$STREAMLIT_INTERNAL_KEY_{id}__events"
BUTTON = re.compile(r'<button type="button" class="cb-card[^"]*" data-card="(\w+)"([^>]*)>')
LANGS = ("es", "fr", "pt", "en")


def _key(wid: str) -> str:
    return wid.split("-", 2)[2] if wid.startswith("$$ID-") else wid


@dataclass
class Player:
    url: str
    code: str
    seat: int
    secret: str
    lang: str
    think: float
    seen: dict[tuple[int, int], float] = field(default_factory=dict)
    """Position → the first time (``time.time()``) this player's page showed it."""
    errors: list[str] = field(default_factory=list)
    actions: int = 0

    async def play(self, stop: asyncio.Event, store: Any) -> None:
        ws_url = self.url.replace("http://", "ws://", 1) + "/_stcore/stream"
        marker = re.compile(rf"{self.code}\.(\d+)\.(\d+)")
        cookie = f"cinch_replica={secrets.token_hex(8)}"
        async with websockets.connect(
            ws_url,
            subprotocols=[websockets.Subprotocol("streamlit")],
            additional_headers={"Cookie": cookie},
            max_size=None,
            open_timeout=120,
        ) as ws:
            query = (
                f"code={self.code}&seat={self.secret}&lang={self.lang}&learner={new_learner_code()}"
            )
            page_hash = ""
            busy = False
            buttons: dict[str, tuple[str, str]] = {}
            run_buttons: dict[str, tuple[str, str]] = {}
            groups: dict[str, tuple[str, tuple[str, ...]]] = {}
            component: tuple[str, str, str, Any] | None = None
            fragment: tuple[str, float] | None = None
            run_fragment: tuple[str, float] | None = None
            next_tick = 0.0
            todo: tuple[float, list[tuple[str, str, Any]], str] | None = None

            async def send(
                widgets: list[tuple[str, str, Any]] | None = None,
                frag: str = "",
                timer: bool = False,
            ) -> None:
                nonlocal busy, run_buttons, run_fragment
                msg = BackMsg()
                msg.rerun_script.query_string = query
                msg.rerun_script.page_name = "table"
                msg.rerun_script.page_script_hash = page_hash
                if frag:
                    msg.rerun_script.fragment_id = frag
                    msg.rerun_script.is_auto_rerun = timer
                for wid, kind, value in widgets or []:
                    w = msg.rerun_script.widget_states.widgets.add()
                    w.id = wid
                    if kind == "string_array_value":
                        w.string_array_value.data.extend(value)
                    else:
                        setattr(w, kind, value)
                if not frag:
                    run_buttons, run_fragment = {}, None
                busy = True
                await ws.send(msg.SerializeToString())

            await send()
            while not stop.is_set():
                now = time.monotonic()
                waits = [120.0]
                if not busy and todo is not None:
                    waits.append(todo[0] - now)
                if not busy and fragment is not None:
                    waits.append(next_tick - now)
                try:
                    raw = await asyncio.wait_for(ws.recv(), max(0.005, min(waits)))
                except TimeoutError:
                    now = time.monotonic()
                    if busy:
                        if min(waits) >= 120:
                            self.errors.append("no answer for 120 s")
                            return
                        continue
                    if todo is not None and now >= todo[0]:
                        _, widgets, frag = todo
                        todo = None
                        self.actions += 1
                        await send(widgets, frag)
                    elif fragment is not None and now >= next_tick:
                        next_tick = now + fragment[1]
                        await send(frag=fragment[0], timer=True)
                    continue
                fm = ForwardMsg()
                fm.ParseFromString(raw if isinstance(raw, bytes) else raw.encode())
                kind = fm.WhichOneof("type")
                if kind == "navigation":
                    page_hash = fm.navigation.page_script_hash or page_hash
                elif kind == "page_info_changed":
                    query = fm.page_info_changed.query_string or query
                elif kind == "auto_rerun":
                    run_fragment = (fm.auto_rerun.fragment_id, fm.auto_rerun.interval)
                elif kind == "delta" and fm.delta.WhichOneof("type") == "new_element":
                    el = fm.delta.new_element
                    et = el.WhichOneof("type")
                    if et == "exception":
                        self.errors.append(el.exception.message)
                    elif et == "button":
                        run_buttons[_key(el.button.id)] = (el.button.id, fm.delta.fragment_id)
                    elif et == "button_group":
                        opts = tuple(o.content for o in el.button_group.options)
                        groups[_key(el.button_group.id)] = (el.button_group.id, opts)
                    elif et == "bidi_component":
                        data = json.loads(el.bidi_component.json or "{}")
                        at = data.get("at")
                        m = marker.fullmatch(str(at or ""))
                        if m:
                            pos = (int(m.group(1)), int(m.group(2)))
                            self.seen.setdefault(pos, time.time())
                        component = (
                            el.bidi_component.id,
                            str(data.get("html", "")),
                            fm.delta.fragment_id,
                            at,
                        )
                elif kind == "script_finished":
                    if fm.script_finished == EARLY:
                        continue
                    busy = False
                    if fm.script_finished != FRAGMENT_DONE:
                        buttons, fragment = run_buttons, run_fragment
                        if fragment is not None:
                            next_tick = time.monotonic() + fragment[1]
                        if todo is None:
                            todo = self._decide(buttons, groups, component, store)
                        groups, component = {}, None

    def _decide(
        self,
        buttons: dict[str, tuple[str, str]],
        groups: dict[str, tuple[str, tuple[str, ...]]],
        component: tuple[str, str, str, Any] | None,
        store: Any,
    ) -> tuple[float, list[tuple[str, str, Any]], str] | None:
        """This player's next click on the page just drawn, if it has one."""
        at = time.monotonic() + self.think
        for suffix in ("_call_pass", "_trump_0", "_keep_go"):
            key = next((k for k in buttons if k.endswith(suffix) and "dkeep" not in k), None)
            if key:
                wid, frag = buttons[key]
                return at, [(wid, "trigger_value", True)], frag
        calls = sorted(k for k in buttons if "_call_" in k)
        if calls:  # the dealer's forced bid
            wid, frag = buttons[calls[0]]
            return at, [(wid, "trigger_value", True)], frag
        go = next((k for k in buttons if k.endswith("_dkeep_go")), None)
        if go:
            table = tg.Table.from_rows(store.load(self.code), ("random", "rules", "expert"))
            pills = next((g for k, g in groups.items() if k.endswith("_dkeep")), None)
            if table is None or pills is None:
                return None
            _, count = table.state().pending_info
            assert isinstance(count, int)
            wid, frag = buttons[go]
            return (
                at,
                [
                    (pills[0], "string_array_value", list(pills[1][: int(count)])),
                    (wid, "trigger_value", True),
                ],
                frag,
            )
        if component is not None:
            playable = [
                c for c, attrs in BUTTON.findall(component[1]) if "aria-disabled" not in attrs
            ]
            if playable:
                card = random.Random(f"{self.code}|{component[3]}").choice(playable)
                sent = {"card": card, "at": component[3]}
                value = json.dumps([{"event": "play", "value": sent}])
                return (
                    at,
                    [(TRIGGER.format(id=component[0]), "json_trigger_value", value)],
                    component[2],
                )
        nxt = next((k for k in buttons if k.startswith("tbl_next_")), None)
        if nxt:
            wid, frag = buttons[nxt]
            return at, [(wid, "trigger_value", True)], frag
        return None


def open_tables(store: ProgressStore, n: int, seed: int) -> list[list[Player]]:
    """``n`` tables, each with a player at every seat (in four languages), started."""
    out = []
    ts = store.tables()
    for i in range(n):
        code = tg.new_code()
        settings = tg.Settings.new("pagat-62", "random", False, 0, seed=seed + i)
        secrets_ = [tg.new_secret() for _ in range(4)]
        now = time.time()
        ts.create(
            code, settings.to_json() | {"host": 0}, tg.seat_row(0, "P0", LANGS[0], secrets_[0], now)
        )
        for seat in (1, 2, 3):
            ts.sit(code, tg.seat_row(seat, f"P{seat}", LANGS[seat], secrets_[seat], now))
        out.append([Player("", code, s, secrets_[s], LANGS[(s + i) % 4], 0.0) for s in range(4)])
    return out


def latencies(store: ProgressStore, tables: list[list[Player]]) -> list[float]:
    """Seconds from each action's commit to its position showing on each other player's page."""
    out = []
    for players in tables:
        rows = store.tables().load(players[0].code)
        if rows is None:
            continue
        for a in rows.actions:
            after = (a.hand, a.pos + 1)
            for p in players:
                if p.seat == a.seat:
                    continue
                times = [t for pos, t in p.seen.items() if pos >= after]
                if times:
                    out.append(max(0.0, min(times) - a.at))
    return out


def summary(xs: list[float]) -> dict[str, Any]:
    if not xs:
        return {"n": 0}
    xs = sorted(xs)
    q = statistics.quantiles(xs, n=100) if len(xs) > 1 else [xs[0]] * 99
    return {
        "n": len(xs),
        "p50_ms": round(q[49] * 1000),
        "p95_ms": round(q[94] * 1000),
        "max_ms": round(xs[-1] * 1000),
    }


async def run_tables(
    url: str, store: ProgressStore, n: int, seconds: float, think: float, seed: int
) -> dict[str, Any]:
    tables = open_tables(store, n, seed)
    for players in tables:
        for p in players:
            p.url, p.think = url, think
        store.tables().start(players[0].code)
    stop = asyncio.Event()
    load0 = os.getloadavg()[0]
    tasks = [asyncio.create_task(p.play(stop, store.tables())) for ps in tables for p in ps]
    await asyncio.sleep(seconds)
    stop.set()
    await asyncio.wait(tasks, timeout=30)
    for t in tasks:
        t.cancel()
    lat = latencies(store, tables)
    loaded = [store.tables().load(ps[0].code) for ps in tables]
    actions = sum(len(r.actions) for r in loaded if r is not None)
    return {
        "tables": n,
        "players": 4 * n,
        "seconds": seconds,
        "actions": actions,
        "clicks": sum(p.actions for ps in tables for p in ps),
        "errors": sorted({e for ps in tables for p in ps for e in p.errors})[:5],
        "load": [round(load0, 1), round(os.getloadavg()[0], 1)],
        **summary(lat),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--tables", type=int, default=4)
    ap.add_argument("--seconds", type=float, default=90.0)
    ap.add_argument("--think", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=2712)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    why = pgserver.missing()
    if why:
        print(f"PostgreSQL is needed: {why}", file=sys.stderr)
        return 2
    with pgserver.throwaway_server(free_port()) as pg, tempfile.TemporaryDirectory() as tmp:
        env = {"CINCH_DATABASE_URL": pg, "CINCH_PROGRESS_DB": str(Path(tmp) / "never.sqlite3")}
        with running_cluster(2, env=env) as cluster:
            store = ProgressStore(url=pg)
            base = asyncio.run(
                run_tables(cluster.url, store, 1, args.seconds / 2, args.think, args.seed)
            )
            load = asyncio.run(
                run_tables(
                    cluster.url, store, args.tables, args.seconds, args.think, args.seed + 100
                )
            )
    ratio = (
        round(load["p50_ms"] / base["p50_ms"], 2)
        if base.get("p50_ms") and load.get("p50_ms")
        else None
    )
    out: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "baseline": base,
        "load": load,
        "p50_ratio": ratio,
    }
    if args.json:
        print(json.dumps(out))
    else:
        for name in ("baseline", "load"):
            r = out[name]
            print(
                f"{name}: {r['tables']} table(s), {r['players']} players, {r['actions']} actions,"
                f" {r.get('n', 0)} deliveries: p50 {r.get('p50_ms')} ms, p95 {r.get('p95_ms')} ms,"
                f" max {r.get('max_ms')} ms; load {r['load']}; errors {r['errors']}"
            )
        print(f"p50 ratio (load / baseline): {ratio}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

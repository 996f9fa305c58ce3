"""The stages of each lesson click, from the benchmark's client and the server's probes.

``bench_play.py --stages`` starts the server under :mod:`tests.support.stagetiming` and keeps,
for every lesson click, when the client sent it and when it read the run's
``script_finished`` (``time.monotonic``, one clock for every process on Linux). This module
lines them up with the server's stamps of the same session: the BackMsg read by the
websocket handler (``recv``), the run's start and stop, the ``script_finished`` reaching the
session's queue, handed to the websocket client by the flush loop, written to the websocket
(``sent``), and the client reading it.
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path
from typing import Any

STAGES = (
    ("to_server", "client_sent", "recv"),
    ("to_run", "recv", "start"),
    ("run", "start", "stop"),
    ("to_queue", "stop", "queued"),
    ("to_flush", "queued", "flushed"),
    ("to_socket", "flushed", "sent"),
    ("to_client", "sent", "client_read"),
)
"""(name, from, to): the stages of a click, in order."""


def read_log(path: Path) -> list[dict[str, Any]]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return []
    return [json.loads(line) for line in lines if line.strip()]


def _first(events: list[dict[str, Any]], ev: str, after: float) -> dict[str, Any] | None:
    for e in events:
        if e["ev"] == ev and e["t"] >= after:
            return e
    return None


def click_stages(
    events: list[dict[str, Any]], sid: str, clicks: list[tuple[float, float]]
) -> list[dict[str, Any]]:
    """For each click (client sent, client read) of session ``sid``: the stamps of every stage
    (None where the probe has none) and the run's CPU and message count."""
    mine = sorted((e for e in events if e.get("sid") == sid), key=lambda e: e["t"])
    out = []
    for k, (sent, read) in enumerate(clicks):
        # the server's "sent" is stamped when its write returns, which may be just after
        # the client read the frame, and even after the client sent the next click: the
        # bound of a click's stamps is the next click, except for "sent" (the one after
        # this click's "flushed")
        bound = clicks[k + 1][0] if k + 1 < len(clicks) else float("inf")
        row: dict[str, Any] = {"client_sent": sent, "client_read": read}
        at = sent
        for ev in ("recv", "start", "stop", "queued", "flushed", "sent"):
            e = _first(mine, ev, at)
            if e is None or (e["t"] > bound and ev != "sent"):
                row[ev] = None
                continue
            row[ev] = e["t"]
            at = e["t"]
            if ev == "stop":
                row["cpu_ms"], row["msgs"] = e.get("cpu_ms"), e.get("msgs")
        out.append(row)
    return out


def cpu_window(events: list[dict[str, Any]], rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Where the server process's CPU went from the first click's end to the last one's: the
    runs of each page (their threads' CPU) and the rest (the event loop — receiving,
    flushing and writing every session's messages — and the other threads)."""
    ends = [r["sent"] for r in rows if r.get("sent") is not None]
    if len(ends) < 2:
        return {}
    lo, hi = min(ends), max(ends)
    by_t = {e["t"]: e for e in events if e["ev"] == "sent" and "process_cpu" in e}
    if lo not in by_t or hi not in by_t:
        return {}
    total = float(by_t[hi]["process_cpu"]) - float(by_t[lo]["process_cpu"])
    pages = {e["sid"]: e["page"] for e in events if e["ev"] == "recv"}
    runs: dict[str, float] = {}
    msgs: dict[str, list[int]] = {}
    for e in events:
        if e["ev"] == "stop" and lo < e["t"] <= hi:
            page = pages.get(e["sid"], "?") or "?"
            runs[page] = runs.get(page, 0.0) + float(e["cpu_ms"]) / 1000
            msgs.setdefault(page, []).append(int(e["msgs"]))
    out: dict[str, Any] = {"wall_s": round(hi - lo, 2), "process_cpu_s": round(total, 2)}
    out.update({f"runs_{k}_cpu_s": round(v, 2) for k, v in sorted(runs.items())})
    out.update(
        {f"runs_{k}_msgs": (len(v), statistics.median(v), max(v)) for k, v in sorted(msgs.items())}
    )
    out["rest_cpu_s"] = round(total - sum(runs.values()), 2)
    return out


def stall_sites(events: list[dict[str, Any]], rows: list[dict[str, Any]]) -> list[Any]:
    """What the event loop's thread was doing when it stalled (30 ms without a beat) during
    the clicks: the most frequent places (the innermost frames outside asyncio, selectors
    and threading), with how often."""
    if not rows:
        return []
    lo, hi = rows[0]["client_sent"], rows[-1]["client_read"]
    skip = ("base_events.py", "selectors.py", "selector_events.py", "threading.py", "events.py")
    sites: dict[str, int] = {}
    for e in events:
        if e["ev"] == "stall" and lo <= e["t"] <= hi:
            frames = [f for f in e["busy"] if not f.startswith(skip)]
            key = " > ".join(frames[-2:]) if frames else " > ".join(e["busy"][-2:])
            sites[key] = sites.get(key, 0) + 1
    return sorted(sites.items(), key=lambda kv: -kv[1])[:6]


def ms(row: dict[str, Any], a: str, b: str) -> float | None:
    if row.get(a) is None or row.get(b) is None:
        return None
    return round((float(row[b]) - float(row[a])) * 1000, 1)


def _pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, round(p / 100 * (len(s) - 1)))]


def report(
    events: list[dict[str, Any]], rows: list[dict[str, Any]], slowest: int = 5
) -> dict[str, Any]:
    """p50/p95/max of every stage, of the server's part (BackMsg read → ``script_finished``
    written) and of the client-observed time; the slowest clicks stage by stage, with the
    event loop's lags and stalls that overlapped them."""
    out: dict[str, Any] = {}
    spans = [*STAGES, ("server", "recv", "sent"), ("client", "client_sent", "client_read")]
    for name, a, b in spans:
        xs = [x for r in rows if (x := ms(r, a, b)) is not None]
        if xs:
            out[name] = {
                "n": len(xs),
                "p50_ms": round(statistics.median(xs), 1),
                "p95_ms": round(_pct(xs, 95), 1),
                "max_ms": round(max(xs), 1),
            }
    worst = sorted(rows, key=lambda r: r["client_read"] - r["client_sent"], reverse=True)
    detail = []
    for r in worst[:slowest]:
        lo, hi = r["client_sent"], r["client_read"]
        lags = [e for e in events if e["ev"] in ("lag", "stall") and lo - 0.05 <= e["t"] <= hi]
        detail.append(
            {
                **{name: ms(r, a, b) for name, a, b in STAGES},
                "client": ms(r, "client_sent", "client_read"),
                "cpu_ms": r.get("cpu_ms"),
                "msgs": r.get("msgs"),
                "loop_lags_ms": [e["ms"] for e in lags if e["ev"] == "lag"],
                "stalls": [" > ".join(e["busy"][-4:]) for e in lags if e["ev"] == "stall"][:3],
            }
        )
    out["slowest"] = detail
    out["server_cpu_window"] = cpu_window(events, rows)
    out["loop_stalls"] = stall_sites(events, rows)
    lag_ms = [float(e["ms"]) for e in events if e["ev"] == "lag"]
    out["loop_lags_over_20ms"] = len(lag_ms)
    out["loop_lag_max_ms"] = max(lag_ms, default=0.0)
    return out

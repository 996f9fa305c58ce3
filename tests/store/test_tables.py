"""Shared tables (schema 4) on both backends: a table, its seats and its actions; every
action applied once and in order (a stale or conflicting position is refused, two writers
racing for one position: one wins), the version a page polls bumped by every change, and a
schema-3 database migrated keeping every learner's history."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from tests.store.conftest import MakeStore
from tutorial.progress import SCHEMA_VERSION, ProgressStore, step_item
from tutorial.store import postgres, sqlite
from tutorial.store.tables import SeatRow, TableStore

CODE = "abcd-2345-efgh-6789"
SETTINGS = {"v": 1, "profile": "pagat-62", "bots": "random", "hints": True, "limit": 0, "seed": 7}


def seat(n: int, name: str = "Ana", secret: str = "h" * 64) -> SeatRow:
    return SeatRow(n, name, "es", secret, time.time(), False, 0)


def tables(make_store: MakeStore) -> TableStore:
    return make_store().tables()


def test_a_table_is_opened_read_back_and_its_code_is_not_taken_twice(
    make_store: MakeStore,
) -> None:
    assert tables(make_store).load("QWERTY") is None  # never written: nothing
    assert tables(make_store).version("QWERTY") is None
    assert tables(make_store).create("QWERTY", SETTINGS, seat(0))
    assert not tables(make_store).create("QWERTY", SETTINGS, seat(1, "Eve"))
    rows = tables(make_store).load("QWERTY")  # another replica reads it
    assert rows is not None and rows.value == SETTINGS and rows.started is None
    assert [(s.seat, s.name, s.lang) for s in rows.seats] == [(0, "Ana", "es")]
    assert rows.actions == () and tables(make_store).version("QWERTY") == rows.version == 1


def test_actions_are_appended_once_in_order_and_stale_ones_refused(make_store: MakeStore) -> None:
    ts = tables(make_store)
    ts.create("QWERTY", SETTINGS, seat(0))
    assert not ts.append("QWERTY", 0, 0, "pass", 0, "human")  # not started yet
    assert ts.start("QWERTY") and not ts.start("QWERTY")
    v = ts.version("QWERTY")
    assert ts.append("QWERTY", 0, 0, "pass", 0, "human")
    assert not ts.append("QWERTY", 0, 0, "7", 0, "human")  # that position is taken
    assert not ts.append("QWERTY", 0, 2, "7", 2, "bot")  # not the next position
    assert not ts.append("QWERTY", 2, 0, "7", 2, "bot")  # nor a hand after the next
    assert ts.append("QWERTY", 0, 1, "7", 1, "bot")
    assert not ts.append("QWERTY", 0, 1, "8", 1, "bot")
    # the next hand (whether this one is over is the engine's to say, before appending)
    assert ts.append("QWERTY", 1, 0, "pass", 2, "bot")
    assert not ts.append("QWERTY", 0, 2, "pass", 2, "bot")  # an older hand: stale
    assert not ts.append("ZZZZZZ", 0, 0, "pass", 0, "human")  # no such table
    rows = make_store().tables().load("QWERTY")
    assert rows is not None
    assert [(a.hand, a.pos, a.action, a.seat, a.by) for a in rows.actions] == [
        (0, 0, "pass", 0, "human"),
        (0, 1, "7", 1, "bot"),
        (1, 0, "pass", 2, "bot"),
    ]
    assert rows.version == (v or 0) + 3
    with pytest.raises(ValueError):
        ts.append("QWERTY", 1, 1, "pass", 3, "someone")


def test_two_writers_racing_for_one_position_one_wins(make_store: MakeStore) -> None:
    """Two replicas apply the same bot move at once, 20 times over: exactly one write of each
    position counts, and the actions stay in order with no gap."""
    make_store().tables().create("RACERS", SETTINGS, seat(0))
    make_store().tables().start("RACERS")
    wins: list[tuple[int, str]] = []
    lock = threading.Lock()

    def writer(name: str) -> None:
        ts = make_store().tables()
        for pos in range(20):
            if ts.append("RACERS", 0, pos, f"{name}{pos}", pos % 4, "bot"):
                with lock:
                    wins.append((pos, name))

    threads = [threading.Thread(target=writer, args=(n,)) for n in ("x", "y")]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    rows = make_store().tables().load("RACERS")
    assert rows is not None
    assert [a.pos for a in rows.actions] == sorted({p for p, _ in wins}) == list(range(20))
    assert len(wins) == 20  # never two winners of one position
    assert all(a.action == f"{dict(wins)[a.pos]}{a.pos}" for a in rows.actions)


def test_seats_are_taken_once_and_changed_only_with_their_secret(make_store: MakeStore) -> None:
    ts = tables(make_store)
    ts.create("SEATED", SETTINGS, seat(0, secret="a" * 64))
    v = ts.version("SEATED") or 0
    assert ts.sit("SEATED", seat(2, "Zoé", "c" * 64))
    assert not ts.sit("SEATED", seat(2, "Eve", "e" * 64))  # taken
    assert not ts.sit("NOSUCH", seat(1))
    assert not ts.seat_update("SEATED", 2, "a" * 64, away=True)  # not Zoé's secret
    assert ts.seat_update("SEATED", 2, "c" * 64, seen=123.0)  # "still here": no new version
    assert ts.version("SEATED") == v + 1
    assert ts.seat_update("SEATED", 2, "c" * 64, away=True, ready=3)
    assert ts.seat_update("SEATED", 2, "c" * 64, ready=1)  # never back to an earlier hand
    rows = ts.load("SEATED")
    assert rows is not None and ts.version("SEATED") == v + 2
    zoe = next(s for s in rows.seats if s.seat == 2)
    assert (zoe.name, zoe.away, zoe.ready) == ("Zoé", True, 3) and zoe.seen > 1000
    ts.start("SEATED")
    assert ts.append("SEATED", 0, 0, "pass", 2, "human")  # playing marks her back
    assert ts.seat_update("SEATED", 0, "a" * 64, leave=True)
    rows = ts.load("SEATED")
    assert rows is not None and [(s.seat, s.away) for s in rows.seats] == [(2, False)]
    assert ts.append("SEATED", 0, 1, "pass", 3, "stand-in")


def test_a_stand_in_marks_its_player_away(make_store: MakeStore) -> None:
    ts = tables(make_store)
    ts.create("AWAYYY", SETTINGS, seat(1))
    ts.start("AWAYYY")
    assert ts.append("AWAYYY", 0, 0, "pass", 1, "stand-in")
    rows = ts.load("AWAYYY")
    assert rows is not None and rows.seats[0].away


def test_a_schema_3_database_is_migrated_and_keeps_its_progress(
    make_store: MakeStore, monkeypatch: pytest.MonkeyPatch, backend: str, where: dict[str, Any]
) -> None:
    for module in (sqlite, postgres):
        monkeypatch.setattr(module, "SCHEMA_VERSION", 3)  # a program of schema 3 writes…
    old = make_store()
    old.record(CODE, step_item("l", "s1"), True, done=True)
    old.save_game(CODE, "practice", {"v": 1})
    assert _version(backend, where) == 3
    monkeypatch.undo()  # …then this one
    assert make_store().tables().create("MIGRAT", SETTINGS, seat(0))
    assert _version(backend, where) == SCHEMA_VERSION == 6
    assert make_store().items(CODE)[step_item("l", "s1")].done
    assert make_store().load_game(CODE, "practice") == {"v": 1}


def test_reading_a_database_never_written_creates_nothing(make_store: MakeStore) -> None:
    store: ProgressStore = make_store()
    assert store.tables().load("QWERTY") is None and store.tables().version("QWERTY") is None
    assert store.items(CODE) == {}


def _version(backend: str, where: dict[str, Any]) -> int:
    if backend == "sqlite":
        import sqlite3

        con = sqlite3.connect(where["path"])
        try:
            return int(con.execute("PRAGMA user_version").fetchone()[0])
        finally:
            con.close()
    import psycopg

    with psycopg.connect(where["url"]) as con:
        row = con.execute("SELECT max(version) FROM schema_version").fetchone()
        return int(row[0]) if row else 0


def test_a_hint_s_best_set_is_kept_with_its_action(make_store: MakeStore) -> None:
    """Schema 5: an action taken after a hint keeps the hint's best set (the review labels
    an action in it best, as the practice table does); other actions keep none."""
    ts = tables(make_store)
    ts.create("HINTED", SETTINGS, seat(0))
    ts.start("HINTED")
    assert ts.append("HINTED", 0, 0, "pass", 1, "bot")
    assert ts.append("HINTED", 0, 1, "8", 2, "hinted", ("8", "pass"))
    rows = ts.load("HINTED")
    assert rows is not None
    assert [(a.by, a.hint) for a in rows.actions] == [("bot", ()), ("hinted", ("8", "pass"))]


def test_a_hint_shown_marks_the_action_taken_after_it_whoever_takes_it(
    make_store: MakeStore,
) -> None:
    """Schema 6, failed before: a hint was known only to the page that asked for it, so a
    player whose replica died after the hint was shown came back and acted as ``human``
    (the review then priced the call without the hint's mark). The store keeps a hint shown
    at a position, and the seat's action there is ``hinted`` with that best set, whichever
    page takes it; another seat's action or another position's is not."""
    ts = tables(make_store)
    ts.create("SHOWN1", SETTINGS, seat(0))
    ts.start("SHOWN1")
    assert ts.append("SHOWN1", 0, 0, "pass", 1, "bot")
    assert ts.hint_shown("SHOWN1", 0, 1, 2, ("8", "pass"))
    assert ts.hint_shown("SHOWN1", 0, 1, 2, ("9",))  # shown again: the first one stays
    assert ts.hint_at("SHOWN1", 0, 1, 2) == ("8", "pass")
    assert ts.hint_at("SHOWN1", 0, 1, 3) is None and ts.hint_at("SHOWN1", 0, 2, 2) is None
    assert ts.append("SHOWN1", 0, 1, "8", 2, "human")  # a new page, after the old one died
    assert ts.append("SHOWN1", 0, 2, "pass", 3, "human")
    rows = ts.load("SHOWN1")
    assert rows is not None
    assert [(a.by, a.hint) for a in rows.actions] == [
        ("bot", ()),
        ("hinted", ("8", "pass")),
        ("human", ()),
    ]
    assert not ts.hint_shown("NOSUCH", 0, 0, 0, ("pass",))  # no such table: nothing kept

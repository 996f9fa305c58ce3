"""What both backends share beyond plain reads and writes: a lock held by another writer,
the session store keeping and retrying failed writes, versioned schemas, what a returning
learner gets back, concurrent read-modify-writes (threads and separate processes), and how
the backend is chosen (``CINCH_DATABASE_URL`` before ``CINCH_PROGRESS_DB``)."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest

from tests.store.conftest import MakeStore
from tutorial.drills import practice
from tutorial.progress import (
    SCHEMA_VERSION,
    ProgressStore,
    StoreError,
    new_learner_code,
    question_item,
    step_item,
)
from tutorial.progress_outbox import Outbox, SessionStore
from tutorial.store.postgres import PostgresBackend, close_pools
from tutorial.store.sqlite import SqliteBackend

ROOT = Path(__file__).resolve().parents[2]
CODE = "abcd-2345"  # an earlier 8-character code: still accepted
Held = Callable[[], AbstractContextManager[None]]


def saved(store: ProgressStore) -> dict[str, tuple[bool, Any]]:
    return {k: (v.done, v.value) for k, v in store.items(CODE).items()}


def test_a_lock_held_by_another_writer(make_store: MakeStore, hold_write_lock: Held) -> None:
    make_store().record(CODE, step_item("l", "s1"), True, done=True)
    with hold_write_lock():
        store = make_store(timeout=0.3)
        started = time.perf_counter()
        with pytest.raises(StoreError):
            store.record(CODE, step_item("l", "s2"), True, done=True)
        assert time.perf_counter() - started < 10  # fails after its timeout, not never
        assert store.items(CODE)[step_item("l", "s1")].done  # readers are not blocked
    make_store().record(CODE, step_item("l", "s2"), True, done=True)
    assert len(saved(make_store())) == 2


def test_session_store_keeps_a_failed_write_and_saves_it_later(
    make_store: MakeStore, make_session: Callable[[Outbox], SessionStore], hold_write_lock: Held
) -> None:
    make_store().record(CODE, step_item("l", "s1"), True, done=True)
    box = Outbox()
    session = make_session(box)
    session.timeout = 0.2
    with hold_write_lock():
        assert session.record(CODE, step_item("l", "s2"), True, done=True) is False
        session.answer(CODE, "l", "q2", "B", True)
        assert box.pending == 2 and question_item("l", "q2") in box.items()
        seen = session.items(CODE)  # the learner still sees their own unsaved answers
        assert seen[step_item("l", "s2")].done and seen[question_item("l", "q2")].done
    assert session.flush(force=True) is True and box.pending == 0
    got = saved(make_store())
    assert got[step_item("l", "s2")] == (True, True)
    assert got[question_item("l", "q2")][0] is True
    assert got[step_item("l", "s1")] == (True, True)  # nothing lost


def test_a_retried_write_never_replaces_a_newer_one(
    make_store: MakeStore, make_session: Callable[[Outbox], SessionStore], hold_write_lock: Held
) -> None:
    make_store().record(CODE, step_item("l", "s1"), True)  # the schema exists
    box = Outbox()
    session = make_session(box)
    session.timeout = 0.2
    with hold_write_lock():
        session.record(CODE, "lesson/l/at", {"step": "old"})  # fails, kept with its time
    time.sleep(0.01)
    make_store().record(CODE, "lesson/l/at", {"step": "new"})  # another tab, later
    assert session.flush(force=True)
    assert saved(make_store())["lesson/l/at"] == (False, {"step": "new"})


def test_schema_is_versioned_and_a_newer_one_is_not_written_to(
    backend: str, make_store: MakeStore, set_schema_version: Callable[[int], None]
) -> None:
    store = make_store()
    store.record(CODE, step_item("l", "s1"), True, done=True)
    set_schema_version(SCHEMA_VERSION + 1)
    with pytest.raises(StoreError, match="newer"):
        make_store().record(CODE, step_item("l", "s9"), True)
    assert list(make_store().items(CODE)) == [step_item("l", "s1")]  # still read


def test_postgresql_schema_version_table(pg_url: str) -> None:
    import psycopg

    ProgressStore(url=pg_url).record(CODE, step_item("l", "s1"), True)
    ProgressStore(url=pg_url).record(CODE, step_item("l", "s2"), True)  # migrates once
    with psycopg.connect(pg_url) as con:
        rows = con.execute("SELECT version FROM schema_version").fetchall()
    assert rows == [(v,) for v in range(1, SCHEMA_VERSION + 1)]  # each migration once


def test_question_states_and_position(store: ProgressStore) -> None:
    store.answer(CODE, "l", "first", "A", True)
    store.answer(CODE, "l", "later", "A", False)
    store.answer(CODE, "l", "later", "B", True)
    store.answer(CODE, "l", "later", "A", False)  # a wrong answer after a right one
    store.answer(CODE, "l", "never", "C", False)
    store.record(CODE, question_item("l", "old"), {"ok": True}, done=True)  # before tries
    states = store.question_states(CODE, "l")
    assert {k: v.status for k, v in states.items()} == {
        "first": "right-first-try",
        "later": "right-after-tries",
        "never": "not-yet",
        "old": "right",
    }
    assert states["later"].tries == 3 and states["later"].answer == "A"
    assert store.position(CODE, "l") is None
    store.save_position(CODE, "l", "s1", "t1c2")
    store.save_position(CODE, "l", "s2")
    pos = store.position(CODE, "l")
    assert pos is not None and pos.step == "s2" and dict(pos.moments) == {"s1": "t1c2"}


def test_drill_answers_from_many_threads_are_all_counted(make_store: MakeStore) -> None:
    """Read-modify-write of rows that do not exist yet: the first answers race to create
    the stats and the counter; none may be lost."""
    errors: list[BaseException] = []
    barrier = threading.Barrier(4)

    def answer(n: int) -> None:
        store = make_store()
        try:
            barrier.wait()
            for i in range(15):
                practice.record(store, CODE, "trick-winner", 1, (n + i) % 2 == 0)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=answer, args=(n,)) for n in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors
    counter, stats = practice.load(make_store(), CODE)
    assert counter == 60
    assert stats[("trick-winner", 1)].attempts == 60 and stats[("trick-winner", 1)].correct == 30


def test_two_read_modify_writes_of_a_row_not_there_yet_are_both_counted(
    make_store: MakeStore,
) -> None:
    """Both read the counter before either writes it (the window is widened): the second
    must wait for the first and see its write, even though no row existed to lock."""
    make_store().record(CODE, step_item("l", "s1"), True)  # the schema exists
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def bump(cur: dict[str, Any]) -> dict[str, tuple[Any, bool]]:
        time.sleep(0.3)
        old = cur["drill/count"].value if "drill/count" in cur else 0
        return {"drill/count": (old + 1, False)}

    def answer() -> None:
        try:
            barrier.wait()
            make_store().update(CODE, ("drill/count",), bump)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=answer) for _ in range(2)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors
    assert make_store().items(CODE)["drill/count"].value == 2


WRITER = """
import json, sys
from pathlib import Path
from tutorial.drills import practice
from tutorial.progress import ProgressStore
where = json.loads(sys.argv[1])
store = ProgressStore(url=where["url"]) if "url" in where else ProgressStore(Path(where["path"]))
name, code = sys.argv[2], sys.argv[3]
for i in range(25):
    practice.record(store, code, "refill", 2, i % 5 != 0)
    store.record(code, f"lesson/{name}/step/s{i}", True, done=True)
    store.save_position(code, "shared", f"{name}-{i}", f"m{i}")
print("ok")
"""


def test_two_app_processes_on_one_database_lose_nothing_and_see_each_other(
    where: dict[str, Any], make_store: MakeStore
) -> None:
    """Two processes (as two app replicas would be) write the same learner at once; each
    sees everything the other wrote."""
    code = new_learner_code()
    arg = json.dumps({k: str(v) for k, v in where.items()})
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, arg, name, code],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in ("one", "two")
    ]
    for p in procs:
        out, err = p.communicate(timeout=240)
        assert p.returncode == 0 and out.strip() == "ok", err
    store = make_store()
    counter, stats = practice.load(store, code)
    assert counter == 50 and stats[("refill", 2)].attempts == 50
    assert stats[("refill", 2)].correct == 40
    items = store.items(code)
    for name in ("one", "two"):
        assert all(items[step_item(name, f"s{i}")].done for i in range(25))
    pos = store.position(code, "shared")
    assert pos is not None and pos.step in {"one-24", "two-24"}
    assert len(pos.moments) == 50  # every step's moment, from both processes


# -- choosing the backend ---------------------------------------------------------------------
def test_database_url_takes_precedence_over_the_sqlite_path(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("CINCH_PROGRESS_DB", str(tmp_path / "p.sqlite3"))
    monkeypatch.delenv("CINCH_DATABASE_URL", raising=False)
    assert isinstance(ProgressStore().backend.inner, SqliteBackend)
    assert ProgressStore().path == tmp_path / "p.sqlite3"
    monkeypatch.setenv("CINCH_DATABASE_URL", "postgresql://cinch:secret@127.0.0.1:1/cinch")
    store = ProgressStore()
    assert isinstance(store.backend.inner, PostgresBackend)
    assert "secret" not in store.where
    session = SessionStore(Outbox())
    assert isinstance(session._raw().backend.inner, PostgresBackend)  # retries go to the same place


def test_a_url_that_is_not_postgresql_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CINCH_DATABASE_URL", "mysql://x@localhost/cinch")
    with pytest.raises(StoreError, match="not a PostgreSQL URL"):
        ProgressStore().record(CODE, step_item("l", "s1"), True)
    box = Outbox()
    assert SessionStore(box).record(CODE, step_item("l", "s1"), True) is False  # kept
    assert box.pending == 1


def test_a_server_that_is_down_is_a_store_error_and_the_session_keeps_the_write(
    tmp_path: Path,
) -> None:
    url = f"postgresql://cinch:secret@/cinch?host={tmp_path}&port=1"  # no server there
    try:
        store = ProgressStore(url=url, timeout=0.5)
        started = time.perf_counter()
        with pytest.raises(StoreError) as err:
            store.items(CODE)
        assert time.perf_counter() - started < 10
        assert "secret" not in str(err.value)
        box = Outbox()
        session = SessionStore(box, url=url)
        session.timeout = 0.5
        assert session.record(CODE, step_item("l", "s1"), True, done=True) is False
        assert box.pending == 1 and session.items(CODE)[step_item("l", "s1")].done
        assert box.read_failed
    finally:
        close_pools()

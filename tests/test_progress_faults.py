"""Fault injection on the progress store (issue 9): read-only file and folder, corrupt file,
a lock held by another connection, the file deleted while running. A failed write raises
:class:`StoreError` in the store and is kept (and later saved) by the session store; reads
still work; no saved row is lost or overwritten. Plus the schema version, the question
states and position a returning learner gets, and concurrent drill answers."""

import os
import sqlite3
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tutorial.drills import practice
from tutorial.progress import (
    CODE_RE,
    SCHEMA_VERSION,
    ProgressStore,
    StoreError,
    new_learner_code,
    parse_learner_code,
    question_item,
    step_item,
)
from tutorial.progress_outbox import Outbox, SessionStore

CODE = "abcd-2345"  # an earlier 8-character code: still accepted

root_can_write_anything = os.geteuid() == 0


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "data" / "p.sqlite3"
    store = ProgressStore(path)
    store.record(CODE, step_item("l", "s1"), True, done=True)
    store.record(CODE, question_item("l", "q1"), {"ok": True}, done=True)
    return path


def saved(path: Path) -> dict[str, object]:
    return {k: (v.done, v.value) for k, v in ProgressStore(path).items(CODE).items()}


def test_missing_folder_that_cannot_be_created(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    store = ProgressStore(blocker / "sub" / "p.sqlite3")
    assert store.items(CODE) == {}
    with pytest.raises(StoreError):
        store.record(CODE, step_item("l", "s1"), True)


def test_corrupt_file_is_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    junk = b"this is not a database" * 100
    path.write_bytes(junk)
    store = ProgressStore(path)
    with pytest.raises(StoreError):
        store.items(CODE)
    with pytest.raises(StoreError):
        store.record(CODE, step_item("l", "s1"), True)
    assert path.read_bytes() == junk  # left for an operator to recover


def test_a_lock_held_by_another_connection(db: Path) -> None:
    other = sqlite3.connect(db, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        store = ProgressStore(db, timeout=0.2)
        started = time.perf_counter()
        with pytest.raises(StoreError):
            store.record(CODE, step_item("l", "s2"), True, done=True)
        assert time.perf_counter() - started < 10  # fails after its timeout, not never
        assert store.items(CODE)[step_item("l", "s1")].done  # WAL: readers are not blocked
    finally:
        other.execute("ROLLBACK")
        other.close()
    ProgressStore(db).record(CODE, step_item("l", "s2"), True, done=True)
    assert len(saved(db)) == 3


def test_file_deleted_while_running_is_recreated(db: Path) -> None:
    store = ProgressStore(db)
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    assert store.items(CODE) == {}  # nothing to read, and no error
    store.record(CODE, step_item("l", "s3"), True, done=True)  # schema made on demand
    assert list(store.items(CODE)) == [step_item("l", "s3")]


def test_deleted_leaving_an_empty_file_is_recreated(db: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    db.write_bytes(b"")  # what a connection opened after the deletion leaves behind
    store = ProgressStore(db)
    assert store.items(CODE) == {}
    store.record(CODE, step_item("l", "s3"), True, done=True)
    assert list(store.items(CODE)) == [step_item("l", "s3")]


@contextmanager
def write_protected(path: Path) -> Iterator[None]:
    """``path`` (a file, or a folder: no file can be added or removed) cannot be written,
    even by root: permission bits for a user, the immutable attribute for root."""
    if root_can_write_anything:
        subprocess.run(["chattr", "+i", str(path)], check=True)
    else:  # pragma: no cover - the suite runs as root here
        path.chmod(0o555 if path.is_dir() else 0o444)
    try:
        yield
    finally:
        if root_can_write_anything:
            subprocess.run(["chattr", "-i", str(path)], check=True)
        else:  # pragma: no cover
            path.chmod(0o755 if path.is_dir() else 0o644)


@pytest.mark.parametrize("what", ["file", "folder"])
def test_read_only_file_or_folder(db: Path, what: str) -> None:
    """Reads work, a write fails cleanly (the session store keeps it), nothing changes."""
    ProgressStore(db).items(CODE)  # a clean close: no -wal/-shm left beside the file
    for suffix in ("-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    before = saved(db)
    raw = db.read_bytes()
    with write_protected(db if what == "file" else db.parent):
        store = ProgressStore(db)
        assert saved(db) == before
        with pytest.raises(StoreError):
            store.record(CODE, step_item("l", "s9"), True, done=True)
        box = Outbox()
        assert SessionStore(box, db).record(CODE, step_item("l", "s8"), True) is False
        assert box.pending == 1
        assert SessionStore(box, db).items(CODE)[step_item("l", "s8")].value is True
        assert db.read_bytes() == raw
    assert SessionStore(box, db).flush(force=True) and box.pending == 0  # saved once writable again
    assert saved(db) == {**before, step_item("l", "s8"): (False, True)}


# -- schema versions --------------------------------------------------------------------------
def test_schema_is_versioned_and_a_pre_version_database_keeps_its_rows(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    old = sqlite3.connect(path)
    old.execute(  # exactly the table of the first release, without user_version
        "CREATE TABLE progress (learner TEXT NOT NULL, item TEXT NOT NULL, value TEXT NOT NULL,"
        " done INTEGER NOT NULL DEFAULT 0, updated REAL NOT NULL, PRIMARY KEY (learner, item))"
    )
    old.execute("INSERT INTO progress VALUES (?,?,?,?,?)", (CODE, "lesson/l/at", "{}", 0, 1.0))
    old.commit()
    old.close()
    store = ProgressStore(path)
    store.record(CODE, step_item("l", "s1"), True, done=True)
    assert set(store.items(CODE)) == {"lesson/l/at", step_item("l", "s1")}
    check = sqlite3.connect(path)
    assert check.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    check.close()


def test_a_newer_schema_is_not_written_to(db: Path) -> None:
    con = sqlite3.connect(db)
    con.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    con.close()
    with pytest.raises(StoreError, match="newer"):
        ProgressStore(db).record(CODE, step_item("l", "s9"), True)
    assert step_item("l", "s1") in ProgressStore(db).items(CODE)


# -- the session store: never raises, keeps and retries ---------------------------------------
def test_session_store_keeps_a_failed_write_and_saves_it_later(db: Path) -> None:
    box = Outbox()
    session = SessionStore(box, db)
    other = sqlite3.connect(db, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    session.timeout = 0.1
    try:
        assert session.record(CODE, step_item("l", "s2"), True, done=True) is False
        session.answer(CODE, "l", "q2", "B", True)
        assert box.pending == 2 and question_item("l", "q2") in box.items()
        seen = session.items(CODE)  # the learner still sees their own unsaved answers
        assert seen[step_item("l", "s2")].done and seen[question_item("l", "q2")].done
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert session.flush(force=True) is True and box.pending == 0
    got = saved(db)
    assert got[step_item("l", "s2")] == (True, True)
    assert got[question_item("l", "q2")][0] is True
    assert got[step_item("l", "s1")] == (True, True)  # nothing lost


def test_a_retried_write_never_replaces_a_newer_one(db: Path) -> None:
    box = Outbox()
    session = SessionStore(box, db)
    session.timeout = 0.1
    other = sqlite3.connect(db, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    session.record(CODE, "lesson/l/at", {"step": "old"})  # fails, kept with its time
    other.execute("ROLLBACK")
    other.close()
    time.sleep(0.01)
    ProgressStore(db).record(CODE, "lesson/l/at", {"step": "new"})  # another tab, later
    assert session.flush(force=True)
    assert saved(db)["lesson/l/at"] == (False, {"step": "new"})


def test_session_store_on_a_corrupt_file_never_raises(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    path.write_bytes(b"garbage" * 500)
    box = Outbox()
    session = SessionStore(box, path)
    assert session.items(CODE) == {} and box.read_failed
    assert session.record(CODE, step_item("l", "s1"), True, done=True) is False
    assert session.reset(CODE, "lesson/l/") == 0
    assert practice.record(session, CODE, "trick-winner", 1, True).attempts == 1
    assert box.pending == 2  # the reset dropped the lesson's unsaved write, then waits itself
    assert step_item("l", "s1") not in box.items()
    assert path.read_bytes() == b"garbage" * 500


# -- what a returning learner gets back -------------------------------------------------------
def test_question_states_and_position(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "p.sqlite3")
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


def test_two_drill_answers_arriving_together_are_both_counted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "p.sqlite3"
    slow_items = ProgressStore.items

    def items_then_pause(self: ProgressStore, learner: str, prefix: str = "") -> object:
        out = slow_items(self, learner, prefix)
        time.sleep(0.2)  # widen the window between a read and the write that follows it
        return out

    monkeypatch.setattr(ProgressStore, "items", items_then_pause)
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def answer(right: bool) -> None:
        try:
            barrier.wait()
            practice.record(ProgressStore(path), CODE, "trick-winner", 1, right)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=answer, args=(r,)) for r in (True, False)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors
    monkeypatch.setattr(ProgressStore, "items", slow_items)
    counter, stats = practice.load(ProgressStore(path), CODE)
    assert counter == 2
    assert stats[("trick-winner", 1)].attempts == 2 and stats[("trick-winner", 1)].correct == 1


# -- learner codes ----------------------------------------------------------------------------
def test_new_codes_have_at_least_60_bits_and_old_codes_still_work() -> None:
    import math

    code = new_learner_code()
    letters = code.replace("-", "")
    assert len(letters) * math.log2(31) >= 60
    assert CODE_RE.match(code) and parse_learner_code(code.upper()) == code
    assert parse_learner_code("abcd-2345") == "abcd-2345"
    assert parse_learner_code("abcd-2345-efgh") is None

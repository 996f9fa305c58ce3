"""Schema 3 on both backends: a database of schema 2, with the Leitner boxes of the drills,
Review my mistakes and Puzzles from my games, migrates keeping every learner's history (each
box becomes the FSRS card docs/review.md says); the reviews read it; a review answer that
cannot be saved waits in the session's outbox and is reviewed at its own time once saved."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from tests.practice.test_retry import finished_game, review_of
from tests.store.conftest import MakeStore
from tutorial import mistakes
from tutorial import review_schedule as rs
from tutorial.drills import practice
from tutorial.lessons.course import load_course
from tutorial.practice import retry
from tutorial.progress import SCHEMA_VERSION, step_item
from tutorial.progress_outbox import Outbox, SessionStore
from tutorial.store import postgres, sqlite

A, B = "abcd-2345-efgh-6789", "wxyz-2345-mnpq-6789"
T = 1_796_000_000.0  # the time of the learners' last answers (late November 2026)
COURSE = load_course()
L7 = COURSE.lesson("left-pedro-is-not-a-diamond")


def _drill(attempts: int, correct: int, streak: int, *, box: int, due: int) -> dict[str, int]:
    return {"attempts": attempts, "correct": correct, "streak": streak, "box": box, "due": due}


def _review(attempts: int, correct: int, *, box: int, due: int) -> dict[str, int]:
    return {"box": box, "due": due, "attempts": attempts, "correct": correct}


def _rows() -> list[tuple[str, str, Any, bool, float]]:
    """Two learners' progress at schema 2: lesson rows, Leitner boxes, counters."""
    assert L7 is not None and len(L7.questions) >= 2
    q0, q1 = L7.questions[0].id, L7.questions[1].id
    g = finished_game()
    pos = retry.from_review(g.profile, g.current, review_of(g))
    old_pos = []
    for i, n in enumerate(pos):
        value = {k: v for k, v in n.items() if k != "id"}
        value.update(box=i, due=3 + i, attempts=i, correct=i, added=2000 + i)
        old_pos.append((f"retry/{n['id']}", value))
    rows: list[tuple[str, str, Any, bool, float]] = [
        (A, step_item(L7.id, L7.steps[0].id), True, True, T - 900),
        (A, f"lesson/{L7.id}/question/{q0}", {"tries": 2, "right_at": 2}, True, T - 800),
        (A, f"lesson/{L7.id}/question/{q1}", {"tries": 2, "right_at": 2}, True, T - 700),
        (A, "drill/refill/1", _drill(5, 3, 0, box=0, due=9), False, T),
        (A, "drill/trick-winner/2", _drill(4, 4, 4, box=4, due=24), True, T - 60),
        (A, "drill/hand-points/1", _drill(6, 4, 2, box=2, due=16), True, T - 120),
        (A, "drill/counter", 15, False, T),
        (A, f"review/{L7.id}/{q0}", _review(2, 1, box=1, due=5), False, T - 30),
        (A, f"review/{L7.id}/{q1}", _review(3, 3, box=3, due=14), True, T - 20),
        (A, "review/counter", 5, False, T - 20),
        *[(A, k, v, False, T - 10) for k, v in old_pos],
        (A, "retry/counter", 2, False, T - 10),
        (B, "drill/refill/1", _drill(1, 1, 1, box=1, due=3), True, T - 5000),
        (B, "drill/counter", 1, False, T - 5000),
    ]
    return rows


@contextmanager
def _connection(backend: str, where: dict[str, Any]) -> Iterator[Any]:
    if backend == "sqlite":
        import sqlite3

        where["path"].parent.mkdir(parents=True, exist_ok=True)
        con = sqlite3.connect(where["path"], isolation_level=None)
        try:
            yield con
        finally:
            con.close()
    else:
        import psycopg

        with psycopg.connect(where["url"], autocommit=True) as con:
            yield con


def _make_schema_2(backend: str, where: dict[str, Any], rows: list[tuple[Any, ...]]) -> None:
    """A database as the program of schema 2 left it."""
    mark = "?" if backend == "sqlite" else "%s"
    with _connection(backend, where) as con:
        migrations = sqlite.MIGRATIONS if backend == "sqlite" else postgres.MIGRATIONS
        for n in (1, 2):
            for statement in migrations[n]:
                con.execute(statement)
        if backend == "sqlite":
            con.execute("PRAGMA user_version=2")
        else:
            con.execute(
                "CREATE TABLE schema_version (version INTEGER PRIMARY KEY,"
                " applied TIMESTAMPTZ NOT NULL DEFAULT now())"
            )
            con.execute("INSERT INTO schema_version (version) VALUES (1), (2)")
        for learner, item, value, done, updated in rows:
            con.execute(
                "INSERT INTO progress (learner, item, value, done, updated)"
                f" VALUES ({mark}, {mark}, {mark}, {mark}, {mark})",
                (learner, item, json.dumps(value), done, updated),
            )


def _raw(backend: str, where: dict[str, Any]) -> tuple[int, dict[tuple[str, str], Any]]:
    """The schema version and every row ``(learner, item) → (value, done, updated)``."""
    with _connection(backend, where) as con:
        if backend == "sqlite":
            version = con.execute("PRAGMA user_version").fetchone()[0]
        else:
            version = con.execute("SELECT max(version) FROM schema_version").fetchone()[0]
        rows = con.execute("SELECT learner, item, value, done, updated FROM progress").fetchall()
    return int(version), {(r[0], r[1]): (json.loads(r[2]), bool(r[3]), float(r[4])) for r in rows}


@pytest.fixture
def old_database(backend: str, where: dict[str, Any]) -> list[tuple[str, str, Any, bool, float]]:
    rows = _rows()
    _make_schema_2(backend, where, rows)
    return rows


def test_schema_2_boxes_migrate_keeping_every_learners_history(
    backend: str, where: dict[str, Any], make_store: MakeStore, old_database: list[Any]
) -> None:
    assert SCHEMA_VERSION >= 3  # and every later migration runs too (4: shared tables)
    _, stats = practice.load(make_store(), A)  # read before any write: no migration yet…
    assert stats[("refill", 1)].card.state == rs.State.Learning  # …yet the box reads as a card
    assert _raw(backend, where)[0] == 2
    make_store().record(B, "lesson/x/step/y", True)  # the first write migrates
    version, after = _raw(backend, where)
    assert version == SCHEMA_VERSION
    for learner, item, value, done, updated in old_database:
        new, new_done, new_updated = after.pop((learner, item))
        assert (new_done, new_updated) == (done, updated), item  # not the learner's write
        if not isinstance(value, dict) or "box" not in value:
            assert new == value, item  # lessons, counters: untouched
            continue
        kept = {k: v for k, v in value.items() if k not in ("box", "due")}
        assert {k: new[k] for k in kept} == kept, item  # attempts, streak, the position…
        assert new["leitner"] == {"box": value["box"], "due": value["due"]}, item
        card = rs.Schedule.from_json(new["card"])
        assert card is not None and card.last == updated, item  # ends at the last answer
        want = rs.from_leitner(
            value["box"],
            attempts=value["attempts"],
            correct=value["correct"],
            item=not item.startswith("drill/"),
            last=updated,
        )
        assert card == want, item
    assert list(after) == [(B, "lesson/x/step/y")]  # nothing else appeared or went

    # the mapping, as docs/review.md tells it
    _, stats = practice.load(make_store(), A)
    missed = stats[("refill", 1)].card  # box 0: its last answer was wrong
    assert (missed.state, missed.step, missed.due) == (rs.State.Learning, 0, T + 60)
    known = stats[("trick-winner", 2)].card  # box 4, never wrong
    assert known.state == rs.State.Review and known.due - known.last > 30 * 86400
    fair = stats[("hand-points", 1)].card  # box 2 after wrong answers
    assert fair.state == rs.State.Review and fair.difficulty > known.difficulty
    assert stats[("refill", 1)].attempts == 5 and stats[("hand-points", 1)].streak == 2

    # Review my mistakes: the box-1 question is due (its learning step is over); the
    # box-3 one stays learnt
    assert L7 is not None
    items = make_store().items(A)
    queue = mistakes.queue(COURSE, items, T + 3600)
    assert [d.id for d in queue] == [L7.questions[0].id]
    assert queue[0].box.attempts == 2 and queue[0].is_due(T + 3600)
    # Puzzles from my games: both positions, each with its card
    positions = retry.queue(make_store().items(A, retry.PREFIX), T + 86400 * 3)
    assert len(positions) == 2 and {r.leitner["box"] for r in positions if r.leitner} == {0, 1}
    # learner B's history is theirs
    _, stats_b = practice.load(make_store(), B)
    assert stats_b[("refill", 1)].card.state == rs.State.Learning
    assert stats_b[("refill", 1)].card.last == T - 5000


def test_a_migration_that_fails_changes_nothing(
    backend: str,
    where: dict[str, Any],
    make_store: MakeStore,
    old_database: list[Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tutorial.store import leitner

    seen: list[str] = []

    def broken(item: str, value: Any, updated: float) -> Any:
        seen.append(item)
        if len(seen) == 3:
            raise OSError("disk gone")  # the backends' own error for a failed write
        return leitner.rewrite(item, value, updated)

    monkeypatch.setattr(leitner, "rewrite", broken)
    before = _raw(backend, where)
    with pytest.raises(Exception):  # noqa: B017 - what matters is what is left
        make_store().record(A, "lesson/x/step/y", True)
    assert _raw(backend, where) == before  # still schema 2, every row as it was
    monkeypatch.undo()
    make_store().record(A, "lesson/x/step/y", True)
    assert _raw(backend, where)[0] == SCHEMA_VERSION


def test_a_review_answer_not_saved_waits_in_the_outbox_and_keeps_its_time(
    make_store: MakeStore,
    make_session: Callable[[Outbox], SessionStore],
    hold_write_lock: Callable[[], Any],
) -> None:
    assert L7 is not None
    q = L7.questions[0]
    store = make_store()
    store.answer(A, L7.id, q.id, "x", False)  # missed in the lesson
    box = Outbox()
    session = make_session(box)
    session.timeout = 0.2
    with hold_write_lock():
        shown = mistakes.record(session, A, L7.id, q.id, True, at=T)
        drill = practice.record(session, A, "refill", 2, False, at=T)
        assert box.pending == 2  # kept, and shown as counted meanwhile
        assert shown.attempts == 1 and shown.card.due == T + 600
        assert drill.card.due == T + 60
    assert session.flush(force=True) and box.pending == 0
    saved = mistakes.queue(COURSE, make_store().items(A), T + 601)
    assert saved[0].id == q.id and saved[0].box.card.due == T + 600  # reviewed at T
    _, stats = practice.load(make_store(), A)
    assert stats[("refill", 2)].card.due == T + 60 and stats[("refill", 2)].attempts == 1

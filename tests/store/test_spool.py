"""No answer lost (issue 26, break 2): a write that cannot be saved is kept in the machine's
durable spool, so it reaches the database once it can be written even if the learner
reloads (the new page still shows it, still not saved), closes the tab for good, or the
replica dies; and a retried write never replaces a newer one. On both backends, the fault
being another connection holding the write lock."""

from __future__ import annotations

import gc
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest

import tutorial.progress_outbox as outbox_module
from tests.store.conftest import MakeStore
from tutorial.progress import question_item, step_item
from tutorial.progress_outbox import Outbox, SessionStore
from tutorial.store.spool import Spool, drain

CODE = "abcd-2345-efgh-6789"
Q1 = question_item("l", "q1")
Held = Callable[[], AbstractContextManager[None]]
ROOT = Path(__file__).resolve().parents[2]


def until(check: Callable[[], bool], timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.1)
    pytest.fail(f"not true within {timeout} s", pytrace=False)


def tab(make_session: Callable[[Outbox], SessionStore]) -> SessionStore:
    session = make_session(Outbox())
    session.timeout = 0.2  # a lock fails fast in these tests
    return session


def test_a_reload_still_shows_the_answer_and_it_is_saved_without_any_click(
    make_store: MakeStore, make_session: Callable[[Outbox], SessionStore], hold_write_lock: Held
) -> None:
    make_store().record(CODE, step_item("l", "s0"), True, done=True)  # the schema exists
    with hold_write_lock():
        first = tab(make_session)
        first.answer(CODE, "l", "q1", "B", True)
        assert first.outbox.pending == 1 and Q1 in first.outbox.items()
        reloaded = tab(make_session)  # F5: a new session, nothing in its memory
        reloaded.refresh(CODE)
        assert reloaded.outbox.pending == 1 and Q1 in reloaded.outbox.items()  # "Not saved yet"
        assert reloaded.question_states(CODE, "l")["q1"].answer == "B"  # still shown
        assert Q1 not in make_store().items(CODE)
    until(lambda: not Spool().rows(first.target, CODE))  # nobody clicked
    reloaded.refresh(CODE)
    assert reloaded.outbox.pending == 0
    assert make_store().items(CODE)[Q1].value["tries"] == 1


def test_a_tab_closed_for_good_loses_nothing(
    make_store: MakeStore, make_session: Callable[[Outbox], SessionStore], hold_write_lock: Held
) -> None:
    make_store().record(CODE, step_item("l", "s0"), True, done=True)
    with hold_write_lock():
        closed = tab(make_session)
        closed.record(CODE, step_item("l", "s1"), True, done=True)
        closed.answer(CODE, "l", "q1", "A", False)
        closed.answer(CODE, "l", "q1", "B", True)
        target = closed.target
        del closed
        gc.collect()
    until(lambda: not Spool().rows(target, CODE))
    saved = make_store().items(CODE)
    assert saved[step_item("l", "s1")].done
    assert saved[Q1].value["tries"] == 2 and saved[Q1].value["right_at"] == 2  # in order


def test_a_replica_killed_with_writes_waiting_loses_none(
    where: dict[str, Any], make_store: MakeStore, hold_write_lock: Held
) -> None:
    make_store().record(CODE, step_item("l", "s0"), True, done=True)
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from tutorial.progress_outbox import Outbox, SessionStore\n"
        f"path = {str(where['path']) if 'path' in where else None!r}\n"
        f"s = SessionStore(Outbox(), path and Path(path), url={where.get('url')!r})\n"
        "s.timeout = 0.2\n"
        f"s.answer({CODE!r}, 'l', 'q1', 'B', True)\n"
        f"s.record({CODE!r}, 'lesson/l/step/s1', True, done=True)\n"
        "print(s.outbox.pending, flush=True)\n"
        "sys.stdin.read()\n"
    )
    with hold_write_lock():
        replica = subprocess.Popen(
            [sys.executable, "-c", script],
            cwd=ROOT,
            env=os.environ.copy(),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert replica.stdout is not None
        assert replica.stdout.readline().strip() == "2"  # both kept, not saved
        replica.send_signal(signal.SIGKILL)  # the replica dies with them
        replica.wait(timeout=10)
    assert Q1 not in make_store().items(CODE)
    other = SessionStore(Outbox(), **where)  # the replica the tab reconnects to
    other.refresh(CODE)
    assert Q1 in other.outbox.items()  # shown as not saved there too
    until(lambda: not Spool().rows(other.target, CODE))
    assert make_store().items(CODE)[step_item("l", "s1")].done
    assert make_store().items(CODE)[Q1].value["tries"] == 1


def test_a_retried_write_never_replaces_a_newer_one(
    monkeypatch: pytest.MonkeyPatch,
    make_store: MakeStore,
    make_session: Callable[[Outbox], SessionStore],
    hold_write_lock: Held,
) -> None:
    monkeypatch.setattr(outbox_module, "ensure_drainer", lambda *a: None)  # drained by hand
    make_store().record(CODE, step_item("l", "s0"), True, done=True)
    with hold_write_lock():
        old = tab(make_session)
        old.save_position(CODE, "l", "s1")
        old.answer(CODE, "l", "q1", "A", False)
        old.reset(CODE, "lesson/m/")
        assert old.outbox.pending == 3
    time.sleep(0.01)
    other = make_store()  # another tab, later, with the database back
    other.save_position(CODE, "l", "s5")
    other.answer(CODE, "l", "q1", "B", True)
    other.record(CODE, step_item("m", "s1"), True, done=True)
    drain(Spool(), old.target, make_store(), CODE)
    assert Spool().rows(old.target, CODE) == []
    saved = make_store()
    assert saved.position(CODE, "l").step == "s5"  # not the older s1
    q1 = saved.items(CODE)[Q1]
    assert q1.done and q1.value["answer"] == "B" and q1.value["tries"] == 2  # counted, kept
    assert step_item("m", "s1") in saved.items(CODE)  # the older reset forgot nothing newer


def test_new_writes_queue_behind_the_learners_waiting_ones(
    monkeypatch: pytest.MonkeyPatch,
    make_store: MakeStore,
    make_session: Callable[[Outbox], SessionStore],
    hold_write_lock: Held,
) -> None:
    monkeypatch.setattr(outbox_module, "ensure_drainer", lambda *a: None)
    make_store().record(CODE, step_item("l", "s0"), True, done=True)
    session = tab(make_session)
    with hold_write_lock():
        session.answer(CODE, "l", "q1", "A", False)
    assert session.answer(CODE, "l", "q1", "B", True).done  # the database is back …
    assert session.outbox.pending == 2  # … but it waits behind the first, in order
    assert session.flush(force=True)
    q1 = make_store().items(CODE)[Q1]
    assert q1.value["answer"] == "B" and q1.value["tries"] == 2 and q1.value["right_at"] == 2


def test_the_claim_of_a_killed_drainer_is_taken_over_at_once(tmp_path: Path) -> None:
    import socket

    spool = Spool(tmp_path / "spool.sqlite3")
    spool.add("t", CODE, "record", {"item": "lesson/l/step/s1", "value": True}, 1.0)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()  # a process of this host that is gone
    host = socket.gethostname()
    assert len(spool.claim("t", f"{host}:{dead.pid}:aaaa")) == 1
    assert spool.claim("t", f"{host}:{os.getpid()}:bbbb") != []  # not 30 s later: now
    assert spool.claim("t", f"{host}:{os.getpid()}:cccc") == []  # a live claim is kept
    other = Spool(tmp_path / "other.sqlite3")
    other.add("t", CODE, "record", {"item": "lesson/l/step/s1", "value": True}, 1.0)
    assert len(other.claim("t", f"elsewhere:{dead.pid}:dddd")) == 1
    assert other.claim("t", f"{host}:{os.getpid()}:eeee") == []  # another host's: it expires

"""The app server's heap is frozen once per page and language (tutorial/ui/heap.py)."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tutorial.ui import heap

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def frozen(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record what would be frozen (the test process's heap is left alone)."""
    calls: list[str] = []
    monkeypatch.setattr(heap, "_settled", set())
    monkeypatch.setattr(gc, "collect", lambda generation=2: calls.append(f"collect{generation}"))
    monkeypatch.setattr(gc, "freeze", lambda: calls.append("freeze"))
    return calls


def test_settle_freezes_once_per_key(frozen: list[str]) -> None:
    assert heap.settle("lesson:en")
    assert frozen == ["collect1", "freeze"]  # no full collection: it stalls every session
    assert not heap.settle("lesson:en")
    assert heap.settle("lesson:fr")
    assert frozen == ["collect1", "freeze"] * 2


def test_settle_can_be_switched_off(frozen: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CINCH_GC_FREEZE", "0")
    assert not heap.settle("lesson:en")
    assert frozen == []


def test_a_page_run_freezes_the_heap_after_its_first_run(frozen: list[str]) -> None:
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)
    at.query_params["lang"] = "es"
    at.run()
    assert not at.exception
    assert frozen == ["collect1", "freeze"]
    assert heap._settled == {"home:es"}
    at.run()  # the same page again: nothing more
    assert frozen == ["collect1", "freeze"]
    at.switch_page("tutorial/ui/pages/lesson.py")
    at.run()
    assert heap._settled == {"home:es", "lesson:es"}
    assert frozen == ["collect1", "freeze"] * 2

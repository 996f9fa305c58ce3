"""What one page run of the app costs the server: the work every run repeats is done once."""

from __future__ import annotations

from pathlib import Path

import pytest

import tutorial.ui.session as session
from tests.ui.test_bad_content import run

ROOT = Path(__file__).resolve().parents[2]


def test_a_page_run_walks_the_lessons_folder_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sidebar, the lesson page and the course's caches each ask for the folder's
    version; it is read once a run (each walk cost about 3 ms of the server's lock)."""
    walks: list[int] = []
    real = session.fingerprint

    def counted() -> tuple[tuple[str, int, int], ...]:
        walks.append(1)
        return real()

    monkeypatch.setattr(session, "fingerprint", counted)
    at = run("lesson", lang="en", lesson="left-pedro-is-not-a-diamond")
    assert len(walks) == 2  # two runs: the home page, then the lesson page
    at.run()
    assert len(walks) == 3
    assert session.lessons_version() == repr(real())  # outside a run: read each time
    assert len(walks) == 4

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


def test_the_pages_are_made_once_a_session_and_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each ``st.Page`` resolves and checks its file; the set is made again only when the
    learner's language changes (the titles are in it)."""
    import tutorial.ui.app as app

    made: list[str] = []
    real = app._make_pages

    def counted(s: session.Session) -> dict[str, object]:
        made.append(s.lang)
        return real(s)

    monkeypatch.setattr(app, "_make_pages", counted)
    at = run("lesson", lang="en", lesson="left-pedro-is-not-a-diamond")
    at.run()
    assert made == ["en"]
    at.selectbox(key="lang_picker").set_value("pt").run()
    assert made == ["en", "pt"]
    assert at.title[0].value.startswith("Lição 7")  # the page in the new language
    at.run()
    assert made == ["en", "pt"]


def test_a_moment_table_is_drawn_once_and_the_same() -> None:
    from tutorial.i18n import get_translator
    from tutorial.lessons.course import load_course
    from tutorial.ui.table.moment import frame_table, taken_so_far
    from tutorial.ui.views import _moment_table, moment_table

    lesson = load_course().lesson("left-pedro-is-not-a-diamond")
    assert lesson is not None
    t = get_translator("es")
    _moment_table.cache_clear()
    for step in lesson.steps:
        if step.scenario is None:
            continue
        frames = step.scenario.replay.timeline
        profile = step.scenario.replay.profile
        for i, f in enumerate(frames):
            dim = set(f.legal or ())
            for taken in (None, taken_so_far(frames, i)):
                want = frame_table(t, f, profile, dim, taken)
                assert moment_table(t, f, profile, dim, taken) == want
                hits = _moment_table.cache_info().hits
                assert moment_table(t, f, profile, dim, taken) == want
                assert _moment_table.cache_info().hits == hits + 1
    assert moment_table(get_translator("fr"), f, profile) == frame_table(
        get_translator("fr"), f, profile
    )


def test_page_runs_are_timed_only_when_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``CINCH_RUN_TIMING`` (benchmarks): one JSON line a run, the page, language and the
    run thread's CPU time; nothing is written without it."""
    import json

    log = tmp_path / "runs.jsonl"
    run("lesson", lang="fr", lesson="left-pedro-is-not-a-diamond")
    assert not log.exists()
    monkeypatch.setenv("CINCH_RUN_TIMING", str(log))
    at = run("lesson", lang="fr", lesson="left-pedro-is-not-a-diamond")
    at.run()
    runs = [json.loads(line) for line in log.read_text().splitlines()]
    assert [(r["page"], r["lang"]) for r in runs] == [("home", "fr")] + [("lesson", "fr")] * 2
    assert all(0 < r["cpu_ms"] <= r["wall_ms"] + 1 for r in runs)
    monkeypatch.setenv("CINCH_RUN_TIMING", str(tmp_path / "missing" / "runs.jsonl"))
    at.run()  # a file that cannot be written: the page is not troubled
    assert not at.exception and at.title

"""AppTest, issue 24: the home page shows what is due for review now — the lesson mistakes,
the drill skills, the practice table's positions — each with its link, in four languages;
and, when nothing is due yet, when the next review is (an injected clock, nothing sleeps)."""

from __future__ import annotations

import time

import pytest

from tests.practice.test_retry import finished_game, review_of
from tests.ui.test_app import COURSE, app, no_errors, open_page
from tutorial import review_schedule as rs
from tutorial.drills import practice
from tutorial.i18n import LANGS, get_translator
from tutorial.practice import retry
from tutorial.progress import ProgressStore, new_learner_code

L7 = COURSE.lesson("left-pedro-is-not-a-diamond")
assert L7 is not None


def _links(at) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """Each page link's label → the page it opens."""
    return {p.proto.label: str(p.proto.page) for p in at.get("page_link")}


@pytest.mark.parametrize("lang", LANGS)
def test_home_lists_what_is_due_with_links(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    t = get_translator(lang)
    now = time.time()
    monkeypatch.setattr(rs, "clock", lambda: now)
    store, code = ProgressStore(), new_learner_code()
    assert L7 is not None
    for q in L7.questions[:2]:  # two questions missed in the lesson: due at once
        store.answer(code, L7.id, q.id, "x", False)
    for kind in ("refill", "trick-winner", "hand-points"):  # three drills, two missed
        practice.record(store, code, kind, 1, kind == "hand-points", at=now - 120)
    g = finished_game()
    retry.add(store, code, retry.from_review(g.profile, g.current, review_of(g)), at=now)
    home = open_page(app(lang=lang, learner=code), "home")
    no_errors(home)
    links = _links(home)
    mistakes = t.n(
        "Review my mistakes: {n} question waiting", "Review my mistakes: {n} questions waiting", 2
    )
    drills = t.n(
        "Drills: {n} skill to practise again", "Drills: {n} skills to practise again", 2
    )  # the one answered right is due in 10 minutes, not now
    positions = t.n(
        "Puzzles from my games: {n} position waiting",
        "Puzzles from my games: {n} positions waiting",
        2,
    )
    assert "mistakes" in links[mistakes], links
    assert "drills" in links[drills] and "retry" in links[positions], links
    # ten minutes later the drill answered right is due too; the others still are
    monkeypatch.setattr(rs, "clock", lambda: now + 601)
    home.run()
    drills3 = t.n("Drills: {n} skill to practise again", "Drills: {n} skills to practise again", 3)
    assert drills3 in _links(home)


def test_nothing_due_says_when_the_next_review_is(monkeypatch: pytest.MonkeyPatch) -> None:
    t = get_translator("fr")
    now = time.time()
    monkeypatch.setattr(rs, "clock", lambda: now)
    store, code = ProgressStore(), new_learner_code()
    practice.record(store, code, "refill", 2, True, at=now)  # due again in 10 minutes
    home = open_page(app(lang="fr", learner=code), "home")
    no_errors(home)
    said = t("Nothing to review now; the next review is due {when}.", when="dans 10 minutes")
    assert said in [c.value for c in home.caption]
    assert not any("Exercices :" in label for label in _links(home))

"""AppTest, issue 24: a step's note that waits for its question (``after_answer``) is a
line saying so until the question is answered right; then (the page runs again) the note,
and it stays for a returning learner."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lessons.test_loader import good_lesson, text, write_course
from tests.ui.test_app import _answer, app, no_errors, open_page
from tutorial.i18n import get_translator
from tutorial.lessons.course import load_course

WAIT = "A note on this moment appears here once you have answered question {n} below."


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_note_comes_once_the_question_is_answered_right(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    t = get_translator(lang)
    lesson = good_lesson()  # s1: a trick, hearts trump; q1 asks who wins it
    lesson["steps"][0]["narration"] = [{"at": "t1", "text": text("note"), "after_answer": "q1"}]
    root = write_course(tmp_path, {"01-fixture.yaml": lesson})
    monkeypatch.setenv("CINCH_LESSONS_DIR", str(root))
    (fixture,) = load_course(root).lessons
    q1 = fixture.questions[0]

    def note_shown(at) -> bool:  # type: ignore[no-untyped-def]
        return any(f"note ({lang})" in str(i.value) for i in at.info)

    def waiting(at) -> bool:  # type: ignore[no-untyped-def]
        return any(t(WAIT, n=1) in str(c.value) for c in at.caption)

    at = open_page(app(lang=lang, lesson="fixture", step="s1"), "lesson")
    for _ in range(6):  # to the trick's end (t1)
        if waiting(at) or note_shown(at):
            break
        at.button(key="nf:frame:fixture:s1").click()
        at.run()
        no_errors(at)
    assert waiting(at) and not note_shown(at)
    _answer(at, "fixture", q1, right=False)
    no_errors(at)
    assert waiting(at) and not note_shown(at)  # a wrong answer does not open it
    _answer(at, "fixture", q1, right=True)
    no_errors(at)
    assert note_shown(at) and not waiting(at)
    again = open_page(
        app(lang=lang, lesson="fixture", step="s1", learner=at.session_state["learner"]), "lesson"
    )
    no_errors(again)
    for _ in range(6):
        if note_shown(again):
            break
        again.button(key="nf:frame:fixture:s1").click()
        again.run()
    assert note_shown(again) and not waiting(again)


def test_a_score_waiting_for_its_question_shows_the_given_not_the_result(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Failed before: lesson 6's bidder-goes-out asked who wins, and the engine's account
    under the score already said "B and D win the game." Now, until the question is answered
    right, the score shows what is given (before, points taken), not what follows."""
    t = get_translator("fr")
    lesson = good_lesson()
    score = {  # q3's own: A–C bid 10, win 9
        "kind": "score",
        "before": {"AC": 0, "BD": 0},
        "bidder": "AC",
        "bid": 10,
        "points": {"AC": 9, "BD": 5},
    }
    lesson["steps"][2]["scenario"] = score
    lesson["steps"][2]["narration"] = [{"at": "score", "text": text("set"), "after_answer": "q3"}]
    root = write_course(tmp_path, {"01-fixture.yaml": lesson})
    monkeypatch.setenv("CINCH_LESSONS_DIR", str(root))
    (fixture,) = load_course(root).lessons
    q3 = next(q for q in fixture.questions if q.id == "q3")
    given = t("Score before the hand: A and C {ac}, B and D {bd}.", ac=0, bd=0)
    result = t("New score: A and C {ac}, B and D {bd}.", ac=-10, bd=5)
    failed = t("{team} bid {bid} and failed: they lose {bid}.", team="A et C", bid=10)

    def shown(at) -> str:  # type: ignore[no-untyped-def]
        return " ".join(str(m.value) for m in at.markdown)

    at = open_page(app(lang="fr", lesson="fixture", step="s3"), "lesson")
    no_errors(at)
    assert given in shown(at)
    assert result not in shown(at) and failed not in shown(at)
    assert any(t(WAIT, n=3) in str(c.value) for c in at.caption)
    _answer(at, "fixture", q3, right=True)
    no_errors(at)
    assert given in shown(at) and result in shown(at) and failed in shown(at)
    assert any("set (fr)" in str(i.value) for i in at.info)


def test_a_refill_waiting_for_its_question_does_not_say_who_received_what() -> None:
    """Failed before (reviewer C, lesson 4): the refill's note waited for cards-for-six-trumps,
    but the engine's lines under the table said "B discards … and receives —" (and what A
    and C received), the question's answer."""
    from tests.ui.test_app import COURSE

    t = get_translator("pt")
    lid, step = "discard-and-refill", "six-trumps-receive-nothing"
    lesson = COURSE.lesson(lid)
    assert lesson is not None
    (n,) = [n for s in lesson.steps if s.id == step for n in s.narration if n.at == "refill"]
    q = lesson.question(n.after_answer)
    assert q is not None and q.step == step
    receives = t(
        "{seat} discards {discards} and receives {received}.", seat="B", discards="x", received="y"
    )
    marker = receives.split("x")[1].split("y")[0].strip()  # pt: "e recebe"

    def said(at) -> str:  # type: ignore[no-untyped-def]
        return " ".join(str(m.value) for m in at.markdown)

    at = open_page(app(lang="pt", lesson=lid, step=step), "lesson")
    for _ in range(4):  # the deal, the bidding, the refill
        if any(t(WAIT, n=lesson.questions.index(q) + 1) in str(c.value) for c in at.caption):
            break
        at.button(key=f"nf:frame:{lid}:{step}").click()
        at.run()
        no_errors(at)
    assert any(t(WAIT, n=lesson.questions.index(q) + 1) in str(c.value) for c in at.caption), (
        "the refill's note waits"
    )
    assert marker not in said(at)
    _answer(at, lid, q, right=True)
    no_errors(at)
    assert marker in said(at), "answered: the engine's account of the refill"

"""AppTest, issue 11: stars on the home page, and "Review my mistakes" bringing back the
questions answered wrong, scheduled by FSRS (an injected clock moves time on), without
changing the lessons' stars."""

from __future__ import annotations

import pytest

from tests.ui.test_app import COURSE, _answer, app, no_errors, open_page
from tutorial import mistakes
from tutorial import review_schedule as rs
from tutorial.engine.cards import Card
from tutorial.i18n import LANGS, get_translator
from tutorial.lessons.judge import expected
from tutorial.lessons.model import YourMove
from tutorial.mastery import stars
from tutorial.progress import ProgressStore, lesson_prefix, move_item, new_learner_code

L7 = COURSE.lesson("left-pedro-is-not-a-diamond")
assert L7 is not None


def _texts(at) -> str:  # type: ignore[no-untyped-def]
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    parts += [x.value for x in (*at.info, *at.success, *at.warning)]
    parts += [p.proto.label for p in at.get("page_link")]
    parts += [str(p.proto.text) for p in at.get("progress")]
    return "\n".join(str(p) for p in parts)


@pytest.mark.parametrize("lang", LANGS)
def test_home_shows_stars_and_the_review_of_mistakes(lang: str) -> None:
    assert L7 is not None
    t = get_translator(lang)
    at = open_page(app(lang=lang, lesson=L7.id), "lesson")
    for q in L7.questions:
        _answer(at, L7.id, q, right=q.id != L7.questions[0].id)
    _answer(at, L7.id, L7.questions[0], right=True)  # the first one right at the second try
    code = at.session_state["learner"]
    # every "your move" counts like a question: not played yet, no star
    assert stars(L7, ProgressStore().items(code, lesson_prefix(L7.id))) == 0
    for step, mv in L7.moves:  # played right at the first try
        ProgressStore().record(
            code, move_item(L7.id, step.id, mv.at), {"tried": [], "shown": False}, done=True
        )
    assert stars(L7, ProgressStore().items(code, lesson_prefix(L7.id))) == 2
    home = open_page(app(lang=lang, learner=code), "home")
    no_errors(home)
    text = _texts(home)
    assert "★★☆ " + t.n("{n} of {total} stars", "{n} of {total} stars", 2, total=3) in text
    waiting = t.n(
        "Review my mistakes: {n} question waiting",
        "Review my mistakes: {n} questions waiting",
        1,
    )
    assert waiting in text


class Clock:
    """The scheduler's time, moved on by the test (nothing sleeps)."""

    def __init__(self, at: float) -> None:
        self.at = at

    def __call__(self) -> float:
        return self.at


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    import time

    c = Clock(time.time())
    monkeypatch.setattr(rs, "clock", c)
    return c


@pytest.mark.parametrize("lang", LANGS)
def test_a_missed_question_comes_back_and_leaves_once_learnt(lang: str, clock: Clock) -> None:
    assert L7 is not None
    t = get_translator(lang)
    q = next(x for x in L7.questions if x.type in ("cards", "single"))
    at = open_page(app(lang=lang, lesson=L7.id), "lesson")
    _answer(at, L7.id, q, right=False)
    _answer(at, L7.id, q, right=True)
    code = at.session_state["learner"]
    before = ProgressStore().items(code, lesson_prefix(L7.id))
    page = open_page(app(lang=lang, learner=code), "mistakes")
    no_errors(page)
    assert q.prompt.get(lang) in _texts(page)
    gaps = []
    for n in range(8):
        base = f"review:{L7.id}:{q.id}:{n}"
        want = expected(q)
        if q.type == "cards":
            page.pills(key=f"ans:{base}").set_value(list(want))
        elif q.type == "single":
            page.radio(key=f"ans:{base}").set_value(want)
        page.button(key=f"submit:{base}").click()
        page.run()
        no_errors(page)
        assert any(q.right.get(lang) in s.value for s in page.success)
        page.button(key=f"next:{base}").click()
        page.run()
        card = mistakes.queue(COURSE, ProgressStore().items(code), clock.at)
        if not card:
            break
        wait = card[0].box.card.wait(clock.at)
        gaps.append(wait)
        # not due yet: the page says when it comes back, in the learner's language
        said = t.n(
            "Nothing is due now. {n} mistake to review later: it comes back {when}.",
            "Nothing is due now. {n} mistakes to review later: the next one comes back {when}.",
            1,
            when=rs.in_words(lang, wait),
        )
        assert said in _texts(page), _texts(page)
        clock.at += wait + 1  # the learner comes back when it is due
        page.run()
        no_errors(page)
        assert q.prompt.get(lang) in _texts(page)
    assert t("Nothing to review: no question answered wrong is waiting.") in _texts(page)
    # right each time it fell due: 10 minutes, then days, growing, until three weeks
    assert round(gaps[0]) == 600 and gaps == sorted(gaps) and len(gaps) >= 3, gaps
    # the lesson's own answers (and so its stars) are untouched by the review
    assert ProgressStore().items(code, lesson_prefix(L7.id)) == before


def test_the_review_is_spaced_by_fsrs() -> None:
    store = ProgressStore()
    code = new_learner_code()
    t0 = 1_796_220_000.0
    assert L7 is not None
    for q in L7.questions[:2]:
        store.answer(code, L7.id, q.id, "x", False)
        store.answer(code, L7.id, q.id, "y", True)
    due = mistakes.queue(COURSE, store.items(code), t0)
    first, second = (d.question.id for d in due)
    assert (first, second) == (L7.questions[0].id, L7.questions[1].id)
    assert all(d.is_due(t0) for d in due)  # missed: due at once
    mistakes.record(store, code, L7.id, first, True, at=t0)  # due in 10 minutes
    due = mistakes.queue(COURSE, store.items(code), t0 + 30)
    assert [d.question.id for d in due] == [second, first]
    assert [d.is_due(t0 + 30) for d in due] == [True, False]
    mistakes.record(store, code, L7.id, second, False, at=t0 + 30)  # back in a minute
    due = mistakes.queue(COURSE, store.items(code), t0 + 91)
    assert due[0].question.id == second and due[0].is_due(t0 + 91)
    assert not due[1].is_due(t0 + 91) and due[1].is_due(t0 + 600)
    # a hint shown first: right, but rated Hard, so it comes back sooner than unaided
    helped = mistakes.record(store, code, L7.id, second, True, helped=True, at=t0 + 91)
    unaided = mistakes.record(store, code, L7.id, first, True, at=t0 + 600)
    assert helped.card.difficulty > unaided.card.difficulty


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_home_counts_questions_and_moves_waiting_apart(lang: str) -> None:
    """A missed "your move" is not a question: the home page said "2 questions waiting" for
    one question and one move."""
    assert L7 is not None
    t = get_translator(lang)
    at = open_page(app(lang=lang, lesson=L7.id), "lesson")
    code = at.session_state["learner"]
    step, mv = L7.moves[0]
    wrong = next(c for c in mv.legal if c != mv.card)
    ProgressStore().record(
        code, move_item(L7.id, step.id, mv.at), {"tried": [wrong], "shown": False}, done=True
    )
    home = open_page(app(lang=lang, learner=code), "home")
    no_errors(home)
    only_move = t.n(
        "Review my mistakes: {n} move waiting", "Review my mistakes: {n} moves waiting", 1
    )
    assert only_move in _texts(home)
    q = L7.questions[0]
    _answer(at, L7.id, q, right=False)
    _answer(at, L7.id, q, right=True)
    home = open_page(app(lang=lang, learner=code), "home")
    no_errors(home)
    both = t(
        "Review my mistakes: {questions} and {moves} waiting",
        questions=t.n("{n} question", "{n} questions", 1),
        moves=t.n("{n} move", "{n} moves", 1),
    )
    text = _texts(home)
    assert both in text, text
    assert t.n("{n} question", "{n} questions", 2) not in text


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_missed_card_is_judged_under_the_cards_as_in_the_lesson(
    lang: str, monkeypatch: pytest.MonkeyPatch, clock: Clock
) -> None:
    """The verdict of a card played again in the review is drawn under the cards on the
    table (the card buttons' note), where the learner clicked, as in the lesson: it was an
    alert above the table, off a phone's screen once the learner had scrolled to the cards."""
    from typing import Any

    import streamlit as st

    import tutorial.ui.lesson.reviewmove as reviewmove
    from tutorial.engine.cards import parse_index

    drawn: list[dict[str, Any]] = []

    def buttons(t: Any, **kw: Any) -> int | None:  # the browser's click, as test_your_move_page
        drawn.append(kw)
        code = st.session_state.pop("_click", None)
        return None if code is None else parse_index(code)

    monkeypatch.setattr(reviewmove, "card_buttons", buttons)
    assert L7 is not None
    t = get_translator(lang)
    step, mv = next((x, m) for x, m in L7.moves if isinstance(m, YourMove))
    wrong = next(c for c in mv.legal if c != mv.card)
    code = new_learner_code()
    ProgressStore().record(
        code, move_item(L7.id, step.id, mv.at), {"tried": [wrong], "shown": False}, done=True
    )
    page = open_page(app(lang=lang, learner=code), "mistakes")
    no_errors(page)
    captions = [c.value for c in page.caption]  # a move is not a question (it said so)
    assert t.n("{n} move to review.", "{n} moves to review.", 1) in captions, captions
    assert t.n("{n} question to review.", "{n} questions to review.", 1) not in captions
    assert drawn and drawn[-1].get("note") is None and not drawn[-1]["passive"]
    page.session_state["_click"] = wrong
    page.run()
    no_errors(page)
    note = str(drawn[-1].get("note"))
    assert note.startswith(t("Not yet.")) and Card.parse(wrong).pretty in note, note
    assert drawn[-1]["passive"]  # answered: the cards are pictures now
    alerts = " ".join(x.value for x in (*page.info, *page.success))
    assert t("Not yet.") not in alerts  # not above the table any more
    base = f"review:{L7.id}:{mistakes.move_id(step.id, mv.at)}:0"
    assert page.button(key=f"next:{base}").label == t("Next ▶")  # not "Next question ▶"
    page.button(key=f"next:{base}").click()
    clock.at += 61  # wrong: it comes back a minute later
    page.run()
    page.session_state["_click"] = mv.card
    page.run()
    no_errors(page)
    said = t("{seat} plays {card}.", seat=mv.seat, card=Card.parse(mv.card).pretty)
    assert str(drawn[-1].get("note")) == t("Right!") + " " + said
    # played right: the card is on the trick and out of the hand, as in the lesson (it
    # stayed in the hand and the trick still said "C to play": pages-tester, session 7)
    assert parse_index(mv.card) not in drawn[-1]["cards"]
    assert f'data-card="{mv.card}"' in str(drawn[-1]["table"])
    assert t("{seat} to play", seat=mv.seat) not in str(drawn[-1]["table"])


@pytest.mark.parametrize("hide_again", [False, True])
def test_a_right_answer_after_the_hint_is_rated_hard(hide_again: bool) -> None:
    """The hint shown (even hidden again before checking) makes a right answer Hard: back
    in 5½ minutes (FSRS's Hard on a first learning step), not 10 as unaided."""
    lesson = COURSE.lesson("trumps-and-points")  # a single-choice question with a hint
    assert lesson is not None
    q = next(x for x in lesson.questions if x.type == "single" and x.hint is not None)
    store, code = ProgressStore(), new_learner_code()
    store.answer(code, lesson.id, q.id, "x", False)
    page = open_page(app(lang="fr", learner=code), "mistakes")
    no_errors(page)
    base = f"review:{lesson.id}:{q.id}:0"
    page.toggle(key=f"rvhint:{base}").set_value(True).run()
    assert q.hint.get("fr") in _texts(page)
    if hide_again:
        page.toggle(key=f"rvhint:{base}").set_value(False).run()
    page.radio(key=f"ans:{base}").set_value(expected(q))
    page.button(key=f"submit:{base}").click().run()
    no_errors(page)
    saved = mistakes.queue(COURSE, store.items(code), 0)[0].box.card
    assert saved.last is not None and round(saved.due - saved.last) == 330


def test_a_plain_move_is_asked_again_without_trump_marks(
    monkeypatch: pytest.MonkeyPatch, clock: Clock
) -> None:
    """Failed before: a plain move (its point is telling a trump) missed in a lesson came
    back in Review my mistakes with the band, the Pedro badge and "Left Pedro" on its table:
    the answer. It is asked plain, as in the lesson; the marks are back once played right."""
    from typing import Any

    import streamlit as st

    import tutorial.ui.lesson.reviewmove as reviewmove
    from tutorial.engine.cards import parse_index
    from tutorial.ui.table.svg import _PEDRO_BADGE, _TRUMP_BAND

    drawn: list[dict[str, Any]] = []

    def buttons(t: Any, **kw: Any) -> int | None:
        drawn.append(kw)
        code = st.session_state.pop("_click", None)
        return None if code is None else parse_index(code)

    monkeypatch.setattr(reviewmove, "card_buttons", buttons)
    assert L7 is not None
    t = get_translator("fr")
    # C's 9♦ over the Left Pedro 5♥: once played, a trump lies on the table
    step, mv = next(
        (x, m) for x, m in L7.moves if isinstance(m, YourMove) and x.id == "the-clubs-trick"
    )
    assert mv.plain
    wrong = next(c for c in mv.legal if c != mv.card)
    code = new_learner_code()
    ProgressStore().record(
        code, move_item(L7.id, step.id, mv.at), {"tried": [wrong], "shown": False}, done=True
    )
    page = open_page(app(lang="fr", learner=code), "mistakes")
    no_errors(page)
    table = str(drawn[-1]["table"])
    assert drawn[-1]["trump"] is None
    assert _TRUMP_BAND not in table and _PEDRO_BADGE not in table
    assert t("Left Pedro") not in table
    page.session_state["_click"] = mv.card
    page.run()
    no_errors(page)
    assert drawn[-1]["trump"] is not None and _TRUMP_BAND in str(drawn[-1]["table"])

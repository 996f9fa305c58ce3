"""AppTest, issue 11: each question is asked right after its step (concept → example →
question), the last step reviews them all with the lesson's stars, a wrong choice gets the
feedback for *that* choice, and switching language keeps the place — in the four languages."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.ui.test_app import COURSE, _answer, app, no_errors, open_page
from tutorial.i18n import LANGS, get_translator
from tutorial.lessons.cardwhy import question_feedback
from tutorial.progress import ProgressStore, move_item

L1 = COURSE.lesson("two-pedros")
L7 = COURSE.lesson("left-pedro-is-not-a-diamond")
assert L1 is not None and L7 is not None


def shown_questions(at: AppTest) -> set[str]:
    return {b.key.split(":")[-1] for b in at.button if b.key and b.key.startswith("submit:")}


@pytest.mark.parametrize("lang", LANGS)
def test_each_question_shows_at_its_step_and_only_there(lang: str) -> None:
    assert L1 is not None
    at = open_page(app(lang=lang, lesson=L1.id), "lesson")
    no_errors(at)
    for step in L1.steps:
        at.selectbox(key=f"step:{L1.id}").set_value(step.id)
        at.run()
        no_errors(at)
        assert shown_questions(at) == {q.id for q in L1.questions_of(step.id)}, step.id
    assert not L1.questions_of(L1.steps[0].id)  # nothing is asked before anything is taught


@pytest.mark.parametrize("lang", LANGS)
def test_the_last_step_reviews_every_question_with_stars(lang: str) -> None:
    assert L7 is not None
    t = get_translator(lang)
    at = open_page(app(lang=lang, lesson=L7.id), "lesson")
    first, second = L7.questions[0], L7.questions[1]
    _answer(at, L7.id, first, right=True)
    _answer(at, L7.id, second, right=False)
    _answer(at, L7.id, second, right=True)
    last = L7.steps[-1]
    at.selectbox(key=f"step:{L7.id}").set_value(last.id)
    at.run()
    no_errors(at)
    review = [b for b in at.button if b.key and b.key.startswith(f"rv:{L7.id}:")]
    assert [b.key.split(":")[-1] for b in review] == [q.id for q in L7.questions]
    text = " ".join(m.value for m in at.markdown)
    assert t("Right on the first try.") in text
    assert t.n("Right after {n} try.", "Right after {n} tries.", 2) in text
    assert "☆☆☆" in text  # not every question is right yet: no star
    # the review's button goes back to the question's step
    at.button(key=f"rv:{L7.id}:{first.id}").click()
    at.run()
    assert at.session_state[f"step:{L7.id}"] == first.step
    assert first.id in shown_questions(at)


def test_stars_follow_the_rule() -> None:
    assert L7 is not None
    at = open_page(app(lang="en", lesson=L7.id), "lesson")
    for q in L7.questions:
        _answer(at, L7.id, q, right=True)
    at.selectbox(key=f"step:{L7.id}").set_value(L7.steps[-1].id)
    at.run()
    text = " ".join(m.value for m in at.markdown)
    assert "☆☆☆ 0 of 3 stars" in text  # the lesson's "your move" is not played yet
    assert "Not played yet." in text
    code = at.session_state["learner"]
    for step, mv in L7.moves:  # played right at the first try
        ProgressStore().record(
            code, move_item(L7.id, step.id, mv.at), {"tried": [], "shown": False}, done=True
        )
    at = open_page(app(lang="en", lesson=L7.id, learner=code), "lesson")
    at.selectbox(key=f"step:{L7.id}").set_value(L7.steps[-1].id)
    at.run()
    text = " ".join(m.value for m in at.markdown)
    assert "★★★ 3 of 3 stars" in text
    assert "Right on the first try." in text
    again = open_page(app(lang="en", lesson=L7.id), "lesson")
    for q in L7.questions:
        _answer(again, L7.id, q, right=False)
        _answer(again, L7.id, q, right=q.id != L7.questions[-1].id)
    _answer(again, L7.id, L7.questions[-1], right=False)
    _answer(again, L7.id, L7.questions[-1], right=True)  # right at the third try
    for step, mv in L7.moves:  # right at the second try: still one star (the questions)
        ProgressStore().record(
            again.session_state["learner"],
            move_item(L7.id, step.id, mv.at),
            {"tried": [mv.legal[0] if mv.legal[0] != mv.card else mv.legal[1]], "shown": False},
            done=True,
        )
    again.selectbox(key=f"step:{L7.id}").set_value(L7.steps[-1].id)
    again.run()
    assert "★☆☆ 1 of 3 stars" in " ".join(m.value for m in again.markdown)


LED = L7.question("left-pedro-led")  # clubs trump, A leads 5♠ (the Left Pedro): J♣ 3♣ only
assert LED is not None
WHY = {  # the engine's rule for a wrong card picked, K♠: "Trump was led and B holds a trump …"
    lang: question_feedback(get_translator(lang), lang, LED, ["KS"])[-1] for lang in LANGS
}
assert all("K♠" in why for why in WHY.values())


@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_card_gets_the_engine_s_reason_for_that_card(lang: str) -> None:
    q = LED
    assert q is not None
    at = open_page(app(lang=lang, lesson=L7.id, step=q.step), "lesson")
    at.pills(key=f"ans:{L7.id}:{q.id}").set_value(["KS"])
    at.button(key=f"submit:{L7.id}:{q.id}").click()
    at.run()
    no_errors(at)
    said = " ".join(i.value for i in at.info)
    assert WHY[lang] in said
    assert q.wrong.get(lang) not in said  # the reason for that card, not the generic text
    at.pills(key=f"ans:{L7.id}:{q.id}").set_value(["QH"])
    at.button(key=f"submit:{L7.id}:{q.id}").click()
    at.run()
    said = " ".join(i.value for i in at.info)
    assert WHY[lang] not in said and "Q♥" in said  # another card, another reason


@pytest.mark.parametrize(("start", "to"), [("en", "fr"), ("es", "pt"), ("pt", "en"), ("fr", "es")])
def test_switching_language_keeps_the_step_its_questions_and_the_feedback(
    start: str, to: str
) -> None:
    q = LED
    assert q is not None
    at = open_page(app(lang=start, lesson=L7.id, step=q.step), "lesson")
    at.pills(key=f"ans:{L7.id}:{q.id}").set_value(["KS"])
    at.button(key=f"submit:{L7.id}:{q.id}").click()
    at.run()
    at.selectbox(key="lang_picker").set_value(to)
    at.run()
    no_errors(at)
    assert at.session_state[f"step:{L7.id}"] == q.step
    assert q.id in shown_questions(at)
    assert WHY[to] in " ".join(i.value for i in at.info)  # the feedback, now in `to`


def test_a_checked_answer_s_feedback_is_brought_into_view_only_when_checked() -> None:
    """Found walking lesson 2 in Chromium (es, 320×640): with "Check my answer" at the
    screen's bottom edge, the feedback came under it, below the screen. The run that
    answers the click draws a script that scrolls the feedback's block into view; other runs
    (another widget, the hint) do not, so the page does not jump later."""
    lesson = COURSE.lesson("trumps-and-points")
    assert lesson is not None
    q = next(x for x in lesson.questions if x.id == "right-beats-left")
    at = open_page(app(lang="es", lesson=lesson.id), "lesson")
    _answer(at, lesson.id, q, right=False)
    no_errors(at)
    target = f"st-key-qf-{lesson.id}-{q.id}"
    scripts = [str(h.proto) for h in at.get("html") if "scrollIntoView" in str(h.proto)]
    assert [x for x in scripts if target in x], scripts
    assert any("Todavía no." in i.value for i in at.info)
    at.toggle(key=f"hint:{lesson.id}:{q.id}").set_value(True)
    at.run()
    assert not [h for h in at.get("html") if "scrollIntoView" in str(h.proto)]


@pytest.mark.parametrize("lang", ["fr", "pt"])
def test_a_card_question_s_options_do_not_say_which_cards_are_trumps(lang: str) -> None:
    """Failed before: a cards question's pills were labelled with the card's roles ("5♦ —
    five of diamonds — Left Pedro, trump, 5 points"), so "which cards may B play?" or "which
    card wins?" carried its answer in its options (seen by three lesson reviewers). The
    options are the cards (rank, suit and name); what each is worth is the learner's to say."""
    from tutorial.engine.cards import parse_index
    from tutorial.explain import POINT_NAMES, card_name

    t = get_translator(lang)
    roles = [t("trump"), t(POINT_NAMES["left_pedro"]), t(POINT_NAMES["right_pedro"])]
    asked = 0
    for lesson in COURSE.lessons:
        for q in lesson.questions:
            if q.type != "cards":
                continue
            at = open_page(app(lang=lang, lesson=lesson.id, step=q.step), "lesson")
            no_errors(at)
            shown = [str(o) for o in at.pills(key=f"ans:{lesson.id}:{q.id}").options]
            assert len(shown) == len(q.shown_cards), (q.id, shown)
            for code, label in zip(q.shown_cards, shown, strict=True):
                assert card_name(t, parse_index(code)) in label, (q.id, label)
                assert not any(r in label for r in roles), (lesson.id, q.id, label)
            asked += 1
    assert asked >= 5

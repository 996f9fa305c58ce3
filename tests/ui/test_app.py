"""AppTest: every page in every language, a full lesson, language switching, progress."""

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tutorial.i18n import LANGS
from tutorial.lessons.course import load_course
from tutorial.lessons.judge import expected
from tutorial.progress import ProgressStore, question_item
from tutorial.ui.slots import MoveState

ROOT = Path(__file__).resolve().parents[2]
PAGES = ["home", "lesson", "rules", "glossary", "mistakes"]
COURSE = load_course()


def app(**params: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)
    for k, v in params.items():
        at.query_params[k] = v
    return at


def open_page(at: AppTest, page: str) -> AppTest:
    at.run()
    at.switch_page(f"tutorial/ui/pages/{page}.py")
    at.run()
    return at


def no_errors(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page", PAGES)
def test_every_page_renders_in_every_language(page: str, lang: str) -> None:
    at = open_page(app(lang=lang), page)
    no_errors(at)
    assert at.title, "every page has a title"
    assert at.query_params["lang"] == [lang] or at.query_params["lang"] == lang


@pytest.mark.parametrize("lesson", [x.id for x in COURSE.lessons])
def test_every_lesson_page_renders(lesson: str) -> None:
    at = open_page(app(lang="fr", lesson=lesson), "lesson")
    no_errors(at)
    assert str(COURSE.lesson(lesson).number) in at.title[0].value  # type: ignore[union-attr]


def _answer(at: AppTest, lesson_id: str, q, right: bool) -> None:  # type: ignore[no-untyped-def]
    base = f"{lesson_id}:{q.id}"
    if at.session_state[f"step:{lesson_id}"] != q.step:  # a question is asked at its step
        at.selectbox(key=f"step:{lesson_id}").set_value(q.step)
        at.run()
    want = expected(q)
    if q.type == "single":
        options = [o.id for o in q.options]
        value = want if right else next(o for o in options if o != want)
        at.radio(key=f"ans:{base}").set_value(value)
    elif q.type == "multiple":
        for o in q.options:
            on = o.id in want
            at.checkbox(key=f"ans:{base}:{o.id}").set_value(on if right else not on)
    elif q.type == "cards":
        extra = [c for c in q.shown_cards if c not in want]
        value = list(want) if right else (extra[:1] or list(want)[:-1])
        assert value, "a wrong answer exists for every cards question"
        at.pills(key=f"ans:{base}").set_value(value)
    else:
        at.number_input(key=f"ans:{base}").set_value(want if right else want + 1)
    at.button(key=f"submit:{base}").click()  # each question has its own check button
    at.run()


def test_full_pass_through_lesson_07_right_and_wrong() -> None:
    lesson = COURSE.lesson("left-pedro-is-not-a-diamond")
    assert lesson is not None
    at = open_page(app(lang="es", lesson=lesson.id), "lesson")
    no_errors(at)
    for i, step in enumerate(lesson.steps):
        at.selectbox(key=f"step:{lesson.id}").set_value(step.id)
        at.run()
        no_errors(at)
        if step.scenario is not None and len(step.scenario.replay.frames) > 1:
            # step through every moment of the scenario (its "your move" cards count as
            # played: clicking them is tested in test_your_move_page and the browser test)
            for n in step.narration:
                if n.your_move is not None:
                    done = MoveState(done=True)
                    at.session_state[f"move:{lesson.id}:{step.id}:{n.at}"] = done
            frames = step.scenario.replay.frames
            for _ in range(len(frames) - 1):
                at.button(key=f"nf:frame:{lesson.id}:{step.id}").click()
                at.run()
                no_errors(at)
            assert at.button(key=f"nf:frame:{lesson.id}:{step.id}").disabled
            assert at.session_state[f"frame:{lesson.id}:{step.id}"] == len(frames) - 1
        assert i == [s.id for s in lesson.steps].index(at.session_state[f"step:{lesson.id}"])
    store = ProgressStore()
    learner = at.session_state["learner"]
    for q in lesson.questions:
        _answer(at, lesson.id, q, right=False)
        assert at.session_state[f"res:{lesson.id}:{q.id}"].ok is False, q.id
        assert any("Todavía no" in i.value or "Not yet" in i.value for i in at.info), q.id
        _answer(at, lesson.id, q, right=True)
        assert at.session_state[f"res:{lesson.id}:{q.id}"].ok is True, q.id
        assert store.items(learner)[question_item(lesson.id, q.id)].done
    no_errors(at)
    assert any("Bien hecho" in m.value for m in at.success)  # every question answered right
    links = [p.proto.label for p in at.get("page_link")]
    assert any("lección 8" in x for x in links)  # and on to the next lesson


def test_language_switch_mid_lesson_keeps_step_scenario_and_answers() -> None:
    lesson = COURSE.lesson("left-pedro-is-not-a-diamond")
    assert lesson is not None
    at = open_page(app(lang="en", lesson=lesson.id), "lesson")
    step = next(s for s in lesson.steps if s.scenario and len(s.scenario.replay.frames) > 1)
    at.selectbox(key=f"step:{lesson.id}").set_value(step.id)
    at.run()
    at.button(key=f"nf:frame:{lesson.id}:{step.id}").click()
    at.run()
    q = next(q for q in lesson.questions if q.step == step.id)  # asked at this step
    _answer(at, lesson.id, q, right=True)
    before = at.title[0].value
    at.selectbox(key="lang_picker").set_value("pt")
    at.run()
    no_errors(at)
    assert at.session_state["lang"] == "pt"
    assert at.query_params["lang"] in (["pt"], "pt")
    assert at.title[0].value != before  # the page is now in Portuguese
    assert lesson.title.pt in at.title[0].value
    assert at.session_state[f"step:{lesson.id}"] == step.id
    assert at.session_state[f"frame:{lesson.id}:{step.id}"] == 1
    assert at.session_state[f"res:{lesson.id}:{q.id}"].ok is True
    assert any(q.right.pt in s.value for s in at.success)


def test_progress_survives_a_new_session_with_the_same_learner_code() -> None:
    lesson = COURSE.lesson("trumps-and-points")
    at = open_page(app(lang="en", lesson=lesson.id), "lesson")
    code = at.session_state["learner"]
    q = lesson.questions[0]
    _answer(at, lesson.id, q, right=True)
    at.selectbox(key=f"step:{lesson.id}").set_value(lesson.steps[2].id)
    at.run()
    fresh = open_page(app(lang="en", learner=code), "home")
    no_errors(fresh)
    assert fresh.session_state["learner"] == code
    texts = " ".join(p.proto.text for p in fresh.get("progress"))
    assert "1 of" in texts  # the answered question shows on Home
    again = open_page(app(lang="en", learner=code, lesson=lesson.id), "lesson")
    assert again.session_state[f"step:{lesson.id}"] == lesson.steps[2].id


@pytest.mark.parametrize(
    "params,note",
    [
        ({"lang": "../../etc/passwd"}, "not one of the four"),
        ({"lang": "<script>"}, "not one of the four"),
        ({"learner": "'; DROP TABLE progress; --"}, "not valid"),
    ],
)
def test_bad_url_values_fall_back_with_a_visible_note(params: dict[str, str], note: str) -> None:
    at = open_page(app(**params), "home")
    no_errors(at)
    assert any(note in i.value for i in at.info)
    assert at.session_state["lang"] in LANGS


def test_unknown_lesson_and_step_fall_back_safely() -> None:
    at = open_page(app(lang="en", lesson="../../secrets", step="nope"), "lesson")
    no_errors(at)
    assert any("no such lesson" in i.value for i in at.info)
    first = COURSE.first
    assert first is not None
    assert at.session_state[f"step:{first.id}"] == first.steps[0].id
    at = open_page(app(lang="en", lesson=COURSE.lesson("two-pedros").id, step="../x"), "lesson")
    assert any("does not exist" in i.value for i in at.info)


def test_reset_forgets_one_lesson_only() -> None:
    a, b = COURSE.lesson("two-pedros"), COURSE.lesson("trumps-and-points")
    at = open_page(app(lang="en", lesson=a.id), "lesson")
    _answer(at, a.id, a.questions[0], right=True)
    code = at.session_state["learner"]
    at2 = open_page(app(lang="en", lesson=b.id, learner=code), "lesson")
    _answer(at2, b.id, b.questions[0], right=True)
    at.button(key=f"reset:{a.id}").click()
    at.run()
    items = ProgressStore().items(code)
    assert question_item(a.id, a.questions[0].id) not in items
    assert items[question_item(b.id, b.questions[0].id)].done


def test_lessons_page_without_a_lesson_resumes_the_last_one() -> None:
    lesson = COURSE.lesson("deal-and-bidding")
    at = open_page(app(lang="en", lesson=lesson.id), "lesson")
    at.selectbox(key=f"step:{lesson.id}").set_value(lesson.steps[2].id)
    at.run()
    code = at.session_state["learner"]
    again = open_page(app(lang="en", learner=code), "lesson")
    no_errors(again)
    assert f"Lesson {lesson.number}" in again.title[0].value


def test_home_progress_counts_read_right_with_one_step_seen() -> None:
    """Home said "1 of 7 step" (the plural form was chosen by the count done, not by the
    number of steps); it now reads "Steps: 1 of 7" in every language."""
    lesson = COURSE.lesson("two-pedros")
    at = open_page(app(lang="en", lesson=lesson.id), "lesson")
    code = at.session_state["learner"]
    texts = {}
    for lang in LANGS:
        home = open_page(app(lang=lang, learner=code), "home")
        no_errors(home)
        texts[lang] = [p.proto.text for p in home.get("progress")]
    n, m = len(lesson.steps), len(lesson.questions)
    assert f"Steps: 1 of {n} · Questions: 0 of {m}" in texts["en"], texts["en"]
    assert f"Étapes\u202f: 1 sur {n} · Questions\u202f: 0 sur {m}" in texts["fr"], texts["fr"]
    assert f"Pasos: 1 de {n} · Preguntas: 0 de {m}" in texts["es"], texts["es"]
    assert f"Passos: 1 de {n} · Perguntas: 0 de {m}" in texts["pt"], texts["pt"]

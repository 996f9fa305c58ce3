"""AppTest: the optional first-steps primer (lesson 0) and lesson 9 (playing well) open at
every step in every language, and the home page and sidebar mark the primer as optional."""

from __future__ import annotations

import pytest

from tests.ui.test_app import COURSE, app, no_errors, open_page
from tutorial.i18n import LANGS, get_translator

NEW = ("first-steps", "playing-well")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("lesson_id", NEW)
def test_every_step_opens_in_every_language(lesson_id: str, lang: str) -> None:
    lesson = COURSE.lesson(lesson_id)
    assert lesson is not None
    at = open_page(app(lang=lang, lesson=lesson_id), "lesson")
    no_errors(at)
    assert f"{lesson.number}" in at.title[0].value
    for step in lesson.steps:
        at.selectbox(key=f"step:{lesson_id}").set_value(step.id)
        at.run()
        no_errors(at)
        shown = "\n".join(str(m.value) for m in at.markdown)
        heads = [str(h.value) for h in at.subheader]
        assert any(step.title.get(lang) in h for h in heads), (step.id, lang, heads)
        # the step's own text is on the page, in the learner's language
        first_line = step.text.get(lang).splitlines()[0]
        assert first_line in shown, (step.id, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_home_offers_the_primer_as_optional_and_starts_at_lesson_1(lang: str) -> None:
    tr = get_translator(lang)
    primer = COURSE.lesson("first-steps")
    first = COURSE.first
    assert primer is not None and primer.optional and first is not None and first.number == 1
    at = open_page(app(lang=lang), "home")
    no_errors(at)
    links = [str(p.proto.label) for p in at.get("page_link")]
    start = tr("Start with lesson {n}", n=1)
    new = tr(
        "New to trick-taking games? Start here: lesson {n}, {title} (optional)",
        n=0,
        title=primer.title.get(lang),
    )
    assert start in links and new in links, links
    optional = tr("optional")
    assert any(label.startswith("0. ") and optional in label for label in links), links
    assert any(
        label.startswith("9. ") and COURSE.lesson("playing-well").title.get(lang) in label  # type: ignore[union-attr]
        for label in links
    ), links


def test_the_lesson_page_title_marks_the_primer_optional() -> None:
    at = open_page(app(lang="es", lesson="first-steps"), "lesson")
    no_errors(at)
    assert at.title[0].value.endswith("· opcional"), at.title[0].value

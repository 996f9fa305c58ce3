"""AppTest: the rules reference and the glossary link to the practice table; the home page
offers it once every step of lesson 7 has been seen, not before."""

from __future__ import annotations

import pytest

from tests.ui.test_app import COURSE, app, no_errors, open_page
from tutorial.progress import ProgressStore, step_item

CODE = "abcd-2345-efgh-6789"


def _links_to_play(at) -> list[str]:  # type: ignore[no-untyped-def]
    return [p.proto.label for p in at.get("page_link") if "play" in str(p.proto.page)]


@pytest.mark.parametrize("page", ["rules", "glossary"])
def test_the_rules_reference_and_the_glossary_link_to_the_practice_table(page: str) -> None:
    at = open_page(app(lang="es"), page)
    no_errors(at)
    assert _links_to_play(at)


def test_the_home_page_offers_the_practice_table_after_lesson_7() -> None:
    (l7,) = [x for x in COURSE.lessons if x.number == 7]
    store = ProgressStore()
    for step in l7.steps[:-1]:
        store.record(CODE, step_item(l7.id, step.id), done=True)
    at = open_page(app(lang="pt", learner=CODE), "home")
    no_errors(at)
    assert not _links_to_play(at)  # one step of lesson 7 not seen yet
    store.record(CODE, step_item(l7.id, l7.steps[-1].id), done=True)
    at = open_page(app(lang="pt", learner=CODE), "home")
    no_errors(at)
    assert _links_to_play(at)

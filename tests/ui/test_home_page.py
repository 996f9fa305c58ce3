"""AppTest, the home page's words as a learner reads them (session 7, pages-tester)."""

from __future__ import annotations

import pytest

from tests.ui.test_app import COURSE, app, no_errors, open_page

# "0 stars of 3" / "0 estrelas de 3" read as translated word by word: a score out of three
# is said "0 of 3 stars" (es, pt: "0 de 3 …"; fr: "0 étoile sur 3", singular up to 1)
STARS = {
    "en": "☆☆☆ 0 of 3 stars",
    "es": "☆☆☆ 0 de 3 estrellas",
    "pt": "☆☆☆ 0 de 3 estrelas",
    "fr": "☆☆☆ 0 étoile sur 3",
}


@pytest.mark.parametrize("lang", sorted(STARS))
def test_each_lesson_s_stars_read_as_a_score_out_of_three(lang: str) -> None:
    home = open_page(app(lang=lang), "home")
    no_errors(home)
    lines = [m.value for m in home.markdown if "☆" in m.value or "★" in m.value]
    assert lines == [STARS[lang]] * len(COURSE.lessons), lines

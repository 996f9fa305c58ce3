"""A wrong decision's feedback starts with the option tried, as a heading ("**Keep 5♥:** …"):
it was composed in code, so French read "**Garder 5♥:**", the colon glued to the card, where
the French catalog gets a narrow no-break space before ``: ; ? !`` (found by the lessons
tester, session 7)."""

from __future__ import annotations

import pytest

from tests.ui.test_your_decision_page import at_decision, choose, decision, infos
from tutorial.i18n import get_translator

LID, STEP = "discard-and-refill", "dealer-takes-the-rest"


@pytest.mark.parametrize(
    ("lang", "heading"),
    [
        ("fr", "**Garder 5♥\u202f:**"),
        ("en", "**Keep 5♥:**"),
        ("es", "**Quedarse con 5♥:**"),
        ("pt", "**Ficar com 5♥:**"),
    ],
)
def test_a_wrong_decision_s_heading_is_spaced_as_its_language_wants(
    lang: str, heading: str
) -> None:
    t = get_translator(lang)
    assert t("Keep {cards}", cards="5♥") in heading  # the button's words, as the learner saw
    d = decision(LID, STEP)
    at = at_decision(lang, LID, STEP, 2)  # deal, bidding → the refill waits for D
    choose(at, LID, STEP, d, "5H")
    said = infos(at)
    assert heading in said, said

"""The legend under the card table names every mark the table draws: the ◆ after a seat's
letter (the seat that leads the trick — at the first trick the high bidder) was drawn but
missing from the legend (issue 23, item 6)."""

from __future__ import annotations

import re

import pytest

from tests.ui.tablecases import game_until, practice_table
from tutorial.i18n import LANGS


@pytest.mark.parametrize("lang", LANGS)
def test_the_lead_mark_is_in_the_legend(lang: str) -> None:
    html = practice_table(lang, game_until(7, "first-card"))
    assert 'class="cc-seat cc-' in html and " cc-lead" in html  # the mark is drawn
    legend = re.search(r'<ul class="cc-legend">(.*?)</ul>', html)
    assert legend is not None
    items = re.findall(r"<li>(.*?)</li>", legend.group(1))
    assert any("◆" in item or "\\25c6" in item for item in items), items

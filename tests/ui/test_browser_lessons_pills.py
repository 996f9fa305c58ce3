"""A card question's picks (pills) show their whole label on a phone: Streamlit draws a pill's
label on one line and cuts it with an ellipsis, so at 320 px lesson 2's "5♦ — cinco de
diamantes — Pedro izquierdo, triunfo, 5 puntos" read "5♦ — cinco de diamantes — Pedro iz…"
(found walking lesson 2 in Chromium, es 320×640): the very words the question is about.
Since then a pick names the card only (its roles are what the question asks: test_question_
steps_page.py), so the longest label is a card's name in full."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.test_browser import ARGS, CHROMIUM, pw, wait_idle
from tests.ui.test_browser_your_move import shots


@pytest.fixture
def server(app_server: tuple[str, Path]) -> str:
    return app_server[0]


PILLS = '.st-key-ans-trumps-and-points-follow-a-trump-lead button[data-variant="pills"]'
CUT = """(sel) => [...document.querySelectorAll(sel)]
  .flatMap(b => [b, ...b.querySelectorAll('*')])
  .filter(e => e.scrollWidth > e.clientWidth + 1
               || e.getBoundingClientRect().right > window.innerWidth)
  .map(e => e.innerText)"""


@pytest.mark.parametrize(
    ("lang", "five"), [("es", "5♦ — cinco de diamantes"), ("fr", "5♦ — cinq de carreau")]
)
def test_card_picks_are_not_cut_on_a_phone(
    server: str, tmp_path: Path, lang: str, five: str
) -> None:
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 320, "height": 640})
        page.goto(f"{server}/lesson?lang={lang}&lesson=trumps-and-points&step=left-pedro-is-trump")
        wait_idle(page)
        pills = page.locator(PILLS)
        pills.first.wait_for(timeout=60_000)
        pills.first.scroll_into_view_if_needed()
        page.screenshot(path=str(shots(tmp_path) / f"pills-{lang}-320.png"))
        texts = pills.all_inner_texts()
        cut = page.evaluate(CUT, PILLS)
        browser.close()
    assert len(texts) == 6 and five in texts, texts
    assert not cut, cut

"""A card pick after a check sticks (Chromium, 320×640).

Found walking lesson 7 (es and fr, 320×640): after a wrong check (Q♦), the pick of 9♣ was
lost (the question is now left-pedro-led, clubs trump and 5♠ led: Q♥ is a wrong pick, J♣
a pill before it). Streamlit's pills are a react-aria toolbar, which gives the focus back to
the pill focused last (Q♦) when the focus comes back from outside (the check button), also
on a mouse press: Q♦, below the screen under the feedback, was scrolled into view during
the press, the release landed on the feedback and no pick was sent.
``tutorial.ui.reveal.PILLS_PRESS`` keeps the press where it was. Screenshots go to
``$CINCH_SHOTS`` (default: the test's temporary folder)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.test_browser import ARGS, CHROMIUM, pw, server, wait_idle
from tests.ui.test_browser_your_move import shots

__all__ = ["server"]

LID, Q = "left-pedro-is-not-a-diamond", "left-pedro-led"
ANS = f".st-key-ans-{LID}-{Q}"


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_a_pick_after_a_wrong_check_sticks_on_a_phone(
    server: str, tmp_path: Path, lang: str
) -> None:
    out = shots(tmp_path)
    pills = f'{ANS} button[data-variant="pills"]'
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 320, "height": 640})
        page.goto(f"{server}/lesson?lang={lang}&lesson={LID}&step=the-clubs-trick")
        wait_idle(page)
        page.locator(pills).filter(has_text="Q♥").first.click()  # wrong: not a trump
        page.locator(f'{ANS} button[aria-pressed="true"]').first.wait_for(timeout=60_000)
        wait_idle(page)
        page.locator(f".st-key-submit-{LID}-{Q}").get_by_role("button").click()
        verdict = page.locator(f'.st-key-qf-{LID}-{Q} [data-testid="stAlertContentInfo"]')
        verdict.first.wait_for(timeout=60_000)
        wait_idle(page)
        # as soon as the page is quiet (a script's speed): J♣, a pill before Q♥, is above it,
        # which is now under the screen's bottom edge
        first = page.locator(pills).filter(has_text="J♣").first
        first.click()
        picked = page.locator(f'{ANS} button[aria-pressed="true"]').filter(has_text="J♣")
        stuck = True
        try:
            picked.first.wait_for(timeout=30_000)
        except pw.TimeoutError:
            stuck = False
        wait_idle(page)
        page.screenshot(path=str(out / f"pick-after-check-{lang}-320.png"))
        browser.close()
    assert stuck, "the pick of J♣ after the check was lost"

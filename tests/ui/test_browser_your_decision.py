"""Issue 11 in a real browser (chromium): a call and the naming of trump as "your move" — a
wrong choice, then the right one — with the feedback in view without scrolling; then the
lesson's stars on the home page and the missed move in "Review my mistakes". At 1280×900 and
320×640. Screenshots go to ``$CINCH_SHOTS`` (default: the test's temporary folder)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.test_browser import ARGS, CHROMIUM, expect, pw, server, wait_idle
from tests.ui.test_browser_your_move import SIZES, in_view, shots, wait_text

__all__ = ["server"]

L9 = "playing-well"
TEXT = {
    "fr": {"forward": "Avancer ▶", "not_yet": "Pas encore.", "right": "Bonne réponse\u202f!"},
    "en": {"forward": "Forward ▶", "not_yet": "Not yet.", "right": "Right!"},
}


def option(page, step: str, at: str, value: str):  # type: ignore[no-untyped-def]
    return page.locator(f'[class*="st-key-yc-{L9}-{step}-{at}-{value}-"] button').first


@pytest.mark.parametrize(("lang", "size"), [("fr", "wide"), ("en", "phone")])
def test_a_call_and_trump_wrong_then_right_then_stars_and_review(
    server: str, tmp_path: Path, lang: str, size: str
) -> None:
    words = TEXT[lang]
    out = shots(tmp_path)
    view = SIZES[size]
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport=view)
        page.goto(f"{server}/lesson?lang={lang}&lesson={L9}&step=bid-on-strength")
        wait_idle(page)
        page.get_by_role("button", name=words["forward"]).click()  # deal → A calls
        wait_idle(page)
        option(page, "bid-on-strength", "bidding", "11").wait_for(timeout=60_000)
        option(page, "bid-on-strength", "bidding", "11").click()
        wait_idle(page)
        wait_text(page, words["not_yet"], timeout=60)
        said = page.locator('[data-testid="stAlertContentInfo"]').filter(has_text=words["not_yet"])
        expect(said.first).to_contain_text("11")
        expect(said.first).to_contain_text("5♠")
        page.screenshot(path=str(out / f"call-{lang}-{size}-wrong.png"))
        assert in_view(page, said.first, view), "the feedback is below the fold"
        option(page, "bid-on-strength", "bidding", "8").click()
        wait_idle(page)
        wait_text(page, words["right"])
        page.screenshot(path=str(out / f"call-{lang}-{size}-right.png"))
        # naming trump
        page.goto(
            f"{server}/lesson?lang={lang}&lesson={L9}&step=load-with-trumps&learner={learner(page)}"
        )
        wait_idle(page)
        for _ in range(2):  # deal, bidding → A names trump
            page.get_by_role("button", name=words["forward"]).click()
            wait_idle(page)
        option(page, "load-with-trumps", "refill", "H").wait_for(timeout=60_000)
        option(page, "load-with-trumps", "refill", "H").click()
        wait_idle(page)
        wait_text(page, words["not_yet"], timeout=60)
        said = page.locator('[data-testid="stAlertContentInfo"]').filter(has_text=words["not_yet"])
        expect(said.first).to_contain_text("Q♥ 5♥")
        page.screenshot(path=str(out / f"trump-{lang}-{size}-wrong.png"))
        assert in_view(page, said.first, view), "the feedback is below the fold"
        option(page, "load-with-trumps", "refill", "S").click()
        wait_idle(page)
        wait_text(page, words["right"])
        page.screenshot(path=str(out / f"trump-{lang}-{size}-right.png"))
        code = learner(page)
        # the home page: the lesson's stars; the review of mistakes: the missed move
        page.goto(f"{server}/?lang={lang}&learner={code}")
        wait_idle(page)
        page.get_by_text("☆☆☆", exact=False).first.wait_for(timeout=30_000)
        page.screenshot(path=str(out / f"home-stars-{lang}-{size}.png"), full_page=True)
        page.goto(f"{server}/mistakes?lang={lang}&learner={code}")
        wait_idle(page)
        page.locator('[class*="st-key-rvo-review-playing-well-move"] button').first.wait_for(
            timeout=30_000
        )
        page.screenshot(path=str(out / f"mistakes-{lang}-{size}.png"), full_page=True)
        browser.close()


def learner(page) -> str:  # type: ignore[no-untyped-def]
    from urllib.parse import parse_qs, urlparse

    return parse_qs(urlparse(page.url).query)["learner"][0]

"""Review my mistakes in a real browser (chromium): a missed "your move" played again is
judged where the learner clicked, as in the lesson — a card's verdict under the cards on the
table, a call's (or trump's) between the prompt and the option buttons, the table after
them — and is in view without scrolling, in English at 1280×900 and Spanish at 320×640.
(The verdict was an alert above the table: on a phone, off the screen once the learner had
scrolled down to the cards.) Screenshots go to ``$CINCH_SHOTS`` (default: the test's
temporary folder)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.test_browser import ARGS, CHROMIUM, L7, expect, pw, wait_idle
from tests.ui.test_browser_your_move import SIZES, in_view, shots, wait_text
from tutorial.progress import ProgressStore, move_item, new_learner_code

L9 = "playing-well"
TEXT = {
    "en": {"not_yet": "Not yet.", "right": "Right!"},
    "es": {"not_yet": "Todavía no.", "right": "¡Correcto!"},
}


@pytest.fixture
def served(app_server: tuple[str, Path]) -> tuple[str, Path]:
    return app_server


def missed(db: Path, lesson: str, step: str, at: str, tried: str) -> str:
    """A new learner whose one mistake is this move, right at the second try."""
    code = new_learner_code()
    value = {"tried": [tried], "shown": False}
    ProgressStore(db).record(code, move_item(lesson, step, at), value, done=True)
    return code


def bottom(page, selector: str) -> float:  # type: ignore[no-untyped-def]
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return float(box["y"] + box["height"])


def top(page, selector: str) -> float:  # type: ignore[no-untyped-def]
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return float(box["y"])


@pytest.mark.parametrize(("lang", "size"), [("en", "wide"), ("es", "phone")])
def test_the_review_judges_a_move_where_the_learner_clicked(
    served: tuple[str, Path], tmp_path: Path, lang: str, size: str
) -> None:
    url, db = served
    words = TEXT[lang]
    out = shots(tmp_path)
    view = SIZES[size]
    card_learner = missed(db, L7, "the-clubs-trick", "t1c3", "AH")
    trump_learner = missed(db, L9, "load-with-trumps", "refill", "H")
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport=view)
        # a card: C plays A♥ again (9♦ is the move: 5♥ is the Left Pedro, not a heart)
        page.goto(f"{url}/mistakes?lang={lang}&learner={card_learner}")
        wait_idle(page)
        card = page.locator('button.cb-card[data-card="AH"]')
        card.wait_for(timeout=60_000)
        card.scroll_into_view_if_needed()
        page.screenshot(path=str(out / f"review-card-{lang}-{size}-ask.png"))
        card.click()
        wait_idle(page)
        wait_text(page, words["not_yet"], timeout=60)
        said = page.locator(".cb-note").filter(has_text=words["not_yet"])
        said.first.wait_for(timeout=30_000)
        text = said.first.inner_text()
        assert "A♥" in text and "5♥" in text, text  # the engine's account of that card
        alerts = page.locator('[data-testid="stAlertContentInfo"]').filter(
            has_text=words["not_yet"]
        )
        assert alerts.count() == 0  # not (also) above the table
        assert top(page, ".cb-note") >= bottom(page, ".cb-hand") - 1  # under the cards
        page.screenshot(path=str(out / f"review-card-{lang}-{size}-wrong.png"))
        assert in_view(page, said.first, view), "the verdict is not in view"
        # naming trump: A names hearts again (spades is the move)
        page.goto(f"{url}/mistakes?lang={lang}&learner={trump_learner}")
        wait_idle(page)
        row = f'[class*="st-key-rvo-review-{L9}-move-load-with-trumps-refill"]'
        hearts = page.locator(f'[class*="st-key-rvc-review-{L9}-move-load-with-trumps-refill-0-H"]')
        hearts = hearts.get_by_role("button").first
        hearts.wait_for(timeout=60_000)
        hearts.scroll_into_view_if_needed()
        hearts.click()
        wait_idle(page)
        wait_text(page, words["not_yet"], timeout=60)
        said = page.locator('[data-testid="stAlertContentInfo"]').filter(has_text=words["not_yet"])
        expect(said.first).to_contain_text("Q♥ 5♥")
        assert bottom(page, '[data-testid="stAlertContentInfo"]') <= top(page, row) + 1
        assert top(page, ".cc-table") >= bottom(page, row) - 1  # the table after the buttons
        page.screenshot(path=str(out / f"review-trump-{lang}-{size}-wrong.png"))
        assert in_view(page, said.first, view), "the verdict is not in view"
        browser.close()

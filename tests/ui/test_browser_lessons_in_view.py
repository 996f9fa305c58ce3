"""Verdicts in view on a phone (Chromium, 320×640). A decision's: lesson 4's dealer's keep,
a wrong card kept (the feedback between the prompt and the buttons), then the right one; a
question's: checked with its button at the screen's bottom edge (lesson 2, es: the feedback
came under the button, below the screen, until the learner scrolled).
Found walking lesson 4 (es, 320×640): "¡Correcto! D se queda con J♦ …" was drawn above the
moment's table once the block had shrunk to it, off the top of the screen while the learner
looked where they had tapped; and lesson 9's call (es, 320×640): after "Paso" the feedback
started 40 px above the screen's bottom edge. Screenshots go to ``$CINCH_SHOTS`` (default:
the test's temporary folder)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.ui.test_browser import ARGS, CHROMIUM, pw, server, wait_idle
from tests.ui.test_browser_your_move import in_view, shots

__all__ = ["server"]

LID, STEP = "discard-and-refill", "dealer-takes-the-rest"
WORDS = {
    "es": ("Adelante ▶", "Quedarse con", "Todavía no.", "¡Correcto!"),
    "fr": ("Avancer ▶", "Garder", "Pas encore.", "Bonne réponse"),
}


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_the_dealer_s_keep_verdict_is_in_view_on_a_phone(
    server: str, tmp_path: Path, lang: str
) -> None:
    forward, keep, not_yet, right = WORDS[lang]
    out = shots(tmp_path)
    view = {"width": 320, "height": 640}
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport=view)
        page.goto(f"{server}/lesson?lang={lang}&lesson={LID}&step={STEP}")
        wait_idle(page)
        for _ in range(2):  # the deal, the bidding: the refill waits for D, the dealer
            page.get_by_role("button", name=forward).click()
            wait_idle(page)
        options = page.locator('[class*="st-key-yc-discard-and-refill"] button')
        options.first.wait_for(timeout=60_000)
        page.get_by_role("button", name=f"{keep} 5♥").click()  # wrong: the lesson's words
        wrong = page.locator('[data-testid="stAlertContentInfo"]').filter(has_text=not_yet)
        wrong.first.wait_for(timeout=60_000)
        assert in_view(page, wrong.first, view)
        page.screenshot(path=str(out / f"keep-{lang}-320-wrong.png"))
        page.get_by_role("button", name=f"{keep} J♦").first.click()
        said = page.locator('[data-testid="stAlertContentSuccess"]').filter(has_text=right)
        said.first.wait_for(timeout=60_000)
        seen = in_view(page, said.first, view)
        page.screenshot(path=str(out / f"keep-{lang}-320-right.png"))
        box = said.first.bounding_box()
        header = page.locator('[data-testid="stHeader"]').bounding_box()
        browser.close()
    assert seen, box
    # not under the page's fixed header either (pt 320: "Certo! D licita 7." had its top
    # hidden behind it, scrolled to the screen's very top)
    assert header is not None and box is not None and box["y"] >= header["y"] + header["height"]


def test_a_wrong_call_s_feedback_is_wholly_in_view_on_a_phone(server: str, tmp_path: Path) -> None:
    out = shots(tmp_path)
    view = {"width": 320, "height": 640}
    base = "playing-well-bid-on-strength-bidding"
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport=view)
        page.goto(f"{server}/lesson?lang=es&lesson=playing-well&step=bid-on-strength")
        wait_idle(page)
        page.get_by_role("button", name="Adelante ▶").click()  # the deal → A is to call
        wait_idle(page)
        option = page.locator(f".st-key-yc-{base}-pass-0 button:visible").first
        option.wait_for(timeout=60_000)
        option.scroll_into_view_if_needed()  # where a learner taps it: the screen's bottom
        option.click()
        said = page.locator(f".st-key-yd-{base} [data-testid='stAlert']").first
        said.wait_for(timeout=60_000)
        deadline = time.time() + 10  # polled: the page may still be drawing the last run
        while True:
            wait_idle(page)
            box = said.bounding_box()
            whole = box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 641
            if whole or time.time() > deadline:
                break
            time.sleep(0.3)
        page.screenshot(path=str(out / "call-es-320-wrong.png"))
        browser.close()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= view["height"] + 1, box


def test_a_question_s_feedback_is_in_view_when_checked_at_the_screen_s_edge(
    server: str, tmp_path: Path
) -> None:
    out = shots(tmp_path)
    view = {"width": 320, "height": 640}
    q = "trumps-and-points-which-point-is-safe"
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport=view)
        page.goto(f"{server}/lesson?lang=es&lesson=trumps-and-points&step=points-to-the-captor")
        wait_idle(page)
        page.locator(f".st-key-ans-{q} [data-testid='stRadioOption']").first.click()
        page.locator(f".st-key-ans-{q} input[type=radio]:checked").wait_for(state="attached")
        wait_idle(page)
        check = page.locator(f".st-key-submit-{q} button")
        check.evaluate("(e) => e.scrollIntoView({block: 'end'})")  # where a thumb taps it
        check.click()
        said = page.locator(f".st-key-q-{q} [data-testid='stAlert']").first
        said.wait_for(timeout=60_000)
        seen = in_view(page, said, view)
        box = said.bounding_box()
        page.screenshot(path=str(out / "question-es-320-checked.png"))
        browser.close()
    assert seen, box


def test_a_call_s_verdict_is_not_under_the_page_header(server: str, tmp_path: Path) -> None:
    """Lesson 3, pt 320×640: the dealer passes (forbidden), then bids 7. Scrolled into view
    at the screen's very top, "Certo! D licita 7." had its top under Streamlit's fixed
    header."""
    out = shots(tmp_path)
    base = "deal-and-bidding-dealer-must-bid-seven-bidding"
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 320, "height": 640})
        page.goto(f"{server}/lesson?lang=pt&lesson=deal-and-bidding&step=dealer-must-bid-seven")
        wait_idle(page)
        page.get_by_role("button", name="Avançar ▶").click()  # the deal → the bidding
        wait_idle(page)
        for option in ("pass-0", "7-1"):
            button = page.locator(f".st-key-yc-{base}-{option} button:visible").first
            button.wait_for(timeout=60_000)
            button.click()
            wait_idle(page)
        said = page.locator('[data-testid="stAlertContentSuccess"]').first
        said.wait_for(timeout=60_000)
        time.sleep(1)  # the script scrolls once the block is drawn
        wait_idle(page)
        box = said.bounding_box()
        header = page.locator('[data-testid="stHeader"]').bounding_box()
        page.screenshot(path=str(out / "call-pt-320-right.png"))
        browser.close()
    assert box is not None and header is not None
    assert header["y"] + header["height"] <= box["y"] <= 640 - 40, (box, header)

"""Issue 11 in a real browser (chromium): lesson 4's dealer's keep from the rest of the stock
(buttons *Keep J♦* …: a wrong card, then J♦) and lesson 5's open pile (B, with seven trumps,
plays last: the learner clicks the top card on the table, 4♥ goes beneath: a wrong top card,
then A♥; lesson 4 no longer plays its pile, the sixth reviewer: it is lesson 5's), the
feedback in view, in Spanish at 1280×900 and Portuguese at 320×640. Screenshots go to
``$CINCH_SHOTS`` (default: the test's temporary folder)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.test_browser import ARGS, CHROMIUM, expect, pw, server, wait_idle
from tests.ui.test_browser_your_move import SIZES, in_view, shots, wait_text

__all__ = ["server"]

L4, L5 = "discard-and-refill", "play-and-surplus-trumps"
KEEP, PILE = "dealer-takes-the-rest", "the-top-card"
TEXT = {
    "es": {
        "forward": "Adelante ▶",
        "not_yet": "Todavía no.",
        "right": "¡Correcto!",
        "beneath": "Va debajo de la carta de arriba",
    },
    "pt": {
        "forward": "Avançar ▶",
        "not_yet": "Ainda não.",
        "right": "Certo!",
        "beneath": "Vai por baixo da carta de cima",
    },
}


def keep_button(page, value: str):  # type: ignore[no-untyped-def]
    return page.locator(f'[class*="st-key-yc-{L4}-{KEEP}-refill-{value}-"] button').first


def forward(page, words: dict[str, str], times: int) -> None:  # type: ignore[no-untyped-def]
    for _ in range(times):
        page.get_by_role("button", name=words["forward"]).click()
        wait_idle(page)


@pytest.mark.parametrize(("lang", "size"), [("es", "wide"), ("pt", "phone")])
def test_the_dealer_s_keep_and_the_open_pile_wrong_then_right(
    server: str, tmp_path: Path, lang: str, size: str
) -> None:
    words = TEXT[lang]
    out = shots(tmp_path)
    view = SIZES[size]
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport=view)
        page.goto(f"{server}/lesson?lang={lang}&lesson={L4}&step={KEEP}")
        wait_idle(page)
        forward(page, words, 2)  # deal, bidding → the refill waits for D's keep
        keep_button(page, "5H").wait_for(timeout=60_000)
        assert page.get_by_role("button", name=words["forward"]).is_disabled()
        page.screenshot(path=str(out / f"keep-{lang}-{size}-ask.png"), full_page=True)
        keep_button(page, "5H").click()
        wait_idle(page)
        wait_text(page, words["not_yet"], timeout=60)
        said = page.locator('[data-testid="stAlertContentInfo"]').filter(has_text=words["not_yet"])
        text = said.first.inner_text()
        assert "5♥" in text and "5♣" in text and "5♠" in text, text  # not a Pedro in clubs
        page.screenshot(path=str(out / f"keep-{lang}-{size}-wrong.png"))
        assert in_view(page, said.first, view), "the feedback is below the fold"
        keep_button(page, "JD").click()
        wait_idle(page)
        wait_text(page, words["right"])
        assert page.get_by_role("button", name=words["forward"]).is_enabled()
        page.screenshot(path=str(out / f"keep-{lang}-{size}-right.png"))
        # the open pile: B's seven trumps, 4♥ beneath; the learner picks the top card
        code = learner(page)
        page.goto(f"{server}/lesson?lang={lang}&lesson={L5}&step={PILE}&learner={code}")
        wait_idle(page)
        forward(page, words, 3)  # C leads J♥, D and A play → B, last, with a pile
        cards = page.locator('.cc-seat[data-seat="B"] button.cb-card')
        cards.first.wait_for(timeout=60_000)
        offered = {cards.nth(i).get_attribute("data-card") for i in range(cards.count())}
        assert offered == {"AH", "TH", "9H", "5H", "3H", "2H"}  # 4♥ goes beneath, not offered
        # ... and shown under the buttons, with what it is: the seat's "7 cards" are all there
        under = page.locator('.cc-seat[data-seat="B"] .cc-beneath')
        expect(under).to_have_count(1)
        expect(under).to_contain_text(words["beneath"])
        expect(under.locator("svg.cc-card")).to_have_count(1)
        assert "4♥" in (under.locator("svg.cc-card").get_attribute("aria-label") or "")
        box, hand = under.bounding_box(), page.locator('.cc-seat[data-seat="B"] .cb-hand')
        assert box is not None and box["y"] >= hand.bounding_box()["y"]  # under the buttons
        # on a phone the seat gets a row of its own: six buttons in a column of six (one per
        # row, a screen and a half high) put the verdict far below the top cards
        # (wide, a side seat of a trick's table lays six cards out two by two: three rows)
        rows = {round(cards.nth(i).bounding_box()["y"]) for i in range(cards.count())}
        assert len(rows) <= (2 if size == "phone" else 3), rows
        page.screenshot(path=str(out / f"pile-{lang}-{size}-ask.png"))
        page.locator('button.cb-card[data-card="TH"]').click()
        wait_idle(page)
        wait_text(page, words["not_yet"], timeout=60)
        said = page.locator(".cb-note").filter(has_text=words["not_yet"])
        text = said.first.inner_text()
        assert "10♥" in text and "J♥" in text, text  # the engine's account: below J♥
        page.screenshot(path=str(out / f"pile-{lang}-{size}-wrong.png"))
        assert in_view(page, said.first, view), "the feedback is below the fold"
        page.locator('button.cb-card[data-card="AH"]').click()
        wait_idle(page)
        wait_text(page, words["right"])
        assert page.locator("button.cb-card").count() == 0
        page.screenshot(path=str(out / f"pile-{lang}-{size}-right.png"), full_page=True)
        browser.close()


def learner(page) -> str:  # type: ignore[no-untyped-def]
    from urllib.parse import parse_qs, urlparse

    return parse_qs(urlparse(page.url).query)["learner"][0]

"""The clickable cards in a real browser: Tab reaches every card (forbidden ones too), a
forbidden card says which rule forbids it when focused and sends nothing when clicked or
pressed, Enter on an allowed card plays it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.ui.test_browser import ARGS, CHROMIUM, expect, pw
from tutorial.engine.cards import CODES

DEMO = Path(__file__).resolve().parent / "apps" / "cardbuttons_demo.py"


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from tutorial.devserver import running_app

    with running_app(tmp_path_factory.mktemp("db") / "p.sqlite3", script=DEMO) as url:
        yield url


def test_cards_are_focusable_buttons_forbidden_ones_explain_and_send_nothing(
    demo: str, tmp_path: Path
) -> None:
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"{demo}/?lang=fr")
        page.wait_for_selector("button.cb-card", timeout=60_000)
        cards = page.locator("button.cb-card")
        n = cards.count()
        assert n >= 2
        labels = [cards.nth(i).get_attribute("aria-label") or "" for i in range(n)]
        assert all(" — " in lab for lab in labels)
        assert any(suit in lab for lab in labels for suit in ("cœur", "pique", "trèfle", "carreau"))
        # Tab reaches every card, forbidden ones included
        cards.first.focus()
        seen = []
        for _ in range(n):
            seen.append(
                page.evaluate(
                    "() => { let a = document.activeElement; "
                    "while (a && a.shadowRoot && a.shadowRoot.activeElement) "
                    "a = a.shadowRoot.activeElement; "
                    "return a && a.dataset ? a.dataset.card : null }"
                )
            )
            page.keyboard.press("Tab")
        assert set(seen) == {cards.nth(i).get_attribute("data-card") for i in range(n)}
        forbidden = page.locator('button.cb-card[aria-disabled="true"]')
        assert forbidden.count() >= 1
        bad = forbidden.first
        bad.focus()
        why = page.locator(".cb-why")
        deadline = time.time() + 10
        while not why.inner_text().strip() and time.time() < deadline:
            time.sleep(0.1)
        text = why.inner_text()
        assert "atout" in text, text  # "…doit jouer un atout…" (trump was led)
        bad.press("Enter")
        bad.click(force=True)
        time.sleep(1.5)
        expect(page.get_by_text("picked: -")).to_have_count(1)
        page.screenshot(path=str(tmp_path / "cards-forbidden.png"))
        good = page.locator('button.cb-card:not([aria-disabled="true"])').first
        code = good.get_attribute("data-card")
        good.focus()
        page.keyboard.press("Enter")
        page.get_by_text(f"picked: {CODES.index(str(code))}").wait_for(timeout=30_000)
        browser.close()


def test_hidden_forbidden_cards_say_their_rule_only_when_played(demo: str) -> None:
    """A plain move's forbidden cards (``hide_forbidden``) look like the others — not pale —
    and say nothing on hover or focus; played, one says its rule and sends nothing."""
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"{demo}/?lang=es&hide=1")
        page.wait_for_selector("button.cb-card", timeout=60_000)
        expect(page.locator('button.cb-card[aria-disabled="true"]')).to_have_count(0)
        bad = page.locator('button.cb-card[data-forbidden="true"]').first
        expect(bad).to_have_css("opacity", "1")
        bad.hover()
        bad.focus()
        time.sleep(0.5)
        why = page.locator(".cb-why")
        assert not why.inner_text().strip(), why.inner_text()
        bad.click()
        expect(why).to_contain_text("triunfo")  # "…debe jugar un triunfo…" (trump was led)
        time.sleep(1.0)
        expect(page.get_by_text("picked: -")).to_have_count(1)
        browser.close()

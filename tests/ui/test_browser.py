"""A real browser: streamlit run + Debian's chromium driven by the playwright package.

Skips (with the reason) only where chromium or playwright is missing; `.ci/run` installs
chromium, so in CI it runs."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tutorial.devserver import CHROMIUM_ARGS, running_app

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = CHROMIUM_ARGS

_missing = None
try:
    import playwright.sync_api as pw
except ImportError:  # pragma: no cover - the dev extra installs it
    _missing = "the playwright package is not installed"
if _missing is None and not Path(CHROMIUM).exists():
    _missing = f"chromium not found at {CHROMIUM} (apt-get install chromium)"
if _missing is not None:
    if os.environ.get("CI"):  # .ci/run installs chromium: never skip there
        pytest.fail(f"browser test cannot run in CI: {_missing}", pytrace=False)
    pytest.skip(_missing, allow_module_level=True)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_app(tmp_path_factory.mktemp("db") / "progress.sqlite3") as url:
        yield url


def wait_idle(page) -> None:  # type: ignore[no-untyped-def]
    """Wait until the app has finished running (no running indicator for a moment)."""
    page.wait_for_selector("h1", timeout=60_000)
    quiet = 0
    for _ in range(200):
        running = page.locator('[data-testid="stStatusWidget"]').count()
        quiet = quiet + 1 if running == 0 else 0
        if quiet >= 4:
            return
        time.sleep(0.1)


def test_browser_language_switch_answer_and_visible_card_svg(server: str, tmp_path: Path) -> None:
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1200, "height": 1800})
        page.goto(
            f"{server}/lesson?lang=en&lesson=left-pedro-is-not-a-diamond&step=the-clubs-trick"
        )
        wait_idle(page)
        assert "Lesson 7" in page.locator("h1").first.inner_text()
        # switch language with the picker
        page.get_by_label("Language").click()
        page.get_by_role("option", name="français").click()
        wait_idle(page)
        page.wait_for_function(
            "() => document.querySelector('h1') && "
            "document.querySelector('h1').innerText.includes('Pedro gauche')"
        )
        assert "lang=fr" in page.url
        # the card SVG is really drawn (AppTest cannot see what a browser strips)
        card = page.locator("svg.cc-card").first
        card.wait_for(state="visible")
        box = card.bounding_box()
        assert box is not None and box["width"] > 20 and box["height"] > 30
        assert card.get_attribute("aria-label")
        # the stepper works by keyboard: focus "Avancer ▶" and press Enter
        assert page.get_by_text("Moment 1 sur 5", exact=False).count() == 1
        page.get_by_role("button", name="Avancer ▶").press("Enter")
        page.get_by_text("Moment 2 sur 5", exact=False).first.wait_for(timeout=30_000)
        wait_idle(page)
        page.get_by_role("button", name="Avancer ▶").press("Space")
        page.get_by_text("Moment 3 sur 5", exact=False).first.wait_for(timeout=30_000)
        wait_idle(page)
        # answer the first question (which card wins?) right
        form = page.locator('[data-testid="stMain"] [data-testid="stForm"]').first
        form.get_by_role("button", name="6♥", exact=False).first.click()
        wait_idle(page)
        form.get_by_role("button").last.click()
        wait_idle(page)
        page.locator('[data-testid="stAlertContentSuccess"]').first.wait_for(timeout=30_000)
        page.screenshot(path=str(tmp_path / "lesson-fr.png"), full_page=True)
        print(f"screenshot: {tmp_path / 'lesson-fr.png'}")
        browser.close()


def test_first_visit_picks_the_browser_language(server: str) -> None:
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(
            locale="pt-PT", extra_http_headers={"Accept-Language": "pt-PT,pt;q=0.9"}
        )
        page = context.new_page()
        page.goto(f"{server}/?")
        wait_idle(page)
        page.wait_for_function("() => location.search.includes('lang=')")
        assert "lang=pt" in page.url
        assert "Aprenda" in page.locator("h1").first.inner_text()
        browser.close()

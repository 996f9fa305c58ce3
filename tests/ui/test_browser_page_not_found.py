"""A link to a page the app does not have (``/nosuchpage``) shows the home page with a notice
in the learner's language, not Streamlit's "Page not found" dialog (English in every
language; found by the pages tester, session 7). Screenshots go to ``$CINCH_SHOTS``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.test_browser import ARGS, CHROMIUM, pw, server, wait_idle
from tests.ui.test_browser_your_move import shots
from tutorial.i18n import get_translator

__all__ = ["server"]


@pytest.mark.parametrize("lang", ["es", "pt", "fr", "en"])
def test_a_missing_page_says_so_in_the_learner_s_language(
    server: str, tmp_path: Path, lang: str
) -> None:
    t = get_translator(lang)
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 320, "height": 640})
        page.goto(f"{server}/nosuchpage?lang={lang}")
        wait_idle(page)
        notice = page.get_by_text(t("That page does not exist; here is the home page."))
        notice.first.wait_for(timeout=60_000)
        title = page.locator("h1").first.inner_text()
        wait_idle(page)
        dialog = page.get_by_text("Page not found").count()
        page.screenshot(path=str(shots(tmp_path) / f"nosuchpage-{lang}-320.png"))
        # the menu still leads to the app's pages, and the notice does not come back
        page.goto(f"{server}/lesson?lang={lang}")
        wait_idle(page)
        page.goto(f"{server}/?lang={lang}")
        wait_idle(page)
        again = notice.count()
        browser.close()
    assert dialog == 0
    assert title == t("Learn Cinch (Double Pedro)")
    assert again == 0


def test_a_blank_page_name_shows_no_error(server: str) -> None:
    """``/%20`` is a blank page name once decoded, which ``st.Page`` refuses: the app never
    shows a traceback for it (it draws the home page)."""
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 320, "height": 640})
        page.goto(f"{server}/%20?lang=es")
        wait_idle(page)
        page.locator("h1").first.wait_for(timeout=60_000)
        errors = page.locator('[data-testid="stException"]').count()
        browser.close()
    assert errors == 0


@pytest.mark.parametrize("lang", ["fr", "pt"])
def test_the_home_address_is_the_home_page(server: str, lang: str) -> None:
    """``/home`` (the home page's name, which a person types) is the home page, with no
    notice: it showed Streamlit's English "Page not found" dialog (the default page is served
    at ``/`` only; issue 24)."""
    t = get_translator(lang)
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 360, "height": 720})
        page.goto(f"{server}/home?lang={lang}")
        page.locator("h1").first.wait_for(timeout=60_000)
        wait_idle(page)
        title = page.locator("h1").first.inner_text()
        body = page.inner_text("body")
        dialog = page.get_by_text("Page not found").count()
        browser.close()
    assert dialog == 0
    assert title == t("Learn Cinch (Double Pedro)"), body[:300]
    assert t("That page does not exist; here is the home page.") not in body

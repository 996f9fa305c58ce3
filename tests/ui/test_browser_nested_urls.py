"""A nested address a person types (``/lesson/two-pedros``, ``/play/extra``) shows the app
in the learner's language — the page meant, or the home page with a notice — never a blank
white page (Streamlit served its page there, whose scripts, addressed relative to it, then
came back as that page again: issue 26, break 7). Screenshots go to ``$CINCH_SHOTS``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.test_browser import ARGS, CHROMIUM, pw, server, wait_idle
from tests.ui.test_browser_your_move import shots
from tutorial.i18n import get_translator

__all__ = ["server"]


@pytest.mark.parametrize(
    ("path", "lang", "title"),
    [
        ("/lesson/two-pedros", "fr", None),
        ("/play/extra", "es", "Practice table"),
        ("/play/extra/more/", "en", "Practice table"),
        ("/nosuchpage/deeper", "pt", "Learn Cinch (Double Pedro)"),
    ],
)
def test_a_nested_address_shows_the_app(
    server: str, tmp_path: Path, path: str, lang: str, title: str | None
) -> None:
    t = get_translator(lang)
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 360, "height": 720})
        page.goto(f"{server}{path}?lang={lang}")
        page.locator("h1").first.wait_for(timeout=60_000)
        wait_idle(page)
        heading = page.locator("h1").first.inner_text()
        body = page.inner_text("body")
        name = path.strip("/").replace("/", "-")
        page.screenshot(path=str(shots(tmp_path) / f"nested-{name}-{lang}-360.png"))
        errors = page.locator('[data-testid="stException"]').count()
        url = page.url
        browser.close()
    assert errors == 0
    dropped = t("That address has more parts than the app knows; here is the nearest page.")
    if title is None:  # the page meant: the lesson the address names, no notice
        assert "lesson=two-pedros" in url, url
        assert heading not in ("", "Streamlit") and dropped not in body, (heading, body[:300])
        return
    assert heading == t(title), (heading, body[:300])
    if path.startswith("/nosuchpage"):  # the home page says the page does not exist
        assert t("That page does not exist; here is the home page.") in body, body[:300]
    else:
        assert dropped in body, body[:300]
    assert "nested=" not in url, url

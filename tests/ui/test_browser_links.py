"""Links in the page (not the sidebar) wrap instead of being cut: Streamlit draws a page
link's label on one line with ``overflow: hidden``, so at 320 px the home page's "New to
trick-taking games? Start here: lesson 0, …" and, at 1280 px, lesson 8's long title lost
their ends."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.test_browser import ARGS, CHROMIUM, pw, wait_idle


@pytest.fixture
def server(app_server: tuple[str, Path]) -> str:
    return app_server[0]


LINKS = '[data-testid="stMain"] [data-testid="stPageLink-NavLink"]'
CUT = """() => [...document.querySelectorAll('LINKS')]
  .flatMap(a => [...a.querySelectorAll('span, p')])
  .filter(e => e.scrollWidth > e.clientWidth + 1)
  .map(e => e.innerText)"""


@pytest.mark.parametrize(("lang", "width"), [("es", 320), ("fr", 1280)])
def test_home_page_links_are_not_cut(server: str, tmp_path: Path, lang: str, width: int) -> None:
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": width, "height": 900})
        page.goto(f"{server}/?lang={lang}")
        wait_idle(page)
        page.locator('[data-testid="stPageLink-NavLink"]').nth(12).wait_for()
        page.screenshot(path=str(tmp_path / f"home-{lang}-{width}.png"))
        cut = page.evaluate(CUT.replace("'LINKS'", repr(LINKS)))
        browser.close()
    assert cut == [], f"link labels cut at {width} px: {cut}"

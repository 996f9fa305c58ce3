"""At a shared table with a time limit, the seconds left for the player's decision count
down on the page while the player thinks (issue 27): before, the line was drawn when the
page ran and then stood still ("20 seconds left" until something else happened)."""

from __future__ import annotations

import re
import time
from pathlib import Path

from tests.ui.test_browser import ARGS, CHROMIUM, pw
from tutorial.practice import together as tg
from tutorial.progress import ProgressStore

LEFT = re.compile(r"(\d+) secondes? pour décider")


def test_the_seconds_left_count_down(app_server: tuple[str, Path]) -> None:
    url, db = app_server
    ts = ProgressStore(db).tables()
    code, secret = tg.new_code(), tg.new_secret()
    settings = tg.Settings.new("pagat-62", "random", True, 45, seed=777)
    assert ts.create(
        code, settings.to_json() | {"host": 0}, tg.seat_row(0, "Zoé", "fr", secret, time.time())
    )
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"{url}/table?lang=fr&code={code}&seat={secret}")
        page.wait_for_selector('[class*="st-key-tbl_start"] button', timeout=120_000)
        page.locator('[class*="st-key-tbl_start"] button').click()
        # B, C and D call first (A deals last): then A's decision, 45 s to take it
        caption = page.get_by_text("pour décider", exact=False).first
        caption.wait_for(timeout=60_000)
        first = _left(caption.inner_text())
        time.sleep(3.5)  # nobody clicks: the page is not run again by anything but the clock
        later = _left(caption.inner_text())
        browser.close()
    assert 35 <= first <= 45, first
    assert first - 5 <= later <= first - 2, (first, later)


def _left(text: str) -> int:
    m = LEFT.search(text)
    assert m is not None, text
    return int(m.group(1))

"""The practice table's call and trump buttons on a phone (Chromium, 320×640): one wrapping
row of buttons, so the learner's hand is not pushed screens away by nine stacked buttons."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.ui.test_browser import ARGS, CHROMIUM, pw

SHOTS = Path(os.environ.get("CINCH_SCREENSHOTS", "/tmp/cinch-play-shots"))


@pytest.fixture
def url(app_server: tuple[str, Path]) -> str:
    return app_server[0]


def test_call_buttons_wrap_in_rows_on_a_phone(url: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 320, "height": 640})
        # seed 5: D deals, so A (the learner) calls first: Pass, 7 … 14
        page.goto(f"{url}/play?lang=fr&seed=5")
        page.locator(".st-key-play_call_14 button").wait_for(timeout=90_000)
        boxes = [
            page.locator(f".st-key-play_call_{k} button").bounding_box()
            for k in ("pass", *range(7, 15))
        ]
        page.screenshot(path=str(SHOTS / "calls-fr-320.png"))
        browser.close()
    tops = sorted({round(b["y"]) for b in boxes if b is not None})
    assert len(boxes) == 9 and all(b is not None for b in boxes)
    # stacked they were nine rows, one under another (over 500 px); wrapped they are a few
    assert len(tops) <= 3, tops
    assert tops[-1] - tops[0] < 150, tops

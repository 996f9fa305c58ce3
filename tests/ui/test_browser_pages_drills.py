"""The drills on a phone (320×640, Chromium): the verdict of "Check my answer" comes into
view. It was drawn under the form, and a learner who had scrolled just far enough to tap
the button at the bottom of the screen saw nothing happen: "Certo! J♣" was 20 px under
the screen's bottom edge (session 7, pages-tester, pt)."""

from __future__ import annotations

import time
from pathlib import Path

from tests.ui.test_browser import ARGS, CHROMIUM, pw, server, wait_idle

__all__ = ["server"]

MAIN = """document.querySelector('[data-testid="stMain"]')"""


def test_the_verdict_comes_into_view_on_a_phone(server: str, tmp_path: Path) -> None:
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 320, "height": 640})
        page.goto(f"{server}/drills?lang=pt&kind=trick-winner&difficulty=1&seed=7")
        wait_idle(page)
        main = page.locator('[data-testid="stMain"]')
        main.get_by_role("button", name="J♣", exact=False).first.click()
        wait_idle(page)
        check = main.get_by_role("button", name="Verificar a resposta")
        box = check.bounding_box()
        assert box is not None
        # the button at the bottom of the screen, as for a learner who scrolled just enough
        page.evaluate(f"() => {MAIN}.scrollBy(0, {box['y'] + box['height'] - 630})")
        time.sleep(0.3)
        check.click()
        verdict = main.get_by_text("Certo!", exact=False).first
        verdict.wait_for(timeout=30_000)
        deadline = time.time() + 10
        top = None
        while time.time() < deadline:  # the page may still be settling after the rerun
            wait_idle(page)
            shown = verdict.bounding_box()
            top = None if shown is None else float(shown["y"])
            if shown is not None and top is not None and top >= 0 and top + 40 <= 640:
                break
            time.sleep(0.3)
        page.screenshot(path=str(tmp_path / "drill-pt-320-verdict.png"))
        browser.close()
    assert top is not None and 0 <= top <= 600, f"the verdict is off the screen (top {top})"

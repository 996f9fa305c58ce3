"""The drills and Review my mistakes on a phone (320×640, Chromium): the verdict of "Check
my answer" comes into view. It was drawn under the button, and a learner who had scrolled
just far enough to tap the button at the bottom of the screen saw nothing happen: "Certo!
J♣" was 20–40 px under the screen's bottom edge (session 7, pages-tester, pt)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.ui.test_browser import ARGS, CHROMIUM, pw, wait_idle
from tutorial.progress import ProgressStore, new_learner_code

L7, QUESTION = "left-pedro-is-not-a-diamond", "left-pedro-led"  # J♣ and 3♣ may be played


@pytest.fixture
def server(app_server: tuple[str, Path]) -> tuple[str, Path]:
    return app_server


MAIN = """document.querySelector('[data-testid="stMain"]')"""


def verdict_top(page, url: str, pick: str, shot: Path) -> float | None:  # type: ignore[no-untyped-def]
    """Open ``url`` at 320×640, pick the cards ``pick`` (names apart by spaces), scroll
    "Verificar a resposta" to the bottom of the screen, tap it; the top of "Certo!" once the
    page has settled."""
    page.goto(url)
    wait_idle(page)
    main = page.locator('[data-testid="stMain"]')
    for name in pick.split(" "):
        main.get_by_role("button", name=name, exact=False).first.click()
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
    page.screenshot(path=str(shot))
    return top


@pytest.mark.parametrize("where", ["drills", "mistakes"])
def test_the_verdict_comes_into_view_on_a_phone(
    server: tuple[str, Path], tmp_path: Path, where: str
) -> None:
    url, db = server
    if where == "drills":
        address, pick = f"{url}/drills?lang=pt&kind=trick-winner&difficulty=1&seed=7", "J♣"
    else:  # a question answered wrong in lesson 7 is waiting
        code = new_learner_code()
        ProgressStore(db).answer(code, L7, QUESTION, ["KS"], False)
        address, pick = f"{url}/mistakes?lang=pt&learner={code}", "J♣ 3♣"
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 320, "height": 640})
        top = verdict_top(page, address, pick, tmp_path / f"{where}-pt-320-verdict.png")
        browser.close()
    assert top is not None and 0 <= top <= 600, f"the verdict is off the screen (top {top})"

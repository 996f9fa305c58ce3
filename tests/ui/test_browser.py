"""A real browser: streamlit run + Debian's chromium driven by the playwright package.

Skips (with the reason) only where chromium or playwright is missing; `.ci/run` installs
chromium, so in CI it runs."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from tutorial.devserver import CHROMIUM_ARGS
from tutorial.lessons.course import load_course

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

expect = pw.expect
"""Playwright's assertions wait (retry) until they hold: a browser test asserts what the
page shows through them, never by reading the page once after an action (under load the
rerun draws it a moment later)."""
expect.set_options(timeout=60_000)


@pytest.fixture
def server(app_server: tuple[str, Path]) -> str:
    """The worker's shared app (tests/ui/conftest.py)."""
    return app_server[0]


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


L7 = "left-pedro-is-not-a-diamond"


def key(kind: str, qid: str, lesson: str = L7) -> str:
    """The CSS class Streamlit gives a keyed widget: ``ans:<lesson>:<question>`` →
    ``.st-key-ans-<lesson>-<question>`` (``ans`` answer, ``submit`` check, ``hint`` toggle)."""
    return f".st-key-{kind}-{lesson}-{qid}"


def test_browser_language_switch_answer_and_visible_card_svg(server: str, tmp_path: Path) -> None:
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1200, "height": 1800})
        page.goto(
            f"{server}/lesson?lang=en&lesson=left-pedro-is-not-a-diamond&step=the-clubs-trick"
        )
        wait_idle(page)
        expect(page.locator("h1").first).to_contain_text("Lesson 7")
        # switch language with the picker
        page.get_by_label("Language").click()
        page.get_by_role("option", name="français").click()
        wait_idle(page)
        page.wait_for_function(
            "() => document.querySelector('h1') && "
            "document.querySelector('h1').innerText.includes('Erreurs classiques')"
        )
        assert "lang=fr" in page.url
        # the card SVG is really drawn (AppTest cannot see what a browser strips)
        card = page.locator("svg.cc-card").first
        card.wait_for(state="visible")
        box = card.bounding_box()
        assert box is not None and box["width"] > 20 and box["height"] > 30
        assert card.get_attribute("aria-label")
        # the stepper works by keyboard: focus "Avancer ▶" and press Enter
        expect(page.get_by_text("Moment 1 sur 5", exact=False)).to_have_count(1)
        page.get_by_role("button", name="Avancer ▶").press("Enter")
        page.get_by_text("Moment 2 sur 5", exact=False).first.wait_for(timeout=30_000)
        wait_idle(page)
        page.get_by_role("button", name="Avancer ▶").press("Space")
        page.get_by_text("Moment 3 sur 5", exact=False).first.wait_for(timeout=30_000)
        wait_idle(page)
        # answer the step's question (clubs trump, A leads 5♠: which cards may B play?) right
        for card in ("J♣", "3♣"):
            page.locator(key("ans", "left-pedro-led")).get_by_role(
                "button", name=card, exact=False
            ).first.click()
            wait_idle(page)
        page.locator(key("submit", "left-pedro-led")).get_by_role("button").click()
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
        expect(page.locator("h1").first).to_contain_text("Aprenda")
        browser.close()


def launch(p):  # type: ignore[no-untyped-def]
    return p.chromium.launch(executable_path=CHROMIUM, args=ARGS)


def test_an_unchecked_answer_stays_after_other_widgets_rerun_and_a_language_switch(
    server: str,
) -> None:
    with pw.sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page(viewport={"width": 1200, "height": 1800})
        # a step with a cards question and a number one: lesson 2's second
        lesson, cards, number = (
            "trumps-and-points",
            "diamond-led-left-pedro",
            "diamonds-without-the-five",
        )
        page.goto(f"{server}/lesson?lang=en&lesson={lesson}&step=left-pedro-leaves-its-suit")
        wait_idle(page)
        ans = key("ans", cards, lesson)
        for card in ("5♦", "9♣", "2♣", "7♠", "Q♠", "4♠"):  # B holds no diamond: any card
            page.locator(ans).get_by_role("button", name=card, exact=False).first.click()
            wait_idle(page)
        field = page.locator(f"{key('ans', number, lesson)} input")
        field.fill("12")
        field.press("Enter")
        wait_idle(page)
        picked = page.locator(f'{ans} button[aria-pressed="true"]', has_text="5♦")
        expect(field).to_have_value("12")
        # a hint toggle reruns the page
        page.locator(key("hint", number, lesson)).locator("label").first.click()
        wait_idle(page)
        expect(picked, "the card pick vanished").not_to_have_count(0)
        expect(field, "the number vanished").to_have_value("12")
        # a language switch reruns everything, with new labels
        page.get_by_label("Language").click()
        page.get_by_role("option", name="español").click()
        wait_idle(page)
        page.wait_for_function("() => document.querySelector('h1').innerText.includes('Lección')")
        expect(picked, "the card pick vanished on switching").not_to_have_count(0)
        expect(field).to_have_value("12")
        # and what is shown is what is judged
        expect(page.locator('[data-testid="stAlertContentSuccess"]')).to_have_count(0)
        page.locator(key("submit", cards, lesson)).get_by_role("button").click()
        wait_idle(page)
        page.locator('[data-testid="stAlertContentSuccess"]').first.wait_for(timeout=30_000)
        browser.close()


def test_reset_this_lesson_in_the_browser(server: str) -> None:
    lesson, q = "trumps-and-points", "which-point-is-safe"  # asked at step 4
    with pw.sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page(viewport={"width": 1200, "height": 1800})
        page.goto(f"{server}/lesson?lang=en&lesson={lesson}&step=points-to-the-captor")
        wait_idle(page)
        # Each action waits for what it does, not for a quiet moment: under load the
        # running indicator shows only after a while, so wait_idle could return before the
        # check's rerun had started, and the reset was clicked while that rerun redrew the
        # page (it failed once in CI: the URL not at the first step within 30 s).
        question = page.locator(f'[data-testid="stVerticalBlock"]:has({key("ans", q, lesson)})')
        page.locator(f'{key("ans", q, lesson)} [data-testid="stRadioOption"]').first.click()
        page.locator(f"{key('ans', q, lesson)} input[type=radio]:checked").wait_for(
            state="attached", timeout=60_000
        )
        wait_idle(page)
        page.locator(key("submit", q, lesson)).get_by_role("button").click()
        question.last.locator('[data-testid="stAlert"]').first.wait_for(timeout=60_000)
        wait_idle(page)
        page.get_by_text("Start this lesson again").click()
        reset = page.get_by_role("button", name="Reset this lesson")
        reset.wait_for(state="visible", timeout=60_000)
        reset.click()
        done = page.get_by_text("This lesson starts again from its first step.")
        done.wait_for(timeout=90_000)
        main = page.locator('[data-testid="stMain"]').inner_text()
        assert "Something went wrong" not in main and "progress is saved" not in main
        page.wait_for_function(
            "() => location.search.includes('step=left-pedro-is-trump')", timeout=60_000
        )
        wait_idle(page)
        expect(page.locator(f"{key('ans', q, lesson)} input[type=radio]:checked")).to_have_count(0)
        for _ in range(3):  # back to the question's step
            page.get_by_role("button", name="Next step ▶").click()
            wait_idle(page)
        page.locator(key("ans", q, lesson)).wait_for(timeout=30_000)
        expect(page.locator(f"{key('ans', q, lesson)} input[type=radio]:checked")).to_have_count(0)
        box = page.locator(f'[data-testid="stVerticalBlock"]:has({key("ans", q, lesson)})').last
        # waited for, not read at once: under load the rerun draws it a moment after the
        # question itself (it failed once in two fresh-clone runs reading it at once)
        expect(box).to_contain_text("Not answered yet.")
        browser.close()


def _box(page, selector: str) -> dict[str, float]:  # type: ignore[no-untyped-def]
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box


def _settled_boxes(page, *selectors: str) -> list[dict[str, float]]:  # type: ignore[no-untyped-def]
    """The elements' boxes once the layout has settled: measured again every half second
    until two measures agree (at most 15 s). Session 13's final fresh-clone run measured the
    trick 183 px lower than every other run (673 px from Forward at 320 × 640, 490 in every
    other measure): a page measured while a run was still redrawing it."""
    last: list[dict[str, float]] = []
    for _ in range(30):
        now = [_box(page, sel) for sel in selectors]
        if now == last:
            return now
        last = now
        time.sleep(0.5)
    return last


def test_cards_lie_at_their_seats_and_controls_and_trick_share_one_view(server: str) -> None:
    with pw.sync_playwright() as p:
        browser = launch(p)
        for width, height in ((1280, 900), (320, 640)):
            page = browser.new_page(viewport={"width": width, "height": height})
            page.goto(f"{server}/lesson?lang=en&lesson={L7}&step=the-clubs-trick")
            wait_idle(page)
            page.get_by_text("Moment 1 of 5", exact=False).first.wait_for(timeout=30_000)
            trick, forward = _settled_boxes(page, ".cc-trick", 'button:has-text("Forward")')
            # on a desktop the trick starts above the fold (issue 8, defect 9); everywhere
            # it fits in one screen together with the Forward button. (Asserting the whole
            # trick above the fold at 1280 failed once in a loaded full run, 4 px over, with a
            # transient notice above the page; the alerts are printed if it happens again.)
            alerts = page.locator('[data-testid="stAlert"]').all_inner_texts()
            if width > 640:
                assert trick["y"] < height, (width, trick, alerts)
            assert trick["y"] + trick["height"] - forward["y"] <= height, (
                width,
                forward,
                trick,
                alerts,
            )
            for n in range(4):
                if n == 2:  # C's card is the learner's move: play it on the table
                    page.locator('button.cb-card[data-card="9D"]').click()
                    wait_idle(page)
                    page.get_by_text("Right!", exact=False).first.wait_for(timeout=30_000)
                page.get_by_role("button", name="Forward ▶").click()
                wait_idle(page)
            page.get_by_text("Moment 5 of 5", exact=False).wait_for(timeout=30_000)
            centre = _box(page, ".cc-trick")
            mid_x, mid_y = centre["x"] + centre["width"] / 2, centre["y"] + centre["height"] / 2
            table = ".cc-table >> nth=0"  # the step's table (quiz previews have their own)
            at = {s: _box(page, f'{table} >> .cc-play[data-seat="{s}"]') for s in "ABCD"}
            cx = {s: b["x"] + b["width"] / 2 for s, b in at.items()}
            cy = {s: b["y"] + b["height"] / 2 for s, b in at.items()}
            assert cy["A"] > mid_y > cy["C"], cy  # A at the bottom, C at the top
            assert cx["B"] < mid_x < cx["D"], cx  # B on the left, D on the right
            expect(page.locator(f'{table} >> .cc-play[data-seat="A"]')).to_contain_text("led")
            expect(page.locator(f'{table} >> .cc-seat.cc-lead[data-seat="A"]')).to_have_count(1)
            # no heading anchors ("link to heading") in the table
            assert page.locator(".cc-table a").count() == 0
            page.close()
        browser.close()


def test_page_language_sidebar_and_keyboard_path_to_forward(server: str) -> None:
    with pw.sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"{server}/lesson?lang=fr&lesson={L7}&step=the-clubs-trick")
        wait_idle(page)
        page.wait_for_function("() => document.documentElement.lang === 'fr'")
        # the lessons in the sidebar: only the current one stands out, and it is no link
        page.get_by_text("Toutes les leçons").click()
        nav = page.locator(".st-key-lesson_nav")
        nav.get_by_text("▸ 7.", exact=False).wait_for()
        links = nav.locator("a")
        links.first.wait_for()
        expect(links).to_have_count(len(load_course().lessons) - 1)  # all but the current one
        looks = {
            links.nth(i).evaluate("a => getComputedStyle(a).backgroundColor")
            for i in range(links.count())
        }
        assert looks == {"rgba(0, 0, 0, 0)"}, looks
        page.get_by_text("Toutes les leçons").click()
        # from the top of the page, Forward is reached in a few Tab presses
        page.reload()
        wait_idle(page)
        # a loaded machine may report idle before the stepper is drawn: wait for Forward
        page.get_by_role("button", name="Avancer", exact=False).first.wait_for()
        presses = 0
        while presses < 30 and "Avancer" not in page.evaluate(
            "document.activeElement.innerText || ''"
        ):
            page.keyboard.press("Tab")
            presses += 1
        assert presses <= 16, presses
        page.get_by_label("Langue").click()
        page.get_by_role("option", name="English").click()
        wait_idle(page)
        page.wait_for_function("() => document.documentElement.lang === 'en'")
        browser.close()

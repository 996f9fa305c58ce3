"""What a learner hit walking the tutorial in Chromium (issue 24, "What the learner hits"):

- a card the rules forbid, clicked at 1280×900: the rule that forbids it was drawn under the
  cards, below the screen's bottom edge (lesson 2 step 2 es, lesson 5 step 6 es, lesson 6 en,
  lesson 7 step 3 fr — 4 of 18 forbidden clicks);
- lesson 0's "your move" asks for the card that wins the trick while the trick is below
  the screen;
- lesson 0 finished, the home page still said "Continue where you left off: lesson 0", and
  nothing said how to earn the third star;
- a language switch kept everything but left the page where it was in pixels: mid-table,
  the prompt scrolled away;
- a glossary search with no hits showed nothing at all.

Screenshots go to ``$CINCH_SHOTS`` (default: the test's temporary folder)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.ui.test_browser import ARGS, CHROMIUM, pw, wait_idle
from tests.ui.test_browser_your_move import shots
from tutorial.devserver import running_app
from tutorial.i18n import get_translator, language_name
from tutorial.lessons.course import load_course
from tutorial.progress import ProgressStore, move_item, step_item

ROOT = Path(__file__).resolve().parents[2]
COURSE = load_course(ROOT / "lessons")
WIDE = {"width": 1280, "height": 900}
FINISHED = "fnsh-dzer-2345-6789"
"""A learner who has finished lesson 0 (every step, question and move; one question right
only at the second try: two stars)."""


def _finish_lesson_0(store: ProgressStore) -> None:
    lesson = COURSE.lesson("first-steps")
    assert lesson is not None
    for step in lesson.steps:
        store.record(FINISHED, step_item(lesson.id, step.id), True, done=True)
    for n, q in enumerate(lesson.questions):
        if n == 0:
            store.answer(FINISHED, lesson.id, q.id, None, False)
        store.answer(FINISHED, lesson.id, q.id, None, True)
    for step, m in lesson.moves:
        store.record(
            FINISHED, move_item(lesson.id, step.id, m.at), {"tried": [], "shown": False}, done=True
        )
    store.save_position(FINISHED, lesson.id, lesson.steps[-1].id)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("walk") / "progress.sqlite3"
    _finish_lesson_0(ProgressStore(db))
    with running_app(db) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with pw.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def _to_the_move(page: Any, lang: str) -> None:
    """Forward until the learner's cards are buttons (the stepper stops at the move)."""
    forward = get_translator(lang)("Forward ▶")
    for _ in range(15):
        button = page.get_by_role("button", name=forward).first
        if page.locator("button.cb-card").count() or button.is_disabled():
            break  # (disabled: the move is waiting, its cards still being drawn)
        button.click()
        wait_idle(page)
    page.locator("button.cb-card").first.wait_for(timeout=60_000)


def _header_bottom(page: Any) -> float:
    box = page.locator('[data-testid="stHeader"]').bounding_box()
    return float(box["y"] + box["height"]) if box else 0.0


def _wholly_in_view(page: Any, element: Any, view: dict[str, int], wait: float = 10) -> bool:
    """All of ``element`` on the screen, under the page's fixed header (polled: the page
    may still be settling)."""
    deadline = time.time() + wait
    while True:
        box = element.bounding_box()
        if (
            box is not None
            and box["height"] > 0
            and box["y"] >= _header_bottom(page) - 1
            and box["y"] + box["height"] <= view["height"] + 1
        ):
            return True
        if time.time() > deadline:
            return False
        time.sleep(0.2)


@pytest.mark.parametrize(
    ("lang", "lesson", "step"),
    [
        ("es", "trumps-and-points", "fourteen-trumps-in-order"),  # lesson 2 step 3
        ("fr", "left-pedro-is-not-a-diamond", "the-clubs-trick"),  # lesson 7 step 2
    ],
)
def test_a_forbidden_card_s_rule_is_in_view_where_it_was_clicked(
    server: str, browser: Any, tmp_path: Path, lang: str, lesson: str, step: str
) -> None:
    page = browser.new_page(viewport=WIDE)
    page.goto(f"{server}/lesson?lang={lang}&lesson={lesson}&step={step}")
    wait_idle(page)
    _to_the_move(page, lang)
    # forbidden: pale, or looking playable at a plain move (lesson 7's trick)
    card = page.locator(
        'button.cb-card[aria-disabled="true"], button.cb-card[data-forbidden="true"]'
    ).first
    # where the walk had it: the card wholly on the screen, at its bottom edge
    card.evaluate("(e) => e.scrollIntoView({block: 'end'})")
    time.sleep(0.3)
    card.click(force=True)  # aria-disabled: Playwright would wait for it to be enabled
    why = page.locator(".cb-why").first
    page.wait_for_function("(e) => e.textContent.length > 0", arg=why.element_handle())
    seen = _wholly_in_view(page, why, WIDE, wait=5)
    page.screenshot(path=str(shots(tmp_path) / f"forbidden-{lesson}-{lang}-1280.png"))
    box, where = why.bounding_box(), card.bounding_box()
    page.close()
    assert seen, f"the rule is not on the screen: {box} (card at {where})"
    assert where is not None and where["y"] + where["height"] > 0  # the card still in view


def test_lesson_0_s_trick_is_in_view_when_the_learner_is_asked_to_win_it(
    server: str, browser: Any, tmp_path: Path
) -> None:
    page = browser.new_page(viewport=WIDE)
    page.goto(f"{server}/lesson?lang=en&lesson=first-steps&step=what-is-a-trick")
    wait_idle(page)
    _to_the_move(page, "en")
    block = page.locator('[class*="st-key-ym-first-steps-"]').first
    trick = block.locator(".cc-play")  # the cards played so far: A's 9♥, B's 4♥
    assert trick.count() == 2
    prompt = block.locator('[data-testid="stMarkdownContainer"]').first
    seen = [_wholly_in_view(page, x, WIDE) for x in (prompt, trick.nth(0), trick.nth(1))]
    cards = page.locator("button.cb-card")
    seen += [_wholly_in_view(page, cards.nth(i), WIDE, wait=1) for i in range(cards.count())]
    page.screenshot(path=str(shots(tmp_path) / "lesson0-move-en-1280.png"))
    page.close()
    assert all(seen), seen


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_home_after_lesson_0_offers_lesson_1_and_says_how_to_earn_stars(
    server: str, browser: Any, tmp_path: Path, lang: str
) -> None:
    t = get_translator(lang)
    one = COURSE.lesson("two-pedros")
    zero = COURSE.lesson("first-steps")
    assert one is not None and zero is not None
    page = browser.new_page(viewport=WIDE)
    page.goto(f"{server}/?lang={lang}&learner={FINISHED}")
    wait_idle(page)
    main = page.locator('[data-testid="stMain"]')
    main.get_by_text(t("Your progress")).wait_for()
    # the last lesson's box drawn: the page's run has reached its end
    page.locator(f'[class*="st-key-home_lesson_{COURSE.lessons[-1].id}"]').wait_for()
    wait_idle(page)
    text = main.inner_text()
    page.screenshot(path=str(shots(tmp_path) / f"home-after-0-{lang}-1280.png"), full_page=True)
    page.close()
    stale = t("Continue where you left off: lesson {n}, {title}", n=0, title=zero.title.get(lang))
    assert stale not in text
    nxt = t("Next: lesson {n}, {title}", n=1, title=one.title.get(lang))
    assert nxt in text, text[:600]
    assert "★★☆" in text
    # what the stars mean, and how to earn the third one, by the lesson that lacks it
    assert (
        t(
            "3 stars: every question and every “your move” right at the first try; 2: all "
            "right within two tries; 1: all answered right."
        )
        in text
    )
    how = t(
        "All three stars: start the lesson again (“{again}”, at the foot of its page) and get "
        "every question and “your move” right at the first try.",
        again=t("Start this lesson again"),
    )
    assert how in text, text[-1500:]
    assert text.count(how) == 1  # by lesson 0 only: the others have no star yet


def test_a_language_switch_brings_back_the_prompt_the_learner_was_at(
    server: str, browser: Any, tmp_path: Path
) -> None:
    lesson = "left-pedro-is-not-a-diamond"
    page = browser.new_page(viewport=WIDE)
    page.goto(f"{server}/lesson?lang=en&lesson={lesson}&step=the-clubs-trick")
    wait_idle(page)
    _to_the_move(page, "en")
    block = f'[class*="st-key-ym-{lesson}-"]'
    # the learner scrolls down to the middle of the table: the prompt above the screen
    page.locator(f"{block} .cc-middle").first.evaluate("(e) => e.scrollIntoView({block: 'start'})")
    time.sleep(0.3)
    prompt = page.locator(f'{block} [data-testid="stMarkdownContainer"]').first
    box = prompt.bounding_box()
    assert box is not None and box["y"] + box["height"] < _header_bottom(page)
    page.get_by_label("Language").click()
    page.get_by_role("option", name=language_name("fr")).click()
    fr = get_translator("fr")
    page.locator(f"{block} strong", has_text=fr("Your move")).first.wait_for(timeout=60_000)
    wait_idle(page)
    seen = _wholly_in_view(
        page, page.locator(f'{block} [data-testid="stMarkdownContainer"]').first, WIDE
    )
    page.screenshot(path=str(shots(tmp_path) / "language-switch-fr-1280.png"))
    kept = page.locator("button.cb-card").count()
    page.close()
    assert seen, "after the switch the prompt is not on the screen"
    assert kept == 6  # the move is still waiting for the learner's card


@pytest.mark.parametrize(("lang", "width"), [("es", 1280), ("fr", 360)])
def test_a_glossary_search_with_no_hits_says_so(
    server: str, browser: Any, tmp_path: Path, lang: str, width: int
) -> None:
    t = get_translator(lang)
    page = browser.new_page(viewport={"width": width, "height": 800})
    page.goto(f"{server}/glossary?lang={lang}")
    wait_idle(page)
    field = page.get_by_label(t("Search"))
    field.fill("xyzzy")
    field.press("Enter")
    said = page.get_by_text(t("No term matches “{query}”.", query="xyzzy"), exact=False)
    try:
        said.first.wait_for(timeout=15_000)
        found = True
    except pw.TimeoutError:
        found = False
    page.screenshot(path=str(shots(tmp_path) / f"glossary-none-{lang}-{width}.png"))
    page.close()
    assert found, "a search with no hits shows nothing"

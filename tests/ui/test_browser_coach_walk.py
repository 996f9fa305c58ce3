"""Issue 23's browser walk: two whole hands at /play in Chromium, in two languages (the walk's
deals: es seed 101, fr seed 4242), the learner asking for the hint and the advisor at every
call and the hint at every card, and following the hint; then the hand's review on the
screen. Screenshots in ``CINCH_SCREENSHOTS`` (default /tmp/cinch-play-shots), to be looked at.

What it checks on the screen: the advisor's ◀ row is the call the hint names (one evaluation
behind both); every decision taken after a hint is marked so in the review and labelled
best (what the learner was told stands: tutorial/practice/review.py)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tests.ui.test_browser import ARGS, CHROMIUM, pw
from tests.ui.test_browser_play_walk import ENABLED, SHOTS, open_table, saved_game
from tutorial.coach.labels import LABEL_TEXT
from tutorial.engine.actions import Call, NameTrump
from tutorial.i18n import get_translator
from tutorial.practice.game import LEARNER


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    from tutorial.devserver import running_app

    db = tmp_path_factory.mktemp("db") / "progress.sqlite3"
    env = {"CINCH_PLAY_PAUSE": "0.2", "CINCH_TRICK_PAUSE": "0.3", "CINCH_PONDER": "0"}
    with running_app(db, env=env) as url:
        yield url, db


DECISIONS = ("play_call_pass", "play_trump_0", "play_keep_go", "play_dkeep_go")


def settled(page: Any, timeout: float = 180) -> str:
    """Until the learner is to act (``play``, or the key of a decision's button) or the hand
    is over (``over``)."""
    end = time.time() + timeout
    while time.time() < end:
        time.sleep(0.15)
        if page.locator('[data-stale="true"]').count():
            continue
        if page.locator(".st-key-play_over").count():
            return "over"
        if page.locator(ENABLED).count():
            return "play"
        for key in DECISIONS:
            if page.locator(f".st-key-{key} button").count():
                return key
    raise AssertionError("the page never settled")


def hint_text(page: Any, timeout: float = 120) -> str:
    """Ask for the hint and wait for it (the lightbulb notice)."""
    page.locator(".st-key-play_hint button").first.click()
    end = time.time() + timeout
    while time.time() < end:
        notes = page.locator('[data-testid="stAlertContentInfo"]')
        if notes.count() and not page.locator('[data-stale="true"]').count():
            return str(notes.first.inner_text())
        time.sleep(0.2)
    raise AssertionError("the hint never came")


def advisor_best(page: Any, timeout: float = 120) -> str:
    """Ask for the advisor and wait for it: the text of its ◀ row."""
    page.locator(".st-key-play_advise button").first.click()
    end = time.time() + timeout
    while time.time() < end:
        rows = page.locator(".st-key-play_advice_box tr", has_text="◀")
        if rows.count() and not page.locator('[data-stale="true"]').count():
            return str(rows.first.inner_text())
        time.sleep(0.2)
    raise AssertionError("the advisor never came")


def walk_hand(browser: Any, url: str, db: Path, lang: str, seed: int) -> dict[str, Any]:
    page = open_table(browser, url, f"lang={lang}&seed={seed}", 1280)
    seen: dict[str, Any] = {"calls": [], "cards": 0, "shots": []}

    def shot(name: str, what: str = "") -> None:
        """The page with ``what`` scrolled into view (Streamlit scrolls its main block, not
        the document, so a full-page shot stops at the window)."""
        path = SHOTS / f"coach-walk-{lang}-{seed}-{name}.png"
        if what:
            page.locator(what).last.scroll_into_view_if_needed()
            time.sleep(0.3)
        page.screenshot(path=str(path))
        seen["shots"].append(path)

    while True:
        where = settled(page)
        if where == "over":
            break
        if where == "play_call_pass":
            best_row = advisor_best(page)
            hint_text(page)
            game = saved_game(db, page)
            action = _hinted(game)
            assert isinstance(action, Call)
            seen["calls"].append((str(action), best_row))
            if len(seen["calls"]) == 1:
                shot("call", ".st-key-play_advice_box")
            key = "pass" if action.value is None else str(action.value)
            page.locator(f".st-key-play_call_{key} button").first.click()
        elif where == "play_trump_0":
            hint_text(page)
            action = _hinted(saved_game(db, page))
            assert isinstance(action, NameTrump)
            shot("trump", '[data-testid="stAlertContentInfo"]')
            page.locator(f".st-key-play_trump_{action.suit} button").first.click()
        elif where == "play":
            hint_text(page)
            hinted = page.locator("button.cb-card.cb-hint")
            end = time.time() + 120
            while hinted.count() == 0 and time.time() < end:
                time.sleep(0.2)
            assert hinted.count() == 1, "the hinted card is marked on the table"
            if seen["cards"] == 1:
                shot("card", '[data-testid="stAlertContentInfo"]')
            hinted.first.click()
            seen["cards"] += 1
        else:
            page.locator(f".st-key-{where} button").first.click()
        time.sleep(0.4)
    end = time.time() + 240
    items = page.locator(".st-key-play_over li")
    while time.time() < end and items.count() == 0:
        time.sleep(0.3)
    assert items.count(), "the review never came"
    time.sleep(0.5)
    seen["review"] = [str(x) for x in items.all_inner_texts()]
    shot("review", ".st-key-play_over li")
    page.locator(".st-key-play_over").screenshot(
        path=str(SHOTS / f"coach-walk-{lang}-{seed}-review-all.png")
    )
    page.close()
    return seen


def _hinted(game: Any) -> Any:
    """The hint's action: the expert's for the learner's observation and the hand's seed
    (tutorial.coach.hint: the evaluation's choice), worked out here as the pool did."""
    from tutorial.bots import decide

    return decide("expert", game.observation(LEARNER), game.current.seed)


@pytest.mark.parametrize(("lang", "seed"), [("es", 101), ("fr", 4242)])
def test_a_whole_hand_with_the_hint_the_advisor_and_the_review(
    server: tuple[str, Path], lang: str, seed: int
) -> None:
    url, db = server
    SHOTS.mkdir(parents=True, exist_ok=True)
    t = get_translator(lang)
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        seen = walk_hand(browser, url, db, lang, seed)
        browser.close()
    assert seen["calls"] and seen["cards"] >= 1, seen
    for call, row in seen["calls"]:  # the ◀ row is the hint's call
        shown = t("pass") if call == "pass" else call
        assert row.split()[0].lower().startswith(shown.lower()), (call, row)
    after = t("after a hint")
    best = t(LABEL_TEXT["best"])
    hinted = [line for line in seen["review"] if after in line]
    assert hinted, seen["review"]
    for line in hinted:
        assert line.startswith(best), line

"""The practice table as a learner walks it in Chromium (issues 23 and 26): one table on the
screen while the bots play (no stale second copy), a finished trick left in view, a hand
that survives F5, Back and Forward on a ``?seed=`` link, and card clicks that are
idempotent (three fast clicks play one card; a double-click shows no refusal).

Every frame the browser paints is recorded in the page (``requestAnimationFrame``): how
many card tables are visible and how many cards lie in the trick of the live one."""

from __future__ import annotations

import os
import re
import statistics
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.ui.test_browser import ARGS, CHROMIUM, pw
from tutorial.bots import BOT_NAMES
from tutorial.practice.game import Game
from tutorial.progress import ProgressStore

SHOTS = Path(os.environ.get("CINCH_SCREENSHOTS", "/tmp/cinch-play-shots"))
PAUSE = "0.3"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    from tutorial.devserver import running_app

    db = tmp_path_factory.mktemp("db") / "progress.sqlite3"
    env = {"CINCH_PLAY_PAUSE": PAUSE, "CINCH_TRICK_PAUSE": "1.5", "CINCH_PONDER": "0"}
    with running_app(db, env=env) as url:
        yield url, db


RECORDER = """() => {
  window.__frames = [];
  if (window.__recording) return;
  window.__recording = true;
  const tables = () => {
    const out = [];
    const look = (root) => {
      for (const t of root.querySelectorAll('.cc-table')) out.push(t);
      for (const h of root.querySelectorAll('*')) if (h.shadowRoot) look(h.shadowRoot);
    };
    look(document);
    return out.filter((t) => {
      const r = t.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      let e = t; // through shadow roots up to the page
      while (e) {
        const s = getComputedStyle(e);
        if (s.display === 'none' || s.visibility === 'hidden' || parseFloat(s.opacity) === 0)
          return false;
        e = e.parentElement || (e.getRootNode() && e.getRootNode().host) || null;
      }
      return true;
    });
  };
  const tick = () => {
    const shown = tables();
    const plays = shown.length ? shown[0].querySelectorAll('.cc-trick .cc-play').length : -1;
    window.__frames.push([performance.now(), shown.length, plays]);
    if (window.__frames.length < 20000) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""


def frames(page: Any) -> list[tuple[float, int, int]]:
    return [(float(t) / 1000, int(n), int(p)) for t, n, p in page.evaluate("window.__frames")]


ENABLED = 'button.cb-card:not([aria-disabled="true"])'


def to_my_card(page: Any, timeout: float = 120) -> None:
    """Pass / name trump / discard until the learner is to play a card."""
    end = time.time() + timeout
    while time.time() < end:
        if page.locator('[data-stale="true"]').count() == 0 and page.locator(ENABLED).count():
            return
        for key in ("play_call_pass", "play_trump_2", "play_keep_go", "play_next"):
            if page.locator(f".st-key-{key} button").count():
                page.locator(f".st-key-{key} button").first.click()
                time.sleep(0.4)
                break
        time.sleep(0.1)
    raise AssertionError("the learner's card never came")


def wait_settled(page: Any, timeout: float = 120) -> str:
    """Until the learner is to act (a card or another decision) or the hand is over."""
    end = time.time() + timeout
    while time.time() < end:
        time.sleep(0.1)
        if page.locator('[data-stale="true"]').count():
            continue
        if page.locator(ENABLED).count():
            return "play"
        if page.locator(".st-key-play_over").count():
            return "over"
        for key in ("play_call_pass", "play_trump_2", "play_keep_go"):
            if page.locator(f".st-key-{key} button").count():
                return key
    raise AssertionError("the page never settled")


def hand_codes(page: Any) -> list[str]:
    codes = page.locator(".cc-slot button.cb-card").evaluate_all(
        "(bs) => bs.map((b) => b.dataset.card)"
    )
    return [str(c) for c in codes]


def trick_codes(page: Any) -> list[str]:
    codes = page.locator(".cc-trick svg.cc-card").evaluate_all(
        "(cs) => cs.map((c) => c.dataset.card)"
    )
    return [str(c) for c in codes]


def saved_game(db: Path, page: Any) -> Game:
    learner = re.search(r"learner=([a-z0-9-]+)", page.url)
    assert learner is not None, page.url
    game = Game.from_json(ProgressStore(db).load_game(learner.group(1), "practice"), BOT_NAMES)
    assert game is not None
    return game


def open_table(browser: Any, url: str, query: str, width: int = 1280) -> Any:
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(f"{url}/play?{query}")
    page.wait_for_selector(".cc-table", timeout=90_000)
    return page


def test_one_table_on_screen_while_the_bots_play(server: tuple[str, Path]) -> None:
    """After a card, the table drawn while the bots play is the only one: before, the
    previous run's card component stayed below it (faded, a stale second copy) for as long
    as the bots played (~2 s), at 1280 and 360 px."""
    url, _db = server
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for width in (1280, 360):
            page = open_table(browser, url, "lang=en&seed=42", width)
            to_my_card(page)
            for _ in range(2):  # two cards: the hand's first (a full run) and the next
                page.evaluate(RECORDER)
                page.locator(ENABLED).first.click()
                if wait_settled(page) != "play":
                    break
                time.sleep(0.3)
                seen = frames(page)
                most = max(n for _, n, _ in seen)
                if most > 1:
                    page.screenshot(path=str(SHOTS / f"walk-two-tables-{width}.png"))
                assert most == 1, f"{width} px: {most} tables on screen at once"
                # (when the card component is drawn afresh its table is missing for a few
                # frames: up to 85 ms seen on a quiet machine, more under load; not a copy)
                shown = sum(1 for _, n, _ in seen if n) / len(seen)
                assert shown >= 0.8, f"{width} px: a table in {shown:.0%} of the frames"
            page.close()
        browser.close()


def test_a_finished_trick_stays_in_view(server: tuple[str, Path]) -> None:
    """Every full trick (four cards) stays on the table about 1.5 s before the next card is
    led (the learner waits 1.6 s before each of its own cards): before, a trick a bot
    completed was replaced by the next lead after the bots' pause between cards (0.27–0.6 s
    here with a 0.3 s pause, 0.15 s seen in the walk)."""
    url, _db = server
    SHOTS.mkdir(parents=True, exist_ok=True)
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = open_table(browser, url, "lang=fr&seed=42")
        to_my_card(page)
        page.evaluate(RECORDER)
        for _ in range(4):  # four cards of the learner: three full tricks in view at least
            time.sleep(1.6)
            page.locator(ENABLED).first.click()
            if wait_settled(page) != "play":
                break
        time.sleep(0.5)
        seen = frames(page)
        page.screenshot(path=str(SHOTS / "walk-trick-in-view-fr-1280.png"))
        browser.close()
    spans = []  # how long each full trick was on the screen
    start = None
    for t, _n, plays in seen:
        if plays == -1:  # no table in this frame (the component drawn afresh): the trick goes on
            continue
        if plays == 4 and start is None:
            start = t
        elif plays != 4 and start is not None:
            spans.append(round(t - start, 2))
            start = None
    assert len(spans) >= 3, spans
    # 1.5 s on the server; the browser of a loaded machine may show the fourth card late
    # (0.7 s once at a load average of 16), so one trick may be shown for less
    assert statistics.median(spans) >= 1.2, f"full tricks on the table for {spans} s"


def test_f5_back_and_forward_resume_the_hand_of_a_seed_link(server: tuple[str, Path]) -> None:
    """A hand started from ``/play?seed=42``: once it starts the URL names the game, not
    the deal, so F5, Back and Forward resume it (before, F5 dealt the hand again: the seed
    stayed in the address bar). The address carries no ``seed=``."""
    url, db = server
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = open_table(browser, url, "lang=es&seed=42")
        to_my_card(page)
        page.locator(ENABLED).first.click()
        assert wait_settled(page) == "play"
        time.sleep(0.5)
        before = saved_game(db, page).current.actions
        hand = hand_codes(page)
        assert len(hand) == 5 and before
        address = page.url
        page.reload()
        page.wait_for_selector(".cc-table", timeout=90_000)
        assert wait_settled(page) == "play"
        after_f5 = hand_codes(page)
        page.screenshot(path=str(SHOTS / "walk-after-f5-es-1280.png"))
        page.go_back()
        time.sleep(1)
        page.wait_for_selector(".cc-table", timeout=90_000)
        assert wait_settled(page) == "play"
        after_back = hand_codes(page)
        page.go_forward()
        time.sleep(1)
        page.wait_for_selector(".cc-table", timeout=90_000)
        assert wait_settled(page) == "play"
        after_forward = hand_codes(page)
        now = saved_game(db, page).current.actions
        browser.close()
    assert after_f5 == hand, (after_f5, hand)
    assert after_back == hand, (after_back, hand)
    assert after_forward == hand, (after_forward, hand)
    assert now[: len(before)] == before
    assert "seed=" not in address, address


def learner_cards_in_tricks(game: Game) -> list[int]:
    """How many cards the learner played in each trick so far (the current one too)."""
    state = game.state()
    out = [sum(1 for p in tr.plays if p.seat == 0) for tr in state.tricks]
    out.append(sum(1 for p in state.trick_plays if p.seat == 0))
    return out


CLICK_TIMES = """() => { window.cinchClicks = [];
  window.addEventListener('click', (e) => window.cinchClicks.push(
    performance.timeOrigin + e.timeStamp), true); }"""
"""Records when each click was made (the card buttons judge fast clicks by the same time)."""


def test_three_fast_clicks_play_one_card(server: tuple[str, Path]) -> None:
    """Three clicks on three cards within a fifth of a second play the first card only: the
    others were made in a position that is gone (before, a stale click was applied to the
    next trick: two cards played, 1 of 2 tries). Under load the three clicks can reach the
    page more than 300 ms apart (the browser then rightly plays a later one as a new card:
    sessions 10 and 12 failed so, attempt 2, seed 44, load 5-8): such an attempt is not
    judged, and up to 6 deals are tried until 3 are (at least one must be)."""
    url, db = server
    judged, slow = 0, []
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for attempt in range(6):
            if judged >= 3:
                break
            page = open_table(browser, url, f"lang=en&seed={42 + attempt}")
            to_my_card(page)
            held = len(hand_codes(page))
            buttons = page.locator(ENABLED)
            if buttons.count() < 3:
                page.close()
                continue
            spots = [buttons.nth(i).bounding_box() for i in range(3)]
            page.evaluate(CLICK_TIMES)
            for spot in spots:  # where a person clicks: the screen, whatever is there now
                assert spot is not None
                page.mouse.click(spot["x"] + spot["width"] / 2, spot["y"] + spot["height"] / 2)
                time.sleep(0.07)
            wait_settled(page)
            time.sleep(2.5)  # a late click would be applied by now
            wait_settled(page)
            made = page.evaluate("() => window.cinchClicks")
            game = saved_game(db, page)
            text = page.inner_text("body")
            page.close()
            assert len(made) == 3, made  # the page saw the three clicks
            spread = max(made) - min(made)
            if spread >= 300:  # under load the clicks came apart: a later
                slow.append(round(spread))  # click is a new click (the app plays it)
                continue
            played = learner_cards_in_tricks(game)
            assert all(n <= 1 for n in played), (attempt, played, made)
            assert game.state().hands[0].bit_count() >= held - 1, (attempt, held, made)
            assert "It is not A's turn" not in text, (attempt, text)
            judged += 1
        browser.close()
    assert judged, f"no attempt had its three clicks within 300 ms (spreads {slow} ms)"


def test_a_double_click_plays_the_card_without_a_message(server: tuple[str, Path]) -> None:
    """A double-click on a playable card plays it once and shows no refusal (before: "It is
    not A's turn" under a correct play)."""
    url, db = server
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = open_table(browser, url, "lang=en&seed=44")
        to_my_card(page)
        held = len(hand_codes(page))
        page.locator(ENABLED).first.dblclick()
        wait_settled(page)
        time.sleep(1.5)
        wait_settled(page)
        warnings = page.locator('[data-testid="stAlertContentWarning"]').all_inner_texts()
        game = saved_game(db, page)
        page.screenshot(path=str(SHOTS / "walk-double-click-en-1280.png"))
        browser.close()
    assert warnings == [], warnings
    assert all(n <= 1 for n in learner_cards_in_tricks(game))
    assert game.state().hands[0].bit_count() == held - 1

"""The practice table in Chromium: a whole hand played by clicking cards (/play?seed=…),
in two languages, at 1280×900 and 320×640, with screenshots; the DOM and every websocket
frame the browser receives are searched for the cards seat A cannot see; timing of a card
click to the bots' replies is printed."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.ui.test_browser import ARGS, CHROMIUM, pw
from tutorial.bots import BOT_NAMES
from tutorial.engine.cards import CODES, iter_bits
from tutorial.explain import card_name
from tutorial.i18n import get_translator
from tutorial.practice.game import Game
from tutorial.progress import ProgressStore

SHOTS = Path(os.environ.get("CINCH_SCREENSHOTS", "/tmp/cinch-play-shots"))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    from tutorial.devserver import running_app

    db = tmp_path_factory.mktemp("db") / "progress.sqlite3"
    with running_app(db, env={"CINCH_PLAY_PAUSE": "0.3"}) as url:
        yield url, db


SHADOW_HTML = (
    "() => Array.from(document.querySelectorAll('*')).filter(e => e.shadowRoot)"
    ".map(e => e.shadowRoot.innerHTML).join('\\n')"
)
OUTSIDE_TRICK = (
    "() => { const out = []; for (const host of document.querySelectorAll('*')) {"
    " const root = host.shadowRoot; if (!root) continue;"
    " for (const el of root.querySelectorAll('[data-card]')) {"
    " if (!el.closest('.cc-trick') && !el.closest('.cc-slot')) out.push(el.dataset.card); } }"
    " for (const el of document.querySelectorAll('[data-card]')) out.push(el.dataset.card);"
    " return out; }"
)


def hand_size(page: Any) -> int:
    """Cards in the learner's seat (buttons or pictures)."""
    return int(page.locator(".cc-slot svg.cc-card").count())


def wait_my_turn_or_over(page: Any, timeout: float = 180) -> str:
    end = time.time() + timeout
    while time.time() < end:
        time.sleep(0.1)
        if page.locator('[data-stale="true"]').count():
            continue
        if page.locator('button.cb-card:not([aria-disabled="true"])').count():
            return "play"
        if page.locator(".st-key-play_over").count():
            return "over"
        for key in ("play_call_pass", "play_trump_2", "play_keep_go"):
            if page.locator(f".st-key-{key} button").count():
                return key
    raise AssertionError("neither the learner's turn nor the end of the hand came")


@pytest.mark.parametrize(("lang", "width", "height"), [("en", 1280, 900), ("es", 320, 640)])
def test_a_whole_hand_by_clicking_cards(
    server: tuple[str, Path], lang: str, width: int, height: int
) -> None:
    url, db = server
    SHOTS.mkdir(parents=True, exist_ok=True)
    frames: list[bytes] = []
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": width, "height": height})
        page.on(
            "websocket",
            lambda ws: ws.on(
                "framereceived",
                lambda f: frames.append(f if isinstance(f, bytes) else f.encode()),
            ),
        )
        page.goto(f"{url}/play?lang={lang}&seed=42")
        page.wait_for_selector(".cc-table", timeout=90_000)
        seen_dom: list[str] = []
        shown: list[float] = []
        retries = 0
        replies: list[float] = []
        shot = 0
        for _ in range(200):
            what = wait_my_turn_or_over(page)
            seen_dom.append(page.content() + page.evaluate(SHADOW_HTML))
            # cards outside the learner's seat and the trick: none (no bot's hand, no stock)
            assert page.evaluate(OUTSIDE_TRICK) == []
            if what == "over":
                break
            if what != "play":
                page.locator(f".st-key-{what} button").first.click()
                time.sleep(0.3)
                continue
            if shot == 0:
                page.screenshot(
                    path=str(SHOTS / f"play-{lang}-{width}-first-card.png"), full_page=True
                )
                shot += 1
            held = hand_size(page)
            btn = page.locator('button.cb-card:not([aria-disabled="true"])').first
            btn.click()
            started = time.time()
            end = started + 60
            while hand_size(page) != held - 1 and time.time() < end:
                time.sleep(0.02)
                # a click that lands while the page is redrawn is lost (as for a person,
                # who clicks again): click again the first playable card after 15 s
                if time.time() - started > 15 * (retries + 1) and retries < 3:
                    again = page.locator('button.cb-card:not([aria-disabled="true"])')
                    if again.count():
                        again.first.click()
                        retries += 1
            assert hand_size(page) == held - 1, "the click did not play the card"
            shown.append(time.time() - started)
            nxt = wait_my_turn_or_over(page)
            replies.append(time.time() - started)
            if nxt == "over":
                break
        page.screenshot(path=str(SHOTS / f"play-{lang}-{width}-hand-over.png"), full_page=True)
        learner = re.search(r"learner=([a-z0-9-]+)", page.url)
        browser.close()
    assert learner is not None
    saved = ProgressStore(db).load_game(learner.group(1), "practice")
    game = Game.from_json(saved, BOT_NAMES)
    assert game is not None and game.hand_over()
    state = game.state()
    tr = get_translator(lang)
    in_play = set()
    for trick in state.tricks:
        for p in trick.plays:
            in_play |= {p.card, *p.beneath}
    mine = set(iter_bits(state.dealt[0] | state.start_hands[0]))
    never_seen = set(range(52)) - in_play - mine  # the stock, the bots' discards, the keep
    assert never_seen
    received = b"".join(frames)
    for c in never_seen:
        for needle in (f'data-card="{CODES[c]}"', card_name(tr, c)):
            assert all(needle not in html for html in seen_dom), (needle, "DOM")
            assert needle.encode() not in received, (needle, "websocket")
    print(
        "click → card on the table (s):", [round(x, 2) for x in shown], "clicks repeated:", retries
    )
    print("click → bots' replies shown, learner's turn again (s):", [round(x, 2) for x in replies])
    assert len(shown) >= 5  # a whole hand: six cards (the last may end the hand)

"""On a phone a wide table (the practice table's score sheet, the bid advisor's calls) stays
inside the screen and scrolls sideways within its column; before, its right-hand columns
ran off the screen (found by the table-look walk, session 8: "Donne, Annonce, Résultat,
Varia…" in French at 320 px)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.practice.test_game import play_random
from tests.ui.test_browser import ARGS, CHROMIUM, pw, wait_idle
from tutorial.devserver import running_app
from tutorial.i18n import get_translator
from tutorial.practice.game import Game
from tutorial.progress import ProgressStore, new_learner_code


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    db = tmp_path_factory.mktemp("wide") / "p.sqlite3"
    with running_app(db, env={"CINCH_PLAY_PAUSE": "0"}) as url:
        yield url, db


@pytest.mark.parametrize("lang", ["fr", "pt"])
def test_the_score_sheet_fits_a_phone(server: tuple[str, Path], lang: str) -> None:
    url, db = server
    game = Game.new("pagat-62", "random", 21)
    while len(game.score_rows()) < 2:  # two hands scored, the third dealt
        play_random(game, random.Random(len(game.hands)))
        assert game.next_hand()
    learner = new_learner_code()
    ProgressStore(db).save_game(learner, "practice", game.to_json())
    t = get_translator(lang)
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 320, "height": 640})
        page.goto(f"{url}/play?lang={lang}&learner={learner}")
        wait_idle(page)
        page.get_by_text(t("Score sheet")).first.click()
        table = page.locator('[data-testid="stExpander"] table').first
        table.wait_for(timeout=60_000)
        box = page.evaluate(
            "() => { const t = document.querySelector('[data-testid=\"stExpander\"] table');"
            " const r = t.getBoundingClientRect();"
            " const w = document.documentElement.clientWidth;"
            " return [r.right, t.scrollWidth, t.clientWidth, w]; }"
        )
        browser.close()
    right, scroll_width, client_width, screen = box
    assert right <= screen + 0.5, box  # inside the screen
    assert scroll_width >= client_width  # the rest is reached by scrolling the table

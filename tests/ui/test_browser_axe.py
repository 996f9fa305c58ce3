"""Accessible pages (issue 24): axe-core's WCAG 2.1 A/AA rules find no serious or critical
violation on any page — home, every lesson, drills, Review my mistakes, the rules, the
glossary, the practice table, Puzzles from my games — in each language, at 1280 and 360 px.

The learner has something on every page (``scripts/axe_pages.py``'s ``seed``): each lesson
opens at its first "your move" (the card table, the learner's cards as buttons, its
legend), a question waits in Review my mistakes, a practice card waits to be retried.
axe-core is the copy bundled in the ``axe-playwright-python`` package (nothing is fetched).

Cost (the suite must stay short): one server for the module, one browser a test, one page a
width, taken from page to page by the app's own links (a run, not a new session); the
sidebar, the same on every page, is scanned on the first page of each. Each test covers
every page but the lessons in its language at both widths, and five of the ten lessons (each
lesson is scanned in two languages): 96 page views in all. ``scripts/axe_pages.py`` scans the
whole matrix (every lesson in every language: 136 views; ``--steps``: every step) — run it
after changing the look of a page. No rule is turned off: a failure prints each rule and its
nodes (selector, HTML, axe's message)."""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType

import pytest

from tests.support.scripts import load_script
from tests.ui.test_browser import ARGS, CHROMIUM, pw
from tutorial.devserver import running_app
from tutorial.i18n import LANGS
from tutorial.progress import ProgressStore


def _axe_pages() -> ModuleType:
    return load_script("scripts/axe_pages.py")


AXE = _axe_pages()


@pytest.fixture(scope="module")
def seeded_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("axe") / "progress.sqlite3"
    AXE.seed(ProgressStore(db))
    with running_app(db) as url:
        yield url


@pytest.mark.parametrize("lang", LANGS)
def test_no_serious_or_critical_axe_violation_on_any_page(seeded_server: str, lang: str) -> None:
    lessons = AXE.paths()[len(AXE.PAGES) :]
    wide, narrow = AXE.WIDTHS
    k = LANGS.index(lang)
    found = []
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        # lesson i: at 1280 px in LANGS[i % 4], at 360 px in the next language
        for width, shift in ((wide, 0), (narrow, 1)):
            mine = [x for i, x in enumerate(lessons) if (i + shift) % len(LANGS) == k]
            paths = [*AXE.PAGES, *mine]
            found += AXE.walk_pages(
                browser, seeded_server, paths, lang, width, f"&learner={AXE.SEEDED}"
            )
        browser.close()
    bad = AXE.severe(found)
    assert not bad, f"{len(bad)} serious or critical axe violations:\n" + "\n".join(
        f.report(nodes=10) for f in bad
    )


def test_the_scan_sees_a_violation(seeded_server: str) -> None:
    """The scan is not blind: a caption at Streamlit's own opacity (the contrast it had
    before the page's CSS raised it) is reported as a serious color-contrast violation."""
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"{seeded_server}/drills?lang=en")
        AXE.wait_idle(page)
        page.add_style_tag(
            content='.stApp [data-testid="stCaptionContainer"]{opacity:.6 !important}'
        )
        found = AXE.severe(AXE.scan(page, "drills en 1280"))
        browser.close()
    assert any(f.rule == "color-contrast" for f in found), [f.report() for f in found]


def test_the_dark_theme_s_chosen_segment_is_readable(seeded_server: str) -> None:
    """A browser that asks for a dark theme gets Streamlit's dark one: the rules page's chosen
    game ("Cinch to 62", a segment) was its dark red on its own tint, 3.6:1."""
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        found = AXE.walk_pages(browser, seeded_server, ["rules"], "en", 1280, "", "dark")
        browser.close()
    bad = AXE.severe(found)
    assert not bad, "\n".join(f.report() for f in bad)

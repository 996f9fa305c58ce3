"""axe-core (WCAG 2.1 A/AA) over the app's pages in Chromium: every page, each language,
at 1280 and 360 px wide; lists the violations by rule, impact and page (a developer's tool;
the browser test ``tests/ui/test_browser_axe.py`` runs the same scan and fails on a serious
or critical one).

    .venv/bin/python scripts/axe_pages.py                 # every page, es pt fr en, both widths
    .venv/bin/python scripts/axe_pages.py --langs en --widths 360 --steps   # every lesson step
    .venv/bin/python scripts/axe_pages.py --json out.json # the raw violations too

axe-core comes bundled in the ``axe-playwright-python`` package (a dev dependency); nothing is
fetched from the network.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from axe_playwright_python.base import AXE_SCRIPT
from playwright.sync_api import Browser, Page, sync_playwright

from tutorial.devserver import CHROMIUM_ARGS, running_app
from tutorial.engine.actions import Call, PlayCard
from tutorial.jsonvalue import JsonObject
from tutorial.lessons.course import load_course
from tutorial.lessons.model import YourMove
from tutorial.practice import retry
from tutorial.practice.game import LEARNER, Game
from tutorial.progress import ProgressStore

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
LANGS = ("es", "pt", "fr", "en")
WIDTHS = (1280, 360)
HEIGHTS = {1280: 900, 360: 740}  # (any other width: 800 high)
# WCAG 2.0/2.1, levels A and AA: the rules axe tags so
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
SEVERE = ("serious", "critical")
PAGES = ("home", "drills", "mistakes", "rules", "glossary", "play", "retry")


@dataclass(frozen=True)
class Finding:
    """One axe rule failed on one page view: its nodes' selectors and HTML."""

    view: str  # e.g. "lesson/two-pedros es 360"
    rule: str
    impact: str
    help: str
    nodes: tuple[tuple[str, str, str], ...]  # (selector, html, axe's message)

    def report(self, nodes: int = 6) -> str:
        lines = [f"{self.view}: {self.rule} ({self.impact}, {len(self.nodes)} nodes): {self.help}"]
        for sel, html, why in self.nodes[:nodes]:
            lines.append(f"    {sel}  {html[:160]}")
            if why:
                lines.append(f"      {why}")
        if len(self.nodes) > nodes:
            lines.append(f"    … {len(self.nodes) - nodes} more")
        return "\n".join(lines)


def paths(lessons: bool = True, steps: bool = False) -> list[str]:
    """The page paths (with their query, less the language): the pages of the sidebar, each
    lesson (its first step; with ``steps``, every step)."""
    out = [p for p in PAGES]
    if lessons:
        course = load_course(ROOT / "lessons")
        for lesson in course.lessons:
            if steps:
                out += [f"lesson?lesson={lesson.id}&step={st.id}" for st in lesson.steps]
            else:
                out.append(f"lesson?lesson={lesson.id}")
    return out


SEEDED = "axes-page-wcag-2222"
"""The learner :func:`seed` gives something on every page."""


def seed(store: ProgressStore, learner: str = SEEDED) -> None:
    """A learner with something to show on every page: each lesson at its first "your
    move" (the card table with the learner's cards as buttons, its legend, the prompt), a
    question answered wrong (Review my mistakes), a practice card to retry (its table)."""
    course = load_course(ROOT / "lessons")
    for lesson in course.lessons:
        moves = [(step, m) for step, m in lesson.moves if isinstance(m, YourMove)]
        if moves:
            step, move = moves[0]
            store.save_position(learner, lesson.id, step.id, move.at)
    missed = course.lessons[1]
    store.answer(learner, missed.id, missed.questions[0].id, None, False)
    g = Game.new("pagat-62", "random", 11)  # the learner's first card with another choice
    while not g.hand_over():
        who = g.to_act()
        assert who is not None
        if who < 0:
            g.chance()
            continue
        legal = g.state().legal_actions()
        cards = [a for a in legal if isinstance(a, PlayCard)]
        if who == LEARNER and len(cards) > 1:
            before = list(g.current.actions)
            position: JsonObject = {
                "id": retry.position_id(g.profile, g.current.seed, g.current.dealer, before),
                "profile": g.profile,
                "seed": g.current.seed,
                "dealer": g.current.dealer,
                "actions": before,
                "played": str(cards[0]),
                "options": [[str(cards[1]), 5.0], [str(cards[0]), 2.0]],
                "reason": None,
                "label": "mistake",
            }
            retry.add(store, learner, [position])
            return
        calls = [a for a in legal if isinstance(a, Call)]
        g.act(calls[0] if calls else legal[0], who)
    raise AssertionError("no card of the learner's to retry in this hand")


def url(base: str, path: str, lang: str) -> str:
    """The page's address (home is ``/``: ``/home`` shows Streamlit's "Page not found")."""
    where = "" if path == "home" else path
    return f"{base}/{where}{'&' if '?' in where else '?'}lang={lang}"


IDLE = """() => { const a = document.querySelector('[data-testid="stApp"]');
  return !!a && a.dataset.testScriptState !== 'running'
    && !document.querySelector('[data-testid="stStatusWidget"]')
    && !document.querySelector('[data-stale="true"]'); }"""
"""The app is not running a script, shows no running indicator and no element left over from
the run before (drawn faded until the run ends)."""


def wait_idle(page: Page) -> None:
    """The app has finished its run: a heading drawn, then :data:`IDLE` for half a second
    (the first load of a page may run the script twice)."""
    page.wait_for_selector("h1", timeout=60_000)
    quiet = 0
    for _ in range(300):
        quiet = quiet + 1 if page.evaluate(IDLE) else 0
        if quiet >= 5:
            return
        time.sleep(0.1)


def scan(page: Page, view: str, sidebar: bool = True) -> list[Finding]:
    """axe over the page as it is now (WCAG 2.1 A/AA rules only); ``sidebar=False``: all
    but the sidebar (the same on every page: scanned once is enough)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE_SCRIPT)  # (a page made with add_init_script(AXE_SCRIPT) has it)
    options = {"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}
    context: Any = "document" if sidebar else {"exclude": [['[data-testid="stSidebar"]']]}
    result: dict[str, Any] = page.evaluate(
        "([c, o]) => axe.run(c === 'document' ? document : c, o)"
        ".then(r => ({violations: r.violations}))",
        [context, options],
    )
    found = []
    for v in result["violations"]:
        nodes = tuple(
            (
                " ".join(str(x) for x in n.get("target", [])),
                " ".join(n.get("html", "").split()),
                "; ".join(str(c.get("message", "")) for c in n.get("any", []) + n.get("all", [])),
            )
            for n in v["nodes"]
        )
        found.append(Finding(view, v["id"], str(v.get("impact")), v["help"], nodes))
    return found


def severe(found: Iterable[Finding]) -> list[Finding]:
    return [f for f in found if f.impact in SEVERE]


def visit(page: Page, base: str, path: str, lang: str) -> None:
    """Go to ``path`` inside the app, by a click on its link in the sidebar as the app draws
    it (no new page load: that costs a new session, 3–8 times a run's cost), and wait for
    its run to end. The click is sent to the link without opening the sidebar or its "All
    lessons": the page is scanned in the state a page load at that width gives it."""
    if "&" in path:  # a lesson's step: no link in the sidebar
        page.goto(url(base, path, lang))
        wait_idle(page)
        return
    before = page.locator("h1").first.inner_text() if page.locator("h1").count() else ""
    if path.startswith("lesson?lesson="):
        target = f"lesson={path.split('=', 1)[1]}"
        link = page.locator(f'[data-testid="stSidebar"] a[href$="{target}"]')
    elif path == "home":
        target = "/"
        link = page.locator(f'[data-testid="stSidebarNav"] a[href="{base}/"]')
    else:
        target = f"/{path}"
        link = page.locator(f'[data-testid="stSidebarNav"] a[href$="{target}"]')
    link.first.dispatch_event("click")
    page.wait_for_function(
        "([p, h]) => location.href.includes(p) && document.querySelector('h1')"
        " && document.querySelector('h1').innerText !== h",
        arg=[target, before],
        timeout=60_000,
    )
    wait_idle(page)


def walk_pages(
    browser: Browser,
    base: str,
    page_paths: list[str],
    lang: str,
    width: int,
    query: str = "",
    scheme: Literal["light", "dark"] = "light",
) -> list[Finding]:
    """One browser page at ``width`` in ``lang``, loaded once and taken from page to page by
    the app's own links (loaded at that width, not resized to it: Streamlit lays a phone's
    page out differently); axe on each page. ``query``: more of the first address (e.g.
    ``&learner=…``). ``scheme``: the browser's colour scheme (Streamlit follows it). The
    sidebar is scanned on the first page only (the same on every page)."""
    found: list[Finding] = []
    page = browser.new_page(
        viewport={"width": width, "height": HEIGHTS.get(width, 800)}, color_scheme=scheme
    )
    try:
        page.add_init_script(AXE_SCRIPT)
        page.goto(url(base, "home", lang) + query)
        wait_idle(page)
        for n, path in enumerate(page_paths):
            if n or path != "home":
                visit(page, base, path, lang)
            found += scan(page, f"{path} {lang} {width}", sidebar=n == 0)
    finally:
        page.close()
    return found


def walk(
    base: str,
    page_paths: list[str],
    langs: Iterable[str],
    widths: Iterable[int],
    query: str = "",
    scheme: Literal["light", "dark"] = "light",
) -> tuple[list[Finding], int]:
    """Every page in every language at every width; the findings, and the number of views."""
    found: list[Finding] = []
    views = 0
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for lang in langs:
            for width in widths:
                got = walk_pages(browser, base, page_paths, lang, width, query, scheme)
                views += len(page_paths)
                found += got
                for f in got:
                    print(f.report(2), file=sys.stderr, flush=True)
        browser.close()
    return found, views


def summary(found: list[Finding], views: int) -> str:
    by_rule: Counter[tuple[str, str]] = Counter()
    by_page: dict[tuple[str, str], Counter[str]] = {}
    for f in found:
        by_rule[(f.rule, f.impact)] += len(f.nodes)
        page = f.view.split(" ")[0].split("&step=")[0]
        by_page.setdefault((f.rule, f.impact), Counter())[page] += len(f.nodes)
    lines = [f"{views} page views; {sum(by_rule.values())} nodes in violation"]
    for (rule, impact), n in by_rule.most_common():
        pages = ", ".join(f"{p} {k}" for p, k in by_page[(rule, impact)].most_common())
        lines.append(f"  {rule} ({impact}): {n} nodes — {pages}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--langs", nargs="+", default=list(LANGS))
    ap.add_argument("--widths", nargs="+", type=int, default=list(WIDTHS))
    ap.add_argument("--steps", action="store_true", help="every lesson step, not only the first")
    ap.add_argument("--only", nargs="+", help="these page paths only (e.g. home lesson?lesson=x)")
    ap.add_argument("--url", help="an app already running here (else one is started)")
    ap.add_argument("--json", type=Path, help="write every finding here")
    ap.add_argument("--dark", action="store_true", help="the browser asks for a dark theme")
    ap.add_argument(
        "--fresh", action="store_true", help="a new learner (default: one with something to show)"
    )
    a = ap.parse_args(argv)
    page_paths = a.only or paths(steps=a.steps)
    scheme: Literal["light", "dark"] = "dark" if a.dark else "light"
    if a.url:
        found, views = walk(a.url.rstrip("/"), page_paths, a.langs, a.widths, "", scheme)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            db = Path(tmp) / "p.sqlite3"
            query = ""
            if not a.fresh:
                seed(ProgressStore(db))
                query = f"&learner={SEEDED}"
            with running_app(db) as base:
                found, views = walk(base, page_paths, a.langs, a.widths, query, scheme)
    print(summary(found, views))
    if a.json:
        a.json.write_text(json.dumps([f.__dict__ for f in found], indent=1, ensure_ascii=False))
    return 1 if severe(found) else 0


if __name__ == "__main__":
    sys.exit(main())

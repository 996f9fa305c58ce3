"""The home page on a phone (320×640, Chromium): each lesson's link, progress bar and stars
read as one lesson. The three columns stack on a phone, and the stars line, last, stood
right above the next lesson's link with nothing between them, so it read as the start of
the next lesson (NOTES, session 6 tester; session 7 pages-tester)."""

from __future__ import annotations

from pathlib import Path

from tests.ui.test_browser import ARGS, CHROMIUM, pw, server, wait_idle
from tutorial.lessons.course import load_course

__all__ = ["server"]

# for each lesson link in the page: the nearest element drawn with a border (a frame) that
# holds both the link and the stars line after it, and whether that frame also holds the
# next lesson's link
GROUPS = """() => {
  const links = [...document.querySelectorAll('[data-testid="stMain"] a')]
    .filter(a => /(^|\\n)\\d+\\. /.test(a.innerText.trim()));
  const stars = [...document.querySelectorAll('[data-testid="stMain"] p')]
    .filter(p => /[★☆]{3}/.test(p.innerText));
  return links.map((a, i) => {
    let box = a.parentElement;
    while (box && !box.contains(stars[i])) box = box.parentElement;
    const main = document.querySelector('[data-testid="stMain"]');
    const framed = (e) => ['Top', 'Bottom'].every(
      (side) => parseFloat(getComputedStyle(e)['border' + side + 'Width']) > 0);
    while (box && box !== main && !framed(box)) box = box.parentElement;
    return {
      lesson: a.innerText.trim().split('\\n').pop(),
      bordered: Boolean(box) && box !== main,
      holds_next: Boolean(box) && i + 1 < links.length && box.contains(links[i + 1]),
    };
  });
}"""


def test_each_lesson_s_stars_sit_in_that_lesson_s_box_on_a_phone(
    server: str, tmp_path: Path
) -> None:
    n = len(load_course().lessons)
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 320, "height": 640})
        page.goto(f"{server}/?lang=pt")
        wait_idle(page)
        page.get_by_text("☆☆☆", exact=False).nth(n - 1).wait_for(timeout=60_000)
        # the links are drawn with the stars, or a moment after them under load: wait until
        # every lesson's link is there (read at once, it found none once in four loaded runs)
        page.wait_for_function(f"({GROUPS})().length === {n}", timeout=60_000)
        page.screenshot(path=str(tmp_path / "home-pt-320.png"))
        groups = page.evaluate(GROUPS)
        browser.close()
    assert len(groups) == n, groups
    loose = [g["lesson"] for g in groups if not g["bordered"] or g["holds_next"]]
    assert loose == [], f"stars not boxed with their own lesson at 320 px: {loose}"

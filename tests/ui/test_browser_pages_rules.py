"""The rules reference on a phone (320×640, Chromium): the game picker's options are whole
buttons. A segmented control draws its options as one bar whose inner edges are shared;
on a phone the Spanish labels wrap it onto two rows and the first option lost its right
edge, an open box (session 7, pages-tester)."""

from __future__ import annotations

from pathlib import Path

from tests.ui.test_browser import ARGS, CHROMIUM, pw, server, wait_idle

__all__ = ["server"]

EDGES = """() => [...document.querySelectorAll(
    '[data-testid="stMain"] [data-testid="stButtonGroup"] button')].map(b => {
  const c = getComputedStyle(b); const r = b.getBoundingClientRect();
  const seen = (w, colour) => parseFloat(w) > 0 && colour !== 'rgba(0, 0, 0, 0)';
  return { text: b.innerText, x0: r.left, x1: r.right,
    whole: seen(c.borderLeftWidth, c.borderLeftColor) && seen(c.borderRightWidth,
      c.borderRightColor) && [c.borderTopLeftRadius, c.borderTopRightRadius,
      c.borderBottomLeftRadius, c.borderBottomRightRadius].every(x => parseFloat(x) > 0) };
})"""


def test_the_game_picker_s_options_are_whole_on_a_phone(server: str, tmp_path: Path) -> None:
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 320, "height": 640})
        page.goto(f"{server}/rules?lang=es")
        wait_idle(page)
        page.get_by_text("Cinch clásico a 51").first.wait_for(timeout=60_000)
        page.screenshot(path=str(tmp_path / "rules-es-320.png"))
        options = page.evaluate(EDGES)
        browser.close()
    assert len(options) == 2, options
    broken = [o["text"] for o in options if not o["whole"]]
    assert broken == [], f"options drawn without an edge at 320 px: {broken}"
    assert all(o["x0"] >= 0 and o["x1"] <= 320 for o in options), options

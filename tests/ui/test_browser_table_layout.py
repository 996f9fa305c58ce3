"""The card table's layout in Chromium at 1280 and 320 px, measured on the boxes the browser
draws (no app server: the tables are the pages' own HTML, put in a column as wide as the
app's, see :mod:`tests.ui.tablecases`): the trick area on a phone keeps one compact height
whether it is empty or full, a side seat's fanned hand lies on one row, and the seat titles
break only between their parts (never inside "votre partenaire", never a line that starts
with "·", the letter with its role), in the four languages."""

from __future__ import annotations

import os
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from tests.ui.tablecases import drill_table, game_until, page, practice_table
from tests.ui.test_browser import ARGS, CHROMIUM, pw
from tutorial.i18n import get_translator
from tutorial.ui.table import svg

SHOTS = Path(os.environ.get("CINCH_SHOTS", "/tmp/cinch-table-layout"))


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with pw.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def show(browser: Any, html: str, width: int, name: str) -> Any:
    tab = browser.new_page(viewport={"width": width, "height": 900})
    tab.set_content(page(html, width))
    SHOTS.mkdir(parents=True, exist_ok=True)
    tab.locator(".cc-table").screenshot(path=str(SHOTS / f"{name}-{width}.png"))
    return tab


def box(tab: Any, selector: str) -> dict[str, float]:
    found = tab.locator(selector).first.bounding_box()
    assert found is not None, selector
    return dict(found)


MOMENTS = ("bid", "first-card", "full-trick")


def test_the_trick_area_on_a_phone_is_compact_and_keeps_its_height(browser: Any) -> None:
    """~150 px of green while nothing was played (deal, bidding, refill): now one compact
    height, the same with 0, 1 or 4 cards (the table does not jump when the first card
    comes), every card inside it, none over another, C above A, B left of D."""
    heights = {}
    for moment in MOMENTS:
        tab = show(browser, practice_table("fr", game_until(7, moment)), 320, f"trick-{moment}")
        trick = box(tab, ".cc-trick")
        heights[moment] = trick["height"]
        plays = {}
        for seat in "ABCD":
            if tab.locator(f'.cc-play[data-seat="{seat}"]').count():
                plays[seat] = box(tab, f'.cc-play[data-seat="{seat}"]')
        for seat, b in plays.items():  # inside the trick area
            assert b["y"] >= trick["y"] - 0.5, (moment, seat, b, trick)
            assert b["y"] + b["height"] <= trick["y"] + trick["height"] + 0.5, (moment, seat, b)
            assert (
                b["x"] >= trick["x"] - 0.5
                and b["x"] + b["width"] <= trick["x"] + trick["width"] + 0.5
            ), (moment, seat, b, trick)
        cards = {s: box(tab, f'.cc-play[data-seat="{s}"] svg') for s in plays}
        seats = sorted(cards)
        for i, s in enumerate(seats):  # no card over another
            for o in seats[i + 1 :]:
                a, b = cards[s], cards[o]
                apart = a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                assert apart or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"]
        if len(plays) == 4:
            mid_x, mid_y = trick["x"] + trick["width"] / 2, trick["y"] + trick["height"] / 2
            centre = {
                s: (b["x"] + b["width"] / 2, b["y"] + b["height"] / 2) for s, b in plays.items()
            }
            assert centre["C"][1] < mid_y < centre["A"][1], centre
            assert centre["B"][0] < mid_x < centre["D"][0], centre
        tab.close()
    assert heights["bid"] <= 100, heights  # was 150
    assert len(set(heights.values())) == 1, heights


def led_by(leader: str, lang: str) -> str:
    """A full trick led by ``leader`` (its tag "D · entame" in French), the second card on a
    pile of two, drawn by :func:`svg.table_html` with the table's own words."""
    t = get_translator(lang)
    at = "ABCD".index(leader)
    order = "ABCD"[at:] + "ABCD"[:at]
    cards = dict(zip(order, ("9H", "QH", "2H", "AH"), strict=True))
    plays = [
        svg.Play(
            s,
            svg.CardView(cards[s], cards[s], winner=(s == order[3])),
            (svg.CardView("3C", "3C"),) if n == 1 else (),
            t("led") if n == 0 else "",
        )
        for n, s in enumerate(order)
    ]
    titles = {s: t("{seat} · opponent", seat=s) for s in "ABCD"}
    return svg.table_html(svg.TableView(2, t("No trump yet"), titles, {}, plays, ""))


def inside(b: dict[str, float], area: dict[str, float]) -> bool:
    return (
        area["x"] - 0.5 <= b["x"]
        and b["x"] + b["width"] <= area["x"] + area["width"] + 0.5
        and area["y"] - 0.5 <= b["y"]
        and b["y"] + b["height"] <= area["y"] + area["height"] + 0.5
    )


@pytest.mark.parametrize("width", [1280, 320])
@pytest.mark.parametrize("leader", ["A", "B", "C", "D"])
def test_the_trick_area_holds_a_full_trick_at_both_widths(
    browser: Any, width: int, leader: str
) -> None:
    """Every card and its tag ("D · entame") inside the trick area, each tag on one line
    (at 320 px D's tag wrapped: "D ·" / "entame")."""
    tab = show(browser, led_by(leader, "fr"), width, f"trick-led-{leader}")
    trick = box(tab, ".cc-trick")
    for seat in "ABCD":
        b = box(tab, f'.cc-play[data-seat="{seat}"]')
        assert inside(b, trick), (seat, b, trick)
        tag = tab.locator(f'.cc-play[data-seat="{seat}"] > span').first
        high = tag.evaluate("(e) => parseFloat(getComputedStyle(e).fontSize) * 1.6")
        assert box(tab, f'.cc-play[data-seat="{seat}"] > span')["height"] < high, (
            seat,
            tag.inner_text(),
        )
    tab.close()


ROWS = """(seat) => { const tops = new Set(); const out = [];
  for (const c of seat.querySelectorAll('.cc-hand svg')) {
    const r = c.getBoundingClientRect(); tops.add(Math.round(r.top));
    out.push([r.left, r.right]); }
  const s = seat.getBoundingClientRect();
  return { rows: tops.size, cards: out, left: s.left, right: s.right }; }"""


@pytest.mark.parametrize(
    ("kind", "seed", "width", "least"),
    [
        ("refill", 1, 1280, 9),  # nine cards at B and D: wrapped to 6 + 3 (1280) or 5 + 4
        ("refill", 1, 320, 9),
        ("legal-plays", 2, 320, 6),  # six at B
        ("legal-plays", 2, 1280, 6),
    ],
)
def test_a_side_seats_hand_lies_on_one_row(
    browser: Any, kind: str, seed: int, width: int, least: int
) -> None:
    tab = show(browser, drill_table("fr", kind, seed, 1), width, f"hands-{kind}")
    seen = 0
    for seat in "ABCD":
        got = tab.locator(f'.cc-seat[data-seat="{seat}"]').evaluate(ROWS)
        if not got["cards"]:
            continue
        seen = max(seen, len(got["cards"]))
        assert got["rows"] == 1, (seat, got["rows"], len(got["cards"]))
        lefts = [c[0] for c in got["cards"]]
        # inside the seat's panel, and each card shows a strip wide enough for its rank
        assert lefts[0] >= got["left"] and got["cards"][-1][1] <= got["right"], (seat, got)
        strips = [b - a for a, b in pairwise(lefts)]
        assert min(strips) >= 10, (seat, strips)
    assert seen >= least
    tab.close()


CHARS = """(title) => { const out = []; const t = title.getBoundingClientRect();
  const walk = document.createTreeWalker(title, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    for (let i = 0; i < n.data.length; i++) {
      const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + 1);
      const b = r.getBoundingClientRect();
      const shown = b.width > 0 && b.right > t.left + 0.5 && b.left < t.right - 0.5;
      out.push({ ch: n.data[i], top: b.top, bottom: b.bottom, left: b.left, shown }); } }
  return out; }"""


def lines_of(chars: list[dict[str, Any]]) -> list[list[int]]:
    """The indexes of the visible characters, line by line (a new line where a character
    starts below the current line's middle)."""
    lines: list[list[int]] = []
    bottom = None
    for i, c in enumerate(chars):
        if not c["shown"] or not c["ch"].strip():
            continue
        if bottom is None or c["top"] >= bottom - 3:
            lines.append([])
        lines[-1].append(i)
        bottom = (
            c["bottom"] if bottom is None or c["top"] >= bottom - 3 else max(bottom, c["bottom"])
        )
    return lines


def parts_of(text: str, seat: str) -> list[tuple[int, int]]:
    """(start, end) of each part of a title: split at " · ", and "B (partner D)" into the
    letter and "(partner D)"."""
    out, at = [], 0
    for part in text.split(" · "):
        if at == 0 and part.startswith(seat + " "):
            out += [(0, 1), (2, len(part))]
        else:
            out.append((at, at + len(part)))
        at += len(part) + 3
    return out


@pytest.mark.parametrize("lang", ["es", "pt", "fr", "en"])
@pytest.mark.parametrize("width", [320, 1280])
def test_seat_titles_break_only_between_their_parts(browser: Any, lang: str, width: int) -> None:
    tables = {
        "play-bid": practice_table(lang, game_until(7, "bid")),  # D is the dealer
        "play-trick": practice_table(lang, game_until(7, "full-trick")),
        "refill": drill_table(lang, "refill", 1, 1),  # "C (partner A) · dealer"
    }
    for name, html in tables.items():
        tab = show(browser, html, width, f"titles-{name}-{lang}")
        for seat in "ABCD":
            title = tab.locator(f'.cc-seat[data-seat="{seat}"] .cc-seat-title')
            text = title.text_content() or ""
            chars = title.evaluate(CHARS)
            assert "".join(c["ch"] for c in chars) == text
            lines = lines_of(chars)
            shown = ["".join(chars[i]["ch"] for i in line) for line in lines]
            where = (name, lang, width, seat, text, shown)
            line_of = {i: n for n, line in enumerate(lines) for i in line}
            for line in shown:
                assert not line.startswith("·") and not line.endswith("·"), where
            for start, end in parts_of(text, seat):
                inside = {line_of[i] for i in range(start, end) if i in line_of}
                assert len(inside) == 1, (text[start:end], where)
            if " · " in text and not text.startswith(seat + " ("):  # "D · opponent": together
                assert line_of[0] == line_of[text.index(" · ") + 3], where
            # the notes never beside a title of several lines (they read as part of it:
            # "C · 9 cartas" / "· o seu parceiro")
            if len(lines) > 1 and not text.startswith(seat + " ("):
                t = box(tab, f'.cc-seat[data-seat="{seat}"] .cc-seat-title')
                n = box(tab, f'.cc-seat[data-seat="{seat}"] .cc-note')
                assert n["y"] >= t["y"] + t["height"] - 1, where
        tab.close()


@pytest.mark.parametrize("width", [360, 320])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_on_a_phone_the_practice_table_is_laid_out_as_a_table(
    browser: Any, width: int, lang: str
) -> None:
    """On a phone the seats sit as at a table: C's panel at the top, B's on the left and D's
    on the right under it, the trump line and the trick below them (each card on its
    seat's side), A's panel at the bottom — not the trump line over an empty band of green
    at the top with C's panel between it and B and D (issue 23, item 6). About as tall as
    the stacked layout was (419–535 px in the four languages at 320 and 360 px; now at most
    551)."""
    for moment in MOMENTS:
        table_of = practice_table(lang, game_until(7, moment))
        tab = show(browser, table_of, width, f"phone-{lang}-{moment}")
        trick = box(tab, ".cc-trick")
        trump = box(tab, ".cc-trump")
        seat = {s: box(tab, f'.cc-seat[data-seat="{s}"]') for s in "ABCD"}
        table = box(tab, ".cc-table")
        where = (lang, width, moment)
        assert seat["C"]["y"] + seat["C"]["height"] <= trump["y"] + 0.5, where
        assert trump["y"] + trump["height"] <= trick["y"] + 0.5, where
        assert trick["y"] + trick["height"] <= seat["A"]["y"] + 0.5, where
        assert seat["B"]["x"] + seat["B"]["width"] <= seat["D"]["x"] + 0.5, where
        for side in "BD":  # between C and the trick, around which their cards lie
            b = seat[side]
            assert seat["C"]["y"] + seat["C"]["height"] <= b["y"] + 0.5, where
            assert b["y"] + b["height"] <= trump["y"] + 0.5, where
        if moment == "full-trick":  # each card on its seat's side: B left, D right
            cards = {s: box(tab, f'.cc-play[data-seat="{s}"] svg') for s in "ABCD"}
            assert cards["B"]["x"] < cards["C"]["x"] < cards["D"]["x"], where
            assert cards["B"]["x"] < cards["A"]["x"] < cards["D"]["x"], where
            assert cards["C"]["y"] < cards["A"]["y"], where
        assert table["width"] <= width, where  # nothing sticks out of the phone's screen
        assert table["height"] <= 560, (where, table["height"])
        tab.close()

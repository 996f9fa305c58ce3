"""The card table of every scenario moment: hands in playing order, useful seat panels,
the leader marked, a legend in every language, no heading anchors."""

from __future__ import annotations

import re

import pytest

from tests.ui.test_app import COURSE
from tutorial.engine.cards import Card
from tutorial.engine.trumps import EFFECTIVE_SUIT, TRUMP_ORDER
from tutorial.i18n import LANGS, get_translator
from tutorial.ui.table.moment import frame_table, taken_so_far

FRAMES = [
    (f"{lesson.id}/{step.id}/{f['id']}", step.scenario.replay, i)
    for lesson in COURSE.lessons
    for step in lesson.steps
    if step.scenario is not None and step.scenario.replay.kind in ("trick", "hand", "legal")
    for i, f in enumerate(step.scenario.replay.frames)
]
EN = get_translator("en")


def _seats(html: str) -> dict[str, str]:
    parts = re.split(r'(?=<div class="cc-seat )', html)
    out = {}
    for p in parts[1:]:
        seat = re.search(r'data-seat="([ABCD])"', p)
        assert seat
        out[seat.group(1)] = p.split('<div class="cc-middle"')[0]
    return out


def _hand(seat_html: str) -> list[str]:
    return [Card.parse(c).code for c in re.findall(r'data-card="([^"]+)"', seat_html)]


def test_a_hand_is_sorted_by_effective_suit_trumps_in_trump_order() -> None:
    # lesson 7 step 1: hearts trump, the left Pedro (5♦) must sit with the trumps
    seen_left_pedro = False
    for name, rep, i in FRAMES:
        frame = rep.frames[i]
        if not frame.get("trump") or not frame.get("hands"):
            continue
        trump = "CDHS".index(frame["trump"])
        for seat, part in _seats(frame_table(EN, rep.timeline[i], rep.profile)).items():
            cards = [Card.parse(c).index for c in _hand(part)]
            suits = [EFFECTIVE_SUIT[trump][c] for c in cards]
            # each effective suit in one block
            blocks = [s for k, s in enumerate(suits) if k == 0 or suits[k - 1] != s]
            assert len(blocks) == len(set(blocks)), (name, seat, _hand(part))
            trumps = [c for c in cards if EFFECTIVE_SUIT[trump][c] == trump]
            assert cards[: len(trumps)] == trumps, (name, seat, "trumps first")
            assert trumps == sorted(trumps, key=TRUMP_ORDER[trump].index), (name, seat)
            plain = [c for c in cards if EFFECTIVE_SUIT[trump][c] != trump]
            for s in set(suits) - {trump}:
                ranks = [c % 13 for c in plain if c // 13 == s]
                assert ranks == sorted(ranks, reverse=True), (name, seat)
            if (3 - trump) * 13 + 3 in cards:
                seen_left_pedro = True
    assert seen_left_pedro, "some lesson hand holds a left Pedro"


@pytest.mark.parametrize("name,rep,i", [x for x in FRAMES if x[1].kind != "legal"][:60])
def test_every_seat_panel_says_something(name: str, rep, i: int) -> None:  # type: ignore[no-untyped-def]
    frame = rep.frames[i]
    html = frame_table(EN, rep.timeline[i], rep.profile, taken=taken_so_far(rep.timeline, i))
    for seat, part in _seats(html).items():
        notes = re.findall(r'<span class="cc-note">([^<]+)</span>', part)
        assert notes, (name, seat)
        line = notes[0]
        if seat in (frame.get("hands") or {}):
            assert f"{len(frame['hands'][seat])} card" in line
        else:
            assert "cards not shown" in line
        assert re.search(r"\d+ tricks?", line) and re.search(r"\d+ points?", line), line
        if frame.get("leader") == seat:
            assert "cc-lead" in part.split(">")[0] and line.startswith("leads")


def test_tricks_and_points_taken_add_up_in_a_whole_hand() -> None:
    lesson = COURSE.lesson("trumps-and-points")
    step = next(x for x in lesson.steps if x.scenario and x.scenario.replay.kind == "hand")
    assert step.scenario is not None
    rep = step.scenario.replay
    last = max(i for i, f in enumerate(rep.frames) if re.fullmatch(r"t\d+", f["id"]))
    taken = taken_so_far(rep.timeline, last)
    assert sum(n for n, _ in taken.values()) == len(rep.result["tricks"])
    assert sum(p for _, p in taken.values()) == sum(x["points"] for x in rep.result["tricks"])


def test_the_leaders_card_is_marked_and_plays_sit_at_their_seats() -> None:
    name, rep, i = next(x for x in FRAMES if len(x[1].frames[x[2]].get("trick") or []) == 4)
    frame = rep.frames[i]
    html = frame_table(EN, rep.timeline[i], rep.profile)
    plays = re.findall(r'<div class="cc-play cc-at-([ABCD])" data-seat="([ABCD])">', html)
    assert [a for a, b in plays if a == b] == [p["seat"] for p in frame["trick"]], name
    first = frame["trick"][0]["seat"]
    assert f"<span>{first} · led</span>" in html


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_has_a_legend_in_every_language_and_no_heading_anchors(lang: str) -> None:
    _name, rep, i = FRAMES[0]
    html = frame_table(get_translator(lang), rep.timeline[i], rep.profile)
    items = re.findall(r"<li><svg[^>]*aria-hidden=\"true\".*?<span>([^<]+)</span></li>", html)
    assert len(items) == 7, items  # the ◆ lead mark too (issue 23)
    if lang != "en":
        english = re.findall(
            r"<span>([^<]+)</span></li>", frame_table(EN, rep.timeline[i], rep.profile)
        )
        assert not set(items) & set(english), (lang, items)
    assert not re.search(r"<h[1-6]", html)  # Markdown would add "link to heading" anchors
    assert 'role="heading"' in html


@pytest.mark.parametrize("kind", ["trick-winner", "legal-plays", "refill"])
def test_a_drill_table_has_useful_seat_panels_and_the_legend(kind: str) -> None:
    from tutorial.drills.kinds import generate
    from tutorial.ui.table.moment import puzzle_table

    for seed in range(5):
        p = generate(kind, seed, 2)
        html = puzzle_table(EN, p.show, p.profile)
        assert html.count('class="cc-note"') == 4
        assert len(re.findall(r"<li><svg", html)) == 7
        assert "outline and star" in html and "cc-win" not in html  # the answer is not shown
        table = p.show.table
        for play in table.trick or ():
            assert f'class="cc-play cc-at-{play.seat.letter}"' in html
        if table.leader is not None:
            assert f'cc-lead" data-seat="{table.leader.letter}"' in html

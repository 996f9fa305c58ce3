"""Drills: valid puzzles whose answers are the engine's, complete explanations in four
languages, deterministic seeds, difficulty features, judging, links, spaced repetition."""

import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from hypothesis import given, settings
from hypothesis import strategies as st

from tutorial.cli import main
from tutorial.drills import practice
from tutorial.drills.kinds import ALL_LINKS, DIFFICULTIES, KINDS, generate
from tutorial.drills.model import Line, PointsShow
from tutorial.drills.render import check, describe, render
from tutorial.engine.cards import parse_index
from tutorial.engine.trumps import LEFT_PEDRO, RIGHT_PEDRO, TRUMP_MASK
from tutorial.i18n import LANGS, LOCALES_DIR, get_translator
from tutorial.lessons.course import load_course
from tutorial.progress import ProgressStore, new_learner_code
from tutorial.scenario.replay import replay
from tutorial.yamldoc import Where, YamlDoc

CATALOG_IDS = {}
for _lang in LANGS:
    with (LOCALES_DIR / _lang / "LC_MESSAGES" / "messages.po").open("rb") as _fh:
        CATALOG_IDS[_lang] = {
            m.id if isinstance(m.id, str) else m.id[0]: m.string
            for m in read_po(_fh, locale=_lang)
            if m.id
        }


def engine_answer(p):  # type: ignore[no-untyped-def]
    """The answer recomputed here from the engine's replay of the puzzle's scenario."""
    r = replay(p.scenario, Where(YamlDoc("t", p.scenario, None))).result
    if p.kind == "trick-winner":
        return (r["winning_card"],)
    if p.kind == "legal-plays":
        return tuple(r["legal"])
    if p.kind in ("hand-points",):
        return (r["points"]["AC"], r["points"]["BD"])
    if p.kind == "score-update":
        return (r["after"]["AC"], r["after"]["BD"])
    if p.kind == "game-end":
        return r["winner"] or "none"
    return tuple(len(r["refill"]["received"][s]) for s in "ABCD")


@settings(max_examples=240, deadline=None)
@given(
    kind=st.sampled_from(KINDS),
    difficulty=st.sampled_from(DIFFICULTIES),
    seed=st.integers(min_value=0, max_value=2**31 - 1),
)
def test_puzzle_is_valid_answered_by_the_engine_and_explained_in_four_languages(
    kind: str, difficulty: int, seed: int
) -> None:
    p = generate(kind, seed, difficulty)
    assert p.answer == engine_answer(p)
    assert check(p, list(p.answer) if isinstance(p.answer, tuple) else p.answer)
    assert p.explanation
    for lang in LANGS:
        t = get_translator(lang)
        for line in (p.prompt, *p.explanation):
            text = render(t, line)
            assert text and not re.search(r"\{[a-z_]+\}", text), (lang, line.msg)
            for part in (line, *(v for v in line.values.values() if isinstance(v, Line))):
                assert CATALOG_IDS[lang].get(part.msgid), f"{lang}: untranslated {part.msg!r}"
        for sentence in describe(t, p):
            assert "{" not in sentence


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_same_seed_same_puzzle(kind: str, difficulty: int) -> None:
    a, b = generate(kind, 123, difficulty), generate(kind, 123, difficulty)
    assert a == b
    assert any(generate(kind, s, difficulty).scenario != a.scenario for s in range(124, 130))


def _cards(p):  # type: ignore[no-untyped-def]
    out = []
    for c in p.scenario["cards"]:
        out.extend(c if isinstance(c, list) else [c])
    return [parse_index(c) for c in out]


def test_trick_winner_difficulties() -> None:
    for seed in range(60):
        p1, p2, p3 = (generate("trick-winner", seed, d) for d in (1, 2, 3))
        t1 = "CDHS".index(p1.scenario["trump"])
        assert not any((TRUMP_MASK[t1] >> c) & 1 for c in _cards(p1))
        t2 = "CDHS".index(p2.scenario["trump"])
        assert LEFT_PEDRO[t2] in _cards(p2)
        t3 = "CDHS".index(p3.scenario["trump"])
        assert {LEFT_PEDRO[t3], RIGHT_PEDRO[t3]} <= set(_cards(p3))
        assert any(isinstance(c, list) for c in p3.scenario["cards"])


def test_other_kinds_difficulties() -> None:
    for seed in range(40):
        legal3 = generate("legal-plays", seed, 3)
        trump = "CDHS".index(legal3.scenario["trump"])
        assert (TRUMP_MASK[trump] >> parse_index(legal3.scenario["cards"][0])) & 1
        s2 = generate("score-update", seed, 2)
        assert s2.scenario["points"][s2.scenario["bidder"]] < s2.scenario["bid"]
        g2 = generate("game-end", seed, 2)
        assert min(g2.scenario["before"].values()) >= 55
        r2 = generate("refill", seed, 2)
        assert 0 in r2.answer
        r3 = generate("refill", seed, 3)
        assert "reshuffle" in r3.scenario
        h2 = generate("hand-points", seed, 2)
        assert isinstance(h2.show, PointsShow) and len(h2.show.held_by) == 1
        assert generate("hand-points", seed, 3).profile == "classic-51"


def test_any_right_answer_is_accepted_and_wrong_ones_are_not() -> None:
    p = next(
        generate("legal-plays", s, 2)
        for s in range(50)
        if len(generate("legal-plays", s, 2).answer) > 2
    )
    assert check(p, list(reversed(p.answer)))
    assert check(p, [c.replace("T", "10") for c in p.answer])
    assert not check(p, list(p.answer)[:-1])
    q = generate("score-update", 1, 1)
    assert check(q, [str(q.answer[0]), q.answer[1]])
    assert not check(q, [q.answer[0] + 1, q.answer[1]])
    assert not check(q, ["x", 1])
    g = generate("game-end", 1, 2)
    assert check(g, g.answer) and not check(g, "nobody")


def test_every_explanation_links_to_a_real_lesson_step() -> None:
    course = load_course()
    for lesson_id, step_id in ALL_LINKS:
        lesson = course.lesson(lesson_id)
        assert lesson is not None and lesson.step(step_id) is not None, (lesson_id, step_id)


def test_wrong_answers_come_back_sooner(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "p.sqlite3")
    learner = new_learner_code()
    t0 = 1_796_220_000.0
    for i in range(3):
        practice.record(store, learner, "trick-winner", 1, True, at=t0 + 700 * i)
    practice.record(store, learner, "refill", 1, False, at=t0 + 1400)
    _, stats = practice.load(store, learner)
    assert stats[("trick-winner", 1)].streak == 3
    assert stats[("trick-winner", 1)].card.state == 2  # FSRS's Review: scheduled in days
    assert stats[("refill", 1)].card.state == 1 and stats[("refill", 1)].card.step == 0
    assert stats[("trick-winner", 1)].card.due > stats[("refill", 1)].card.due
    nxt = practice.next_up(stats, [("trick-winner", 1), ("refill", 1)], at=t0 + 1500)
    assert nxt == ("refill", 1)
    assert stats[("trick-winner", 1)].accuracy == 1.0


def test_cinch_drill_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "drill",
                "--kind",
                "refill",
                "--seed",
                "3",
                "--difficulty",
                "3",
                "--lang",
                "pt",
                "--json",
            ]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["kind"] == "refill" and data["lang"] == "pt"
    assert len(data["answer"]) == 4 and data["explanation"]
    assert all(line["text"] and "{" not in line["text"] for line in data["explanation"])


def test_cinch_drill_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["drill", "--kind", "trick-winner", "--seed", "7", "--difficulty", "3"]) == 0
    out = capsys.readouterr().out
    assert "Which card wins this trick?" in out and "Answer:" in out

"""Content checks of the loader (tutorial/lessons/lint.py): doubled quiz feedback, stated
narration facts against the replay, and card mentions across the four languages."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from tutorial.cli import main
from tutorial.i18n import LANGS
from tutorial.lessons.course import load_course
from tutorial.lessons.feedback import opening_verdict

ROOT = Path(__file__).resolve().parents[2]


def text(word: str) -> dict[str, str]:
    return {lang: f"{word} ({lang})" for lang in LANGS}


HAND = {
    k: v
    for k, v in yaml.safe_load(
        (ROOT / "lessons" / "scenarios" / "08-classic-low-in-play.yaml").read_text("utf-8")
    ).items()
    if k != "expect"
}
"""Lesson 08's classic-51 hand (the one whose trick-4 narration was wrong)."""


def lesson(narration: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    trick = {"kind": "trick", "trump": "H", "leader": "A", "cards": ["KC", "5D", "6H", "5H"]}
    q = {
        "type": "single",
        "prompt": text("who?"),
        "hint": text("h"),
        "right": text("r"),
        "wrong": text("w"),
        "options": [{"id": s, "text": text(s)} for s in "ABCD"],
        "answer": "C",
    }
    return {
        "id": "fixture",
        "number": 1,
        "profile": "classic-51",
        "title": text("title"),
        "intro": text("intro"),
        "steps": [
            {
                "id": "s1",
                "title": text("s1"),
                "text": text("one"),
                "scenario": HAND,
                "narration": narration or [{"at": "t4", "text": text("n")}],
            },
            {"id": "s2", "title": text("s2"), "text": text("two"), "scenario": trick},
            {"id": "s3", "title": text("s3"), "text": text("three")},
            {"id": "s4", "title": text("s4"), "text": text("four")},
        ],
        "questions": [{**copy.deepcopy(q), "id": f"q{i}", "step": i + 1} for i in range(4)],
    }


def problems(tmp_path: Path, data: dict[str, Any]) -> list[str]:
    root = tmp_path / "lessons"
    root.mkdir()
    (root / "manifest.yaml").write_text(yaml.safe_dump({"lessons": ["01-fixture.yaml"]}))
    (root / "01-fixture.yaml").write_text(yaml.safe_dump(data, allow_unicode=True))
    course = load_course(root)
    return [p for b in course.broken for p in b.problems]


def test_the_fixture_loads(tmp_path: Path) -> None:
    assert problems(tmp_path, lesson()) == []


# -- doubled feedback ---------------------------------------------------------------------
@pytest.mark.parametrize(
    "lang,feedback,verdict",
    [
        ("en", "Right. D sits opposite B.", "right"),
        ("en", "Not yet. Not yet.", "not yet"),
        ("es", "¡Correcto! Correcto.", "correcto"),
        ("es", "Correcto, 52 − 36 = 16.", "correcto"),
        ("pt", "Certo. O 5♦ é trunfo.", "certo"),
        ("fr", "Bonne réponse ! C’est le 6♥.", "bonne réponse"),
        ("fr", "Pas tout à fait. Le 5♦…", "pas tout à fait"),
        ("en", "That's it, 62.", "that’s it"),
        ("en", "No. A and C are partners.", "no"),
    ],
)
def test_a_feedback_opening_with_a_verdict_is_found(lang: str, feedback: str, verdict: str) -> None:
    assert opening_verdict(feedback, lang) == verdict


@pytest.mark.parametrize(
    "lang,feedback",
    [
        ("en", "No trump is lost at the discard."),
        ("en", "D sits opposite B."),
        ("es", "Nadie gana."),
        ("fr", "Non-atouts écartés : il en reste 16."),
        ("en", "Correctly counted, it is 14."),
    ],
)
def test_a_feedback_that_starts_with_the_reason_passes(lang: str, feedback: str) -> None:
    assert opening_verdict(feedback, lang) is None


def test_doubled_feedback_does_not_load(tmp_path: Path) -> None:
    data = lesson()
    data["questions"][1]["right"]["es"] = "Correcto. C gana."
    data["questions"][2]["wrong"]["en"] = "Not yet. Look again."
    found = problems(tmp_path, data)
    assert len(found) == 2
    assert "questions[1].right.es" in found[0] and "'correcto'" in found[0]
    assert "¡Correcto!" in found[0] and re.match(r"lessons/01-fixture\.yaml:\d+: ", found[0])
    assert "questions[2].wrong.en" in found[1] and "Not yet." in found[1]


def test_no_real_feedback_repeats_the_page_s_verdict() -> None:
    course = load_course()
    assert not course.broken
    for x in course.lessons:
        for q in x.questions:
            for lang in LANGS:
                assert opening_verdict(q.right.get(lang), lang) is None, (x.id, q.id, lang)
                assert opening_verdict(q.wrong.get(lang), lang) is None, (x.id, q.id, lang)


# -- stated facts ---------------------------------------------------------------------------
def _with_facts(facts: dict[str, Any], at: str = "t4") -> dict[str, Any]:
    return lesson([{"at": at, "text": text("n"), "facts": facts}])


@pytest.mark.parametrize(
    "at,facts",
    [
        ("t4", {"trumps": {"A": ["4S"], "C": ["JS"], "B": [], "D": []}}),
        ("t4", {"holds": {"C": ["JS"]}, "lacks": {"D": ["JS"]}, "winner": "C"}),
        ("t4c2", {"played": {"B": "TD", "C": "5S"}, "leader": "B"}),
        ("refill", {"hand_size": {"A": 6, "D": 6}}),
        ("t2", {"winner": "B", "winning_card": "KS", "points": 6}),
        ("score", {"points": {"AC": 8, "BD": 6}, "made": True, "owners": {"low": "BD"}}),
    ],
)
def test_true_facts_load(tmp_path: Path, at: str, facts: dict[str, Any]) -> None:
    assert problems(tmp_path, _with_facts(facts, at)) == []


@pytest.mark.parametrize(
    "at,facts,message",
    [
        # the old lesson 08 claim: the only trump left is the partner's 4♠ (C still holds J♠)
        ("t4", {"trumps": {"C": []}}, "C's trumps are none, but C holds JS in trumps"),
        ("t4", {"holds": {"D": ["JS"]}}, "D holds JS, but D holds"),
        ("t4", {"lacks": {"C": ["JS"]}}, "C does not hold JS, but C does"),
        ("t4c2", {"played": {"C": "JS"}}, "C played JS, but at this moment C has played 5S"),
        ("t2", {"winner": "A"}, "winner is 'A', but the replay says 'B'"),
        ("score", {"points": {"AC": 9}}, "points is {'AC': 9}"),
        ("t4", {"colour": "red"}, "unknown fact 'colour'"),
        ("refill", {"hand_size": {"A": 5}}, "A holds 5 cards, but A holds 6"),
        ("t4", {"holds": {"E": ["JS"]}}, "unknown seat 'E'"),
        ("t4", {"holds": {"C": ["XX"]}}, "expected a list of cards"),
        ("deal", {"trumps": {"A": []}}, "trump is not named yet"),
    ],
)
def test_a_fact_the_replay_contradicts_does_not_load(
    tmp_path: Path, at: str, facts: dict[str, Any], message: str
) -> None:
    found = problems(tmp_path, _with_facts(facts, at))
    assert len(found) == 1, found
    assert message in found[0] and "steps[0].narration[0].facts" in found[0]
    assert re.match(r"lessons/01-fixture\.yaml:\d+: steps\[0\]", found[0])


def test_facts_need_a_shown_hand(tmp_path: Path) -> None:
    data = lesson()
    data["steps"][1]["narration"] = [
        {"at": "t1", "text": text("n"), "facts": {"holds": {"B": ["9C"]}}}
    ]
    found = problems(tmp_path, data)
    assert len(found) == 1 and "does not show B's hand" in found[0]


# -- card mentions ---------------------------------------------------------------------------
def test_every_language_names_the_same_cards(tmp_path: Path) -> None:
    data = lesson()
    step = data["steps"][0]
    step["text"] = {"es": "Juega el J♠.", "pt": "Joga o J♠.", "fr": "Il joue le 4♠.", "en": "J♠."}
    found = problems(tmp_path, data)
    assert len(found) == 1
    assert "steps[0].text.fr" in found[0] and "names the cards 4S" in found[0]


def test_a_trick_narration_names_only_cards_on_its_table(tmp_path: Path) -> None:
    data = lesson()
    data["steps"][1]["narration"] = [{"at": "t1", "text": {x: "6♥ beats 5♥ and 9♥" for x in LANGS}}]
    found = problems(tmp_path, data)
    assert len(found) == 1 and "names 9H, which this trick scenario does not have" in found[0]


def test_the_lesson_08_low_narration_is_checked() -> None:
    # lesson 08's Low: "nobody holds 2♥, so Low is C's 3♥" is a checked fact, not a claim
    course = load_course()
    eight = course.lesson("fifty-one-and-variants")
    assert eight is not None
    step = eight.step("low-is-the-lowest-in-play")
    assert step is not None
    refill = next(n for n in step.narration if n.at == "refill")
    assert refill.facts and {"holds", "lacks"} <= set(refill.facts)
    for lang in LANGS:  # 2♥ and C's 3♥ are named in every language
        assert "2♥" in refill.text.get(lang) and "3♥" in refill.text.get(lang)


def test_cinch_lessons_check_rejects_a_contradicted_fact(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    real = ROOT / "lessons"
    root = tmp_path / "lessons"
    root.mkdir()
    for f in real.rglob("*.yaml"):
        target = root / f.relative_to(real)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(f.read_bytes())
    path = root / "08-alternatives.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    bad = copy.deepcopy(data)
    step = next(s for s in bad["steps"] if s["id"] == "low-is-the-lowest-in-play")
    refill = next(n for n in step["narration"] if n["at"] == "refill")
    refill["facts"] = {"lacks": {"C": ["3H"]}}
    path.write_text(yaml.safe_dump(bad, allow_unicode=True, sort_keys=False), encoding="utf-8")
    assert main(["lessons", "check", "--dir", str(root)]) == 2  # invalid content: exit 2 (issue 9)
    out = capsys.readouterr().out
    assert "BROKEN lessons/08-alternatives.yaml" in out
    assert "the narration says C does not hold 3H, but C does" in out


def test_a_card_choice_must_offer_every_card_its_prompt_names(tmp_path: Path) -> None:
    data = lesson()
    q = data["questions"][0]
    q["type"] = "multiple"
    q["prompt"] = {x: "B holds K♣, 5♦ and J♣. Which does B keep?" for x in LANGS}
    q["options"] = [
        {"id": "k", "text": {x: "K♣" for x in LANGS}},
        {"id": "f", "text": {x: "5♦" for x in LANGS}},
    ]
    q["answer"] = ["f"]
    found = problems(tmp_path, data)
    assert len(found) == 1 and "the prompt names JC, but the options do not offer it" in found[0]
    q["options"].append({"id": "j", "text": {x: "J♣" for x in LANGS}})
    (tmp_path / "again").mkdir()
    assert problems(tmp_path / "again", data) == []


def test_lesson_text_is_never_interpolated(tmp_path: Path) -> None:
    data = lesson()
    data["steps"][2]["text"]["pt"] = "B fica com {n} trunfos."
    found = problems(tmp_path, data)
    assert len(found) == 1
    assert "steps[2].text.pt" in found[0] and "{n} is a placeholder" in found[0]


def test_every_wrong_option_of_a_written_choice_question_says_why() -> None:
    """Issue 11: a choice question the engine does not judge (no scenario) writes, for each
    wrong option, why *that* option is wrong, in the four languages, and not just the
    question's one `wrong` text."""
    missing = []
    for lesson in load_course().lessons:
        for q in lesson.questions:
            if q.type not in ("single", "multiple") or q.engine_checked:
                continue
            right = set(q.answer) if isinstance(q.answer, tuple) else {q.answer}
            for o in q.options:
                if o.id in right:
                    continue
                if o.feedback is None:
                    missing.append(f"{lesson.file}: {q.id}: option {o.id}")
                else:
                    assert all(o.feedback.get(lang).strip() for lang in LANGS)
                    assert o.feedback.get("en") != q.wrong.get("en")
    assert not missing, "\n".join(missing)


def _strings(x: Any, path: str) -> list[tuple[str, str]]:
    if isinstance(x, str):
        return [(path, x)]
    if isinstance(x, dict):
        return [s for k, v in x.items() for s in _strings(v, f"{path}.{k}")]
    if isinstance(x, list):
        return [s for i, v in enumerate(x) for s in _strings(v, f"{path}[{i}]")]
    return []


def test_no_text_has_a_full_stop_standing_alone() -> None:
    """The rules reference showed "separate alternatives ." (en), "partida más corta ."
    (es), "partida mais curta ." (pt), "*jouable* ." (fr): a full stop left alone where a
    source was cut (found by the pages tester on the rules page)."""
    alone = re.compile(r"\s\.(?=\s|$)")
    bad = []
    for f in sorted((ROOT / "lessons").glob("*.yaml")):
        for path, s in _strings(yaml.safe_load(f.read_text("utf-8")), f.name):
            if m := alone.search(s):
                bad.append(f"{path}: …{s[max(0, m.start() - 30) : m.end()]!r}")
    assert not bad, "\n".join(bad)


def _texts(x: Any) -> list[Any]:
    """Every :class:`Text` reachable from a lesson object (dataclasses, tuples, mappings)."""
    from dataclasses import fields, is_dataclass

    from tutorial.lessons.model import Text

    if isinstance(x, Text):
        return [x]
    if is_dataclass(x) and not isinstance(x, type):
        return [t for f in fields(x) for t in _texts(getattr(x, f.name))]
    if isinstance(x, tuple | list):
        return [t for v in x for t in _texts(v)]
    if isinstance(x, dict) or hasattr(x, "items"):
        try:
            return [t for v in dict(x).values() for t in _texts(v)]
        except (TypeError, ValueError):
            return []
    return []


def test_french_lesson_texts_keep_their_signs_on_the_line() -> None:
    """Found walking lesson 5 in French at 320 px: "… qui a gagné les autres points / ?
    Réessayez": a plain space before : ; ? ! lets the line break there. Read in French, every
    lesson text has a narrow no-break space before them."""
    course = load_course()
    texts = [t for lesson in course.lessons for t in _texts(lesson)]
    assert len(texts) > 500
    plain = re.compile(r" [:;?!](?=\s|$)")
    bad = [t.fr[:80] for t in texts if plain.search(t.get("fr"))]
    assert not bad, bad[:5]
    assert sum("\u202f" in t.get("fr") for t in texts) > 100
    assert all("\u202f" not in t.get(lang) for t in texts for lang in ("es", "pt", "en"))

"""Drill wording in all four languages: counts through plural forms, suit names in their
grammatical form, the rules stated as they are, no source names; and every number a drill
uses comes from the profile (issue 8, defect 14, the rules section and "Also")."""

import ast
import re
from pathlib import Path

import pytest

from tutorial.drills.kinds import DIFFICULTIES, KINDS, generate
from tutorial.drills.model import Line, Plural
from tutorial.drills.render import describe, render
from tutorial.explain import explain_illegal
from tutorial.i18n import LANGS, get_translator

ROOT = Path(__file__).resolve().parents[2]
KINDS_DIR = ROOT / "tutorial" / "drills" / "kinds"

# a count of one followed by a plural noun, in each language
ONE_PLURAL = {
    "en": r"\b1 (trumps|cards|points)\b",
    "es": r"\b1 (triunfos|cartas|puntos)\b",
    "pt": r"\b1 (trunfos|cartas|pontos)\b",
    "fr": r"\b1 (atouts|cartes|points)\b",
}
SOURCES = r"(?i)pagat|profile|perfil|profil|document|card games cafe|how-to-play|how to play"


def _texts(lang: str):  # type: ignore[no-untyped-def]
    t = get_translator(lang)
    for kind in KINDS:
        for d in DIFFICULTIES:
            for seed in range(12):
                p = generate(kind, seed, d)
                for line in (p.prompt, *p.explanation):
                    yield render(t, line)
                yield from describe(t, p)


@pytest.mark.parametrize("lang", LANGS)
def test_counts_agree_and_no_source_is_named(lang: str) -> None:
    for text in _texts(lang):
        assert not re.search(ONE_PLURAL[lang], text), (lang, text)
        assert "(s)" not in text, (lang, text)
        assert not re.search(SOURCES, text), (lang, text)
        if lang == "en":
            assert not re.search(r"\ba (clubs|diamonds|hearts|spades)\b", text), text
            assert not re.search(r"highest (clubs|diamonds|hearts|spades)\b", text), text


@pytest.mark.parametrize("lang", LANGS)
def test_every_counted_message_has_distinct_forms_for_one_and_many(lang: str) -> None:
    t = get_translator(lang)
    plurals = set()
    for kind in KINDS:
        for d in DIFFICULTIES:
            for seed in range(12):
                p = generate(kind, seed, d)
                for line in p.explanation:
                    for x in (line, *(v for v in line.values.values() if isinstance(v, Line))):
                        if isinstance(x.msg, Plural):
                            plurals.add(x.msg)
    assert len(plurals) >= 5
    for msg in plurals:
        one = t.n(msg.singular, msg.plural, 1, **_DUMMY)
        many = t.n(msg.singular, msg.plural, 7, **_DUMMY)
        assert one.replace("1", "#") != many.replace("7", "#"), (lang, msg)
    pile = explain_illegal(t, {"reason": "pile_wrong_size", "required": "1"})
    piles = explain_illegal(t, {"reason": "pile_wrong_size", "required": "7"})
    assert pile.replace("1", "#") != piles.replace("7", "#") and "(s)" not in pile + piles


_DUMMY = {"seat": "A", "size": 6, "cards": "x", "ac": 3, "bd": 4, "total": 9}


def test_bidder_goes_out_wins_at_the_end_of_the_hand() -> None:
    en = get_translator("en")
    texts = [
        render(en, line) for seed in range(60) for line in generate("game-end", seed, 2).explanation
    ]
    assert any("at the end of this hand they win the game" in x for x in texts)
    assert not any("at once" in x for x in texts)


FORBIDDEN = {14, 51, 55, 62}  # total points, targets, the bidder-goes-out score


def test_no_rule_number_or_profile_name_test_in_the_drill_kinds() -> None:
    files = sorted(KINDS_DIR.glob("*.py"))
    assert len(files) > len(KINDS)  # one module per kind, and what they share
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, int):
                assert node.value not in FORBIDDEN, (path.name, node.lineno, node.value)
            if isinstance(node, ast.Compare):  # "pedro" in name, profile.name == "..."
                sides = (node.left, *node.comparators)
                names = [x for x in sides if _is_name(x)]
                strings = [x for x in sides if isinstance(x, ast.Constant)]
                assert not (names and strings), (path.name, node.lineno)


def _is_name(node: ast.expr) -> bool:
    return (isinstance(node, ast.Name) and node.id in ("name", "profile")) or (
        isinstance(node, ast.Attribute) and node.attr == "name"
    )

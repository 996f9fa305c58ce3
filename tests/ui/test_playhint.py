"""The hint's why and the advisor's figures in the learner's language (no AppTest: the
texts are built from plain data)."""

from __future__ import annotations

import pytest

from tutorial.coach.hint import Hint, Option
from tutorial.engine.actions import parse_action
from tutorial.engine.cards import Card
from tutorial.i18n import LANGS, get_translator
from tutorial.ui.play import hint as playhint

HEARTS = 2


def _card(code: str) -> Option:
    return Option(parse_action(code), 0.0)  # type: ignore[arg-type]


HINT = Hint(
    0,
    (
        Option(parse_action("8H"), 6.4, True, 5, 0),  # type: ignore[arg-type]
        Option(parse_action("5D"), 4.3, True, 1, 5),  # type: ignore[arg-type]
        Option(parse_action("KC"), 3.0),  # type: ignore[arg-type]
    ),
    6,
)


@pytest.mark.parametrize("lang", LANGS)
def test_the_hint_says_the_gain_and_which_card_would_fall(lang: str) -> None:
    tr = get_translator(lang)
    lines = playhint.hint_lines(tr, HINT, HEARTS, "pagat-62")
    assert len(lines) == 3, lines
    gain = "2.1" if lang == "en" else "2,1"
    assert lines[0].startswith("8♥") and gain in lines[0] and "6" in lines[0]
    assert "5 " in lines[1] and "6" in lines[1]  # 5 of 6 deals: the side takes the trick
    pedro = tr("Left Pedro")
    assert "5♦" in lines[2] and pedro in lines[2], lines[2]  # 5♦ (Left Pedro…) would fall


@pytest.mark.parametrize("lang", LANGS)
def test_a_forced_card_and_equal_cards(lang: str) -> None:
    tr = get_translator(lang)
    only = Hint(0, (Option(parse_action("KC"), 1.0),), 6)  # type: ignore[arg-type]
    assert playhint.hint_lines(tr, only, HEARTS, "pagat-62") == [
        tr("{card} is the only card you may play.", card="K♣")
    ]
    tied = Hint(0, (_card("KC"), _card("QC")), 6)
    (line,) = playhint.hint_lines(tr, tied, HEARTS, "pagat-62")
    assert "K♣" in line and Card.parse("QC").pretty in line


def test_numbers_are_written_as_the_language_writes_them() -> None:
    assert playhint.number(get_translator("en"), 2.14) == "2.1"
    assert playhint.number(get_translator("fr"), 2.14) == "2,1"
    assert playhint.number(get_translator("es"), -0.04, signed=True) == "+0,0"  # no "-0,0"
    assert playhint.number(get_translator("pt"), 3, signed=True) == "+3,0"

"""The hint's why and the advisor's figures in the learner's language (no AppTest: the
texts are built from the typed values)."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from tutorial.bots.evaluator import Breakdown, Evaluation, Option
from tutorial.bots.evaluator.outcome import breakdown
from tutorial.coach.advise import advice_of
from tutorial.coach.hint import Followed, Hint
from tutorial.engine.actions import PlayCard, parse_action
from tutorial.engine.cards import Card
from tutorial.i18n import LANGS, get_translator
from tutorial.ui.play import hint as playhint

HEARTS = 2
EMPTY: Breakdown = breakdown([])


def _opt(code: str, value: float, top: float, se: float, best: bool, eq: bool = False) -> Option:
    return Option(parse_action(code), value, 1.0, top - value, se, best, eq, EMPTY)


def _ev(options: list[Option], choice: str, kind: str = "card", worlds: int = 6) -> Evaluation:
    return Evaluation(0, kind, "score", parse_action(choice), tuple(options), worlds, True, "t")


def _card(code: str) -> PlayCard:
    a = parse_action(code)
    assert isinstance(a, PlayCard)
    return a


CLEAR = Hint(
    _ev(
        [
            _opt("8H", 6.4, 6.4, 0, True),
            _opt("5D", 4.3, 6.4, 0.3, False),
            _opt("KC", 3.0, 6.4, 0.5, False),
        ],
        "8H",
    ),
    (Followed(_card("8H"), 6, 5, 0), Followed(_card("5D"), 6, 1, 5)),
)


@pytest.mark.parametrize("lang", LANGS)
def test_the_hint_says_the_gain_and_which_card_would_fall(lang: str) -> None:
    tr = get_translator(lang)
    lines = playhint.hint_lines(tr, CLEAR, HEARTS, "pagat-62")
    assert len(lines) == 3, lines
    gain = "2.1" if lang == "en" else "2,1"
    assert lines[0].startswith("8♥") and gain in lines[0] and "6" in lines[0]
    assert "5." in lines[1] and "6 " in lines[1]  # in 5 of those 6 deals the side takes it
    pedro = tr("Left Pedro")
    assert "5♦" in lines[2] and pedro in lines[2], lines[2]  # 5♦ (Left Pedro…) would fall


def test_the_trick_followed_is_said_to_be_some_of_the_deals_priced() -> None:
    """Failed before: the hint priced its card over the evaluation's worlds ("over 32
    deals") and then followed the trick in the first few of them, but said "in 8 of 8
    possible deals", as if those were all the deals there were: two totals for one hint."""
    tr = get_translator("en")
    many = Hint(
        replace(CLEAR.evaluation, worlds=32),
        (Followed(_card("8H"), 8, 8, 0), Followed(_card("5D"), 8, 1, 3)),
    )
    lines = playhint.hint_lines(tr, many, HEARTS, "pagat-62")
    assert "32 deals" in lines[0], lines
    assert (
        lines[1]
        == "With it, playing this trick to its end in 8 of those deals, your side takes it in 8."
    )
    assert lines[2].endswith("in 3 of those 8 deals."), lines[2]


@pytest.mark.parametrize("lang", LANGS)
def test_a_close_call_is_said_and_names_the_cards(lang: str) -> None:
    tr = get_translator(lang)
    close = Hint(_ev([_opt("KC", 2.0, 2.0, 0, True), _opt("QC", 1.8, 2.0, 0.4, True)], "KC"))
    lines = playhint.hint_lines(tr, close, HEARTS, "pagat-62")
    assert "K♣" in lines[0] and len(lines) == 2
    assert "K♣" in lines[1] and Card.parse("QC").pretty in lines[1]
    assert lines[1] == tr(
        "A close call: {options} are within {margin} of each other on average.",
        options="K♣, Q♣",
        margin=playhint.number(tr, 0.2),
    )


@pytest.mark.parametrize("lang", LANGS)
def test_a_forced_card(lang: str) -> None:
    tr = get_translator(lang)
    only = Hint(Evaluation.forced(0, "card", "score", parse_action("KC"), "t"))
    assert playhint.hint_lines(tr, only, HEARTS, "pagat-62") == [
        tr("{card} is the only card you may play.", card="K♣")
    ]


def test_the_advisor_marks_the_hints_call() -> None:
    calls = [
        _opt("pass", 1.0, 1.2, 0.5, True),
        _opt("7", 1.2, 1.2, 0, True),
        _opt("8", -3.0, 1.2, 0.6, False),
    ]
    calls.sort(key=lambda o: -o.value)
    ev = _ev(calls, "pass", kind="call")
    adv = advice_of(ev)
    assert adv.best == parse_action("pass")  # the expert's choice, not the top mean
    assert [str(c) for c in adv.close] == ["7"]
    data = adv.to_json()
    assert data["best"] == "pass" and data["close"] == ["7"]
    assert [c["best"] for c in data["calls"]] == [True, True, False]
    assert not math.isinf(adv.calls[0].se)


def test_numbers_are_written_as_the_language_writes_them() -> None:
    assert playhint.number(get_translator("en"), 2.14) == "2.1"
    assert playhint.number(get_translator("fr"), 2.14) == "2,1"
    assert playhint.number(get_translator("es"), -0.04, signed=True) == "+0,0"  # no "-0,0"
    assert playhint.number(get_translator("pt"), 3, signed=True) == "+3,0"

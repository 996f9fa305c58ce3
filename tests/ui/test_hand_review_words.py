"""The practice table's review of a hand, in the learner's language (session 7,
pages-tester, walking /play in Portuguese): a call was shown in the engine's notation
("você: pass · melhor: 8", English in every language) and the expected gain with a point
for the decimal mark in every language ("6.5" beside the hint's "0,8")."""

from __future__ import annotations

from typing import Any

import pytest

from tutorial.i18n import get_translator
from tutorial.practice.review import HandReview
from tutorial.ui.play import review as playreview


def _d(index: int, phase: str, label: str, action: str, best: str, cost: float) -> dict[str, Any]:
    return {
        "index": index,
        "phase": phase,
        "label": label,
        "action": action,
        "best": best,
        "expected_cost": cost,
        "cost_se": 0.5,
        "dd_cost": 1,
        "reason": None,
        "samples": 32,
        "options": [{"action": best, "value": 1.0}, {"action": action, "value": 1.0 - cost}],
        "trick": None,
    }


DECISIONS = HandReview.from_json(
    {
        "decisions": [
            _d(0, "bid", "blunder", "pass", "8", 6.5),
            _d(1, "trump", "mistake", "trump S", "trump H", 1.25),
        ],
        "undone": [],
        "hints": [],
        "lines": {},
    }
)
WORDS = {  # the pass button's word, the decimal mark, hearts
    "pt": ("passo", "6,5", "copas"),
    "es": ("paso", "6,5", "corazones"),
    "fr": ("passe", "6,5", "cœur"),
    "en": ("pass", "6.5", "hearts"),
}


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_calls_trumps_and_gains_read_in_the_learner_s_language(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[str] = []
    monkeypatch.setattr(playreview.st, "markdown", lambda text, **kw: shown.append(str(text)))
    monkeypatch.setattr(playreview.st, "caption", lambda text, **kw: None)
    playreview._show(get_translator(lang), DECISIONS)
    text = "\n".join(shown)
    word, gain, hearts = WORDS[lang]
    t = get_translator(lang)
    first = t("you: {action}", action=word)
    assert first in text, text
    assert gain in text and "trump S" not in text and "trump H" not in text, text
    assert f"♥ {hearts}" in text, text


# The hand-over screen said "D licitou 9 a copas." then "B e D cumprem a proposta.": the
# bid in the past, its outcome in the present (es and fr alike); the hand is over.
MADE = {
    "pt": ("D licitou 9 a", "B e D cumpriram a proposta.", "A e C não cumpriram: perdem 9."),
    "es": ("D anunció 9 en", "B y D cumplieron la apuesta.", "A y C no cumplieron: pierden 9."),
    "fr": (
        "D a annoncé 9 à",
        "B et D ont réussi leur annonce.",
        "A et C ont chuté\u202f: ils perdent 9.",
    ),
    "en": ("D bid 9 in", "B and D made the bid.", "A and C were set: they lose 9."),
}


@pytest.mark.parametrize("lang", sorted(MADE))
def test_the_hand_over_tells_the_bid_and_its_outcome_in_one_tense(lang: str) -> None:
    from dataclasses import replace

    from tutorial.engine.result import HandResult
    from tutorial.ui.play.hand import _result_lines

    t = get_translator(lang)
    r = HandResult(
        "pagat-62", 2, False, 3, 9, 2, (0, 0, 0, 0), (), (0, 0), (4, 10), {}, True, (4, 10)
    )
    bid, made, set_ = MADE[lang]
    lines = _result_lines(t, r)
    assert lines[0].startswith(bid) and made in lines, lines
    lines = _result_lines(t, replace(r, bidder=0, made=False, delta=(-9, 10)))
    assert set_ in lines, lines


# French sets a space before a colon everywhere else in the app ("Points : A et C 11"), but
# the hand-over's line of who took each point was glued in code: "High: B et D".
OWNERS = {
    "fr": "High\u202f: B et D · Pedro droit\u202f: A et C",
    "en": "High: B and D · Right Pedro: A and C",
}


@pytest.mark.parametrize("lang", sorted(OWNERS))
def test_the_points_line_follows_the_language_s_punctuation(lang: str) -> None:
    from tutorial.engine.result import HandResult
    from tutorial.ui.play.hand import _result_lines

    owners: dict[str, int | None] = {"high": 1, "right_pedro": 0, "low": None}
    r = HandResult(
        "pagat-62", 2, False, 3, 9, 2, (0, 0, 0, 0), (), (0, 0), (4, 10), owners, True, (4, 10)
    )
    assert OWNERS[lang] in _result_lines(get_translator(lang), r)


def test_a_close_call_in_the_review_names_the_margin_between_the_options() -> None:
    """Seen in the browser walk (fr seed 4242): "passe, 7 sont à moins de 0,1" where the two
    calls were 1.2 apart (the margin was the action's own standard error)."""
    d = _d(0, "bid", "best", "pass", "pass", 0.0)
    d["options"] = [{"action": "pass", "value": -0.7}, {"action": "7", "value": -1.9}]
    d["close"] = ["7"]
    review = HandReview.from_json({"decisions": [d], "undone": [], "hints": [], "lines": {}})
    t = get_translator("fr")
    text = playreview.decision_text(t, review.decisions[0])
    assert (
        t(
            "A close call: {options} are within {margin} of each other on average.",
            options="passe, 7",
            margin="1,2",
        )
        in text
    ), text


def test_a_close_call_is_set_apart_from_the_action_it_follows() -> None:
    """Seen in the shared table's screenshots (es, 360 px): "tú: paso Decisión ajustada:
    paso, 8…" — the close call ran on from the action with a bare space."""
    d = _d(0, "bid", "best", "pass", "pass", 0.0)
    d["options"] = [{"action": "pass", "value": -0.7}, {"action": "7", "value": -1.9}]
    d["close"] = ["7"]
    review = HandReview.from_json({"decisions": [d], "undone": [], "hints": [], "lines": {}})
    t = get_translator("es")
    text = playreview.decision_text(t, review.decisions[0])
    close = t(
        "A close call: {options} are within {margin} of each other on average.",
        options="paso, 7",
        margin="1,2",
    )
    assert text.endswith(t("you: {action}", action="paso") + " — " + close), text

"""Seats named in lesson text, checked against the scenario they describe.

A text that says who deals ("D deals", "reparte D", "dá D" or "D dá as cartas", "D distribue",
"the dealer, D") about a hand scenario must name the scenario's dealer: a prompt that said
"A deals" beside a scenario dealt by D once made its own hint contradict the answer (issue
24, M1). The texts checked are those bound to one hand scenario: a step's text and narration
("your move" prompts and feedback included) and, for a question with a hand scenario, its
prompt, hint, feedback and options.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from tutorial.engine.cards import Card, Suit
from tutorial.explain import SUIT_NAMES
from tutorial.i18n import LANGS, get_translator
from tutorial.lessons.model import Lesson, Question, Scenario, Text, YourDecision, YourMove

Problem = tuple[tuple[str | int, ...], str]

_SEAT = r"([ABCD])(?![–-])"
#: Per language, the ways a text names the dealer; group 1 is the seat.
DEALER_SAYS: dict[str, tuple[re.Pattern[str], ...]] = {
    lang: tuple(re.compile(p) for p in patterns)
    for lang, patterns in {
        "en": (
            rf"\b{_SEAT} deals\b",
            rf"\b[Tt]he dealer,? {_SEAT}\b",
            rf"\b{_SEAT},? (?:is )?the dealer\b(?!['’])",
            rf"\b{_SEAT} is dealer\b",
        ),
        "es": (
            rf"\b[Rr]eparte {_SEAT}\b",
            rf"\b{_SEAT} reparte\b",
            rf"\b[Ee]l repartidor(?: es)?,? {_SEAT}\b",
            rf"\b{_SEAT},? (?:es )?el repartidor\b",
        ),
        "pt": (
            rf"\b[Dd]á {_SEAT}\b(?! [a-zà-ú])",
            rf"\b{_SEAT} dá as cartas\b",
            rf"\b[Oo] dador(?: é)?,? {_SEAT}\b",
            rf"\b{_SEAT},? (?:é )?o dador\b",
        ),
        "fr": (
            rf"\b{_SEAT} distribue\b",
            rf"\b[Ll]e donneur(?: est)?,? {_SEAT}\b",
            rf"\b{_SEAT},? (?:est )?le donneur\b",
        ),
    }.items()
}


def dealers_named(lang: str, text: str) -> set[str]:
    """The seats a text names as the dealer, in the given language."""
    flat = re.sub(r"\s+", " ", text.replace("**", "").replace("*", ""))
    return {m.group(1) for rx in DEALER_SAYS[lang] for m in rx.finditer(flat)}


def _texts_of(q: Question) -> Iterator[tuple[tuple[str | int, ...], Text]]:
    for key in ("prompt", "hint", "right", "wrong"):
        yield (key,), getattr(q, key)
    for j, o in enumerate(q.options):
        yield ("options", j, "text"), o.text
        if o.feedback is not None:
            yield ("options", j, "feedback"), o.feedback


def _check(path: tuple[str | int, ...], text: Text, scenario: Scenario) -> Iterator[Problem]:
    if scenario.setup is None:
        return
    dealer = scenario.setup.dealer_letter
    for lang in LANGS:
        for seat in sorted(dealers_named(lang, text.get(lang)) - {dealer}):
            yield (
                (*path, lang),
                f"the text names {seat} as the dealer, but the scenario's dealer is "
                f"{dealer} ({scenario.source})",
            )


def dealer_problems(lesson: Lesson) -> Iterator[Problem]:
    for i, step in enumerate(lesson.steps):
        if step.scenario is None:
            continue
        yield from _check(("steps", i, "text"), step.text, step.scenario)
        for j, n in enumerate(step.narration):
            yield from _check(("steps", i, "narration", j, "text"), n.text, step.scenario)
            if n.your_move is None:
                continue
            path = ("steps", i, "narration", j, "your_move")
            if n.your_move.prompt is not None:
                yield from _check((*path, "prompt"), n.your_move.prompt, step.scenario)
            for key, text in n.your_move.feedback.items():
                yield from _check((*path, "feedback", key), text, step.scenario)
    for i, q in enumerate(lesson.questions):
        if q.scenario is None:
            continue
        for sub, text in _texts_of(q):
            yield from _check(("questions", i, *sub), text, q.scenario)


def _answer_words(lang: str, move: YourMove | YourDecision) -> list[re.Pattern[str]]:
    """What a "your move" prompt would give away by naming: the card to play (or to keep),
    the call to make, the suit to name."""
    if isinstance(move, YourMove):
        return [re.compile(re.escape(Card.parse(move.card).pretty))]
    if move.kind == "call":
        if move.choice == "pass":
            return []
        return [re.compile(rf"(?<![\d♣♦♥♠])\b{move.choice}\b(?![♣♦♥♠])")]
    if move.kind == "trump":
        suit = Suit.parse(move.choice)
        word = get_translator(lang)(SUIT_NAMES[suit])
        return [re.compile(rf"\b{re.escape(word)}\b", re.I)]
    return [re.compile(re.escape(Card.parse(c).pretty)) for c in move.choice.split()]


def giveaway_problems(lesson: Lesson) -> Iterator[Problem]:
    """A "your move" prompt says what to aim for, never the move itself: the card, the call
    or the suit the learner is asked to find (issue 24: "the prompts must not give the
    answer away")."""
    for i, step in enumerate(lesson.steps):
        for j, n in enumerate(step.narration):
            move = n.your_move
            if move is None or move.prompt is None:
                continue
            for lang in LANGS:
                text = move.prompt.get(lang)
                for rx in _answer_words(lang, move):
                    found = rx.search(text)
                    if found:
                        yield (
                            ("steps", i, "narration", j, "your_move", "prompt", lang),
                            f"the prompt names {found.group(0)!r}, the move the learner is "
                            "asked to find: say what to aim for instead",
                        )

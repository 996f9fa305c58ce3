"""Narration checked against the replay.

Two checks, both run by the loader (so by ``cinch lessons check`` and by the app):

1. **Stated facts** (``facts:`` beside a narration's ``text``): what the text claims about
   the moment, in a small syntax the replay can check (docs/lessons.md, "Checked facts"):

   - ``holds: {C: [JS]}`` — each listed seat holds these cards at this moment;
   - ``lacks: {D: [JS]}`` — … does not hold them;
   - ``trumps: {A: [4S], D: []}`` — exactly the trumps each listed seat holds (``[]``: none);
   - ``played: {C: 5S}`` — the card each listed seat played in the trick so far;
   - ``hand_size: {A: 5}`` — how many cards each listed seat holds;
   - any field of the moment's frame (``winner``, ``winning_card``, ``points``, ``after``,
     ``before``, ``delta``, ``made``, ``bidder``, ``bid``, ``leader``, ``stock`` …), a mapping
     being checked key by key.

   A fact the replay contradicts is an error: the lesson does not load.

2. **Card mentions**: the cards a text names (``J♠``, ``10♥``) must be the same in the four
   languages, and a narration of a trick or legal-play scenario may only name cards on that
   table (a mention of a card the scenario does not have is a typo or a stale text).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from tutorial.engine.cards import CODES, parse_index
from tutorial.engine.errors import InvalidInput
from tutorial.engine.seats import SEAT_LETTERS, Seat
from tutorial.engine.trumps import is_trump
from tutorial.i18n import LANGS
from tutorial.jsonvalue import JsonObject
from tutorial.lessons.model import Lesson, Narration, Question, Scenario, Text
from tutorial.scenario.moments import NO_HANDS, Moment

Path = tuple[str | int, ...]
Problem = tuple[Path, str]

CARD_RE = re.compile(r"(?<![\w/])(10|[2-9AKQJ])([♣♦♥♠♧♢♡♤])")
"""A card as a text writes it: rank and suit symbol, solid or outline (``10♥``, ``2♤``): the
symbols every reader of the project accepts (:data:`tutorial.engine.cards` parses both)."""
SEATS = tuple(SEAT_LETTERS)
DERIVED = ("holds", "lacks", "trumps", "played", "hand_size")


def mentioned(text: str) -> set[str]:
    """The card codes a text names, written as people write them (``10♥`` → ``TH``)."""
    out = set()
    for rank, suit in CARD_RE.findall(text):
        out.add(CODES[parse_index(("T" if rank == "10" else rank) + suit)])
    return out


def _pretty(codes: set[str] | list[str]) -> str:
    return " ".join(sorted(codes)) or "none"


def _cards(value: Any) -> list[str] | None:
    if not isinstance(value, list):
        return None
    try:
        return [CODES[parse_index(str(c))] for c in value]
    except InvalidInput:
        return None


def _frame(scenario: Scenario, at: str) -> JsonObject:
    """The moment's JSON form: any of its fields may be stated as a fact."""
    return scenario.replay.frame(at)


def _per_seat(path: Path, key: str, value: Any) -> tuple[list[tuple[str, Any]], list[Problem]]:
    if not isinstance(value, Mapping) or not value:
        return [], [(path, f"{key}: expected a mapping of seats (A–D) to cards")]
    items: list[tuple[str, Any]] = []
    problems: list[Problem] = []
    for seat, cards in value.items():
        if seat in SEATS:
            items.append((seat, cards))
        else:
            problems.append(((*path, str(seat)), f"unknown seat {seat!r}: expected A, B, C or D"))
    return items, problems


def _check_derived(path: Path, key: str, value: Any, moment: Moment) -> Iterator[Problem]:
    hands = {
        Seat(s).letter: [c.code for c in h]
        for s, h in enumerate(moment.hands or NO_HANDS)
        if h is not None
    }
    played = {p.seat.letter: p.card.code for p in moment.trick or ()}
    trump = moment.trump
    items, problems = _per_seat(path, key, value)
    yield from problems
    for seat, raw in items:
        where = (*path, seat)
        if key == "hand_size":
            held = hands.get(seat)
            if isinstance(raw, bool) or not isinstance(raw, int):
                yield (where, f"hand_size: expected a number of cards for {seat}, not {raw!r}")
            elif held is None:
                yield (
                    where,
                    f"hand_size: this scenario does not show {seat}'s hand at this moment",
                )
            elif len(held) != raw:
                yield (
                    where,
                    f"the narration says {seat} holds {raw} cards, but {seat} holds "
                    f"{len(held)} at this moment",
                )
            continue
        if key == "played":
            card = _cards([raw])
            if card is None:
                yield (where, f"played: expected one card for {seat}, not {raw!r}")
            elif played.get(seat) != card[0]:
                yield (
                    where,
                    f"the narration says {seat} played {card[0]}, but at this moment "
                    f"{seat} has played {played.get(seat) or 'nothing'} in the trick",
                )
            continue
        cards = _cards(raw)
        if cards is None:
            yield (where, f"{key}: expected a list of cards for {seat}, not {raw!r}")
            continue
        if seat not in hands:
            yield (where, f"{key}: this scenario does not show {seat}'s hand at this moment")
            continue
        hand = set(hands[seat])
        if key == "holds" and not set(cards) <= hand:
            yield (
                where,
                f"the narration says {seat} holds {_pretty(cards)}, but {seat} holds "
                f"{_pretty(hand)} at this moment",
            )
        elif key == "lacks" and set(cards) & hand:
            yield (
                where,
                f"the narration says {seat} does not hold {_pretty(set(cards) & hand)}, "
                f"but {seat} does at this moment",
            )
        elif key == "trumps":
            if trump is None:
                yield (where, "trumps: trump is not named yet at this moment")
                continue
            in_trumps = {c for c in hand if is_trump(parse_index(c), trump)}
            if in_trumps != set(cards):
                yield (
                    where,
                    f"the narration says {seat}'s trumps are {_pretty(cards)}, but {seat} "
                    f"holds {_pretty(in_trumps)} in trumps at this moment",
                )


def _same(expected: Any, actual: Any) -> bool:
    if isinstance(expected, Mapping):
        return isinstance(actual, Mapping) and all(
            k in actual and _same(v, actual[k]) for k, v in expected.items()
        )
    if isinstance(expected, list):
        e, a = _cards(expected), _cards(actual) if isinstance(actual, list) else None
        if e is not None and a is not None:
            return sorted(e) == sorted(a)
        return bool(expected == actual)
    if isinstance(expected, str) and isinstance(actual, str) and len(expected) <= 3:
        e2, a2 = _cards([expected]), _cards([actual])
        if e2 is not None and a2 is not None:
            return e2 == a2
    return bool(expected == actual)


def fact_problems_at(path: Path, facts: Any, scenario: Scenario, at: str) -> Iterator[Problem]:
    """Problems of one narration's ``facts`` against the frame of its moment."""
    if not isinstance(facts, Mapping) or not facts:
        yield (path, "facts: expected a mapping such as {holds: {C: [JS]}, winner: C}")
        return
    frame = _frame(scenario, at)
    for key, value in facts.items():
        where = (*path, str(key))
        if key in DERIVED:
            yield from _check_derived(where, key, value, scenario.replay.at(at))
        elif key not in frame or key == "id":
            fields = ", ".join([*DERIVED, *(k for k in frame if k != "id")])
            yield (where, f"unknown fact {key!r} at moment {at!r}: expected one of {fields}")
        elif not _same(value, frame[key]):
            yield (
                where,
                f"the narration says {key} is {value!r}, but the replay says "
                f"{frame[key]!r} at moment {at!r}",
            )


def _table_cards(scenario: Scenario) -> set[str] | None:
    """Every card a trick or legal scenario puts on the table; None for other kinds."""
    if scenario.replay.kind not in ("trick", "legal"):
        return None
    out: set[str] = set()
    for m in scenario.replay.timeline:
        for p in m.trick or ():
            out |= {c.code for c in p.cards}
        for hand in m.hands or NO_HANDS:
            out |= {c.code for c in hand or ()}
    return out


def mention_problems(path: Path, text: Text) -> Iterator[Problem]:
    """The four languages of one text must name the same cards."""
    seen = {lang: mentioned(text.get(lang)) for lang in LANGS}
    for lang in LANGS[:-1]:
        if seen[lang] != seen["en"]:
            yield (
                (*path, lang),
                f"names the cards {_pretty(seen[lang])}, but the English text names "
                f"{_pretty(seen['en'])}: every language must name the same cards",
            )


def _narration_problems(path: Path, n: Narration, scenario: Scenario) -> Iterator[Problem]:
    if n.facts is not None:
        yield from fact_problems_at((*path, "facts"), n.facts, scenario, n.at)
    table = _table_cards(scenario)
    if table is not None:
        extra = mentioned(n.text.get("en")) - table
        if extra:
            yield (
                (*path, "text", "en"),
                f"names {_pretty(extra)}, which this {scenario.replay.kind} scenario does not "
                f"have (its cards: {_pretty(table)})",
            )


def lesson_fact_problems(lesson: Lesson) -> Iterator[Problem]:
    """Every stated fact and card mention of a lesson checked against its replays."""
    yield from mention_problems(("title",), lesson.title)
    yield from mention_problems(("intro",), lesson.intro)
    for i, step in enumerate(lesson.steps):
        yield from mention_problems(("steps", i, "title"), step.title)
        yield from mention_problems(("steps", i, "text"), step.text)
        for j, n in enumerate(step.narration):
            path: Path = ("steps", i, "narration", j)
            yield from mention_problems((*path, "text"), n.text)
            if n.your_move is not None:
                mp = (*path, "your_move")
                if n.your_move.prompt is not None:
                    yield from mention_problems((*mp, "prompt"), n.your_move.prompt)
                for card, text in n.your_move.feedback.items():
                    yield from mention_problems((*mp, "feedback", card), text)
            if step.scenario is not None:
                yield from _narration_problems(path, n, step.scenario)
    for i, q in enumerate(lesson.questions):
        for key in ("prompt", "hint", "right", "wrong"):
            yield from mention_problems(("questions", i, key), getattr(q, key))
        for j, o in enumerate(q.options):
            yield from mention_problems(("questions", i, "options", j, "text"), o.text)
            if o.feedback is not None:
                yield from mention_problems(("questions", i, "options", j, "feedback"), o.feedback)
        for card, text in q.card_feedback.items():
            yield from mention_problems(("questions", i, "feedback", card), text)
        yield from _card_choice_problems(("questions", i), q)


def _card_choice_problems(path: Path, q: Question) -> Iterator[Problem]:
    """A choice whose options are single cards must offer every card its prompt names
    ("B was dealt K♣, …, J♣: which does B keep?" with no J♣ to choose is unanswerable)."""
    if not q.options:
        return
    offered: set[str] = set()
    for o in q.options:
        cards = mentioned(o.text.get("en"))
        if len(cards) != 1 or CARD_RE.sub("", o.text.get("en")).strip():
            return  # not a card-only choice
        offered |= cards
    missing = mentioned(q.prompt.get("en")) - offered
    if missing:
        yield (
            (*path, "options"),
            f"the prompt names {_pretty(missing)}, but the options do not offer "
            f"{'it' if len(missing) == 1 else 'them'} (options: {_pretty(offered)})",
        )

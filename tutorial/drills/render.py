"""Drill text in the learner's language, and judging a drill answer."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tutorial.drills.model import Line, Plural, PointsShow, Puzzle, ScoreShow, TableShow, Value
from tutorial.engine.cards import Card, Suit, parse_index
from tutorial.engine.errors import InvalidInput
from tutorial.engine.profiles import DEFAULT_PROFILE, get_profile
from tutorial.engine.seats import SEAT_LETTERS, Seat
from tutorial.explain import SUIT_NAMES, point_name, team_name
from tutorial.i18n import N_, Translator

KIND_NAMES = {
    "trick-winner": N_("Who wins the trick?"),
    "legal-plays": N_("Which cards may be played?"),
    "hand-points": N_("Points of a hand"),
    "score-update": N_("The new score"),
    "game-end": N_("Who has won?"),
    "refill": N_("Discard and refill"),
}
DIFFICULTY_NAMES = {1: N_("easy"), 2: N_("medium"), 3: N_("hard")}


def _value(t: Translator, key: str, value: Value) -> str:
    if isinstance(value, Line):
        return render(t, value)
    if key.endswith("cards") and not isinstance(value, int):
        return " ".join(Card.parse(c).pretty for c in value) or "—"
    if isinstance(value, str):
        if key.endswith("card"):
            return Card.parse(value).pretty
        if key.endswith("suit"):
            return t(SUIT_NAMES[Suit.parse(value)])
        if key.endswith("team"):
            return team_name(t, value)
        if key == "point":
            return point_name(t, value)
        if key == "game":
            return game_name(t, value)
    return str(value)


def render(t: Translator, line: Line) -> str:
    """A line in the learner's language, every placeholder filled; a plural message takes
    the form its ``n`` value asks for."""
    values = {k: _value(t, k, v) for k, v in line.values.items()}
    if isinstance(line.msg, Plural):
        values.pop("n")
        count = line.values["n"]
        assert isinstance(count, int), count
        return t.n(line.msg.singular, line.msg.plural, count, **values)
    return t(line.msg, **values)


def game_name(t: Translator, profile: str) -> str:
    """The learner's name for a way of playing: "51-point game"."""
    return t("{target}-point game", target=get_profile(profile).target)


def profile_notes(t: Translator, p: Puzzle) -> list[str]:
    """What a puzzle played under another game than the default must say about it, from
    the profile's own rules."""
    if p.profile == DEFAULT_PROFILE:
        return []
    profile = get_profile(p.profile)
    out = [t("This puzzle follows the rules of the {game}.", game=game_name(t, p.profile))]
    if any(rule.varies for rule in profile.points):
        out.append(t("Low is the lowest trump in play, and it goes to whoever captures it."))
    if not profile.all_points_in_play:
        out.append(
            t(
                "Some trumps may stay out of play: their points go to nobody, so the sides "
                "may share fewer than {total}.",
                total=profile.total_points,
            )
        )
    return out


def choice_label(t: Translator, option: str) -> str:
    return t("Nobody yet") if option == "none" else team_name(t, option)


def normalise(p: Puzzle, response: Any) -> Any:
    """A widget's value in the form of ``Puzzle.answer`` (None if it cannot be)."""
    try:
        if p.answer_type == "cards":
            return tuple(sorted({parse_index(str(c)) for c in response}))
        if p.answer_type in ("team_numbers", "seat_numbers"):
            values = tuple(int(v) for v in response)
            size = 2 if p.answer_type == "team_numbers" else 4
            return values if len(values) == size else None
        return str(response) if response in p.options else None
    except (TypeError, ValueError, InvalidInput):
        return None


def check(p: Puzzle, response: Any) -> bool:
    """True for any right answer: a set of cards in any order, the numbers, the choice."""
    got = normalise(p, response)
    if got is None:
        return False
    if p.answer_type == "cards":
        return bool(got == tuple(sorted(parse_index(c) for c in p.answer)))
    return bool(got == p.answer)


def _pretty(cards: Iterable[Card]) -> str:
    return " ".join(c.pretty for c in cards) or "—"


def describe(t: Translator, p: Puzzle) -> list[str]:
    """The puzzle's position as plain sentences (for the command line and screen readers)."""
    s = p.show
    out: list[str] = profile_notes(t, p)
    if s.trump is not None:
        out.append(t("Trump: {suit}.", suit=t(SUIT_NAMES[s.trump])))
    if isinstance(s, TableShow):
        out.extend(_describe_table(t, p.kind, s))
    if isinstance(s, PointsShow):
        for team, cards in s.captured:
            out.append(
                t("{team} captured: {cards}.", team=team_name(t, team), cards=_pretty(cards))
            )
        for card, seat in s.held_by:
            out.append(
                t("{card} was held by {seat} before play.", card=card.pretty, seat=seat.letter)
            )
    if isinstance(s, ScoreShow):
        b, pts = s.before, s.points
        out.append(t("Score before the hand: A and C {ac}, B and D {bd}.", ac=b.ac, bd=b.bd))
        out.append(
            t(
                "{team} bid {bid}; points taken: A and C {ac}, B and D {bd}.",
                team=team_name(t, s.bidder),
                bid=s.bid,
                ac=pts.ac,
                bd=pts.bd,
            )
        )
    return out


def _describe_table(t: Translator, kind: str, s: TableShow) -> list[str]:
    out = []
    table = s.table
    if table.trick is not None:
        plays = ", ".join(
            f"{x.seat.letter} {x.card.pretty}" + (f" [{_pretty(x.beneath)}]" if x.beneath else "")
            for x in table.trick
        )
        out.append(t("Cards played, from the leader: {plays}.", plays=plays))
    if kind == "legal-plays":
        assert table.to_play is not None
        out.append(
            t(
                "{seat} holds: {cards}.",
                seat=table.to_play.letter,
                cards=_pretty(table.hand(table.to_play) or ()),
            )
        )
    if kind == "refill":
        assert table.dealer is not None and s.stock is not None
        out.append(t("{seat} deals.", seat=table.dealer.letter))
        for seat in Seat:
            cards = table.hand(seat)
            if cards is not None:
                out.append(t("{seat} holds: {cards}.", seat=seat.letter, cards=_pretty(cards)))
        out.append(t("The stock, from the top: {cards}.", cards=_pretty(s.stock)))
    return out


def answer_text(t: Translator, p: Puzzle) -> str:
    if p.answer_type == "cards":
        return _pretty(Card.parse(c) for c in p.answer)
    if p.answer_type == "team_numbers":
        return t("A and C {ac}, B and D {bd}", ac=p.answer[0], bd=p.answer[1])
    if p.answer_type == "seat_numbers":
        return ", ".join(f"{seat} {n}" for seat, n in zip(SEAT_LETTERS, p.answer, strict=True))
    return choice_label(t, p.answer)

"""Why a call or a trump suit is not the move, in the learner's language. The facts (the
trumps and point cards each suit gives the hand, the rule that forbids an option) come from
the engine (:mod:`tutorial.lessons.decisions`); only the words come from the catalogs."""

from __future__ import annotations

from tutorial.engine.cards import Card, Suit
from tutorial.engine.seats import SUIT_LETTERS, Seat
from tutorial.explain import explain_illegal, point_name, suit_name, team_name
from tutorial.i18n import Translator
from tutorial.lessons.decisions import best_suit
from tutorial.lessons.model import Holding, YourDecision


def option_label(t: Translator, d: YourDecision, option: str) -> str:
    """A button's text: ``Pass``, ``Bid 8``, ``♠ spades``, ``Keep J♦``."""
    if d.kind == "keep":
        return t("Keep {cards}", cards=cards_text(option))
    if d.kind == "trump":
        i = SUIT_LETTERS.index(option)
        return f"{Suit(i).symbol} {suit_name(t, i)}"
    if option == "pass":
        return t("Pass")
    return t("Bid {n}", n=int(option))


def choice_said(t: Translator, d: YourDecision, option: str) -> str:
    """``A bids 8.`` / ``A passes.`` / ``A names ♠ spades as trump.`` / ``D keeps J♦.``"""
    if d.kind == "keep":
        return t(
            "{seat} keeps {cards} from the rest of the stock.",
            seat=d.seat,
            cards=cards_text(option),
        )
    if d.kind == "trump":
        return t("{seat} names {suit} as trump.", seat=d.seat, suit=option_label(t, d, option))
    if option == "pass":
        return t("{seat} passes.", seat=d.seat)
    return t("{seat} bids {n}.", seat=d.seat, n=int(option))


def cards_text(option: str) -> str:
    """``KH TD`` → ``K♥ 10♦``."""
    return " ".join(Card.parse(c).pretty for c in option.split())


def keep_lines(t: Translator, d: YourDecision) -> list[str]:
    """What the dealer sees as it chooses: its trumps, the rest of the stock, how many more
    cards it keeps (the engine's facts of the dealer's keep)."""
    trumps = cards_text(" ".join(d.table.get(d.seat, ())))
    rest = cards_text(" ".join(d.stock))
    return [
        t(
            "{seat}, the dealer, has discarded its non-trumps and takes the rest of the "
            "stock: {cards}.",
            seat=d.seat,
            cards=rest,
        ),
        t("{seat}'s trumps, those of the stock included: {cards}.", seat=d.seat, cards=trumps),
        t.n(
            "To reach 6 cards, {seat} keeps {n} non-trump of the stock and discards the others.",
            "To reach 6 cards, {seat} keeps {n} non-trumps of the stock and discards the others.",
            d.need,
            seat=d.seat,
        ),
    ]


def holding_line(t: Translator, seat: str, suit: str, h: Holding) -> str:
    """``With ♥ hearts as trump, A would hold 2 trumps: 5♥ Q♥. Point cards among them:
    Right Pedro 5♥ (5 points).``"""
    i = SUIT_LETTERS.index(suit)
    named = f"{Suit(i).symbol} {suit_name(t, i)}"
    trumps = [Card.parse(c).pretty for c in h.trumps]
    if not trumps:
        return t("With {suit} as trump, {seat} would hold no trump.", suit=named, seat=seat)
    line = t.n(
        "With {suit} as trump, {seat} would hold {n} trump: {cards}.",
        "With {suit} as trump, {seat} would hold {n} trumps: {cards}.",
        len(trumps),
        suit=named,
        seat=seat,
        cards=" ".join(trumps),
    )
    if not h.points:
        return line + " " + t("No point card among them.")
    cards = ", ".join(f"{point_name(t, n)} {Card.parse(c).pretty}" for n, c, _ in h.points)
    return (
        line
        + " "
        + t.n(
            "Point cards among them: {cards} ({n} point).",
            "Point cards among them: {cards} ({n} points).",
            h.value,
            cards=cards,
        )
    )


def decision_feedback(t: Translator, lang: str, d: YourDecision, option: str) -> str:
    """Why ``option`` is not the move: the rule that forbids it; the lesson's words; or the
    engine's account (the trumps and points each suit gives; what a bid promises against
    what the hand holds)."""
    facts = d.illegal.get(option)
    if facts is not None:
        return explain_illegal(t, facts)
    written = d.feedback.get(option)
    if written is not None:
        return written.get(lang)
    if d.kind == "keep":  # pragma: no cover - the loader requires written feedback
        return ""
    if d.kind == "trump":
        return (
            holding_line(t, d.seat, option, d.holdings[option])
            + " "
            + holding_line(t, d.seat, d.choice, d.holdings[d.choice])
        )
    bid = int(option)
    best = best_suit(d.holdings)
    held = d.holdings[best].value
    team = team_name(t, Seat.parse(d.seat).team)
    promise = t.n(
        "A bid of {n} promises {n} point of the 14 for {team}; if they take fewer, they lose {n}.",
        "A bid of {n} promises {n} points of the 14 for {team}; if they take fewer, they lose {n}.",
        bid,
        team=team,
    )
    return (
        promise
        + " "
        + holding_line(t, d.seat, best, d.holdings[best])
        + " "
        + t.n(
            "The other {n} point would have to come from the partner's cards and the refill.",
            "The other {n} points would have to come from the partner's cards and the refill.",
            bid - held,
        )
    )


__all__ = [
    "cards_text",
    "choice_said",
    "decision_feedback",
    "holding_line",
    "keep_lines",
    "option_label",
]

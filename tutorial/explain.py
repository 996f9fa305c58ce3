"""The engine's facts in the learner's language: card names and roles, why a trick was won,
what it carried, and why an action is illegal (one message per reason code).

Everything here is computed from the engine (trump tables, point tables, reason codes); only
the words come from the catalogs.
"""

from __future__ import annotations

from collections.abc import Mapping

from tutorial.engine.cards import Card, Suit
from tutorial.engine.errors import Reason
from tutorial.engine.profiles import Profile
from tutorial.engine.seats import Seat, Team
from tutorial.engine.trumps import LEFT_PEDRO, RIGHT_PEDRO, TRUMP_MASK
from tutorial.i18n import N_, Translator

SUIT_NAMES = (N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades"))
RANK_NAMES = (
    N_("two"),
    N_("three"),
    N_("four"),
    N_("five"),
    N_("six"),
    N_("seven"),
    N_("eight"),
    N_("nine"),
    N_("ten"),
    N_("jack"),
    N_("queen"),
    N_("king"),
    N_("ace"),
)
POINT_NAMES = {
    "high": N_("High"),
    "low": N_("Low"),
    "jack": N_("Jack"),
    "game": N_("Game"),
    "right_pedro": N_("Right Pedro"),
    "left_pedro": N_("Left Pedro"),
    "sancho": N_("Sancho"),
    "dom": N_("Dom"),
}
TEAM_NAMES = {Team.AC: N_("A and C"), Team.BD: N_("B and D")}
PHASE_NAMES = {
    "bid": N_("bidding"),
    "trump": N_("naming trump"),
    "refill": N_("discard and refill"),
    "play": N_("play"),
    "done": N_("end of the hand"),
}

REASONS: Mapping[str, str] = {
    Reason.WRONG_PHASE: N_("That is not possible now: this is the {required} phase."),
    Reason.NOT_YOUR_TURN: N_("It is not {seat}'s turn: {required} plays now."),
    Reason.BID_OUT_OF_RANGE: N_("A bid must be from {required}."),
    Reason.BID_NOT_HIGHER: N_("A bid must be higher than the bid before it: at least {required}."),
    Reason.DEALER_MUST_BID: N_(
        "The first three players passed, so the dealer must bid {required}."
    ),
    Reason.NOT_HIGH_BIDDER: N_("Only the high bidder, {required}, names trump."),
    Reason.KEEP_NOT_ALLOWED: N_("Every non-trump is discarded; {card} cannot be kept."),
    Reason.KEEP_TOO_MANY: N_(
        "A player may keep non-trumps only up to a hand of 6: at most {required} here."
    ),
    Reason.DEALER_KEEPS_INVALID: N_(
        "The dealer keeps every trump of the rest of the stock and "
        "only as many other cards as needed to reach 6: "
        "{required} here."
    ),
    Reason.RESHUFFLE_INVALID: N_(
        "When the stock runs out, the discarded non-trumps — and only they — become the new stock."
    ),
    Reason.CARD_NOT_IN_HAND: N_("{card} is not in {seat}'s hand."),
    Reason.MUST_FOLLOW_TRUMP: N_(
        "Trump was led and {seat} holds a trump (the Left Pedro "
        "counts), so {seat} must play a trump, not {card}."
    ),
    Reason.MUST_FOLLOW_SUIT_OR_TRUMP: N_(
        "The suit led is {suit} and {seat} holds {suit}: {seat} may "
        "follow suit or trump, but not play {card}."
    ),
    Reason.PILE_REQUIRED: N_(
        "{seat} holds more than 6 cards, so on the first trick {seat} "
        "plays an open pile with cards beneath the top card."
    ),
    Reason.PILE_NOT_ALLOWED: N_(
        "Only a hand of more than 6 cards plays a pile, and only on the first trick."
    ),
    Reason.PILE_WRONG_SIZE: N_(
        "The pile needs an exact number of cards beneath the top "
        "card, so that 5 remain after the first trick."
    ),
    Reason.SCORING_TRUMP_BENEATH: N_("{card} is a scoring trump: it may not go beneath the pile."),
    Reason.PILE_TOP_NEEDED_BENEATH: N_(
        "{card} cannot be the top card: every non-scoring trump is needed beneath the pile."
    ),
}


def n(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with plural forms for extraction (keyword ``n:1,2``)."""
    return singular, plural


COUNTED_REASONS: Mapping[str, tuple[str, str]] = {
    # the number of cards is the fact ``required``: these take its plural form
    Reason.PILE_REQUIRED: n(
        "{seat} holds more than 6 cards, so on the first trick {seat} plays an open pile "
        "with {n} card beneath the top card.",
        "{seat} holds more than 6 cards, so on the first trick {seat} plays an open pile "
        "with {n} cards beneath the top card.",
    ),
    Reason.PILE_WRONG_SIZE: n(
        "The pile needs exactly {n} card beneath the top card, so that 5 remain after "
        "the first trick.",
        "The pile needs exactly {n} cards beneath the top card, so that 5 remain after "
        "the first trick.",
    ),
}


def suit_name(t: Translator, suit: int) -> str:
    return t(SUIT_NAMES[suit])


def card_name(t: Translator, card: int) -> str:
    """``five of diamonds`` in the learner's language."""
    c = Card(card)
    return t("{rank} of {suit}", rank=t(RANK_NAMES[c.rank]), suit=t(SUIT_NAMES[c.suit]))


def card_roles(t: Translator, card: int, trump: int | None, profile: Profile) -> list[str]:
    """What a card is once ``trump`` is named: Right/Left Pedro, trump, its points."""
    if trump is None or trump < 0:
        return []
    roles: list[str] = []
    if card == RIGHT_PEDRO[trump]:
        roles.append(t(POINT_NAMES["right_pedro"]))
    elif card == LEFT_PEDRO[trump]:
        roles.append(t(POINT_NAMES["left_pedro"]))
    if (TRUMP_MASK[trump] >> card) & 1:
        roles.append(t("trump"))
        value = 0
        for rule in profile.points:
            if not rule.varies and rule.card(trump, TRUMP_MASK[trump]) == card:
                value += rule.value
        if value:
            roles.append(t.n("{n} point", "{n} points", value))
    return roles


def card_label(t: Translator, card: int, trump: int | None, profile: Profile) -> str:
    """The accessible label of a card: ``5♦ — five of diamonds — Left Pedro, trump, 5 points``."""
    parts = [Card(card).pretty, card_name(t, card)]
    roles = card_roles(t, card, trump, profile)
    if roles:
        parts.append(", ".join(roles))
    return " — ".join(parts)


def explain_illegal(t: Translator, facts: Mapping[str, object]) -> str:
    """An illegal action (``IllegalAction.facts()``) explained in the learner's language."""
    reason = str(facts.get("reason", ""))
    template = REASONS.get(reason)
    if template is None:
        return t("That move is not allowed.")
    values = {k: str(v) for k, v in facts.items()}
    card = values.get("card")
    if card:
        values["card"] = Card.parse(card).pretty
    required = values.get("required")
    if reason == Reason.WRONG_PHASE and required in PHASE_NAMES:
        values["required"] = t(PHASE_NAMES[required])
    if reason == Reason.MUST_FOLLOW_SUIT_OR_TRUMP and required:
        values["suit"] = t(SUIT_NAMES[Suit.parse(required)])
    values.setdefault("seat", "")
    values.setdefault("card", "")
    values.setdefault("required", "")
    values.setdefault("suit", "")
    counted = COUNTED_REASONS.get(reason)
    if counted is not None and values["required"].isdigit():
        number = int(values.pop("required"))
        return t.n(counted[0], counted[1], number, **values)
    return t(template, **values)


def explain_trick(
    t: Translator, winner: Seat, winning_card: Card, trumped: bool, led_suit: Suit, points: int
) -> str:
    """Why a trick was won and what it carried: ``C wins: 6♥ is the highest trump. The
    trick carries 10 points.``"""
    card = winning_card.pretty
    if trumped:
        why = t("{seat} wins: {card} is the highest trump played.", seat=winner.letter, card=card)
    else:
        why = t(
            "{seat} wins: no trump was played, and {card} is the highest card of the suit "
            "led, {suit}.",
            seat=winner.letter,
            card=card,
            suit=t(SUIT_NAMES[led_suit]),
        )
    if points:
        carried = t.n("The trick carries {n} point.", "The trick carries {n} points.", points)
    else:
        carried = t("The trick carries no points.")
    return f"{why} {carried}"


def point_name(t: Translator, name: str) -> str:
    return t(POINT_NAMES.get(name, name))


def team_name(t: Translator, team: Team | str) -> str:
    """``A and C``: a team, or its name (``AC``, ``BD``), in the learner's language."""
    return t(TEAM_NAMES[team if isinstance(team, Team) else Team.parse(team)])

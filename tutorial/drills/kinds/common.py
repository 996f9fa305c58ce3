"""What every drill kind shares: the lesson steps its explanations link to, explanation
lines, the engine replay, and small card helpers."""

from __future__ import annotations

from typing import TypeVar

from tutorial.drills.model import Line, Plural, Value, n
from tutorial.engine.cards import CODES, Card, mask_of
from tutorial.engine.seats import SUIT_LETTERS, Seat
from tutorial.engine.trumps import LEFT_PEDRO
from tutorial.i18n import N_
from tutorial.jsonvalue import JsonObject
from tutorial.scenario.fields import SEATS, TEAMS
from tutorial.scenario.replay import replay
from tutorial.scenario.results import Report, TablePlay
from tutorial.yamldoc import Where, YamlDoc

SUITS = SUIT_LETTERS
HAND_SIZE = 6
"""Every hand is refilled to 6 cards."""
DEALT = 9
"""Cards dealt to each player."""
STOCK_SIZE = 52 - 4 * DEALT

# lesson steps that teach each rule (checked by a test against the lessons)
L_LEFT = ("trumps-and-points", "left-pedro-is-trump")
L_LEAVES = ("left-pedro-is-not-a-diamond", "five-of-diamonds-changes-suit")
L_ORDER = ("trumps-and-points", "fourteen-trumps-in-order")
L_WINS = ("play-and-surplus-trumps", "who-wins-the-trick")
L_PILE = ("play-and-surplus-trumps", "the-open-pile")
L_TRUMP_LED = ("play-and-surplus-trumps", "trump-led")
L_PLAIN_LED = ("play-and-surplus-trumps", "plain-suit-led")
L_VOID = ("play-and-surplus-trumps", "void-plays-anything")
L_CAPTOR = ("trumps-and-points", "points-to-the-captor")
L_LOW = ("trumps-and-points", "low-to-the-holder")
L_LOW51 = ("fifty-one-and-variants", "low-is-the-lowest-in-play")
L_14 = ("trumps-and-points", "fourteen-points")
L_ALTERNATIVE = ("fifty-one-and-variants", "an-alternative-profile")
L_NOT_IN_PLAY = ("fifty-one-and-variants", "keep-what-you-want")
L_DEFENDERS = ("scoring-and-bidder-goes-out", "defenders-always-add")
L_SET = ("scoring-and-bidder-goes-out", "failed-bid-loses-whole-bid")
L_NEGATIVE = ("scoring-and-bidder-goes-out", "negative-scores")
L_62 = ("scoring-and-bidder-goes-out", "first-to-62")
L_BGO = ("scoring-and-bidder-goes-out", "bidder-goes-out")
L_BGO_FAILS = ("scoring-and-bidder-goes-out", "bidder-goes-out-fails")
L_BOTH_62 = ("scoring-and-bidder-goes-out", "both-reach-62")
L_DISCARD = ("discard-and-refill", "discard-every-non-trump")
L_FILL = ("discard-and-refill", "fill-to-six-in-order")
L_SIX = ("discard-and-refill", "six-trumps-receive-nothing")
L_DEALER = ("discard-and-refill", "dealer-takes-the-rest")
L_RUNS_OUT = ("discard-and-refill", "stock-runs-out")

ALL_LINKS = (
    L_LEFT,
    L_LEAVES,
    L_ORDER,
    L_WINS,
    L_PILE,
    L_TRUMP_LED,
    L_PLAIN_LED,
    L_VOID,
    L_CAPTOR,
    L_LOW,
    L_LOW51,
    L_14,
    L_ALTERNATIVE,
    L_NOT_IN_PLAY,
    L_DEFENDERS,
    L_SET,
    L_NEGATIVE,
    L_62,
    L_BGO,
    L_BGO_FAILS,
    L_BOTH_62,
    L_DISCARD,
    L_FILL,
    L_SIX,
    L_DEALER,
    L_RUNS_OUT,
)

# Phrases with a count, used inside explanation lines ("keeps {trumps}" → "keeps 1 trump").
TRUMPS = n("{n} trump", "{n} trumps")
CARDS = n("{n} card", "{n} cards")
POINTS = n("{n} point", "{n} points")


def line(msg: str | Plural, link: tuple[str, str] | None = None, **values: Value) -> Line:
    return Line(msg, values, link[0] if link else None, link[1] if link else None)


def count(phrase: Plural, number: int) -> Line:
    """A counted phrase (``count(TRUMPS, 1)`` → "1 trump") to put inside a line."""
    return Line(phrase, {"n": number})


R = TypeVar("R", bound=Report)


def run(scenario: JsonObject, kind: type[R]) -> R:
    """The engine's replay of a drill scenario: its typed report (``kind`` names the report
    the scenario's kind gives, :class:`~tutorial.scenario.results.TrickReport` for a trick)."""
    doc = YamlDoc("drill", scenario, None)
    report = replay(scenario, Where(doc)).report
    if not isinstance(report, kind):  # pragma: no cover - a drill builds its own kind
        raise TypeError(f"a drill scenario gave a {type(report).__name__}, not {kind.__name__}")
    return report


def teams(pair: tuple[int, int] | list[int]) -> dict[str, int]:
    return dict(zip(TEAMS, pair, strict=True))


def mask(cards: list[int]) -> int:
    return mask_of(cards)


def idx(code: str) -> int:
    return CODES.index(code)


def trump_line(trump: int) -> Line:
    return line(
        N_("Trump is {suit}: the Left Pedro is {left_card}, a trump for every purpose."),
        L_LEFT,
        suit=SUITS[trump],
        left_card=CODES[LEFT_PEDRO[trump]],
    )


def lead_line(trump: int, leader: int, lead: int, led: int) -> Line:
    """What the lead makes the suit led (trump, if the Left Pedro or any trump is led)."""
    if led == trump:
        return line(
            N_("{seat} leads {lead_card}, a trump: trump is led."),
            L_TRUMP_LED,
            seat=SEATS[leader],
            lead_card=CODES[lead],
        )
    return line(
        N_("{seat} leads {lead_card}: {led_suit} is the suit led."),
        L_WINS,
        seat=SEATS[leader],
        lead_card=CODES[lead],
        led_suit=SUITS[led],
    )


# "not a diamond": one whole sentence per printed suit, so that each language can say it
# in its own grammar.
LEFT_PLAYED = (
    N_("{seat} plays {card}: it is not a club but the Left Pedro, a trump."),
    N_("{seat} plays {card}: it is not a diamond but the Left Pedro, a trump."),
    N_("{seat} plays {card}: it is not a heart but the Left Pedro, a trump."),
    N_("{seat} plays {card}: it is not a spade but the Left Pedro, a trump."),
)
LEFT_HELD = (
    N_("{card} is no longer a club: it is the Left Pedro, a trump."),
    N_("{card} is no longer a diamond: it is the Left Pedro, a trump."),
    N_("{card} is no longer a heart: it is the Left Pedro, a trump."),
    N_("{card} is no longer a spade: it is the Left Pedro, a trump."),
)


def shown_trick(
    leader: int, cards: list[int], pile: tuple[int, ...], pile_at: int
) -> tuple[TablePlay, ...]:
    """The cards of a trick as a puzzle shows them: from the leader, ``pile`` beneath the
    card at ``pile_at`` (-1: no pile)."""
    return tuple(
        TablePlay(
            Seat((leader + i) % 4),
            Card(c),
            tuple(Card(x) for x in pile) if i == pile_at else (),
        )
        for i, c in enumerate(cards)
    )

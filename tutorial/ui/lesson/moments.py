"""The engine's own account of a scenario moment, as short sentences in the learner's
language, and the moment's title."""

from __future__ import annotations

import re
from collections.abc import Sequence

from tutorial.engine.cards import Card
from tutorial.engine.seats import Seat, Team
from tutorial.explain import point_name, team_name
from tutorial.i18n import Translator
from tutorial.scenario.moments import Moment


def moment_title(t: Translator, moment: str) -> str:
    if moment == "deal":
        return t("The deal")
    if moment == "bidding":
        return t("The bidding")
    if moment == "refill":
        return t("Discard and refill")
    if moment == "score":
        return t("The score")
    if moment == "position":
        return t("The position")
    m = re.fullmatch(r"t(\d+)c(\d)", moment)
    if m:
        return t("Trick {n}, card {k}", n=int(m.group(1)), k=int(m.group(2)))
    m = re.fullmatch(r"t(\d+)", moment)
    if m:
        return t("Trick {n}: the winner", n=int(m.group(1)))
    m = re.fullmatch(r"h(\d+)", moment)
    if m:
        return t("After hand {n}", n=int(m.group(1)))
    return moment


def pretty(cards: Sequence[Card]) -> str:
    return " ".join(c.pretty for c in cards) or "—"


def frame_facts(t: Translator, frame: Moment) -> list[str]:
    """The engine's own account of a moment, as short sentences."""
    out: list[str] = []
    if frame.calls is not None:
        word = t("pass")
        calls = ", ".join(  # "A: 9" — French writes a space before the colon, "A : 9"
            t("{seat}: {call}", seat=c.seat.letter, call=word if c.bid is None else c.bid)
            for c in frame.calls
        )
        out.append(t("Calls: {calls}", calls=calls))
    elif frame.refill is not None:
        r = frame.refill
        for seat in Seat:
            out.append(
                t(
                    "{seat} discards {discards} and receives {received}.",
                    seat=seat.letter,
                    discards=pretty(r.discards[seat]),
                    received=pretty(r.received[seat]),
                )
            )
        if r.reshuffled and r.reshuffle_before is not None:
            out.append(
                t(
                    "The stock ran out while serving {seat}: the discarded non-trumps "
                    "were shuffled into a new stock.",
                    seat=r.reshuffle_before.letter,
                )
            )
        if r.dealer_discarded:
            out.append(
                t(
                    "The dealer keeps the trumps of the rest of the stock and discards {cards}.",
                    cards=pretty(r.dealer_discarded),
                )
            )
    elif frame.outcome is not None:
        o = frame.outcome
        owners = ", ".join(
            f"{point_name(t, k)} → {team_name(t, v)}" for k, v in o.owners if v is not None
        )
        out.append(
            t(
                "Points: A and C {ac}, B and D {bd} ({owners}).",
                ac=o.points.ac,
                bd=o.points.bd,
                owners=owners,
            )
        )
        out.append(_made(t, o.bidder.team, o.bid, o.made))
    elif frame.score is not None:
        sc = frame.score
        out.append(
            t(
                "Score before the hand: A and C {ac}, B and D {bd}.",
                ac=sc.before.ac,
                bd=sc.before.bd,
            )
        )
        out.append(
            t(
                "Points taken: A and C {ac}, B and D {bd}.",
                ac=sc.points.ac,
                bd=sc.points.bd,
            )
        )
        out.append(_made(t, sc.bidder, sc.bid, sc.made))
        out.append(
            t(
                "New score: A and C {ac}, B and D {bd}.",
                ac=sc.after.ac,
                bd=sc.after.bd,
            )
        )
        if sc.bidder_goes_out:
            out.append(t("Both sides held 55 or more before this hand: bidder goes out."))
        if sc.winner is not None:
            out.append(t("{team} win the game.", team=team_name(t, sc.winner)))
    return out


def _made(t: Translator, team: Team, bid: int, made: bool) -> str:
    if made:
        return t(
            "{team} bid {bid} and made it: they add their points.",
            team=team_name(t, team),
            bid=bid,
        )
    return t("{team} bid {bid} and failed: they lose {bid}.", team=team_name(t, team), bid=bid)


def play_line(t: Translator, frame: Moment) -> str | None:
    """The engine's one-line account of a card moment (``tNcK``): "B plays 9♠.", "A leads
    K♣.", or an open pile with the cards beneath; None for another moment."""
    if not re.fullmatch(r"t\d+c\d", frame.id) or not frame.trick:
        return None
    play = frame.trick[-1]
    card = play.card.pretty
    seat = play.seat.letter
    lead = len(frame.trick) == 1
    if play.beneath:
        beneath = pretty(play.beneath)
        if lead:
            return t(
                "{seat} leads an open pile: {card} on top, {beneath} beneath.",
                seat=seat,
                card=card,
                beneath=beneath,
            )
        return t(
            "{seat} plays an open pile: {card} on top, {beneath} beneath.",
            seat=seat,
            card=card,
            beneath=beneath,
        )
    if lead:
        return t("{seat} leads {card}.", seat=seat, card=card)
    return t("{seat} plays {card}.", seat=seat, card=card)


def chapters(frames: Sequence[Moment]) -> list[int]:
    """Where a long hand scenario's chapters start: the deal, the bidding, the refill, each
    trick (its first card) and the score — indices into ``frames``."""
    out: list[int] = []
    seen: set[str] = set()
    for i, f in enumerate(frames):
        m = re.fullmatch(r"t(\d+)(?:c\d)?", f.id)
        name = f"t{m.group(1)}" if m else f.id
        if name not in seen:
            seen.add(name)
            out.append(i)
    return out


def chapter_title(t: Translator, moment: str) -> str:
    m = re.fullmatch(r"t(\d+)(?:c\d)?", moment)
    if m:
        return t("Trick {n}", n=int(m.group(1)))
    return moment_title(t, moment)

"""The engine's own account of a scenario moment, as short sentences in the learner's
language, and the moment's title."""

from __future__ import annotations

import re
from typing import Any

from tutorial.engine.cards import Card
from tutorial.explain import point_name, team_name
from tutorial.i18n import Translator


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


def pretty(codes: list[str]) -> str:
    return " ".join(Card.parse(c).pretty for c in codes) or "—"


def frame_facts(t: Translator, frame: dict[str, Any]) -> list[str]:
    """The engine's own account of a moment, as short sentences."""
    out: list[str] = []
    fid = frame["id"]
    if fid == "bidding":
        word = t("pass")
        calls = ", ".join(
            f"{c['seat']}: {word if c['call'] == 'pass' else c['call']}" for c in frame["calls"]
        )
        out.append(t("Calls: {calls}", calls=calls))
    elif fid == "refill":
        r = frame["refill"]
        for seat in "ABCD":
            out.append(
                t(
                    "{seat} discards {discards} and receives {received}.",
                    seat=seat,
                    discards=pretty(r["discards"][seat]),
                    received=pretty(r["received"][seat]),
                )
            )
        if r.get("reshuffled"):
            out.append(
                t(
                    "The stock ran out while serving {seat}: the discarded non-trumps "
                    "were shuffled into a new stock.",
                    seat=r["reshuffle_before"],
                )
            )
        if r.get("dealer_discarded"):
            out.append(
                t(
                    "The dealer keeps the trumps of the rest of the stock and discards {cards}.",
                    cards=pretty(r["dealer_discarded"]),
                )
            )
    elif fid == "score" and "owners" in frame:
        owners = ", ".join(
            f"{point_name(t, k)} → {team_name(t, v)}" for k, v in frame["owners"].items() if v
        )
        out.append(
            t(
                "Points: A and C {ac}, B and D {bd} ({owners}).",
                ac=frame["points"]["AC"],
                bd=frame["points"]["BD"],
                owners=owners,
            )
        )
        out.append(_made(t, frame))
    elif fid == "score" or fid.startswith("h"):
        if "before" in frame:
            out.append(
                t(
                    "Score before the hand: A and C {ac}, B and D {bd}.",
                    ac=frame["before"]["AC"],
                    bd=frame["before"]["BD"],
                )
            )
        if "points" in frame:
            out.append(
                t(
                    "Points taken: A and C {ac}, B and D {bd}.",
                    ac=frame["points"]["AC"],
                    bd=frame["points"]["BD"],
                )
            )
        out.append(_made(t, frame))
        if "after" in frame:
            out.append(
                t(
                    "New score: A and C {ac}, B and D {bd}.",
                    ac=frame["after"]["AC"],
                    bd=frame["after"]["BD"],
                )
            )
        if frame.get("bidder_goes_out"):
            out.append(t("Both sides held 55 or more before this hand: bidder goes out."))
        if frame.get("winner"):
            out.append(t("{team} win the game.", team=team_name(t, frame["winner"])))
    return out


def _made(t: Translator, frame: dict[str, Any]) -> str:
    bidder = frame["bidder"]
    team = bidder if bidder in ("AC", "BD") else ("AC" if bidder in "AC" else "BD")
    if frame["made"]:
        return t(
            "{team} bid {bid} and made it: they add their points.",
            team=team_name(t, team),
            bid=frame["bid"],
        )
    return t(
        "{team} bid {bid} and failed: they lose {bid}.", team=team_name(t, team), bid=frame["bid"]
    )


def play_line(t: Translator, frame: dict[str, Any]) -> str | None:
    """The engine's one-line account of a card moment (``tNcK``): "B plays 9♠.", "A leads
    K♣.", or an open pile with the cards beneath; None for another moment."""
    if not re.fullmatch(r"t\d+c\d", str(frame.get("id"))) or not frame.get("trick"):
        return None
    play = frame["trick"][-1]
    card = Card.parse(play["card"]).pretty
    lead = len(frame["trick"]) == 1
    if play.get("beneath"):
        beneath = pretty(play["beneath"])
        if lead:
            return t(
                "{seat} leads an open pile: {card} on top, {beneath} beneath.",
                seat=play["seat"],
                card=card,
                beneath=beneath,
            )
        return t(
            "{seat} plays an open pile: {card} on top, {beneath} beneath.",
            seat=play["seat"],
            card=card,
            beneath=beneath,
        )
    if lead:
        return t("{seat} leads {card}.", seat=play["seat"], card=card)
    return t("{seat} plays {card}.", seat=play["seat"], card=card)


def chapters(frames: list[dict[str, Any]]) -> list[int]:
    """Where a long hand scenario's chapters start: the deal, the bidding, the refill, each
    trick (its first card) and the score — indices into ``frames``."""
    out: list[int] = []
    seen: set[str] = set()
    for i, f in enumerate(frames):
        fid = str(f["id"])
        m = re.fullmatch(r"t(\d+)(?:c\d)?", fid)
        name = f"t{m.group(1)}" if m else fid
        if name not in seen:
            seen.add(name)
            out.append(i)
    return out


def chapter_title(t: Translator, moment: str) -> str:
    m = re.fullmatch(r"t(\d+)(?:c\d)?", moment)
    if m:
        return t("Trick {n}", n=int(m.group(1)))
    return moment_title(t, moment)

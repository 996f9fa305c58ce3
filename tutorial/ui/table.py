"""The card table of one moment: card views with labels in the learner's language, seat
titles, the trump line, and the HTML of :mod:`tutorial.ui.svg`."""

from __future__ import annotations

from typing import Any

from tutorial.engine.cards import Card, parse_index
from tutorial.engine.profiles import get_profile
from tutorial.explain import card_label, explain_trick
from tutorial.i18n import Translator
from tutorial.ui import svg


def _views(
    t: Translator,
    codes: list[str],
    trump: int | None,
    profile: str,
    *,
    winner: str | None = None,
    dim: set[str] | None = None,
) -> list[svg.CardView]:
    p = get_profile(profile)
    return [
        svg.CardView(
            c,
            card_label(t, parse_index(c), trump, p),
            winner=(c == winner),
            dim=bool(dim) and c in (dim or set()),
        )
        for c in codes
    ]


def trump_text(t: Translator, trump: int | None) -> str:
    if trump is None or trump < 0:
        return t("No trump yet")
    from tutorial.engine.trumps import LEFT_PEDRO

    left = Card(LEFT_PEDRO[trump]).pretty
    return t(
        "Trump: {symbol} {suit} (Left Pedro: {left})",
        symbol="♣♦♥♠"[trump],
        suit=t(("clubs", "diamonds", "hearts", "spades")[trump]),
        left=left,
    )


def seat_titles(t: Translator, frame: dict[str, Any]) -> dict[str, str]:
    out = {}
    for seat in "ABCD":
        partner = "CDAB"["ABCD".index(seat)]
        title = t("{seat} (partner {partner})", seat=seat, partner=partner)
        if frame.get("dealer") == seat:
            title += " · " + t("dealer")
        out[seat] = title
    return out


def legend(t: Translator) -> svg.Legend:
    """What the marks on cards and seats mean, in the learner's language."""
    return svg.Legend(
        trump=t("band: a trump"),
        pedro=t("P: a Pedro (5 points)"),
        winner=t("outline and star: the card winning the trick"),
        dim=t("pale: may not be played"),
        team_ac=t("solid edge: partners A and C"),
        team_bd=t("dashed edge: partners B and D"),
    )


Taken = dict[str, tuple[int, int]]
"""Seat → (tricks won, card points in them) so far."""


def taken_so_far(frames: list[dict[str, Any]], upto: int) -> Taken:
    """Tricks won and their points per seat, from the finished tricks among ``frames[:upto+1]``."""
    out: Taken = {}
    for f in frames[: upto + 1]:
        if f.get("winner") in ("A", "B", "C", "D") and "trick" in f:
            tricks, points = out.get(f["winner"], (0, 0))
            out[f["winner"]] = (tricks + 1, points + int(f.get("points", 0)))
    return out


def seat_notes(
    t: Translator, frame: dict[str, Any], taken: Taken | None = None
) -> dict[str, list[str]]:
    """Short lines for each seat: cards held (when known), tricks and points taken."""
    hands = frame.get("hands") or {}
    notes: dict[str, list[str]] = {}
    for seat in "ABCD":
        parts = []
        if seat in hands:
            parts.append(t.n("{n} card", "{n} cards", len(hands[seat])))
        else:
            parts.append(t("cards not shown"))
        if taken is not None:
            tricks, points = taken.get(seat, (0, 0))
            parts.append(t.n("{n} trick", "{n} tricks", tricks))
            parts.append(t.n("{n} point", "{n} points", points))
        line = " · ".join(parts)
        notes[seat] = [t("leads") + " · " + line if frame.get("leader") == seat else line]
    return notes


def frame_table(
    t: Translator,
    frame: dict[str, Any],
    profile: str,
    dim: set[str] | None = None,
    taken: Taken | None = None,
    slot: str | None = None,
) -> str:
    """The table's HTML; ``slot``: a seat whose cards are drawn as buttons in its place
    (:func:`tutorial.ui.cardbuttons.card_buttons` with ``table=``)."""
    trump = "CDHS".index(frame["trump"]) if frame.get("trump") else None
    win = frame.get("winning_card")
    hands = {
        seat: _views(t, codes, trump, profile, dim=dim)
        for seat, codes in (frame.get("hands") or {}).items()
        if seat != slot
    }
    trick = []
    for n, play in enumerate(frame.get("trick") or []):
        top = _views(t, [play["card"]], trump, profile, winner=win)[0]
        beneath = tuple(_views(t, play["beneath"], trump, profile))
        trick.append(svg.Play(play["seat"], top, beneath, t("led") if n == 0 else ""))
    caption = ""
    if frame.get("winner"):
        caption = explain_trick(
            t,
            frame["winner"],
            frame["winning_card"],
            frame["trumped"],
            _led(frame),
            frame.get("points", 0),
        )
    elif frame.get("to_play"):
        caption = t("{seat} to play", seat=frame["to_play"])
    view = svg.TableView(
        trump,
        trump_text(t, trump),
        seat_titles(t, frame),
        hands,
        trick,
        caption,
        frame.get("leader"),
        frame.get("winner"),
        seat_notes=seat_notes(t, frame, taken),
        legend=legend(t),
        slot=slot,
    )
    return svg.table_html(view)


def _led(frame: dict[str, Any]) -> str:
    from tutorial.engine.trumps import EFFECTIVE_SUIT

    first = frame["trick"][0]["card"]
    trump = "CDHS".index(frame["trump"])
    return "CDHS"[EFFECTIVE_SUIT[trump][parse_index(first)]]


def puzzle_table(t: Translator, show: dict[str, Any], profile: str) -> str:
    """The card table of a drill puzzle (``Puzzle.show``: trump, leader, trick, hands, dealer,
    to_play), drawn like a lesson moment: plays at their seats, the leader marked, each seat's
    cards held or "cards not shown", and the legend. Nothing of the answer is shown."""
    frame = {k: v for k, v in show.items() if k in ("trump", "leader", "trick", "hands", "dealer")}
    if show.get("to_play"):
        frame["to_play"] = show["to_play"]
    return frame_table(t, frame, profile)

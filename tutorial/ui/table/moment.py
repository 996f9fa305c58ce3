"""The card table of one moment: card views with labels in the learner's language, seat
titles, the trump line, and the HTML of :mod:`tutorial.ui.table.svg`."""

from __future__ import annotations

from collections.abc import Sequence

from tutorial.drills.model import TableShow
from tutorial.engine.cards import Card, Suit
from tutorial.engine.profiles import get_profile
from tutorial.engine.seats import Seat
from tutorial.explain import card_label, explain_trick
from tutorial.i18n import Translator
from tutorial.scenario.moments import NO_HANDS, Moment
from tutorial.ui.table import svg


def _views(
    t: Translator,
    cards: Sequence[Card],
    trump: int | None,
    profile: str,
    *,
    winner: Card | None = None,
    dim: set[Card] | None = None,
) -> list[svg.CardView]:
    p = get_profile(profile)
    return [
        svg.CardView(
            c.code,
            card_label(t, c.index, trump, p),
            winner=(c == winner),
            dim=bool(dim) and c in (dim or set()),
        )
        for c in cards
    ]


def trump_text(t: Translator, trump: int | None, *, marks: bool = True) -> str:
    """The trump line: the suit and its Left Pedro (``marks`` False: the suit only)."""
    if trump is None or trump < 0:
        return t("No trump yet")
    if not marks:
        return t(
            "Trump: {symbol} {suit}",
            symbol=Suit(trump).symbol,
            suit=t(("clubs", "diamonds", "hearts", "spades")[trump]),
        )
    from tutorial.engine.trumps import LEFT_PEDRO

    left = Card(LEFT_PEDRO[trump]).pretty
    return t(
        "Trump: {symbol} {suit} (Left Pedro: {left})",
        symbol=Suit(trump).symbol,
        suit=t(("clubs", "diamonds", "hearts", "spades")[trump]),
        left=left,
    )


def seat_titles(t: Translator, frame: Moment) -> dict[str, str]:
    out = {}
    for seat in Seat:
        title = t("{seat} (partner {partner})", seat=seat.letter, partner=seat.partner.letter)
        if frame.dealer is seat:
            title += " · " + t("dealer")
        out[seat.letter] = title
    return out


def legend(t: Translator, *, marks: bool = True) -> svg.Legend:
    """What the marks on cards and seats mean, in the learner's language (``marks`` False:
    a table without trump marks, whose legend does not list them)."""
    return svg.Legend(
        trump=t("band: a trump") if marks else "",
        pedro=t("P: a Pedro (5 points)") if marks else "",
        winner=t("outline and star: the card winning the trick"),
        dim=t("pale: may not be played"),
        team_ac=t("solid edge: partners A and C"),
        team_bd=t("dashed edge: partners B and D"),
        lead=t("◆ after a letter: the seat that leads the trick"),
    )


Taken = dict[str, tuple[int, int]]
"""Seat → (tricks won, card points in them) so far."""


def taken_so_far(frames: Sequence[Moment], upto: int) -> Taken:
    """Tricks won and their points per seat, from the finished tricks among ``frames[:upto+1]``."""
    out: Taken = {}
    for f in frames[: upto + 1]:
        if f.winner is not None and f.trick is not None:
            tricks, points = out.get(f.winner.letter, (0, 0))
            out[f.winner.letter] = (tricks + 1, points + (f.trick_points or 0))
    return out


def seat_notes(t: Translator, frame: Moment, taken: Taken | None = None) -> dict[str, list[str]]:
    """Short lines for each seat: cards held (when known), tricks and points taken."""
    notes: dict[str, list[str]] = {}
    for seat in Seat:
        parts = []
        held = frame.hand(seat)
        if held is not None:
            parts.append(t.n("{n} card", "{n} cards", len(held)))
        else:
            parts.append(t("cards not shown"))
        if taken is not None:
            tricks, points = taken.get(seat.letter, (0, 0))
            parts.append(t.n("{n} trick", "{n} tricks", tricks))
            parts.append(t.n("{n} point", "{n} points", points))
        line = " · ".join(parts)
        notes[seat.letter] = [t("leads") + " · " + line if frame.leader is seat else line]
    return notes


def frame_table(
    t: Translator,
    frame: Moment,
    profile: str,
    dim: set[Card] | None = None,
    taken: Taken | None = None,
    slot: str | None = None,
    beneath: Sequence[Card] = (),
    *,
    marks: bool = True,
) -> str:
    """The table's HTML; ``slot``: a seat whose cards are drawn as buttons in its place
    (:func:`tutorial.ui.table.cardbuttons.card_buttons` with ``table=``); ``beneath``: that seat's
    cards going beneath the card it chooses (an open pile), shown under the buttons.
    ``marks`` False: no trump marks (a "your move" that asks the learner to tell a trump):
    the cards are drawn and labelled as before trump is named, the trump line names the
    suit only."""
    named = None if frame.trump is None else int(frame.trump)
    trump = named if marks else None
    win = frame.winning_card
    hands = {
        Seat(seat).letter: _views(t, cards, trump, profile, dim=dim)
        for seat, cards in enumerate(frame.hands or NO_HANDS)
        if cards is not None and Seat(seat).letter != slot
    }
    trick = []
    for n, play in enumerate(frame.trick or ()):
        top = _views(t, [play.card], trump, profile, winner=win)[0]
        under = tuple(_views(t, play.beneath, trump, profile))
        trick.append(svg.Play(play.seat.letter, top, under, t("led") if n == 0 else ""))
    caption = ""
    if frame.winner is not None and frame.winning_card is not None:
        led = frame.led_suit
        assert led is not None
        caption = explain_trick(
            t,
            frame.winner,
            frame.winning_card,
            bool(frame.trumped),
            led,
            frame.trick_points or 0,
        )
    elif frame.to_play is not None:
        caption = t("{seat} to play", seat=frame.to_play.letter)
    view = svg.TableView(
        trump,
        trump_text(t, named, marks=marks),
        seat_titles(t, frame),
        hands,
        trick,
        caption,
        None if frame.leader is None else frame.leader.letter,
        None if frame.winner is None else frame.winner.letter,
        seat_notes=seat_notes(t, frame, taken),
        legend=legend(t, marks=marks),
        slot=slot,
        beneath=_views(t, beneath, trump, profile),
        beneath_text=t.n("Goes beneath the top card:", "Go beneath the top card:", len(beneath)),
    )
    return svg.table_html(view)


def puzzle_table(t: Translator, show: TableShow, profile: str) -> str:
    """The card table of a drill puzzle (its ``show.table``: trump, leader, trick, hands,
    dealer, to_play), drawn like a lesson moment: plays at their seats, the leader marked,
    each seat's cards held or "cards not shown", and the legend. Nothing of the answer is
    shown."""
    return frame_table(t, show.table, profile)

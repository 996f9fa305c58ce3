"""Why a card does not win a trick, and what a "your move" card would do, in the learner's
language. Every fact comes from the engine's trick rules (trump tables, effective suits,
:func:`~tutorial.engine.trick.trick_winner`); only the words come from the catalogs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tutorial.engine.cards import Card, parse_index
from tutorial.engine.errors import Reason
from tutorial.engine.seats import SEAT_LETTERS, SUIT_LETTERS, Seat
from tutorial.engine.trick import trick_winner
from tutorial.engine.trumps import EFFECTIVE_SUIT, beats, is_trump
from tutorial.explain import explain_illegal, point_name, suit_name, team_name
from tutorial.i18n import Translator
from tutorial.lessons.model import Question, Text, TrickEnd, YourMove
from tutorial.scenario.results import LegalReport, TablePlay, TrickReport

SEATS = SEAT_LETTERS
SUITS = SUIT_LETTERS


def _pretty(code: str) -> str:
    return Card.parse(code).pretty


def why_below(t: Translator, card: str, best: str, trump: int, led: int) -> str:
    """Why ``card`` does not beat ``best`` in a trick whose led suit is ``led``."""
    c, b = parse_index(card), parse_index(best)
    if is_trump(c, trump):
        return t(
            "{card} is a trump, but it ranks below {best}.", card=_pretty(card), best=_pretty(best)
        )
    if EFFECTIVE_SUIT[trump][c] != led:
        return t(
            "{card} is neither a trump nor of the suit led, {suit}, so it cannot win the trick.",
            card=_pretty(card),
            suit=suit_name(t, led),
        )
    if is_trump(b, trump):
        return t(
            "{card} follows suit, but {best} is a trump: a trump beats any card of the suit led.",
            card=_pretty(card),
            best=_pretty(best),
        )
    return t(
        "{card} ranks below {best} in the suit led, {suit}.",
        card=_pretty(card),
        best=_pretty(best),
        suit=suit_name(t, led),
    )


def why_not_winner(
    t: Translator, card: str, plays: Sequence[tuple[str, str]], trump: int
) -> str | None:
    """Why ``card`` (one of ``plays``, (seat, code) in play order) does not win the trick;
    None if it does."""
    out = trick_winner(trump, [(SEATS.index(s), parse_index(c)) for s, c in plays])
    best = Card(out.winning_card).code
    if best == card:
        return None
    return why_below(t, card, best, trump, out.led_suit)


def move_feedback(
    t: Translator,
    lang: str,
    move: YourMove,
    card: str,
    trick: Sequence[TablePlay],
    trump: int,
) -> str:
    """Why ``card``, legal here, is not the move: the lesson's words for it if it wrote
    some, else the engine's account of what the card does now and where the trick would go.
    ``trick``: the cards played before it. When the partner is already winning and keeps the
    trick, what matters is the points put on it: that comes first (and how many more the best
    card would have put on it), not why the card does not win."""
    written: Text | None = move.feedback.get(card)
    if written is not None:
        return written.get(lang)
    end = move.outcomes.get(card)
    parts: list[str] = []
    if trick:
        led = EFFECTIVE_SUIT[trump][trick[0].card.index]
        out = trick_winner(trump, [(int(p.seat), p.card.index) for p in trick])
        best = Card(out.winning_card)
        partner = Seat.parse(move.seat).partner
        if beats(parse_index(card), out.winning_card, trump, led):
            parts.append(
                t("{card} would beat {best} for now.", card=_pretty(card), best=best.pretty)
            )
        elif (
            end is not None
            and Seat(out.winner) is partner
            and (end.winner, end.winning_card) == (partner.letter, best.code)
        ):
            return " ".join(_partner_keeps(t, move, end, partner, best))
        else:
            parts.append(why_below(t, card, best.code, trump, led))
    if end is not None:
        parts.append(trick_end(t, end))
    return " ".join(parts)


def _partner_keeps(
    t: Translator, move: YourMove, end: TrickEnd, partner: Seat, best: Card
) -> list[str]:
    """A card under the partner's winner, the trick staying with the partner: the points
    loaded on it matter, and how many more the scripted (best) card would have loaded."""
    lines = [
        t(
            "{partner}, your partner, is already winning the trick with {best}: what counts now "
            "is the points you load on it.",
            partner=partner.letter,
            best=best.pretty,
        ),
        trick_end(t, end),
    ]
    right = move.outcomes.get(move.card)
    if right is not None and Seat.parse(right.winner).team is partner.team:
        more = right.points - end.points
        if more > 0:
            lines.append(
                t.n(
                    "With your best card here, the trick would carry {n} more point.",
                    "With your best card here, the trick would carry {n} more points.",
                    more,
                )
            )
    return lines


def trick_end(t: Translator, end: TrickEnd) -> str:
    """Where a trick played to the end would go, and the points it carries, named
    ("… to D with K♥: 1 point for B and D (Low).")."""
    seat, winning = end.winner, _pretty(end.winning_card)
    points = end.points
    if not points:
        return t(
            "Played to the end, the trick would go to {seat} with {winning}, without any points.",
            seat=seat,
            winning=winning,
        )
    team = team_name(t, Seat.parse(seat).team)
    names = ", ".join(point_name(t, name) for name in end.captured)
    return t.n(
        "Played to the end, the trick would go to {seat} with {winning}: {n} point for "
        "{team} ({names}).",
        "Played to the end, the trick would go to {seat} with {winning}: {n} points for "
        "{team} ({names}).",
        points,
        seat=seat,
        winning=winning,
        team=team,
        names=names,
    )


def illegal_feedback(t: Translator, move: YourMove, card: str) -> str:
    """The rule that forbids ``card`` here, in the learner's language."""
    facts = move.illegal.get(card)
    return explain_illegal(t, facts) if facts else t("That move is not allowed.")


def may_play_why(t: Translator, card: str, hand: Sequence[str], led: int, trump: int) -> str:
    """Why ``card`` may be played to a trick whose led suit is ``led`` (-1: leading)."""
    c = parse_index(card)
    pretty = _pretty(card)
    if led < 0:
        return t("{card} may be played too: the player leading may play any card.", card=pretty)
    if is_trump(c, trump):
        return t(
            "{card} may be played too: it is a trump, and a trump may always be played.",
            card=pretty,
        )
    if EFFECTIVE_SUIT[trump][c] == led:
        return t("{card} may be played too: it follows the suit led.", card=pretty)
    return t(
        "{card} may be played too: the player holds no {suit}, the suit led, so any card "
        "may be played.",
        card=pretty,
        suit=suit_name(t, led),
    )


def question_feedback(t: Translator, lang: str, q: Question, response: Any) -> list[str]:
    """Why *this* answer is wrong, beyond the question's ``wrong``: the lesson's words for each
    wrong choice it wrote them for, and the engine's reason where the question is about a
    trick (the card or seat chosen does not win; a card picked may not be played; a card
    left out may be played)."""
    lines: list[str] = []
    if q.type in ("single", "multiple"):
        picked = [response] if q.type == "single" else list(response or [])
        right = {q.answer} if q.type == "single" else set(q.answer)
        for o in q.options:
            if o.id in picked and o.id not in right and o.feedback is not None:
                lines.append(o.feedback.get(lang))
    elif q.type == "cards":
        chosen_cards = set(response or [])
        for c in q.shown_cards:
            if (c in chosen_cards) != (c in q.answer) and c in q.card_feedback:
                lines.append(q.card_feedback[c].get(lang))
    rep = q.scenario.replay if q.scenario is not None else None
    if rep is None or q.ask is None or not q.scenario:
        return lines
    report = rep.report
    if isinstance(report, TrickReport) and q.ask in ("winner", "winning_card"):
        plays = [(p.seat.letter, p.card.code) for p in report.plays]
        chosen = [response] if q.type == "single" else list(response or [])
        for ch in chosen:
            card = next((c for s, c in plays if s == ch), ch)
            if any(c == card for _, c in plays):
                why = why_not_winner(t, card, plays, int(report.trump))
                if why:
                    lines.append(why)
    elif isinstance(report, LegalReport) and q.ask == "legal":
        trump = int(report.trump)
        trick = rep.timeline[-1].trick or ()
        led = EFFECTIVE_SUIT[trump][trick[0].card.index] if trick else -1
        hand = [c.code for c in report.hand]
        seat = report.seat.letter
        picked_cards = set(response or [])
        legal = {c.code for c in report.legal}
        reason = Reason.MUST_FOLLOW_TRUMP if led == trump else Reason.MUST_FOLLOW_SUIT_OR_TRUMP
        for c in hand:
            if c in picked_cards and c not in legal:
                facts = {
                    "reason": str(reason.value),
                    "seat": seat,
                    "card": c,
                    "required": SUITS[led] if led >= 0 else "",
                }
                lines.append(explain_illegal(t, facts))
            elif c in legal and c not in picked_cards:
                lines.append(may_play_why(t, c, hand, led, trump))
    return lines

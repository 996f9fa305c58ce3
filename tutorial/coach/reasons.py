"""Named reasons for a costly card, each proved on the line played and by the solver.

A reason is given only for a card labelled inaccuracy or worse that also cost points
double-dummy on the actual deal (``dd_cost > 0``). Each check reads two lines:

* the **line played** — the hand as it was actually played from the decision on (the
  learner's card and everyone's later cards): the loss the reason names must have happened
  there (the Left Pedro captured by the other side's higher trump, Game taken by them, ...);
* the **best line** — the solver's double-dummy play on the actual deal after the coach's
  best card: the card the reason names must stay with the learner's side there, so the loss
  was avoidable and the better card avoids it.

The reasons (code → message, translated through the catalogs):

``left_pedro_fell`` / ``right_pedro_fell``
    the learner played a Pedro and the other side won the trick with a higher trump.
``game_unprotected``
    the learner held Game (the 10 of trump); the other side took it, on this trick or later.
``partner_trick_no_pedro``
    the learner's partner was winning the trick and won it; the learner could have loaded a
    Pedro on it, the best card was that Pedro, and the other side took the Pedro later.
``gave_jack_away`` / ``gave_low_away``
    the learner played the Jack (or Low, where its captor scores it) and the other side won
    the trick.
``trump_on_partner_trick``
    the partner was winning the trick and the side took it; the learner spent a trump that
    scores nothing where it could have played a plain card, and the best card was a plain card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutorial.coach.values import best_line
from tutorial.engine.actions import PlayCard
from tutorial.engine.state import State
from tutorial.i18n import N_, Translator

if TYPE_CHECKING:
    from tutorial.solver.search import Search

REASONS: dict[str, str] = {
    "left_pedro_fell": N_("The Left Pedro fell to a higher trump."),
    "right_pedro_fell": N_("The Right Pedro fell to a higher trump."),
    "game_unprotected": N_("Game (the 10) left unprotected: the other side took it."),
    "partner_trick_no_pedro": N_("Your partner's winning trick left without your Pedro."),
    "gave_jack_away": N_("You gave the Jack away: the other side took it with a higher trump."),
    "gave_low_away": N_("You gave the Low away: the other side took it with a higher trump."),
    "trump_on_partner_trick": N_("A trump wasted on a trick your partner had won."),
}
"""Reason code → message (English msgid; translate with :func:`reason_text`)."""


def reason_text(code: str | None, tr: Translator) -> str | None:
    """The reason's message in the learner's language (None for no reason)."""
    if code is None:
        return None
    return tr(REASONS[code])


def _captured_by(state: State, card: int) -> int | None:
    """The team that captured ``card`` in ``state`` (None if nobody did)."""
    for team in (0, 1):
        if (state.captured[team] >> card) & 1:
            return team
    return None


def find_reason(
    before: State,
    action: PlayCard,
    best: PlayCard,
    final: State,
    search: Search | None = None,
) -> str | None:
    """The reason ``action`` (played by the seat to act in ``before``, the actual deal) lost
    points, or None when no named reason is proved. ``final`` is the finished hand as
    played; ``best`` the coach's best card. The caller checks the label and ``dd_cost``."""
    if action == best:
        return None
    seat = before.to_act
    team, opp = seat & 1, 1 - (seat & 1)
    partner = seat ^ 2
    trick_no = len(before.tricks)
    if trick_no >= len(final.tricks):
        return None
    trick = final.tricks[trick_no]
    names = {name: card for name, card, _value, held in before.point_cards if not held}
    hand = before.hands[seat]
    cache: dict[str, State] = {}

    def saved(card: int) -> bool:
        """On the best line after ``best``, the learner's side keeps ``card``."""
        if "line" not in cache:
            after = before.copy()
            after.apply(best)
            cache["line"] = best_line(after, search)
        return _captured_by(cache["line"], card) == team

    lost_here = trick.winner & 1 == opp
    for name, code in (("left_pedro", "left_pedro_fell"), ("right_pedro", "right_pedro_fell")):
        card = names.get(name)
        if card is not None and action.card == card and lost_here and saved(card):
            return code
    game = names.get("game")
    if (
        game is not None
        and (hand >> game) & 1
        and _captured_by(final, game) == opp
        and best.card != action.card
        and saved(game)
    ):
        return "game_unprotected"
    partner_winning = bool(before.trick_plays) and before.best_seat == partner
    if partner_winning and trick.winner == partner:
        legal = before.legal_play_mask()
        for name in ("right_pedro", "left_pedro"):
            card = names.get(name)
            if (
                card is not None
                and (legal >> card) & 1
                and action.card != card
                and best.card == card
                and _captured_by(final, card) == opp
                and saved(card)
            ):
                return "partner_trick_no_pedro"
    for name, code in (("jack", "gave_jack_away"), ("low", "gave_low_away")):
        card = names.get(name)
        if card is not None and action.card == card and lost_here and saved(card):
            return code
    tm = before.trump_mask
    if (
        partner_winning
        and trick.winner & 1 == team
        and (tm >> action.card) & 1
        and action.card not in names.values()
        and before.legal_play_mask() & ~tm
        and not (tm >> best.card) & 1
    ):
        return "trump_on_partner_trick"
    return None


# -- calls, trump and keeps: the reason the best option beats the chosen one ------------------
WHY_MESSAGES: dict[str, str] = {
    "game_chance": N_(
        "This hand can end the game: with {best} your side wins it in {win} of the deals "
        "(the other side in {lose}); with {chosen}, in {win_chosen} (the other side in "
        "{lose_chosen})."
    ),
    "dealer_forced": N_(
        "Passing lets the dealer be forced to {bid}: that happens in {forced} of the deals, "
        "and your side sets them in {pct} of those."
    ),
    "bid_set_often": N_(
        "A bid of {bid} is set in {pct} of the deals in which you hold it: your side then "
        "loses the whole bid."
    ),
    "pass_lets_them_make": N_(
        "After a pass the other side takes the bid in {pct} of the deals and makes it in "
        "{made} of those."
    ),
    "holds_more": N_(
        "With {best} you keep the bid in {pct} of the deals, with {chosen} only in "
        "{pct_chosen}: the other side outbids the lower call."
    ),
    "trump_points": N_(
        "With {best} your side takes on average {ours} of the hand's points and makes the bid "
        "in {made} of the deals; with {chosen}, {ours_chosen} and {made_chosen}."
    ),
    "keep_points": N_(
        "Keeping {best}, your side takes on average {ours} of the hand's points (the other "
        "side {theirs}); keeping {chosen}, {ours_chosen} (the other side {theirs_chosen})."
    ),
    "points_breakdown": N_(
        "With {best} your side takes on average {ours} of the hand's points and the other "
        "side {theirs} (your score against theirs: {net}); with {chosen}, {ours_chosen} and "
        "{theirs_chosen} ({net_chosen})."
    ),
}
"""Why-code → message (English msgid; the numbers are filled by :func:`why_text`)."""

PERCENT = frozenset(
    {
        "win",
        "lose",
        "win_chosen",
        "lose_chosen",
        "pct",
        "pct_chosen",
        "forced",
        "made",
        "made_chosen",
    }
)
"""Parameters that are shares of the deals (shown as percentages)."""
SIGNED = frozenset({"net", "net_chosen"})
WHOLE = frozenset({"bid"})


def action_words(tr: Translator, text: str) -> str:
    """An action as the learner reads it: a pass, a bid, a suit's name, the cards kept."""
    from tutorial.engine.actions import DealerKeep, Keep, NameTrump, parse_action
    from tutorial.engine.cards import Card, Suit
    from tutorial.explain import suit_name

    try:
        action = parse_action(text)
    except ValueError:
        return text
    if text == "pass":
        return tr("pass")
    if isinstance(action, NameTrump):
        return f"{Suit(action.suit).symbol} {suit_name(tr, action.suit)}"
    if isinstance(action, Keep | DealerKeep):
        cards = " ".join(Card(c).pretty for c in action.cards)
        return cards or tr(NOTHING)
    return text


def why_text(code: str, params: dict[str, float | str], tr: Translator) -> str:
    """The reason ``code`` in the learner's language, its numbers in the language's way."""
    from babel.numbers import format_decimal, format_percent

    values: dict[str, str] = {}
    for name, v in params.items():
        if isinstance(v, str):
            values[name] = action_words(tr, v)
        elif name in PERCENT:
            values[name] = str(format_percent(v, locale=tr.lang))  # the language's own way
        elif name in SIGNED:
            values[name] = str(
                format_decimal(round(v, 1) + 0.0, "+#,##0.0;-#,##0.0", locale=tr.lang)
            )
        elif name in WHOLE:
            values[name] = str(int(v))
        else:
            values[name] = str(format_decimal(round(v, 1) + 0.0, "#,##0.0", locale=tr.lang))
    return tr(WHY_MESSAGES[code], **values)


NOTHING = N_("nothing")
"""A keep of no card, as the learner reads it."""
GAVE_AWAY = N_("On average this card gives away {points} of the hand's points against {best}.")
CLOSE_CALL = N_("A close call: {options} are within {margin} of each other on average.")

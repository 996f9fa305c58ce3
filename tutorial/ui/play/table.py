"""What the practice table shows: only what the learner's seat may see.

The learner (A) sees its own cards, every call, trump, every card played, the counts anyone
at the table sees (cards held, discarded, received) and its own refill. The bots' hands, the
stock and the dealer's keep are never put in the page while the hand is being played; they
appear in :func:`deal_reveal` once it is over. Everything comes from
:func:`~tutorial.engine.observe.observe` of seat A, except the reveal.
"""

from __future__ import annotations

from collections.abc import Mapping

from tutorial.engine.cards import Card, Suit, iter_bits
from tutorial.engine.observe import Observation
from tutorial.engine.profiles import get_profile
from tutorial.engine.seats import SEAT_LETTERS, Seat
from tutorial.engine.state import Phase, State
from tutorial.explain import card_label, explain_trick
from tutorial.i18n import Translator
from tutorial.practice.game import LEARNER, Game
from tutorial.ui.table import svg
from tutorial.ui.table.moment import legend, trump_text

Tally = dict[int, tuple[int, int]]
"""Seat → (tricks won, card points in them)."""


def seat_title(t: Translator, seat: int, obs: Observation, name: str | None = None) -> str:
    """The seat's heading as the observer (``obs.seat``) sees it: you, your partner or an
    opponent, the player's name at a shared table (plain text: the drawing escapes it)."""
    letter = SEAT_LETTERS[seat]
    if name:
        letter = f"{letter} · {name}"
    if seat == obs.seat:
        title = t("{seat} · you", seat=letter)
    elif seat == (obs.seat + 2) % 4:
        title = t("{seat} · your partner", seat=letter)
    else:
        title = t("{seat} · opponent", seat=letter)
    if obs.dealer == seat:
        title += " · " + t("dealer")
    return title


def tally(state: State) -> Tally:
    out: Tally = {}
    for tr in state.tricks:
        n, p = out.get(tr.winner, (0, 0))
        out[tr.winner] = (n + 1, p + tr.points)
    return out


def _calls_of(obs: Observation, seat: int) -> str | None:
    mine = [v for s, v in obs.calls if s == seat]
    if not mine:
        return None
    v = mine[-1]
    return None if v is None else str(v)


def held(obs: Observation, seat: int) -> int:
    """How many cards ``seat`` holds as the observer knows it. During the refill the state
    counts the hands as dealt until the refill ends; the observer's own hand is what it
    kept and took, and a seat that has discarded (and drawn) holds its deal less its
    discards plus what it drew (public counts; the dealer's draw is not public yet)."""
    if seat == obs.seat:
        return obs.hand.bit_count()
    d, r = obs.discard_counts[seat], obs.received_counts[seat]
    if obs.phase is Phase.REFILL and d >= 0:
        return obs.hand_sizes[seat] - d + max(r, 0)
    return obs.hand_sizes[seat]


def seat_notes(t: Translator, obs: Observation, state: State) -> dict[str, list[str]]:
    taken = tally(state)
    notes: dict[str, list[str]] = {}
    for seat in range(4):
        parts = [t.n("{n} card", "{n} cards", held(obs, seat))]
        bid = _calls_of(obs, seat)
        if any(s == seat for s, _ in obs.calls):
            parts.append(t("bid {n}", n=bid) if bid is not None else t("passed"))
        if obs.phase in (Phase.PLAY, Phase.DONE):
            tricks, points = taken.get(seat, (0, 0))
            parts.append(t.n("{n} trick", "{n} tricks", tricks))
            parts.append(t.n("{n} point", "{n} points", points))
        notes[SEAT_LETTERS[seat]] = [" · ".join(parts)]
    return notes


def _views(
    t: Translator, cards: tuple[int, ...], trump: int | None, profile: str
) -> tuple[svg.CardView, ...]:
    p = get_profile(profile)
    return tuple(svg.CardView(Card(c).code, card_label(t, c, trump, p)) for c in cards)


def table_html(
    t: Translator, g: Game, seat: int = LEARNER, names: Mapping[int, str] | None = None
) -> str:
    """The table as ``seat`` sees it (A at the practice table), drawn at the bottom with an
    empty slot for its card buttons; ``names``: the players' names at a shared table."""
    state = g.state()
    obs = g.observation(seat)
    trump = obs.trump if obs.trump >= 0 else None
    p = get_profile(g.profile)
    plays = list(state.trick_plays)
    caption = ""
    winner_seat: str | None = None
    last = None
    if not plays and state.tricks:  # show the trick just won until the next card is led
        last = state.tricks[-1]
        plays = list(last.plays)
        winner_seat = SEAT_LETTERS[last.winner]
        caption = explain_trick(
            t,
            Seat(last.winner),
            Card(last.winning_card),
            last.trumped,
            Suit(last.led_suit),
            last.points,
        )
    elif obs.phase is Phase.PLAY:
        who = SEAT_LETTERS[obs.to_act]
        caption = t("Your turn") if obs.to_act == seat else t("{seat} to play", seat=who)
    trick = []
    for n, play in enumerate(plays):
        top = svg.CardView(
            Card(play.card).code,
            card_label(t, play.card, trump, p),
            winner=(last is not None and play.card == last.winning_card),
        )
        beneath = _views(t, play.beneath, trump, g.profile)
        trick.append(svg.Play(SEAT_LETTERS[play.seat], top, beneath, t("led") if n == 0 else ""))
    leader = (
        SEAT_LETTERS[last.leader]
        if last
        else (SEAT_LETTERS[state.trick_leader] if obs.phase is Phase.PLAY else None)
    )
    view = svg.TableView(
        trump,
        trump_text(t, trump),
        {SEAT_LETTERS[s]: seat_title(t, s, obs, (names or {}).get(s)) for s in range(4)},
        {},
        trick,
        caption,
        leader,
        winner_seat,
        seat_notes=seat_notes(t, obs, state),
        legend=legend(t),
        slot=SEAT_LETTERS[seat],
        bottom=Seat(seat),
    )
    return svg.table_html(view)


def refill_lines(t: Translator, obs: Observation) -> list[str]:
    """Who discarded and drew how many; the learner's own new cards. What the dealer kept
    from the rest of the stock is the dealer's secret (only the count is public)."""
    if obs.received_counts == (0, 0, 0, 0) and obs.discard_counts[0] < 0:
        return []
    out = []
    for seat in range(4):
        d, r = obs.discard_counts[seat], obs.received_counts[seat]
        if d < 0:
            continue
        if seat == obs.dealer and r < 0:  # the dealer is taking from the rest of the stock
            out.append(
                t(
                    "{seat} (dealer) discarded {d} and is taking cards from the rest of the stock.",
                    seat=SEAT_LETTERS[seat],
                    d=d,
                )
            )
        elif seat == obs.dealer:
            out.append(
                t(
                    "{seat} (dealer) discarded {d} and took {r}: the dealer's choice from the "
                    "rest of the stock stays secret.",
                    seat=SEAT_LETTERS[seat],
                    d=d,
                    r=r,
                )
            )
        else:
            out.append(t("{seat} discarded {d} and drew {r}.", seat=SEAT_LETTERS[seat], d=d, r=r))
    if obs.received:
        got = ", ".join(Card(c).pretty for c in obs.received)
        out.append(t("You received: {cards}.", cards=got))
    if obs.stock_ran_out_at is not None:
        out.append(
            t(
                "The stock ran out while serving {seat}: the discards were shuffled "
                "to make a new stock.",
                seat=SEAT_LETTERS[obs.stock_ran_out_at],
            )
        )
    return out


def deal_reveal(t: Translator, state: State) -> dict[str, list[str]]:
    """Once the hand is over: each seat's cards as dealt and as played (after the refill)."""
    out: dict[str, list[str]] = {}
    trump = state.trump if state.trump >= 0 else None
    for seat in range(4):
        dealt = " ".join(Card(c).pretty for c in svg_order(state.dealt[seat], trump))
        lines = [t("dealt: {cards}", cards=dealt)]
        if state.start_hands[seat]:
            after = " ".join(Card(c).pretty for c in svg_order(state.start_hands[seat], trump))
            lines.append(t("after the refill: {cards}", cards=after))
        out[SEAT_LETTERS[seat]] = lines
    return out


def svg_order(mask: int, trump: int | None) -> list[int]:
    codes = svg.hand_order([Card(c).code for c in iter_bits(mask)], trump)
    return [Card.parse(c).index for c in codes]

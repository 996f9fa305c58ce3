"""The hint (the expert's card and why) and the bid advisor at the practice table, in the
learner's language. Both are worked out in a worker process (:mod:`tutorial.practice.
thinking`); while they are, a small fragment shows that the expert is thinking and runs the
page again when the answer is in."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st
from babel.numbers import format_decimal

from tutorial.coach.hint import Hint
from tutorial.engine.actions import parse_action
from tutorial.engine.cards import Card, Suit
from tutorial.engine.profiles import get_profile
from tutorial.explain import card_roles, suit_name
from tutorial.i18n import Translator
from tutorial.practice.game import Game

POLL = 0.3
"""How often the page looks whether the hint or the advice is ready (seconds)."""


def number(t: Translator, x: float, signed: bool = False) -> str:
    """``2.1`` / ``2,1`` / ``+2,1`` as the learner's language writes it."""
    pattern = "+#,##0.0;-#,##0.0" if signed else "#,##0.0"
    return str(format_decimal(round(x, 1) + 0.0, pattern, locale=t.lang))


def short_card(t: Translator, card: int, trump: int | None, profile: str) -> str:
    """``5♥ (Left Pedro, trump, 5 points)``: the card and what it is, once trump is named."""
    roles = card_roles(t, card, trump, get_profile(profile))
    pretty = Card(card).pretty
    return f"{pretty} ({', '.join(roles)})" if roles else pretty


def parse_hint(data: Any) -> Hint | None:
    if not isinstance(data, dict) or data.get("kind") != "card":
        return None
    try:
        return Hint.from_json(data["hint"])
    except (KeyError, TypeError, ValueError):
        return None


def best_card(data: Any) -> int | None:
    """The card the hint marks on the table (None for no card hint)."""
    h = parse_hint(data)
    return h.best.action.card if h is not None else None


def hint_lines(t: Translator, h: Hint, trump: int | None, profile: str) -> list[str]:
    """The expert's card and why, from the worlds the hint priced."""
    m = h.samples
    best = h.best
    name = short_card(t, best.action.card, trump, profile)
    if best.action.beneath:
        under = ", ".join(Card(c).pretty for c in best.action.beneath)
        name = t("{card}, with {cards} beneath", card=name, cards=under)
    gain = h.gain
    lines = []
    if gain is None:
        lines.append(t("{card} is the only card you may play.", card=name))
    elif gain >= 0.05:
        more = number(t, gain)
        lines.append(
            t.n(
                "{card}: on average your side's expected points are {gain} higher than "
                "with your other cards, over {n} deal that fits what you have seen.",
                "{card}: on average your side's expected points are {gain} higher than "
                "with your other cards, over {n} deals that fit what you have seen.",
                m,
                card=name,
                gain=more,
            )
        )
    else:
        other = Card(h.options[1].action.card).pretty
        lines.append(
            t.n(
                "{card}: as good as {other} on average, over {n} deal that fits what you "
                "have seen.",
                "{card}: as good as {other} on average, over {n} deals that fit what you "
                "have seen.",
                m,
                card=name,
                other=other,
            )
        )
    if best.followed and best.side_wins * 2 > m:
        lines.append(
            t.n(
                "With it your side takes this trick in {k} of {n} possible deal.",
                "With it your side takes this trick in {k} of {n} possible deals.",
                m,
                k=best.side_wins,
            )
        )
    risky = sorted(
        (o for o in h.options[1:] if o.followed and o.lost), key=lambda o: (-o.lost, o.expected)
    )
    for o in risky[:2]:
        alt = short_card(t, o.action.card, trump, profile)
        lines.append(
            t.n(
                "{card} would fall to the other side in this trick in {k} of {n} possible deal.",
                "{card} would fall to the other side in this trick in {k} of {n} possible deals.",
                m,
                card=alt,
                k=o.lost,
            )
        )
    return lines


def wait_for(ready: Callable[[], bool], text: str, key: str) -> None:
    """While ``ready()`` is False, show ``text``; once it is True, run the page again."""

    @st.fragment(run_every=POLL)
    def body() -> None:
        if ready():
            st.rerun(scope="app")
        st.caption(text)

    with st.container(key=key):
        body()


def _call_text(t: Translator, call: str) -> str:
    return t("Pass") if call == "pass" else call


def advice_view(t: Translator, data: dict[str, Any]) -> None:
    """Per trump suit the points the side can expect; per call the expected change of the
    side's score and the same against the other side."""
    try:
        suits = [(Suit.parse(str(s["suit"])), float(s["mean"])) for s in data["suits"]]
        calls = [
            (
                str(c["call"]),
                None if c["suit"] is None else Suit.parse(str(c["suit"])),
                float(c["score_change"]),
                float(c["net"]),
            )
            for c in data["calls"]
        ]
        samples = int(data["samples"])
        best = str(data["best"])
    except (KeyError, TypeError, ValueError):
        st.info(t("The advisor is not available right now."))
        return
    st.markdown(
        t.n(
            "**The advisor** played your hand out in {n} deal that fits your cards, with each "
            "suit as trump and your side taking the bid.",
            "**The advisor** played your hand out in {n} deals that fit your cards, with each "
            "suit as trump and your side taking the bid.",
            samples,
        )
    )
    lines = [
        t(
            "{symbol} {suit}: expected points for your side {points}",
            symbol=suit.symbol,
            suit=suit_name(t, suit),
            points=number(t, mean),
        )
        for suit, mean in sorted(suits, key=lambda x: -x[1])
    ]
    st.markdown("\n".join(f"- {line}" for line in lines))
    head = [t("Call"), t("Trump"), t("Your score"), t("Against the other side")]
    rows = []
    for call, suit, change, net in calls:
        mark = " ◀" if call == best else ""
        trump = f"{suit.symbol} {suit_name(t, suit)}" if suit is not None else "—"
        rows.append(
            f"| {_call_text(t, call)}{mark} | {trump} | {number(t, change, True)} | "
            f"{number(t, net, True)} |"
        )
    st.markdown(
        "| " + " | ".join(head) + " |\n|---|---|---|---|\n" + "\n".join(rows),
    )
    st.caption(
        t(
            "Expected change of the game score with each call (a bid that is set loses its "
            "amount); ◀ marks the advisor's call: {call}.",
            call=_call_text(t, best),
        )
    )


def action_hint_text(t: Translator, g: Game, data: dict[str, Any]) -> str | None:
    """The expert's choice for a decision that is not a card (calls, trump, keeps)."""
    from tutorial.ui.play.controls import hint_text

    try:
        action = parse_action(str(data["action"]))
    except (KeyError, ValueError):
        return None
    return hint_text(t, g, action)

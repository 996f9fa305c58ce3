"""The hint (the expert's action and why) and the bid advisor at the practice table, in the
learner's language. Both read one evaluation (:func:`tutorial.bots.evaluator.evaluate`),
worked out in the worker seam (:mod:`tutorial.practice.workers`): the hint is its choice,
the advisor's ◀ marks the same call, and a close call is said as such. While it is being
worked out, a small fragment shows that the expert is thinking and runs the page again when
the answer is in."""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st
from babel.numbers import format_decimal

from tutorial.bots.evaluator import GAME, Evaluation
from tutorial.coach.advise import Advice
from tutorial.coach.hint import Hint
from tutorial.coach.reasons import action_words
from tutorial.engine.actions import Action, Call, NameTrump, PlayCard
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


def best_card(h: Hint | None) -> int | None:
    """The card the hint marks on the table (None for no card hint)."""
    if h is None or not isinstance(h.action, PlayCard):
        return None
    return h.action.card


def objective_line(t: Translator, ev: Evaluation) -> str:
    """What the values measure (one objective for every decision)."""
    if ev.objective == GAME:
        return t(
            "This hand can end the game: the values count winning the game as 50 points "
            "(losing it as −50), so the chance of winning decides."
        )
    return t(
        "Values are the expected change of your side's game score minus the other side's "
        "over this hand (a bid that is set loses its amount)."
    )


def close_line(t: Translator, ev: Evaluation, what: Callable[[Action], str]) -> str | None:
    """ "A close call: pass and 7 are within 0.3 points of each other." (None: not close)."""
    if not ev.close:
        return None
    names = [what(ev.choice), *(what(a) for a in ev.close)]
    margin = max((o.cost for o in ev.options if o.action in (ev.choice, *ev.close)), default=0)
    return t(
        "A close call: {options} are within {margin} of each other on average.",
        options=", ".join(names),
        margin=number(t, max(margin, 0.1)),
    )


def hint_lines(t: Translator, h: Hint, trump: int | None, profile: str) -> list[str]:
    """The expert's card and why, from the worlds the hint priced."""
    ev = h.evaluation
    action = h.action
    assert isinstance(action, PlayCard)
    m = ev.worlds
    name = short_card(t, action.card, trump, profile)
    if action.beneath:
        under = ", ".join(Card(c).pretty for c in action.beneath)
        name = t("{card}, with {cards} beneath", card=name, cards=under)
    lines = []
    others = [o for o in ev.options if o.action != action]
    if ev.is_forced() or not others:
        lines.append(t("{card} is the only card you may play.", card=name))
        return lines
    close = close_line(t, ev, lambda a: Card(a.card).pretty if isinstance(a, PlayCard) else "")
    if close:
        lines.append(
            t.n(
                "{card}: one of the best, over {n} deal that fits what you have seen.",
                "{card}: one of the best, over {n} deals that fit what you have seen.",
                m,
                card=name,
            )
        )
        lines.append(close)
    else:
        runner = min(others, key=lambda o: o.cost)
        if runner.best:  # proven as good
            lines.append(
                t.n(
                    "{card}: as good as {other} on average, over {n} deal that fits what you "
                    "have seen.",
                    "{card}: as good as {other} on average, over {n} deals that fit what you "
                    "have seen.",
                    m,
                    card=name,
                    other=Card(runner.action.card).pretty
                    if isinstance(runner.action, PlayCard)
                    else "",
                )
            )
        else:
            gain = number(t, runner.cost)
            lines.append(
                t.n(
                    "{card}: on average your side's expected points are {gain} higher than "
                    "with your other cards, over {n} deal that fits what you have seen.",
                    "{card}: on average your side's expected points are {gain} higher than "
                    "with your other cards, over {n} deals that fit what you have seen.",
                    m,
                    card=name,
                    gain=gain,
                )
            )
    best = h.follow(action)
    if best is not None and best.side_wins * 2 > best.worlds:
        lines.append(
            t.n(
                "With it, playing this trick to its end in {n} of those deals, your side "
                "takes it in {k}.",
                "With it, playing this trick to its end in {n} of those deals, your side "
                "takes it in {k}.",
                best.worlds,
                k=best.side_wins,
            )
        )
    risky = sorted((f for f in h.followed if f.action != action and f.lost), key=lambda f: -f.lost)
    for f in risky[:2]:
        alt = short_card(t, f.action.card, trump, profile)
        lines.append(
            t.n(
                "{card} would fall to the other side in this trick in {k} of {n} deal followed.",
                "{card} would fall to the other side in this trick in {k} of those {n} deals.",
                f.worlds,
                card=alt,
                k=f.lost,
            )
        )
    return lines


def action_hint_lines(t: Translator, g: Game, h: Hint) -> list[str]:
    """The expert's choice for a decision that is not a card (calls, trump, keeps), and how
    sure it is."""
    from tutorial.ui.play.controls import hint_text

    ev = h.evaluation
    lines = [hint_text(t, g, h.action)]
    if ev.is_forced():
        return lines
    close = close_line(t, ev, lambda a: action_words(t, str(a)))
    if close:
        lines.append(close)
        return lines
    others = [o for o in ev.options if o.action != h.action]
    if others and ev.worlds:
        runner = min(others, key=lambda o: o.cost)
        other = action_words(t, str(runner.action))
        cost = number(t, runner.cost)
        lines.append(
            t.n(
                "Clearly the best over {n} deal that fits what you have seen: the next best, "
                "{other}, brings {cost} points less.",
                "Clearly the best over {n} deals that fit what you have seen: the next best, "
                "{other}, brings {cost} points less.",
                ev.worlds,
                other=other,
                cost=cost,
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


def _call_text(t: Translator, call: Call) -> str:
    return t("Pass") if call.value is None else str(call.value)


def advice_view(t: Translator, advice: Advice) -> None:
    """Per trump suit the points the side can expect; per call the expected change of the
    side's score, the value against the other side with its margin of error, and which calls
    are among the best. ◀ marks the expert's call (the hint's)."""
    ev = advice.evaluation
    st.markdown(
        t.n(
            "**The advisor** played your hand out in {n} deal that fits your cards and the "
            "calls so far, with every call you may make, each seat playing as a club player.",
            "**The advisor** played your hand out in {n} deals that fit your cards and the "
            "calls so far, with every call you may make, each seat playing as a club player.",
            advice.samples,
        )
    )
    lines = [
        t(
            "{suit}: expected points for your side {points}",
            suit=action_words(t, str(NameTrump(s.suit))),
            points=number(t, s.mean),
        )
        for s in sorted(advice.suits, key=lambda x: -x.mean)
    ]
    if lines:
        st.markdown("\n".join(f"- {line}" for line in lines))
    head = [t("Call"), t("Your score"), t("Against the other side"), "✓"]
    rows = []
    for c in advice.calls:
        mark = " ◀" if c.call == advice.best else ""
        trump = f" {Suit(c.suit).symbol}" if c.suit is not None else ""
        err = "" if c.se == float("inf") else f" ± {number(t, 2 * c.se)}"
        rows.append(
            f"| {_call_text(t, c.call)}{trump}{mark} | {number(t, c.score_change, True)} | "
            f"{number(t, c.net, True)}{err} | {'✓' if c.best else '—'} |"
        )
    st.markdown(
        "| " + " | ".join(head) + " |\n|---|---|---|---|\n" + "\n".join(rows),
    )
    notes = [
        t(
            "◀ marks the expert's call, the hint's: {call}.",
            call=_call_text(t, advice.best),
        )
    ]
    if ev is not None:
        close = close_line(t, ev, lambda a: _call_text(t, a) if isinstance(a, Call) else str(a))
        if close:
            notes.append(close)
        notes.append(objective_line(t, ev))
    notes.append(
        t(
            "± is twice the standard error; ✓ marks the calls within it of the best (among "
            "the best); the suit is the trump your side would name."
        )
    )
    st.caption("  \n".join(notes))


__all__ = [
    "action_hint_lines",
    "advice_view",
    "best_card",
    "hint_lines",
    "number",
    "short_card",
    "suit_name",
    "wait_for",
]

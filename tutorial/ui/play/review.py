"""The review after a hand: each of the learner's decisions with what it cost and the
better action, worked out in the worker seam (:mod:`tutorial.practice.workers`) while the
hand-over screen is shown: the same evaluations as the hint and the advisor at the table."""

from __future__ import annotations

import logging
from concurrent.futures import Future

import streamlit as st

from tutorial import jobs
from tutorial.coach.labels import LABEL_TEXT
from tutorial.coach.reasons import GAVE_AWAY
from tutorial.coach.review import Decision
from tutorial.engine.actions import Call, DealerKeep, Keep, NameTrump, PlayCard, parse_action
from tutorial.engine.cards import Card, Suit
from tutorial.explain import suit_name
from tutorial.i18n import Translator
from tutorial.practice import workers
from tutorial.practice.game import Game
from tutorial.practice.review import HandReview
from tutorial.ui import slots
from tutorial.ui.play.hint import number
from tutorial.ui.session import Session

log = logging.getLogger("cinch.ui")


def _key(g: Game) -> tuple[int, int, int]:
    return (g.number, g.current.seed, len(g.current.actions))


def _action_text(t: Translator, text: str) -> str:
    """An action as the learner saw it at the table: a card, a call as its button said it
    ("pass" was left in English in every language), a suit, the cards kept."""
    try:
        action = parse_action(text)
    except ValueError:
        return text
    if isinstance(action, PlayCard):
        return Card(action.card).pretty
    if isinstance(action, Call):
        return t("pass") if action.value is None else str(action.value)
    if isinstance(action, NameTrump):
        return f"{Suit(action.suit).symbol} {suit_name(t, action.suit)}"
    if isinstance(action, (Keep, DealerKeep)):
        return " ".join(Card(c).pretty for c in action.cards) or "—"
    return text


def marks(t: Translator, d: Decision, data: HandReview, more: tuple[str, ...] = ()) -> str:
    """What the review says about how a decision was taken (after a hint, played again
    after taking back, and ``more``), in parentheses; empty if nothing."""
    out = list(more)
    if d.index in data.undone:
        out.append(t("played again after taking back"))
    if d.index in data.hints:
        out.append(t("after a hint"))
    return f" _({', '.join(out)})_" if out else ""


def decision_text(t: Translator, d: Decision) -> str:
    """One decision of the review: its label, the better action where it is not one of the
    best, what that costs (± twice its standard error) and why; a close call named."""
    what = _action_text(t, str(d.action))
    best = _action_text(t, str(d.best))
    text = f"**{t(LABEL_TEXT[d.label])}** — " + t("you: {action}", action=what)
    if d.best != d.action:
        err = "" if d.cost_se == float("inf") else f" ± {number(t, 2 * d.cost_se)}"
        text += " · " + t(
            "better: {best} (expected gain: {n})", best=best, n=number(t, d.expected_cost) + err
        )
    reason = d.reason_text(t)
    if reason:
        text += " — " + reason
    if d.gave_away is not None and d.best != d.action:
        text += " " + t(GAVE_AWAY, points=number(t, d.gave_away), best=best)
    if d.close:
        names = ", ".join(_action_text(t, str(a)) for a in (d.best, *d.close))
        values = dict(d.options)
        top = max(values.values())
        margin = max(top - values.get(a, top) for a in (d.best, *d.close))
        text += " — " + t(  # set apart: it ran on from "you: pass" with a bare space
            "A close call: {options} are within {margin} of each other on average.",
            options=names,
            margin=number(t, max(0.1, margin)),
        )
    return text


def _show(t: Translator, data: HandReview) -> None:
    lines = ["- " + decision_text(t, d) + marks(t, d, data) for d in data.decisions]
    st.markdown("\n".join(lines) if lines else t("No decision of yours to review."))
    st.caption(
        t(
            "Every decision is priced as the hint priced it, over the same deals that fit "
            "what you had seen: the expected change of your side's game score minus the other "
            "side's. A label worse than good is given only when the cost is both large and "
            "more than the margin of error."
        )
    )


def review(s: Session, g: Game) -> None:
    """The review of the hand just over (started once, shown when ready)."""
    t = s.t
    st.subheader(t("Review of your decisions"), anchor=False)
    key = _key(g)
    job = slots.PLAY_REVIEW.get()
    if job is None or job[0] != key:
        fut = workers.submit_review(g, g.number - 1)
        job = slots.PLAY_REVIEW.set((key, fut))
    fut_: Future[HandReview] = job[1]
    ticking = not fut_.done()

    @st.fragment(run_every=0.5 if ticking else None)
    def body() -> None:
        if not fut_.done():
            st.caption(t("The review is being worked out…"))
            return
        if ticking:  # ready: draw it once more without the timer
            st.rerun(scope="app")
        if isinstance(fut_.exception(timeout=0), workers.BotsUnavailable):
            st.warning(t("The bots cannot think right now: the review is not available."))
            return
        data = jobs.outcome(fut_, "the review")
        if data is None:
            st.info(t("The review is not available right now."))
            return
        _show(t, data)
        _lines_and_retry(s, g, key, data)

    body()


def _lines_and_retry(s: Session, g: Game, key: tuple[int, int, int], data: HandReview) -> None:
    """Replay both lines from each costly card; send the mistakes to the retry queue."""
    from tutorial.practice import retry
    from tutorial.ui.app import pages
    from tutorial.ui.play import lines as playlines
    from tutorial.ui.session import store

    t = s.t
    for d in data.decisions:
        if data.line(d.index) is not None:
            playlines.line_button(
                t,
                key,
                d.index,
                t("Trick {n}: {card}", n=d.trick, card=_action_text(t, str(d.action))),
            )
    playlines.replay_lines(s, g, key, data)
    new = retry.from_review(g.profile, g.current, data)
    if not new:
        return
    if slots.PLAY_RETRY_ADDED.get() != key:
        slots.PLAY_RETRY_ADDED.set(key)
        retry.add(store(), s.learner, new)
    st.page_link(
        pages(s)["retry"],
        label=t.n(
            "{n} card of this hand is waiting in Puzzles from my games",
            "{n} cards of this hand are waiting in Puzzles from my games",
            len(new),
        ),
        icon=":material/replay:",
    )

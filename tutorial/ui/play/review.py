"""The review after a hand: each of the learner's decisions with what it cost and the
better action, worked out in a background process (:mod:`tutorial.practice.review`) while
the hand-over screen is shown."""

from __future__ import annotations

import importlib
import logging
from concurrent.futures import Future
from typing import Any

import streamlit as st

from tutorial import jobs
from tutorial.engine.actions import Call, DealerKeep, Keep, NameTrump, PlayCard, parse_action
from tutorial.engine.cards import Card, Suit
from tutorial.explain import suit_name
from tutorial.i18n import Translator
from tutorial.practice import review as background
from tutorial.practice.game import Game
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


def _coach(module: str, name: str) -> Any:
    """A function of the coach (imported by name: the coach is optional here)."""
    try:
        return getattr(importlib.import_module(f"tutorial.coach.{module}"), name, None)
    except ImportError:
        return None


def _label(t: Translator, d: dict[str, Any]) -> str:
    names = _coach("labels", "LABEL_TEXT")
    label = str(d.get("label", ""))
    if isinstance(names, dict) and label in names:
        return t(names[label])
    return label


def _reason(t: Translator, d: dict[str, Any]) -> str | None:
    code = d.get("reason")
    if not code:
        return None
    reason_text = _coach("reasons", "reason_text")
    if not callable(reason_text):
        return None
    out = reason_text(code, t)
    return str(out) if out else None


def _marks(t: Translator, d: dict[str, Any], data: dict[str, Any]) -> str:
    marks = []
    if d.get("index") in data.get("undone", []):
        marks.append(t("played again after taking back"))
    if d.get("index") in data.get("hints", []):
        marks.append(t("after a hint"))
    return f" _({', '.join(marks)})_" if marks else ""


def _show(t: Translator, data: dict[str, Any]) -> None:
    decisions = data.get("decisions", [])
    if data.get("kind") == "double-dummy":
        st.caption(
            t(
                "Each card you played, valued with every hand visible (double-dummy) on "
                "this deal: the points your side would take with it against the best card."
            )
        )
        lines = []
        for d in decisions:
            card, best, cost = (
                _action_text(t, d["action"]),
                _action_text(t, d["best"]),
                d["dd_cost"],
            )
            if cost <= 0:
                text = t(
                    "Trick {n}: {card} — a best card (value for your side: {v}).",
                    n=d["trick"],
                    card=card,
                    v=d["value"],
                )
            else:
                text = t.n(
                    "Trick {trick}: {card} cost {n} point; {best} was better (value for "
                    "your side: {v} instead of {w}).",
                    "Trick {trick}: {card} cost {n} points; {best} was better (value for "
                    "your side: {v} instead of {w}).",
                    cost,
                    trick=d["trick"],
                    card=card,
                    best=best,
                    v=d["best_value"],
                    w=d["value"],
                )
            lines.append("- " + text + _marks(t, d, data))
        st.markdown("\n".join(lines) if lines else t("You played no card in this hand."))
        return
    lines = []
    for d in decisions:
        cost = float(d.get("expected_cost", 0.0))
        what = _action_text(t, str(d.get("action", "")))
        best = _action_text(t, str(d.get("best", "")))
        text = f"**{_label(t, d)}** — " + t("you: {action}", action=what)
        if cost > 0.05 and best != what:
            text += " · " + t("better: {best} (expected gain: {n})", best=best, n=number(t, cost))
        reason = _reason(t, d)
        if reason:
            text += " — " + reason
        lines.append("- " + text + _marks(t, d, data))
    st.markdown("\n".join(lines) if lines else t("No decision of yours to review."))


def review(s: Session, g: Game) -> None:
    """The review of the hand just over (started once, shown when ready)."""
    t = s.t
    st.subheader(t("Review of your decisions"), anchor=False)
    key = _key(g)
    job = st.session_state.get("play_review")
    if not (isinstance(job, tuple) and job[0] == key):
        fut = jobs.started(lambda: background.submit(g.to_json(), g.number - 1), "the review")
        if fut is None:
            st.info(t("The review is not available right now."))
            return
        job = (key, fut)
        st.session_state["play_review"] = job
    fut_: Future[dict[str, Any]] = job[1]
    ticking = not fut_.done()

    @st.fragment(run_every=0.5 if ticking else None)
    def body() -> None:
        if not fut_.done():
            st.caption(t("The review is being worked out…"))
            return
        if ticking:  # ready: draw it once more without the timer
            st.rerun(scope="app")
        data = jobs.outcome(fut_, "the review")
        if data is None:
            st.info(t("The review is not available right now."))
            return
        _show(t, data)
        _lines_and_retry(s, g, key, data)

    body()


def _lines_and_retry(s: Session, g: Game, key: tuple[int, int, int], data: dict[str, Any]) -> None:
    """Replay both lines from each costly card; send the mistakes to the retry queue."""
    from tutorial.practice import retry
    from tutorial.ui.app import pages
    from tutorial.ui.play import lines as playlines
    from tutorial.ui.session import store

    t = s.t
    lines = data.get("lines", {})
    for d in data.get("decisions", []):
        index = d.get("index")
        if isinstance(index, int) and str(index) in lines:
            playlines.line_button(
                t,
                key,
                index,
                t(
                    "Trick {n}: {card}",
                    n=d.get("trick"),
                    card=_action_text(t, str(d.get("action"))),
                ),
            )
    playlines.replay_lines(s, g, key, data)
    if data.get("kind") != "coach":
        return
    new = retry.from_review(g.profile, g.current, data)
    if not new:
        return
    if st.session_state.get("play_retry_added") != key:
        st.session_state["play_retry_added"] = key
        retry.add(store(), s.learner, new)
    st.page_link(
        pages(s)["retry"],
        label=t.n(
            "{n} card of this hand is waiting in Retry your mistakes",
            "{n} cards of this hand are waiting in Retry your mistakes",
            len(new),
        ),
        icon=":material/replay:",
    )

"""The end of a hand at a shared table, as one player sees it: the result, everyone's cards
(only now), the coach's review of *their* decisions in their language, the costly cards they
chose sent to Puzzles from my games (replayed there from their seat), and
"Next hand" (the hand stays in view until every player moved on, or a few seconds)."""

from __future__ import annotations

import time

import streamlit as st

from tutorial import jobs
from tutorial.engine.seats import SEAT_LETTERS, Team
from tutorial.explain import team_name
from tutorial.practice import together as tg
from tutorial.practice import workers
from tutorial.practice.review import HandReview
from tutorial.progress import StoreError
from tutorial.ui.play import hand as playhand
from tutorial.ui.play import together as live
from tutorial.ui.play.review import decision_text, marks
from tutorial.ui.play.table import deal_reveal
from tutorial.ui.session import Session


def _next(h: live.Here, hand: int) -> None:
    if h.seat is None or h.secret is None:
        return
    try:
        live.tables().seat_update(h.code, h.seat, tg.secret_hash(h.secret), ready=hand + 1)
    except StoreError:
        h.refused = None


def hand_over(s: Session, table: tg.Table, h: live.Here) -> None:
    t = s.t
    g = table.game
    results = g.results()
    if not results:
        return
    st.subheader(t("Hand over"), anchor=False)
    for line in playhand._result_lines(t, results[-1]):
        st.markdown(line)
    with st.expander(t("Everyone's cards"), expanded=False):
        for seat, lines in deal_reveal(t, g.state()).items():
            st.markdown(f"**{seat}** — " + " · ".join(lines))
    score = g.score()
    if score.winner is not None:
        st.success(
            t("{team} win the game!", team=team_name(t, Team(score.winner))),
            icon=":material/emoji_events:",
        )
    else:
        me = table.players.get(h.seat) if h.seat is not None else None
        if me is not None and me.ready > table.hand:
            waiting = [
                SEAT_LETTERS[seat]
                for seat in table.humans(time.time())
                if table.players[seat].ready <= table.hand
            ]
            st.caption(
                t(
                    "Waiting for {seats} to move on (at most {n} seconds).",
                    seats=", ".join(waiting),
                    n=int(tg.HOLD),
                )
                if waiting
                else t("The next hand is being dealt…")
            )
        else:
            st.button(
                t("Next hand ▶"),
                key=f"tbl_next_{table.hand}",
                on_click=_next,
                args=(h, table.hand),
                type="primary",
            )
    review(s, table, h, table.hand)


def review(s: Session, table: tg.Table, h: live.Here, hand: int) -> None:
    """The review of this player's decisions in ``hand`` (worked out once in the pool)."""
    t = s.t
    if h.seat is None:
        return
    st.markdown("**" + t("Review of your decisions") + "**")
    fut = h.reviews.get(hand)
    if fut is None:
        fut = workers.submit_review(table.game, hand, h.seat)
        h.reviews = {k: v for k, v in h.reviews.items() if k >= hand - 1}
        h.reviews[hand] = fut
    if not fut.done():
        st.caption(t("The review is being worked out…"))
        h.watch.append(fut)
        return
    if isinstance(fut.exception(timeout=0), workers.BotsUnavailable):
        st.warning(t("The bots cannot think right now: the review is not available."))
        return
    data = jobs.outcome(fut, "the review")
    if not isinstance(data, HandReview):
        st.info(t("The review is not available right now."))
        return
    own = table.chosen(hand, h.seat)  # the others a bot took for this player
    bot = (t("a bot chose this for you"),)
    lines = [
        "- " + decision_text(t, d) + marks(t, d, data, () if d.index in own else bot)
        for d in data.decisions
    ]
    st.markdown("\n".join(lines) if lines else t("No decision of yours to review."))
    _retry(s, table, h, hand, data)


def _retry(s: Session, table: tg.Table, h: live.Here, hand: int, data: HandReview) -> None:
    """The costly cards the player chose (not a stand-in's for them) go to Retry your
    mistakes, replayed there from their seat (under the player's own learner code, kept in
    their own session and address, never in the table's rows)."""
    from tutorial.practice import retry
    from tutorial.ui.app import pages
    from tutorial.ui.session import store

    assert h.seat is not None
    rec = table.game.hands[hand]
    new = retry.from_review(
        table.settings.profile, rec, data, seat=h.seat, own=table.chosen(hand, h.seat)
    )
    if not new:
        return
    if hand not in h.retried:
        h.retried.add(hand)
        retry.add(store(), s.learner, new)
    st.page_link(
        pages(s)["retry"],
        label=s.t.n(
            "{n} card of this hand is waiting in Puzzles from my games",
            "{n} cards of this hand are waiting in Puzzles from my games",
            len(new),
        ),
        icon=":material/replay:",
    )

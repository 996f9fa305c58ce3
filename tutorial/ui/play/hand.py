"""Around the practice table: the score line, undo / replay / new deal, the hand-over screen
(points, made or set, the new score, the cards everyone held) and the score sheet."""

from __future__ import annotations

import streamlit as st

from tutorial.engine.profiles import get_profile
from tutorial.engine.result import HandResult
from tutorial.engine.seats import SEAT_LETTERS, Team
from tutorial.explain import point_name, suit_name, team_name
from tutorial.i18n import N_, Translator
from tutorial.practice.game import Game
from tutorial.ui import slots
from tutorial.ui.app import pages
from tutorial.ui.play import flow as playflow
from tutorial.ui.play.table import deal_reveal
from tutorial.ui.session import Session, share_params

GAME_NAMES = {
    "pagat-62": N_("62-point game"),
    "classic-51": N_("51-point game"),
    "classic-42": N_("42-point game"),
    "auction-cinch": N_("51-point game, bidding round and round"),
    "pedro-sancho": N_("Pedro Sancho (51 points, with Sancho)"),
    "dom-pedro": N_("Dom Pedro (51 points, with Sancho and Dom)"),
    "no-draw": N_("51-point game without the refill"),
}


def game_label(t: Translator, profile: str) -> str:
    """The learner's name for a way of playing (never a source's name)."""
    name = GAME_NAMES.get(profile)
    if name is not None:
        return t(name)
    return t("{target}-point game", target=get_profile(profile).target)


def status_line(t: Translator, g: Game) -> None:
    score = g.score()
    st.markdown(
        t(
            "**Hand {n}** · {game} · {ac}: **{x}** · {bd}: **{y}**",
            n=g.number,
            game=game_label(t, g.profile),
            ac=team_name(t, Team.AC),
            bd=team_name(t, Team.BD),
            x=score.totals[0],
            y=score.totals[1],
        )
    )


def _undo(s: Session, g: Game) -> None:
    if g.undo():
        slots.PLAY_THINK.pop()
        slots.PLAY_PENDING.pop()
        playflow.save(s, g)


def _replay(s: Session, g: Game) -> None:
    g.replay_deal()
    slots.PLAY_PENDING.pop()
    slots.PLAY_THINK.pop()
    playflow.save(s, g)


def _new_deal(s: Session, g: Game) -> None:
    g.new_deal()
    slots.PLAY_PENDING.pop()
    slots.PLAY_THINK.pop()
    playflow.save(s, g)


def _next(s: Session, g: Game) -> None:
    if g.next_hand():
        slots.PLAY_PENDING.pop()
        slots.PLAY_THINK.pop()
        playflow.save(s, g)


def actions_row(s: Session, g: Game) -> None:
    t = s.t
    cols = st.columns(3)
    cols[0].button(
        t("↶ Take back my last card"),
        key="play_undo",
        on_click=_undo,
        args=(s, g),
        disabled=g.last_learner_play() is None,
        help=t("Practice mode: the bots' cards after it are taken back too; the review marks it."),
        width="stretch",
    )
    cols[1].button(
        t("Replay this deal"), key="play_replay", on_click=_replay, args=(s, g), width="stretch"
    )
    cols[2].button(
        t("New deal"),
        key="play_newdeal",
        on_click=_new_deal,
        args=(s, g),
        help=t("This hand is dropped unscored and a new one is dealt."),
        width="stretch",
    )


def _result_lines(t: Translator, r: HandResult) -> list[str]:
    if r.thrown_in or r.bidder is None:
        return [t("Everyone passed: the hand is thrown in and dealt again by the next dealer.")]
    bidders = Team(r.bidder & 1)
    lines = [
        t(
            "{seat} bid {bid} in {suit}.",
            seat=SEAT_LETTERS[r.bidder],
            bid=r.bid,
            suit=suit_name(t, r.trump if r.trump is not None else 0),
        ),
        t(
            "Points: {ac} {x} · {bd} {y}.",
            ac=team_name(t, Team.AC),
            bd=team_name(t, Team.BD),
            x=r.points[0],
            y=r.points[1],
        ),
    ]
    if r.made:
        lines.append(t("{team} made the bid.", team=team_name(t, bidders)))
    else:
        lines.append(t("{team} were set: they lose {bid}.", team=team_name(t, bidders), bid=r.bid))
    owned = [
        t("{point}: {team}", point=point_name(t, name), team=team_name(t, Team(team)))
        for name, team in r.owners.items()
        if team is not None
    ]
    if owned:
        lines.append(" · ".join(owned))
    return lines


def hand_over(s: Session, g: Game) -> None:
    t = s.t
    results = g.results()
    if not results:
        return
    r = results[-1]
    score = g.score()
    st.subheader(t("Hand over"), anchor=False)
    for line in _result_lines(t, r):
        st.markdown(line)
    st.markdown(
        t(
            "Score: {ac} **{x}** · {bd} **{y}**",
            ac=team_name(t, Team.AC),
            bd=team_name(t, Team.BD),
            x=score.totals[0],
            y=score.totals[1],
        )
    )
    with st.expander(t("Everyone's cards"), expanded=False):
        for seat, lines in deal_reveal(t, g.state()).items():
            st.markdown(f"**{seat}** — " + " · ".join(lines))
    if score.winner is not None:
        st.success(
            t("{team} win the game!", team=team_name(t, Team(score.winner))),
            icon=":material/emoji_events:",
        )
    else:
        st.button(t("Next hand ▶"), key="play_next", on_click=_next, args=(s, g), type="primary")
    from tutorial.ui.play import review as playreview

    playreview.review(s, g)
    st.page_link(
        pages(s)["play"],
        label=t("Link to this deal (to share or play again; it carries no learner code)"),
        icon=":material/link:",
        query_params=share_params(seed=str(g.current.seed), dealer=SEAT_LETTERS[g.current.dealer]),
    )


def score_sheet(t: Translator, g: Game) -> None:
    rows = []
    for i, (r, score) in enumerate(g.score_rows(), 1):
        totals = score.totals
        if r.thrown_in or r.bidder is None:
            rows.append(f"| {i} | — | — | — | {totals[0]} | {totals[1]} |")
            continue
        made = t("made") if r.made else t("set")
        rows.append(
            f"| {i} | {SEAT_LETTERS[r.bidder]} {r.bid} | {made} | "
            f"{r.delta[0]:+d} / {r.delta[1]:+d} | {totals[0]} | {totals[1]} |"
        )
    if not rows:
        return
    with st.expander(t("Score sheet"), expanded=False):
        cells = [t("Hand"), t("Bid"), t("Result"), t("Change")]
        cells += [team_name(t, Team.AC), team_name(t, Team.BD)]
        head = "| " + " | ".join(cells) + " |\n|---|---|---|---|---|---|\n"
        st.markdown(head + "\n".join(rows))

"""Shared views: safe text, the scenario stepper on the card table, quiz questions.

State is kept in ``st.session_state`` under keys built from stable ids (lesson, step,
question), and every widget whose label is translated has a stable ``key``: switching
language never resets a widget.
"""

from __future__ import annotations

import re
from typing import Any

import streamlit as st

from tutorial.engine.cards import Card, parse_index
from tutorial.engine.profiles import get_profile
from tutorial.explain import card_label, explain_trick, point_name, team_name
from tutorial.i18n import Translator
from tutorial.lessons.judge import judge
from tutorial.lessons.model import Lesson, Question, Scenario, Step
from tutorial.progress import question_item
from tutorial.ui import mdsafe, svg
from tutorial.ui.session import Session, keep, store


def md(text: str) -> None:
    """Render lesson text as Markdown with raw HTML shown as text, never rendered."""
    st.markdown(safe_md(text))


def safe_md(text: str) -> str:
    """Lesson Markdown without raw HTML, remote images or data links (:mod:`.mdsafe`)."""
    return mdsafe.safe_md(text)


# -- card table ----------------------------------------------------------------------------
def _views(
    t: Translator,
    codes: list[str],
    trump: int | None,
    profile: str,
    *,
    winner: str | None = None,
    dim: set[str] | None = None,
) -> list[svg.CardView]:
    p = get_profile(profile)
    return [
        svg.CardView(
            c,
            card_label(t, parse_index(c), trump, p),
            winner=(c == winner),
            dim=bool(dim) and c in (dim or set()),
        )
        for c in codes
    ]


def trump_text(t: Translator, trump: int | None) -> str:
    if trump is None or trump < 0:
        return t("No trump yet")
    from tutorial.engine.trumps import LEFT_PEDRO

    left = Card(LEFT_PEDRO[trump]).pretty
    return t(
        "Trump: {symbol} {suit} (left Pedro: {left})",
        symbol="♣♦♥♠"[trump],
        suit=t(("clubs", "diamonds", "hearts", "spades")[trump]),
        left=left,
    )


def seat_titles(t: Translator, frame: dict[str, Any]) -> dict[str, str]:
    out = {}
    for seat in "ABCD":
        partner = "CDAB"["ABCD".index(seat)]
        title = t("{seat} (partner {partner})", seat=seat, partner=partner)
        if frame.get("dealer") == seat:
            title += " · " + t("dealer")
        out[seat] = title
    return out


def frame_table(
    t: Translator, frame: dict[str, Any], profile: str, dim: set[str] | None = None
) -> str:
    trump = "CDHS".index(frame["trump"]) if frame.get("trump") else None
    win = frame.get("winning_card")
    hands = {
        seat: _views(t, codes, trump, profile, dim=dim)
        for seat, codes in (frame.get("hands") or {}).items()
    }
    trick = []
    for play in frame.get("trick") or []:
        top = _views(t, [play["card"]], trump, profile, winner=win)[0]
        beneath = tuple(_views(t, play["beneath"], trump, profile))
        trick.append(svg.Play(play["seat"], top, beneath))
    caption = ""
    if frame.get("winner"):
        caption = explain_trick(
            t,
            frame["winner"],
            frame["winning_card"],
            frame["trumped"],
            _led(frame),
            frame.get("points", 0),
        )
    elif frame.get("to_play"):
        caption = t("{seat} to play", seat=frame["to_play"])
    view = svg.TableView(
        trump,
        trump_text(t, trump),
        seat_titles(t, frame),
        hands,
        trick,
        caption,
        frame.get("leader"),
        frame.get("winner"),
    )
    return svg.table_html(view)


def _led(frame: dict[str, Any]) -> str:
    from tutorial.engine.trumps import EFFECTIVE_SUIT

    first = frame["trick"][0]["card"]
    trump = "CDHS".index(frame["trump"])
    return "CDHS"[EFFECTIVE_SUIT[trump][parse_index(first)]]


def moment_title(t: Translator, moment: str) -> str:
    if moment == "deal":
        return t("The deal")
    if moment == "bidding":
        return t("The bidding")
    if moment == "refill":
        return t("Discard and refill")
    if moment == "score":
        return t("The score")
    if moment == "position":
        return t("The position")
    m = re.fullmatch(r"t(\d+)c(\d)", moment)
    if m:
        return t("Trick {n}, card {k}", n=int(m.group(1)), k=int(m.group(2)))
    m = re.fullmatch(r"t(\d+)", moment)
    if m:
        return t("Trick {n}: the winner", n=int(m.group(1)))
    m = re.fullmatch(r"h(\d+)", moment)
    if m:
        return t("After hand {n}", n=int(m.group(1)))
    return moment


def _pretty(codes: list[str]) -> str:
    return " ".join(Card.parse(c).pretty for c in codes) or "—"


def frame_facts(t: Translator, frame: dict[str, Any]) -> list[str]:
    """The engine's own account of a moment, as short sentences."""
    out: list[str] = []
    fid = frame["id"]
    if fid == "bidding":
        word = t("pass")
        calls = ", ".join(
            f"{c['seat']}: {word if c['call'] == 'pass' else c['call']}" for c in frame["calls"]
        )
        out.append(t("Calls: {calls}", calls=calls))
    elif fid == "refill":
        r = frame["refill"]
        for seat in "ABCD":
            out.append(
                t(
                    "{seat} discards {discards} and receives {received}.",
                    seat=seat,
                    discards=_pretty(r["discards"][seat]),
                    received=_pretty(r["received"][seat]),
                )
            )
        if r.get("reshuffled"):
            out.append(
                t(
                    "The stock ran out while serving {seat}: the discarded non-trumps "
                    "were shuffled into a new stock.",
                    seat=r["reshuffle_before"],
                )
            )
        if r.get("dealer_discarded"):
            out.append(
                t(
                    "The dealer keeps the trumps of the rest of the stock and discards {cards}.",
                    cards=_pretty(r["dealer_discarded"]),
                )
            )
    elif fid == "score" and "owners" in frame:
        owners = ", ".join(
            f"{point_name(t, k)} → {team_name(t, v)}" for k, v in frame["owners"].items() if v
        )
        out.append(
            t(
                "Points: A and C {ac}, B and D {bd} ({owners}).",
                ac=frame["points"]["AC"],
                bd=frame["points"]["BD"],
                owners=owners,
            )
        )
        out.append(_made(t, frame))
    elif fid == "score" or fid.startswith("h"):
        out.append(_made(t, frame))
        if "after" in frame:
            out.append(
                t(
                    "New score: A and C {ac}, B and D {bd}.",
                    ac=frame["after"]["AC"],
                    bd=frame["after"]["BD"],
                )
            )
        if frame.get("bidder_goes_out"):
            out.append(t("Both sides held 55 or more before this hand: bidder goes out."))
        if frame.get("winner"):
            out.append(t("{team} win the game.", team=team_name(t, frame["winner"])))
    return out


def _made(t: Translator, frame: dict[str, Any]) -> str:
    bidder = frame["bidder"]
    team = bidder if bidder in ("AC", "BD") else ("AC" if bidder in "AC" else "BD")
    if frame["made"]:
        return t(
            "{team} bid {bid} and made it: they add their points.",
            team=team_name(t, team),
            bid=frame["bid"],
        )
    return t(
        "{team} bid {bid} and failed: they lose {bid}.", team=team_name(t, team), bid=frame["bid"]
    )


def stepper(s: Session, lesson: Lesson, step: Step, scenario: Scenario) -> None:
    """Forward/back card by card and trick by trick, with narration and the engine's
    explanation of each moment."""
    t = s.t
    frames = scenario.replay.frames
    key = f"frame:{lesson.id}:{step.id}"
    i = min(max(int(st.session_state.get(key, 0)), 0), len(frames) - 1)
    st.session_state[key] = i
    tricks = [j for j, f in enumerate(frames) if re.fullmatch(r"t\d+", f["id"])]

    def go(to: int) -> None:
        st.session_state[key] = min(max(to, 0), len(frames) - 1)

    cols = st.columns(4)
    prev_trick = max((j for j in tricks if j < i), default=0)
    next_trick = min((j for j in tricks if j > i), default=len(frames) - 1)
    cols[0].button(
        t("⏮ Previous trick"),
        key=f"pt:{key}",
        on_click=go,
        args=(prev_trick,),
        disabled=i == 0,
        width="stretch",
    )
    cols[1].button(
        t("◀ Back"),
        key=f"pb:{key}",
        on_click=go,
        args=(i - 1,),
        disabled=i == 0,
        width="stretch",
    )
    cols[2].button(
        t("Forward ▶"),
        key=f"nf:{key}",
        on_click=go,
        args=(i + 1,),
        disabled=i >= len(frames) - 1,
        width="stretch",
    )
    cols[3].button(
        t("Next trick ⏭"),
        key=f"nt:{key}",
        on_click=go,
        args=(next_trick,),
        disabled=i >= len(frames) - 1,
        width="stretch",
    )
    frame = frames[i]
    st.caption(
        t("Moment {i} of {n}: {title}", i=i + 1, n=len(frames), title=moment_title(t, frame["id"]))
    )
    if scenario.replay.kind in ("trick", "hand", "legal"):
        dim = None
        if scenario.replay.kind == "legal":
            dim = set(frame["hands"][frame["to_play"]]) - set(frame["legal"])
        st.markdown(frame_table(t, frame, scenario.replay.profile, dim), unsafe_allow_html=True)
        if scenario.replay.kind == "legal":
            st.markdown(
                safe_md(
                    t(
                        "{seat} may play: {cards}",
                        seat=frame["to_play"],
                        cards=_pretty(frame["legal"]),
                    )
                )
            )
    for fact in frame_facts(t, frame):
        st.markdown(safe_md(fact))
    for n in step.narration:
        if n.at == frame["id"]:
            st.info(safe_md(n.text.get(s.lang)), icon="💬")


# -- quiz ------------------------------------------------------------------------------------
def question_view(s: Session, lesson: Lesson, q: Question, number: int) -> None:
    t = s.t
    base = f"{lesson.id}:{q.id}"
    result_key = f"res:{base}"
    with st.container(border=True):
        st.markdown(f"**{number}.** " + safe_md(q.prompt.get(s.lang)))
        if q.scenario is not None and q.type != "cards":
            _scenario_preview(s, q)
        with st.form(key=f"form:{base}", border=False):
            response = _answer_widget(s, q, base)
            submitted = st.form_submit_button(t("Check my answer"), key=f"submit:{base}")
        if submitted:
            if response is None or response == [] or response == ():
                st.session_state[result_key] = {"ok": None}
            else:
                ok = judge(q, response)
                st.session_state[result_key] = {"ok": ok}
                store().answer(s.learner, lesson.id, q.id, _jsonable(response), ok)
        res = st.session_state.get(result_key)
        if res is not None:
            if res["ok"] is None:
                st.warning(t("Choose an answer first."))
            elif res["ok"]:
                st.success(t("Right!") + " " + safe_md(q.right.get(s.lang)), icon="✅")
            else:
                st.info(
                    t("Not yet.")
                    + " "
                    + safe_md(q.wrong.get(s.lang))
                    + " "
                    + t("Try again: there is no penalty."),
                    icon="🔁",
                )
            if question_item(lesson.id, q.id) in store().outbox.items():
                st.caption(
                    "💾 "
                    + t("Not saved yet: this answer will be saved as soon as saving works again.")
                )
        if st.toggle(t("Show a hint"), key=f"hint:{base}"):
            st.caption(safe_md(q.hint.get(s.lang)))


def _jsonable(v: Any) -> Any:
    return list(v) if isinstance(v, tuple | set | list) else v


def _scenario_preview(s: Session, q: Question) -> None:
    assert q.scenario is not None
    rep = q.scenario.replay
    if rep.kind in ("trick", "legal"):
        frame = (
            rep.frames[-1] if rep.kind == "legal" else rep.frames[-2 if len(rep.frames) > 1 else -1]
        )
        if rep.kind == "trick":  # show all cards, but not who wins
            frame = {k: v for k, v in rep.frames[-1].items() if k not in ("winner", "winning_card")}
        st.markdown(frame_table(s.t, frame, rep.profile), unsafe_allow_html=True)
    elif rep.kind in ("score", "game"):
        data = q.scenario.data
        lines = []
        t = s.t
        if rep.kind == "score":
            lines.append(
                t(
                    "Score before the hand: A and C {ac}, B and D {bd}.",
                    ac=data["before"]["AC"],
                    bd=data["before"]["BD"],
                )
            )
            lines.append(
                t(
                    "{team} bid {bid}; points taken: A and C {ac}, B and D {bd}.",
                    team=team_name(t, str(data["bidder"]).upper()),
                    bid=data["bid"],
                    ac=data["points"]["AC"],
                    bd=data["points"]["BD"],
                )
            )
        else:
            for n, h in enumerate(data["hands"], 1):
                lines.append(
                    t(
                        "Hand {n}: {team} bid {bid}; points A and C {ac}, B and D {bd}.",
                        n=n,
                        team=team_name(t, str(h["bidder"]).upper()),
                        bid=h["bid"],
                        ac=h["points"]["AC"],
                        bd=h["points"]["BD"],
                    )
                )
        for line in lines:
            st.markdown("- " + safe_md(line))


def _answer_widget(s: Session, q: Question, base: str) -> Any:
    t = s.t
    label = t("Your answer")
    if q.type == "single":
        texts = {o.id: o.text.get(s.lang) for o in q.options}
        keep(f"ans:{base}")
        return st.radio(
            label,
            options=[o.id for o in q.options],
            index=None,
            format_func=lambda oid: texts[oid],
            key=f"ans:{base}",
        )
    if q.type == "multiple":
        chosen = []
        st.caption(t("Choose every right answer."))
        for o in q.options:
            if st.checkbox(o.text.get(s.lang), key=f"ans:{base}:{o.id}"):
                chosen.append(o.id)
        return chosen
    if q.type == "cards":
        trump = None
        if q.scenario is not None and q.scenario.replay.result.get("trump"):
            trump = "CDHS".index(q.scenario.replay.result["trump"])
        profile = get_profile(q.scenario.replay.profile if q.scenario else "pagat-62")
        if q.scenario is not None:
            _scenario_preview(s, q)
        labels = {c: card_label(t, parse_index(c), trump, profile) for c in q.shown_cards}
        keep(f"ans:{base}")
        picked = st.pills(
            t("Pick the cards"),
            options=list(q.shown_cards),
            selection_mode="multi",
            format_func=lambda c: labels[c],
            key=f"ans:{base}",
        )
        return list(picked or [])
    return st.number_input(label, step=1, value=None, key=f"ans:{base}")

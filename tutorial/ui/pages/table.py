"""Play together (``/table``): a table for two to four learners, each at their own seat and
in their own language, bots in the empty seats, a coach for each (issue 27).

``/table`` opens a table; ``/table?code=CODE`` is its invite link (it carries no learner
code and no seat); a player's own address adds ``seat=SECRET``, the secret of their seat, so
a reload or a reconnection to another replica resumes it. Everything a player sees is built
from their seat's observation; the other seats' cards appear only once the hand is over."""

from __future__ import annotations

import time

import streamlit as st

from tutorial import jobs
from tutorial.bots import BOT_NAMES
from tutorial.coach.hint import Hint
from tutorial.engine.actions import Action, PlayCard
from tutorial.engine.profiles import DEFAULT_PROFILE, PROFILES
from tutorial.engine.seats import SEAT_LETTERS, Team
from tutorial.engine.state import Phase
from tutorial.explain import team_name
from tutorial.practice import together as tg
from tutorial.practice import workers
from tutorial.progress import StoreError
from tutorial.ui import slots
from tutorial.ui.app import current, pages
from tutorial.ui.mdsafe import plain_md
from tutorial.ui.play import hand as playhand
from tutorial.ui.play import hint as playhint
from tutorial.ui.play import seated, together_hand
from tutorial.ui.play import together as live
from tutorial.ui.play.table import refill_lines, table_html

s = current()
t = s.t
qp = st.query_params
st.title(t("Play together"), anchor=False)

STRENGTHS = {
    "random": t("Beginner (plays any legal card)"),
    "rules": t("Club player (plays by the rules of thumb)"),
    "expert": t("Expert (thinks ahead over possible deals)"),
}


def _limit_label(n: int) -> str:
    return t("No time limit") if n == 0 else t.n("{n} second", "{n} seconds", n)


def _open() -> None:
    name = tg.clean_name(slots.TABLE_NAME.get())
    if name is None:
        slots.TABLE_PROBLEM.set(t("Write your name first (it is shown to the others)."))
        return
    profile = slots.TABLE_PROFILE.get()
    bots = slots.TABLE_BOTS.get()
    limit = slots.TABLE_LIMIT.get()
    hints = slots.TABLE_HINTS.get()
    settings = tg.Settings.new(
        profile if profile in PROFILES else DEFAULT_PROFILE,
        bots if bots in BOT_NAMES else BOT_NAMES[-1],
        True if hints is None else hints,
        limit if limit in tg.LIMITS else tg.LIMITS[1],
    )
    secret = tg.new_secret()
    value = settings.to_json() | {"host": 0}
    try:
        for _ in range(5):
            code = tg.new_code()
            if live.tables().create(code, value, tg.seat_row(0, name, s.lang, secret, time.time())):
                break
        else:
            raise StoreError("no free table code")
    except StoreError:
        slots.TABLE_PROBLEM.set(t("The table cannot be opened right now; try again in a moment."))
        return
    live.remember(code, secret)
    qp["code"], qp["seat"] = code, secret


def _join() -> None:
    code = tg.parse_code(slots.TABLE_JOIN.get())
    if code is None:
        slots.TABLE_PROBLEM.set(t("A table code has 6 letters and digits, like K7QM2X."))
        return
    qp["code"] = code


def opening() -> None:
    """No table named: open one, or join one with its code."""
    st.caption(
        t(
            "Sit at one table with family or friends, each in your own language. Bots play "
            "the empty seats; a coach reviews each player's decisions after every hand."
        )
    )
    problem = slots.TABLE_PROBLEM.pop()
    if problem:
        st.warning(problem, icon=":material/info:")
    st.text_input(t("Your name"), key=slots.TABLE_NAME.key, max_chars=tg.NAME_MAX)
    with st.container(border=True):
        st.subheader(t("Open a table"), anchor=False)
        st.selectbox(
            t("Which game"),
            options=list(PROFILES),
            key=slots.TABLE_PROFILE.key,
            format_func=lambda name: playhand.game_label(t, name),
        )
        st.selectbox(
            t("Bots' strength"),
            options=list(BOT_NAMES),
            index=len(BOT_NAMES) - 1,
            key=slots.TABLE_BOTS.key,
            format_func=lambda b: STRENGTHS.get(b, b),
        )
        st.selectbox(
            t("Time for each decision (then a bot plays it)"),
            options=list(tg.LIMITS),
            index=1,
            key=slots.TABLE_LIMIT.key,
            format_func=_limit_label,
        )
        st.checkbox(t("Hints allowed"), value=True, key=slots.TABLE_HINTS.key)
        st.button(t("Open the table"), key="tbl_open", on_click=_open, type="primary")
    with st.container(border=True):
        st.subheader(t("Join a table"), anchor=False)
        st.text_input(t("Table code"), key=slots.TABLE_JOIN.key, max_chars=8)
        st.button(t("Join"), key="tbl_join_go", on_click=_join)


def _sit(table: tg.Table, seat: int) -> None:
    name = tg.clean_name(slots.TABLE_NAME.get())
    if name is None:
        slots.TABLE_PROBLEM.set(t("Write your name first (it is shown to the others)."))
        return
    secret = tg.new_secret()
    try:
        ok = live.tables().sit(table.code, tg.seat_row(seat, name, s.lang, secret, time.time()))
    except StoreError:
        ok = False
    if not ok:
        slots.TABLE_PROBLEM.set(t("That seat was just taken; choose another one."))
        return
    live.remember(table.code, secret)
    qp["seat"] = secret


def seat_line(table: tg.Table, seat: int, me: int | None, now: float) -> str:
    """One seat of the table as a line of plain text: who sits there and who plays it."""
    letter = SEAT_LETTERS[seat]
    p = table.players.get(seat)
    playing = table.played_by(seat, now)
    if p is None:
        return t("{seat}: a bot", seat=letter)
    who = t("{seat}: {name} (you)", seat=letter, name=p.name) if seat == me else None
    who = who or t("{seat}: {name}", seat=letter, name=p.name)
    if playing == "away":
        return who + " — " + t("a bot plays for them: their time ran out")
    if playing == "gone":
        return who + " — " + t("left the table: a bot plays until they return")
    return who


def seats_box(table: tg.Table, me: int | None, now: float) -> None:
    lines = [f"- {plain_md(seat_line(table, seat, me, now))}" for seat in tg.SEATS]
    st.markdown("\n".join(lines))


def lobby(table: tg.Table) -> None:
    """A table named but no seat of this player's: take a free seat."""
    now = time.time()
    st.caption(
        t(
            "Table {code} · {game}",
            code=table.code,
            game=playhand.game_label(t, table.settings.profile),
        )
    )
    seats_box(table, None, now)
    problem = slots.TABLE_PROBLEM.pop()
    if problem:
        st.warning(problem, icon=":material/info:")
    if table.over():
        st.info(t("This game is over."), icon=":material/emoji_events:")
        return
    free = [seat for seat in tg.SEATS if seat not in table.players]
    if not free:
        st.info(t("Every seat is taken."), icon=":material/event_seat:")
        return
    st.text_input(t("Your name"), key=slots.TABLE_NAME.key, max_chars=tg.NAME_MAX)
    with st.container(horizontal=True, gap="small", key="tbl_sit"):
        for seat in free:
            st.button(
                t("Sit at {seat}", seat=SEAT_LETTERS[seat]),
                key=f"tbl_sit_{seat}",
                on_click=_sit,
                args=(table, seat),
            )


def _start(code: str) -> None:
    try:
        live.tables().start(code)
    except StoreError:
        slots.TABLE_PROBLEM.set(t("The table cannot be reached right now; try again in a moment."))


def _back(h: live.Here) -> None:
    if h.seat is not None and h.secret is not None:
        try:
            live.tables().seat_update(h.code, h.seat, tg.secret_hash(h.secret), away=False)
        except StoreError:
            slots.TABLE_PROBLEM.set(
                t("The table cannot be reached right now; try again in a moment.")
            )


def _leave(h: live.Here) -> None:
    if h.seat is not None and h.secret is not None:
        try:
            live.tables().seat_update(h.code, h.seat, tg.secret_hash(h.secret), leave=True)
        except StoreError:
            return
    for name in ("seat",):
        if name in qp:
            del qp[name]
    known = dict(slots.TABLE_SECRETS.get() or {})
    known.pop(h.code, None)
    slots.TABLE_SECRETS.set(known)


def _ask_hint(h: live.Here, table: tg.Table, position: str) -> None:
    if h.seat is None or not table.settings.hints or table.state().to_act != h.seat:
        return
    h.hint = (position, workers.submit_think(table.observation(h.seat), table.game.current.seed))


def playing(table: tg.Table, h: live.Here) -> None:
    """The seated player's view: everything from their seat's observation."""
    assert h.seat is not None
    me = h.seat
    now = time.time()
    table.advance(now)
    h.version, h.hand, h.wake = table.version, table.hand, live.wake_at(table, now)
    h.watch = []
    g = table.game
    st.caption(
        t(
            "Table {code} · {game} · hand {n}",
            code=table.code,
            game=playhand.game_label(t, table.settings.profile),
            n=g.number,
        )
    )
    st.page_link(
        pages(s)["table"],
        label=t(
            "Invite link to this table (it carries no learner code): code {code}", code=table.code
        ),
        icon=":material/group_add:",
        query_params={"code": table.code},
    )
    seats_box(table, me, now)
    problem = slots.TABLE_PROBLEM.pop() or h.refused
    h.refused = None
    if problem:
        st.warning(problem, icon=":material/block:")
    if table.started is None:
        if table.host == me:
            st.button(
                t("Start the game"),
                key="tbl_start",
                on_click=_start,
                args=(table.code,),
                type="primary",
            )
            st.caption(t("Empty seats are played by bots; others can still sit down later."))
        else:
            st.info(t("Waiting for the host to start the game."), icon=":material/hourglass_top:")
        return
    if table.played_by(me, now) == "away":
        st.warning(
            t("Your time ran out, so a bot plays for you until you are back."),
            icon=":material/smart_toy:",
        )
        st.button(t("I am back"), key="tbl_back", on_click=_back, args=(h,), type="primary")
    state = table.state()
    obs = table.observation(me)
    position = f"{table.code}.{table.hand}.{table.pos}"
    names = {seat: p.name for seat, p in table.players.items()}
    mine = state.phase is not Phase.DONE and state.to_act == me
    if (
        mine
        and table.settings.hints
        and (h.hint is None or h.hint[0] != position)
        and live.hint_was_shown(h, table.hand, table.pos)
    ):
        _ask_hint(h, table, position)  # shown by a page that died: the same hint again
    hinted: Hint | None = None
    if h.hint is not None and h.hint[0] == position and h.hint[1].done():
        hinted = jobs.outcome(h.hint[1], "the hint")
        if isinstance(hinted, Hint):
            live.keep_hint(h, table.hand, table.pos, hinted)

    def take(action: Action) -> None:
        live.act(s, h, table.hand, table.pos, action)

    d = seated.Seated(t, me, state, obs, table.settings.profile, position, take)
    if mine:
        seated.decision(d)
    elif state.phase is not Phase.DONE:
        who = SEAT_LETTERS[state.to_act] if 0 <= state.to_act < 4 else ""
        if who:
            st.caption(t("Waiting for {seat}…", seat=who))
    html = table_html(t, g, me, names)
    seated.table_and_cards(
        d, html, hint=playhint.best_card(hinted) if isinstance(hinted, Hint) else None
    )
    lines = refill_lines(t, obs)
    if lines and not state.tricks:
        st.info("  \n".join(lines), icon=":material/sync:")
    if mine and table.settings.limit:
        live.countdown(t, max(table.last_at(), table.started or 0.0) + table.settings.limit)
    if mine and table.settings.hints:
        st.button(
            t("Hint"), key=f"tbl_hint_{table.pos}", on_click=_ask_hint, args=(h, table, position)
        )
        if h.hint is not None and h.hint[0] == position and not h.hint[1].done():
            h.watch.append(h.hint[1])
            st.caption(t("The expert is thinking…"))
        elif isinstance(hinted, Hint):
            text = (
                playhint.hint_lines(t, hinted, state.trump, table.settings.profile)
                if isinstance(hinted.action, PlayCard)
                else playhint.action_hint_lines(t, g, hinted)
            )
            st.info("  \n".join(text), icon=":material/lightbulb:")
    if g.hand_over():
        together_hand.hand_over(s, table, h)
    elif g.number > 1:
        with st.expander(t("The last hand: your review"), expanded=False):
            together_hand.review(s, table, h, g.number - 2)
    score = g.score()
    st.markdown(
        t(
            "Score: {ac} **{x}** · {bd} **{y}**",
            ac=team_name(t, Team.AC),
            bd=team_name(t, Team.BD),
            x=score.totals[0],
            y=score.totals[1],
        )
    )
    playhand.score_sheet(t, g)
    st.button(
        t("Leave the table (a bot takes your seat)"), key="tbl_leave", on_click=_leave, args=(h,)
    )


raw = qp.get("code")
code = tg.parse_code(raw) if raw is not None else None
if raw is not None and code is None:
    st.info(t("The table code in the link is not valid."), icon=":material/info:")
if code is None:
    opening()
else:
    h = live.here(code)
    secret = tg.parse_secret(qp.get("seat")) or live.remembered(code)
    try:
        table = live.load(code)
    except StoreError:
        table = None
        st.warning(
            t("The table cannot be reached right now; this page tries again."),
            icon=":material/cloud_off:",
        )
        live.poll(h)
    else:
        if table is None:
            st.info(t("No table has this code."), icon=":material/info:")
            st.page_link(pages(s)["table"], label=t("Open a table"), icon=":material/add:")
        else:
            seat = table.seat_of(secret) if secret else None
            h.secret, h.seat = (secret, seat) if seat is not None else (None, None)
            if seat is None:
                lobby(table)
                h.version, h.hand, h.wake = table.version, table.hand, None
            elif secret is not None:
                if qp.get("seat") != secret:
                    qp["seat"] = secret  # the player's own address keeps their seat
                live.remember(code, secret)
                live.heartbeat(h, time.time())
                playing(table, h)
            live.poll(h)

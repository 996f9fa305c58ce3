"""The practice table: the learner (A) plays whole hands and games against three bots.

``?seed=S`` (and optionally ``&dealer=B``) deals the first hand of a new game from seed S,
so a deal can be shared and replayed. The game is saved with the learner's progress after
every action (it survives a reload and continues on another device with the learner code).
The bots think in worker processes; the page looks at their progress every
:data:`playflow.TICK` seconds and shows their cards one at a time."""

import streamlit as st

from tutorial.bots import BOT_NAMES
from tutorial.coach.advise import Advice
from tutorial.coach.hint import Hint
from tutorial.engine.actions import PlayCard
from tutorial.engine.profiles import DEFAULT_PROFILE, PROFILES
from tutorial.engine.seats import SEAT_LETTERS
from tutorial.engine.state import Phase
from tutorial.practice.game import FIRST_DEALER, MAX_SEED, Game
from tutorial.ui import parts, slots
from tutorial.ui.app import current
from tutorial.ui.play import controls as playcontrols
from tutorial.ui.play import flow as playflow
from tutorial.ui.play import hand as playhand
from tutorial.ui.play import hint as playhint
from tutorial.ui.play.table import refill_lines, table_html
from tutorial.ui.session import keep, whole_in

s = current()
t = s.t
qp = st.query_params
st.title(t("Practice table"), anchor=False)
st.caption(
    t(
        "You sit at A, at the bottom. Your partner C and your opponents B and D are bots. "
        "Play a whole game; ask for a hint when you like, and see after each hand what "
        "each of your decisions cost."
    )
)


raw_seed, raw_dealer = qp.get("seed"), qp.get("dealer")
seed = whole_in(raw_seed, 0, MAX_SEED) if raw_seed is not None else None
dealer = SEAT_LETTERS.index(raw_dealer) if raw_dealer and raw_dealer in SEAT_LETTERS else None
if (raw_seed is not None and seed is None) or (raw_dealer is not None and dealer is None):
    st.info(t("The deal in the link is not valid; here is a new one."), icon=":material/info:")
    seed = None
if seed is not None and slots.PLAY_URL.get() != (seed, dealer):
    # A shared link starts its deal once: opened again while that deal is being played
    # (F5 or Back onto the link's address), it resumes the game.
    slots.PLAY_URL.set((seed, dealer))
    link = (seed, FIRST_DEALER if dealer is None else dealer)
    held = playflow.held(s)
    if held is None or not held.playing_link(link):
        g = Game.new(DEFAULT_PROFILE, playflow.default_bot(), seed)
        g.current.dealer, g.link = link[1], link
        playflow.replace(s, g)
g = playflow.game(s, None, None)
# Once a hand starts the address names the game, not the deal: F5, Back and Forward
# resume it (the saved game of the learner code), instead of dealing the link's hand again.
for name in ("seed", "dealer"):
    if name in qp:
        del qp[name]
if qp.get("game") != g.id:
    qp["game"] = g.id

STRENGTHS = {
    "random": t("Beginner (plays any legal card)"),
    "rules": t("Club player (plays by the rules of thumb)"),
    "expert": t("Expert (thinks ahead over possible deals)"),
}


def _strength_changed() -> None:
    chosen = slots.PLAY_STRENGTH.get()
    if chosen in BOT_NAMES:
        g.bots = str(chosen)
        playflow.save(s, g)


def _new_game() -> None:
    chosen = slots.PLAY_PROFILE.get()
    profile = str(chosen) if chosen in PROFILES else DEFAULT_PROFILE
    playflow.replace(s, Game.new(profile, g.bots))
    slots.PLAY_URL.pop()
    slots.PLAY_REFUSED.pop()


with st.expander(t("Table settings"), expanded=False):
    if slots.PLAY_STRENGTH.get() not in BOT_NAMES:
        slots.PLAY_STRENGTH.set(g.bots)
    keep(slots.PLAY_STRENGTH)
    st.selectbox(
        t("Bots' strength"),
        options=list(BOT_NAMES),
        key=slots.PLAY_STRENGTH.key,
        format_func=lambda b: STRENGTHS.get(b, b),
        on_change=_strength_changed,
    )
    if slots.PLAY_PROFILE.get() not in PROFILES:
        slots.PLAY_PROFILE.set(g.profile)
    keep(slots.PLAY_PROFILE)
    st.selectbox(
        t("Which game (for a new game)"),
        options=list(PROFILES),
        key=slots.PLAY_PROFILE.key,
        format_func=lambda name: playhand.game_label(t, name),
    )
    st.button(t("Start a new game"), key="play_new_game", on_click=_new_game)

playhand.status_line(t, g)


def area() -> None:
    """The table and the learner's controls (drawn once a run: their widgets have keys)."""
    hinted = playflow.hint(g)
    playcontrols.decision(s, g)
    table = table_html(t, g)
    playcontrols.table_and_cards(
        s, g, table, hint=playhint.best_card(hinted if isinstance(hinted, Hint) else None)
    )
    refill_note()
    if g.learner_to_act():
        helpers(g, hinted)


def live_area() -> None:
    """The table while the bots play: a picture without widgets, so that it can be drawn
    again in the same run after each bot's card."""
    st.markdown(playcontrols.table_picture(s, g, table_html(t, g)), unsafe_allow_html=True)
    refill_note()
    if playflow.bots_down():
        bots_down_note()
    else:
        st.caption(t("The bots are playing…"))


def refill_note() -> None:
    lines = refill_lines(t, g.observation(0))
    if lines and not g.state().tricks:
        st.info("  \n".join(lines), icon=":material/sync:")


def helpers(g: Game, hinted: Hint | bool | None) -> None:
    """Hint (and, in the bidding, the advisor) for the learner's decision: one evaluation
    behind both, so they never disagree."""
    bidding = g.state().phase is Phase.BID
    cols = st.columns(2)
    cols[0].button(
        t("Hint"), key="play_hint", on_click=playflow.ask_hint, args=(g,), width="stretch"
    )
    if bidding:
        cols[1].button(
            t("Ask the bid advisor"),
            key="play_advise",
            on_click=playflow.ask_advice,
            args=(g,),
            width="stretch",
        )
    advice = playflow.advice(g) if bidding else False
    if hinted is None or advice is None:
        playhint.wait_for(
            lambda: playflow.hint(g) is not None and playflow.advice(g) is not None,
            t("The expert is thinking…")
            if hinted is None
            else t("The advisor is playing your hand out…"),
            "play_hint_wait",
        )
    if isinstance(hinted, Hint):
        lines = (
            playhint.hint_lines(t, hinted, g.state().trump, g.profile)
            if isinstance(hinted.action, PlayCard)
            else playhint.action_hint_lines(t, g, hinted)
        )
        st.info("  \n".join(lines), icon=":material/lightbulb:")
    if isinstance(advice, Advice):
        with st.container(border=True, key="play_advice_box"):
            playhint.advice_view(t, advice)
    if playflow.bots_down():
        bots_down_note()


def bots_down_note() -> None:
    st.warning(
        t(
            "The bots cannot think right now. The table waits and tries again; nothing is "
            "played in their place."
        ),
        icon=":material/error:",
    )


playflow.warm_up()
if playflow.advance(g) and playflow.worth_saving(g):
    playflow.save(s, g)


def table_part() -> None:
    """The table, the learner's controls and the bots' turns, a part of the page that runs
    alone (:mod:`tutorial.ui.parts`): a click on the table (a card, a call, the trump, a
    hint) runs only it again, not the whole page (the frame, settings, score sheet and
    buttons below are not redrawn), so a card and the bots' replies cost the server a few
    elements, not the page's ~60. What is drawn outside it (the status line, the buttons
    below, the hand over, the score sheet) depends on :func:`playflow.page_facts`: when they
    change — at the part's start (e.g. the hand's first card: undo is possible now, while
    the bots reply) or after it (the hand over) — the whole page runs again. The buttons
    below the table are outside it on purpose: their click is a full run, which interrupts
    this part while it waits for the bots (a click inside a fragment never interrupts a
    run; Streamlit queues it)."""
    parts.part("play", s.lang, lambda: playflow.page_facts(g), table_run, check_after=True)


def table_run() -> None:
    if not parts.full_run() and playflow.advance(g) and playflow.worth_saving(g):
        playflow.save(s, g)
    refused = slots.PLAY_REFUSED.pop()
    if refused:
        st.warning(refused, icon=":material/block:")
    playflow.ponder(g)  # the learner's turn: the bots' replies to each card are worked out
    slot = st.empty()
    area_drawn = not playflow.bots_to_act(g)
    with slot.container():
        if area_drawn:
            area()
        else:
            live_area()
    # The bots' turns: this session's script thread waits for each decision (the thinking
    # is in the worker pool, so no CPU is used here and other sessions are served
    # meanwhile) and redraws the table after every bot card; a click on a button outside
    # this part interrupts the wait.
    redraw = bool(slots.PLAY_REDRAW.pop())
    if playflow.bots_to_act(g) or redraw:
        mine = playflow.play_bots(
            g, lambda: slot.container(), live_area, lambda: playflow.save(s, g)
        )
        if mine and not area_drawn:
            playflow.ponder(g)
            with slot.container():
                area()
        elif mine and not parts.full_run():  # the controls were drawn before the card was
            st.rerun(scope="fragment")  # played (the part's start checks the page's facts)
        else:  # the hand is over, the wait ran too long, or this is the page's full run
            st.rerun(scope="app")


# The table is drawn last, into its place above the buttons: when the bots are to act its
# run waits for them, and everything else on the page is drawn by then.
table_box = st.container(key="play_table_box")
playhand.actions_row(s, g)
if g.hand_over():
    with st.container(key="play_over"):
        playhand.hand_over(s, g)
playhand.score_sheet(t, g)
with table_box:
    table_part()

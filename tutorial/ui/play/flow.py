"""The practice table's driving: the game of this session, its saving, the bots' turns and
the hint, all without blocking the server.

Bot decisions, the hint, the advisor and pondering run in the one worker seam
(:mod:`tutorial.practice.workers`: worker processes, typed jobs and results); a page run only
looks at whether the decision is ready (``Future.done()``) and applies at most one bot
action, at least :data:`PAUSE` seconds after the one before, so the bots' cards appear one at
a time. When the workers cannot think (a broken pool), the table says so and waits — it
never plays a card the bots did not choose.
The game is saved whole (:meth:`SessionStore.save_game`) after every change, keyed by the
learner code, so it survives a reload and continues on another device.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from concurrent.futures import Future
from concurrent.futures import wait as futures_wait
from dataclasses import dataclass
from typing import Any

from streamlit.runtime.scriptrunner import get_script_run_ctx

from tutorial import jobs
from tutorial.bots import BOT_NAMES, decide
from tutorial.coach.advise import Advice, advice_of
from tutorial.coach.hint import Hint
from tutorial.engine.actions import Action
from tutorial.engine.profiles import DEFAULT_PROFILE
from tutorial.engine.state import CHANCE, Phase
from tutorial.practice import workers
from tutorial.practice.game import LEARNER, Game
from tutorial.practice.ponder import Ponder
from tutorial.ui import slots
from tutorial.ui.session import Session, notice_facts, store

log = logging.getLogger("cinch.ui")
SLOT = "practice"
"""The saved-game slot of the practice table."""


def _pause() -> float:
    try:
        return max(0.0, min(5.0, float(os.environ.get("CINCH_PLAY_PAUSE", "0.5"))))
    except ValueError:
        return 0.5


PAUSE = _pause()
"""Seconds between two bots' cards (``CINCH_PLAY_PAUSE``; tests use 0)."""


def _trick_pause() -> float:
    default = min(3 * PAUSE, max(PAUSE, 1.5))
    try:
        return max(0.0, min(5.0, float(os.environ.get("CINCH_TRICK_PAUSE", default))))
    except ValueError:
        return default


TRICK_PAUSE = _trick_pause()
"""Seconds a finished trick stays on the table before a bot leads the next one
(``CINCH_TRICK_PAUSE``; by default 1.5, or less when the pause between cards is shorter: 3×
``PAUSE``, so ``CINCH_PLAY_PAUSE=0`` turns both off). The learner, when it leads, clicks
when it has looked."""
TICK = 0.2
"""How often a page waiting for a bot looks again (seconds)."""
PONDER = os.environ.get("CINCH_PONDER", "1") != "0"
"""Work out the bots' replies to the learner's cards while the learner looks at the table
(:mod:`tutorial.practice.ponder`; ``CINCH_PONDER=0`` turns it off)."""


def default_bot() -> str:
    """The strongest bot available (the table's default strength)."""
    return BOT_NAMES[-1]


@dataclass
class Pending:
    key: tuple[int, int, int]
    future: Future[Any]
    since: float


def game(s: Session, seed: int | None, dealer: int | None) -> Game:
    """This session's game: the one in the session, else the one saved for the learner
    code, else a new one (from ``seed`` when the link gives one)."""
    g = slots.PLAY_GAME.get()
    if isinstance(g, Game) and slots.PLAY_LEARNER.get() == s.learner:
        return g
    g = None
    if seed is None:
        g = Game.from_json(store().load_game(s.learner, SLOT), BOT_NAMES)
    if g is None:
        g = Game.new(DEFAULT_PROFILE, default_bot(), seed)
        if dealer is not None:
            g.current.dealer = dealer
        save(s, g)
    slots.PLAY_GAME.set(g)
    slots.PLAY_LEARNER.set(s.learner)
    return g


def held(s: Session) -> Game | None:
    """This session's game, else the one saved for the learner code; None if neither."""
    g = slots.PLAY_GAME.get()
    if isinstance(g, Game) and slots.PLAY_LEARNER.get() == s.learner:
        return g
    return Game.from_json(store().load_game(s.learner, SLOT), BOT_NAMES)


def replace(s: Session, g: Game) -> None:
    """Make ``g`` this session's game (a new game) and save it."""
    slots.PLAY_GAME.set(g)
    slots.PLAY_LEARNER.set(s.learner)
    slots.PLAY_PENDING.pop()
    slots.PLAY_THINK.pop()
    save(s, g)


def save(s: Session, g: Game) -> bool:
    """Save the game (never raises: a failed save is kept and retried, and the page says
    so through the progress notice)."""
    return store().save_game(s.learner, SLOT, g.to_json())


def position_key(g: Game) -> tuple[int, int, int]:
    """Identifies the current decision point (hand, deal, actions taken)."""
    return (g.number, g.current.seed, len(g.current.actions))


def bots_to_act(g: Game) -> bool:
    who = g.to_act()
    return who is not None and who != LEARNER


def _ask(g: Game, who: int, now: float) -> Pending:
    """The pending decision of bot ``who`` at the current position, submitted if not yet."""
    key = position_key(g)
    pending = slots.PLAY_PENDING.get()
    if isinstance(pending, Pending) and pending.key == key:
        return pending
    obs = g.observation(who)
    pondered = slots.PLAY_PONDER.get()
    ahead = pondered.future(g.bots, obs, g.current.seed) if isinstance(pondered, Ponder) else None
    fut: Future[Any] = ahead or workers.submit_decide(g.bots, obs, g.current.seed)
    pending = Pending(key, fut, now)
    slots.PLAY_PENDING.set(pending)
    return pending


def advance(g: Game, now: float | None = None, wait: float = 0.0) -> bool:
    """Take at most one step of the bots (or of chance): submit the decision if it is not
    asked for yet, apply it if it is ready and the pause since the last card is over, then
    submit the next bot's decision at once (it thinks while this card is shown). Waits at
    most ``wait`` seconds (for the decision or the end of the pause); returns True if the
    game changed."""
    now = time.monotonic() if now is None else now
    who = g.to_act()
    if who is None or who == LEARNER:
        slots.PLAY_PENDING.pop()
        return False
    if who == CHANCE:
        g.chance()
        slots.PLAY_LAST.set(now)
        return True
    pending = _ask(g, who, now)
    if not pending.future.done() and wait > 0:
        futures_wait([pending.future], timeout=wait)
    if not pending.future.done():
        return False
    action = _result(pending.future)
    if action is None:  # the bots cannot think: ask again a moment later, never guess
        slots.PLAY_PENDING.pop()
        time.sleep(wait)
        return False
    now = time.monotonic()
    gap = _gap(g, now)
    if gap > 0:
        if gap > wait:
            time.sleep(wait)  # the pause goes on: look again (and at clicks) after this
            return False
        time.sleep(gap)
        now = time.monotonic()
    still_wanted()  # a click meanwhile: this run stops here, before it changes the game
    err = g.act(action, who)
    if err is not None:  # a bot bug: the hand goes on with a legal action
        log.error("bot %s proposed an illegal action %s: %s", g.bots, action, err)
        g.act(g.state().legal_actions()[0], who)
    slots.PLAY_PENDING.pop()
    slots.PLAY_LAST.set(now)
    state = g.state()
    if state.phase is Phase.PLAY and state.tricks and not state.trick_plays:  # trick done
        slots.PLAY_TRICK_DONE.set(((g.number, g.current.seed, len(state.tricks)), now))
    nxt = g.to_act()
    if nxt is not None and nxt not in (LEARNER, CHANCE):
        _ask(g, nxt, now)
    return True


def _gap(g: Game, now: float) -> float:
    """How long the bot's card must still wait: :data:`PAUSE` after the card before, or —
    when it would lead the next trick — :data:`TRICK_PAUSE` after the trick was finished
    (by a bot's card or the learner's; a trick first seen finished in this session, e.g.
    after a reload, counts from then)."""
    state = g.state()
    if state.phase is Phase.PLAY and state.tricks and not state.trick_plays:
        key = (g.number, g.current.seed, len(state.tricks))
        done = slots.PLAY_TRICK_DONE.get()
        if not (isinstance(done, tuple) and done[0] == key):
            done = (key, now)
            slots.PLAY_TRICK_DONE.set(done)
        return TRICK_PAUSE - (now - float(done[1]))
    return PAUSE - (now - float(slots.PLAY_LAST.get() or 0.0))


def still_wanted() -> None:
    """Stop this run here if the learner has clicked meanwhile. With Streamlit's fast
    reruns a click starts a new run at once and only *asks* this one to stop, which it
    does at its next element; a run waiting for the bots draws none for seconds, and
    would otherwise go on acting on (and saving) a game the new run has replaced."""
    ctx = get_script_run_ctx(suppress_warning=True)
    check = getattr(ctx, "yield_check", None)
    if callable(check):
        check()  # raises Streamlit's StopException or RerunException


def page_facts(g: Game) -> tuple[object, ...]:
    """What the practice page draws outside its table (the status line, the undo button's
    state, the hand over and the score sheet) depends on: the table's own runs leave the
    rest of the page as it is while these stay the same, and run the whole page again when
    they change."""
    return (
        *notice_facts(),
        id(g),
        g.number,
        g.current.seed,
        g.hand_over(),
        g.last_learner_play() is None,
    )


LOOP_LIMIT = 60.0
"""A run waits for the bots at most this long, then runs again (a stuck pool never holds
a run for ever)."""


def play_bots(
    g: Game,
    place: Callable[[], Any],
    draw: Callable[[], None],
    save_game: Callable[[], object],
) -> bool:
    """Let the bots play until the learner is to act: after each bot card, draw the table
    again (``draw`` inside ``place()``, a container) and save when :func:`worth_saving`.
    Returns True when it is the learner's turn (the caller draws the learner's controls),
    False when the page should run again (the hand is over, or the wait ran too long)."""
    if bots_to_act(g):
        with place():
            draw()
    end = time.monotonic() + LOOP_LIMIT
    while bots_to_act(g) and time.monotonic() < end:
        still_wanted()
        if advance(g, wait=TICK):
            if worth_saving(g):
                save_game()
            if bots_to_act(g):
                with place():
                    draw()
    return g.learner_to_act()


def worth_saving(g: Game) -> bool:
    """After a bot's card the game is saved only at the end of a trick, when the learner is
    to act, or when the hand is over: the bots' other cards are replayed identically after a
    reload (their decisions are deterministic), so saving each one would only cost time."""
    state = g.state()
    return state.phase is not Phase.PLAY or not state.trick_plays or g.to_act() in (None, LEARNER)


def ponder(g: Game) -> None:
    """At the learner's turn to play, work out the bots' replies to each of its legal cards
    in the pool (the rules bot's card first, the likeliest); once the learner has acted,
    ponder no more — what is decided stays for :func:`_ask` to find while the hand goes on
    from that position, and is dropped when the game goes elsewhere (undo, new deal)."""
    key = position_key(g)
    p = slots.PLAY_PONDER.get()
    if isinstance(p, Ponder):
        if p.position == key:
            return
        p.stop()
        if not p.follows(g):
            slots.PLAY_PONDER.pop()
    state = g.state()
    if not PONDER or state.phase is not Phase.PLAY or not g.learner_to_act():
        return
    legal = state.legal_actions()
    likely = decide("rules", g.observation(LEARNER), g.current.seed)
    candidates = [likely, *(a for a in legal if a != likely)]
    slots.PLAY_PONDER.set(Ponder(g, candidates, workers.submit_decide, key).start())


def warm_up() -> None:
    """Start the worker pool (and its imports) before the first decision."""
    if slots.PLAY_WARM.get():
        return
    slots.PLAY_WARM.set(True)
    workers.warm()


def bots_down() -> bool:
    """True while the worker pool cannot think (the page says so)."""
    return workers.status() is not None


def _result(fut: Future[Action]) -> Action | None:
    """The bot's action, or None if the pool failed it (logged by the seam): the table then
    waits and asks again, never plays a card the bots did not choose."""
    if isinstance(fut.exception(timeout=0), workers.BotsUnavailable):
        return None
    return jobs.outcome(fut, "a bot decision")


def _thought(g: Game) -> Hint | bool | None:
    job = slots.PLAY_THINK.get()
    if not isinstance(job, Pending) or job.key != position_key(g):
        return False
    if not job.future.done():
        return None
    out = jobs.outcome(job.future, "the hint")
    return out if isinstance(out, Hint) else False


def _ask_think(g: Game) -> None:
    """Work out the evaluation of the learner's decision (in the pool), once per position:
    the hint and the advisor read the same one."""
    h = slots.PLAY_THINK.get()
    if isinstance(h, Pending) and h.key == position_key(g):
        return
    fut = workers.submit_think(g.observation(LEARNER), g.current.seed)
    slots.PLAY_THINK.set(Pending(position_key(g), fut, time.monotonic()))


def hint(g: Game) -> Hint | bool | None:
    """The hint for the learner's current decision once ready, None while it is being
    worked out, False if none was asked for here (or it failed)."""
    if slots.PLAY_HINT_ASKED.get() != position_key(g):
        return False
    out = _thought(g)
    if isinstance(out, Hint):  # shown: its best set stands for this decision in the review
        g.keep_hint(out.evaluation.best_set)
    return out


def ask_hint(g: Game) -> None:
    """Work out the hint for the learner's decision (in the pool)."""
    if not g.learner_to_act():
        return
    _ask_think(g)
    slots.PLAY_HINT_ASKED.set(position_key(g))
    g.mark_hint()


def advice(g: Game) -> Advice | bool | None:
    """The bid advisor for the learner's call once ready (the hint's evaluation), None
    while it is being worked out, False if it was not asked for here."""
    if slots.PLAY_ADVICE_ASKED.get() != position_key(g):
        return False
    out = _thought(g)
    if not isinstance(out, Hint):
        return out
    return advice_of(out.evaluation) if out.evaluation.kind == "call" else False


def ask_advice(g: Game) -> None:
    """Run the bid advisor for the learner's call (in the pool): the same evaluation as
    the hint, so they never disagree."""
    state = g.state()
    if not g.learner_to_act() or state.phase is not Phase.BID:
        return
    _ask_think(g)
    slots.PLAY_ADVICE_ASKED.set(position_key(g))

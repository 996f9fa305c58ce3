"""Pondering, as chess engines do: while the learner looks at the table, the bots' replies
to each card the learner may play are worked out in the worker seam
(:mod:`tutorial.practice.workers`), so that the click is answered from what is already
decided.

A bot's decision is a function of the bot, the seed and the observation only
(:func:`tutorial.bots.decide`), so a decision worked out ahead is exactly the one the table
would ask for after the click: pondering changes when the bots' cards are known, never
which cards they play. :class:`Ponder` holds, for one decision point of the learner, a line
per candidate card (the game after it, advanced by each bot decision as it comes in) and
every decision asked for, keyed by ``(bot, seed, repr(observation))``; the table looks a
decision up there (:meth:`Ponder.future`) before asking the pool.

Pondering must not delay the decisions the tables are waiting for: the jobs go one at a
time (a line's next decision is submitted when the one before it is in, from the future's
callback: no page run is needed), breadth first (every card's first reply, then the second
ones…), and at most :data:`IN_FLIGHT` pondering job is in the pool for the whole server
process, the tables taking turns (:class:`_Slot`). A real decision therefore waits at most
for one pondering job. :meth:`Ponder.stop` (the learner has clicked, or the position is
gone) submits nothing more; a job already running finishes and stays usable.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Future

from tutorial import jobs
from tutorial.engine.actions import Action
from tutorial.engine.observe import Observation
from tutorial.engine.state import CHANCE
from tutorial.practice.game import LEARNER, Game, HandRecord

log = logging.getLogger("cinch.ui")

Key = tuple[str, int, str]
"""(bot, seed, ``repr`` of the observation): what a decision is a function of."""
Submit = Callable[[str, Observation, int], "Future[Action]"]

MAX_LINES = 8
"""Candidate actions pondered at most (a pile multiplies the learner's actions)."""
MAX_JOBS = 64
"""Pondering jobs at most for one decision point of the learner (up to 8 cards × 6 replies)."""
LIFETIME = 120.0
"""Seconds after which a decision point is not pondered any more (a learner gone)."""
IN_FLIGHT = 1
"""Pondering jobs in the pool at once, for the whole server process."""


def decision_key(bot: str, obs: Observation, seed: int) -> Key:
    return (bot, seed, repr(obs))


class _Slot:
    """The server's pondering slot: at most :data:`IN_FLIGHT` jobs at once; the
    ponderers waiting for it are served in turn."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.busy = 0
        self.waiting: deque[Ponder] = deque()

    def request(self, p: Ponder) -> None:
        with self.lock:
            if self.busy >= IN_FLIGHT:
                if p not in self.waiting:
                    self.waiting.append(p)
                return
            self.busy += 1
        if not _submitted(p):
            self.release()

    def release(self) -> None:
        while True:
            with self.lock:
                self.busy -= 1
                if not self.waiting:
                    return
                p = self.waiting.popleft()
                self.busy += 1
            if _submitted(p):
                return

    def idle(self) -> bool:
        with self.lock:
            return self.busy == 0 and not self.waiting


SLOT = _Slot()


def _submitted(p: Ponder) -> bool:
    """``p`` submits its next job; a failure there ends its pondering, never the slot's."""
    submitted = jobs.started(p._submit_next, "pondering")
    if submitted is None:
        p.stop()
    return bool(submitted)


class _Line:
    """One candidate of the learner and the game after it, advanced decision by decision."""

    def __init__(self, game: Game, action: Action) -> None:
        self.action = action
        self.game = game
        self.depth = 0
        self.busy = False
        self.done = game.act(action, LEARNER) is not None

    def next_seat(self) -> int | None:
        """The bot to decide next on this line (None: the line is complete)."""
        if self.done or self.busy:
            return None
        who = self.game.to_act()
        if who is None or who in (LEARNER, CHANCE):
            self.done = True
            return None
        return who


class Ponder:
    """The bots' replies to each of the learner's candidate actions at one decision point
    (``position``), worked out ahead in the pool through ``submit``."""

    def __init__(
        self,
        game: Game,
        candidates: Sequence[Action],
        submit: Submit,
        position: object = None,
        slot: _Slot = SLOT,
    ) -> None:
        self.position = position
        self.bots = game.bots
        self.seed = game.current.seed
        self.hand = game.number
        self.actions = tuple(game.current.actions)
        self._submit = submit
        self._slot = slot
        self._lock = threading.Lock()
        self._results: dict[Key, Future[Action]] = {}
        self._lines = [_Line(_copy(game), a) for a in candidates[:MAX_LINES]]
        self._jobs = 0
        self._stopped = False
        self._until = time.monotonic() + LIFETIME
        self.hits = 0

    # -- what the table asks ---------------------------------------------------------------
    def future(self, bot: str, obs: Observation, seed: int) -> Future[Action] | None:
        """The decision for ``obs`` if it was asked for here (done or still running)."""
        with self._lock:
            fut = self._results.get(decision_key(bot, obs, seed))
        if fut is None or fut.cancelled():
            return None
        self.hits += 1
        return fut

    def follows(self, game: Game) -> bool:
        """True if ``game``'s hand goes on from the position pondered here (the learner has
        acted, the bots are replying): its decisions may still be wanted."""
        actions = game.current.actions
        return (
            (game.number, game.current.seed) == (self.hand, self.seed)
            and len(actions) >= len(self.actions)
            and tuple(actions[: len(self.actions)]) == self.actions
        )

    def start(self) -> Ponder:
        if self._lines:
            self._slot.request(self)
        return self

    def stop(self) -> None:
        """Submit nothing more (what is already decided or running stays usable)."""
        with self._lock:
            self._stopped = True

    @property
    def stopped(self) -> bool:
        return self._stopped

    def settled(self) -> bool:
        """True when nothing more will be pondered here (every line complete or stopped)."""
        with self._lock:
            return self._stopped or all(line.done for line in self._lines)

    def decided(self) -> int:
        """Decisions worked out so far."""
        with self._lock:
            futures = list(self._results.values())
        return sum(1 for f in futures if f.done() and not f.cancelled())

    # -- the pondering itself (called by the slot and from the futures' callbacks) -----------
    def _pick(self) -> tuple[_Line, int] | None:
        if self._stopped or self._jobs >= MAX_JOBS or time.monotonic() > self._until:
            return None
        best: tuple[_Line, int] | None = None
        for line in self._lines:  # breadth first: the shallowest line, candidates in order
            who = line.next_seat()
            if who is not None and (best is None or line.depth < best[0].depth):
                best = (line, who)
        return best

    def _submit_next(self) -> bool:
        """Submit one decision of the shallowest line; False if there is nothing to do (the
        slot is then released by the caller)."""
        with self._lock:
            picked = self._pick()
            if picked is None:
                return False
            line, who = picked
            obs = line.game.observation(who)
            key = decision_key(self.bots, obs, self.seed)
            fut = self._results.get(key)
            line.busy = True
            self._jobs += 1
        if fut is None:
            fut = jobs.started(lambda: self._submit(self.bots, obs, self.seed), "pondering")
            if fut is None:  # a pool shut down or broken: ponder no more
                with self._lock:
                    self._stopped = True
                    line.busy = False
                return False
            with self._lock:
                self._results[key] = fut
        fut.add_done_callback(lambda f: self._done(line, who, f))
        return True

    def _done(self, line: _Line, who: int, fut: Future[Action]) -> None:
        with self._lock:
            line.busy = False
            try:
                action = fut.result(timeout=0)
            except BaseException:  # cancelled or failed: the table will ask again itself
                line.done = True
            else:
                if line.game.act(action, who) is not None:
                    line.done = True
                line.depth += 1
        self._slot.release()
        self._slot.request(self)


def _copy(game: Game) -> Game:
    rec = game.current
    hand = HandRecord(rec.seed, rec.dealer, list(rec.actions))
    return Game(game.profile, game.bots, game.seed, [*game.hands[:-1], hand])

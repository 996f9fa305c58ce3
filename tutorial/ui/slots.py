"""What a learner's session keeps between reruns (``st.session_state``): one typed slot a name.

Every value the app keeps is named here once, with its type: :class:`Slot` for one value
(``LANG.get()``, ``LEARNER.set(code)``), :class:`Family` for the values kept per lesson,
step or question (``ANSWER_RESULT(lesson.id, q.id).get()``). ``get`` and ``pop`` answer
``None`` for a value of another type (a stale session from an older version, a test's
stand-in), so a page never trusts a raw key. A widget's own value (an answer's pills, the
language picker) is a slot too: its ``key`` is what the widget is given.

The keys are the ones the app always used (tests and links may name them): ``lang``,
``learner``, ``ans:<lesson>:<question>`` …
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import streamlit as st

from tutorial.jsonvalue import Json

T = TypeVar("T")


class Slot(Generic[T]):
    """One value of the session, under ``key``, of type ``kind``."""

    __slots__ = ("key", "kind")

    def __init__(self, key: str, kind: type[Any] | tuple[type[Any], ...]) -> None:
        self.key = key
        self.kind = kind

    def __repr__(self) -> str:
        return f"Slot({self.key!r})"

    def get(self) -> T | None:
        value = st.session_state.get(self.key)
        return value if isinstance(value, self.kind) else None

    def set(self, value: T) -> T:
        st.session_state[self.key] = value
        return value

    def pop(self) -> T | None:
        value = st.session_state.pop(self.key, None)
        return value if isinstance(value, self.kind) else None

    def is_set(self) -> bool:
        return self.key in st.session_state

    def setdefault(self, value: T) -> T:
        """The value kept (if of its type), else ``value``, now kept."""
        kept = self.get()
        return kept if kept is not None else self.set(value)


class Family(Generic[T]):
    """Values kept per id (a lesson, a step, a question): ``prefix:id:id``."""

    __slots__ = ("kind", "prefix")

    def __init__(self, prefix: str, kind: type[Any] | tuple[type[Any], ...]) -> None:
        self.prefix = prefix
        self.kind = kind

    def __call__(self, *ids: str) -> Slot[T]:
        return Slot(":".join((self.prefix, *ids)), self.kind)

    def owns(self, key: str) -> bool:
        """Whether ``key`` is one of this family's (``prefix:…``)."""
        return key.startswith(f"{self.prefix}:")


# -- the values kept --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class AnswerResult:
    """A question's answer checked (:data:`ANSWER_RESULT`)."""

    ok: bool | None
    """Right or not; None: "choose an answer first" (nothing was chosen)."""
    response: Json = None
    """The answer checked, as saved: an option id, a list of ids or cards, a number; for a
    move reviewed, the card, call or suit chosen."""


@dataclass(frozen=True, slots=True)
class MoveState:
    """A "your move" moment's state (:data:`MOVE`): the wrong choices tried (cards, calls,
    suits; the last one last), whether it is done (played right, or the learner asked to see
    it) and shown (seen, not played), how many clicks its card table has had, and — for a
    decision with options right besides the scenario's — the one the learner chose."""

    tried: tuple[str, ...] = ()
    done: bool = False
    shown: bool = False
    clicks: int = 0
    chose: str = ""
    """A decision's option right too (``YourDecision.also_right``) that the learner chose;
    empty when they chose the scenario's own (or it is a card)."""


@dataclass(frozen=True, slots=True)
class DrillResult:
    """A drill's answer checked (:data:`DRILL_RESULT`)."""

    ok: bool
    puzzle: tuple[str, int, int]
    """The puzzle it answers: ``(kind, difficulty, seed)``."""


# -- the session itself -----------------------------------------------------------------------
LANG: Slot[str] = Slot("lang", str)
"""The learner's language (es, pt, fr or en)."""
LANG_PICKER: Slot[str] = Slot("lang_picker", str)
"""The sidebar's language picker (a widget)."""
LANG_SWITCHED: Slot[bool] = Slot("_lang_switched", bool)
"""The learner has just chosen another language (the page brings their place back once)."""
LEARNER: Slot[str] = Slot("learner", str)
"""The learner code progress is saved under."""
LEARNER_INPUT: Slot[str] = Slot("learner_input", str)
"""The "continue with another code" field (a widget)."""
SESSION: Slot[Any] = Slot("_session", object)
"""This run's :class:`~tutorial.ui.session.Session`."""
PAGES: Slot[tuple[Any, ...]] = Slot("_pages", tuple)
"""The navigation's pages, built once per language: ``(lang, pages)``."""
PAGE_NOT_FOUND: Slot[bool] = Slot("_page_not_found", bool)
"""A link named a page the app does not have (the home page says so, once)."""
NOTES: Slot[list[Any]] = Slot("_notes", list)
"""Notices for the learner kept until shown (a link that was not understood …)."""
OUTBOX: Slot[Any] = Slot("_outbox", object)
"""The writes not saved yet (:class:`~tutorial.progress_outbox.Outbox`)."""

# -- lessons ----------------------------------------------------------------------------------
STEP: Family[str] = Family("step", str)
"""``step:<lesson>``: the step the learner is at."""
URL_STEP: Family[str] = Family("_url_step", str)
"""``_url_step:<lesson>``: the step the URL last named (a link to another step is followed)."""
RECORDED: Slot[set[Any]] = Slot("_recorded", set)
"""The steps whose visit is already saved this session: ``(learner, lesson, step)``."""
RESET_DONE: Family[bool] = Family("_reset_done", bool)
"""``_reset_done:<lesson>``: the lesson was just reset (the page says so once)."""
FRAME: Family[int] = Family("frame", int)
"""``frame:<lesson>:<step>``: the moment of a step's scenario shown."""
ARRIVED: Family[int] = Family("_arrived", int)
"""``_arrived:frame:<lesson>:<step>``: the moment the learner just stepped to (a "your move"
there is brought into view once)."""
CHAPTER: Family[int] = Family("chap", int)
"""``chap:frame:<lesson>:<step>``: the stepper's chapter picker (a widget)."""
AUTOPLAY_ON: Family[bool] = Family("auto", bool)
"""``auto:frame:<lesson>:<step>``: the stepper plays the moments by itself."""
AUTOPLAY_DUE: Family[float] = Family("autonext", (int, float))
"""``autonext:frame:<lesson>:<step>``: when it shows the next moment (monotonic seconds)."""
ANSWER: Family[Any] = Family("ans", object)
"""``ans:<lesson>:<question>``: a question's answer widget (``…:<option>`` per checkbox)."""
ANSWER_RESULT: Family[AnswerResult] = Family("res", AnswerResult)
"""``res:<lesson>:<question>``: the answer checked."""
ANSWER_REVEAL: Family[bool] = Family("_answer_reveal", bool)
"""``_answer_reveal:<lesson>:<question>``: answered right, the page run again for the note
that waited for it (``Narration.after_answer``): the verdict is brought into view once."""
RESTORED: Family[bool] = Family("_restored", bool)
"""``_restored:<lesson>:<question>``: the saved answer was put back into its widget."""
MOVE: Family[MoveState] = Family("move", MoveState)
"""``move:<lesson>:<step>:<moment>``: a "your move" moment's tries, done, shown."""
MOVE_REVEAL: Family[bool] = Family("_move_reveal", bool)
"""``_move_reveal:<lesson>:<step>:<moment>``: a decision was just made, tried or shown (its
verdict is brought into view once)."""

# -- drills, mistakes, the rules --------------------------------------------------------------
DRILL: Slot[tuple[Any, ...]] = Slot("drill", tuple)
"""The puzzle shown: ``(kind, difficulty, seed)``."""
DRILL_URL: Slot[tuple[Any, ...]] = Slot("_drill_url", tuple)
"""The puzzle the URL last named."""
DRILL_MODE: Slot[str] = Slot("drill_mode", str)
"""The kind picker (a widget): a kind, or mixed."""
DRILL_LEVEL: Slot[int] = Slot("drill_level", int)
"""The difficulty picker (a widget)."""
DRILL_RECENT: Slot[list[Any]] = Slot("drill_recent", list)
"""The kinds shown lately (mixed drills do not repeat one)."""
DRILL_RESULT: Slot[DrillResult] = Slot("drill_result", DrillResult)
"""The puzzle's answer checked."""
COUNTED: Family[bool] = Family("counted", bool)
"""``counted:<puzzle>``: one attempt counted for this puzzle."""
REVIEW_PICK: Slot[tuple[Any, ...]] = Slot("_review_pick", tuple)
"""Review my mistakes: the question picked, ``(lesson, entry, attempts when picked)``."""
REVIEW_REVEAL: Slot[str] = Slot("_review_reveal", str)
"""The reviewed question just checked (its answer is revealed once)."""
REVIEW_HINTED: Family[bool] = Family("rvhinted", bool)
"""``rvhinted:<base>``: the hint was shown once (the answer counts as helped)."""
RULES_PROFILE: Slot[str] = Slot("rules_profile", str)
"""The rules reference's game picker (a widget)."""
HINT: Family[bool] = Family("hint", bool)
"""``hint:<lesson>:<question>``: a question's hint toggle (a widget)."""


def forget_lesson(lesson: str) -> None:
    """Forget what the session keeps of one lesson: its checked answers, moments, moves and
    restored marks are deleted; its answer widgets and hint toggles are set back to empty
    (set, not deleted: the browser is told to clear them)."""
    kept = (ANSWER_RESULT, ANSWER_REVEAL, FRAME, RESTORED, MOVE, MOVE_REVEAL)
    mine = tuple(f"{f.prefix}:{lesson}:" for f in kept)
    widgets = tuple(f"{f.prefix}:{lesson}:" for f in (ANSWER, HINT))
    for k in list(st.session_state.keys()):
        if not isinstance(k, str):
            continue
        if k.startswith(mine):
            del st.session_state[k]
        elif k.startswith(widgets):
            v = st.session_state[k]
            st.session_state[k] = (
                False if isinstance(v, bool) else [] if isinstance(v, list) else None
            )
    RECORDED.set({m for m in RECORDED.get() or set() if m[1] != lesson})


RETRY_PICK: Slot[tuple[Any, ...]] = Slot("_retry_pick", tuple)
"""Puzzles from my games: the position picked, ``(position id, its attempts when picked)``."""
RETRY_RESULT: Slot[tuple[Any, ...]] = Slot("_retry_result", tuple)
"""The card played there: ``(position id, attempts, card, right)``."""

# -- the practice table -----------------------------------------------------------------------
PLAY_GAME: Slot[Any] = Slot("play_game", object)
"""This session's :class:`~tutorial.practice.game.Game`."""
PLAY_LEARNER: Slot[str] = Slot("play_learner", str)
"""The learner code the game in the session belongs to."""
PLAY_PENDING: Slot[Any] = Slot("play_pending", object)
"""The bot decision asked for at the current position (``play.flow.Pending``)."""
PLAY_THINK: Slot[Any] = Slot("play_think", object)
"""The evaluation of the learner's decision being worked out (the hint and the advisor)."""
PLAY_PONDER: Slot[Any] = Slot("play_ponder", object)
"""The bots' replies worked out ahead during the learner's turn (``practice.ponder.Ponder``)."""
PLAY_LAST: Slot[float] = Slot("play_last", (int, float))
"""When the last card was played (monotonic seconds): the pause between cards counts from it."""
PLAY_TRICK_DONE: Slot[tuple[Any, ...]] = Slot("play_trick_done", tuple)
"""The trick last finished and when: ``((hand, seed, tricks), monotonic seconds)``."""
PLAY_WARM: Slot[bool] = Slot("play_warm", bool)
"""The worker pool was started for this session."""
PLAY_HINT_ASKED: Slot[tuple[Any, ...]] = Slot("play_hint_asked", tuple)
"""The position a hint was asked for."""
PLAY_ADVICE_ASKED: Slot[tuple[Any, ...]] = Slot("play_advice_asked", tuple)
"""The position the bid advisor was asked for."""
PLAY_REFUSED: Slot[str] = Slot("play_refused", str)
"""Why the learner's last action was refused (the rule, in the learner's language)."""
PLAY_PILE: Slot[Any] = Slot("play_pile", object)
"""The pile being chosen at the first trick."""
PLAY_REDRAW: Slot[bool] = Slot("play_redraw", bool)
"""The table must be drawn once more (the controls changed before the card)."""
PLAY_URL: Slot[tuple[Any, ...]] = Slot("play_url", tuple)
"""The ``(seed, dealer)`` of the link last followed."""
PLAY_STRENGTH: Slot[str] = Slot("play_strength", str)
"""The bots' strength picker (a widget)."""
PLAY_PROFILE: Slot[str] = Slot("play_profile", str)
"""The game picker of a new game (a widget)."""
PLAY_LINE: Slot[tuple[Any, ...]] = Slot("play_line", tuple)
"""The review's line shown: ``(hand key, decision, which line, step)``."""
PLAY_REVIEW: Slot[tuple[Any, ...]] = Slot("play_review", tuple)
"""The review of the hand just over: ``(hand key, Future[HandReview])`` (started once)."""
PLAY_RETRY_ADDED: Slot[tuple[Any, ...]] = Slot("play_retry_added", tuple)
"""The hand (its key) whose costly cards were sent to Puzzles from my games."""
MOVED_CHECKED: Slot[bool] = Slot("_moved_checked", bool)
"""Whether this session asked once if it came from a server that is gone."""

# -- the shared table (/table) -------------------------------------------------------------------
TABLE_HERE: Slot[Any] = Slot("_table_here", object)
"""This session's place at a shared table (:class:`tutorial.ui.play.together.Here`)."""
TABLE_SECRETS: Slot[dict[str, str]] = Slot("_table_secrets", dict)
"""Table code → the secret of this session's seat there (so opening the invite link in the
same tab keeps the seat; a new tab or a reload has it from its own address)."""
TABLE_NAME: Slot[str] = Slot("tbl_name", str)
"""The player's name field (a widget)."""
TABLE_JOIN: Slot[str] = Slot("tbl_join", str)
"""The "join with a code" field (a widget)."""
TABLE_PROFILE: Slot[str] = Slot("tbl_profile", str)
"""The game picker of a new table (a widget)."""
TABLE_BOTS: Slot[str] = Slot("tbl_bots", str)
"""The bots' strength picker of a new table (a widget)."""
TABLE_LIMIT: Slot[int] = Slot("tbl_limit", int)
"""The time limit picker of a new table, in seconds (a widget)."""
TABLE_HINTS: Slot[bool] = Slot("tbl_hints", bool)
"""Whether a new table allows hints (a widget)."""
TABLE_PROBLEM: Slot[str] = Slot("tbl_problem", str)
"""Why opening or joining a table did not work (said once, on the next run)."""


def widget_value(key: str) -> object:
    """The value of a widget or component whose key is made at run time (a card table's
    key names its position), or None: read here so that pages touch no raw key."""
    return st.session_state.get(key)


def keep_value(key: str) -> None:
    """Set a widget's kept value again (:func:`tutorial.ui.session.keep`)."""
    if key in st.session_state:
        st.session_state[key] = st.session_state[key]

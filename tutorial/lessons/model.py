"""The lesson model: frozen objects with stable string ids (progress is keyed by id)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from tutorial.engine.profiles import DEFAULT_PROFILE
from tutorial.i18n import LANGS, french_spacing
from tutorial.scenario.replay import Replay
from tutorial.scenario.setup import HandSetup

QuestionType = Literal["single", "multiple", "cards", "number"]
QUESTION_TYPES: tuple[str, ...] = ("single", "multiple", "cards", "number")


@dataclass(frozen=True)
class Text:
    """One text in the four languages (Markdown)."""

    es: str
    pt: str
    fr: str
    en: str

    def get(self, lang: str) -> str:
        """The text in ``lang`` (one of :data:`LANGS`); raises KeyError for another."""
        if lang not in LANGS:
            raise KeyError(lang)
        value: str = getattr(self, lang)
        return french_spacing(value) if lang == "fr" else value


@dataclass(frozen=True)
class Scenario:
    """A scenario as the engine replayed it and, for a ``hand`` scenario, as it was written
    (``setup``: the deal, calls, trump, refill and plays, read by field)."""

    replay: Replay
    source: str
    """Where it was written: ``lessons/07.yaml`` or a scenario file."""
    setup: HandSetup | None = None

    @property
    def kind(self) -> str:
        return self.replay.kind


@dataclass(frozen=True, slots=True)
class TrickEnd:
    """What a trick would become played to the end with one card (engine)."""

    winner: str
    """The seat letter that takes it."""
    winning_card: str
    points: int
    captured: tuple[str, ...]
    """The point names it carries (the profile's: ``right_pedro``, ``low``, …)."""


@dataclass(frozen=True, slots=True)
class Holding:
    """What a hand would hold with one suit as trump (engine)."""

    trumps: tuple[str, ...]
    """Card codes, in trump order (high to low)."""
    points: tuple[tuple[str, str, int], ...]
    """(point name, card code, value) of its point cards, in the profile's point order."""

    @property
    def value(self) -> int:
        return sum(v for _, _, v in self.points)


@dataclass(frozen=True)
class YourMove:
    """A scenario moment handed to the learner: ``seat`` plays the card the scenario plays at
    moment ``at`` (``tNcK``). Worked out by the loader from the engine
    (:mod:`tutorial.lessons.moves`): the cards the seat holds, the legal ones, the rule that
    forbids each other one (a reason code with its facts) and, for each legal card other than
    the scripted one, the engine's account of what it would do, unless the lesson wrote one."""

    at: str
    seat: str
    card: str
    """The card the scenario plays (the right answer); its pile's cards beneath go with it."""
    beneath: tuple[str, ...]
    hand: tuple[str, ...]
    """The cards offered: the seat's hand before the play, less the cards beneath the pile."""
    legal: tuple[str, ...]
    illegal: Mapping[str, Mapping[str, str]]
    """card → the facts of the rule that forbids it (``reason``, ``seat``, ``card``, …)."""
    prompt: Text | None = None
    feedback: Mapping[str, Text] = field(default_factory=dict)
    """Written feedback for a legal wrong card (why *that* card is worse)."""
    outcomes: Mapping[str, TrickEnd] = field(default_factory=dict)
    """card → what the trick would become with it (engine)."""
    plain: bool = False
    """The table is drawn without its trump marks until the card is played (no band, no
    Pedro badge, no Left Pedro in the trump line, cards in their natural suits, labels
    without roles): for a move that asks the learner to tell a trump."""


DecisionKind = Literal["call", "trump", "keep"]


@dataclass(frozen=True)
class YourDecision:
    """A call, the naming of trump or the dealer's keep handed to the learner (``your_move``
    at the ``bidding`` moment: ``seat``'s call; at the first moment after it: the high bidder
    names trump, or — ``kind: dealer-keeps`` — the dealer chooses the non-trumps it keeps from
    the rest of the stock). Worked out by the loader from the engine
    (:mod:`tutorial.lessons.decisions`, :mod:`tutorial.lessons.dealerkeep`). Options are
    written in the core's notation: ``pass``, ``7`` … ``14`` for calls; ``C D H S`` for
    trump; card codes (``JD``, ``KH TD 8D`` for more than one) for the dealer's keep."""

    at: str
    seat: str
    kind: DecisionKind
    choice: str
    """What the scenario does (the right answer)."""
    options: tuple[str, ...]
    """Every option shown, legal or not, in order (pass, 7, 8, …; clubs … spades)."""
    legal: tuple[str, ...]
    illegal: Mapping[str, Mapping[str, str]]
    """option → the facts of the rule that forbids it (``reason``, ``seat``, ``required``)."""
    hand: tuple[str, ...]
    """The cards the seat holds when it decides."""
    prompt: Text | None = None
    feedback: Mapping[str, Text] = field(default_factory=dict)
    """Written feedback for a legal option other than ``choice``."""
    holdings: Mapping[str, Holding] = field(default_factory=dict)
    """suit letter → what the hand would hold with that suit as trump (engine)."""
    called: Mapping[str, str] = field(default_factory=dict)
    """Calls: seat letter → its call before the learner's (``pass`` or a number)."""
    stock: tuple[str, ...] = ()
    """The dealer's keep: the rest of the stock the dealer takes, top first."""
    need: int = 0
    """The dealer's keep: how many non-trumps of the rest the dealer keeps to reach 6."""
    trump: str = ""
    """The dealer's keep: the trump suit's letter."""
    table: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """The dealer's keep: seat letter → the cards each seat holds as the dealer chooses (the
    others refilled, the dealer its trumps, those of the rest of the stock included)."""
    also_right: Mapping[str, Text] = field(default_factory=dict)
    """Legal options other than ``choice`` that are right too (a bid of 7 that ends as the
    scenario's 8), each with the words that say why; the scenario goes on with ``choice``."""

    def is_right(self, option: str) -> bool:
        """The scenario's choice, or an option the lesson accepts as right too."""
        return option == self.choice or option in self.also_right


@dataclass(frozen=True)
class Narration:
    at: str
    text: Text
    facts: Any = None
    """What the text states about the moment, checked against the replay
    (:mod:`tutorial.lessons.facts`); None when the narration states none."""
    your_move: YourMove | YourDecision | None = None
    """The learner plays this moment's card (or makes its call, names its trump); the text
    is shown once they have."""
    after_answer: str = ""
    """The id of a question of the same step: the text is shown once that question has been
    answered right (the narration gives its answer), a line saying so until then."""


@dataclass(frozen=True)
class SolverCheck:
    """A step's claim that one choice wins the side more than another, as the double-dummy
    solver valued it when the lesson loaded (:mod:`tutorial.lessons.solvercheck`)."""

    side: str
    """``AC`` or ``BD``: whose points (or score change) are compared."""
    measure: str
    """``points`` of the hand or ``score`` (the change of the game score)."""
    better: str
    """A card code, or the scenario file of the better way."""
    worse: str
    better_value: int
    worse_value: int


@dataclass(frozen=True)
class Step:
    id: str
    title: Text
    text: Text
    scenario: Scenario | None = None
    narration: tuple[Narration, ...] = ()
    solver_check: SolverCheck | None = None


@dataclass(frozen=True)
class Option:
    id: str
    text: Text
    feedback: Text | None = None
    """Why this option is wrong (shown when it is chosen); None: the question's ``wrong``."""


@dataclass(frozen=True)
class Question:
    id: str
    type: QuestionType
    prompt: Text
    hint: Text
    right: Text
    wrong: Text
    answer: Any
    """single: option id; multiple: tuple of option ids; cards: tuple of card codes;
    number: int."""
    options: tuple[Option, ...] = ()
    scenario: Scenario | None = None
    ask: str | None = None
    """Path into the scenario's result that the answer was checked against."""
    shown_cards: tuple[str, ...] = ()
    """cards questions: the cards offered to pick from."""
    step: str = ""
    """The step this question checks: it is asked right after that step."""
    card_feedback: Mapping[str, Text] = field(default_factory=dict)
    """cards questions: why picking (or leaving out) this card is wrong, written per card."""
    plain: bool = False
    """The scenario's table is drawn without trump marks until the question is answered
    right (a question whose point is telling a trump: the marks would give it away)."""

    @property
    def engine_checked(self) -> bool:
        return self.scenario is not None and self.ask is not None


@dataclass(frozen=True)
class Lesson:
    id: str
    number: int
    file: str
    title: Text
    intro: Text
    steps: tuple[Step, ...]
    questions: tuple[Question, ...]
    profile: str = DEFAULT_PROFILE
    alternative: bool = False
    optional: bool = False
    """An optional lesson (lesson 0, first steps for learners new to trick-taking games)."""
    plain: bool = False
    """Every table of the lesson drawn without trump marks and without the Low caption (the
    primer: its learner has not met the Pedros, the band or Low yet)."""

    def step(self, step_id: str) -> Step | None:
        return next((s for s in self.steps if s.id == step_id), None)

    def question(self, question_id: str) -> Question | None:
        return next((q for q in self.questions if q.id == question_id), None)

    @property
    def moves(self) -> tuple[tuple[Step, YourMove | YourDecision], ...]:
        """Every "your move" moment of the lesson, with its step, in lesson order."""
        return tuple(
            (s, n.your_move) for s in self.steps for n in s.narration if n.your_move is not None
        )

    def awaited(self, question_id: str) -> bool:
        """A narration waits for this question's right answer (``after_answer``)."""
        return any(n.after_answer == question_id for s in self.steps for n in s.narration)

    def questions_of(self, step_id: str) -> tuple[Question, ...]:
        """The questions asked right after step ``step_id``, in lesson order."""
        return tuple(q for q in self.questions if q.step == step_id)

    @property
    def scenarios(self) -> int:
        return sum(1 for s in self.steps if s.scenario) + sum(
            1 for q in self.questions if q.scenario
        )


@dataclass(frozen=True)
class LessonProblem:
    """A lesson that did not load, with every problem found in it."""

    file: str
    lesson_id: str | None
    number: int | None
    problems: tuple[str, ...]


@dataclass(frozen=True)
class Course:
    lessons: tuple[Lesson, ...]
    broken: tuple[LessonProblem, ...] = field(default=())

    def lesson(self, lesson_id: str) -> Lesson | None:
        return next((lesson for lesson in self.lessons if lesson.id == lesson_id), None)

    @property
    def first(self) -> Lesson | None:
        """The lesson a new learner starts with: the first one that is not optional."""
        return next((x for x in self.lessons if not x.optional), None) or next(
            iter(self.lessons), None
        )

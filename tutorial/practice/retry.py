"""Puzzles from my games: the cards the coach labelled a mistake or a blunder at the practice
table (seat A) or at a shared table (the learner's seat there) come back as positions to
replay from that seat ("find a better card"), scheduled by FSRS (:mod:`tutorial.review_schedule`).

Each position is a progress item ``retry/<id>`` (through the progress store, so it survives
a reload and follows the learner code to another device, on either backend). Its value is
plain data: the deal (profile, seed, dealer), the actions up to the learner's decision, the
card played, the coach's options (each card with its expected points over the worlds the
learner could not tell apart, best first), the coach's reason when it proved one, and the
position's FSRS card (an *item*: the costly card at the table counts as its first review, Again).
Each retry is rated: the best card Good, another better card Hard, any other card Again;
the card says when the position is due again, and it leaves the queue once learnt.

A card counts as "better" when its expected points are within :data:`GOOD` of the best
card's: the coach's label for it would be *best* or *good*.
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from tutorial import review_schedule as rs
from tutorial.coach.labels import THRESHOLDS
from tutorial.engine.actions import PlayCard, parse_action
from tutorial.engine.state import Phase, State
from tutorial.jsonvalue import JsonObject
from tutorial.practice.game import LEARNER, HandRecord, replay
from tutorial.practice.review import HandReview
from tutorial.progress import Item, ProgressStore
from tutorial.store.replay import replay as replayed
from tutorial.store.replay import replayable

PREFIX = "retry/"
COUNTER = "retry/counter"
"""Every retry and every position added, counted (it orders the positions added)."""
SEATS = (0, 1, 2, 3)
GOOD = dict(THRESHOLDS)["good"]
"""A card within this many expected points of the best one is a better card."""
LABELS = ("mistake", "blunder")
"""The coach's labels that send a card to the retry queue."""
MAX_POSITIONS = 200
"""At most this many positions are kept (the oldest learnt ones are not added again)."""


def position_id(profile: str, seed: int, dealer: int, actions: list[str]) -> str:
    text = "|".join([profile, str(seed), str(dealer), *actions])
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


@dataclass(frozen=True)
class Retry:
    """One position to retry."""

    id: str
    profile: str
    seed: int
    dealer: int
    actions: tuple[str, ...]
    played: PlayCard
    options: tuple[tuple[PlayCard, float], ...]
    """Each card the coach priced, with its expected points for the learner's side."""
    reason: str | None
    label: str
    attempts: int = 0
    correct: int = 0
    added: int = 0
    card: rs.Schedule = field(default_factory=rs.Schedule)
    leitner: dict[str, int] | None = None
    """The Leitner box and due counter of schema 2, kept as history by the migration."""
    seat: int = LEARNER
    """The learner's seat in that hand: A at the practice table, any seat at a shared table
    (the position is replayed and shown from that seat)."""

    @property
    def best(self) -> tuple[PlayCard, float]:
        return self.options[0]

    def state(self) -> State:
        """The position: the hand replayed up to the learner's decision (:attr:`seat` to
        act)."""
        rec = HandRecord(self.seed, self.dealer, list(self.actions))
        return replay(self.profile, rec).state

    def value_of(self, card: int) -> float | None:
        """The expected points of the card (as the top card of a pile too), or None."""
        for action, value in self.options:
            if action.card == card:
                return value
        return None

    def is_better(self, card: int) -> bool:
        value = self.value_of(card)
        return value is not None and self.best[1] - value <= GOOD + 1e-9

    def is_best(self, card: int) -> bool:
        value = self.value_of(card)
        return value is not None and self.best[1] - value <= 1e-9

    def to_json(self) -> JsonObject:
        out: JsonObject = {
            "profile": self.profile,
            "seed": self.seed,
            "dealer": self.dealer,
            "actions": list(self.actions),
            "played": str(self.played),
            "options": [[str(a), round(v, 3)] for a, v in self.options],
            "reason": self.reason,
            "label": self.label,
            "attempts": self.attempts,
            "correct": self.correct,
            "added": self.added,
            "card": self.card.to_json(),
        }
        if self.leitner is not None:
            out["leitner"] = self.leitner
        if self.seat != LEARNER:
            out["seat"] = self.seat
        return out


def _card(text: object) -> PlayCard:
    action = parse_action(str(text))
    if not isinstance(action, PlayCard):
        raise ValueError("a retry position is about a card")
    return action


def _int(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError("not a whole number")
    return value


def _schedule(value: Mapping[str, Any]) -> rs.Schedule:
    """The position's card; a value of schema 2 (a Leitner box not migrated yet) reads as
    the card its box becomes."""
    card = rs.Schedule.from_json(value.get("card"))
    if card is None and "box" in value:
        card = rs.from_leitner(
            _int(value.get("box", 0)),
            attempts=_int(value.get("attempts", 0)),
            correct=_int(value.get("correct", 0)),
            item=True,
            last=0,
        )
    return card or rs.Schedule()


def _leitner(value: object) -> dict[str, int] | None:
    if not isinstance(value, dict):
        return None
    return {str(k): v for k, v in value.items() if isinstance(v, int) and not isinstance(v, bool)}


def parse(pid: str, value: Any) -> Retry | None:
    """The position saved as ``value``, or None if it is not a valid one (ignored, never
    half-loaded: it must replay through the engine to the learner's turn)."""
    try:
        options = tuple((_card(a), float(v)) for a, v in value["options"])
        reason = value.get("reason")
        r = Retry(
            pid,
            str(value["profile"]),
            _int(value["seed"]),
            _int(value["dealer"]),
            tuple(str(a) for a in value["actions"]),
            _card(value["played"]),
            options,
            reason if isinstance(reason, str) else None,
            str(value["label"]),
            _int(value.get("attempts", 0)),
            _int(value.get("correct", 0)),
            _int(value.get("added", 0)),
            _schedule(value),
            _leitner(value.get("leitner")),
            _int(value.get("seat", LEARNER)),
        )
        state = r.state()
    except (KeyError, TypeError, ValueError):
        return None
    if (
        not options
        or r.seat not in SEATS
        or state.to_act != r.seat
        or r.played.card not in {a.card for a, _ in options}
    ):
        return None
    return r


def _counter(items: Mapping[str, Item]) -> int:
    c = items.get(COUNTER)
    return c.value if c is not None and isinstance(c.value, int) else 0


def positions(items: Mapping[str, Item]) -> list[Retry]:
    out = []
    for key, it in items.items():
        if key.startswith(PREFIX) and key != COUNTER:
            r = parse(key[len(PREFIX) :], it.value)
            if r is not None:
                out.append(r)
    return out


def queue(items: Mapping[str, Item], at: float) -> list[Retry]:
    """Every position not learnt yet, the next one first: the ones due at ``at`` first, the
    weaker (lower stability) before the stronger, then the oldest first; then the others,
    the one due soonest first."""
    done = {k[len(PREFIX) :] for k, it in items.items() if it.done}
    live = [r for r in positions(items) if not r.card.learnt and r.id not in done]

    def key(r: Retry) -> tuple[float, float, int, str]:
        wait = r.card.wait(at)
        return (wait, r.card.strength if wait == 0 else 0.0, r.added, r.id)

    live.sort(key=key)
    return live


def due_now(entries: list[Retry], at: float) -> list[Retry]:
    return [r for r in entries if r.card.is_due(at)]


def schedules(items: Mapping[str, Item]) -> list[rs.Schedule]:
    """The cards of the positions not learnt yet, read without replaying each position (a
    page run that only counts, like the home page's: replaying 200 positions took 135–245 ms
    under load; :func:`queue` replays them, and skips one that no longer replays)."""
    out = []
    for key, it in items.items():
        if not key.startswith(PREFIX) or key == COUNTER or it.done:
            continue
        if not isinstance(it.value, dict) or not isinstance(it.value.get("options"), list):
            continue
        try:
            card = _schedule(it.value)
        except ValueError:
            continue
        if not card.learnt:
            out.append(card)
    return out


def from_review(
    profile: str,
    rec: HandRecord,
    review: HandReview,
    seat: int = LEARNER,
    own: Collection[int] | None = None,
) -> list[JsonObject]:
    """The positions a hand's review (of ``seat``'s decisions) sends to the queue: every
    card the coach labelled mistake or blunder (plain data, ``id`` included); with ``own``,
    only the cards at those indexes (at a shared table: the ones the player chose, not a
    bot's that played for them)."""
    out: list[JsonObject] = []
    for decision in review.decisions:
        if decision.phase is not Phase.PLAY or decision.label not in LABELS:
            continue
        index = decision.index
        if not 0 <= index < len(rec.actions) or (own is not None and index not in own):
            continue
        actions = rec.actions[:index]
        pid = position_id(profile, rec.seed, rec.dealer, actions)
        position: JsonObject = {
            "id": pid,
            "profile": profile,
            "seed": rec.seed,
            "dealer": rec.dealer,
            "actions": list(actions),
            "played": str(decision.action),
            "options": [[str(a), round(v, 3)] for a, v in decision.options],
            "reason": decision.reason,
            "label": decision.label,
        }
        if seat != LEARNER:
            position["seat"] = seat
        out.append(position)
    return out


def add(store: Any, learner: str, new: list[JsonObject], *, at: float | None = None) -> int:
    """Add positions to the learner's queue (one atomic write), each due at once from ``at``
    (default now; its first retry is reviewed after the miss it stands for, Again); a
    position already there keeps its card. Returns how many were added."""
    if not new:
        return 0
    card = rs.Schedule(due=rs.now() if at is None else at).to_json()
    keys = tuple(PREFIX + str(n["id"]) for n in new)
    change = replayed(add_positions, keys=list(keys), new=new, card=card)
    saved = store.update(learner, (*keys, COUNTER), change)
    return len(saved) if isinstance(saved, dict) else 0


@replayable
def add_positions(
    cur: dict[str, Item], *, keys: list[str], new: list[JsonObject], card: JsonObject
) -> dict[str, tuple[Any, bool]]:
    """The positions ``new`` (at ``keys``) not in the queue yet, each with ``card`` (see
    :func:`add`; replayable)."""
    counter = _counter(cur)
    out: dict[str, tuple[Any, bool]] = {}
    for i, (n, key) in enumerate(zip(new, keys, strict=True)):
        if key in cur or key in out:
            continue
        value = {k: v for k, v in n.items() if k != "id"}
        # ``added`` orders positions: the retry counter then the card's place in the hand
        value.update(attempts=0, correct=0, added=counter * 1000 + i, card=card)
        out[key] = (value, False)
    return out


def record(
    store: ProgressStore,
    learner: str,
    pid: str,
    right: bool,
    *,
    helped: bool = False,
    at: float | None = None,
) -> Retry | None:
    """Count one retry of position ``pid`` at ``at`` (default now): ``right`` a better
    card, ``helped`` one that is not the best (rated Hard). One atomic read-modify-write
    of its card and the counter. Returns the position as saved (None if it is not there)."""
    key = PREFIX + pid
    when = rs.now() if at is None else at
    change = replayed(count_retry, key=key, pid=pid, right=right, helped=helped, when=when)
    saved = store.update(learner, (key, COUNTER), change)
    it = saved.get(key) if isinstance(saved, dict) else None
    return parse(pid, it.value) if it is not None else None


@replayable
def count_retry(
    cur: dict[str, Item], *, key: str, pid: str, right: bool, helped: bool, when: float
) -> dict[str, tuple[Any, bool]]:
    """One retry more of position ``pid`` at ``when`` (see :func:`record`; replayable)."""
    it = cur.get(key)
    r = parse(pid, it.value) if it is not None else None
    if r is None:
        return {}
    counter = _counter(cur) + 1
    card = r.card if not r.card.new else rs.missed(when)
    card = rs.review(card, rs.rating(right, helped=helped), when)
    value = replace(r, attempts=r.attempts + 1, correct=r.correct + int(right), card=card).to_json()
    return {key: (value, card.learnt), COUNTER: (counter, False)}

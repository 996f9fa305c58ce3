"""Puzzles from my games (tutorial.practice.retry): the cards the coach labelled a mistake or
a blunder become positions, replayed to the learner's turn; each an FSRS card (an item)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from tutorial.engine.actions import Call, PlayCard, parse_action
from tutorial.engine.observe import observe
from tutorial.practice import retry
from tutorial.practice.game import LEARNER, Game
from tutorial.practice.review import HandReview
from tutorial.progress import ProgressStore

CODE = "abcd-2345-efgh-6789"


def finished_game(seed: int = 11) -> Game:
    """A hand of random decisions for every seat (the learner's included), played out."""
    g = Game.new("pagat-62", "random", seed)
    rng = random.Random(seed)
    while not g.hand_over():
        who = g.to_act()
        assert who is not None
        if who < 0:
            g.chance()
            continue
        legal = g.state().legal_actions()
        calls = [a for a in legal if isinstance(a, Call)]
        action = calls[0] if calls and who != LEARNER else rng.choice(legal)
        assert g.act(action, who) is None
    return g


def review_of(g: Game, seat: int = LEARNER) -> HandReview:
    """A review as the coach gives it: ``seat``'s cards, the first a mistake, the second
    a blunder, the others good; and a call labelled blunder (not a card: never retried)."""
    r = g.replayed()
    decisions = []
    labels = iter(["mistake", "blunder"])
    for i, (text, who) in enumerate(zip(g.current.actions, r.actors, strict=True)):
        action = parse_action(text)
        if who != seat:
            continue
        if isinstance(action, Call):
            decisions.append(_decision(i, "bid", text, text, "blunder", []))
            continue
        if not isinstance(action, PlayCard):
            continue
        state = g.replayed().state  # only for the legal cards at that point
        legal = _legal_at(g, i)
        others = [a for a in legal if a.card != action.card]
        if not others:  # forced: the coach calls it best
            continue
        options = [{"action": str(a), "value": 5.0} for a in others[:1]]
        options += [{"action": text, "value": 2.0}] + [
            {"action": str(a), "value": 1.0} for a in others[1:]
        ]
        assert state is not None
        decisions.append(
            _decision(i, "play", text, options[0]["action"], next(labels, "good"), options)
        )
    return HandReview.from_json({"decisions": decisions, "undone": [], "hints": [], "lines": {}})


def _decision(
    index: int, phase: str, action: str, best: str, label: str, options: list[dict[str, Any]]
) -> dict[str, Any]:
    return {
        "index": index,
        "phase": phase,
        "action": action,
        "best": best,
        "expected_cost": 3.0,
        "dd_cost": 3,
        "label": label,
        "reason": None,
        "samples": 8,
        "options": options,
        "trick": 1 if phase == "play" else None,
    }


def _legal_at(g: Game, index: int) -> list[PlayCard]:
    from tutorial.practice.game import HandRecord, replay

    rec = g.current
    s = replay(g.profile, HandRecord(rec.seed, rec.dealer, rec.actions[:index])).state
    return [a for a in s.legal_actions() if isinstance(a, PlayCard)]


@pytest.fixture(scope="module")
def game() -> Game:
    return finished_game()


def test_only_the_cards_labelled_mistake_or_blunder_become_positions(game: Game) -> None:
    review = review_of(game)
    new = retry.from_review(game.profile, game.current, review)
    costly = [d for d in review.decisions if d.phase.value == "play" and d.label != "good"]
    assert [n["played"] for n in new] == [str(d.action) for d in costly] and len(new) == 2
    for n in new:
        r = retry.parse(n["id"], n)
        assert r is not None
        state = r.state()  # the learner's view of that moment: A to play
        assert state.to_act == LEARNER and state.phase.value == "play"
        assert observe(state, LEARNER).hand  # its own cards
        best, value = r.best
        assert value == 5.0 and r.is_better(best.card) and not r.is_better(r.played.card)


@pytest.mark.parametrize("seat", [1, 2, 3])
def test_a_costly_card_at_another_seat_comes_back_from_that_seat(game: Game, seat: int) -> None:
    """At a shared table the player may sit at B, C or D: their costly cards replay from
    their seat (failed before: from_review knew only A, and a position not A's to play was
    refused)."""
    review = review_of(game, seat)
    new = retry.from_review(game.profile, game.current, review, seat=seat)
    assert len(new) == 2
    for n in new:
        r = retry.parse(n["id"], n)
        assert r is not None and r.seat == seat
        state = r.state()
        assert state.to_act == seat and state.phase.value == "play"
        assert r.played.card in {a.card for a in state.legal_actions() if isinstance(a, PlayCard)}
        again = retry.parse(r.id, r.to_json())  # as saved and read back
        assert again is not None and again.seat == seat
        assert retry.parse(n["id"], {**n, "seat": (seat + 1) % 4}) is None  # not its turn
        assert retry.parse(n["id"], {**n, "seat": 7}) is None
    # only the cards the player chose: not the ones a bot played for them
    first = review.decisions[[d.phase.value for d in review.decisions].index("play")].index
    mine = retry.from_review(game.profile, game.current, review, seat=seat, own={first})
    assert [n["actions"] for n in mine] == [game.current.actions[:first]]


def test_a_position_of_the_practice_table_is_seat_a(game: Game) -> None:
    (n, *_) = retry.from_review(game.profile, game.current, review_of(game))
    assert "seat" not in n  # as saved before: positions saved before read the same
    r = retry.parse(n["id"], n)
    assert r is not None and r.seat == LEARNER and "seat" not in r.to_json()


def test_a_position_that_does_not_replay_is_ignored(game: Game) -> None:
    (n, *_) = retry.from_review(game.profile, game.current, review_of(game))
    assert retry.parse(n["id"], {**n, "actions": ["pass", "XX"]}) is None
    assert retry.parse(n["id"], {**n, "played": "pass"}) is None
    assert retry.parse(n["id"], {**n, "seed": True}) is None
    assert retry.parse(n["id"], "not a position") is None


T0 = 1_796_220_000.0


def test_found_cards_come_back_later_missed_ones_sooner_until_learnt(
    game: Game, tmp_path: Path
) -> None:
    store = ProgressStore(tmp_path / "p.sqlite3")
    new = retry.from_review(game.profile, game.current, review_of(game))
    assert retry.add(store, CODE, new, at=T0) == 2
    assert retry.add(store, CODE, new, at=T0 + 5) == 0  # already there: cards kept
    items = store.items(CODE, retry.PREFIX)
    assert retry.due_now(retry.queue(items, T0 - 1), T0 - 1) == []
    assert len(retry.due_now(retry.queue(items, T0), T0)) == 2  # due at once
    first, second = retry.queue(items, T0 + 60)
    assert first.id == new[0]["id"]  # the oldest first
    r = retry.record(store, CODE, first.id, right=True, at=T0 + 60)
    assert r is not None and r.card.due == T0 + 60 + 600 and r.attempts == 1
    due = retry.queue(store.items(CODE, retry.PREFIX), T0 + 90)
    assert [d.id for d in due] == [second.id, first.id]  # the one not found yet comes first
    r = retry.record(store, CODE, second.id, right=False, at=T0 + 90)
    assert r is not None and r.card.due == T0 + 90 + 60 and r.correct == 0
    at, gaps = T0 + 660, []
    while r is not None and not r.card.learnt:  # found each time it falls due
        r = retry.record(store, CODE, first.id, right=True, at=at)
        assert r is not None
        gaps.append(r.card.due - at)
        at = r.card.due
    assert gaps == sorted(gaps) and gaps[-1] >= 21 * 86400 and len(gaps) <= 6, gaps
    due = retry.queue(store.items(CODE, retry.PREFIX), at)
    assert [d.id for d in due] == [second.id]  # learnt: it leaves the queue
    assert store.items(CODE, retry.PREFIX)[retry.PREFIX + first.id].done
    # the home page's count, read without replaying: the same cards
    assert retry.schedules(store.items(CODE, retry.PREFIX)) == [d.card for d in due]
    assert retry.record(store, CODE, "0000000000000000", right=True) is None


def test_a_good_card_that_is_not_the_best_is_rated_hard(game: Game, tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "p.sqlite3")
    new = retry.from_review(game.profile, game.current, review_of(game))
    retry.add(store, CODE, new, at=T0)
    pid = new[0]["id"]
    good = retry.record(store, CODE, pid, right=True, at=T0 + 60)
    store2 = ProgressStore(tmp_path / "q.sqlite3")
    retry.add(store2, CODE, new, at=T0)
    hard = retry.record(store2, CODE, pid, right=True, helped=True, at=T0 + 60)
    assert good is not None and hard is not None
    assert hard.card.due < good.card.due and hard.card.difficulty > good.card.difficulty

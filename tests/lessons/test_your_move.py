"""Issue 11: "your move" moments are validated when a lesson loads (`cinch lessons check`):
the learner's seat is the one to play, its hand is on the table, the right card is the one the
scenario plays (legal: the engine played it), every other legal card has the engine's account
or written feedback, and illegal cards carry the rule that forbids them."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.lessons.test_loader import good_lesson, problems_of, text, write_course
from tutorial.engine.cards import Card
from tutorial.engine.seats import Seat
from tutorial.explain import explain_illegal
from tutorial.i18n import LANGS, get_translator
from tutorial.lessons.cardwhy import illegal_feedback, move_feedback, trick_end
from tutorial.lessons.course import load_course
from tutorial.lessons.loader import lessons_dir
from tutorial.lessons.model import TrickEnd, YourMove
from tutorial.scenario.results import TablePlay


def plays(*cards: str) -> tuple[TablePlay, ...]:
    """A trick so far: ``plays("A:KC", "B:5D")``."""
    return tuple(TablePlay(Seat.parse(x[0]), Card.parse(x[2:])) for x in cards)


HANDS = {"B": ["5D", "JC", "3C", "9S"], "C": ["6H", "8C", "4C", "AS", "TD", "3S"]}


def with_move(move: dict[str, Any], hands: dict[str, list[str]] | None = HANDS) -> dict[str, Any]:
    lesson = good_lesson()
    step = lesson["steps"][0]
    if hands is not None:
        step["scenario"] = {**step["scenario"], "hands": hands}
    step["narration"] = [{"at": move.pop("at", "t1c3"), "your_move": move, "text": text("n")}]
    return lesson


def loaded(tmp_path: Path, lesson: dict[str, Any]) -> YourMove:
    course = load_course(write_course(tmp_path, {"01-fixture.yaml": lesson}))
    assert not course.broken, course.broken
    move = course.lessons[0].steps[0].narration[0].your_move
    assert move is not None
    return move


def test_a_your_move_is_worked_out_by_the_engine(tmp_path: Path) -> None:
    move = loaded(tmp_path, with_move({"seat": "C"}))
    assert move.card == "6H" and move.seat == "C"
    assert set(move.hand) == set(HANDS["C"])
    assert set(move.legal) == {"6H", "8C", "4C"}  # clubs led, C holds clubs: follow or trump
    assert set(move.illegal) == {"AS", "TD", "3S"}
    assert move.illegal["AS"]["reason"] == "must_follow_suit_or_trump"
    # each other legal card: the trick played to the end with it
    assert move.outcomes["8C"] == TrickEnd("D", "5H", 10, ("right_pedro", "left_pedro"))
    assert move.outcomes["6H"].winner == "C"


@pytest.mark.parametrize("lang", LANGS)
def test_feedback_for_a_wrong_and_an_illegal_card_in_every_language(
    tmp_path: Path, lang: str
) -> None:
    move = loaded(tmp_path, with_move({"seat": "C"}))
    t = get_translator(lang)
    trick = plays("A:KC", "B:5D")
    said = move_feedback(t, lang, move, "8C", trick, 2)
    assert "8♣" in said and "5♦" in said and "5♥" in said and "10" in said
    assert said == " ".join(
        [
            t(
                "{card} follows suit, but {best} is a trump: a trump beats any card of the "
                "suit led.",
                card="8♣",
                best="5♦",
            ),
            t.n(
                "Played to the end, the trick would go to {seat} with {winning}: {n} point "
                "for {team} ({names}).",
                "Played to the end, the trick would go to {seat} with {winning}: {n} points "
                "for {team} ({names}).",
                10,
                seat="D",
                winning="5♥",
                team=t("B and D"),
                names=t("Right Pedro") + ", " + t("Left Pedro"),
            ),
        ]
    )
    rule = illegal_feedback(t, move, "AS")
    assert rule == explain_illegal(t, move.illegal["AS"])
    assert "A♠" in rule


def test_the_seat_must_be_the_one_to_play(tmp_path: Path) -> None:
    [problem] = problems_of(tmp_path, with_move({"seat": "B"}))
    assert problem.startswith("lessons/01-fixture.yaml:")
    assert "your_move.seat" in problem and "C plays (6H), not B" in problem


def test_a_move_may_be_plain_and_plain_is_true_or_false(tmp_path: Path) -> None:
    """``plain: true`` draws the move's table without trump marks (tests/ui/test_plain_moves.py);
    anything but a boolean is a located error naming the key."""
    for name in "abc":
        (tmp_path / name).mkdir()
    assert loaded(tmp_path / "a", with_move({"seat": "C", "plain": True})).plain
    assert not loaded(tmp_path / "b", with_move({"seat": "C"})).plain
    [problem] = problems_of(tmp_path / "c", with_move({"seat": "C", "plain": "yes"}))
    assert "plain" in problem and "true or false" in problem


def test_the_seat_s_hand_must_be_shown(tmp_path: Path) -> None:
    [problem] = problems_of(tmp_path, with_move({"seat": "C"}, hands=None))
    assert "your_move.seat" in problem and "does not show C's hand" in problem


def test_only_a_card_moment_may_be_a_move(tmp_path: Path) -> None:
    [problem] = problems_of(tmp_path, with_move({"seat": "C", "at": "t1"}))
    assert "your_move" in problem and "card moment tNcK" in problem


def test_feedback_only_for_legal_wrong_cards(tmp_path: Path) -> None:
    [problem] = problems_of(tmp_path, with_move({"seat": "C", "feedback": {"AS": text("x")}}))
    assert "your_move.feedback.AS" in problem and "not a legal card" in problem
    (tmp_path / "b").mkdir()
    [problem] = problems_of(tmp_path / "b", with_move({"seat": "C", "feedback": {"6H": text("x")}}))
    assert "the right card" in problem


def test_a_card_the_engine_cannot_tell_apart_needs_written_feedback(tmp_path: Path) -> None:
    # C may overtrump with 7♥ as well as 6♥: C takes the trick and its 10 points either way
    hands = {**HANDS, "C": [*HANDS["C"], "7H"]}
    [problem] = problems_of(tmp_path, with_move({"seat": "C"}, hands))
    assert "your_move.feedback" in problem and "write feedback for 7H" in problem
    (tmp_path / "b").mkdir()
    written = {"7H": text("keeps the higher trump")}
    move = loaded(tmp_path / "b", with_move({"seat": "C", "feedback": written}, hands))
    t = get_translator("pt")
    assert move_feedback(t, "pt", move, "7H", plays("A:KC"), 2) == ("keeps the higher trump (pt)")


def test_written_move_feedback_may_not_open_with_a_verdict(tmp_path: Path) -> None:
    fb = {**text("x"), "es": "No. Así se pierde la baza."}
    [problem] = problems_of(tmp_path, with_move({"seat": "C", "feedback": {"8C": fb}}))
    assert "feedback.8C.es" in problem and "verdict" in problem


def test_the_real_lessons_have_your_moves_where_they_matter() -> None:
    course = load_course()
    l7 = course.lesson("left-pedro-is-not-a-diamond")
    assert l7 is not None
    moves = [n.your_move for s in l7.steps for n in s.narration if n.your_move]
    assert any(m.seat == "C" and m.card == "9D" for m in moves)  # C overtrumps the Left Pedro 5♥


def _move(
    lesson_id: str, at: str, step_id: str | None = None
) -> tuple[YourMove, tuple[TablePlay, ...], int]:
    lesson = load_course().lesson(lesson_id)
    assert lesson is not None
    for step in lesson.steps:
        if step_id is not None and step.id != step_id:
            continue
        for n in step.narration:
            if n.your_move is not None and n.your_move.at == at and step.scenario is not None:
                moment = step.scenario.replay.at(at)
                assert moment.trick is not None and moment.trump is not None
                return n.your_move, moment.trick[:-1], int(moment.trump)
    raise AssertionError(f"no move at {at} in {lesson_id}")


def test_the_feedback_names_the_points_low_of_the_51_point_game_included() -> None:
    # lesson 08: 2♥ stayed in the stock, so Low is 3♥, the lowest trump in play; C's 3♥ on
    # A's K♥ would let D's A♥ capture it: 2 points, High and Low, for B and D
    move, trick, trump = _move("fifty-one-and-variants", "t1c3")
    assert move.outcomes["3H"].captured == ("high", "low") and move.outcomes["3H"].points == 2
    for lang in LANGS:
        t = get_translator(lang)
        said = move_feedback(t, lang, move, "3H", trick, trump)
        assert said.endswith("(" + t("High") + ", " + t("Low") + ")."), said
    en = get_translator("en")
    assert move_feedback(en, "en", move, "3H", trick, trump) == (
        "3♥ is a trump, but it ranks below K♥. Played to the end, the trick would go to D "
        "with A♥: 2 points for B and D (High, Low)."
    )
    # in the 62-point game Low stays with its holder: never named as captured (lesson 5: B's
    # 2♦, Low, is in the trick D may overtrump)
    move62, _, _ = _move("play-and-surplus-trumps", "t1c4", "who-wins-the-trick")
    assert all("low" not in o.captured for o in move62.outcomes.values())


def test_a_trick_without_points_says_so_rather_than_zero_points() -> None:
    # lesson 08: C, last, follows with 8♣ on A's winning K♣ instead of trumping with 3♥, Low
    move, trick, trump = _move("fifty-one-and-variants", "t2c4")
    assert move.outcomes["8C"].points == 0
    en = get_translator("en")
    assert move_feedback(en, "en", move, "8C", trick, trump) == (
        "A, your partner, is already winning the trick with K♣: what counts now is the points "
        "you load on it. Played to the end, the trick would go to A with K♣, without any "
        "points. With your best card here, the trick would carry 1 more point."
    )
    for lang in LANGS:
        said = move_feedback(get_translator(lang), lang, move, "8C", trick, trump)
        assert " 0 " not in said, said


def test_lessons_06_to_09_have_several_moves_each() -> None:
    # lesson 6 (scoring) has no card move: a scoring lesson needs none. Its last one (keep the
    # Left Pedro 5♣ from B's K♠) was Left Pedro safety, lessons 7 and 9 (reviewer H, session 13)
    course = load_course()
    for number, least in ((6, 0), (7, 2), (8, 2), (9, 2)):
        lesson = next(x for x in course.lessons if x.number == number)
        moves = [n.your_move for s in lesson.steps for n in s.narration if n.your_move]
        assert len(moves) >= least, (number, len(moves))


def _moves(lesson_id: str) -> dict[tuple[str, str], Any]:
    lesson = load_course().lesson(lesson_id)
    assert lesson is not None
    return {(s.id, n.at): n.your_move for s in lesson.steps for n in s.narration if n.your_move}


def test_lessons_one_to_five_have_several_moves_at_their_points() -> None:
    """Issue 11: several your-move moments per lesson, at the steps that teach the point (lesson
    4: one, the dealer's keep)."""
    counts = {
        lid: len(_moves(lid))
        for lid in (
            "two-pedros",
            "trumps-and-points",
            "deal-and-bidding",
            "discard-and-refill",
            "play-and-surplus-trumps",
        )
    }
    # lesson 4's one decision of its own is the dealer's keep: its open pile is lesson 5's
    # (the sixth reviewer), shown there, no longer played in lesson 4
    assert counts.pop("discard-and-refill") == 1, counts
    assert all(n >= 2 for n in counts.values()), counts
    l1 = _moves("two-pedros")
    assert l1["a-first-trick", "t1c3"].card == "6H"  # C sees the Left Pedro beat A's K♣
    assert l1["double-means-two-fives", "t1c3"].card == "8D"  # … and the Right Pedro
    l2 = _moves("trumps-and-points")
    assert l2["left-pedro-is-trump", "t1c2"].card == "5S"  # the Left Pedro trumps (clubs)
    low = l2["low-to-the-holder", "t1c2"]  # Low stays with its holder: give it up
    assert low.card == "2D" and set(low.feedback) == {"KD", "5H"}
    l3 = _moves("deal-and-bidding")
    assert l3["a-promise-of-points", "t4c4"].card == "5H"


def test_a_leader_s_pile_offers_the_top_card_and_keeps_the_cards_beneath(tmp_path: Path) -> None:
    """A pile led by the learner: the top card is chosen, the cards beneath go with it. No
    lesson hands a leader's pile to the learner any more (the sixth reviewer: lesson 4 taught
    lesson 5's pile with it, and A♠, K♠ and Q♠ on top ended the hand the same), so the move is
    put back on a copy of lesson 4's seven-trumps hand: B leads A♠ with 4♠ beneath."""
    root = tmp_path / "lessons"
    shutil.copytree(lessons_dir(), root)
    path = root / "04-discard-and-refill.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    step = next(s for s in data["steps"] if s["id"] == "more-than-six-trumps")
    item = next(n for n in step["narration"] if n["at"] == "t1c1")
    item["your_move"] = {"seat": "B", "feedback": {"TS": text("TS")}}
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    course = load_course(root)
    assert not course.broken, course.broken
    lesson = course.lesson("discard-and-refill")
    assert lesson is not None
    pile = next(
        n.your_move for s in lesson.steps for n in s.narration if n.your_move and n.at == "t1c1"
    )
    assert isinstance(pile, YourMove)
    assert pile.card == "AS" and pile.beneath == ("4S",)
    assert "4S" not in pile.hand and set(pile.hand) == {"AS", "KS", "QS", "TS", "8S", "5S"}
    assert set(pile.legal) == set(pile.hand)  # any card may be led
    assert pile.outcomes["KS"] == TrickEnd("B", "KS", 5, ("left_pedro",))
    assert pile.outcomes["5S"].winner == "A"  # A's 7♠ beats the Right Pedro on top
    # 10♠ on top: B still wins, with as many points as A♠ (the engine plays A's 7♠ as
    # scripted), so the loader wants the lesson's words for it, and only for it
    assert set(pile.feedback) == {"TS"}


def test_lesson_five_hands_the_pile_to_the_learner() -> None:
    """Lesson 5: B, with seven trumps, plays last with a pile on C's lead of the Jack J♥; the
    top card is the learner's, 4♥ beneath. Only A♥, High, beats J♥: a scoring trump may not
    go beneath but may go on top. Every other top card gets the engine's account (C keeps the
    trick and the Jack, the Game or the Right Pedro with it)."""
    l5 = _moves("play-and-surplus-trumps")
    pile = l5["the-top-card", "t1c4"]
    assert isinstance(pile, YourMove)
    assert (pile.seat, pile.card, pile.beneath) == ("B", "AH", ("4H",))
    assert set(pile.hand) == {"AH", "TH", "9H", "5H", "3H", "2H"} and not pile.feedback
    assert pile.outcomes["AH"] == TrickEnd("B", "AH", 2, ("high", "jack"))
    assert all(pile.outcomes[c].winner == "C" for c in ("TH", "9H", "5H", "3H", "2H"))
    assert pile.outcomes["5H"].points == 6 and pile.outcomes["TH"].points == 2
    # the open pile itself is shown, not played: its first trick has no move any more
    assert not [at for (step, at) in l5 if step == "the-open-pile"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_card_under_the_partner_s_winner_is_told_the_points_first(lang: str) -> None:
    """Lesson 9: A's K♠ already wins (A♠ fell in trick 1, and D, after C, cannot beat it); C
    should drop the Left Pedro 5♣ on it. The engine's feedback for 7♠ began "7♠ is a trump,
    but it ranks below A♠" (when the example was A's A♠) — beside the point when the
    partner keeps the trick. Now it says first that the partner wins and the points are what
    count, then where the trick goes with its points, then how many more the best card puts
    on it (computed: the scripted card's trick minus this one's)."""
    t = get_translator(lang)
    move, trick, trump = _move("playing-well", "t3c3")
    assert move.card == "5C"
    for card, more in (("7S", 5), ("TS", 4)):
        said = move_feedback(t, lang, move, card, trick, trump)
        first = t(
            "{partner}, your partner, is already winning the trick with {best}: what counts "
            "now is the points you load on it.",
            partner="A",
            best="K♠",
        )
        assert said.startswith(first), said
        end = trick_end(t, move.outcomes[card])
        tail = t.n(
            "With your best card here, the trick would carry {n} more point.",
            "With your best card here, the trick would carry {n} more points.",
            more,
        )
        assert said == f"{first} {end} {tail}"


def test_a_partner_winning_for_now_but_beaten_later_keeps_the_trick_account() -> None:
    # lesson 1: A's K♥ wins for now, but D's A♥ comes after: C must trump — why Q♣ cannot
    # win is the point there, not the points loaded
    en = get_translator("en")
    move, trick, trump = _move("first-steps", "t1c3", "trumping")
    assert "QC" in move.legal and move.outcomes["QC"].winner == "D"
    said = move_feedback(en, "en", move, "QC", trick, trump)
    assert said.startswith("Q♣ is neither a trump nor of the suit led, hearts"), said

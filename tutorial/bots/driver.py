"""Playing hands and games with a bot in every seat.

:func:`play_hand` plays one hand from a seeded deal: every decision of a seat (call, trump,
keep, dealer's keep, card) is asked of that seat's bot through
:func:`tutorial.bots.decide` with only ``observe(state, seat)``; chance (the reshuffle when
the stock runs out) is drawn by the driver. Each decision is timed. The action a bot returns
is checked by the rules core before it is applied, so a faulty bot stops the hand with the
rule it broke (:class:`BotError`), never a corrupt state.

Game score: every hand is played at a game score (``play_hand(score=...)``, default a new
game's 0–0), which every seat observes; :func:`score_hand_in_game` adds a finished hand to a
:class:`~tutorial.engine.scoring.GameScore` (the engine decides made/set, the change of
score and whether the game is won: bidder goes out, target, bidders counted first);
:func:`next_dealer` passes the deal left; :func:`play_game` plays hands until the engine
says the game is won.

Everything is deterministic for a seed: the deal of hand ``deal`` of run ``seed`` comes from
:func:`deal_rng`, the reshuffles from :func:`chance_rng`, and the seeds given to the bots
from :func:`decision_seeds` — so two plays of one deal (duplicate) see the same cards and
the same chance, and a hand played in another process gives the same result.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from tutorial.engine.actions import Action, Call, DealerKeep, Keep, NameTrump, PlayCard
from tutorial.engine.legality import why_illegal
from tutorial.engine.observe import Observation, observe
from tutorial.engine.profiles import Profile
from tutorial.engine.result import HandResult, hand_result
from tutorial.engine.scoring import FRESH_GAME, GameScore
from tutorial.engine.seats import SEAT_LETTERS, TEAM_NAMES
from tutorial.engine.state import State

DecideFn = Callable[[str, Observation, int], Action]
"""``decide(bot, observation, seed) -> action``, the bots' one entry point."""

Seating = tuple[str, str, str, str]
"""The bot of each seat A, B, C, D."""

_ACTIONS = (Call, NameTrump, Keep, DealerKeep, PlayCard)


class BotError(RuntimeError):
    """A bot returned something that is not a legal action here (a bug in that bot)."""


def deal_rng(seed: int, deal: int) -> random.Random:
    """The random source of the cards of deal number ``deal`` in a run seeded ``seed``."""
    return random.Random(f"cinch-deal:{seed}:{deal}")


def chance_rng(seed: int, deal: int) -> random.Random:
    """The random source of chance (reshuffles) in deal ``deal`` of run ``seed``."""
    return random.Random(f"cinch-chance:{seed}:{deal}")


def decision_seeds(seed: int, deal: int) -> Iterator[int]:
    """The seeds handed to the bots, decision after decision, in deal ``deal``."""
    rng = random.Random(f"cinch-bots:{seed}:{deal}")
    while True:
        yield rng.getrandbits(32)


def next_dealer(dealer: int) -> int:
    """The deal passes to the left (clockwise): A → B → C → D → A."""
    return (dealer + 1) & 3


def swapped(bots: Sequence[str]) -> Seating:
    """The seating of the second table of a duplicate deal: the bots of A and C move to B
    and D and the other way round (A's bot to B, B's to A, C's to D, D's to C), so each
    partnership plays the cards the other held."""
    return (bots[1], bots[0], bots[3], bots[2])


def pairing(bots: Sequence[str], team: int) -> str:
    """The name of the bot pairing of ``team`` (0 AC, 1 BD): ``"expert+rules"`` for the
    bots of its first and second seat."""
    return f"{bots[team]}+{bots[team + 2]}"


@dataclass(frozen=True, slots=True)
class DecisionRecord:
    """One decision of a hand: who took it, in which phase, what, and how long it took."""

    seat: int
    phase: str
    action: str
    ms: float
    """Wall-clock time of the ``decide`` call."""
    cpu_ms: float = 0.0
    """CPU time of this process during the call (what it costs on one core, whatever the
    machine's load; work a bot hands to other processes is not counted)."""


@dataclass(frozen=True, slots=True)
class HandRecord:
    """A hand played by bots: the seating, the dealer, the engine's result of the hand and
    every decision with its time."""

    deal: int
    """The deal's number within its run (its cards come from ``deal_rng(seed, deal)``)."""
    table: int
    """0: the seating as given; 1: the duplicate replay with the partnerships swapped."""
    dealer: int
    dealt: tuple[int, int, int, int]
    """The nine cards dealt to each seat (masks): equal at both tables of a duplicate deal."""
    bots: Seating
    result: HandResult
    decisions: tuple[DecisionRecord, ...]
    score: tuple[int, int] = FRESH_GAME
    """The game score (AC, BD) before the hand, which the bots saw."""

    @property
    def delta(self) -> tuple[int, int]:
        """The change of each team's game score (AC, BD); a set bid counts its loss."""
        return self.result.delta


def _default_decide() -> DecideFn:
    from tutorial.bots import decide

    return decide


def play_hand(
    profile: Profile,
    dealer: int,
    bots: Sequence[str],
    seed: int,
    deal: int,
    *,
    table: int = 0,
    decide: DecideFn | None = None,
    score: tuple[int, int] = FRESH_GAME,
) -> HandRecord:
    """Play deal ``deal`` of run ``seed`` with ``bots[seat]`` in each seat and ``dealer``
    dealing, at the game score ``score`` before the hand (which every seat observes).
    Raises :class:`BotError` if a bot returns an illegal action."""
    fn = decide or _default_decide()
    seating: Seating = (bots[0], bots[1], bots[2], bots[3])
    state = State.random_deal(profile, dealer, deal_rng(seed, deal), score=score)
    chance = chance_rng(seed, deal)
    seeds = decision_seeds(seed, deal)
    decisions: list[DecisionRecord] = []
    while not state.is_terminal():
        if state.is_chance():
            state.apply(state.chance_outcome(chance))
            continue
        seat = state.to_act
        obs = observe(state, seat)
        bot_seed = next(seeds)
        cpu = time.process_time()
        start = time.perf_counter()
        action = fn(seating[seat], obs, bot_seed)
        ms = (time.perf_counter() - start) * 1000.0
        cpu_ms = (time.process_time() - cpu) * 1000.0
        _check(state, seating[seat], seat, action)
        decisions.append(DecisionRecord(seat, state.phase.value, str(action), ms, cpu_ms))
        state.apply(action)
    return HandRecord(
        deal, table, dealer, state.dealt, seating, hand_result(state), tuple(decisions), score
    )


def _check(state: State, bot: str, seat: int, action: object) -> None:
    where = f"bot {bot!r} at seat {SEAT_LETTERS[seat]} ({state.phase.value})"
    if not isinstance(action, _ACTIONS):
        raise BotError(f"{where} returned {action!r}, which is not an action")
    err = why_illegal(state, action)
    if err is not None:
        raise BotError(f"{where} returned {action}, which is illegal here: {err}")


def score_hand_in_game(game: GameScore, result: HandResult) -> GameScore:
    """The game score after one finished hand, as the engine scores it: a thrown-in hand
    (everyone passed, in profiles that allow it) changes nothing; otherwise the bidders add
    their points if they made the bid or lose the bid, the defenders add theirs, and the
    profile's game-end rule says whether someone has won (``GameScore.winner``). Raises
    ValueError if the game was already won."""
    if result.thrown_in or result.bidder is None or result.bid is None:
        if game.winner is not None:
            raise ValueError(f"the game is already won by {TEAM_NAMES[game.winner]}")
        return game
    return game.add(result.bidder & 1, result.bid, result.points)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game played by bots: its hands in order and the final score (``score.winner`` is
    None if ``max_hands`` ran out first)."""

    hands: tuple[HandRecord, ...]
    score: GameScore

    @property
    def winner(self) -> int | None:
        return self.score.winner


def play_game(
    profile: Profile,
    bots: Sequence[str],
    seed: int,
    *,
    first_dealer: int = 0,
    max_hands: int = 1000,
    decide: DecideFn | None = None,
) -> GameRecord:
    """Play one game to the profile's target: deals 0, 1, 2 … of run ``seed``, the dealer
    passing left from ``first_dealer``, until the engine's game-end rule names a winner (or
    ``max_hands`` hands were played)."""
    game = GameScore(profile)
    dealer = first_dealer
    hands: list[HandRecord] = []
    for deal in range(max_hands):
        rec = play_hand(profile, dealer, bots, seed, deal, decide=decide, score=game.totals)
        hands.append(rec)
        game = score_hand_in_game(game, rec.result)
        if game.winner is not None:
            break
        dealer = next_dealer(dealer)
    return GameRecord(tuple(hands), game)


__all__ = [
    "BotError",
    "DecideFn",
    "DecisionRecord",
    "GameRecord",
    "HandRecord",
    "Seating",
    "chance_rng",
    "deal_rng",
    "decision_seeds",
    "next_dealer",
    "pairing",
    "play_game",
    "play_hand",
    "score_hand_in_game",
    "swapped",
]

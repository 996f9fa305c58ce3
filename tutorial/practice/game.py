"""A practice game: the learner at A, bots at B, C (the learner's partner) and D, hands
played to the profile's target with the dealer rotating.

A game is plain data (:class:`Game`, saved as JSON through the progress store): the profile,
the bots' strength, the first hand's seed and, for every hand, its seed, dealer and the
actions taken in the core's notation (chance outcomes included). Everything else — the
state, whose turn it is, the score — is replayed through the rules engine, which decides
every rule (legality, scoring, game end); nothing here re-implements one.
"""

from __future__ import annotations

import hashlib
import random
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tutorial.bots.driver import next_dealer, score_hand_in_game
from tutorial.engine.actions import Action, PlayCard, parse_action
from tutorial.engine.core import apply_checked
from tutorial.engine.errors import CinchError, IllegalAction, InvalidInput, Reason
from tutorial.engine.legality import why_illegal
from tutorial.engine.observe import Observation, observe
from tutorial.engine.profiles import PROFILES, get_profile
from tutorial.engine.result import HandResult, hand_result
from tutorial.engine.scoring import GameScore
from tutorial.engine.state import CHANCE, Phase, State
from tutorial.jsonvalue import JsonObject

LEARNER = 0
"""The learner's seat: A, at the bottom of the table."""
FIRST_DEALER = 3
"""D deals the first hand, so the learner (on the dealer's left) speaks first."""
FORMAT = 1
MAX_SEED = 2**31 - 1
MAX_HANDS = 60
MAX_ACTIONS = 120


def hand_seed(first: int, number: int) -> int:
    """The seed of hand ``number`` (0-based) of a game whose first hand has seed ``first``."""
    if number == 0:
        return first
    digest = hashlib.blake2b(f"cinch-practice|{first}|{number}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") % (MAX_SEED + 1)


def new_seed() -> int:
    return random.SystemRandom().randrange(MAX_SEED + 1)


def new_game_id() -> str:
    """A game's name in the address bar (``/play?game=…``): random, never a learner code."""
    return secrets.token_hex(6)


GAME_ID = re.compile(r"[0-9a-f]{1,32}")


@dataclass
class HandRecord:
    seed: int
    dealer: int
    actions: list[str] = field(default_factory=list)
    undone: list[int] = field(default_factory=list)
    """For each undo, the index of the learner's action taken back (marked in the review)."""
    hints: list[int] = field(default_factory=list)
    """Indices of the learner's decisions for which a hint was shown."""
    hint_best: dict[int, list[str]] = field(default_factory=dict)
    """For a hint shown: its index → the hint's best set (the actions in the core's
    notation). The review labels an action in it best: what the learner was told stands,
    even where the hint's evaluation stopped at its deadline with other values."""

    def to_json(self) -> JsonObject:
        return {
            "seed": self.seed,
            "dealer": self.dealer,
            "actions": list(self.actions),
            "undone": list(self.undone),
            "hints": list(self.hints),
            "hint_best": {str(i): list(best) for i, best in sorted(self.hint_best.items())},
        }


@dataclass
class Replayed:
    """A hand replayed: its state and who took each action (CHANCE for a reshuffle)."""

    state: State
    actors: list[int]


def replay(profile: str, record: HandRecord, score: tuple[int, int] = (0, 0)) -> Replayed:
    """The hand's state after its actions, each checked by the engine (a stored game that
    does not replay raises :class:`InvalidInput` or :class:`IllegalAction`); ``score`` is
    the game score before the hand, which every seat sees."""
    rng = random.Random(record.seed)
    state = State.random_deal(get_profile(profile), record.dealer, rng, score=score)
    actors: list[int] = []
    for text in record.actions:
        actors.append(state.to_act)
        apply_checked(state, text)
    return Replayed(state, actors)


@dataclass
class Game:
    profile: str
    bots: str
    seed: int
    hands: list[HandRecord]
    id: str = field(default_factory=new_game_id)
    """The game's name in the address bar, so that F5, Back and Forward resume it."""
    link: tuple[int, int] | None = None
    """(seed, dealer) of the shared link (``/play?seed=…``) that started the game, if any."""
    _cache: dict[int, tuple[tuple[int, int, int], Replayed]] = field(
        default_factory=dict, repr=False, compare=False
    )

    # -- making and saving -----------------------------------------------------------------
    @classmethod
    def new(cls, profile: str, bots: str, seed: int | None = None) -> Game:
        get_profile(profile)  # an unknown profile is refused here
        s = new_seed() if seed is None else seed
        return cls(profile, bots, s, [HandRecord(s, FIRST_DEALER)])

    def to_json(self) -> JsonObject:
        out: JsonObject = {
            "v": FORMAT,
            "profile": self.profile,
            "bots": self.bots,
            "seed": self.seed,
            "hands": [h.to_json() for h in self.hands],
            "id": self.id,
        }
        if self.link is not None:
            out["link"] = list(self.link)
        return out

    @classmethod
    def from_json(cls, value: Any, bots_known: tuple[str, ...]) -> Game | None:
        """The game saved as ``value``, or None if it is not a valid game (it is then
        ignored, never half-loaded): every hand must replay through the engine."""
        try:
            game = cls._parse(value, bots_known)
            for i in range(len(game.hands)):
                game.replayed(i)
            game.score()
        except (CinchError, KeyError, TypeError, ValueError):
            return None
        return game

    @classmethod
    def _parse(cls, value: Any, bots_known: tuple[str, ...]) -> Game:
        if not isinstance(value, dict) or value.get("v") != FORMAT:
            raise ValueError("not a saved game")
        profile, bots, seed = value["profile"], value["bots"], value["seed"]
        if profile not in PROFILES or bots not in bots_known or not _seed_ok(seed):
            raise ValueError("bad game header")
        hands = value["hands"]
        if not isinstance(hands, list) or not 1 <= len(hands) <= MAX_HANDS:
            raise ValueError("bad hands")
        out = []
        for h in hands:
            actions, undone, hints = h["actions"], h.get("undone", []), h.get("hints", [])
            if (
                not _seed_ok(h["seed"])
                or h["dealer"] not in (0, 1, 2, 3)
                or not isinstance(actions, list)
                or len(actions) > MAX_ACTIONS
                or not all(isinstance(a, str) and len(a) < 200 for a in actions)
                or not _ints(undone)
                or not _ints(hints)
            ):
                raise ValueError("bad hand")
            best = _hint_best(h.get("hint_best", {}))
            out.append(HandRecord(h["seed"], h["dealer"], list(actions), undone, hints, best))
        game = cls(profile, bots, seed, out)
        ident = value.get("id")  # games saved before it had none: a new one
        if isinstance(ident, str) and GAME_ID.fullmatch(ident):
            game.id = ident
        link = value.get("link")
        if (
            isinstance(link, list)
            and len(link) == 2
            and _seed_ok(link[0])
            and link[1] in (0, 1, 2, 3)
        ):
            game.link = (link[0], link[1])
        return game

    # -- the current hand ------------------------------------------------------------------
    @property
    def current(self) -> HandRecord:
        return self.hands[-1]

    @property
    def number(self) -> int:
        """The current hand's number, from 1."""
        return len(self.hands)

    def replayed(self, index: int = -1) -> Replayed:
        i = index % len(self.hands)
        rec = self.hands[i]
        key = (rec.seed, rec.dealer, len(rec.actions))
        hit = self._cache.get(i)
        if hit is None or hit[0] != key:
            hit = (key, replay(self.profile, rec, self.score_before(i)))
            self._cache[i] = hit
        return hit[1]

    def score_before(self, index: int) -> tuple[int, int]:
        """The game score before hand ``index`` (the earlier hands are all finished)."""
        score = GameScore(get_profile(self.profile))
        for j in range(index):
            s = self.replayed(j).state
            if s.phase is Phase.DONE and score.winner is None:
                score = score_hand_in_game(score, hand_result(s))
        return score.totals

    def state(self) -> State:
        """The current hand's state (do not change it: act through this class)."""
        return self.replayed().state

    def observation(self, seat: int) -> Observation:
        return observe(self.state(), seat)

    def to_act(self) -> int | None:
        """Who acts in the current hand (CHANCE for a reshuffle), None when it is over."""
        s = self.state()
        return None if s.phase is Phase.DONE else s.to_act

    def learner_to_act(self) -> bool:
        return self.to_act() == LEARNER

    def _push(self, action: Action) -> None:
        self.current.actions.append(str(action))

    def act(self, action: Action, seat: int) -> IllegalAction | None:
        """``seat`` takes ``action`` if the engine allows it; otherwise the error (nothing
        changes)."""
        s = self.state()
        if s.phase is Phase.DONE:
            return _over()
        err = why_illegal(s, action, seat)
        if err is not None:
            return err
        if seat != s.to_act:
            return _over()
        self._push(action)
        return None

    def chance(self) -> None:
        """Draw the chance outcome (the reshuffled stock), seeded by the hand and the point
        where it happens (so a replayed deal reshuffles the same way)."""
        s = self.state()
        if s.to_act != CHANCE or s.phase is Phase.DONE:
            return
        rng = random.Random(f"{self.current.seed}|{len(self.current.actions)}")
        self._push(s.chance_outcome(rng))

    def mark_hint(self) -> None:
        i = len(self.current.actions)
        if i not in self.current.hints:
            self.current.hints.append(i)

    def keep_hint(self, best: Sequence[Action]) -> None:
        """Keep the best set of the hint shown for the learner's current decision (marked
        by :meth:`mark_hint`), for the review of the hand."""
        i = len(self.current.actions)
        if i in self.current.hints and best:
            self.current.hint_best[i] = [str(a) for a in best]

    def last_learner_play(self) -> int | None:
        """Index of the learner's last card in the current hand, if it may be taken back:
        not once the hand is over (it is scored, reviewed and may have won the game)."""
        if self.hand_over():
            return None
        r = self.replayed()
        for i in range(len(r.actors) - 1, -1, -1):
            action = parse_action(self.current.actions[i])
            if r.actors[i] == LEARNER and isinstance(action, PlayCard):
                return i
        return None

    def undo(self) -> bool:
        """Take back the learner's last card (and what the bots played after it)."""
        i = self.last_learner_play()
        if i is None:
            return False
        rec = self.current
        del rec.actions[i:]
        rec.undone.append(i)
        for k in [k for k in rec.hint_best if k > i]:  # positions taken back (i is the same)
            del rec.hint_best[k]
        return True

    def playing_link(self, link: tuple[int, int]) -> bool:
        """This game was started by the shared link ``link`` (seed, dealer) and its deal is
        still being played: opening the link again (F5, Back, Forward) resumes it."""
        rec = self.hands[0]
        return (
            self.link == link
            and self.number == 1
            and (rec.seed, rec.dealer) == link
            and not self.hand_over()
        )

    def replay_deal(self) -> None:
        """Play the current deal again from the start (it is not scored until it ends)."""
        rec = self.current
        self.hands[-1] = HandRecord(rec.seed, rec.dealer)

    def new_deal(self, seed: int | None = None) -> None:
        """Abandon the current hand and deal a new one (same dealer)."""
        rec = self.current
        self.hands[-1] = HandRecord(new_seed() if seed is None else seed, rec.dealer)

    # -- hands over and the score ------------------------------------------------------------
    def hand_over(self) -> bool:
        return self.state().phase is Phase.DONE

    def results(self) -> list[HandResult]:
        """The results of the finished hands (the current one included once it is over)."""
        out = []
        for i in range(len(self.hands)):
            s = self.replayed(i).state
            if s.phase is Phase.DONE:
                out.append(hand_result(s))
        return out

    def score_rows(self) -> list[tuple[HandResult, GameScore]]:
        """Each finished hand's result and the game score after it (a thrown-in hand
        scores nothing); the engine scores and decides the game end."""
        score = GameScore(get_profile(self.profile))
        out = []
        for r in self.results():
            if score.winner is None:  # hands after the game was won score nothing
                score = score_hand_in_game(score, r)
            out.append((r, score))
        return out

    def score(self) -> GameScore:
        """The game score after every finished hand."""
        rows = self.score_rows()
        return rows[-1][1] if rows else GameScore(get_profile(self.profile))

    def next_hand(self) -> bool:
        """Deal the next hand (the dealer moves left); False if the hand is not over or the
        game is won."""
        if not self.hand_over() or self.score().winner is not None:
            return False
        n = len(self.hands)
        self.hands.append(HandRecord(hand_seed(self.seed, n), next_dealer(self.current.dealer)))
        return True


def _over() -> IllegalAction:
    return IllegalAction(Reason.NOT_YOUR_TURN, "it is not this seat's turn", seat=LEARNER)


def _seed_ok(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_SEED


def _hint_best(value: Any) -> dict[int, list[str]]:
    if not isinstance(value, dict) or len(value) > MAX_ACTIONS:
        raise ValueError("bad hand")
    out = {}
    for k, v in value.items():
        if (
            not isinstance(k, str)
            or not k.isdigit()
            or not isinstance(v, list)
            or not 0 < len(v) <= 64
            or not all(isinstance(a, str) and len(a) < 200 for a in v)
        ):
            raise ValueError("bad hand")
        out[int(k)] = list(v)
    return out


def _ints(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_ACTIONS for v in value
    )


__all__ = [
    "FIRST_DEALER",
    "LEARNER",
    "Game",
    "HandRecord",
    "InvalidInput",
    "hand_seed",
    "new_seed",
    "replay",
]

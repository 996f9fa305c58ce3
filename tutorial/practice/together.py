"""Play together: a table for two to four learners, each at their own seat, bots in the
empty seats (issue 27).

A shared table is plain data kept in the store (:mod:`tutorial.store.tables`): its settings
(profile, bots' strength, whether hints are allowed, the time limit, the first hand's seed),
its seats and every action taken at it, each at its position ``(hand, pos)``. Everything else
— the state of each hand, whose turn it is, the score — is replayed through the rules engine
(:class:`tutorial.practice.game.Game` does the replaying and the scoring), so every replica
that reads the same rows sees the same table.

Who acts: the player of the seat to act, if one sits there and is present; otherwise a bot
of the table's strength (an empty seat: ``bot``; a player who left, is away or let the time
run out: ``stand-in``, until they are back). Any replica whose page sees a bot to act may
work its decision out (in the worker pool) and append it: a decision is a function of the
bot, the hand's seed and the observation, so two replicas racing propose the same action,
and the store takes only the first. A chance outcome (a reshuffle) is seeded by the hand
and the position, the same everywhere.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import unicodedata
from dataclasses import dataclass
from typing import Any

from tutorial.bots.driver import next_dealer
from tutorial.engine.actions import Action
from tutorial.engine.errors import CinchError, IllegalAction, Reason
from tutorial.engine.legality import why_illegal
from tutorial.engine.observe import Observation, observe
from tutorial.engine.profiles import PROFILES
from tutorial.engine.state import CHANCE, Phase, State
from tutorial.i18n import LANGS
from tutorial.jsonvalue import JsonObject
from tutorial.practice.game import FIRST_DEALER, MAX_SEED, Game, HandRecord, hand_seed, new_seed
from tutorial.store.tables import ActionRow, SeatRow, TableRows

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
"""A table's short code: 6 characters from 31 (no 0/O, 1/I/L to misread)."""
CODE_RE = re.compile(rf"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")
SECRET_RE = re.compile(r"[A-Za-z0-9_-]{20,40}")
NAME_MAX = 24
"""A player's name: plain text, at most this many characters."""
LIMITS = (20, 45, 90, 0)
"""The time limits a host may set for a decision, in seconds (0: none)."""
ABSENT = 12.0
"""A player not seen for this many seconds has left the table: a bot plays for them until
they come back (their page says it is there every few seconds)."""
HOLD = 10.0
"""A finished hand stays in view this many seconds, unless every player moves on sooner."""
PAUSE = 0.6
"""Seconds between an action and a bot's (or a stand-in's) next one, so players see it."""
TRICK_PAUSE = 1.5
"""Seconds a finished trick stays on the table before a bot leads the next one."""
SEATS = (0, 1, 2, 3)
HUMAN = ("human", "hinted")
"""Who took an action a player chose: ``hinted`` after a hint shown at that position."""


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def parse_code(value: object) -> str | None:
    """A table code (upper-cased, spaces and dashes dropped), or None."""
    if not isinstance(value, str) or len(value) > 20:
        return None
    code = re.sub(r"[\s-]", "", value).upper()
    return code if CODE_RE.fullmatch(code) else None


def new_secret() -> str:
    """A seat's secret: kept in its player's own address, never in the invite link."""
    return secrets.token_urlsafe(18)


def parse_secret(value: object) -> str | None:
    return value if isinstance(value, str) and SECRET_RE.fullmatch(value) else None


def secret_hash(secret: str) -> str:
    return hashlib.sha256(f"cinch-seat|{secret}".encode()).hexdigest()


def clean_name(value: object) -> str | None:
    """A player's name as plain text: control characters dropped, spaces collapsed, at most
    :data:`NAME_MAX` characters; None if nothing is left."""
    if not isinstance(value, str):
        return None
    text = "".join(c for c in value if unicodedata.category(c)[0] != "C")
    text = " ".join(text.split())[:NAME_MAX].strip()
    return text or None


@dataclass(frozen=True)
class Settings:
    profile: str
    bots: str
    hints: bool
    limit: int
    """Seconds a player has for a decision before a bot plays it for them (0: no limit)."""
    seed: int

    def to_json(self) -> JsonObject:
        return {
            "v": 1,
            "profile": self.profile,
            "bots": self.bots,
            "hints": self.hints,
            "limit": self.limit,
            "seed": self.seed,
        }

    @classmethod
    def new(
        cls, profile: str, bots: str, hints: bool, limit: int, seed: int | None = None
    ) -> Settings:
        if profile not in PROFILES:
            raise ValueError(f"unknown profile {profile!r}")
        if limit not in LIMITS:
            raise ValueError(f"a time limit is one of {LIMITS}")
        return cls(profile, bots, bool(hints), limit, new_seed() if seed is None else seed)

    @classmethod
    def from_json(cls, value: Any, bots_known: tuple[str, ...]) -> Settings | None:
        try:
            s = cls(
                str(value["profile"]),
                str(value["bots"]),
                bool(value["hints"]),
                int(value["limit"]),
                int(value["seed"]),
            )
        except (KeyError, TypeError, ValueError):
            return None
        ok = (
            value.get("v") == 1
            and s.profile in PROFILES
            and s.bots in bots_known
            and s.limit in LIMITS
            and 0 <= s.seed <= MAX_SEED
        )
        return s if ok else None


@dataclass(frozen=True)
class Due:
    """What the table waits for that no player gives: a chance outcome (``action`` set), or
    a bot's decision for ``seat`` (``by`` ``bot`` or ``stand-in``), not before ``at``."""

    hand: int
    pos: int
    seat: int
    by: str
    at: float
    action: str | None = None


class Table:
    """A shared table as read from the store at one moment (replayed by the engine)."""

    def __init__(self, code: str, settings: Settings, rows: TableRows) -> None:
        self.code = code
        self.settings = settings
        self.version = rows.version
        self.started = rows.started
        host = rows.value.get("host") if isinstance(rows.value, dict) else None
        self.host: int | None = host if host in SEATS else None
        """The seat of the player who opened the table (who starts the game)."""
        self.players: dict[int, SeatRow] = {p.seat: p for p in rows.seats if p.seat in SEATS}
        self.actions = rows.actions
        hands: dict[int, list[ActionRow]] = {}
        for a in rows.actions:
            hands.setdefault(a.hand, []).append(a)
        records = []
        dealer = FIRST_DEALER
        for i in range(max(hands, default=0) + 1):
            rows_i = hands.get(i, [])
            hints = [n for n, a in enumerate(rows_i) if a.by == "hinted"]
            best = {n: list(a.hint) for n, a in enumerate(rows_i) if a.by == "hinted" and a.hint}
            seed = hand_seed(settings.seed, i)
            records.append(
                HandRecord(seed, dealer, [a.action for a in rows_i], hints=hints, hint_best=best)
            )
            dealer = next_dealer(dealer)
        self.game = Game(settings.profile, settings.bots, settings.seed, records, id=code.lower())
        self.by = {i: [a.by for a in hands.get(i, [])] for i in range(len(records))}
        self.seats = {i: [a.seat for a in hands.get(i, [])] for i in range(len(records))}
        self.times = {i: [a.at for a in hands.get(i, [])] for i in range(len(records))}

    @classmethod
    def from_rows(cls, rows: TableRows | None, bots_known: tuple[str, ...]) -> Table | None:
        """The table in ``rows``, or None if there is none or it does not replay (a table
        that does not replay is never half-shown)."""
        if rows is None:
            return None
        settings = Settings.from_json(rows.value, bots_known)
        if settings is None:
            return None
        try:
            table = cls(rows.code, settings, rows)
            for i in range(len(table.game.hands)):
                if table.game.replayed(i).actors != table.seats[i]:
                    raise ValueError(f"hand {i}: an action is not its seat's")
            table.game.score()
        except (CinchError, KeyError, TypeError, ValueError):
            return None
        return table

    # -- where the table is ----------------------------------------------------------------
    @property
    def hand(self) -> int:
        """The current hand, 0-based (the last with actions, or the next once moved on)."""
        return len(self.game.hands) - 1

    def state(self) -> State:
        return self.game.state()

    def observation(self, seat: int) -> Observation:
        return observe(self.state(), seat)

    @property
    def pos(self) -> int:
        return len(self.game.current.actions)

    def over(self) -> bool:
        """The game is won (the last hand is over and someone reached the target)."""
        return self.game.hand_over() and self.game.score().winner is not None

    def last_at(self) -> float:
        """When the last action was taken (or the table was started)."""
        for i in range(self.hand, -1, -1):
            if self.times.get(i):
                return self.times[i][-1]
        return self.started or 0.0

    def seat_of(self, secret: str) -> int | None:
        """The seat whose secret this is, or None."""
        digest = secret_hash(secret)
        for seat, p in self.players.items():
            if secrets.compare_digest(p.secret, digest):
                return seat
        return None

    def present(self, seat: int, now: float) -> bool:
        p = self.players.get(seat)
        return p is not None and now - p.seen < ABSENT

    def humans(self, now: float) -> list[int]:
        return [s for s in SEATS if self.present(s, now)]

    def played_by(self, seat: int, now: float) -> str:
        """``human`` if the seat's player plays it now; ``bot`` for an empty seat;
        ``away`` (a bot plays for them after the time ran out) or ``gone`` (they left)."""
        p = self.players.get(seat)
        if p is None:
            return "bot"
        if not self.present(seat, now):
            return "gone"
        return "away" if p.away else "human"

    def moving_on(self, now: float) -> bool:
        """The current hand is over, the game is not, and every present player has moved
        on, or the hand has stayed in view for :data:`HOLD` seconds: the next hand starts."""
        if not self.game.hand_over() or self.over():
            return False
        everyone = all(self.players[s].ready > self.hand for s in self.humans(now))
        return everyone or now - self.last_at() >= HOLD

    def advance(self, now: float) -> Table:
        """The table as it is to be shown and played at ``now`` (the next hand dealt when
        it is time to move on)."""
        if self.moving_on(now):
            self.game.next_hand()
            self.by[self.hand] = []
            self.times[self.hand] = []
        return self

    def due(self, now: float) -> Due | None:
        """What the table waits for that no player gives now, if anything (call
        :meth:`advance` first)."""
        if self.started is None or self.game.hand_over():
            return None
        state = self.state()
        who = state.to_act
        last = self.last_at()
        if who == CHANCE:
            g = self.game
            g.chance()  # seeded by the hand and the position: the same on every replica
            action = g.current.actions.pop()
            return Due(self.hand, self.pos, CHANCE, "chance", last, action)
        pause = PAUSE
        if state.phase is Phase.PLAY and state.tricks and not state.trick_plays:
            pause = TRICK_PAUSE
        playing = self.played_by(who, now)
        if playing == "bot":
            return Due(self.hand, self.pos, who, "bot", last + pause)
        if playing in ("away", "gone"):
            return Due(self.hand, self.pos, who, "stand-in", last + pause)
        limit = self.settings.limit
        if limit > 0:
            return Due(self.hand, self.pos, who, "stand-in", max(last, self.started) + limit)
        return None

    def chosen(self, hand: int, seat: int) -> set[int]:
        """The indexes of hand ``hand``'s actions that ``seat``'s player took themselves
        (not a bot's for them)."""
        by, seats = self.by.get(hand, []), self.seats.get(hand, [])
        return {
            i for i, (b, s) in enumerate(zip(by, seats, strict=False)) if s == seat and b in HUMAN
        }

    def check(self, action: Action, seat: int) -> IllegalAction | None:
        """Why ``seat`` may not take ``action`` now (the engine's rule), or None."""
        state = self.state()
        if state.phase is Phase.DONE or self.started is None:
            return IllegalAction(Reason.NOT_YOUR_TURN, "the hand is not being played", seat=seat)
        err = why_illegal(state, action, seat)
        if err is None and seat != state.to_act:
            return IllegalAction(Reason.NOT_YOUR_TURN, "it is not this seat's turn", seat=seat)
        return err


def seat_row(seat: int, name: str, lang: str, secret: str, now: float) -> SeatRow:
    """A new player's row (their secret hashed)."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}")
    clean = clean_name(name)
    if clean is None:
        raise ValueError("a player needs a name")
    return SeatRow(seat, clean, lang, secret_hash(secret), now, False, 0)

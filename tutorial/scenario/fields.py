"""Readers for scenario fields: each returns an engine value or raises a located error."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tutorial.engine.cards import CODES, Suit, parse_index
from tutorial.engine.errors import InvalidInput
from tutorial.engine.profiles import Profile
from tutorial.engine.scoring import FRESH_GAME, check_score
from tutorial.engine.seats import SEAT_LETTERS, TEAM_NAMES, Team
from tutorial.yamldoc import Key, SourceError, Where, format_path

SEATS = SEAT_LETTERS
TEAMS = TEAM_NAMES


def mapping(
    w: Where,
    path: tuple[Key, ...],
    value: Any,
    *,
    required: Iterable[str] = (),
    optional: Iterable[str] = (),
) -> Mapping[str, Any]:
    """A mapping with exactly the ``required`` keys and any of the ``optional`` ones."""
    if value is None and not path:
        raise w.error(
            path, "the file is empty (nothing but comments or blank lines): expected a mapping"
        )
    if value is None:
        raise _missing(w, path, "a mapping")
    if not isinstance(value, Mapping):
        raise w.error(path, f"expected a mapping, not {_kind(value)}")
    req = list(required)
    allowed = [*req, *optional]
    for key in value:
        if key not in allowed:
            raise w.error(
                (*path, str(key)), f"unknown key {key!r}: expected one of {', '.join(allowed)}"
            )
    for key in req:
        if key not in value:
            raise w.error(path, f"missing key {key!r}")
    return value


def _missing(w: Where, path: tuple[Key, ...], what: str) -> SourceError:
    """The error for a value that is absent, or written but null: say which, not "unknown
    'None'"."""
    name = path[-1] if path and isinstance(path[-1], str) else None
    if w.has(path):
        head = f"{name!r} is empty (null or ~)" if name else "empty value (null or ~)"
    else:
        head = f"missing key {name!r}" if name else "missing value"
    return w.error(path, f"{head}: expected {what}")


def _kind(value: Any) -> str:
    """What a YAML value is, in the file's words."""
    names = {bool: "true/false", int: "a number", float: "a number", str: "text", list: "a list"}
    return next((n for t, n in names.items() if isinstance(value, t)), type(value).__name__)


def call(w: Where, path: tuple[Key, ...], value: Any) -> int | None:
    """A call in the bidding: ``pass`` (None) or a number. A null call (``null``, ``~`` or
    nothing) is an error, never taken for a pass."""
    if value is None:
        raise _missing(w, path, "a call: pass or a number")
    if isinstance(value, str) and value.strip().lower() == "pass":
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise w.error(path, f"expected a call: pass or a number, not {value!r}")
    return value


def seat(w: Where, path: tuple[Key, ...], value: Any) -> int:
    if value is None:
        raise _missing(w, path, "a seat A, B, C or D")
    key = value.strip().upper() if isinstance(value, str) else ""
    if len(key) == 1 and key in SEATS:
        return SEATS.index(key)
    raise w.error(path, f"expected a seat A, B, C or D, not {value!r}")


def team(w: Where, path: tuple[Key, ...], value: Any) -> int:
    if value is None:
        raise _missing(w, path, "a team AC or BD")
    if isinstance(value, str):
        v = value.strip().upper()
        for side in Team:  # a team names its two seats in either order: AC or CA
            if v in (side.label, side.label[::-1]):
                return int(side)
    raise w.error(path, f"expected a team AC or BD, not {value!r}")


def integer(w: Where, path: tuple[Key, ...], value: Any) -> int:
    if value is None:
        raise _missing(w, path, "a whole number")
    if isinstance(value, bool) or not isinstance(value, int):
        raise w.error(path, f"expected a whole number, not {value!r}")
    return value


def suit(w: Where, path: tuple[Key, ...], value: Any) -> int:
    if value is None:
        raise _missing(w, path, "a suit C, D, H or S")
    if not isinstance(value, str):
        raise w.error(path, f"expected a suit C, D, H or S, not {value!r}")
    try:
        return int(Suit.parse(str(value)))
    except InvalidInput as exc:
        raise w.error(path, str(exc)) from None


def card(w: Where, path: tuple[Key, ...], value: Any) -> int:
    if value is None:
        raise _missing(w, path, "a card code such as 5D or TH")
    if not isinstance(value, str):
        raise w.error(path, f"expected a card code such as 5D or TH, not {value!r}")
    try:
        return parse_index(value)
    except InvalidInput as exc:
        raise w.error(path, str(exc)) from None


def cards(
    w: Where,
    path: tuple[Key, ...],
    value: Any,
    *,
    count: int | None = None,
    seen: dict[int, tuple[Key, ...]] | None = None,
) -> list[int]:
    """A list of distinct cards; ``seen`` (card → where) catches repeats across lists."""
    if value is None:
        raise _missing(w, path, "a list of cards")
    if not isinstance(value, list):
        raise w.error(path, f"expected a list of cards, not {value!r}")
    if count is not None and len(value) != count:
        raise w.error(path, f"expected {count} cards, found {len(value)}")
    seen = {} if seen is None else seen
    out = []
    for i, item in enumerate(value):
        c = card(w, (*path, i), item)
        if c in seen:
            raise w.error(
                (*path, i),
                f"duplicate card {CODES[c]} (already at {format_path(w.prefix + seen[c])})",
            )
        seen[c] = (*path, i)
        out.append(c)
    return out


def team_numbers(w: Where, path: tuple[Key, ...], value: Any) -> tuple[int, int]:
    m = mapping(w, path, value, required=TEAMS)
    ac, bd = (t.label for t in Team)
    return integer(w, (*path, ac), m[ac]), integer(w, (*path, bd), m[bd])


def seat_error(w: Where, path: tuple[Key, ...], message: str, **facts: object) -> SourceError:
    return w.error(path, message, **facts)


def game_score(w: Where, m: Mapping[str, Any], profile: Profile) -> tuple[int, int]:
    """A ``hand`` scenario's optional ``score: {AC: n, BD: n}``, the game score before the
    hand (default a new game's 0–0): whole numbers, and a game still in progress."""
    if "score" not in m:
        return FRESH_GAME
    score = team_numbers(w, ("score",), m["score"])
    try:
        check_score(profile, score)
    except InvalidInput as exc:
        raise w.error(("score",), str(exc)) from None
    return score

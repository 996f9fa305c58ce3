"""The type of a JSON value the program writes: what ``to_json()`` and ``as_json()`` give,
what a worker job sends back, what ``cinch … --json`` prints and what is saved.

:data:`Json` is recursive and its containers are read-only (``Sequence``, ``Mapping``), so
a ``list[str]``, a ``tuple[int, ...]`` or a ``dict[str, int]`` is one, and ``object`` or a
dataclass is not: the type checker refuses a value ``json.dumps`` could not write.
:data:`JsonObject` is a JSON object being built (a ``dict``, so keys can be added).

Where JSON comes *in* (a saved value, a worker's answer, a YAML file's data) it is read with
checks from ``Any`` (a ``from_json(data)``), never taken to be one of these on trust.
Standard library only: every room may import it (``tests/test_architecture.py``: floor -1).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeAlias

Json: TypeAlias = "str | int | float | bool | Sequence[Json] | Mapping[str, Json] | None"
"""A JSON value: a scalar, an array (any sequence) or an object (any mapping, keys text)."""

JsonObject: TypeAlias = "dict[str, Json]"
"""A JSON object (what a ``to_json()`` of a record gives)."""

__all__ = ["Json", "JsonObject"]

"""Which double-dummy search runs: the compiled one when its build is current, else Python.

``scripts/build_fast.py`` (run by ``make``) compiles the solver's hot modules (``COMPILED``)
with mypyc — never in place: copies of them, their imports of each other renamed, become the
package ``cinch_fast`` in ``.venv/fast/`` (``CINCH_FAST_DIR`` to move it), beside a
``manifest.json`` holding the sha256 of every source the build read. :func:`new_search`
makes a search of the class chosen once per process, on first use (:func:`solver_kind` says
which):

* ``"compiled"`` — ``cinch_fast.search.Search``, when the folder exists, the manifest is of
  this format and this Python's ABI, every source's sha256 equals the manifest's (an edited
  ``.py`` is never shadowed by stale compiled code) and the extension modules import;
* ``"python"`` — :class:`tutorial.solver.search.Search` otherwise, or always when the
  environment sets ``CINCH_SOLVER=python`` (comparisons, debugging). A stale or broken
  build is never an error: one warning line on stderr, and the pure-Python solver is used.

Both compute the same values (``tests/solver/test_native.py``) and count the same nodes, so
a bot's node budget and decisions do not depend on which one runs.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import sys
import sysconfig
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import cast

from tutorial.solver import search as pure
from tutorial.solver.position import Position

COMPILED = ("search", "seats", "endgame", "piles", "trick", "tables")
"""The modules of ``tutorial/solver/`` that are compiled (``cinch_fast.NAME``)."""
TYPED_AGAINST = (
    "tutorial/solver/position.py",
    "tutorial/solver/limits.py",
    "tutorial/engine/trumps.py",
)
"""Modules the compiled ones are type-checked and compiled against (not compiled
themselves): a change there also makes the build stale."""
PACKAGE = "cinch_fast"
FORMAT = 1
ROOT = Path(__file__).resolve().parents[2]


def fast_dir(env: Mapping[str, str] = os.environ) -> Path:
    """The folder of the compiled build: ``CINCH_FAST_DIR``, else ``.venv/fast`` of the
    checkout."""
    raw = env.get("CINCH_FAST_DIR", "").strip()
    return Path(raw) if raw else ROOT / ".venv" / "fast"


def sources() -> dict[str, Path]:
    """Every source a build depends on, by its path relative to the checkout."""
    names = [f"tutorial/solver/{m}.py" for m in COMPILED] + list(TYPED_AGAINST)
    return {n: ROOT / n for n in names}


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def abi() -> str:
    """What an extension module must have been built for to load here."""
    return str(sysconfig.get_config_var("SOABI") or sys.implementation.cache_tag)


@dataclass(frozen=True)
class Choice:
    kind: str
    """``"compiled"`` or ``"python"``."""
    search: type[pure.Search]
    reason: str
    """Why the pure-Python solver is used (empty when the compiled one is)."""
    warn: bool
    """True if the reason is a build that exists but cannot be used (stale or broken)."""


def problem(folder: Path) -> tuple[str, bool]:
    """Why the build in ``folder`` cannot be used (and whether that deserves a warning), or
    ``("", False)`` if it can."""
    manifest = folder / "manifest.json"
    if not manifest.is_file():
        return f"not built ({manifest} missing; `python scripts/build_fast.py` builds it)", False
    try:
        data = json.loads(manifest.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        return f"unreadable manifest {manifest}: {e}", True
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return f"{manifest}: not a manifest of format {FORMAT}", True
    if data.get("abi") != abi():
        return f"built for {data.get('abi')!r}, this Python is {abi()!r}", True
    hashes = data.get("sources")
    if not isinstance(hashes, dict):
        return f"{manifest}: no 'sources'", True
    for name, path in sources().items():
        if hashes.get(name) != sha256(path):
            return f"stale: {name} changed since the build", True
    return "", False


def load(folder: Path) -> type[pure.Search]:
    """The compiled ``Search`` of the build in ``folder`` (raises if it does not import
    as compiled extension modules from there)."""
    entry = str(folder)
    if entry not in sys.path:
        sys.path.append(entry)  # last: the folder shadows nothing
    module = importlib.import_module(f"{PACKAGE}.search")
    where = Path(module.__file__ or "")
    if where.parent != folder / PACKAGE:
        raise ImportError(f"{PACKAGE}.search came from {where}, not from {folder}")
    if not where.name.endswith(tuple(EXTENSION_SUFFIXES)):
        raise ImportError(f"{where} is not a compiled module")
    return cast("type[pure.Search]", module.Search)


def choose(env: Mapping[str, str] = os.environ) -> Choice:
    """The search class to use under ``env`` (``CINCH_SOLVER``, ``CINCH_FAST_DIR``)."""
    wanted = env.get("CINCH_SOLVER", "").strip().lower()
    if wanted == "python":
        return Choice("python", pure.Search, "CINCH_SOLVER=python", False)
    folder = fast_dir(env)
    reason, warn = problem(folder)
    if wanted not in ("", "auto", "compiled"):
        reason, warn = f"CINCH_SOLVER={wanted[:20]!r} is not auto, compiled or python", True
    if not reason:
        try:
            return Choice("compiled", load(folder), "", False)
        except Exception as e:  # a broken build is never the learner's error
            reason, warn = f"broken build in {folder}: {type(e).__name__}: {e}", True
    return Choice("python", pure.Search, reason, warn)


_lock = threading.Lock()
_chosen: list[Choice] = []


def chosen() -> Choice:
    """The choice of this process, made on first use (one warning line on stderr if a build
    exists but cannot be used)."""
    if not _chosen:
        with _lock:
            if not _chosen:
                choice = choose()
                if choice.warn:
                    print(
                        f"cinch: compiled solver not used ({choice.reason}); using Python"
                        " (`python scripts/build_fast.py` rebuilds it)",
                        file=sys.stderr,
                    )
                _chosen.append(choice)
    return _chosen[0]


def solver_kind() -> str:
    """``"compiled"`` or ``"python"``: the search :func:`new_search` makes."""
    return chosen().kind


def why_python() -> str:
    """Why the pure-Python solver is the one used (empty if it is not)."""
    return chosen().reason


def search_class() -> type[pure.Search]:
    return chosen().search


def new_search(pos: Position) -> pure.Search:
    """A search for ``pos`` of the chosen class (see the module's documentation)."""
    return chosen().search(pos)

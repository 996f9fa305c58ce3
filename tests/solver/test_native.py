"""The compiled solver (``scripts/build_fast.py``, loaded by ``tutorial.solver.native``):
it values every card as the pure-Python one does, a stale or broken build is never used,
``CINCH_SOLVER=python`` is honoured, and under CI (``CI=true``) it is the one loaded.

Nothing slow is built here: the loader's checks run on fake build folders in ``tmp_path``;
the comparisons use the build ``make`` made (skipped, with the reason, outside CI when
there is none)."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from tests.solver.test_agreement import _small_pile_position
from tests.support.scripts import load_script
from tutorial.engine.profiles import get_profile
from tutorial.solver import native
from tutorial.solver import search as pure
from tutorial.solver.analyse import solve
from tutorial.solver.deals import random_hand_in_play, random_position
from tutorial.solver.limits import Limit
from tutorial.solver.position import Position

ROOT = Path(__file__).resolve().parents[2]
PLAYED = ("pagat-62", "classic-51")
UNDER_CI = bool(os.environ.get("CI"))  # as the other tests that never skip in CI


def _compiled() -> type[pure.Search]:
    """The compiled Search of the checkout's build; under CI its absence is a failure."""
    folder = native.fast_dir()
    reason, _ = native.problem(folder)
    if not reason:
        try:
            return native.load(folder)
        except ImportError as e:
            reason = f"broken build: {e}"
    if UNDER_CI:
        pytest.fail(f"under CI the compiled solver must be built: {reason}")
    pytest.skip(f"the compiled solver is not used: {reason}")


def _same(pos: Position, compiled: type[pure.Search]) -> None:
    fast, slow = solve(pos, compiled(pos)), solve(pos, pure.Search(pos))
    assert (fast.value, fast.actions, fast.best, fast.nodes) == (
        slow.value,
        slow.actions,
        slow.best,
        slow.nodes,
    ), pos.describe()


@pytest.mark.parametrize("profile", PLAYED)
def test_the_compiled_search_values_every_card_as_the_pure_one(profile: str) -> None:
    compiled = _compiled()
    assert compiled is not pure.Search and compiled.__module__ == "cinch_fast.search"
    rng = random.Random(f"native-{profile}")
    prof = get_profile(profile)
    for _ in range(8):  # openings after the refill
        hand, _ = random_hand_in_play(prof, rng)
        _same(Position.from_hand(hand), compiled)
    for _ in range(24):  # mid-hand, between tricks and inside them
        _same(Position.from_hand(random_position(prof, rng, 1 + rng.randrange(20))), compiled)
    piles = 0
    for _ in range(6):  # piles on the first trick
        pos = _small_pile_position(profile, rng)
        while pos.pile_size() == 0:
            pos = pos.apply(pos.legal_actions()[0])
        _same(pos, compiled)
        piles += 1
    assert piles == 6


def test_one_compiled_search_reused_across_deals_answers_as_fresh_pure_ones() -> None:
    compiled = _compiled()
    rng = random.Random("native-reuse")
    shared = None
    for i in range(16):
        pos = Position.from_hand(random_position(get_profile(PLAYED[i % 2]), rng, 4 + i))
        shared = shared or compiled(pos)
        fast, slow = solve(pos, shared), solve(pos, pure.Search(pos))
        assert (fast.value, fast.actions) == (slow.value, slow.actions)


@pytest.mark.parametrize("profile", [*PLAYED, "no-draw"])
def test_a_node_limit_stops_both_searches_at_the_same_node_with_the_same_answer(
    profile: str,
) -> None:
    """The expert's decisions under a node budget do not depend on which search runs."""
    compiled = _compiled()
    rng = random.Random(f"native-limit-{profile}")
    stopped = 0
    for i in range(6):
        hand, _ = random_hand_in_play(get_profile(profile), rng)
        pos = Position.from_hand(hand)
        limit = Limit(max_nodes=(200, 1_000, 4_000)[i % 3])
        fast, slow = solve(pos, compiled(pos), limit), solve(pos, pure.Search(pos), limit)
        assert (fast.value, fast.actions, fast.best, fast.nodes, fast.stopped) == (
            slow.value,
            slow.actions,
            slow.best,
            slow.nodes,
            slow.stopped,
        ), pos.describe()
        stopped += not fast.complete
    assert stopped >= 3


def test_under_ci_the_compiled_solver_is_the_one_loaded() -> None:
    kind, why = native.solver_kind(), native.why_python()
    if os.environ.get("CINCH_SOLVER", "").strip().lower() == "python":
        assert kind == "python"
        pytest.skip("CINCH_SOLVER=python: the pure-Python solver was asked for")
    if UNDER_CI:
        assert kind == "compiled", f"under CI the compiled solver must be loaded: {why}"
    elif kind != "compiled":
        pytest.skip(f"the compiled solver is not loaded: {why}")
    assert native.new_search(_opening()).__class__ is native.search_class()
    assert type(native.new_search(_opening())).__module__ == "cinch_fast.search"


def _opening() -> Position:
    hand, _ = random_hand_in_play(get_profile("pagat-62"), random.Random(7))
    return Position.from_hand(hand)


# -- the loader's checks, on fake build folders ---------------------------------------------
def _manifest(**changes: object) -> dict[str, object]:
    data: dict[str, object] = {
        "format": native.FORMAT,
        "abi": native.abi(),
        "sources": {n: native.sha256(p) for n, p in native.sources().items()},
    }
    data.update(changes)
    return data


def _fake(folder: Path, manifest: dict[str, object] | str) -> Path:
    """A build folder whose ``cinch_fast.search`` is plain Python (never a compiled one)."""
    pkg = folder / "cinch_fast"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "search.py").write_text("class Search:\n    pass\n")
    text = manifest if isinstance(manifest, str) else json.dumps(manifest)
    (folder / "manifest.json").write_text(text)
    return folder


@pytest.fixture
def isolated(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No cinch_fast imported nor the real build on sys.path during the test; afterwards
    the cinch_fast modules it imported are dropped and the real ones put back."""
    real = str(native.fast_dir())
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p != real])
    saved = {m: sys.modules.pop(m) for m in list(sys.modules) if _ours(m)}
    yield
    for m in [m for m in sys.modules if _ours(m)]:
        del sys.modules[m]
    sys.modules.update(saved)


def _ours(module: str) -> bool:
    return module == "cinch_fast" or module.startswith("cinch_fast.")


def test_a_build_with_current_hashes_passes_the_checks(tmp_path: Path) -> None:
    assert native.problem(_fake(tmp_path / "fast", _manifest())) == ("", False)


@pytest.mark.parametrize("rel", sorted(native.sources()))
def test_a_manifest_whose_hash_does_not_match_a_source_is_stale(tmp_path: Path, rel: str) -> None:
    manifest = _manifest()
    hashes = manifest["sources"]
    assert isinstance(hashes, dict)
    hashes[rel] = "0" * 64
    folder = _fake(tmp_path / "fast", manifest)
    reason, warn = native.problem(folder)
    assert reason == f"stale: {rel} changed since the build" and warn
    choice = native.choose({"CINCH_FAST_DIR": str(folder)})
    assert (choice.kind, choice.search, choice.warn) == ("python", pure.Search, True)


@pytest.mark.parametrize(
    ("manifest", "says"),
    [
        ("{not json", "unreadable manifest"),
        ("[]", "not a manifest of format"),
        (_manifest(format=0), "not a manifest of format"),
        (_manifest(abi="cpython-27"), "built for 'cpython-27'"),
        (_manifest(sources=None), "no 'sources'"),
    ],
)
def test_a_broken_manifest_is_refused_with_a_warning(
    tmp_path: Path, manifest: dict[str, object] | str, says: str
) -> None:
    reason, warn = native.problem(_fake(tmp_path / "fast", manifest))
    assert says in reason and warn


def test_no_build_falls_back_quietly(tmp_path: Path) -> None:
    choice = native.choose({"CINCH_FAST_DIR": str(tmp_path / "none")})
    assert (choice.kind, choice.warn) == ("python", False)
    assert choice.reason.startswith("not built")


def test_a_build_that_is_not_compiled_code_is_never_used(tmp_path: Path, isolated: None) -> None:
    folder = _fake(tmp_path / "fast", _manifest())
    choice = native.choose({"CINCH_FAST_DIR": str(folder)})
    assert (choice.kind, choice.search, choice.warn) == ("python", pure.Search, True)
    assert "not a compiled module" in choice.reason


def test_cinch_solver_python_is_honoured_and_an_unknown_value_warns(tmp_path: Path) -> None:
    folder = _fake(tmp_path / "fast", _manifest())
    choice = native.choose({"CINCH_SOLVER": "python", "CINCH_FAST_DIR": str(folder)})
    assert (choice.kind, choice.search, choice.warn) == ("python", pure.Search, False)
    odd = native.choose({"CINCH_SOLVER": "fortran", "CINCH_FAST_DIR": str(folder)})
    assert (odd.kind, odd.warn) == ("python", True) and "CINCH_SOLVER" in odd.reason


# -- end to end, in a fresh process ------------------------------------------------------------
def _solve_json(env: dict[str, str]) -> tuple[dict[str, object], str]:
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "tutorial.cli",
            "solve",
            "--json",
            "examples/solve/solve-after-two-tricks.yaml",
        ],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=True,
    )
    out = json.loads(run.stdout)
    assert isinstance(out, dict)
    return out, run.stderr


def test_cinch_solve_says_which_solver_ran_and_a_stale_build_warns_once(tmp_path: Path) -> None:
    out, err = _solve_json({"CINCH_SOLVER": "python"})
    assert out["result"]["solver"] == "python" and err == ""  # type: ignore[index]
    folder = native.fast_dir()
    if native.problem(folder)[0]:
        _compiled()  # fails under CI, else skips with the reason
    copy = tmp_path / "fast"
    shutil.copytree(folder, copy)
    out, err = _solve_json({"CINCH_FAST_DIR": str(copy), "CINCH_SOLVER": ""})
    assert out["result"]["solver"] == "compiled" and err == ""  # type: ignore[index]
    manifest = json.loads((copy / "manifest.json").read_text())
    manifest["sources"]["tutorial/solver/trick.py"] = "0" * 64
    (copy / "manifest.json").write_text(json.dumps(manifest))
    out, err = _solve_json({"CINCH_FAST_DIR": str(copy), "CINCH_SOLVER": ""})
    assert out["ok"] is True and out["result"]["solver"] == "python"  # type: ignore[index]
    assert err.splitlines() == [
        "cinch: compiled solver not used (stale: tutorial/solver/trick.py changed since the "
        "build); using Python (`python scripts/build_fast.py` rebuilds it)"
    ]
    # the choice is made on first use: importing the module (as the build script does) is quiet
    quiet = subprocess.run(
        [sys.executable, "-c", "import tutorial.solver.native, tutorial.solver.analyse"],
        cwd=ROOT,
        env={**os.environ, "CINCH_FAST_DIR": str(copy), "CINCH_SOLVER": ""},
        capture_output=True,
        text=True,
        check=True,
    )
    assert quiet.stderr == ""


# -- never in place ------------------------------------------------------------------------
def _build_script() -> ModuleType:
    return load_script("scripts/build_fast.py")


def test_the_build_renames_every_import_of_a_compiled_module() -> None:
    build = _build_script()
    for m in native.COMPILED:
        text = build.rewrite((ROOT / "tutorial" / "solver" / f"{m}.py").read_text(), m)
        for other in native.COMPILED:
            assert f"tutorial.solver.{other}" not in text, (m, other)
    assert "from cinch_fast.search import Entry, Search" in build.rewrite(
        (ROOT / "tutorial" / "solver" / "trick.py").read_text(), "trick"
    )
    with pytest.raises(SystemExit, match="imports the package"):
        build.rewrite("from tutorial.solver import search\n", "x")


def test_no_compiled_module_lies_in_the_source_tree() -> None:
    for folder in (ROOT, ROOT / "tutorial", ROOT / "scripts"):
        pattern = "*.so" if folder == ROOT else "**/*.so"
        assert not [p for p in folder.glob(pattern) if ".venv" not in p.parts], folder

"""The layering the project promises: the engine imports nothing from the UI, the content
or YAML/Babel; only the UI layer imports Streamlit."""

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "tutorial"


def imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
    return out


def test_engine_imports_only_the_standard_library_and_itself() -> None:
    for path in (PKG / "engine").glob("*.py"):
        for name in imports(path):
            top = name.split(".")[0]
            assert top in sys.stdlib_module_names or top == "tutorial", (path.name, name)
            if top == "tutorial":
                assert name.startswith("tutorial.engine"), (path.name, name)


def test_only_the_ui_layer_imports_streamlit() -> None:
    for path in [*PKG.rglob("*.py"), ROOT / "streamlit_app.py"]:
        uses = any(n.split(".")[0] == "streamlit" for n in imports(path))
        in_ui = path.is_relative_to(PKG / "ui") or path.name == "streamlit_app.py"
        assert not uses or in_ui, path


def test_yaml_is_only_ever_loaded_safely() -> None:
    for path in [*PKG.rglob("*.py"), *(ROOT / "tests").rglob("*.py")]:
        if path.name == "test_architecture.py":  # this file names what it forbids
            continue
        text = path.read_text(encoding="utf-8")
        assert "yaml.load(" not in text and "yaml.unsafe_load" not in text, path
        assert "Loader=yaml.Loader" not in text and "FullLoader" not in text, path


# -- one vocabulary -----------------------------------------------------------------------------
VOCABULARY = {PKG / "engine" / "seats.py", PKG / "engine" / "cards.py"}
"""Where seat, team and suit letters are spelled out; everything else takes them from here."""
TO_MIGRATE: set[Path] = set()
"""Modules still to move to the vocabulary (none since session 4: the practice table uses it)."""
SPELLED = {"ABCD", "CDHS", "CDAB", "♣♦♥♠", "AC", "BD", "CA", "DB"}
SEQUENCES = {("A", "B", "C", "D"), ("C", "D", "H", "S"), ("♣", "♦", "♥", "♠"), ("AC", "BD")}


def spelled_vocabulary(path: Path) -> list[tuple[int, str]]:
    """The places a module spells the seat/team/suit letters itself: a string constant such
    as ``"ABCD"``, ``"CDHS"`` or ``"AC"``, or a tuple/list of the single letters."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and node.value in SPELLED:
            out.append((node.lineno, repr(node.value)))
        elif isinstance(node, ast.Tuple | ast.List | ast.Set) and node.elts:
            items = tuple(e.value if isinstance(e, ast.Constant) else None for e in node.elts)
            if items in SEQUENCES:
                out.append((node.lineno, repr(items)))
    return out


def test_seat_team_and_suit_letters_are_spelled_only_in_the_vocabulary_modules() -> None:
    found = {
        f"{path.relative_to(ROOT)}:{line}": what
        for path in sorted(PKG.rglob("*.py"))
        if path not in VOCABULARY | TO_MIGRATE
        for line, what in spelled_vocabulary(path)
    }
    assert not found, f"use Seat/Team/Suit or SEAT_LETTERS/TEAM_NAMES/SUIT_LETTERS: {found}"


def test_the_vocabulary_check_finds_what_it_forbids(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        'a = "CDHS".index(x)\nb = "AC" if s in "AC" else "BD"\nc = ("A", "B", "C", "D")\n'
        'ok = "A and C"\n'
    )
    assert sorted(line for line, _ in spelled_vocabulary(sample)) == [1, 2, 2, 2, 3]
    assert spelled_vocabulary(PKG / "engine" / "seats.py")  # the vocabulary spells them


# -- the engine's imports ---------------------------------------------------------------------
def module_imports(path: Path) -> set[str]:
    """The ``tutorial.engine`` modules a module imports when it is loaded (imports inside
    functions, made when called, do not count: they are how a cycle is broken on purpose)."""
    out: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        names = (
            [a.name for a in node.names]
            if isinstance(node, ast.Import)
            else [node.module or ""]
            if isinstance(node, ast.ImportFrom)
            else []
        )
        out |= {n for n in names if n.startswith("tutorial.engine.")}
    return out


def test_the_engine_modules_import_each_other_without_a_cycle() -> None:
    graph = {f"tutorial.engine.{p.stem}": module_imports(p) for p in (PKG / "engine").glob("*.py")}
    assert "tutorial.engine.scoring" in graph["tutorial.engine.simulate"] | set(graph)
    assert "tutorial.engine.scoring" not in graph["tutorial.engine.profiles"]
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, f"import cycle: {' -> '.join((*path, name))}"
        if name in done:
            return
        for dep in sorted(graph.get(name, ())):
            visit(dep, (*path, name))
        done.add(name)

    for name in sorted(graph):
        visit(name, ())


def test_every_engine_module_imports_on_its_own() -> None:
    import subprocess
    import sys

    names = sorted(f"tutorial.engine.{p.stem}" for p in (PKG / "engine").glob("*.py"))
    code = (
        "import importlib, sys\n"
        f"for name in {names!r}:\n"
        "    for m in [m for m in sys.modules if m.startswith('tutorial')]:\n"
        "        del sys.modules[m]\n"
        "    importlib.import_module(name)\n"
        "print('ok')\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert out.stdout.strip() == "ok", out.stderr[-2000:]

"""The layering the project promises: the engine imports nothing from the UI, the content
or YAML/Babel; only the UI layer imports Streamlit; the package's rooms stand on floors and
import only downwards (FLOORS), and tutorial/ui/'s rooms import only what they may
(UI_MAY_IMPORT)."""

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


# -- the rooms of the package and who may import whom -------------------------------------------
FLOORS: dict[str, int] = {
    # -1: the basement — the type of a JSON value the program writes (issue 25, "Typed
    # seams"); the standard library only, so every room may name it
    "jsonvalue": -1,
    # 0: below the ground — the review schedule (FSRS), which the store's schema-3 migration
    # uses to turn Leitner boxes into cards; it imports only the JSON value type
    "review_schedule": 0,
    # 1: the ground — the rules engine and the tools everything uses
    # (addresses: the server's redirect of nested addresses, imports nothing of the package)
    **dict.fromkeys(["engine", "yamldoc", "i18n", "eta", "devserver", "store", "addresses"], 1),
    # 2: what reads scenarios, solves, explains and keeps progress
    **dict.fromkeys(["scenario", "solver", "explain", "progress", "jobs"], 2),
    # 3: lessons, drills and bots (and the store's helpers around progress)
    **dict.fromkeys(["lessons", "drills", "bots", "progress_outbox", "replicas"], 3),
    # 4: the coach (bots and the solver), mastery (lessons and progress)
    **dict.fromkeys(["coach", "mastery"], 4),
    # 5: the practice table, the mistakes to retry
    **dict.fromkeys(["practice", "mistakes"], 5),
    # 6: the two faces: the command line and the Streamlit app
    **dict.fromkeys(["cli", "ui"], 6),
}
"""The package's rooms (a sub-package or a top-level module of ``tutorial``) by floor: a room
imports only rooms of a lower floor (never one beside it or above it)."""


def all_imports(path: Path) -> set[str]:
    """Every ``tutorial`` module a file names in an import, at module level or inside a
    function (``from tutorial import x`` counts as ``tutorial.x``)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "tutorial":
                out |= {f"tutorial.{a.name}" for a in node.names}
            else:
                out.add(node.module)
    return {n for n in out if n.startswith("tutorial.")}


def room_of(path_or_module: Path | str, pkg: Path = PKG) -> str:
    if isinstance(path_or_module, Path):
        return path_or_module.relative_to(pkg).parts[0].removesuffix(".py")
    return path_or_module.split(".")[1]


def modules(pkg: Path) -> list[Path]:
    return sorted(p for p in pkg.rglob("*.py") if p.parent != pkg or p.name != "__init__.py")


def floor_violations(pkg: Path = PKG) -> list[str]:
    """The imports of a room from a room beside it or above it."""
    return sorted(
        f"{path.relative_to(pkg.parent)} -> {name}"
        for path in modules(pkg)
        for name in all_imports(path)
        if room_of(name) != room_of(path, pkg)
        and FLOORS.get(room_of(name), 99) >= FLOORS.get(room_of(path, pkg), 0)
    )


def test_every_room_of_the_package_has_a_floor() -> None:
    rooms = {room_of(p) for p in modules(PKG)}
    assert rooms == set(FLOORS), f"give each new room a floor: {sorted(rooms ^ set(FLOORS))}"


def test_a_room_imports_only_rooms_of_lower_floors() -> None:
    wrong = floor_violations()
    assert not wrong, wrong


def test_solver_bots_and_coach_read_no_yaml_and_parse_no_arguments() -> None:
    """Their commands live in tutorial/cli/: a file, its YAML and its report are the CLI's."""
    for room in ("engine", "solver", "bots", "coach"):
        for path in (PKG / room).rglob("*.py"):
            names = imports(path)
            assert "yaml" not in names and "tutorial.yamldoc" not in names, path
            assert "argparse" not in names, path


UI = PKG / "ui"
UI_ROOMS = {
    "runtime": {
        "session",
        "slots",
        "heap",
        "nodelay",
        "runtiming",
        "parts",
        "reveal",
        "reconnect",
        "mdsafe",
    },
    "table": "table/",
    "views": {"views"},
    "app": {"app"},
    "lesson": "lesson/",
    "play": "play/",
    "pages": "pages/",
}
"""The rooms of tutorial/ui/: the runtime (the session and its typed slots, timing, the heap,
the part that runs alone, markdown), drawing cards and tables, the views of lesson text and
tables, the app (the pages and the sidebar), a lesson's parts, the practice table, the
pages."""
UI_MAY_IMPORT = {
    "runtime": {"runtime"},
    "table": {"runtime", "table"},  # cardbuttons keeps its clicks through slots
    "views": {"runtime", "table"},
    "app": {"runtime", "views"},
    "lesson": {"runtime", "table", "views", "lesson"},
    "play": {"runtime", "table", "views", "app", "play"},
    "pages": {"runtime", "table", "views", "app", "lesson", "play"},
}


def ui_room(path: Path, ui: Path = UI) -> str:
    rel = path.relative_to(ui)
    for room, where in UI_ROOMS.items():
        if isinstance(where, str) and rel.parts[0] == where.rstrip("/"):
            return room
        if isinstance(where, set) and len(rel.parts) == 1 and path.stem in where:
            return room
    raise AssertionError(f"{path}: in no room of tutorial/ui/ (UI_ROOMS)")


def ui_room_of_module(name: str, ui: Path = UI) -> str:
    path = ui.joinpath(*name.split(".")[2:])
    return ui_room(path / "__init__.py" if path.is_dir() else path.with_suffix(".py"), ui)


def ui_violations(ui: Path = UI) -> list[str]:
    return sorted(
        f"{path.relative_to(ui.parent)} ({ui_room(path, ui)}) -> {name}"
        for path in sorted(ui.rglob("*.py"))
        if path.name != "__init__.py"
        for name in all_imports(path)
        if name.startswith("tutorial.ui.")
        and ui_room_of_module(name, ui) not in UI_MAY_IMPORT[ui_room(path, ui)]
    )


def test_the_ui_has_a_small_runtime_and_rooms_by_what_they_hold() -> None:
    direct = sorted(p.stem for p in UI.glob("*.py"))
    assert len(direct) <= 12, direct
    for path in UI.rglob("*.py"):
        if path.name != "__init__.py":
            ui_room(path)


def test_the_ui_rooms_import_only_what_they_may() -> None:
    wrong = ui_violations()
    assert not wrong, wrong


def test_the_rooms_check_finds_what_it_forbids(tmp_path: Path) -> None:
    pkg = tmp_path / "tutorial"
    files = {
        "engine/cards.py": "from tutorial.scenario.replay import replay\n",  # climbs up
        "lessons/model.py": "def f():\n    from tutorial.drills import model\n",  # beside
        "ui/lesson/quiz.py": "from tutorial.ui.play import flow\n",  # lesson -> play
        "ui/table/svg.py": "from tutorial.ui.views import safe_md\n",  # table -> views
        "ui/play/flow.py": "from tutorial.ui.table import svg\nfrom tutorial.engine import x\n",
        "ui/session.py": "",
        "ui/views.py": "",
    }
    for name, text in files.items():
        (pkg / name).parent.mkdir(parents=True, exist_ok=True)
        (pkg / name).write_text(text)
    assert floor_violations(pkg) == [
        "tutorial/engine/cards.py -> tutorial.scenario.replay",
        "tutorial/lessons/model.py -> tutorial.drills",
    ]
    assert ui_violations(pkg / "ui") == [
        "ui/lesson/quiz.py (lesson) -> tutorial.ui.play",
        "ui/table/svg.py (table) -> tutorial.ui.views",
    ]


# -- no import cycle anywhere -----------------------------------------------------------------
def module_name(path: Path, pkg: Path = PKG) -> str:
    parts = list(path.relative_to(pkg.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(pkg: Path = PKG) -> dict[str, set[str]]:
    """Module → the package's modules it imports: at module level or inside a function (an
    import hidden in a function still makes a loop), not under ``if TYPE_CHECKING:`` (names
    for the type checker only). ``from a.b import c`` names ``a.b.c`` when that is a module."""
    names = {module_name(p, pkg): p for p in pkg.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in names.items():
        out = _imported(ast.parse(path.read_text(encoding="utf-8")), set(names))
        out.discard(name)
        graph[name] = out
    return graph


def _imported(node: ast.AST, names: set[str]) -> set[str]:
    out: set[str] = set()
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
            continue
        if isinstance(child, ast.Import):
            out.update(a.name for a in child.names if a.name in names)
        elif isinstance(child, ast.ImportFrom) and child.module:
            for a in child.names:
                sub = f"{child.module}.{a.name}"
                if sub in names:
                    out.add(sub)
                elif child.module in names:
                    out.add(child.module)
        out |= _imported(child, names)
    return out


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import loops of ``graph`` (each strongly connected group of two or more)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = [stack.pop()]
            while group[-1] != v:
                group.append(stack.pop())
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return found


def test_no_module_of_the_package_imports_itself_back() -> None:
    assert cycles(import_graph()) == []


def test_the_cycle_check_sees_an_import_hidden_in_a_function(tmp_path: Path) -> None:
    pkg = tmp_path / "tutorial"
    (pkg / "engine").mkdir(parents=True)
    (pkg / "engine" / "a.py").write_text("from tutorial.engine.b import x\n")
    (pkg / "engine" / "b.py").write_text("def f():\n    from tutorial.engine import a\n")
    (pkg / "engine" / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from tutorial.engine import d\n"
    )
    (pkg / "engine" / "d.py").write_text("from tutorial.engine import c\n")
    assert cycles(import_graph(pkg)) == [["tutorial.engine.a", "tutorial.engine.b"]]


def test_the_session_is_read_and_written_only_through_slots() -> None:
    """One typed accessor for session state (issue 25): ``st.session_state`` is touched only
    in ``tutorial/ui/slots.py``; everywhere else a value is a named slot. Failed before on
    26 uses (the practice review's job, the shared table's pickers, the card buttons' click,
    the reconnect check)."""
    found = []
    for path in sorted(PKG.rglob("*.py")):
        if path == UI / "slots.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "session_state":
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []


def test_the_json_value_type_imports_only_the_standard_library() -> None:
    """``tutorial/jsonvalue.py`` is the basement (floor -1): every room may name its types."""
    for name in imports(PKG / "jsonvalue.py"):
        assert name.split(".")[0] in sys.stdlib_module_names, name


# -- typed seams (issue 25) ---------------------------------------------------------------------
JSON_ENTERS = {
    "cli/report.py": "the file's expect mapping, as its YAML gives it (checked to be a mapping)",
    "store/spool.py": "a spooled write's arguments, read back from the spool file (checked)",
}
"""Where ``dict[str, Any]`` may stay besides a ``from_json(data)``'s argument: JSON (or YAML)
coming in, read with checks."""


def untyped_dicts(pkg: Path = PKG) -> list[str]:
    """Every ``dict[str, Any]`` of the package that is not where JSON enters: neither the
    ``data`` of a ``from_json`` nor in a module of :data:`JSON_ENTERS` (once there)."""
    found: list[str] = []
    for path in sorted(pkg.rglob("*.py")):
        rel = path.relative_to(pkg).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        entering: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name == "from_json":
                entering |= {id(a.annotation) for a in node.args.args if a.arg == "data"}
        spots = [
            node.lineno
            for node in ast.walk(tree)
            if isinstance(node, ast.Subscript)
            and ast.unparse(node) == "dict[str, Any]"
            and id(node) not in entering
        ]
        allowed = 1 if rel in JSON_ENTERS else 0
        found += [f"{rel}:{line}" for line in sorted(spots)[allowed:]]
    return found


def test_dict_str_any_is_left_only_where_json_enters() -> None:
    """What the program writes is ``tutorial.jsonvalue.Json``/``JsonObject``; a value of
    several fields is a frozen dataclass. 106 before issue 25's typed seams, 11 after."""
    assert untyped_dicts() == []


def test_the_typed_seams_check_finds_what_it_forbids(tmp_path: Path) -> None:
    pkg = tmp_path / "tutorial"
    (pkg / "store").mkdir(parents=True)
    (pkg / "a.py").write_text(
        "class A:\n    @classmethod\n    def from_json(cls, data: dict[str, Any]) -> A: ...\n"
        "    def to_json(self) -> dict[str, Any]: ...\n"
    )
    (pkg / "store" / "spool.py").write_text("x: dict[str, Any]\ny: dict[str, Any]\n")
    assert untyped_dicts(pkg) == ["a.py:4", "store/spool.py:2"]

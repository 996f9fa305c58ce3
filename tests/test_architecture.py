"""The layering the project promises: the engine imports nothing from the UI, the content
or YAML/Babel; only the UI layer imports Streamlit."""

import ast
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
            assert top in {
                "__future__",
                "collections",
                "dataclasses",
                "enum",
                "functools",
                "operator",
                "random",
                "time",
                "typing",
                "tutorial",
            }, (path.name, name)
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

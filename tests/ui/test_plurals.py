"""Every count in interface text goes through plural forms (``t.n``), never ``t("{n} cards")``."""

import ast
import re
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "tutorial" / "ui"
COUNTED = re.compile(
    r"\{\w+\}\s+(?:of\s+\{\w+\}\s+)?"
    r"(cards|tricks|points|questions|steps|tries|trumps|hands|moments|puzzles|attempts)\b"
)


def test_no_count_in_ui_text_bypasses_plural_forms() -> None:
    found = []
    for path in sorted(UI.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and (
                    (isinstance(node.func, ast.Name) and node.func.id == "t")
                    or (isinstance(node.func, ast.Attribute) and node.func.attr == "t")
                )
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
                and COUNTED.search(node.args[0].value)
            ):
                found.append(f"{path.name}:{node.lineno} {node.args[0].value!r}")
    assert not found, found

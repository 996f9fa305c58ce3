"""Every widget has a stable key, so relabelling it in another language never resets it."""

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "tutorial" / "ui"
WIDGETS = {
    "button",
    "checkbox",
    "toggle",
    "radio",
    "selectbox",
    "multiselect",
    "pills",
    "segmented_control",
    "number_input",
    "text_input",
    "text_area",
    "slider",
    "form_submit_button",
    "form",
}


def test_every_widget_call_in_the_ui_has_a_key() -> None:
    missing = []
    for path in UI.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in WIDGETS
            ):
                if node.func.attr == "form":
                    named = any(kw.arg == "key" for kw in node.keywords) or node.args
                else:
                    named = any(kw.arg == "key" for kw in node.keywords)
                if not named:
                    missing.append(f"{path.name}:{node.lineno} {node.func.attr}")
    assert not missing, missing

"""The navigation's and the home page's icons come from the icon font Streamlit serves with the
app (``:material/…:``), not from emoji: an emoji needs a colour-emoji font on the learner's
system, and without one (Debian's Chromium, many Linux desktops) every icon was an empty box."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def icons(path: Path) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.keyword)
            and node.arg == "icon"
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            out.append((node.lineno, node.value.value))
    return out


@pytest.mark.parametrize("name", ["tutorial/ui/app.py", "tutorial/ui/pages/home.py"])
def test_page_and_link_icons_are_from_the_bundled_font(name: str) -> None:
    found = icons(ROOT / name)
    assert found, f"{name}: no icon= found (the test reads the wrong file?)"
    emoji = [(line, icon) for line, icon in found if not icon.startswith(":material/")]
    assert not emoji, f"{name}: emoji icons {emoji}"

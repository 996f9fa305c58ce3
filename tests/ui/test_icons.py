"""Icons come from the icon font Streamlit serves with the app (``:material/…:``), not from
emoji or the media-control symbols (⏮ ⏭ ⏸): those need a font the learner's system may not
have, and without one (Debian's Chromium, many Linux desktops) each was an empty box."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UI = sorted((ROOT / "tutorial" / "ui").rglob("*.py"))
# emoji and pictographs, dingbat emoji, the media-control block (⏩–⏺); ▶ ◀ ↶ are in text fonts
NEEDS_A_SYMBOL_FONT = re.compile("[\U0001f000-\U0001faff\u23e9-\u23fa\u2705\u2753\u26a0\u2139]")


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


def test_every_icon_is_from_the_bundled_font() -> None:
    found = {p.relative_to(ROOT).as_posix(): icons(p) for p in UI}
    assert sum(map(len, found.values())) > 20, (
        "too few icon= found: the test reads the wrong files?"
    )
    emoji = {
        name: [(line, icon) for line, icon in got if not icon.startswith(":material/")]
        for name, got in found.items()
    }
    assert not {k: v for k, v in emoji.items() if v}


@pytest.mark.parametrize("lang", ["en", "es", "pt", "fr"])
def test_no_catalog_text_needs_a_symbol_font(lang: str) -> None:
    po = (ROOT / "locales" / lang / "LC_MESSAGES" / "messages.po").read_text(encoding="utf-8")
    bad = sorted({line for line in po.splitlines() if NEEDS_A_SYMBOL_FONT.search(line)})
    assert not bad, bad

"""Issue 25: README is for a newcomer (at most 300 lines) and NOTES.md a map (at most 400),
not diaries. Failed before: a bad edit of session 13 (a replace with an empty pattern) wrote
NOTES.md out to 446,034 lines and nothing noticed."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(("name", "most"), [("README.md", 300), ("NOTES.md", 400)])
def test_the_front_pages_stay_short(name: str, most: int) -> None:
    text = (ROOT / name).read_text(encoding="utf-8")
    lines = text.splitlines()
    assert len(lines) <= most, f"{name}: {len(lines)} lines (at most {most})"
    assert max(len(x) for x in lines) <= 500, f"{name}: a line over 500 characters"

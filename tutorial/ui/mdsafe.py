"""Markdown that cannot reach out: lesson text and quoted file content, made safe to render.

- :func:`safe_md` — lesson text (Markdown allowed): raw HTML is shown as text; an image is
  replaced by its description unless the project ships it (it ships none today, and the app
  serves no static files), so a translator's text can never make the learner's browser load
  a remote URL; links to ``data:``, ``javascript:`` and ``vbscript:`` keep only their text.
- :func:`plain_md` — text that must appear exactly as written (a problem that quotes a
  file's content): every Markdown character is escaped, so nothing in it is rendered.
"""

from __future__ import annotations

import re

SHIPPED_IMAGES: frozenset[str] = frozenset()
"""Image addresses the project ships and serves; only these may appear in lesson text."""

_HTML = str.maketrans({"<": "&lt;", ">": "&gt;"})
_IMAGE = re.compile(r"!\[((?:[^\[\]\\]|\\.)*)\]\(\s*([^()\s]*(?:\([^()]*\)[^()\s]*)*)[^)]*\)")
_BAD_SCHEME = r"\s*(?:data|javascript|vbscript)\s*:"
_BAD_LINK = re.compile(
    r"\[((?:[^\[\]\\]|\\.)*)\]\((?=" + _BAD_SCHEME + r")(?:[^()]|\([^()]*\))*\)?", re.I
)
_BAD_DEFINITION = re.compile(r"^ {0,3}\[[^\]]+\]:(?=" + _BAD_SCHEME + r").*$", re.I | re.M)
_SPECIAL = re.compile(r"([\\`*_\[\]<>!|~$&#])")
"""Characters that can start Markdown (or Streamlit's ``:color[…]``, ``$math$``) syntax."""


def _image(m: re.Match[str]) -> str:
    alt, url = m.group(1), m.group(2)
    return m.group(0) if url in SHIPPED_IMAGES else alt


def safe_md(text: str) -> str:
    """Lesson Markdown without raw HTML, remote images or script/data links."""
    out = _IMAGE.sub(_image, text.translate(_HTML))
    out = out.replace("![", "!\\[")  # what is left (reference-style images) stays text
    out = _BAD_LINK.sub(lambda m: m.group(1), out)
    return _BAD_DEFINITION.sub("", out)


def plain_md(text: str) -> str:
    """``text`` exactly as written: every character Markdown would read is escaped."""
    return _SPECIAL.sub(r"\\\1", text).replace("\n", "  \n")

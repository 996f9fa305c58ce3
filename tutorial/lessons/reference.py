"""The rules reference (per profile) and the glossary, from ``lessons/reference.yaml`` and
``lessons/glossary.yaml``: same safe loading, same located errors as the lessons."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tutorial.engine.profiles import PROFILES
from tutorial.lessons.loader import _id, _keys, _text, lessons_dir
from tutorial.lessons.model import Text
from tutorial.yamldoc import SourceError, Where, YamlDoc


@dataclass(frozen=True)
class Section:
    id: str
    title: Text
    text: Text
    decided: tuple[Text, ...] = ()


@dataclass(frozen=True)
class ProfileRules:
    profile: str
    title: Text
    summary: Text
    sections: tuple[Section, ...]


@dataclass(frozen=True)
class Term:
    id: str
    term: Text
    definition: Text


def load_reference(root: Path | None = None) -> dict[str, ProfileRules]:
    """Every profile's rules. Raises :class:`SourceError` naming file, line and key."""
    root = lessons_dir() if root is None else root
    doc = YamlDoc.load(root / "reference.yaml", f"{root.name}/reference.yaml")
    w = Where(doc)
    top = _keys(w, (), doc.data, ("profiles",))
    profiles = top["profiles"]
    if not isinstance(profiles, Mapping) or not profiles:
        raise w.error(("profiles",), "expected a mapping of profile name → rules")
    out = {}
    for name, body in profiles.items():
        if name not in PROFILES:
            raise w.error(("profiles", name), f"unknown profile {name!r}")
        path = ("profiles", name)
        m = _keys(w, path, body, ("title", "summary", "sections"))
        seen: set[str] = set()
        sections = []
        raw = m["sections"]
        if not isinstance(raw, list) or not raw:
            raise w.error((*path, "sections"), "expected a list of sections")
        for i, sec in enumerate(raw):
            sp = (*path, "sections", i)
            sm = _keys(w, sp, sec, ("id", "title", "text"), ("decided",))
            decided: list[Any] = sm.get("decided") or []
            if not isinstance(decided, list):
                raise w.error((*sp, "decided"), "expected a list of texts")
            sections.append(
                Section(
                    _id(w, (*sp, "id"), sm["id"], seen, "section"),
                    _text(w, (*sp, "title"), sm["title"]),
                    _text(w, (*sp, "text"), sm["text"]),
                    tuple(_text(w, (*sp, "decided", j), d) for j, d in enumerate(decided)),
                )
            )
        out[name] = ProfileRules(
            name,
            _text(w, (*path, "title"), m["title"]),
            _text(w, (*path, "summary"), m["summary"]),
            tuple(sections),
        )
    return out


def load_glossary(root: Path | None = None) -> tuple[Term, ...]:
    root = lessons_dir() if root is None else root
    doc = YamlDoc.load(root / "glossary.yaml", f"{root.name}/glossary.yaml")
    w = Where(doc)
    top = _keys(w, (), doc.data, ("terms",))
    raw = top["terms"]
    if not isinstance(raw, list) or not raw:
        raise w.error(("terms",), "expected a list of terms")
    seen: set[str] = set()
    terms = []
    for i, item in enumerate(raw):
        m = _keys(w, ("terms", i), item, ("id", "term", "definition"))
        terms.append(
            Term(
                _id(w, ("terms", i, "id"), m["id"], seen, "term"),
                _text(w, ("terms", i, "term"), m["term"]),
                _text(w, ("terms", i, "definition"), m["definition"]),
            )
        )
    return tuple(terms)


__all__ = ["ProfileRules", "Section", "SourceError", "Term", "load_glossary", "load_reference"]

"""YAML documents that remember where each value came from.

The data is read with ``yaml.safe_load`` only; the same text is composed (also with the safe
loader) into a node tree that gives the line of any key path, so an error can name the file,
the line and the key: ``lessons/02.yaml:41: steps[2].scenario.cards[1]: unknown card 'XZ'``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

Key = str | int
KeyPath = tuple[Key, ...]


def format_path(path: Sequence[Key]) -> str:
    """``("steps", 2, "text")`` → ``steps[2].text``."""
    out = ""
    for k in path:
        out += f"[{k}]" if isinstance(k, int) else (f".{k}" if out else str(k))
    return out or "(top)"


class SourceError(Exception):
    """A problem located in a source file: ``file:line: key: message``."""

    def __init__(
        self, file: str, line: int | None, path: Sequence[Key], message: str, **facts: object
    ) -> None:
        self.file = file
        self.line = line
        self.path = tuple(path)
        self.message = message
        self.facts = facts
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: {format_path(path)}: {message}")

    def as_dict(self) -> dict[str, object]:
        return {
            "file": self.file,
            "line": self.line,
            "key": format_path(self.path),
            "message": self.message,
            **self.facts,
        }


@dataclass(frozen=True)
class YamlDoc:
    """A parsed YAML file: ``data`` (plain Python values) and the lines of its nodes."""

    file: str
    data: Any
    root: yaml.Node | None

    @classmethod
    def parse(cls, text: str, file: str) -> YamlDoc:
        """Parse ``text``; a syntax error becomes a :class:`SourceError` with its line."""
        try:
            data = yaml.safe_load(text)
            root = yaml.compose(text, Loader=yaml.SafeLoader)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
            line = mark.line + 1 if mark is not None else None
            problem = getattr(exc, "problem", None) or str(exc)
            raise SourceError(file, line, (), f"not valid YAML: {problem}") from None
        return cls(file, data, root)

    @classmethod
    def load(cls, path: Path, display: str | None = None) -> YamlDoc:
        name = display or str(path)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise SourceError(name, None, (), "file not found") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise SourceError(name, None, (), f"cannot read the file: {exc}") from None
        return cls.parse(text, name)

    def line(self, path: Sequence[Key]) -> int | None:
        """1-based line of the deepest node along ``path`` that exists."""
        node = self.root
        if node is None:
            return None
        best = node.start_mark.line + 1
        for key in path:
            nxt: yaml.Node | None = None
            if isinstance(node, yaml.MappingNode):
                for k, v in node.value:
                    if isinstance(k, yaml.ScalarNode) and k.value == str(key):
                        nxt = v
                        best = k.start_mark.line + 1
                        break
            elif (
                isinstance(node, yaml.SequenceNode)
                and isinstance(key, int)
                and 0 <= key < len(node.value)
            ):
                nxt = node.value[key]
            if nxt is None:
                break
            node = nxt
            best = node.start_mark.line + 1
        return best

    def error(self, path: Sequence[Key], message: str, **facts: object) -> SourceError:
        return SourceError(self.file, self.line(path), path, message, **facts)


@dataclass(frozen=True)
class Where:
    """A place inside a document: errors found below it are reported with full paths."""

    doc: YamlDoc
    prefix: KeyPath = ()

    def error(self, path: Sequence[Key], message: str, **facts: object) -> SourceError:
        return self.doc.error((*self.prefix, *path), message, **facts)

    def below(self, *path: Key) -> Where:
        return Where(self.doc, (*self.prefix, *path))

"""YAML documents that remember where each value came from, read safely and within limits.

A file is read once, as plain UTF-8 text from a regular file of bounded size, parsed once
with PyYAML's C parser where it has one (its pure-Python parser otherwise), composed into a
node tree by :func:`_compose` below and constructed with the *safe* constructor only. While
composing, every limit is enforced: nesting depth, the number of values once aliases are
expanded (a "billion laughs" file is refused in milliseconds), scalar length, digits of a
number, duplicate keys, circular and unknown aliases, a single document. Every problem is a
:class:`SourceError` naming the file, the line and the key:
``lessons/02.yaml:41: steps[2].scenario.cards[1]: unknown card 'XZ'``.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import yaml

Key = str | int
KeyPath = tuple[Key, ...]

MAX_BYTES = 1_048_576
"""Largest file read (the biggest shipped file, reference.yaml, is under 100 KB)."""
MAX_DEPTH = 40
"""Deepest nesting of lists and mappings (lessons use about 8)."""
MAX_VALUES = 200_000
"""Most values in one document, counting every alias as a full copy of what it names."""
MAX_SCALAR = 20_000
"""Longest single value, in characters."""
MAX_DIGITS = 30
"""Longest number, in characters (Python refuses to read integers past 4,300 digits)."""
MAX_MESSAGE = 400
"""Error messages quote the file's values; past this length they are cut."""

_LOADER: type[Any] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_STR = "tag:yaml.org,2002:str"
_MERGE = "tag:yaml.org,2002:merge"
_SURROGATE = re.compile("[\ud800-\udfff]")
_SIMPLE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def format_path(path: Sequence[Key]) -> str:
    """``("steps", 2, "text")`` → ``steps[2].text``; odd keys are quoted: ``expect["a.b"]``."""
    out = ""
    for k in path:
        if isinstance(k, int) and not isinstance(k, bool):
            out += f"[{k}]"
        elif isinstance(k, str) and _SIMPLE_KEY.match(k):
            out += f".{k}" if out else k
        else:
            text = k if isinstance(k, str) else repr(k)
            out += f"[{json.dumps(text[:60], ensure_ascii=False)}]"
    return out or "(top)"


def _cut(text: str, limit: int = MAX_MESSAGE) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class SourceError(Exception):
    """A problem located in a source file: ``file:line: key: message``."""

    def __init__(
        self, file: str, line: int | None, path: Sequence[Key], message: str, **facts: object
    ) -> None:
        self.file = file
        self.line = line
        self.path = tuple(path)
        self.message = _cut(message)
        self.facts = facts
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: {format_path(path)}: {self.message}")

    def as_dict(self) -> dict[str, object]:
        return {
            "file": self.file,
            "line": self.line,
            "key": format_path(self.path),
            "message": self.message,
            **self.facts,
        }


T = TypeVar("T")

INTERNAL_ERROR = "internal_error"
"""The ``reason`` of a :class:`SourceError` that is a bug of ours, not the file's fault."""


def located(file: str, work: Callable[[], T]) -> T:
    """``work()``, reading ``file``; a bug of ours in it (any exception but a
    :class:`SourceError`) becomes a located internal error of ``file`` (``reason``
    :data:`INTERNAL_ERROR`, the exception as its ``__cause__``), so a report or a page says
    so and goes on, never a traceback. The command line's reports, the course and the
    app's reference pages read their files through here."""
    try:
        return work()
    except SourceError:
        raise
    except Exception as exc:  # broad on purpose: the one net for our own bugs while reading
        message = f"internal error ({type(exc).__name__}: {exc})"
        raise SourceError(file, None, (), message, reason=INTERNAL_ERROR) from exc


def is_internal(exc: SourceError) -> bool:
    return exc.facts.get("reason") == INTERNAL_ERROR


# -- reading the file -------------------------------------------------------------------------
def read_text(path: Path, name: str) -> str:
    """The text of a regular UTF-8 file of at most :data:`MAX_BYTES`, or a located error.
    Never blocks on a pipe or device: only regular files are opened, without waiting."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise SourceError(name, None, (), "file not found") from None
    except OSError as exc:
        raise SourceError(name, None, (), f"cannot read the file: {exc.strerror}") from None
    if stat.S_ISDIR(info.st_mode):
        raise SourceError(name, None, (), "this is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise SourceError(
            name, None, (), "not a regular file (a pipe, device or socket); give a plain file"
        )
    if info.st_size > MAX_BYTES:
        raise SourceError(
            name, None, (), f"the file has {info.st_size:,} bytes; at most {MAX_BYTES:,} are read"
        )
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise SourceError(name, None, (), f"cannot read the file: {exc.strerror}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # replaced between stat and open
            raise SourceError(name, None, (), "not a regular file; give a plain file")
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise SourceError(name, None, (), f"cannot read the file: {exc.strerror}") from None
    finally:
        os.close(fd)
    if len(data) > MAX_BYTES:
        raise SourceError(name, None, (), f"the file has more than {MAX_BYTES:,} bytes")
    return decode(data, name)


def decode(data: bytes, name: str) -> str:
    """UTF-8 text (a UTF-8 byte order mark is allowed), or an error with the line."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise SourceError(name, 1, (), "the file is UTF-16 (or UTF-32) text; save it as UTF-8")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    if not data.strip():
        raise SourceError(name, 1, (), "the file is empty")
    nul = data.find(b"\0")
    if nul >= 0:
        line = data.count(b"\n", 0, nul) + 1
        raise SourceError(name, line, (), "a NUL byte: this is not a UTF-8 text file")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise SourceError(
            name, line, (), f"not UTF-8 text (byte {data[exc.start]:#04x}); save it as UTF-8"
        ) from None


# -- composing within limits ------------------------------------------------------------------
class _Frame:
    __slots__ = ("height", "key", "keys", "node", "size")

    def __init__(self, node: yaml.CollectionNode) -> None:
        self.node = node
        self.size = 1
        self.height = 1
        self.key: yaml.Node | None = None
        self.keys: dict[tuple[str, str], int] = {}


def _line(mark: Any) -> int | None:
    return int(mark.line) + 1 if mark is not None else None


def _where(stack: list[_Frame]) -> KeyPath:
    """The key path of the value being composed (for an error message)."""
    out: list[Key] = []
    for f in stack:
        if isinstance(f.node, yaml.SequenceNode):
            out.append(len(f.node.value))
        elif isinstance(f.key, yaml.ScalarNode):
            out.append(f.key.value)
        else:
            break
    return tuple(out)


def _compose(loader: Any, file: str) -> yaml.Node | None:
    """One document's node tree, built from the parser's events with every limit checked."""

    def fail(mark: Any, message: str) -> SourceError:
        return SourceError(file, _line(mark), _where(stack), message)

    loader.get_event()  # stream start
    if loader.check_event(yaml.StreamEndEvent):
        return None
    loader.get_event()  # document start
    anchors: dict[str, yaml.Node] = {}
    measured: dict[int, tuple[int, int]] = {}  # id(node) → (values, height), when complete
    stack: list[_Frame] = []
    root: yaml.Node | None = None
    while True:
        ev: Any = loader.get_event()
        start: Any = getattr(ev, "start_mark", None)
        end: Any = getattr(ev, "end_mark", None)
        anchor: Any = getattr(ev, "anchor", None)
        node: yaml.Node
        if isinstance(ev, yaml.DocumentEndEvent):
            break
        if isinstance(ev, yaml.AliasEvent):
            target = anchors.get(anchor)
            if target is None:
                raise fail(ev.start_mark, f"unknown alias *{ev.anchor} (no &{ev.anchor} before it)")
            if id(target) not in measured:
                raise fail(
                    ev.start_mark, f"circular alias: *{ev.anchor} is inside the value it names"
                )
            node = target
            size, height = measured[id(target)]
        elif isinstance(ev, yaml.ScalarEvent):
            value = ev.value
            if len(value) > MAX_SCALAR:
                raise fail(ev.start_mark, f"a value of more than {MAX_SCALAR:,} characters")
            if _SURROGATE.search(value):
                raise fail(ev.start_mark, "a lone surrogate (\\ud800-\\udfff) is not a character")
            tag = ev.tag
            if tag is None or tag == "!":
                tag = loader.resolve(yaml.ScalarNode, value, ev.implicit)
            node = yaml.ScalarNode(tag, value, start, end, style=ev.style)
            if tag in (_INT, _FLOAT) and len(value) > MAX_DIGITS:
                raise fail(ev.start_mark, f"a number of more than {MAX_DIGITS} characters")
            if tag not in (_STR, _MERGE):
                try:  # constructed now, so a bad date or base64 is reported at its line
                    loader.construct_object(node)
                except (
                    yaml.YAMLError,
                    ValueError,  # int(), float(), a date, base64 (binascii.Error)
                    TypeError,
                    KeyError,  # !!bool on a word that is no boolean
                    AttributeError,  # !!timestamp on a value that is no date
                    OverflowError,
                ) as exc:  # PyYAML's constructors raise what the value's parser raises
                    problem = getattr(exc, "problem", None) or str(exc)
                    raise fail(ev.start_mark, f"cannot read {value!r}: {problem}") from None
            size, height = 1, 0
            if ev.anchor is not None:
                anchors[ev.anchor] = node
                measured[id(node)] = (1, 0)
        elif isinstance(ev, yaml.SequenceStartEvent | yaml.MappingStartEvent):
            if len(stack) >= MAX_DEPTH:
                raise fail(ev.start_mark, f"nested more than {MAX_DEPTH} levels deep")
            is_seq = isinstance(ev, yaml.SequenceStartEvent)
            kind = yaml.SequenceNode if is_seq else yaml.MappingNode
            tag = ev.tag
            if tag is None or tag == "!":
                tag = loader.resolve(kind, None, ev.implicit)
            node = kind(tag, [], start, None, flow_style=ev.flow_style)
            if ev.anchor is not None:
                anchors[ev.anchor] = node
            stack.append(_Frame(node))
            continue
        elif isinstance(ev, yaml.SequenceEndEvent | yaml.MappingEndEvent):
            frame = stack.pop()
            node = frame.node
            node.end_mark = end
            size, height = frame.size, frame.height
            measured[id(node)] = (size, height)
        else:  # pragma: no cover - the parser emits nothing else inside a document
            raise fail(getattr(ev, "start_mark", None), f"unexpected {type(ev).__name__}")
        if not stack:
            root = node
            continue
        parent = stack[-1]
        parent.size += size
        parent.height = max(parent.height, height + 1)
        if sum(f.size for f in stack) > MAX_VALUES:
            raise fail(
                ev.start_mark,
                f"more than {MAX_VALUES:,} values once aliases are expanded "
                "(an alias bomb, or a file far too large)",
            )
        if len(stack) + height > MAX_DEPTH:
            raise fail(ev.start_mark, f"nested more than {MAX_DEPTH} levels deep (via an alias)")
        if isinstance(parent.node, yaml.SequenceNode):
            parent.node.value.append(node)
        elif parent.key is None:
            parent.key = node
            if isinstance(node, yaml.ScalarNode) and node.tag != _MERGE:
                k = (node.tag, node.value)
                first = parent.keys.get(k)
                if first is not None:
                    raise fail(
                        node.start_mark, f"duplicate key {node.value!r} (first at line {first})"
                    )
                parent.keys[k] = node.start_mark.line + 1
        else:
            parent.node.value.append((parent.key, node))
            parent.key = None
    if not loader.check_event(yaml.StreamEndEvent):
        ev = loader.get_event()
        raise fail(ev.start_mark, "more than one YAML document (a second '---' line?)")
    return root


def _yaml_error(exc: yaml.YAMLError, file: str, text: str) -> SourceError:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    line = _line(mark)
    position = getattr(exc, "position", None)
    if line is None and isinstance(position, int):
        line = text.count("\n", 0, position) + 1
    problem = getattr(exc, "problem", None) or getattr(exc, "reason", None) or str(exc)
    return SourceError(file, line, (), f"not valid YAML: {problem}")


@dataclass(frozen=True)
class YamlDoc:
    """A parsed YAML file: ``data`` (plain Python values) and the lines of its nodes."""

    file: str
    data: Any
    root: yaml.Node | None

    @classmethod
    def parse(cls, text: str, file: str) -> YamlDoc:
        """Parse ``text`` once, safely and within the limits; any problem is a located
        :class:`SourceError`."""
        if len(text) > MAX_BYTES:
            raise SourceError(file, None, (), f"more than {MAX_BYTES:,} characters")
        try:
            loader = _LOADER(text)  # the pure-Python reader checks characters here
        except yaml.YAMLError as exc:
            raise _yaml_error(exc, file, text) from None
        try:
            root = _compose(loader, file)
            data = None if root is None else loader.construct_document(root)
        except SourceError:
            raise
        except yaml.YAMLError as exc:
            raise _yaml_error(exc, file, text) from None
        except (ValueError, TypeError, OverflowError, RecursionError) as exc:
            raise SourceError(file, None, (), f"not valid YAML: {exc}") from None
        finally:
            loader.dispose()
        return cls(file, data, root)

    @classmethod
    def load(cls, path: Path, display: str | None = None) -> YamlDoc:
        name = display or str(path)
        return cls.parse(read_text(path, name), name)

    def line(self, path: Sequence[Key]) -> int | None:
        """1-based line of the deepest node along ``path`` that exists."""
        node = self.root
        if node is None:
            return 1
        best = node.start_mark.line + 1
        for key in path:
            nxt: yaml.Node | None = None
            if isinstance(node, yaml.MappingNode):
                for k, v in node.value:
                    if isinstance(k, yaml.ScalarNode) and _same_key(k, key):
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

    def has(self, path: Sequence[Key]) -> bool:
        """Whether the file writes ``path`` at all (a key set to null is written)."""
        node = self.root
        for key in path:
            nxt: yaml.Node | None = None
            if isinstance(node, yaml.MappingNode):
                nxt = next(
                    (
                        v
                        for k, v in node.value
                        if isinstance(k, yaml.ScalarNode) and _same_key(k, key)
                    ),
                    None,
                )
            elif isinstance(node, yaml.SequenceNode) and isinstance(key, int):
                nxt = node.value[key] if 0 <= key < len(node.value) else None
            if nxt is None:
                return False
            node = nxt
        return node is not None


def _same_key(node: yaml.ScalarNode, key: object) -> bool:
    if isinstance(key, str):
        return bool(node.value == key)
    if isinstance(key, bool):
        words = ("true", "yes", "on") if key else ("false", "no", "off")
        return bool(node.value.lower() in words)
    return bool(node.value == str(key))


@dataclass(frozen=True)
class Where:
    """A place inside a document: errors found below it are reported with full paths."""

    doc: YamlDoc
    prefix: KeyPath = ()

    def error(self, path: Sequence[Key], message: str, **facts: object) -> SourceError:
        return self.doc.error((*self.prefix, *path), message, **facts)

    def below(self, *path: Key) -> Where:
        return Where(self.doc, (*self.prefix, *path))

    def has(self, path: Sequence[Key]) -> bool:
        return self.doc.has((*self.prefix, *path))

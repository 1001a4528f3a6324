"""Read YAML keeping the line of every mapping and list, for ``file:line`` errors.

:func:`read_yaml` returns ordinary dicts and lists (subclasses :class:`Node` and
:class:`Seq`) that also carry ``.line`` (1-based) and ``.file``. :class:`Reader`
wraps one node and offers typed getters that raise :class:`ContentError` at the
right line.
"""
from __future__ import annotations

import builtins
from pathlib import Path
from typing import Any, NoReturn, overload

import yaml

from .errors import ContentError


class Node(dict):
    line = 0
    file = ""
    key_lines: dict


class Seq(list):
    line = 0
    file = ""
    item_lines: list  # the line of every item (plain values have no line of their own)


#: Content files are a few levels deep; libyaml's C parser crashes the process (segfault)
#: at some tens of thousands of levels and Python's constructors hit the recursion limit
#: near a thousand, so depth is checked on the text *before* parsing (:func:`nesting`).
MAX_NESTING = 100
MAX_FILE_BYTES = 4 * 1024 * 1024  # the biggest shipped file is ~60 KB
MAX_NUMBER = 10**9  # no count, cost or position in the game comes near this


def nesting(text: str) -> tuple[int, int]:
    """An upper bound of the YAML nesting depth of ``text`` and the line where it is
    reached, by a linear scan: block nesting needs a column of indentation (or a ``- ``/
    ``? ``/``: `` indicator) per level, flow nesting a bracket per level. Brackets inside
    quotes are counted too, which can only over-estimate."""
    deepest, where, flow = 0, 1, 0
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.lstrip(" -?:\t")
        block = len(line) - len(stripped)
        for ch in stripped:
            if ch in "[{":
                flow += 1
                if block + flow > deepest:
                    deepest, where = block + flow, number
            elif ch in "]}" and flow:
                flow -= 1
        if block + flow > deepest:
            deepest, where = block + flow, number
    return deepest, where


def read_yaml(path: Path) -> Any:
    """Parse one YAML file; every problem becomes :class:`ContentError` with a line: syntax,
    too deep or too big a file, a value its tag cannot make (``!!int x``), a number out of
    range. Nothing else escapes, and the parser never sees text deep enough to crash it."""
    name = path.name
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise ContentError(name, None, f"the file is too large (more than "
                                           f"{MAX_FILE_BYTES // 1_048_576} MB)")
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise ContentError(name, None, f"cannot read the file: {err.strerror or err}") from err
    except UnicodeDecodeError as err:
        raise ContentError(name, None, "the file is not UTF-8 text") from err
    depth, deep_line = nesting(text)
    if depth > MAX_NESTING:
        raise ContentError(name, deep_line, f"nested too deeply (more than {MAX_NESTING} "
                                            "levels or columns of indentation)")

    # libyaml's parser when present (much faster); same constructors and line marks.
    class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
        def construct_object(self, node, deep=False):
            try:
                value = super().construct_object(node, deep=deep)
            except (ContentError, yaml.YAMLError):
                raise
            except (ValueError, TypeError, OverflowError, ArithmeticError) as err:
                raise ContentError(name, node.start_mark.line + 1,
                                   f"cannot read the value {str(node.value)[:40]!r} "
                                   f"(tag {node.tag}): {err}") from err
            if type(value) in (int, float) and not -MAX_NUMBER <= value <= MAX_NUMBER:
                raise ContentError(name, node.start_mark.line + 1,
                                   f"the number is out of range (at most {MAX_NUMBER})")
            return value

    def construct_mapping(loader, node, deep=False):
        loader.flatten_mapping(node)
        out = Node()
        out.line = node.start_mark.line + 1
        out.file = name
        out.key_lines = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            if not isinstance(key, (str, int)):
                raise ContentError(name, key_node.start_mark.line + 1,
                                   f"a key must be a word, not {key!r}")
            if key in out:
                raise ContentError(name, key_node.start_mark.line + 1,
                                   f"duplicate key '{key}'")
            out[key] = loader.construct_object(value_node, deep=True)
            out.key_lines[key] = key_node.start_mark.line + 1
        return out

    def construct_sequence(loader, node, deep=False):
        out = Seq(loader.construct_object(child, deep=True) for child in node.value)
        out.line = node.start_mark.line + 1
        out.file = name
        out.item_lines = [child.start_mark.line + 1 for child in node.value]
        return out

    _Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, construct_mapping)
    _Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, construct_sequence)
    try:
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - SafeLoader subclass
    except RecursionError as err:  # MAX_NESTING keeps this away; never a traceback anyway
        raise ContentError(name, None, "nested too deeply") from err
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark else None
        raise ContentError(name, line, f"YAML syntax: {err.problem or err}") from err
    except yaml.YAMLError as err:
        raise ContentError(name, None, f"YAML syntax: {err}") from err


class Reader:
    """Typed access to one YAML mapping, raising errors that point at the line."""

    def __init__(self, node: Any, file: str, where: str = "", line: int | None = None):
        """``line``: where ``node`` stands, for a plain value that has no line itself."""
        self.file = file
        self.where = where
        if not isinstance(node, dict):
            line = getattr(node, "line", None) or line
            raise ContentError(file, line, f"{where or 'entry'} must be a mapping, got {_kind(node)}")
        self.node = node
        self.used: set = set()

    @property
    def line(self) -> int | None:
        return getattr(self.node, "line", None)

    def line_of(self, key: str) -> int | None:
        lines = getattr(self.node, "key_lines", None) or {}
        return lines.get(key, self.line)

    def fail(self, message: str, key: str | None = None) -> NoReturn:
        prefix = f"{self.where}: " if self.where else ""
        raise ContentError(self.file, self.line_of(key) if key else self.line, prefix + message)

    def has(self, key: str) -> bool:
        return key in self.node

    def raw(self, key: str, default: Any = ...) -> Any:
        self.used.add(key)
        if key not in self.node:
            if default is ...:
                self.fail(f"missing required key '{key}'")
            return default
        return self.node[key]

    def str(self, key: str, default: Any = ..., choices=None) -> str:
        value = self.raw(key, default)
        if value is default and default is not ...:
            return value
        if not isinstance(value, str) or not value:
            self.fail(f"'{key}' must be a non-empty text, got {_kind(value)}", key)
        if choices is not None and value not in choices:
            self.fail(f"'{key}' is '{value}', expected one of: {', '.join(sorted(choices))}", key)
        return value

    @overload
    def int(self, key: builtins.str, default: None, lo: builtins.int | None = None,
            hi: builtins.int | None = None) -> builtins.int | None: ...

    @overload
    def int(self, key: builtins.str, default: Any = ..., lo: builtins.int | None = None,
            hi: builtins.int | None = None) -> builtins.int: ...

    def int(self, key: builtins.str, default: Any = ..., lo: builtins.int | None = None,
            hi: builtins.int | None = None) -> builtins.int | None:
        """A whole number in lo..hi; ``default`` when the key is missing (``None``: the
        result may be None, and the type says so)."""
        value = self.raw(key, default)
        if value is default and default is not ...:
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(f"'{key}' must be a whole number, got {_kind(value)}", key)
        hi = MAX_NUMBER if hi is None else hi
        if lo is not None and value < lo or value > hi:
            self.fail(f"'{key}' is {value}, expected {lo}..{hi}", key)
        return value

    def bool(self, key: builtins.str, default: Any = ...) -> builtins.bool:
        value = self.raw(key, default)
        if not isinstance(value, bool):
            self.fail(f"'{key}' must be true or false, got {_kind(value)}", key)
        return value

    def list(self, key: builtins.str, default: Any = ...) -> builtins.list:
        return self._container(key, default, builtins.list, "a list")

    def mapping(self, key: builtins.str, default: Any = ...) -> dict:
        return self._container(key, default, dict, "a mapping")

    def _container(self, key: builtins.str, default: Any, kind: type, what: builtins.str) -> Any:
        """The value of ``key``, which must be a ``kind`` (``what`` in the error); ``default``
        when the key is missing."""
        value = self.raw(key, default)
        if value is default and default is not ...:
            return value
        if not isinstance(value, kind):
            self.fail(f"'{key}' must be {what}, got {_kind(value)}", key)
        return value

    def sub(self, key: builtins.str, where: builtins.str | None = None) -> Reader:
        return Reader(self.mapping(key), self.file, where or key)

    def entries(self, key: builtins.str, where: builtins.str) -> builtins.list[tuple[Any, Reader]]:
        """``(key, Reader)`` for every entry of the mapping ``key``; an entry that is not a
        mapping is refused at its own line."""
        found = self.mapping(key)
        lines = getattr(found, "key_lines", None) or {}
        return [(k, Reader(v, self.file, f"{where} {k}", lines.get(k, self.line_of(key))))
                for k, v in found.items()]

    def readers(self, key: builtins.str, where: builtins.str) -> builtins.list[Reader]:
        """A Reader for every item of the list ``key``, each refused at its own line when
        it is not a mapping."""
        found = self.list(key)
        lines = getattr(found, "item_lines", None) or []
        return [Reader(v, self.file, where, lines[i] if i < len(lines) else self.line_of(key))
                for i, v in enumerate(found)]

    def done(self) -> None:
        """Refuse unknown keys (typos must not be silently ignored)."""
        extra = [k for k in self.node if k not in self.used]
        if extra:
            self.fail(f"unknown key '{extra[0]}'", extra[0])


def _kind(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"'{str(value).lower()}'"
    if isinstance(value, (int, float, str)):
        text = repr(value) if not isinstance(value, int) or abs(value) < 10**20 else "(huge)"
        return f"{type(value).__name__} {text[:60]}"
    return type(value).__name__

"""Read YAML keeping the line of every mapping and list, for ``file:line`` errors.

:func:`read_yaml` returns ordinary dicts and lists (subclasses :class:`Node` and
:class:`Seq`) that also carry ``.line`` (1-based) and ``.file``. :class:`Reader`
wraps one node and offers typed getters that raise :class:`ContentError` at the
right line.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from .errors import ContentError


class Node(dict):
    line = 0
    file = ""
    key_lines: dict


class Seq(list):
    line = 0
    file = ""
    item_lines: list  # the line of each item (1-based)


def read_yaml(path: Path) -> Any:
    """Parse one YAML file; syntax errors become :class:`ContentError` with a line."""
    name = path.name
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise ContentError(name, None, f"cannot read the file: {err.strerror or err}") from err
    except UnicodeDecodeError as err:
        raise ContentError(name, None, "the file is not UTF-8 text") from err

    # libyaml's parser when present (much faster); same constructors and line marks.
    class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
        pass

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
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark else None
        raise ContentError(name, line, f"YAML syntax: {err.problem or err}") from err
    except yaml.YAMLError as err:
        raise ContentError(name, None, f"YAML syntax: {err}") from err


class Reader:
    """Typed access to one YAML mapping, raising errors that point at the line."""

    def __init__(self, node: Any, file: str, where: str = ""):
        self.file = file
        self.where = where
        if not isinstance(node, dict):
            line = getattr(node, "line", None)
            raise ContentError(file, line, f"{where or 'entry'} must be a mapping, got {_kind(node)}")
        self.node = node
        self.used: set = set()

    @property
    def line(self) -> int | None:
        return getattr(self.node, "line", None)

    def line_of(self, key: str) -> int | None:
        lines = getattr(self.node, "key_lines", None) or {}
        return lines.get(key, self.line)

    def fail(self, message: str, key: str | None = None):
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

    def int(self, key: str, default: Any = ..., lo: int | None = None, hi: int | None = None) -> int:
        value = self.raw(key, default)
        if value is default and default is not ...:
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(f"'{key}' must be a whole number, got {_kind(value)}", key)
        if lo is not None and value < lo or hi is not None and value > hi:
            self.fail(f"'{key}' is {value}, expected {lo}..{hi}", key)
        return value

    def bool(self, key: str, default: Any = ...) -> bool:
        value = self.raw(key, default)
        if not isinstance(value, bool):
            self.fail(f"'{key}' must be true or false, got {_kind(value)}", key)
        return value

    def list(self, key: str, default: Any = ...) -> list:
        value = self.raw(key, default)
        if value is default and default is not ...:
            return value
        if not isinstance(value, list):
            self.fail(f"'{key}' must be a list, got {_kind(value)}", key)
        return value

    def mapping(self, key: str, default: Any = ...) -> dict:
        value = self.raw(key, default)
        if value is default and default is not ...:
            return value
        if not isinstance(value, dict):
            self.fail(f"'{key}' must be a mapping, got {_kind(value)}", key)
        return value

    def sub(self, key: str, where: str | None = None) -> Reader:
        return Reader(self.mapping(key), self.file, where or key)

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
        return f"{type(value).__name__} {value!r}"
    return type(value).__name__

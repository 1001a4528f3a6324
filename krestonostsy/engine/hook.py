"""Hooks: the named rule changes a scenario may switch on (``hooks: [name]`` in its YAML,
or ``Ruleset.with_hooks``). This module imports nothing of the rules, so a hook's module
(``engine/hooks/``) registers itself here without an import circle; ``ruleset.py`` reads
:data:`HOOKS` when it builds a game's registries.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TypeVar

from .flow import Step


@dataclass(frozen=True)
class Hook:
    """A named rule change a scenario may switch on (``hooks: [name]`` in its YAML).

    ``steps``: step name -> :class:`~krestonostsy.engine.flow.Step` instance (replacing
    or adding a step); ``ops``: op name -> ``handler(g, f, op)`` (see engine/registry.py);
    ``battle_ops``: the same for ops inside a battle."""

    name: str
    doc: str
    steps: Mapping[str, Step] = field(default_factory=dict)
    ops: Mapping[str, Callable] = field(default_factory=dict)
    battle_ops: Mapping[str, Callable] = field(default_factory=dict)


HOOKS: dict[str, Hook] = {}
"""Every hook a scenario may name, by name."""

T = TypeVar("T", bound=type[Step])


def hook_step(cls: T) -> T:
    """Class decorator for a hook's step: like ``flow.step`` it gathers the class's
    ``at_<stage>`` and ``on_<kind>`` methods (its own and inherited ones) into the
    lookup tables ``Step.run``/``act`` dispatch on — but registers nothing process-wide:
    the step reaches a game only through the :class:`Hook` that names it. A subclass of a
    base step (e.g. another income phase with one more stage) is written this way."""
    names = {n for klass in cls.__mro__ for n in vars(klass)}
    cls._stages = {n[3:]: getattr(cls, n) for n in names if n.startswith("at_")}
    cls._verbs = {n[3:]: getattr(cls, n) for n in names if n.startswith("on_")}
    return cls


def register_hook(hook: Hook) -> Hook:
    """Add ``hook`` to :data:`HOOKS` (a name used twice is a bug)."""
    if not hook.name or hook.name in HOOKS:
        raise ValueError(f"bad or duplicate hook name {hook.name!r}")
    HOOKS[hook.name] = hook
    return hook

"""The effect-op registry: plain name → handler tables the ``effect`` step reads.

A handler is ``handler(g, f, op)`` (``f`` the effect frame, ``op`` the op's data). Each
module of ``engine/ops/`` keeps its own ``OPS`` table (and ``BATTLE_OPS`` for the
in-battle variant of an op that also exists outside battles, e.g. ``destroy_city``);
``engine/modules.py`` installs them here, once, in one place. This module imports
nothing of the rules, so any module may look a handler up without an import circle,
and a per-game ruleset may overlay these tables.
"""
from __future__ import annotations

from collections.abc import Callable

from .flow import EngineError

Handler = Callable[..., None]

OPS: dict[str, Handler] = {}
"""op name -> handler (outside battles, or in every context)."""
BATTLE_OPS: dict[str, Handler] = {}
"""op name -> handler of the in-battle variant (used while ``ctx["battle"]``)."""


def registrar(table: dict[str, Handler]):
    """A decorator ``@op(name)`` that puts a handler into ``table`` (one module's own
    table); a second handler for one name is an :class:`EngineError`."""
    def op(name: str):
        def deco(fn: Handler) -> Handler:
            if name in table:
                raise EngineError(f"op {name!r} has two handlers")
            table[name] = fn
            return fn
        return deco
    return op


def install(ops: dict[str, Handler], battle_ops: dict[str, Handler] | None = None) -> None:
    """Add one module's tables; a name already installed by another module is an
    :class:`EngineError` (each op is implemented exactly once)."""
    for table, new in ((OPS, ops), (BATTLE_OPS, battle_ops or {})):
        for name, fn in new.items():
            if table.get(name, fn) is not fn:
                raise EngineError(f"op {name!r} has two handlers")
            table[name] = fn


def handler_for(name: str, in_battle: bool = False) -> Handler:
    """The handler of op ``name`` (its in-battle variant first while ``in_battle``)."""
    if in_battle:
        h = BATTLE_OPS.get(name)
        if h is not None:
            return h
    h = OPS.get(name)
    if h is None:
        raise EngineError(f"no handler for effect op {name!r}")
    return h

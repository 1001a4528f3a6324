"""Scenario components: the pieces a scenario adds beyond the base box (``components:``
in its file), each kind one module of this package declaring its
:class:`~.component.Component` — setup, deal, view and sample hooks — listed in
:data:`COMPONENTS`. ``setup.py``, ``view.py`` and ``determinize.py`` call the hooks of
the components a game has and name none of them (docs/engine.md, "Adding a scenario
component").
"""
from __future__ import annotations

from . import oaths, trade_board, warlord
from .component import Component

COMPONENTS: dict[str, Component] = {c.kind: c for c in (
    trade_board.COMPONENT, oaths.COMPONENT, warlord.COMPONENT)}
"""Every kind of component the engine plays, by its name (an explicit list, so the
compiled engine has no import to discover)."""

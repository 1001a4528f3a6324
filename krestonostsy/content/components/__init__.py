"""Scenario components as the content layer reads them: one module per kind (its data,
its reader, its checks against the scenario's decks), listed in :data:`COMPONENTS`.

A scenario file adds pieces beyond the base box with ``components: {kind: {...}}``;
``content/scenario.py`` reads each entry with the kind's :class:`~.spec.ComponentSpec`
and knows no kind by name. The engine plays each kind in ``engine/components/<kind>.py``
and the table draws it (``ui/table/components.py`` ``DRAWERS``); see docs/engine.md,
"Adding a scenario component".
"""
from __future__ import annotations

from . import oaths, trade_board, warlord
from .spec import ComponentSpec

COMPONENTS: dict[str, ComponentSpec] = {spec.kind: spec for spec in (
    trade_board.SPEC, oaths.SPEC, warlord.SPEC)}
"""Every kind of component a scenario may add, by its name in the scenario file."""

DECKS: tuple[str, ...] = tuple(spec.deck for spec in COMPONENTS.values() if spec.deck)
"""The decks of the components' own cards (a scenario names one with its component)."""

"""The game table: one QGraphicsScene that draws a player's view and reports intents.

Public: :class:`TableView` (``show_view``, ``actionChosen``, ``highlight_ids``, ``fit``,
``set_language``, ``set_speed``, ``set_colour_blind``, ``render_to_image``).

``TableView`` is imported on first use (PEP 562), not with the package: the pages of the
start (the hand-off screen, the score sheet) need only :mod:`.art`, and ``from .table
import art`` would otherwise pull in the whole table — scene, items, motion — before the
first screen is drawn.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .view import TableView

__all__ = ["TableView"]


def __getattr__(name: str) -> object:
    if name == "TableView":
        from .view import TableView
        return TableView
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

"""The game table: one QGraphicsScene that draws a player's view and reports intents.

Public: :class:`TableView` (``show_view``, ``actionChosen``, ``highlight_ids``, ``fit``,
``set_language``, ``set_speed``, ``set_colour_blind``, ``render_to_image``).
"""
from . import _pyside_fix

_pyside_fix.apply()

from .view import TableView  # noqa: E402

__all__ = ["TableView"]

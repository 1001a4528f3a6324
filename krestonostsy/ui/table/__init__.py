"""The game table: one QGraphicsScene that draws a player's view and reports intents.

Public: :class:`TableView` (``show_view``, ``actionChosen``, ``highlight_ids``, ``fit``,
``set_language``, ``set_speed``, ``set_colour_blind``, ``render_to_image``).
"""
from .view import TableView

__all__ = ["TableView"]

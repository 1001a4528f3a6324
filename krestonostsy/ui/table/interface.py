"""What the main window asks of the game table: :class:`GameTable`.

``TableView`` (``ui/table/view.py``) is the table; a stand-in (a test's table that only
records what it was asked) is a ``QWidget`` offering the same members. The window calls
them without asking whether they exist.
"""
from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QSize, SignalInstance
from PySide6.QtGui import QImage


class GameTable(Protocol):
    """The table of a game in play, a ``QWidget`` in the window's game page."""

    actionChosen: SignalInstance  # (Action) the player chose an action of the decision
    rulesRequested: SignalInstance  # (rule IDs) "?" of the prompt bar
    glossaryRequested: SignalInstance  # (keyword) a keyword of a card

    def show_view(self, view: dict, legal: list | None = None, player: str | None = None,
                  log: list | None = None) -> None:
        """Draw ``view`` for ``player``, who may take the ``legal`` actions; ``log``: the
        entries they may read (their notices)."""

    def prepare_view(self, view: dict, legal: list | None = None, player: str | None = None,
                     log: list | None = None) -> None:
        """Lay out unseen what ``show_view`` with the same arguments will show (behind the
        hand-off screen)."""

    def set_thinking(self, state: str | None, redraw: bool = True) -> None:
        """Mark ``state``'s bot as thinking (None: nobody thinks)."""

    def show_hint(self, action: object) -> str:
        """Point at where ``action`` is played; its words for the player."""

    def highlight_ids(self, ids: list) -> None:
        """Mark the places of the last move (``city:edessa`` …)."""

    def dismiss_notices(self) -> None:
        """Close the notices over the table."""

    def fit(self) -> None:
        """The whole table in view."""

    def set_keep_legible(self, on: bool) -> None:
        """Keep the words legible rather than the whole table in view (the log beside)."""

    def set_language(self, lang: str | None = None) -> None:
        """Say every word in ``lang`` (None: the language set)."""

    def set_speed(self, name: str) -> None:
        """The animations' speed (a name of ``ui/table/animation.py``)."""

    def set_colour_blind(self, on: bool) -> None:
        """Patterns beside the states' colours."""

    def set_results_close(self, on: bool) -> None:
        """Results close by themselves after a few seconds."""

    def render_to_image(self, size: QSize) -> QImage:
        """The table drawn at ``size`` (the screenshots, the saves' pictures)."""

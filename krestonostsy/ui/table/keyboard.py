"""Playing the table with the keyboard: Tab and Shift+Tab move a choice over everything the
player may click now, Enter or Space takes it.

The choices are the highlighted places on the table, in reading order (top to bottom, left
to right), then the prompt bar's buttons. The place chosen gets a focus ring over its glow
(``TableItem.set_focused``), a button a darker frame; the table scrolls to show it when
zoomed in, and a card shows its large preview as under the mouse. Taking a place does what a click on it does: one action is chosen, several open
the same menu as a click (the arrow keys and Enter work there). A new question starts
again from nothing chosen, so a key pressed by habit never takes a move the player has not
seen offered. A hint (the toolbar's "Hint") is shown the same way: :meth:`point_at` rings
where the suggested move is played.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QPoint, QPointF, QRectF
from PySide6.QtWidgets import QPushButton, QWidget

from .items import TableItem

if TYPE_CHECKING:
    from .scene import TableScene

#: Places whose centres lie within this many scene units of height read as one row.
ROW = 40.0

Choice = TableItem | QPushButton


class Table(Protocol):
    """What the keyboard uses of the table's view (``view.TableView``, which holds the
    keyboard: this module does not import it back)."""

    def scene(self) -> TableScene: ...
    def prompt_buttons(self) -> list[QPushButton]: ...
    def choose_at(self, item: TableItem, screen_pos: QPoint) -> None: ...
    def preview_at(self, pos: QPoint) -> None: ...
    def hide_preview(self) -> None: ...
    def ensureVisible(self, rect: QRectF, xmargin: int, ymargin: int) -> None: ...
    def mapFromScene(self, point: QPointF) -> QPoint: ...
    def viewport(self) -> QWidget: ...


class KeyboardChoice:
    """The keyboard's choice on one table view (its ``keys``)."""

    def __init__(self, view: Table):
        self.view = view
        self.current: Choice | None = None

    def choices(self) -> list[Choice]:
        """What Tab goes through now: the table's places in reading order, then the
        buttons."""
        def reading_order(item: TableItem) -> tuple[float, float]:
            centre = item.sceneBoundingRect().center()
            return (round(centre.y() / ROW), centre.x())
        places = sorted((it for it in self.view.scene().legal_items() if it.isVisible()),
                        key=reading_order)
        buttons = [b for b in self.view.prompt_buttons() if b.isVisible() and b.isEnabled()]
        return [*places, *buttons]

    def step(self, forward: bool) -> bool:
        """Move to the next (or previous) choice, round the end; False when there is
        nothing to choose (Tab then leaves the table, as it does any widget)."""
        choices = self.choices()
        if not choices:
            self.clear()
            return False
        if self.current in choices:
            at = choices.index(self.current) + (1 if forward else -1)
        else:
            at = 0 if forward else -1
        self._show(choices[at % len(choices)])
        return True

    def point_at(self, action) -> Choice | None:
        """Choose the place or button that plays ``action`` (a hint): a button that is the
        action, else the first place in reading order that offers it."""
        choices = self.choices()
        want = {t for t in action.targets if not t.startswith("choice:")}
        for choice in choices:
            if isinstance(choice, QPushButton) and choice.property("action") == action:
                self._show(choice)
                return choice
        for choice in choices:
            if isinstance(choice, TableItem) and want & set(choice.targets):
                self._show(choice)
                return choice
        return None

    def take(self) -> bool:
        """Do what clicking the current choice does; False when there is none."""
        choice = self.current
        if choice is None or choice not in self.choices():
            return False
        if isinstance(choice, QPushButton):
            choice.click()
            return True
        view = self.view
        centre = view.mapFromScene(choice.sceneBoundingRect().center())
        view.choose_at(choice, view.viewport().mapToGlobal(QPoint(centre)))
        return True

    def clear(self) -> None:
        """Nothing chosen (a new question, or the table shows another player)."""
        self._show(None)

    def _show(self, choice: Choice | None) -> None:
        old, self.current = self.current, choice
        if old is not None and old is not choice:
            try:
                self._mark(old, False)
            except RuntimeError:  # an item the table has since deleted
                pass
        if choice is None:
            return
        self._mark(choice, True)
        if isinstance(choice, TableItem):
            view = self.view
            view.ensureVisible(choice.sceneBoundingRect(), 30, 30)
            # a card chosen shows its large preview, as the mouse over it does
            view.preview_at(view.mapFromScene(choice.sceneBoundingRect().center()))
        else:
            self.view.hide_preview()

    @staticmethod
    def _mark(choice: Choice, on: bool) -> None:
        if isinstance(choice, TableItem):
            choice.set_focused(on)
            return
        choice.setProperty("keyed", on)
        choice.style().unpolish(choice)  # the prompt bar's style sheet frames it
        choice.style().polish(choice)

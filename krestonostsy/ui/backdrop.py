"""The dark wooden backdrop of the window's full pages (start, load, campaign screens)."""
from __future__ import annotations

from PySide6.QtGui import QColor, QLinearGradient, QPainter
from PySide6.QtWidgets import QWidget


def paint_backdrop(widget: QWidget) -> None:
    """Fill ``widget`` with the pages' gradient, dark walnut at the top to near black."""
    p = QPainter(widget)
    g = QLinearGradient(0, 0, 0, widget.height())
    g.setColorAt(0, QColor("#3b2a1a"))
    g.setColorAt(1, QColor("#1d140c"))
    p.fillRect(widget.rect(), g)
    p.end()

"""The dark wooden backdrop of the window's full pages (start, load, campaign and scoring
screens), and the style of their words and buttons on it."""
from __future__ import annotations

from PySide6.QtGui import QColor, QLinearGradient, QPainter
from PySide6.QtWidgets import QWidget

PAGE_STYLE = """
    QLabel#pageTitle { color: #f3e6c4; }
    QLabel#pageNote { color: #e8cf86; font-size: 13pt; }
    QTextBrowser { background: #f3e8cc; color: #2b2118; border: 2px solid #8c6d3f;
                   border-radius: 6px; padding: 10px 16px; font-size: 12pt; }
    QPushButton { padding: 7px 18px; font-size: 13pt; color: #2b2118; background: #e9dcb8;
                  border: 2px solid #8c6d3f; border-radius: 6px; }
    QPushButton:hover { background: #f6ecd0; border-color: #b4873a; }
    QPushButton:disabled { color: #8d826d; background: #b9ae93; }
"""


def paint_backdrop(widget: QWidget) -> None:
    """Fill ``widget`` with the pages' gradient, dark walnut at the top to near black."""
    p = QPainter(widget)
    g = QLinearGradient(0, 0, 0, widget.height())
    g.setColorAt(0, QColor("#3b2a1a"))
    g.setColorAt(1, QColor("#1d140c"))
    p.fillRect(widget.rect(), g)
    p.end()

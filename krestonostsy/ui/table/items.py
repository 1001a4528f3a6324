"""Thin graphics items: each draws one piece of the current view and carries its targets.

An item knows nothing of the rules. It is told whether it is a legal target
(``set_legal``) and whether it was part of the last move (``set_last``); a click on a legal
item is reported to the scene (``TableScene.item_clicked``), which turns it into intents.
``texts`` (also in ``data(0)``) lists the words the item shows, so tests and accessibility
tools can read the table.
"""
from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from . import art

log = logging.getLogger(__name__)

DATA_TEXTS = 0
DATA_TARGETS = 1
DATA_KEY = 2


class TableItem(QGraphicsItem):
    """A rectangle (in local coordinates) painted by ``draw(painter, rect)``."""

    def __init__(self, rect: QRectF, draw: Callable[[QPainter, QRectF], None] | None = None,
                 targets=(), key: str | None = None, tooltip: str | None = None,
                 texts=(), round_shape: bool = False, radius: float = 8, parent=None):
        super().__init__(parent)
        self._rect = QRectF(rect)
        self._draw = draw
        self.targets = tuple(t for t in targets if t)
        self.key = key
        self.texts = [str(t) for t in texts if t not in (None, "")]
        self.legal = False
        self.last = False
        self.hover = False
        self.pulse = 0.0
        self.round_shape = round_shape
        self.radius = radius
        self.card_id: str | None = None  # a face-up card shown by this item (the hover preview)
        self.setData(DATA_TEXTS, " | ".join(self.texts))
        self.setData(DATA_TARGETS, ",".join(self.targets))
        self.setData(DATA_KEY, key or "")
        if tooltip:
            self.setToolTip(tooltip)
        self.setAcceptHoverEvents(True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    # --- geometry -----------------------------------------------------------------------

    def rect(self) -> QRectF:
        return QRectF(self._rect)

    def outline(self) -> QPainterPath:
        path = QPainterPath()
        if self.round_shape:
            path.addEllipse(self._rect)
        else:
            path.addRoundedRect(self._rect, self.radius, self.radius)
        return path

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-14, -14, 14, 14)

    def shape(self) -> QPainterPath:
        return self.outline()

    # --- state ----------------------------------------------------------------------------

    def set_legal(self, on: bool) -> None:
        self.legal = on
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton if on else Qt.MouseButton.NoButton)
        self.setCursor(Qt.CursorShape.PointingHandCursor if on else Qt.CursorShape.ArrowCursor)
        if on:
            self.setZValue(self.zValue() + 0.5)
        self.update()

    def set_last(self, on: bool) -> None:
        self.last = on
        self.update()

    def set_pulse(self, value: float) -> None:
        self.pulse = value
        if self.legal:
            self.update()

    # --- painting ---------------------------------------------------------------------------

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        if self.last:
            art.glow(p, self.outline(), art.LAST, 5)
        if self._draw is not None:
            p.save()
            try:
                self._draw(p, QRectF(self._rect))
            except Exception:  # a drawing bug must never take the program down
                log.exception("cannot draw %s", self.key)
            p.restore()
        if self.legal:
            c = QColor(art.LEGAL)
            if self.hover:
                c = QColor("#ffd24a")
            art.glow(p, self.outline(), c, 4 + 3 * self.pulse + (3 if self.hover else 0))
        if self.last:
            p.save()
            pen = p.pen()
            pen.setColor(art.LAST)
            pen.setWidthF(2.5)
            pen.setStyle(Qt.PenStyle.DashLine)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(self.outline())
            p.restore()

    # --- events -----------------------------------------------------------------------------

    def hoverEnterEvent(self, event) -> None:
        self.hover = True
        self.update()
        super().hoverEnterEvent(event)

    def hoverLeaveEvent(self, event) -> None:
        self.hover = False
        self.update()
        super().hoverLeaveEvent(event)

    def mousePressEvent(self, event) -> None:
        if self.legal and event.button() == Qt.MouseButton.LeftButton:
            event.accept()
        else:
            event.ignore()

    def mouseReleaseEvent(self, event) -> None:
        if self.legal and self.shape().contains(event.pos()):
            scene = self.scene()
            if scene is not None and hasattr(scene, "item_clicked"):
                scene.item_clicked(self, event.screenPos())
            event.accept()
        else:
            event.ignore()


def centered(size: float, h: float | None = None) -> QRectF:
    h = size if h is None else h
    return QRectF(-size / 2, -h / 2, size, h)


def point(x: float, y: float) -> QPointF:
    return QPointF(x, y)

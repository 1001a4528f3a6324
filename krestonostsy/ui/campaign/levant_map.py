"""The briefing's map of the Levant: the thirteen cities and their roads, drawn with the
table's art (parchment, ink, the states' colours), the scenario's ``highlight`` cities
ringed in gold. Positions are the board's (``data/map.yaml``, 0..1000 × 0..800)."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from ..names import city_name
from ..table import art

BOARD_W, BOARD_H = 1000.0, 800.0


class LevantMap(QWidget):
    """``set_map(board, highlight, states)``: what to draw; paints itself to its size."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("levantMap")
        self.board = None
        self.highlight: tuple[str, ...] = ()
        self.states: tuple[str, ...] = ()
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(260, 210)

    def sizeHint(self) -> QSize:
        return QSize(500, 400)

    def set_map(self, board, highlight=(), states=()) -> None:
        self.board = board
        self.highlight = tuple(highlight)
        self.states = tuple(states)
        self.update()

    def _frame(self) -> tuple[QRectF, float]:
        """The board's rectangle in the widget and the scale of one board unit."""
        w, h = self.width(), self.height()
        k = min(w / BOARD_W, h / BOARD_H)
        rect = QRectF((w - BOARD_W * k) / 2, (h - BOARD_H * k) / 2, BOARD_W * k, BOARD_H * k)
        return rect, k

    def city_point(self, city: str) -> QPointF:
        rect, k = self._frame()
        x, y = self.board.cities[city].position
        # the board's positions leave a margin for the names at the edges
        m = 0.08
        return QPointF(rect.left() + rect.width() * (m + (1 - 2 * m) * x / BOARD_W),
                       rect.top() + rect.height() * (m + (1 - 2 * m) * y / BOARD_H))

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect, k = self._frame()
        path = QPainterPath()
        path.addRoundedRect(rect.adjusted(2, 2, -2, -2), 12 * k * 2, 12 * k * 2)
        p.fillPath(path, art.parchment_brush())
        p.setPen(QPen(art.INK, max(1.5, 3 * k)))
        p.drawPath(path)
        p.setPen(QPen(art.GOLD, max(1.0, 1.6 * k)))
        p.drawRoundedRect(rect.adjusted(8 * k + 4, 8 * k + 4, -8 * k - 4, -8 * k - 4),
                          14 * k, 14 * k)
        if self.board is None:
            p.end()
            return
        board = self.board
        # roads
        p.setPen(QPen(art.INK_SOFT, max(1.2, 3.2 * k), Qt.PenStyle.DashLine,
                      Qt.PenCapStyle.RoundCap))
        drawn = set()
        for a, ends in board.adjacency.items():
            for b in ends:
                if (b, a) in drawn or a not in board.cities or b not in board.cities:
                    continue
                drawn.add((a, b))
                p.drawLine(self.city_point(a), self.city_point(b))
        r = 26 * k
        owners = {info.capital: s for s, info in board.states.items()}
        name_px = max(11.0, 26 * k)
        for cid, city in board.cities.items():
            c = self.city_point(cid)
            lit = cid in self.highlight
            if lit:
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QColor(227, 193, 95, 150))
                p.drawEllipse(c, r * 2.0, r * 2.0)
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.setPen(QPen(art.CRIMSON, max(2.0, 5 * k)))
                p.drawEllipse(c, r * 1.55, r * 1.55)
            owner = owners.get(cid)
            if owner is not None:
                absent = self.states and owner not in self.states
                p.setOpacity(0.35 if absent else 1.0)
                art.piece(p, c, r, owner)
                p.setOpacity(1.0)
            else:
                p.setPen(QPen(art.INK, max(1.2, 2.5 * k)))
                p.setBrush(art.PARCHMENT_LIGHT if city.kind != "central" else art.PARCHMENT_DARK)
                p.drawEllipse(c, r * .8, r * .8)
                goods = art.GOODS_COLOURS.get(city.colour)
                if goods is not None:
                    p.setPen(Qt.PenStyle.NoPen)
                    p.setBrush(goods)
                    p.drawEllipse(c, r * .38, r * .38)
            p.setFont(art.font(name_px, bold=lit))
            p.setPen(art.CRIMSON if lit else art.INK)
            box = QRectF(c.x() - 120 * k - 40, c.y() + r * 1.2, 240 * k + 80, name_px * 1.5)
            p.drawText(box, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                       city_name(cid))
        p.end()

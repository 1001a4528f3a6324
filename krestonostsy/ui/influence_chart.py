"""The race for influence, round by round: the scoring screen's third page.

One line per state through its influence before the first round and at the end of each
round (``engine.scoring.influence_by_round``), on the score sheet's parchment: the state's
colour over an ink edge (Jerusalem's ivory reads on parchment), a dash of its own (the
lines part without colour), its piece at every round (its shape in colour-blind mode), and
its name and final influence at the line's end. Hovering a point says its value. Sized by
the font, so it grows with the interface scale like the sheet's words.
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from ..i18n import _, pgettext
from .names import state_name
from .table import art

DASHES = {  # a line of its own for each state, whatever the colours
    "jerusalem": Qt.PenStyle.SolidLine,
    "tripoli": Qt.PenStyle.DashLine,
    "edessa": Qt.PenStyle.DotLine,
    "antioch": Qt.PenStyle.DashDotLine,
}
PAPER = QColor("#f8f1de")
GRID = QColor("#d9c7a0")
INK = QColor("#2b2118")
SOFT = QColor("#6b5334")


def nice_top(value: int) -> int:
    """The axis' top: the next multiple of 5 (of 10 past 50) at or above ``value``."""
    step = 5 if value <= 50 else 10
    return max(step, -(-max(0, value) // step) * step)


def spread(ys: list[float], gap: float, bottom: float) -> list[float]:
    """``ys`` moved apart so that no two are closer than ``gap``, in their order, none
    below ``bottom`` (the names at the lines' ends)."""
    order = sorted(range(len(ys)), key=lambda i: ys[i])
    out = list(ys)
    pairs = list(zip(order, order[1:], strict=False))  # each with the one below it
    for a, b in pairs:
        out[b] = max(out[b], out[a] + gap)
    if order:
        out[order[-1]] = min(out[order[-1]], bottom)
    for a, b in reversed(pairs):
        out[a] = min(out[a], out[b] - gap)
    return out


class InfluenceChart(QWidget):
    """``set_series({state: [start, after round 1, …]}, order)``: ``order`` lists the states
    as the sheet ranks them (the names at the right are in that colour order)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("influenceChart")
        self.series: dict[str, list[int]] = {}
        self.order: list[str] = []
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_series(self, series: dict[str, list[int]], order: list[str] | None = None) -> None:
        self.series = {x: [int(v) for v in values] for x, values in series.items() if values}
        self.order = [x for x in (order or list(self.series)) if x in self.series]
        self.updateGeometry()
        self.update()

    # --- size and layout ------------------------------------------------------------------

    def _em(self) -> float:
        return QFontMetricsF(self.font()).height()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        em = self._em()
        return QSize(round(em * 34), round(em * 15))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return self.sizeHint()

    def _rounds(self) -> int:
        return max((len(v) for v in self.series.values()), default=1) - 1

    def _plot(self) -> QRectF:
        """The plotting area: room for the values at the left, the rounds below and the
        names at the right."""
        em = self._em()
        fm = QFontMetricsF(self.font())
        names = max((fm.horizontalAdvance(f"{state_name(x)} 00") for x in self.series),
                    default=em * 6)
        return QRectF(em * 2.6, em * 0.9, max(em * 8, self.width() - em * 4.6 - names),
                      self.height() - em * 3.2)

    def _top(self) -> int:
        return nice_top(max((max(v) for v in self.series.values()), default=0))

    def _point(self, plot: QRectF, k: int, value: float) -> QPointF:
        rounds = max(1, self._rounds())
        return QPointF(plot.left() + plot.width() * k / rounds,
                       plot.bottom() - plot.height() * max(0, value) / self._top())

    # --- drawing ---------------------------------------------------------------------------

    def paintEvent(self, _event) -> None:  # noqa: N802 - Qt's name
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), PAPER)
        p.setPen(QPen(QColor("#b49a68"), 1))
        p.drawRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5))
        if not self.series:
            p.end()
            return
        em = self._em()
        fm = QFontMetricsF(self.font())
        plot = self._plot()
        top = self._top()
        step = 5 if top <= 50 else 10
        # the grid: influence up the side, the rounds along the foot
        for v in range(0, top + 1, step):
            y = self._point(plot, 0, v).y()
            p.setPen(QPen(GRID, 1))
            p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            p.setPen(SOFT)
            p.drawText(QRectF(0, y - em / 2, plot.left() - em * 0.4, em),
                       int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter), str(v))
        rounds = self._rounds()
        for k in range(rounds + 1):
            x = self._point(plot, k, 0).x()
            p.setPen(QPen(GRID, 1))
            p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))
            p.setPen(SOFT)
            if k == 0:  # "Start" runs right from its line, clear of the values' "0"
                p.drawText(QRectF(x - em * 0.3, plot.bottom() + em * 0.2, em * 6, em),
                           int(Qt.AlignmentFlag.AlignLeft), pgettext("chart", "Start"))
            else:
                p.drawText(QRectF(x - em * 3, plot.bottom() + em * 0.2, em * 6, em),
                           int(Qt.AlignmentFlag.AlignCenter), str(k))
        p.drawText(QRectF(plot.left(), plot.bottom() + em * 1.2, plot.width(), em),
                   int(Qt.AlignmentFlag.AlignCenter), _("Round"))
        # the lines, the last-placed first so that the leader's lies on top
        width = max(2.0, em * 0.16)
        for x in reversed(self.order):
            points = [self._point(plot, k, v) for k, v in enumerate(self.series[x])]
            path = QPainterPath(points[0])
            for pt in points[1:]:
                path.lineTo(pt)
            colour = art.state_colour(x)
            p.setBrush(Qt.BrushStyle.NoBrush)
            # an ink edge, the colour pale, and the state's dash in the colour over it
            for pen in (QPen(INK, width + 1.6), QPen(colour.lighter(135), width),
                        QPen(colour.darker(115), width, DASHES.get(x, Qt.PenStyle.SolidLine))):
                pen.setCapStyle(Qt.PenCapStyle.FlatCap)
                pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
                p.setPen(pen)
                p.drawPath(path)
            for pt in points[:-1]:  # the last one is the piece by the name
                art.piece(p, pt, em * 0.3, x)
        # the names and final values at the lines' ends, moved apart where they meet
        ends = [self._point(plot, len(self.series[x]) - 1, self.series[x][-1]).y()
                for x in self.order]
        ys = spread(ends, em * 1.05, plot.bottom())
        bold = QFont(self.font())
        bold.setFamily(art.bold_family())
        bold.setBold(True)
        for x, y, end in zip(self.order, ys, ends, strict=True):
            left = plot.right() + em * 0.7
            if abs(y - end) > 1:  # moved apart from the others: a leader to its line
                p.setPen(QPen(SOFT, 1))
                p.drawLine(QPointF(plot.right(), end), QPointF(left, y))
            art.piece(p, QPointF(plot.right(), end), em * 0.3, x)
            if abs(y - end) > 1:
                art.piece(p, QPointF(left, y), em * 0.3, x)
            p.setPen(INK)
            p.setFont(bold)
            value = str(self.series[x][-1])
            p.drawText(QRectF(left + em * 0.55, y - em / 2, fm.horizontalAdvance(value) + em,
                              em), int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                       value)
            p.setFont(self.font())
            p.drawText(QRectF(left + em * 0.55 + QFontMetricsF(bold).horizontalAdvance(value)
                              + em * 0.3, y - em / 2, self.width(), em),
                       int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                       state_name(x))
        p.end()

    # --- hovering -------------------------------------------------------------------------

    def point_at(self, pos: QPointF) -> tuple[str, int, int] | None:
        """The point under ``pos``: (state, round, influence); None off every point."""
        plot = self._plot()
        reach = self._em() * 0.6
        best = None
        for x in self.order:
            for k, v in enumerate(self.series[x]):
                d = (self._point(plot, k, v) - pos).manhattanLength()
                if d <= reach and (best is None or d < best[0]):
                    best = (d, x, k, v)
        return best[1:] if best else None

    def mouseMoveEvent(self, event) -> None:  # noqa: N802 - Qt's name
        hit = self.point_at(event.position())
        if hit is None:
            QToolTip.hideText()
            return
        x, k, v = hit
        when = _("at the start") if k == 0 else _("after round {n}").format(n=k)
        QToolTip.showText(event.globalPosition().toPoint(),
                          _("{state}, {when}: {n} influence").format(
                              state=state_name(x), when=when, n=v), self)

"""The hot-seat hand-off screen: it covers the table and shows only whose turn it is.

Shown between two human players at the same computer; nothing private is visible until
the named player clicks (or presses Space/Enter) — then ``acknowledged`` is emitted.
"""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QFont, QKeyEvent, QMouseEvent, QPainter, QPen
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from .. import i18n
from ..i18n import _
from .names import state_name
from .table import art


class HandoffScreen(QWidget):
    acknowledged = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("handoffScreen")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.player: str | None = None

        self.title = QLabel(alignment=Qt.AlignmentFlag.AlignCenter)
        self.title.setObjectName("handoffTitle")
        self.name = QLabel(alignment=Qt.AlignmentFlag.AlignCenter)
        self.name.setObjectName("handoffName")
        self.hint = QLabel(alignment=Qt.AlignmentFlag.AlignCenter, wordWrap=True)
        self.hint.setObjectName("handoffHint")
        big = QFont(self.font())
        big.setPointSizeF(big.pointSizeF() * 3.2)
        self.name.setFont(big)
        mid = QFont(self.font())
        mid.setPointSizeF(mid.pointSizeF() * 1.5)
        self.title.setFont(mid)
        self.title.setStyleSheet("color: #e9dcb8;")
        self.hint.setStyleSheet("color: #cbbf9f;")
        hint = QFont(self.font())
        hint.setPointSizeF(hint.pointSizeF() * 1.25)
        self.hint.setFont(hint)

        layout = QVBoxLayout(self)
        layout.addStretch(3)
        layout.addWidget(self.title)
        layout.addSpacing(24)
        layout.addWidget(self.name)
        layout.addSpacing(36)
        layout.addWidget(self.hint)
        layout.addStretch(4)
        self.retranslate()
        i18n.add_listener(self._on_language)

    def _on_language(self, _lang: str) -> None:
        self.retranslate()

    def show_player(self, player: str) -> None:
        self.player = player
        ink = art.state_ink(player).name() if player in art.STATE_COLOURS else "#1d1a14"
        self.name.setStyleSheet(f"color: {ink}; background: transparent;")
        self.retranslate()
        self.update()

    def retranslate(self) -> None:
        self.title.setText(_("Pass the computer to the next player"))
        self.name.setText(state_name(self.player) if self.player else "")
        self.hint.setText(_("Only {player} should look at the screen now.\n"
                            "Click anywhere or press Space to continue.")
                          .format(player=state_name(self.player) if self.player else ""))

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor("#2b2118"))
        colour = art.state_colour(self.player) if self.player in art.STATE_COLOURS \
            else QColor("#c8b27a")
        # a banner in the state's colour behind the name, as wide as the words are large
        w = min(self.width() - 80, 42 * self.fontMetrics().height())
        h = self.name.sizeHint().height() + 3 * self.fontMetrics().height()
        x = (self.width() - w) // 2
        y = self.name.geometry().center().y() - h // 2
        p.setPen(QPen(QColor("#c8b27a"), 3))
        p.setBrush(colour)
        p.drawRoundedRect(x, y, w, h, 12, 12)
        p.end()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.acknowledged.emit()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.acknowledged.emit()
        else:
            super().keyPressEvent(event)

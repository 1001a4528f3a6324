"""The start screen: new game, the campaign, the tutorial, continue the last autosave,
load, rules, settings, quit."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from .. import i18n
from ..i18n import _
from .backdrop import paint_backdrop


class StartScreen(QWidget):
    newGameRequested = Signal()
    tutorialRequested = Signal()
    campaignRequested = Signal()
    continueRequested = Signal()
    loadRequested = Signal()
    rulesRequested = Signal()
    settingsRequested = Signal()
    quitRequested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("startScreen")
        self._resume_text = ""

        self.title = QLabel(alignment=Qt.AlignmentFlag.AlignCenter)
        self.title.setObjectName("title")
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * 4)
        self.title.setFont(font)
        self.subtitle = QLabel(alignment=Qt.AlignmentFlag.AlignCenter, wordWrap=True)
        self.subtitle.setObjectName("subtitle")
        sub = QFont(self.font())
        sub.setItalic(True)
        sub.setPointSizeF(sub.pointSizeF() * 1.3)
        self.subtitle.setFont(sub)

        self.new_button = self._button("newGame", self.newGameRequested)
        self.tutorial_button = self._button("tutorial", self.tutorialRequested)
        self.campaign_button = self._button("campaign", self.campaignRequested)
        self.continue_button = self._button("continue", self.continueRequested)
        self.resume_label = QLabel(alignment=Qt.AlignmentFlag.AlignCenter, wordWrap=True)
        self.resume_label.setObjectName("resumeInfo")
        self.load_button = self._button("load", self.loadRequested)
        self.rules_button = self._button("rules", self.rulesRequested)
        self.settings_button = self._button("settings", self.settingsRequested)
        self.quit_button = self._button("quit", self.quitRequested)

        column = QVBoxLayout()
        column.setSpacing(10)
        for w in (self.new_button, self.campaign_button, self.tutorial_button,
                  self.continue_button, self.resume_label, self.load_button,
                  self.rules_button, self.settings_button, self.quit_button):
            # the caption takes the whole width (a word-wrapped label given only its
            # size hint is clipped to one line's height); the buttons are centred
            column.addWidget(w, 0, Qt.AlignmentFlag(0) if w is self.resume_label
                             else Qt.AlignmentFlag.AlignHCenter)

        layout = QVBoxLayout(self)
        layout.addStretch(2)
        layout.addWidget(self.title)
        layout.addWidget(self.subtitle)
        layout.addSpacing(36)
        layout.addLayout(column)
        layout.addStretch(3)

        self.setStyleSheet("""
            #startScreen QLabel#title { color: #f3e6c4; }
            #startScreen QLabel#subtitle { color: #d8c79c; }
            #startScreen QLabel#resumeInfo { color: #d8c79c; }
            #startScreen QPushButton {
                min-width: 300px; padding: 9px 18px; font-size: 15pt;
                color: #2b2118; background: #e9dcb8; border: 2px solid #8c6d3f;
                border-radius: 6px; }
            #startScreen QPushButton:hover { background: #f6ecd0; border-color: #b4873a; }
            #startScreen QPushButton:disabled { color: #8d826d; background: #b9ae93; }
        """)
        self.set_resume(None)
        self.retranslate()
        i18n.add_listener(self._on_language)

    def _button(self, name: str, signal) -> QPushButton:
        b = QPushButton(objectName=name)
        b.setCursor(Qt.CursorShape.PointingHandCursor)
        b.clicked.connect(signal.emit)
        return b

    def set_resume(self, text: str | None) -> None:
        """Describe the interrupted game that ``Continue`` resumes, or None to disable it."""
        self._resume_text = text or ""
        self.continue_button.setEnabled(bool(text))
        self.resume_label.setVisible(bool(text))
        self.resume_label.setText(self._resume_text)

    def _on_language(self, _lang: str) -> None:
        self.retranslate()

    def retranslate(self) -> None:
        self.title.setText(_("Crusaders"))
        self.subtitle.setText(_("The Levant after the First Crusade: four states, "
                                "one Holy Land"))
        self.new_button.setText(_("New game"))
        self.tutorial_button.setText(_("Tutorial"))
        self.campaign_button.setText(_("Campaign"))
        self.continue_button.setText(_("Continue"))
        self.load_button.setText(_("Load game…"))
        self.rules_button.setText(_("Rules reference"))
        self.settings_button.setText(_("Settings"))
        self.quit_button.setText(_("Quit"))

    def paintEvent(self, event) -> None:
        paint_backdrop(self)
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        # a large cross in the background, the game's emblem
        c = self.rect().center()
        size = min(self.width(), self.height()) * 0.9
        arm = size * 0.16
        p.setPen(QPen(QColor(200, 170, 110, 40), 2))
        p.setBrush(QColor(200, 170, 110, 22))
        p.drawRect(int(c.x() - arm / 2), int(c.y() - size / 2), int(arm), int(size))
        p.drawRect(int(c.x() - size / 2), int(c.y() - size * 0.22), int(size), int(arm))
        p.end()

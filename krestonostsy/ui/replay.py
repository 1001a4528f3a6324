"""A finished game watched again, move by move (the scoring screen's "Watch again").

The positions are the engine's own: the game is played again from its set-up with its
actions (same seed and same actions give the same game), so what is shown is exactly what
the table showed then. Every :data:`CHECKPOINT_EVERY` actions a copy of the position is kept,
so a step back or a jump costs a few dozen actions, never the whole game. The replay is
played through once when it is made, and refused if it does not end where the game did.

The table shows each position as one seat saw it (its hand, its bull, its log); the game
being over, any seat may be chosen, the others' secrets included.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence, QPainter
from PySide6.QtWidgets import QComboBox, QLabel, QSizePolicy, QToolBar, QWidget

from ..engine import Action
from ..i18n import _
from .names import state_name

if TYPE_CHECKING:
    from ..engine import Game

CHECKPOINT_EVERY = 40


class Replay:
    """The positions of ``game`` from its set-up (move 0) to its last action (move
    :attr:`length`), as seen by :attr:`viewer`."""

    def __init__(self, game: Game, viewer: str):
        self.actions: tuple[Action, ...] = tuple(game.actions)
        self.viewer = viewer
        self.at = 0
        from ..engine import Game  # the whole engine: not needed before a replay
        start = Game.new(game.setup["states"], game.setup["seed"], game.setup["options"],
                         scenario=game.rules)
        self._checkpoints: dict[int, Game] = {0: start}
        self._game = start.clone()
        # played through once (its checkpoints made): it must end where the game ended,
        # or what it showed would not be what happened
        if self.go(self.length).state_json() != game.state_json():
            raise ValueError("played again from its set-up, the game does not reach its end")
        self.go(0)

    @property
    def length(self) -> int:
        return len(self.actions)

    def go(self, k: int) -> Game:
        """Move to the position after the first ``k`` actions (clamped to the game)."""
        k = max(0, min(self.length, k))
        if k < self.at or k - self.at > CHECKPOINT_EVERY:
            base = max(c for c in self._checkpoints if c <= k)
            self._game, self.at = self._checkpoints[base].clone(), base
        game = self._game
        while self.at < k:
            game.apply(self.actions[self.at])
            self.at += 1
            if self.at % CHECKPOINT_EVERY == 0 and self.at not in self._checkpoints:
                self._checkpoints[self.at] = game.clone()
        return game

    @property
    def game(self) -> Game:
        """The position shown (do not play on it: :meth:`go` moves it)."""
        return self._game

    def view(self) -> dict:
        return self._game.view(self.viewer)

    def entries(self) -> list:
        """The log up to the position shown, as the viewer could read it."""
        return self._game.log_for(self.viewer)


class _ElidedLabel(QLabel):
    """One line that takes the room left and ends in "…" when it has too little (a long
    log line must not push "Close the replay" into the toolbar's overflow menu); the whole
    line is its tooltip."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        # asks for a little (the rest of the bar is given to it), not for its whole line
        return QSize(8 * self.fontMetrics().height(), super().sizeHint().height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(0, super().minimumSizeHint().height())

    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        super().setText(text)
        self.setToolTip(text)
        self.update()

    def paintEvent(self, _event) -> None:  # noqa: N802 - Qt's name
        painter = QPainter(self)
        rect = self.contentsRect()
        text = self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight,
                                             rect.width())
        painter.drawText(rect, int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft),
                         text)


class ReplayBar(QToolBar):
    """The controls under the table while a game is watched again: to the start, back,
    the move shown (and what it did), forward, to the end, whose eyes, close.

    Keys: ← and → a move, Page Up and Page Down ten, Home and End the start and the end,
    Space plays it (a move a second) or pauses (active only while the bar is shown). Signals: ``moveRequested(int)``, the position
    asked for; ``viewerChanged(str)``; ``closeRequested``."""

    moveRequested = Signal(int)
    viewerChanged = Signal(str)
    closeRequested = Signal()

    #: While "Play" is on, a move every this many milliseconds.
    PLAY_MS = 900

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("replayBar")
        self.setMovable(False)
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.at = self.length = 0
        self.first = self._step("|◀", lambda: 0, QKeySequence(Qt.Key.Key_Home))
        self.back_ten = self._step("«", lambda: self.at - 10, QKeySequence(Qt.Key.Key_PageUp))
        self.back = self._step("◀", lambda: self.at - 1, QKeySequence(Qt.Key.Key_Left))
        self.position = QLabel(objectName="replayPosition")
        self.addWidget(self.position)
        self.forward = self._step("▶", lambda: self.at + 1, QKeySequence(Qt.Key.Key_Right))
        self.forward_ten = self._step("»", lambda: self.at + 10,
                                      QKeySequence(Qt.Key.Key_PageDown))
        self.last = self._step("▶|", lambda: self.length, QKeySequence(Qt.Key.Key_End))
        self.play = QAction(self, checkable=True)  # a move every PLAY_MS, to the end
        self.play.setShortcut(QKeySequence(Qt.Key.Key_Space))
        self.play.toggled.connect(self._on_play)
        self.addAction(self.play)
        self.timer = QTimer(self, interval=self.PLAY_MS)
        self.timer.timeout.connect(lambda: self.moveRequested.emit(self.at + 1))
        self.addSeparator()
        self.seen_label = QLabel()
        self.addWidget(self.seen_label)
        self.viewer = QComboBox(objectName="replayViewer")
        self.viewer.activated.connect(
            lambda _i: self.viewerChanged.emit(self.viewer.currentData()))
        self.addWidget(self.viewer)
        self.addSeparator()
        self.what = _ElidedLabel(objectName="replayWhat")  # what the last move did
        self.addWidget(self.what)
        self.close_action = QAction(self)
        self.close_action.triggered.connect(lambda _c=False: self.closeRequested.emit())
        self.addAction(self.close_action)
        self.retranslate()

    def _step(self, text: str, target, keys: QKeySequence) -> QAction:
        action = QAction(text, self)
        action.setShortcut(keys)
        action.triggered.connect(lambda _c=False: self.moveRequested.emit(target()))
        self.addAction(action)
        return action

    def _on_play(self, on: bool) -> None:
        if on and self.at >= self.length:
            self.moveRequested.emit(0)  # played to the end: "Play" starts it again
        if on:
            self.timer.start()
        else:
            self.timer.stop()
        self.play.setText(_("Pause") if on else _("Play"))

    def stop(self) -> None:
        """Stop playing (the replay is closed)."""
        self.play.setChecked(False)

    def set_states(self, states: list[str], viewer: str) -> None:
        self.viewer.clear()
        for sid in states:
            self.viewer.addItem(state_name(sid), sid)
        self.viewer.setCurrentIndex(max(0, self.viewer.findData(viewer)))

    def set_position(self, at: int, length: int, what: str) -> None:
        self.at, self.length = at, length
        self.position.setText(_("Move {at} of {length}").format(at=at, length=length))
        self.what.setText(what)
        for action in (self.first, self.back_ten, self.back):
            action.setEnabled(at > 0)
        for action in (self.forward, self.forward_ten, self.last):
            action.setEnabled(at < length)
        if at >= length and self.play.isChecked():
            self.play.setChecked(False)  # the end reached

    def retranslate(self) -> None:
        self.setWindowTitle(_("Replay"))
        self.seen_label.setText(" " + _("As seen by:") + " ")
        self.close_action.setText(_("Close the replay"))
        self.play.setText(_("Pause") if self.play.isChecked() else _("Play"))
        self.play.setToolTip(_("A move every second, to the end (Space)"))
        for action, tip in ((self.first, _("To the start (Home)")),
                            (self.back_ten, _("Ten moves back (Page Up)")),
                            (self.back, _("A move back (←)")),
                            (self.forward, _("A move forward (→)")),
                            (self.forward_ten, _("Ten moves forward (Page Down)")),
                            (self.last, _("To the end (End)"))):
            action.setToolTip(tip)
        for i in range(self.viewer.count()):
            self.viewer.setItemText(i, state_name(self.viewer.itemData(i)))
        self.set_position(self.at, self.length, self.what.text())

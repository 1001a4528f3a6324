"""A message or a question to the player, sized by its words.

Every "something went wrong", "Give up the order?" and "Delete the save?" of the window is
one :class:`MessageBox`. Qt's own ``QMessageBox`` would not do on a large screen: it caps
its width at 1000 pixels whatever its font (``QMessageBoxPrivate::updateSize``), so with
the interface's words 2.4 times larger on a 4K screen a two-line message became a narrow
column of ten lines, beside an icon of desktop size. Here the text's width, the icon and
the title are measured in the interface's font, and the title is said inside the box as
well as on its frame (a window manager may not draw the frame's title at all).

The box is never blocking: the game goes on behind it (bots keep thinking, the table keeps
drawing), and the choices call back when clicked.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from ..i18n import _
from .window_size import SCREEN_SHARE

#: The text wraps at this many lines' heights of the interface's font (≈ 60 letters),
#: and a box is never narrower than :data:`NARROWEST` (room for its title and buttons).
WIDEST = 26
NARROWEST = 14


class Icon(Enum):
    """What kind of box it is, shown by the platform's icon for it."""
    WARNING = QStyle.StandardPixmap.SP_MessageBoxWarning
    QUESTION = QStyle.StandardPixmap.SP_MessageBoxQuestion


#: A choice: the words on its button and what clicking it does (None: only close the box).
Choice = tuple[str, Callable[[], object] | None]


class MessageBox(QDialog):
    """A non-blocking box: an icon, a title, the text and one button per choice.

    The first choice is the one Enter picks unless ``default`` names another; Escape or
    closing the frame closes the box choosing nothing. The box deletes itself when closed.
    """

    def __init__(self, parent: QWidget | None, title: str, text: str,
                 choices: Sequence[Choice], *, icon: Icon = Icon.WARNING,
                 default: int = 0, name: str = "messageBox"):
        super().__init__(parent)
        self.setObjectName(name)
        self.setWindowTitle(title)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        em = self.fontMetrics().height()

        self.icon = QLabel(objectName="messageIcon")
        side = round(2.2 * em)
        self.icon.setPixmap(self.style().standardIcon(icon.value).pixmap(side, side))
        self.icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.title_label = QLabel(title, objectName="messageTitle")
        font = self.title_label.font()
        font.setPointSizeF(font.pointSizeF() * 1.2)
        font.setBold(True)
        self.title_label.setFont(font)
        self.title_label.setWordWrap(True)
        self.text_label = QLabel(text, objectName="messageText")
        self.text_label.setWordWrap(True)
        self.text_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.text_label.setFixedWidth(self.text_width(text))
        self.title_label.setFixedWidth(self.text_label.width())

        self.buttons: list[QPushButton] = []  # in the order of ``choices``
        row = QHBoxLayout()
        row.addStretch(1)
        for index, (label, action) in enumerate(choices):
            button = QPushButton(label)
            button.setAutoDefault(index == default)
            button.setDefault(index == default)
            button.clicked.connect(self._chooser(action))
            row.addWidget(button)
            self.buttons.append(button)

        words = QVBoxLayout()
        words.addWidget(self.title_label)
        words.addWidget(self.text_label)
        words.addSpacing(em // 2)
        words.addLayout(row)
        body = QHBoxLayout(self)
        body.setSpacing(em)
        body.addWidget(self.icon)
        body.addLayout(words)
        self.adjustSize()
        if self.buttons:
            self.buttons[default].setFocus()

    def text_width(self, text: str) -> int:
        """The longest line of ``text`` unwrapped, between :data:`NARROWEST` and
        :data:`WIDEST` lines' heights of the font: a short message is not stretched, a long
        one wraps into a readable column; and the box stays within its screen."""
        metrics = self.fontMetrics()
        em = metrics.height()
        longest = max((metrics.horizontalAdvance(line) for line in text.splitlines()),
                      default=0)
        width = max(NARROWEST * em, min(WIDEST * em, longest + em // 2))
        screen = self.screen()
        if screen is not None:  # the icon, the margins and the frame take about 5 em
            width = min(width, int(screen.availableGeometry().width() * SCREEN_SHARE[0])
                        - 5 * em)
        return width

    def text(self) -> str:
        """The message (the title aside)."""
        return self.text_label.text()

    def _chooser(self, action: Callable[[], object] | None) -> Callable[[], None]:
        def choose() -> None:
            self.accept()
            if action is not None:
                action()
        return choose


def tell(parent: QWidget | None, title: str, text: str) -> MessageBox:
    """Show a message with one "OK" (a warning: something did not happen as asked)."""
    box = MessageBox(parent, title, text, [(_("OK"), None)])
    box.open()
    return box


def ask(parent: QWidget | None, title: str, text: str, choices: Sequence[Choice], *,
        default: int = 0, name: str = "question") -> MessageBox:
    """Ask a question: one button per choice, ``default`` picked by Enter."""
    box = MessageBox(parent, title, text, choices, icon=Icon.QUESTION, default=default,
                     name=name)
    box.open()
    return box

"""The About dialog: the version, the licences and the credits.

The credits and licences are the shipped ``data/CREDITS.md`` (``CREDITS.<lang>.md`` in
another language when there is one: ``CREDITS.ru.md``), found through ``resources.py`` so
the frozen app shows the same files, rendered as Markdown.
"""
from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QTextBrowser, QVBoxLayout, QWidget

from .. import __version__, i18n
from ..i18n import _
from ..resources import data_dir
from .window_size import resize_within_screen, size_in_lines


def credits_markdown(lang: str | None = None) -> str:
    """The credits in ``lang`` (default: the interface's language), else in English."""
    lang = lang or i18n.current_language()
    own = data_dir() / f"CREDITS.{lang}.md"
    path = own if own.is_file() else data_dir() / "CREDITS.md"
    return path.read_text(encoding="utf-8")


class AboutDialog(QDialog):
    """Name and version on top, the credits and licences below."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("aboutDialog")
        self.heading = QLabel(objectName="aboutHeading")
        self.text = QTextBrowser(openExternalLinks=True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.close_button = buttons.button(QDialogButtonBox.StandardButton.Close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.text)
        layout.addWidget(buttons)
        self.retranslate()
        resize_within_screen(self, self.wanted_size())
        i18n.add_listener(self._on_language)

    def wanted_size(self) -> QSize:
        """As large as its words need: they grow with the interface scale on a 4K screen."""
        return size_in_lines(self, 54, 36)

    def _on_language(self, _lang: str) -> None:
        self.retranslate()

    def retranslate(self) -> None:
        self.setWindowTitle(_("About Crusaders"))
        self.close_button.setText(_("Close"))
        self.heading.setText("<h2>" + _("Crusaders") + "</h2><p>"
                             + _("Version {version}").format(version=__version__) + "</p>")
        self.text.setMarkdown(credits_markdown())

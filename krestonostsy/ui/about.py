"""The About dialog: the version, the licences and the credits.

The credits and licences are the shipped ``data/CREDITS.md`` (found through
``resources.py``, so the frozen app shows the same file), rendered as Markdown.
"""
from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QTextBrowser, QVBoxLayout, QWidget

from .. import __version__, i18n
from ..i18n import _
from ..resources import data_dir


def credits_markdown() -> str:
    """The text of ``data/CREDITS.md``."""
    return (data_dir() / "CREDITS.md").read_text(encoding="utf-8")


class AboutDialog(QDialog):
    """Name and version on top, the credits and licences below."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("aboutDialog")
        self.resize(720, 600)
        self.heading = QLabel(objectName="aboutHeading")
        self.text = QTextBrowser(openExternalLinks=True)
        self.text.setMarkdown(credits_markdown())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.close_button = buttons.button(QDialogButtonBox.StandardButton.Close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.text)
        layout.addWidget(buttons)
        self.retranslate()
        i18n.add_listener(self._on_language)

    def _on_language(self, _lang: str) -> None:
        self.retranslate()

    def retranslate(self) -> None:
        self.setWindowTitle(_("About Crusaders"))
        self.close_button.setText(_("Close"))
        self.heading.setText("<h2>" + _("Crusaders") + "</h2><p>"
                             + _("Version {version}").format(version=__version__) + "</p>")

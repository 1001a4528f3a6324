"""The About dialog: the version, the credits and the licences.

The credits are the shipped ``data/CREDITS.md`` (``CREDITS.<lang>.md`` in another language
when there is one: ``CREDITS.ru.md``), found through ``resources.py`` so the frozen app
shows the same files, rendered as Markdown. The licences tab shows the full texts: in a
frozen build the third-party notice the build generated from the files it bundled
(``THIRD-PARTY-NOTICES.txt`` beside the bundled libraries, ``packaging/notices.py``), else
the program's ``LICENSE``.
"""
from __future__ import annotations

import importlib.metadata
import sys
from pathlib import Path

from PySide6.QtCore import QSize
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

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


NOTICE = "THIRD-PARTY-NOTICES.txt"


def _program_licence() -> str:
    """``LICENSE`` of a checkout, else of the installed distribution's metadata."""
    checkout = Path(__file__).resolve().parents[2] / "LICENSE"
    if checkout.is_file():
        return checkout.read_text(encoding="utf-8")
    try:
        dist = importlib.metadata.distribution("krestonostsy")
    except importlib.metadata.PackageNotFoundError:
        return ""
    # core metadata 2.4 (setuptools >= 77) keeps it under licenses/, older builds beside
    # METADATA
    return dist.read_text("licenses/LICENSE") or dist.read_text("LICENSE") or ""


def licences_text() -> str:
    """The licence texts of what runs. A frozen build carries everything it runs on, and
    its notice lists all of it; a pip-installed game runs on packages installed beside it,
    which carry their own licences."""
    bundle = getattr(sys, "_MEIPASS", None)
    notice = Path(bundle) / NOTICE if bundle else None
    if notice is not None and notice.is_file():
        return notice.read_text(encoding="utf-8")
    return (_("Qt for Python, PyYAML and Python, which the game runs on, were installed "
              "separately, each with its own licence.") + "\n\n" + _program_licence())


class AboutDialog(QDialog):
    """Name and version on top, the credits and the licences below, in two tabs."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("aboutDialog")
        self.heading = QLabel(objectName="aboutHeading")
        self.text = QTextBrowser(openExternalLinks=True)
        # long (the bundle's notice is ~1 MB): read when its tab is first opened
        self.licences = QPlainTextEdit(readOnly=True, objectName="aboutLicences")
        fixed = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        fixed.setPointSizeF(self.font().pointSizeF() * 0.85)  # grows with the interface
        self.licences.setFont(fixed)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.text, "")
        self.tabs.addTab(self.licences, "")
        self.tabs.currentChanged.connect(self._on_tab)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.close_button = buttons.button(QDialogButtonBox.StandardButton.Close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.tabs)
        layout.addWidget(buttons)
        self.retranslate()
        resize_within_screen(self, self.wanted_size())
        i18n.add_listener(self._on_language)

    def wanted_size(self) -> QSize:
        """As large as its words need: they grow with the interface scale on a 4K screen."""
        return size_in_lines(self, 54, 36)

    def _on_language(self, _lang: str) -> None:
        self.retranslate()

    def _on_tab(self, index: int) -> None:
        if self.tabs.widget(index) is self.licences and not self.licences.toPlainText():
            self.licences.setPlainText(licences_text())

    def retranslate(self) -> None:
        self.setWindowTitle(_("About Crusaders"))
        self.close_button.setText(_("Close"))
        self.heading.setText("<h2>" + _("Crusaders") + "</h2><p>"
                             + _("Version {version}").format(version=__version__) + "</p>")
        self.text.setMarkdown(credits_markdown())
        self.tabs.setTabText(0, _("Credits"))
        self.tabs.setTabText(1, _("Licences"))
        if self.licences.toPlainText():  # already read: again, in the new language
            self.licences.setPlainText(licences_text())

"""QApplication set-up: names, the interface font (``fonts.py``), the language, the main window."""
from __future__ import annotations

import logging
import sys

from PySide6.QtCore import QCoreApplication, QEvent, QLocale, QObject, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QMainWindow

from .. import i18n, startup_trace
from .fonts import ui_font
from .settings import APPLICATION, ORGANIZATION, Settings

# The menu entry's id (packaging/build.py APP_ID): Wayland and the desktop match the window to it.
DESKTOP_FILE_ID = "io.github.krestonostsy.Krestonostsy"


def setup_application(argv: list[str] | None = None) -> QApplication:
    """The QApplication (created once), with names, fonts and the chosen language."""
    app = QApplication.instance()
    if app is None:
        QCoreApplication.setOrganizationName(ORGANIZATION)
        QCoreApplication.setApplicationName(APPLICATION)
        QGuiApplication.setApplicationDisplayName("Крестоносцы")
        QGuiApplication.setDesktopFileName(DESKTOP_FILE_ID)
        app = QApplication(list(argv) if argv is not None else sys.argv[:1])
        startup_trace.mark("app")
    else:
        QCoreApplication.setOrganizationName(ORGANIZATION)
        QCoreApplication.setApplicationName(APPLICATION)
    app.setFont(ui_font())
    startup_trace.mark("fonts")
    return app


def apply_language(settings: Settings) -> str:
    lang = i18n.set_language(settings.language)
    QLocale.setDefault(QLocale(QLocale.Language.Russian if lang == "ru"
                               else QLocale.Language.English))
    return lang


class _FirstPaint(QObject):
    """Writes the ``paint`` milestone once the window has painted for the first time (and
    closes it with ``KRESTONOSTSY_STARTUP_TRACE=exit``): it watches the first page's paint
    event and marks on the next turn of the event loop, after the window was flushed to
    the screen."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self._painted)
        return False

    def _painted(self) -> None:
        startup_trace.mark("paint")
        if startup_trace.exit_after_paint():
            QTimer.singleShot(0, QApplication.closeAllWindows)


def _trace_first_paint(window: QMainWindow) -> None:
    page = window.centralWidget()
    watcher = _FirstPaint(window)
    (page if page is not None else window).installEventFilter(watcher)


def main(argv: list[str] | None = None) -> int:
    """Open the game window (``krestonostsy`` with no arguments)."""
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    from . import crash_guard
    from .main_window import MainWindow
    from .saves import data_dir
    startup_trace.mark("imports")
    app = setup_application(argv)
    settings = Settings()
    apply_language(settings)
    log_path = crash_guard.start_log_file(data_dir())
    window = MainWindow(settings)
    guard = crash_guard.install(window, log_path)  # a bug in a click: told, logged, no crash
    window.show()
    startup_trace.mark("window")
    if startup_trace.enabled():
        _trace_first_paint(window)
    try:
        return app.exec()
    finally:
        guard.uninstall()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

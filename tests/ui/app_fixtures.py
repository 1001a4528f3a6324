"""Shared fixtures of the app tests (test_app, test_i18n, test_saves, test_handoff).

Every test gets its own settings file and save folder; the table is the real
``TableView`` when it exists, else :class:`FakeTable` (a test double only).
"""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtCore import QSettings, QSize, Signal  # noqa: E402
from PySide6.QtGui import QColor, QImage  # noqa: E402
from PySide6.QtWidgets import QWidget  # noqa: E402

from krestonostsy import i18n  # noqa: E402


class FakeTable(QWidget):
    """Test double of ``ui/table/view.py: TableView`` (same interface, draws nothing)."""

    actionChosen = Signal(object)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.shown = []
        self.highlighted = []
        self.language_calls = 0

    def show_view(self, view, legal, player, log=None):
        self.shown.append((view, legal, player))
        self.log = log

    def set_language(self, lang=None):
        self.language_calls += 1

    def highlight_ids(self, ids):
        self.highlighted.append(list(ids))

    def fit(self):
        pass

    def render_to_image(self, size: QSize) -> QImage:
        image = QImage(size, QImage.Format.Format_ARGB32)
        image.fill(QColor("#d9c9a0"))
        return image


def table_factory():
    try:
        from krestonostsy.ui.table.view import TableView  # noqa: F401
    except ImportError:
        return FakeTable
    return lambda parent=None: TableView(parent)


@pytest.fixture
def lang_ru():
    i18n.set_language("ru")
    yield "ru"
    i18n.set_language("ru")


@pytest.fixture
def settings(tmp_path, qapp):
    from krestonostsy.ui.settings import Settings
    qs = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    s = Settings(qs)
    s.language = "ru"
    return s


@pytest.fixture
def store(tmp_path):
    from krestonostsy.ui.saves import SaveStore
    return SaveStore(tmp_path / "saves")


@pytest.fixture
def window(qtbot, settings, store, lang_ru):
    from krestonostsy.ui.main_window import MainWindow
    w = MainWindow(settings, store, table_factory=table_factory())
    w.auto_confirm = True
    qtbot.addWidget(w)
    w.show()
    return w


@pytest.fixture
def fake_window(qtbot, settings, store, lang_ru):
    """A window whose table is always the test double (to inspect what it was asked)."""
    from krestonostsy.ui.main_window import MainWindow
    w = MainWindow(settings, store, table_factory=FakeTable)
    w.auto_confirm = True
    qtbot.addWidget(w)
    w.show()
    return w


@pytest.fixture
def instant_animations():
    """Animations off for the test (the table redraws at once), back to normal after."""
    from krestonostsy.ui.table import animation

    animation.set_speed("instant")
    yield
    animation.set_speed("normal")


@pytest.fixture
def table(qtbot):
    """A shown 1280×800 TableView."""
    from krestonostsy.ui.table import TableView

    view = TableView()
    qtbot.addWidget(view)
    view.resize(1280, 800)
    view.show()
    qtbot.waitExposed(view)
    return view

"""Shared fixtures of the app tests (test_app, test_i18n, test_saves, test_handoff).

Every test gets its own settings file and save folder; the table is the real
``TableView`` when it exists, else :class:`FakeTable` (a test double only).
"""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from answers import answer_questions  # noqa: E402
from PySide6.QtCore import QSettings, QSize, Signal  # noqa: E402
from PySide6.QtGui import QColor, QImage  # noqa: E402
from PySide6.QtWidgets import QWidget  # noqa: E402

from krestonostsy import i18n  # noqa: E402


class FakeTable(QWidget):
    """Test double of ``ui/table/view.py: TableView``: the window's interface to the table
    (``ui/table/interface.py: GameTable``), recording what it is asked and drawing
    nothing."""

    actionChosen = Signal(object)
    rulesRequested = Signal(object)
    glossaryRequested = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.shown = []
        self.prepared = []
        self.highlighted = []
        self.hinted = []
        self.language_calls = 0
        self.thinking = None
        self.settings = {}

    def show_view(self, view, legal=None, player=None, log=None):
        self.shown.append((view, legal, player))
        self.log = log

    def prepare_view(self, view, legal=None, player=None, log=None):
        self.prepared.append((view, legal, player))

    def set_thinking(self, state, redraw=True):
        self.thinking = state

    def show_hint(self, action):
        self.hinted.append(action)
        return str(action)

    def set_language(self, lang=None):
        self.language_calls += 1

    def highlight_ids(self, ids):
        self.highlighted.append(list(ids))

    def dismiss_notices(self):
        pass

    def fit(self):
        pass

    def set_keep_legible(self, on):
        self.settings["keep_legible"] = on

    def set_speed(self, name):
        self.settings["speed"] = name

    def set_colour_blind(self, on):
        self.settings["colour_blind"] = on

    def set_results_close(self, on):
        self.settings["results_close"] = on

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
    answer_questions(w)
    qtbot.addWidget(w)
    w.show()
    return w


@pytest.fixture
def fake_window(qtbot, settings, store, lang_ru):
    """A window whose table is always the test double (to inspect what it was asked)."""
    from krestonostsy.ui.main_window import MainWindow
    w = MainWindow(settings, store, table_factory=FakeTable)
    answer_questions(w)
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

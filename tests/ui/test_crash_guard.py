"""The window's safety net (ui/crash_guard.py): an unexpected error in a click or a
repaint is logged with its traceback, told once in the player's language, and the game
goes on."""
from __future__ import annotations

import logging
import sys

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QTimer  # noqa: E402

from krestonostsy.ui import crash_guard  # noqa: E402


@pytest.fixture
def log_file(tmp_path):
    path = crash_guard.start_log_file(tmp_path)
    yield path
    root = logging.getLogger()
    for handler in [h for h in root.handlers
                    if getattr(h, "baseFilename", None) == str(path)]:
        root.removeHandler(handler)
        handler.close()


def _raise_in_a_click() -> None:
    raise ValueError("the slot is broken")


@pytest.mark.qt_no_exception_capture
def test_an_error_in_a_slot_is_logged_and_told_once_and_the_window_goes_on(
        qtbot, fake_window, lang_ru, log_file):
    w = fake_window
    w.start_new_game(["jerusalem", "tripoli"], seed=3)
    guard = crash_guard.install(w, log_file)
    try:
        for _ in range(3):  # the same error again and again (a repaint every frame)
            QTimer.singleShot(0, _raise_in_a_click)
        qtbot.waitUntil(lambda: sum(guard.seen.values()) == 3, timeout=5000)
    finally:
        guard.uninstall()
    assert sys.excepthook is not guard
    title, text = w.last_message
    assert title == "Что-то пошло не так"
    assert "ValueError: the slot is broken" in text
    assert "Игра продолжается" in text and "сохраняется после каждого хода" in text
    assert str(log_file) in text
    logged = log_file.read_text(encoding="utf-8")
    assert logged.count("ValueError: the slot is broken") == 1  # once, with its traceback
    assert "Traceback" in logged and "_raise_in_a_click" in logged
    # the game goes on: a legal move is still accepted
    c = w.controller
    if c.pending_handoff is not None:
        c.acknowledge_handoff()
    before = len(c.game.actions)
    assert c.choose(c.legal_for_viewer()[0])
    # played, or held for "End turn" (a placement ends the turn: safe turns)
    assert len(c.game.actions) == before + 1 or c.pending_end is not None


def test_without_a_log_file_or_a_game_the_message_says_only_what_holds(fake_window):
    guard = crash_guard.CrashGuard(fake_window, None)
    text = guard.message(KeyError("x"))
    assert "KeyError" in text
    assert "saved after every move" not in text and "details" not in text


def test_a_folder_that_cannot_be_written_gives_no_log_file_and_no_error(tmp_path):
    blocker = tmp_path / "logs"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    assert crash_guard.start_log_file(tmp_path) is None

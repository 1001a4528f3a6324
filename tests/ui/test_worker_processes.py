"""The Expert's worker processes end with the game that owns them and with the window
(issue 31 §6): closing either leaves no child process behind — neither the two search
workers nor the resource tracker ``multiprocessing`` starts for their queues."""
from __future__ import annotations

import multiprocessing
import os
import sys

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from krestonostsy.ai import ismcts  # noqa: E402

TWO = ["jerusalem", "edessa"]


def children() -> list:
    """This process's live children: the processes ``multiprocessing`` knows of, and on
    Linux every child process at all (the resource tracker is not a Process object)."""
    found = [p.pid for p in multiprocessing.active_children()]
    if sys.platform.startswith("linux"):
        me = os.getpid()
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat", encoding="ascii") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue  # ended meanwhile
            if int(fields[1]) == me and fields[0] != "Z":
                found.append(int(entry))
    return sorted(set(found))


def _experts_thinking(qtbot, controller) -> None:
    """A game of two Expert seats, until the search runs in its worker processes."""
    controller.new_game(TWO, 5, seats={s: "expert" for s in TWO})
    qtbot.waitUntil(lambda: len(ismcts.worker_processes()) == 2, timeout=60_000)
    assert len(children()) >= 2


@pytest.fixture(autouse=True)
def no_pool_before():
    ismcts.release_workers()  # an earlier test's pool would count here
    assert children() == []
    yield
    ismcts.release_workers()


def test_closing_the_window_ends_the_experts_processes(qtbot, window):
    _experts_thinking(qtbot, window.controller)
    window.close()
    assert children() == []


def test_closing_the_game_ends_them_too(qtbot, window):
    _experts_thinking(qtbot, window.controller)
    window.controller.close_game()
    assert children() == []
    # and a new game starts them again when an Expert thinks
    _experts_thinking(qtbot, window.controller)
    window.controller.close_game()
    assert children() == []

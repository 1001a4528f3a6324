"""A short seeded monkey session at the window (tests/ui/monkey.py): random interactions
of every kind — legal clicks, clicks anywhere, keys, undo, hints, saves and loads, resizes,
language switches, replays, new games and games taken over near their end — while bots
think and the table animates. No error may reach the crash guard, no message box may tell
a program fault, and the game in the window must replay from its own actions."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from monkey import run_session  # noqa: E402


@pytest.mark.parametrize("seed", [0, 1])
def test_a_monkey_at_the_window_finds_no_fault(qapp, seed):
    faults, tried, seen = run_session(seed, steps=400)
    assert not faults, "\n\n".join(faults)
    assert seen.get("moves", 0) > 20 and sum(tried.values()) == 400, (seen, tried)

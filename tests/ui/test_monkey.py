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


def test_the_monkey_sees_a_table_shown_behind_a_pending_hand_off(qapp, tmp_path):
    """The privacy check is not blind: a hot-seat table put on screen while the next
    player is awaited behind the hand-off screen is a fault."""
    from monkey import Monkey

    m = Monkey(5, tmp_path)
    try:
        m.w.start_new_game(["jerusalem", "tripoli"], seed=3)
        c = m.w.controller
        if m.w.current_page() == "handoff":
            c.acknowledge_handoff()
        m.check_privacy()
        assert m.faults == []
        c.pending_handoff = next(x for x in ("jerusalem", "tripoli") if x != c.viewer)
        m.w.show_table_page()  # the window itself shows the hand-off first
        assert m.w.current_page() == "handoff"
        m.check_privacy()
        assert m.faults == []
        m.w.stack.setCurrentWidget(m.w.game_page)  # forced past it
        m.check_privacy()
        assert m.faults and "hand-off" in m.faults[0]
    finally:
        m.close()

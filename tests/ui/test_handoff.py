"""Hot-seat: the hand-off screen covers the table and shows nothing private."""
from __future__ import annotations

import random

from PySide6.QtCore import Qt


def _advance_to_next_handoff(w, rnd, limit=300):
    c = w.controller
    for _ in range(limit):
        if c.pending_handoff or c.game.is_over:
            return c.pending_handoff
        c.choose(rnd.choice(c.legal_for_viewer()))
    return None


def test_handoff_between_two_humans_hides_the_table(qtbot, fake_window):
    w = fake_window
    w.start_new_game(["jerusalem", "tripoli"], 8)
    c = w.controller
    first = c.pending_handoff
    assert first == c.deciding
    assert w.current_page() == "handoff"
    assert c.current_view() is None and c.legal_for_viewer() is None
    assert w.handoff.name.text() in ("Иерусалим", "Триполи")
    shown_before = len(w.table.shown)
    qtbot.mouseClick(w.handoff, Qt.MouseButton.LeftButton)
    assert w.current_page() == "table"
    assert c.viewer == first
    assert len(w.table.shown) == shown_before + 1
    view, legal, player = w.table.shown[-1]
    assert player == first and legal

    nxt = _advance_to_next_handoff(w, random.Random(2))
    assert nxt is not None and nxt != first
    assert w.current_page() == "handoff"
    assert w.handoff.player == nxt
    # the previous player's hand is not on screen: the table was not redrawn for anyone
    assert c.current_view() is None
    qtbot.keyClick(w.handoff, Qt.Key.Key_Space)
    assert c.viewer == nxt
    view, legal, player = w.table.shown[-1]
    assert view["viewer"] == nxt
    other = first
    assert isinstance(view["players"][other]["tactics"], int), "others' hands are hidden"


def test_private_log_entries_are_hidden_during_handoff(fake_window):
    w = fake_window
    w.start_new_game(["jerusalem", "tripoli"], 8, options={"first_game": False})
    c = w.controller
    rnd = random.Random(5)
    for _ in range(200):
        if c.game.is_over:
            break
        if c.pending_handoff:
            visible = c.visible_log()
            assert all(v is None for _k, _p, v in visible)
            assert len(w.log_panel.entries) == len(visible)
            w.handoff.acknowledged.emit()
            continue
        viewer = c.viewer
        assert all(v is None or viewer in v for _k, _p, v in c.visible_log())
        c.choose(rnd.choice(c.legal_for_viewer()))


def test_handoff_screen_follows_the_language(fake_window):
    from krestonostsy import i18n
    w = fake_window
    w.handoff.show_player("edessa")
    assert w.handoff.name.text() == "Эдесса"
    i18n.set_language("en")
    assert w.handoff.name.text() == "Edessa"
    assert "Space" in w.handoff.hint.text()


def test_a_single_human_needs_no_handoff(qtbot, fake_window, settings):
    settings.animation_speed = "instant"  # bots move without the pause a person needs
    from krestonostsy.ui import controller as ctl

    class Bot(ctl.Seat):
        kind = "testbot"

        def choose(self, game, cancel):
            return game.legal_actions()[0]

    ctl.register_seat_type("testbot", Bot)
    try:
        w = fake_window
        w.start_new_game(["jerusalem", "tripoli"], 8,
                         seats={"jerusalem": "human", "tripoli": "testbot"})
        c = w.controller
        for _ in range(40):
            qtbot.waitUntil(lambda: not c.busy, timeout=5000)
            assert c.pending_handoff is None
            assert w.current_page() in ("table", "scoring")
            if c.game.is_over:
                break
            legal = c.legal_for_viewer()
            if legal:
                assert c.viewer == "jerusalem"
                c.choose(legal[0])
    finally:
        ctl.SEAT_TYPES.pop("testbot", None)
        ctl.SEAT_LABELS.pop("testbot", None)

"""Hot-seat: the hand-off screen covers the table and shows nothing private."""
from __future__ import annotations

import random

from answers import answer_questions
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


# --- the next player's table, ready behind the hand-off screen (issue 9 §5) --------------

def _real_window(qtbot, settings, store, prepare: bool = True):
    from krestonostsy.ui.main_window import MainWindow
    from krestonostsy.ui.table.view import TableView
    w = MainWindow(settings, store, table_factory=lambda parent=None: TableView(parent),
                   autosave=False)
    answer_questions(w)
    if not prepare:
        w._prepare_timer.timeout.disconnect()  # the table is drawn only on "ready"
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    return w


def _to_handoff(qtbot, w, rnd, limit=300):
    """Play random choices (confirming the end of each turn) until a hand-off, and let
    the window do what it does behind the hand-off screen."""
    from krestonostsy.ui.controller import TAKE_BACK
    c = w.controller
    for _ in range(limit):
        if c.pending_handoff or c.game.is_over:
            break
        c.choose(rnd.choice([a for a in c.legal_for_viewer() if a != TAKE_BACK]))
    assert c.pending_handoff, "the game never passed the screen on"
    qtbot.wait(20)  # the hand-off screen is painted, then the next table prepared
    return c.pending_handoff


def test_the_next_table_is_prepared_behind_the_handoff_and_only_shown_on_ready(
        qtbot, settings, store, lang_ru):
    w = _real_window(qtbot, settings, store)
    w.start_new_game(["jerusalem", "tripoli"], 8)
    w.handoff.acknowledged.emit()
    rnd = random.Random(4)
    nxt = _to_handoff(qtbot, w, rnd)
    table = w.table
    scene = table.scene()
    assert w.current_page() == "handoff"
    assert not table.isVisible(), "nothing of the next player's table is on screen"
    assert table.prepared
    assert scene.view_data["viewer"] == nxt  # laid out for the next player already
    builds = []
    real_build = scene.build
    scene.build = lambda *a, **k: (builds.append(a), real_build(*a, **k))[1]
    w.handoff.acknowledged.emit()
    assert w.current_page() == "table" and table.isVisible()
    assert builds == [], "'ready' lays nothing out again: the prepared table is shown"
    assert not table.prepared and not scene.staged
    assert scene.viewer == nxt and table.legal_actions() == w.controller.legal_for_viewer()


def test_the_prepared_table_waits_with_the_others_moves_until_ready(
        qtbot, settings, store, lang_ru):
    from krestonostsy.ui.table import animation
    w = _real_window(qtbot, settings, store)
    animation.set_speed("normal")
    try:
        w.start_new_game(["jerusalem", "tripoli"], 8)
        w.handoff.acknowledged.emit()
        _to_handoff(qtbot, w, random.Random(4))
        scene = w.table.scene()
        assert scene.motion.pending, "the other player's moves wait for the next player"
        assert animation.active() == []
        w.handoff.acknowledged.emit()
        assert not scene.motion.pending
        assert animation.active(), "they are played when the next player is at the screen"
    finally:
        animation.set_speed("instant")
        animation.finish_all()


def test_the_prepared_table_is_the_table_a_direct_show_draws(qtbot, settings, store, lang_ru):
    """The same game, the same clicks, in a window that prepares the next table behind
    the hand-off and one that draws it only on "ready": the two tables look the same."""
    from PySide6.QtGui import QImage

    from krestonostsy.ui.table import animation
    animation.set_speed("instant")
    shots = []
    for prepare in (True, False):
        w = _real_window(qtbot, settings, store, prepare=prepare)
        w.start_new_game(["jerusalem", "tripoli"], 8)
        w.handoff.acknowledged.emit()
        rnd = random.Random(4)
        for _turn in range(3):
            _to_handoff(qtbot, w, rnd)
            assert w.table.prepared == prepare
            w.handoff.acknowledged.emit()
            qtbot.wait(5)
        animation.finish_all()
        shots.append(w.table.grab().toImage().convertToFormat(QImage.Format.Format_RGB32))
        w.close()
    a, b = shots
    assert a.size() == b.size()
    diff = sum(a.pixel(x, y) != b.pixel(x, y)
               for y in range(0, a.height(), 3) for x in range(0, a.width(), 3))
    assert diff <= 0.002 * (a.width() // 3) * (a.height() // 3), diff


def test_the_log_panel_never_keeps_another_players_private_lines(qtbot, fake_window,
                                                                  tmp_path):
    """Hot-seat with a bot: saved while the bot thinks after Tripoli's move (Tripoli's log
    on screen) and loaded again, the game shows the log to the first human, Jerusalem. The
    panel used to append to what it showed whenever the new log ended like the old one at
    the old length: it kept Tripoli's log, private lines included (tests/ui/monkey.py)."""
    w = fake_window
    w.start_new_game(["jerusalem", "tripoli", "edessa"], 3,
                     seats={"jerusalem": "human", "tripoli": "human", "edessa": "novice"},
                     options={"first_game": False})
    c = w.controller
    rnd = random.Random(4)

    def tripolis_secret_on_screen() -> bool:
        return c.busy and c.viewer == "tripoli" and any(
            v == ("tripoli",) for _k, _p, v in w.log_panel.entries)
    for _ in range(3000):
        if c.game.is_over or tripolis_secret_on_screen():
            break
        if c.pending_handoff:
            c.acknowledge_handoff()
        elif c.busy:
            qtbot.waitUntil(lambda: not c.busy, timeout=10000)
        elif c.legal_for_viewer():
            c.choose(rnd.choice(c.legal_for_viewer()))
    assert tripolis_secret_on_screen(), "the game never reached the case"
    path = tmp_path / "hot.json"
    assert w.save_file(path) and w.load_file(path)
    assert c.viewer == "jerusalem" and c.pending_handoff is None
    assert w.log_panel.entries == c.visible_log()
    assert not any(v == ("tripoli",) for _k, _p, v in w.log_panel.entries)


def test_the_log_panel_renders_anew_a_log_that_only_ends_alike(qapp):
    from krestonostsy.ui.log_panel import LogPanel
    public = ("round_started", {"round": 1}, None)
    tripoli = [public, ("spy_drawn_card", {"player": "tripoli", "card": "a"}, ("tripoli",)),
               ("taxes", {"player": "tripoli", "coins": 2}, None)]
    jerusalem = [public, ("spy_drawn_card", {"player": "jerusalem", "card": "b"},
                          ("jerusalem",)), ("taxes", {"player": "tripoli", "coins": 2}, None)]
    panel = LogPanel()
    panel.set_entries(tripoli)
    panel.set_entries(jerusalem)
    assert panel.entries == jerusalem
    panel.set_entries(jerusalem + [public])  # a true continuation is appended
    assert panel.entries == jerusalem + [public]

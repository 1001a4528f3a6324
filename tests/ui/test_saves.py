"""Saves: save → load gives the same view, bad files are refused cleanly, autosaves rotate."""
from __future__ import annotations

import json
import random

import pytest

from krestonostsy.engine import Game, SaveError
from krestonostsy.ui.saves import SaveStore, atomic_write, read_save, write_save


def _played(states=("jerusalem", "tripoli"), seed=4, steps=30) -> Game:
    g = Game.new(list(states), seed=seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(rnd.choice(g.legal_actions()))
    return g


def test_save_then_load_gives_the_same_view(tmp_path):
    g = _played()
    path = write_save(tmp_path / "a.json", g, {"jerusalem": "human", "tripoli": "human"})
    loaded, ui = read_save(path)
    assert ui["seats"] == {"jerusalem": "human", "tripoli": "human"}
    assert loaded.state_json() == g.state_json()
    for viewer in (None, "jerusalem", "tripoli"):
        assert loaded.view(viewer) == g.view(viewer)
    assert loaded.log == g.log


def test_window_save_and_load_round_trip(fake_window, tmp_path):
    w = fake_window
    w.start_new_game(["jerusalem", "tripoli", "edessa", "antioch"], 9)
    c = w.controller
    rnd = random.Random(1)
    for _ in range(40):
        if c.pending_handoff:
            w.handoff.acknowledged.emit()
            continue
        c.choose(rnd.choice(c.legal_for_viewer()))
    view = c.game.view(c.deciding)
    assert w.save_file(tmp_path / "mine.json")
    w.start_new_game(["jerusalem", "tripoli"], 1)
    assert w.load_file(tmp_path / "mine.json")
    assert c.game.view(c.deciding) == view


@pytest.mark.parametrize("content, words", [
    (b"{not json", "повреждён"),
    (b"\xff\xfe\x00garbage", "повреждён"),
    (json.dumps({"hello": "world"}).encode(), "не сохранение"),
    (json.dumps({"format_version": 99, "game": "krestonostsy", "setup": {
        "states": ["jerusalem", "tripoli"], "seed": 1}, "actions": []}).encode(), "новой версией"),
    (json.dumps({"format_version": 1, "game": "krestonostsy", "setup": {
        "states": ["jerusalem", "tripoli"], "seed": 1},
        "actions": [{"kind": "no_such_action"}]}).encode(), "не удаётся открыть"),
])
def test_a_bad_save_is_refused_with_a_message(fake_window, tmp_path, content, words):
    w = fake_window
    w.start_new_game(["jerusalem", "tripoli"], 3)
    game_before = w.controller.game
    state_before = game_before.state_json()
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    assert not w.load_file(bad)
    title, text = w.last_message
    assert title == "Не удаётся открыть сохранение"
    assert words in text.lower()
    # nothing else is lost: the game in progress is untouched
    assert w.controller.game is game_before
    assert game_before.state_json() == state_before


def test_read_save_raises_save_error(tmp_path):
    missing = tmp_path / "nope.json"
    with pytest.raises(SaveError):
        read_save(missing)


def test_autosave_after_every_action_keeps_the_last_few(tmp_path, qapp):
    from krestonostsy.ui.controller import GameController
    store = SaveStore(tmp_path / "saves", keep=3)
    c = GameController(store)
    c.new_game(["jerusalem", "tripoli"], 2)
    rnd = random.Random(0)
    from krestonostsy.ui.controller import END_TURN
    while len(c.game.actions) < 6:
        if c.pending_handoff:
            c.acknowledge_handoff()
        if c.pending_end is not None:  # a held end of turn is not saved until confirmed
            c.choose(END_TURN)
            continue
        c.choose(rnd.choice(c.legal_for_viewer()))
    autosaves = store.autosaves()
    assert len(autosaves) == 3
    latest, _ui = read_save(autosaves[0])
    assert latest.state_json() == c.game.state_json()
    assert not list((tmp_path / "saves").glob(".tmp-*"))


def test_atomic_write_keeps_the_old_file_when_writing_fails(tmp_path, monkeypatch):
    path = tmp_path / "save.json"
    atomic_write(path, "old")

    def broken(*_args):
        raise OSError("disk full")
    monkeypatch.setattr("os.replace", broken)
    with pytest.raises(OSError):
        atomic_write(path, "new")
    assert path.read_text() == "old"
    assert not list(tmp_path.glob(".tmp-*"))


def test_an_interrupted_game_is_offered_at_start(qtbot, settings, store, lang_ru):
    from app_fixtures import FakeTable

    from krestonostsy.ui.main_window import MainWindow
    first = MainWindow(settings, store, table_factory=FakeTable)
    qtbot.addWidget(first)
    first.start_new_game(["antioch", "edessa"], 6)
    first.controller.acknowledge_handoff()
    first.controller.choose(first.controller.legal_for_viewer()[0])
    state = first.controller.game.state_json()
    first.close()

    again = MainWindow(settings, store, table_factory=FakeTable)
    qtbot.addWidget(again)
    assert again.current_page() == "start"
    assert again.start_screen.continue_button.isEnabled()
    assert "Антиохия" in again.start_screen.resume_label.text()
    again.start_screen.continue_button.click()
    assert again.controller.game.state_json() == state


def test_saves_live_in_app_data(monkeypatch, qapp):
    monkeypatch.delenv("KRESTONOSTSY_DATA_DIR", raising=False)
    from PySide6.QtCore import QStandardPaths

    from krestonostsy.ui.saves import data_dir
    expected = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    assert str(data_dir()) == expected

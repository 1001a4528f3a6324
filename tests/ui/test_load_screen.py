"""Saves a player can find (issue 10 §3): the load screen lists every save (newest first,
with states, seats, round, date, a picture; an unreadable file with its reason), renames and
deletes; autosaves are kept per game and Continue resumes the most recent unfinished game."""
from __future__ import annotations

import json
import os
import random

import pytest
from answers import answer_questions
from PySide6.QtCore import QSize
from PySide6.QtGui import QImage

from krestonostsy.engine import Game
from krestonostsy.ui.controller import END_TURN
from krestonostsy.ui.load_screen import LoadScreen, placeholder_thumbnail
from krestonostsy.ui.saves import (
    HEADER_START,
    SaveStore,
    read_save,
    read_summary,
    save_dict,
    thumbnail_path,
    write_save,
)

TWO = ["jerusalem", "tripoli"]
FOUR = ["jerusalem", "tripoli", "edessa", "antioch"]


def _played(states=TWO, seed=4, steps=20) -> Game:
    g = Game.new(list(states), seed=seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(rnd.choice(g.legal_actions()))
    return g


@pytest.fixture(scope="module")
def finished() -> Game:
    """A two-player game played to its end."""
    g = _played(seed=3, steps=10_000)
    assert g.is_over
    return g


def _at(path, when: float):
    """Give a save the time it was written (the list's order) — the ``ui`` part says it."""
    data = json.loads(path.read_text(encoding="utf-8"))
    data["ui"]["saved_at"] = when
    from krestonostsy.ui.saves import save_text
    path.write_text(save_text(data), encoding="utf-8")
    return path


# --- the summary line -------------------------------------------------------------------

def test_a_save_begins_with_its_summary_and_still_loads(tmp_path):
    g = _played(FOUR, seed=2, steps=40)
    path = write_save(tmp_path / "s.json", g, {"tripoli": "hard"}, game_id="abc123")
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith(HEADER_START) and first.endswith(",")
    summary = json.loads(first[len(HEADER_START):-1])["summary"]
    assert summary["states"] == FOUR and summary["round"] == g.view(None)["round"]
    assert summary["actions"] == len(g.actions)
    loaded, ui = read_save(path)  # the whole file is still one save the engine reads
    assert loaded.state_json() == g.state_json() and ui["game_id"] == "abc123"
    info = read_summary(path)
    assert (info.states, info.round, info.seats, info.game_id, info.readable) == (
        FOUR, g.view(None)["round"], {"tripoli": "hard"}, "abc123", True)


def test_a_save_of_an_older_version_is_listed_from_its_contents(tmp_path):
    g = _played()
    old = dict(g.to_json())
    old["format_version"] = 1  # the oldest format: migrated when read
    old["setup"] = {k: v for k, v in old["setup"].items() if k != "scenario"}
    old["ui"] = {"seats": {"tripoli": "easy"}, "saved_at": 1_700_000_000.0, "over": False}
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old, indent=1), encoding="utf-8")
    info = read_summary(path)
    assert info.readable, info.error
    assert info.states == TWO and info.seats == {"tripoli": "easy"}
    assert info.round is None  # not known without replaying; the row leaves it out
    assert info.saved_at == 1_700_000_000.0 and info.game_id


# --- the list -----------------------------------------------------------------------------

def _sample_folder(store: SaveStore) -> dict:
    store.ensure()
    d = store.directory
    paths = {
        "older": _at(write_save(d / "Старая партия.json", _played(seed=1), {}), 1_000.0),
        "named": _at(write_save(d / "Siege.json", _played(FOUR, seed=2, steps=60),
                                {"tripoli": "normal", "edessa": "hard"}), 3_000.0),
        "auto": _at(store.autosave(_played(seed=5, steps=30), {"tripoli": "expert"},
                                   game_id="g1"), 2_000.0),
    }
    broken = d / "broken.json"
    broken.write_text('{"format_version": 2, "setup": {"sta', encoding="utf-8")
    os.utime(broken, (4_000.0, 4_000.0))
    newer = d / "future.json"
    data = save_dict(_played(seed=6))
    data["format_version"] = 99
    data["ui"]["saved_at"] = 500.0
    del data["ui"]["summary"]  # as an unknown future summary would be: the file is parsed
    newer.write_text(json.dumps(data), encoding="utf-8")
    os.utime(newer, (500.0, 500.0))  # an unreadable file is dated by the file system
    paths.update(broken=broken, newer=newer)
    return paths


def test_the_list_shows_every_save_newest_first_with_its_fields(qtbot, store, lang_ru):
    paths = _sample_folder(store)
    screen = LoadScreen(store)
    qtbot.addWidget(screen)
    screen.refresh()
    order = [info.path for info in screen.infos]
    assert order == [paths[k] for k in ("broken", "named", "auto", "older", "newer")]
    named = screen.row_text(1)
    assert named.name == "Siege"
    assert [(s, seat) for s, _name, seat in named.states] == [
        ("jerusalem", "Человек"), ("tripoli", "Обычный (бот)"), ("edessa", "Сильный (бот)"),
        ("antioch", "Человек")]
    assert "Эдесса Сильный (бот)" in named.states_text
    assert named.details.startswith("Раунд ") and named.details.endswith(screen.infos[1].when())
    auto = screen.row_text(2)
    assert auto.name == "Автосохранение" and "Триполи Эксперт (бот)" in auto.states_text
    # the first row that can be opened is selected; "Open" loads it
    assert screen.current().path == paths["named"]
    opened = []
    screen.openRequested.connect(opened.append)
    screen.open_button.click()
    assert opened == [paths["named"]]


def test_a_damaged_or_newer_file_is_listed_with_the_reason(qtbot, store, lang_ru):
    paths = _sample_folder(store)
    screen = LoadScreen(store)
    qtbot.addWidget(screen)
    screen.refresh()
    rows = {info.path: (row, info) for row, info in enumerate(screen.infos)}
    row, info = rows[paths["broken"]]
    assert not info.readable and "повреждён" in info.error
    assert "повреждён" in screen.row_text(row).details and screen.row_text(row).states == ()
    row, info = rows[paths["newer"]]
    assert "новой версией" in info.error
    screen.list.setCurrentRow(row)
    assert not screen.open_button.isEnabled()  # it would only fail
    assert screen.delete_button.isEnabled()  # but it can be cleared away


def test_the_list_reads_a_file_again_only_when_it_changed(store, monkeypatch):
    paths = _sample_folder(store)
    store.saves()
    import krestonostsy.ui.saves as saves_module
    read = []
    real = saves_module.read_summary
    monkeypatch.setattr(saves_module, "read_summary", lambda p: read.append(p) or real(p))
    store.saves()
    assert read == []
    _at(paths["older"], 5_000.0)
    assert store.saves()[0].path == paths["older"]
    assert read == [paths["older"]]


def test_an_empty_folder_says_so(qtbot, store, lang_ru):
    screen = LoadScreen(store)
    qtbot.addWidget(screen)
    screen.show()
    screen.refresh()
    assert screen.empty.isVisible() and not screen.list.isVisible()
    assert "пока нет" in screen.empty.text()
    assert not screen.open_button.isEnabled() and not screen.delete_button.isEnabled()


# --- rename and delete --------------------------------------------------------------------

def test_rename_through_the_dialog_keeps_the_picture(qtbot, store, lang_ru):
    paths = _sample_folder(store)
    store.write_thumbnail(paths["named"], b"png")
    screen = LoadScreen(store)
    qtbot.addWidget(screen)
    screen.refresh()
    screen.select(paths["named"])
    dialog = screen.rename_selected()
    assert dialog.textValue() == "Siege"
    dialog.setTextValue("  Осада Эдессы, раунд 3 ")
    dialog.accept()
    target = store.directory / "Осада Эдессы, раунд 3.json"
    assert target.is_file() and not paths["named"].exists()
    assert thumbnail_path(target).read_bytes() == b"png"
    assert not thumbnail_path(paths["named"]).exists()
    assert screen.current().path == target
    assert screen.row_text(screen.list.currentRow()).name == "Осада Эдессы, раунд 3"
    assert read_save(target)[0].state_json() == _played(FOUR, seed=2, steps=60).state_json()


@pytest.mark.parametrize("name, words", [
    ("", "пустое"), ("a/b", "не может быть"), (".hidden", "точкой"),
    ("Старая партия", "уже есть"), ("autosave-7", "автосохранениями"), ("x" * 81, "длинное"),
])
def test_a_name_that_is_not_allowed_is_refused_with_a_message(qtbot, store, lang_ru,
                                                               name, words):
    paths = _sample_folder(store)
    screen = LoadScreen(store)
    qtbot.addWidget(screen)
    screen.refresh()
    before = sorted(p.name for p in store.directory.glob("*.json"))
    assert screen.rename(paths["named"], name) is None
    assert words in screen.last_message[1]
    assert sorted(p.name for p in store.directory.glob("*.json")) == before


def test_a_renamed_autosave_is_kept_when_its_game_goes_on(store):
    g = _played()
    first = store.autosave(g, game_id="g1")
    kept = store.rename(first, "Before the battle")
    for _ in range(store.keep + 2):
        g.apply(g.legal_actions()[0])
        store.autosave(g, game_id="g1")
    assert kept.is_file() and len(store.autosaves_of("g1")) == store.keep


def test_delete_asks_once_then_removes_the_file_and_its_picture(qtbot, store, lang_ru):
    paths = _sample_folder(store)
    store.write_thumbnail(paths["auto"], b"png")
    screen = LoadScreen(store)
    qtbot.addWidget(screen)
    screen.refresh()
    screen.select(paths["auto"])
    box = screen.delete_selected()
    assert "Автосохранение" in box.text()
    box.buttons[1].click()  # Cancel
    assert paths["auto"].exists()
    screen.select(paths["auto"])
    box = screen.delete_selected()
    box.buttons[0].click()  # Delete
    assert not paths["auto"].exists() and not thumbnail_path(paths["auto"]).exists()
    assert paths["auto"] not in [i.path for i in screen.infos]
    assert len(screen.infos) == 4


# --- autosaves per game ---------------------------------------------------------------------

def test_each_game_keeps_its_last_few_autosaves(tmp_path):
    store = SaveStore(tmp_path, keep=2)
    a, b = _played(seed=1), _played(seed=2)
    for _ in range(4):
        store.autosave(a, game_id="aaa")
        a.apply(a.legal_actions()[0])
        store.autosave(b, game_id="bbb")
        b.apply(b.legal_actions()[0])
    last_a = store.autosave(a, game_id="aaa")
    assert len(store.autosaves_of("aaa")) == 2 and len(store.autosaves_of("bbb")) == 2
    assert store.autosaves_of("aaa")[0] == last_a
    assert store.resumable().path == last_a


def test_finishing_a_game_never_drops_another_games_autosaves(tmp_path, finished):
    store = SaveStore(tmp_path, keep=3, keep_finished=1)
    a = _played(seed=1)
    for _ in range(3):
        store.autosave(a, game_id="aaa")
        a.apply(a.legal_actions()[0])
    mine = store.autosaves_of("aaa")
    for _ in range(3):
        store.autosave(_played(seed=3, steps=len(finished.actions) - 5), game_id="done1")
    store.autosave(finished, game_id="done1")
    assert store.autosaves_of("aaa") == mine  # untouched
    assert len(store.autosaves_of("done1")) == 1  # a finished game keeps its final position
    store.autosave(finished, game_id="done2")  # a second finished game: only one is kept
    assert store.autosaves_of("done1") == [] and len(store.autosaves_of("done2")) == 1
    assert store.autosaves_of("aaa") == mine
    # Continue resumes the unfinished game, though a finished one was saved after it
    assert store.resumable().path == mine[0]


def test_old_flat_autosaves_are_still_found_and_resumed(qtbot, settings, tmp_path, lang_ru):
    from app_fixtures import FakeTable

    from krestonostsy.ui.main_window import MainWindow
    store = SaveStore(tmp_path / "saves")
    store.ensure()
    g = _played(seed=7, steps=25)
    old = {**g.to_json(), "ui": {"seats": {}, "saved_at": 1_700_000_000.0, "over": False,
                                 "autosave_no": 12}}
    flat = store.directory / "autosave-000000000012.json"
    flat.write_text(json.dumps(old, indent=1), encoding="utf-8")
    assert store.resumable().path == flat
    w = MainWindow(settings, store, table_factory=FakeTable)
    qtbot.addWidget(w)
    assert w.start_screen.continue_button.isEnabled()
    assert w.continue_game()
    assert w.controller.game.state_json() == g.state_json()
    # the game goes on under the id of its setup: the old file is one of its autosaves
    newest = w.controller.last_autosave
    assert newest.name.startswith("autosave-000000000013-")
    assert store.game_of(newest) == store.game_of(flat)
    assert store.autosaves_of(store.game_of(flat)) == [newest, flat]


def test_continue_after_two_games_one_finished(qtbot, settings, store, lang_ru, finished):
    """The acceptance in the window: play two games, finish one, Continue the other."""
    from app_fixtures import FakeTable

    from krestonostsy.ui.main_window import MainWindow
    from krestonostsy.ui.saves import new_game_id
    w = MainWindow(settings, store, table_factory=FakeTable)
    answer_questions(w)
    qtbot.addWidget(w)
    c = w.controller
    w.start_new_game(["antioch", "edessa"], 6)
    rnd = random.Random(0)
    while len(c.game.actions) < 6:
        if c.pending_handoff:
            c.acknowledge_handoff()
        if c.pending_end is not None:
            c.choose(END_TURN)
            continue
        c.choose(rnd.choice(c.legal_for_viewer()))
    first_id, first_state = c.game_id, c.game.state_json()
    first_saves = store.autosaves_of(first_id)
    # a second game, played to its end in this window
    near_end = _played(seed=3, steps=len(finished.actions) - 1)
    c.start(near_end, game_id=new_game_id())
    second_id = c.game_id
    for action in finished.actions[len(near_end.actions):]:
        c.game.apply(action)
    c.start(c.game, game_id=second_id)  # the final position autosaved, as after any move
    assert c.game.is_over and second_id != first_id
    assert store.autosaves_of(first_id) == first_saves
    w.go_to_menu()
    assert w.start_screen.continue_button.isEnabled()
    assert "Антиохия" in w.start_screen.resume_label.text()
    w.start_screen.continue_button.click()
    assert c.game.state_json() == first_state and c.game_id == first_id
    # the load screen lists both games; the unfinished one opens from there too
    w.show_load_screen()
    assert w.current_page() == "load"
    states = {tuple(i.states): i for i in w.load_screen.infos}
    assert states[("jerusalem", "tripoli")].over
    assert not states[("antioch", "edessa")].over
    w.load_screen.select(store.autosaves_of(first_id)[0])
    w.load_screen.open_button.click()
    assert w.current_page() in ("table", "handoff") and c.game.state_json() == first_state


# --- pictures -------------------------------------------------------------------------------

def test_thumbnails_are_written_for_autosaves_and_saves(window, tmp_path):
    w = window
    w.start_new_game(FOUR, 9)
    w.controller.acknowledge_handoff()
    auto = w.controller.last_autosave
    assert w.write_thumbnail() == thumbnail_path(auto)
    picture = QImage(str(thumbnail_path(auto)))
    assert picture.size() == QSize(320, 200)
    colours = {picture.pixelColor(x, y).name() for x in range(0, 320, 16)
               for y in range(0, 200, 10)}
    assert len(colours) > 10  # the table, not a blank sheet
    mine = w.store.directory / "mine.json"
    assert w.save_file(mine) and thumbnail_path(mine).is_file()
    elsewhere = tmp_path / "elsewhere" / "game.json"
    assert w.save_file(elsewhere) and not (elsewhere.parent / ".thumbs").exists()
    # the load screen shows the cached picture
    w.show_load_screen()
    shown = w.load_screen.row_picture(0).toImage()
    assert shown.pixelColor(2, 2) != placeholder_thumbnail(
        FOUR, shown.size()).toImage().pixelColor(2, 2)  # the cached picture, not the stand-in
    w.load_screen.back_button.click()
    assert w.current_page() == "table"
    # saved behind the hand-off screen: no picture of the previous player's view
    w.controller.choose(w.controller.legal_for_viewer()[0])
    while w.controller.pending_handoff is None:
        legal = w.controller.legal_for_viewer()
        w.controller.choose(END_TURN if END_TURN in legal else legal[0])
    hidden = w.store.directory / "hidden.json"
    assert w.save_file(hidden) and hidden.is_file() and not thumbnail_path(hidden).exists()


def test_a_missing_picture_is_drawn_in_the_states_colours(qapp):
    pixmap = placeholder_thumbnail(FOUR, QSize(160, 100))
    image = pixmap.toImage()
    bottom = {image.pixelColor(x, 95).name() for x in (20, 60, 100, 140)}
    assert bottom == {"#f5f1e4", "#e0ac1c", "#2f5c9e", "#b0302a"}  # one band per state


def test_the_load_screen_follows_the_language(qtbot, store, lang_ru):
    from krestonostsy import i18n
    _sample_folder(store)
    screen = LoadScreen(store)
    qtbot.addWidget(screen)
    screen.show()
    screen.refresh()
    assert screen.title.text() == "Сохранённые партии"
    i18n.set_language("en")
    assert screen.title.text() == "Saved games" and screen.open_button.text() == "Open"
    assert any(screen.row_text(r).name == "Autosave" for r in range(screen.list.count()))


def test_the_load_screen_screenshot_lists_the_sample_saves(tmp_path, qapp, lang_ru):
    from krestonostsy.ui.screenshot import SAMPLE_SAVES, take_screenshot
    out = take_screenshot(tmp_path / "load.png", lang="en", size=(1280, 800), screen="load")
    image = QImage(str(out))
    assert image.size() == QSize(1280, 800)
    # the rows are parchment on the dark page: one band of them per sample save (+ damaged)
    column = [image.pixelColor(1100, y).lightness() for y in range(80, 720)]
    bands = sum(1 for a, b in zip(column[:-1], column[1:], strict=True) if a < 120 <= b)
    assert bands == len(SAMPLE_SAVES) + 1


def test_pictures_of_saves_deleted_outside_the_game_are_cleared(store):
    paths = _sample_folder(store)
    for path in paths.values():
        store.write_thumbnail(path, b"png")
    paths["older"].unlink()  # deleted with a file manager
    store.saves()
    assert not thumbnail_path(paths["older"]).exists()
    assert thumbnail_path(paths["named"]).exists()


def test_only_the_newest_autosave_of_each_game_is_listed_unless_asked(qtbot, store, lang_ru):
    a, b = _played(seed=1), _played(seed=2)
    for _ in range(3):
        store.autosave(a, game_id="aaa")
        a.apply(a.legal_actions()[0])
        store.autosave(b, game_id="bbb")
        b.apply(b.legal_actions()[0])
    named = write_save(store.directory / "mine.json", a, game_id="aaa")
    screen = LoadScreen(store)
    qtbot.addWidget(screen)
    screen.refresh()
    assert [i.path for i in screen.infos] == [
        named, store.autosaves_of("bbb")[0], store.autosaves_of("aaa")[0]]
    screen.show_earlier.setChecked(True)
    assert len(screen.infos) == 7
    assert "Ранние автосохранения" == screen.show_earlier.text()


def test_the_load_screen_stays_up_while_the_game_goes_on_under_it(fake_window):
    """A bot's move (here: any change of the game) does not pull the player off the list;
    Back shows the page the game is at."""
    w = fake_window
    c = w.controller
    w.start_new_game(TWO, 5)
    c.acknowledge_handoff()
    w.show_load_screen()
    shown = len(w.table.shown)
    c.choose(c.legal_for_viewer()[0])  # as a bot's answer would arrive
    if c.pending_handoff is None and c.pending_end is not None:
        from krestonostsy.ui.controller import END_TURN
        c.choose(END_TURN)
    assert w.current_page() == "load" and not w.log_dock.isVisible()
    w.load_screen.back_button.click()
    assert w.current_page() == ("handoff" if c.pending_handoff else "table")
    if c.pending_handoff is None:
        assert len(w.table.shown) > shown


def test_a_save_damaged_after_its_summary_line_is_refused_when_opened(fake_window):
    """The list reads only the summary line; opening replays the whole save, and a damage
    found then is refused with the reason while the list stays up."""
    w = fake_window
    w.store.ensure()
    path = write_save(w.store.directory / "cut.json", _played(), {})
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: len(text) // 2], encoding="utf-8")  # cut in the middle
    w.show_load_screen()
    assert w.load_screen.current().path == path and w.load_screen.current().readable
    w.load_screen.open_button.click()
    assert w.current_page() == "load"
    assert w.last_message[0] == "Не удаётся открыть сохранение"
    assert "повреждён" in w.last_message[1]


def test_keys_of_the_list_open_rename_and_delete(qtbot, store, lang_ru):
    from PySide6.QtCore import Qt
    paths = _sample_folder(store)
    screen = LoadScreen(store)
    qtbot.addWidget(screen)
    screen.show()
    screen.refresh()
    screen.list.setFocus()
    qtbot.waitUntil(screen.list.hasFocus)
    opened = []
    screen.openRequested.connect(opened.append)
    qtbot.keyClick(screen.list, Qt.Key.Key_Return)
    assert opened == [paths["named"]]
    qtbot.keyClick(screen.list, Qt.Key.Key_F2)
    assert screen._dialog is not None and screen._dialog.objectName() == "renameDialog"
    screen._dialog.reject()
    qtbot.keyClick(screen.list, Qt.Key.Key_Delete)
    assert screen._dialog.objectName() == "deleteQuestion"
    screen._dialog.reject()


def _latin_words(text: str) -> list[str]:
    import re
    return re.findall(r"[A-Za-z]{2,}", text)


def test_a_damaged_save_is_explained_in_russian_on_the_list_and_when_opened(fake_window):
    """Issue 9 §4: the engine's reason reads in the player's language — the JSON error
    the issue showed (an unterminated string) and a save whose replay fails at an action."""
    w = fake_window
    w.store.ensure()
    cut = w.store.directory / "cut.json"
    cut.write_text('{"format_version": 2, "game": "krestonostsy", "setup": {"states": ["ab',
                   encoding="utf-8")
    altered = write_save(w.store.directory / "altered.json", _played(), {})
    data = json.loads(altered.read_text(encoding="utf-8"))
    data["actions"][3]["kind"] = "no_such_move"
    from krestonostsy.ui.saves import save_text
    altered.write_text(save_text(data), encoding="utf-8")
    w.show_load_screen()
    rows = {info.path: row for row, info in enumerate(w.load_screen.infos)}
    details = w.load_screen.row_text(rows[cut]).details
    assert "строке 1, столбце" in details and not _latin_words(details), details
    w.load_screen.list.setCurrentRow(rows[altered])
    w.load_screen.open_button.click()
    title, text = w.last_message[:2]
    assert title == "Не удаётся открыть сохранение"
    assert "ход 4 из" in text and not _latin_words(text), text


def test_a_damaged_picture_shows_the_stand_in(qtbot, store, lang_ru):
    paths = _sample_folder(store)
    store.write_thumbnail(paths["named"], b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 3)
    screen = LoadScreen(store)
    qtbot.addWidget(screen)
    screen.refresh()
    row = [i.path for i in screen.infos].index(paths["named"])
    shown = screen.row_picture(row)
    assert not shown.isNull()
    assert shown.toImage() == placeholder_thumbnail(FOUR, shown.size()).toImage()

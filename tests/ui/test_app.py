"""The window, the new-game dialog, the controller, the log panel, the CLI/screenshot."""
from __future__ import annotations

import random

import pytest
from answers import answer_questions
from PySide6.QtCore import Qt


def play(window, steps: int, seed: int = 3) -> int:
    """Play random legal moves as the humans in front of the screen."""
    c = window.controller
    rnd = random.Random(seed)
    done = 0
    while done < steps and c.game is not None and not c.game.is_over:
        if c.pending_handoff:
            window.handoff.acknowledged.emit()
            continue
        legal = c.legal_for_viewer()
        assert legal, "a human must be able to act"
        assert c.choose(rnd.choice(legal))
        done += 1
    return done


def start_from_dialog(qtbot, window, states):
    dialog = window.new_game_dialog()
    dialog.set_mode("hotseat")
    for sid, check in dialog.state_checks.items():
        check.setChecked(sid in states)
    assert dialog.ok_button.isEnabled(), dialog.problem.text()
    dialog.seed_edit.setText("7")
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    return dialog


def test_window_starts_on_the_start_screen(window):
    assert window.current_page() == "start"
    assert window.windowTitle() == "Крестоносцы"
    assert window.start_screen.new_button.text() == "Новая игра"
    assert not window.start_screen.continue_button.isEnabled()
    assert not window.act_undo.isEnabled()


def test_two_player_game_with_the_automa_from_the_dialog(qtbot, window):
    dialog = start_from_dialog(qtbot, window, ["jerusalem", "tripoli"])
    assert dialog.automa_note.isVisibleTo(dialog)
    c = window.controller
    assert c.game is not None
    assert c.game.setup["states"] == ["jerusalem", "tripoli"]
    assert c.game.setup["seed"] == 7
    assert c.seat_kinds() == {"jerusalem": "human", "tripoli": "human"}
    # two humans: the first decision is handed to its player
    assert window.current_page() == "handoff"
    window.handoff.acknowledged.emit()
    assert window.current_page() == "table"
    assert c.viewer == c.deciding
    assert play(window, 25) == 25
    assert window.log_panel.entries, "the log shows what happened"


def test_four_player_game_from_the_dialog(qtbot, window):
    start_from_dialog(qtbot, window, ["jerusalem", "tripoli", "edessa", "antioch"])
    c = window.controller
    assert c.game.setup["states"] == ["jerusalem", "tripoli", "edessa", "antioch"]
    assert len(c.humans()) == 4
    play(window, 40)
    assert window.store.latest_autosave() is not None


def test_dialog_refuses_a_pair_that_is_not_neighbours(window):
    dialog = window.new_game_dialog()
    dialog.set_mode("hotseat")
    for sid, check in dialog.state_checks.items():
        check.setChecked(sid in ("jerusalem", "antioch"))
    assert not dialog.ok_button.isEnabled()
    assert "соседями" in dialog.problem.text()
    dialog.state_checks["jerusalem"].setChecked(False)
    assert not dialog.ok_button.isEnabled()
    dialog.state_checks["edessa"].setChecked(True)
    assert dialog.ok_button.isEnabled()
    dialog.reject()


def test_dialog_offers_every_engine_option(window):
    from krestonostsy.engine import GameOptions
    dialog = window.new_game_dialog()
    names = [name for name, _default, _allowed in GameOptions.describe()]
    assert sorted(dialog.options()) == sorted(names)
    # the set-up is one choice of three, never a ticked box shown disabled
    assert dialog.setup_choice() == "first" and dialog.options()["first_game"] is True
    dialog.set_setup("experienced")
    assert dialog.options()["first_game"] is False and dialog.options()["bull_choice"] is True
    dialog.set_setup("experienced_one_bull")
    assert dialog.options()["bull_choice"] is False
    assert sum(r.isChecked() for r in dialog.setup_radios.values()) == 1
    assert all(r.isEnabled() for r in dialog.setup_radios.values())
    assert dialog.setup_radios["first"].text().startswith("Первая игра")
    dialog.reject()


def test_dialog_options_reach_the_game(qtbot, window):
    dialog = window.new_game_dialog()
    dialog.set_mode("hotseat")
    dialog.set_states(["tripoli", "antioch"])
    dialog.set_setup("experienced")
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert window.controller.game.setup["options"]["first_game"] is False


def test_undo_takes_back_a_move(fake_window):
    w = fake_window
    assert w.start_new_game(["jerusalem", "tripoli", "edessa", "antioch"], 11)
    c = w.controller
    rnd = random.Random(4)
    for _ in range(400):  # play until a move leaves the same player deciding
        if c.pending_handoff:
            w.handoff.acknowledged.emit()
            continue
        if c.game.is_over:
            break
        before = c.game.state_json()
        c.choose(rnd.choice(c.legal_for_viewer()))
        if c.can_undo:
            break
    else:
        pytest.skip("no undoable move found")
    if not c.can_undo:
        pytest.skip("no undoable move found")
    assert w.act_undo.isEnabled()
    w.act_undo.trigger()
    assert c.game.state_json() == before


def test_cancel_order_takes_back_a_multi_step_order(fake_window):
    """The toolbar's "Cancel order" (Esc) takes back every choice of the order in
    progress, e.g. the moves of a march, back to the order's first decision."""
    w = fake_window
    assert w.start_new_game(["jerusalem", "tripoli", "edessa", "antioch"], 7)
    c = w.controller
    rnd = random.Random(7)
    for _ in range(3000):
        if c.pending_handoff:
            w.handoff.acknowledged.emit()
            continue
        if c.game.is_over:
            break
        if c.can_cancel_order and c.game.decision.prompt == "march_move":
            break
        c.choose(rnd.choice(c.legal_for_viewer()))
    else:
        pytest.skip("no march in progress found")
    if not c.can_cancel_order:
        pytest.skip("no march in progress found")
    n_before = len(c.game.actions)
    assert w.act_cancel_order.isEnabled()
    w.act_cancel_order.trigger()
    assert len(c.game.actions) < n_before
    assert not c.can_cancel_order and not w.act_cancel_order.isEnabled()


def test_table_gets_the_view_and_the_legal_actions(fake_window):
    w = fake_window
    w.start_new_game(["jerusalem", "tripoli"], 5)
    w.handoff.acknowledged.emit()
    view, legal, player = w.table.shown[-1]
    assert player == w.controller.deciding
    assert view["viewer"] == player
    assert w.table.log == w.controller.game.log_for(player)  # the notices read only this
    assert legal and set(legal) <= set(w.controller.game.legal_actions())
    # the table's click reaches the game
    n = len(w.controller.game.actions)
    w.table.actionChosen.emit(legal[0])
    if w.controller.pending_end is not None:  # it ends the turn: "End turn" makes it count
        from krestonostsy.ui.controller import END_TURN, TAKE_BACK
        assert w.table.shown[-1][1] == [END_TURN, TAKE_BACK]
        w.table.actionChosen.emit(END_TURN)
    assert len(w.controller.game.actions) == n + 1


def test_log_hover_asks_the_table_to_highlight(fake_window):
    w = fake_window
    w.start_new_game(["jerusalem", "tripoli"], 5)
    from PySide6.QtCore import QUrl
    w.log_panel.browser.highlighted.emit(QUrl("ids:city:edessa"))
    assert w.table.highlighted[-1] == ["city:edessa"]
    w.log_panel.browser.highlighted.emit(QUrl())
    assert w.table.highlighted[-1] == []


def test_every_engine_log_key_has_a_template():
    import ast
    import pathlib

    from krestonostsy.ui.log_panel import TEMPLATES
    keys = set()
    root = pathlib.Path(__file__).resolve().parents[2] / "krestonostsy" / "engine"
    for path in root.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and len(node.args) >= 2:
                f = node.func
                name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", None)
                if name != "log":
                    continue
                arg = node.args[1]
                options = [arg.body, arg.orelse] if isinstance(arg, ast.IfExp) else [arg]
                for a in options:
                    if isinstance(a, ast.Constant) and isinstance(a.value, str):
                        keys.add(a.value)
    missing = sorted(keys - set(TEMPLATES))
    assert not missing, f"log keys without a template in ui/log_panel.py: {missing}"


def test_log_entries_render_in_both_languages(lang_ru):
    from krestonostsy import i18n
    from krestonostsy.ui.log_panel import render_entry
    text, ids = render_entry("units_placed", {"player": "edessa", "city": "aleppo", "n": 2})
    assert text == "Эдесса выставляет 2 отряда в город Алеппо"
    assert ids == ["player:edessa", "city:aleppo"]
    text, _ = render_entry("coins_gained", {"player": "tripoli", "n": 5})
    assert text == "Триполи получает 5 монет"
    # every kind of payment engine/payment.py records, in words (a discount was English)
    text, _ = render_entry("paid", {"player": "tripoli", "spent": ["discount", "coin", "yellow"]})
    assert text == "Триполи расплачивается товарами: скидка, монета, древесина"
    i18n.set_language("en")
    text, _ = render_entry("coins_gained", {"player": "tripoli", "n": 1})
    assert text == "Tripoli gains 1 coin"


def test_unknown_log_keys_are_readable(lang_ru):
    from krestonostsy.ui.log_panel import render_entry
    text, ids = render_entry("relic_found", {"player": "antioch", "city": "homs", "n": 3})
    assert text.startswith("Relic found")
    assert "Антиохия" in text and "Хомс" in text and "3" in text
    assert "city:homs" in ids
    text, _ = render_entry("units_placed", {"player": "edessa"})  # a param missing
    assert "Эдесса" in text


def test_whole_game_log_renders(fake_window):
    w = fake_window
    w.start_new_game(["jerusalem", "tripoli"], 2)
    play(w, 150, seed=5)
    texts = w.log_panel.texts()
    assert texts and all(t and "{" not in t for t in texts)


def test_game_over_shows_the_scoring_screen(fake_window):
    w = fake_window
    w.start_new_game(["jerusalem", "tripoli"], 5)
    play(w, 5000, seed=2)
    c = w.controller
    if not c.game.is_over:
        pytest.skip("the engine did not finish this game")
    assert w.current_page() == "scoring"
    result = c.game.result()
    assert w.scoring.table.rowCount() == 2
    from krestonostsy.ui.scoring_screen import COLUMN
    assert w.scoring.table.item(0, COLUMN["state"]).text() in ("Иерусалим", "Триполи")
    assert str(result["scores"][result["winner"]]["total"]) == \
        w.scoring.table.item(0, COLUMN["total"]).text()
    assert "Победитель" in w.scoring.winner.text()


def test_settings_dialog_is_remembered(qtbot, window, settings):
    dialog = window.settings_dialog()
    dialog.speed.setCurrentIndex(dialog.speed.findData("slow"))
    dialog.colour_blind.setChecked(True)
    dialog.confirm_pass.setChecked(False)
    dialog.accept()
    from PySide6.QtCore import QSettings

    from krestonostsy.ui.settings import Settings
    again = Settings(QSettings(settings.qsettings.fileName(), QSettings.Format.IniFormat))
    assert again.animation_speed == "slow"
    assert again.colour_blind is True
    assert again.confirm_pass is False
    assert again.language == "ru"


# A stored Python object that PySide cannot unpickle (the file cut short, or edited by hand):
# PySide returns None for it and raises the error at the next call into Qt, whatever it is.
DAMAGED_SETTINGS = """[newgame]
options=@Variant(\\0\\0\\0\\x7f\\0\\0\\0\\x18PySide::PyObjectWrapper\\0\\0\\0\\0\\x1)
states=jerusalem, 7
seats=@Invalid()
scenario=no-such-scenario
advanced=-3
mode=chess
solo=@Invalid()
[ui]
language=zz
animation_speed=banana
colour_blind=maybe
confirm_pass=17
[window]
geometry=garbage
[tutorial]
step=no-such-step
"""


def test_a_damaged_settings_file_still_starts_a_game(qtbot, store, tmp_path, lang_ru, caplog):
    """Nothing in the settings file can stop the window from opening or a new game from
    starting: what cannot be read is the default, and the log says which setting."""
    from app_fixtures import table_factory
    from PySide6.QtCore import QSettings

    from krestonostsy.ui.main_window import MainWindow
    from krestonostsy.ui.settings import Settings
    path = tmp_path / "damaged.ini"
    path.write_text(DAMAGED_SETTINGS, encoding="utf-8")
    settings = Settings(QSettings(str(path), QSettings.Format.IniFormat))
    assert settings.animation_speed == "normal" and settings.confirm_pass is False
    w = MainWindow(settings, store, table_factory=table_factory())
    answer_questions(w)
    qtbot.addWidget(w)
    w.show()
    dialog = w.new_game_dialog()
    assert dialog.isVisible() and dialog.scenario() == "base"
    assert dialog.mode() == "solo" and dialog.solo_choice() == {
        "state": "jerusalem", "players": 2, "level": "normal",
        "style": "balanced"}  # not a mode named chess
    assert dialog.hotseat_states() == ["jerusalem", "tripoli", "edessa", "antioch"]
    assert "a setting in" in caplog.text and "cannot be read (EOFError" in caplog.text
    assert settings.value("newgame/states") == ["jerusalem", "7"]  # read again, intact
    ok = w.start_from_dialog(dialog)
    assert ok and w.controller.game is not None, (w.last_message, dialog.states())
    assert w.last_message is None
    w.settings_dialog().accept()
    assert w.open_tutorial() is not None or w.tutorial is not None


def test_an_engine_error_is_reported_not_fatal(fake_window, monkeypatch):
    w = fake_window
    w.start_new_game(["jerusalem", "tripoli"], 5)
    w.handoff.acknowledged.emit()
    c = w.controller

    def boom(self, action):
        raise RuntimeError("boom")
    # on the class: a compiled engine's Game (a native class) has no instance slot for it
    monkeypatch.setattr(type(c.game), "apply", boom)
    action = c.legal_for_viewer()[0]
    if c.choose(action):  # it ends the turn: held (on a copy) until "End turn"
        from krestonostsy.ui.controller import END_TURN
        assert c.pending_end is not None and c.pending_end.action == action
        assert not c.choose(END_TURN)
    assert w.last_message and "boom" in w.last_message[1]


def test_bot_seats_run_off_the_gui_thread(qtbot, fake_window, settings):
    settings.animation_speed = "instant"  # bots move without the pause a person needs
    import threading

    from krestonostsy.ui import controller as ctl
    threads = []

    class FirstBot(ctl.Seat):
        kind = "first"

        def choose(self, game, cancel):
            threads.append(threading.current_thread())
            return game.legal_actions()[0]

    ctl.register_seat_type("first", FirstBot, "First")
    try:
        w = fake_window
        w.start_new_game(["jerusalem", "tripoli"], 5, seats={"jerusalem": "human",
                                                             "tripoli": "first"})
        c = w.controller
        play_until = 30
        for _ in range(play_until):
            qtbot.waitUntil(lambda: not c.busy, timeout=5000)
            if c.game.is_over:
                break
            legal = c.legal_for_viewer()
            if legal:
                c.choose(legal[0])
        assert threads and all(t is not threading.main_thread() for t in threads)
    finally:
        ctl.SEAT_TYPES.pop("first", None)
        ctl.SEAT_LABELS.pop("first", None)


def test_screenshot_command_writes_a_png(tmp_path, qapp, monkeypatch):
    monkeypatch.setenv("KRESTONOSTSY_DATA_DIR", str(tmp_path / "data"))
    from app_fixtures import table_factory
    from PySide6.QtGui import QImage

    from krestonostsy.ui.screenshot import take_screenshot
    out = take_screenshot(tmp_path / "shot.png", players=3, seed=4, steps=6, lang="en",
                          size=(800, 500), table_factory=table_factory())
    image = QImage(str(out))
    assert (image.width(), image.height()) == (800, 500)


def test_cli_dispatches(monkeypatch, capsys):
    import sys
    import types

    from krestonostsy import cli
    fake = types.ModuleType("krestonostsy.tools.simulate")
    fake.add_arguments = lambda parser: parser.add_argument("--games", type=int)
    fake.command = lambda args: 3 if args.games == 1 else 9
    monkeypatch.setitem(sys.modules, "krestonostsy.tools.simulate", fake)
    assert cli.main(["simulate", "--games", "1"]) == 3
    assert cli.main(["--help"]) == 0
    assert cli.main(["--bogus"]) == 2
    assert "usage" in capsys.readouterr().err


def test_dialogs_opened_again_and_again_do_not_pile_up(qtbot, window):
    """Each opening makes a fresh dialog with the window as its parent; the one it
    replaces is deleted (they all stayed alive with the window: ~70 Qt objects each)."""
    from PySide6.QtCore import QCoreApplication, QEvent, QObject
    from PySide6.QtWidgets import QDialog

    def count() -> tuple[int, int]:
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        return len(window.findChildren(QDialog)), len(window.findChildren(QObject))

    openers = (window.new_game_dialog, window.settings_dialog, window.about_dialog,
               window.campaign.new_campaign_dialog)
    for make in openers:
        make().reject()
    before = count()
    for _ in range(4):
        for make in openers:
            dialog = make()
            assert dialog.isVisible()
            dialog.reject()
    assert count() == before
    assert window.new_dialog is not None and window.settings_dlg is not None

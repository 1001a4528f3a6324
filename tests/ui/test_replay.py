"""Watching a finished game again (ui/replay.py): every position is the engine's own, the
table and the log show it as the chosen state saw it, the keys move it, and leaving ends
it."""
from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from krestonostsy.campaign.chronicle import ADVANCED_HOOKS
from krestonostsy.engine import Game, load_ruleset
from krestonostsy.ui.controller import END_TURN
from krestonostsy.ui.replay import CHECKPOINT_EVERY, Replay

TWO = ["jerusalem", "tripoli"]


def finished(states=TWO, seed=5, scenario="base", terrain=False) -> Game:
    rules = load_ruleset(scenario)
    if terrain:  # the advanced mode, as the new-game dialog starts it
        rules = rules.with_hooks(tuple(h for h in ADVANCED_HOOKS
                                       if h not in rules.scenario.hooks))
    game = Game.new(states, seed, scenario=rules)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def replayed(game: Game, k: int) -> Game:
    again = Game.new(game.setup["states"], game.setup["seed"], game.setup["options"],
                     scenario=game.rules)
    for action in game.actions[:k]:
        again.apply(action)
    return again


def test_every_position_is_the_games_own_whichever_way_it_is_reached():
    game = finished(["jerusalem", "tripoli", "edessa"])
    replay = Replay(game, "edessa")
    n = replay.length
    assert n == len(game.actions) > 3 * CHECKPOINT_EVERY
    for k in (0, 1, 7, CHECKPOINT_EVERY + 3, n // 2, n, n - 1, 2, n // 3, 0, n + 5, -4):
        shown = replay.go(k)
        ref = replayed(game, max(0, min(n, k)))
        assert replay.at == max(0, min(n, k))
        assert shown.state_json() == ref.state_json() and shown.log == ref.log, k
        assert replay.view() == ref.view("edessa")
    assert replay.go(n).is_over
    # the log as the viewer could read it: public entries and their own
    assert all(e[2] is None or "edessa" in e[2] for e in replay.entries())
    assert len(replay.entries()) < len(replay.game.log)  # others' secrets left out


def test_the_replay_is_seen_through_the_eyes_asked_for(window):
    game = finished()
    assert window.start_replay(game, viewer="tripoli") and window.replay.viewer == "tripoli"
    window.end_replay()
    # a state not in the game: the first state (there is no game in play to take it from)
    assert window.start_replay(game, viewer="antioch")
    assert window.replay.viewer == "jerusalem"


def test_a_game_that_does_not_replay_to_its_end_is_refused(window):
    game = finished()
    game.s["players"]["jerusalem"]["coins"] += 1  # edited outside the rules
    with pytest.raises(ValueError, match="does not reach its end"):
        Replay(game, "jerusalem")
    window.controller.start(game)
    assert not window.start_replay()
    assert window.last_message[1].startswith("Партию нельзя посмотреть заново")


@pytest.mark.parametrize("scenario", ["levantine_merchants", "rise_of_the_crescent"])
def test_a_campaign_scenario_with_terrain_replays_exactly(scenario):
    game = finished(["jerusalem", "tripoli", "antioch"], seed=3, scenario=scenario,
                    terrain=True)
    replay = Replay(game, "antioch")
    for k in (replay.length, 5, replay.length // 2):
        assert replay.go(k).state_json() == replayed(game, k).state_json()
    assert replay.go(replay.length).state_json() == game.state_json()


def play_to_the_end(window, seed=5):
    c = window.controller
    rng = random.Random(seed)
    for _ in range(5000):
        if c.game.is_over:
            return
        if c.pending_handoff:
            c.acknowledge_handoff()
            continue
        legal = c.legal_for_viewer()
        c.choose(END_TURN if END_TURN in legal else rng.choice(legal))
    raise AssertionError("the game did not end")


@pytest.mark.usefixtures("instant_animations")
def test_watch_again_from_the_scoring_screen(window, qtbot):
    w = window
    w.start_new_game(TWO, seed=5)
    play_to_the_end(w)
    assert w.current_page() == "scoring"
    game = w.controller.game
    n = len(game.actions)
    assert w.scoring.replay_button.text() == "Повтор партии"
    qtbot.mouseClick(w.scoring.replay_button, Qt.MouseButton.LeftButton)
    bar, table = w.replay_bar, w.table
    assert w.current_page() == "table" and bar.isVisible()
    assert w.replay.at == 0 and bar.position.text() == f"Ход 0 из {n}"
    viewer = w.replay.viewer
    assert table._view == game_view_at(game, 0, viewer)  # the set-up
    items = table.scene().table_items()
    assert not [it for it in items if it.last]  # the game's last moves are not marked now
    assert not table.legal_actions()  # nothing to click in a replay

    QTest.keyClick(table, Qt.Key.Key_Right)  # the keys move it wherever the focus is
    assert w.replay.at == 1 and bar.position.text() == f"Ход 1 из {n}"
    assert bar.what.text()  # what that move did
    QTest.keyClick(table, Qt.Key.Key_PageDown)
    assert w.replay.at == 11
    assert [it for it in table.scene().table_items() if it.last]  # what the others did
    assert w.log_panel.texts() and len(w.log_panel.texts()) <= len(w.replay.entries())
    assert table._view == replayed(game, 11).view(viewer)
    QTest.keyClick(table, Qt.Key.Key_End)
    assert w.replay.at == n and not bar.forward.isEnabled() and bar.back.isEnabled()
    QTest.keyClick(table, Qt.Key.Key_Home)
    assert w.replay.at == 0 and not bar.back.isEnabled()

    # Space plays it (a move each tick) and pauses it; at the end it stops by itself
    bar.timer.setInterval(10)
    QTest.keyClick(table, Qt.Key.Key_Space)
    assert bar.play.isChecked() and bar.play.text() == "Пауза"
    qtbot.waitUntil(lambda: w.replay.at >= 3, timeout=5000)
    # pausing by the button: on the offscreen platform the window has lost its activation
    # by now, and with it the shortcuts (under a real X server it keeps it and Space
    # pauses: checked with xdotool)
    bar.play.trigger()
    at = w.replay.at
    qtbot.wait(60)
    assert not bar.play.isChecked() and w.replay.at == at
    w._replay_to(n - 2)
    bar.play.setChecked(True)
    qtbot.waitUntil(lambda: not bar.play.isChecked(), timeout=5000)
    assert w.replay.at == n and not bar.timer.isActive()
    bar.first.trigger()

    # the other state's eyes
    other = next(s for s in TWO if s != viewer)
    bar.viewer.setCurrentIndex(bar.viewer.findData(other))
    bar.viewer.activated.emit(bar.viewer.currentIndex())
    assert w.replay.viewer == other and table._view == game_view_at(game, 0, other)

    # closing: back to the scoring screen, the table at the end of the game again
    # a long line of what the move did never pushes "Close the replay" out of the bar
    bar.set_position(0, n, "Иерусалим получает очень длинную запись журнала " * 12)
    qtbot.wait(20)
    assert bar.widgetForAction(bar.close_action).isVisible()
    assert bar.what.toolTip().startswith("Иерусалим получает")
    bar.play.setChecked(True)
    bar.close_action.trigger()
    assert w.replay is None and not bar.isVisible() and w.current_page() == "scoring"
    assert not bar.timer.isActive()  # closing stops the playing
    # the toolbar follows the page: no "Fit to window" over the scores (the monkey found
    # it left on)
    assert not w.act_fit.isEnabled() and not w.act_hint.isEnabled()
    assert table._view == w.controller.current_view()


def game_view_at(game: Game, k: int, viewer: str) -> dict:
    return replayed(game, k).view(viewer)


@pytest.mark.usefixtures("instant_animations")
def test_leaving_the_table_or_a_new_game_ends_the_replay(window, qtbot):
    w = window
    w.start_new_game(TWO, seed=5)
    play_to_the_end(w)
    assert w.start_replay()
    assert w.status_label.text().startswith("Повтор партии")
    w.go_to_menu()
    assert w.replay is None and not w.replay_bar.isVisible()
    # the status bar no longer speaks of the replay (the monkey found it still saying the
    # replay's move on the start screen), nor of the game in play (issue 28 §9) ...
    assert w.status_label.text() == ""
    w.show_table_page()  # ... which it tells again at the table
    assert "Повтор" not in w.status_label.text() and "Конец игры" in w.status_label.text()
    assert w.start_replay()
    w.start_new_game(TWO, seed=6)
    assert w.replay is None and not w.replay_bar.isVisible()
    assert not w.controller.game.is_over

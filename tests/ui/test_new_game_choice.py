"""Issue 28 §5: a solo game is the default. The new-game dialog opens on "Play against the
computer" (your state, the number of players, the bots' level), offers "Hot-seat with
friends" beside it, remembers the last choice, and folds the seed away under "Advanced" —
while everything it could do before (any mix of people and bots, the set-up, a seed)
stays reachable.
"""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from krestonostsy.ui.new_game_dialog import STATES, lineup_problem, solo_lineup


def test_a_new_game_opens_on_play_against_the_computer_with_the_seed_folded_away(fake_window):
    w = fake_window
    dialog = w.new_game_dialog()
    assert dialog.mode() == "solo"
    assert [r.text() for r in dialog.mode_radios.values()] == [
        "Играть против компьютера", "Игра за одним компьютером с друзьями"]
    assert dialog.solo_box.isVisibleTo(dialog) and not dialog.states_box.isVisibleTo(dialog)
    # one person, the others bots: no seat to untick, no bot to pick
    assert dialog.states() == ["jerusalem", "tripoli"]
    assert dialog.seats() == {"jerusalem": "human", "tripoli": "normal"}
    assert "Триполи" in dialog.solo_note.text()
    # the seed is under "Advanced", shown on a click
    assert not dialog.seed_edit.isVisibleTo(dialog)
    dialog.advanced_toggle.click()
    assert dialog.seed_edit.isVisibleTo(dialog)
    assert dialog.advanced_toggle.text() == "▾ Дополнительно"
    dialog.reject()


@pytest.mark.parametrize("me", STATES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_state_can_play_against_the_computer_with_two_to_four_players(me, players):
    states = solo_lineup(me, players)
    assert me in states and len(states) == players
    assert lineup_problem(states) is None, states  # two players: neighbours (SETUP-30)


def test_play_against_the_computer_starts_you_against_bots_of_the_chosen_level(qtbot,
                                                                             fake_window):
    w = fake_window
    dialog = w.new_game_dialog()
    dialog.set_solo(state="edessa", players=3, level="hard")
    assert dialog.ok_button.isEnabled(), dialog.problem.text()
    assert dialog.automa_note.isVisibleTo(dialog)  # the automa takes the fourth place
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    kinds = w.controller.seat_kinds()
    assert len(kinds) == 3 and kinds["edessa"] == "human"
    assert sorted(k for s, k in kinds.items() if s != "edessa") == ["hard", "hard"]


def test_the_last_choice_is_remembered(fake_window):
    w = fake_window
    dialog = w.new_game_dialog()
    dialog.set_mode("hotseat")
    dialog.set_states(["jerusalem", "tripoli", "edessa"])
    dialog.accept()
    assert w.controller.seat_kinds() == {s: "human" for s in ("jerusalem", "tripoli", "edessa")}
    w.controller.close_game()
    again = w.new_game_dialog()
    assert again.mode() == "hotseat" and again.states_box.isVisibleTo(again)
    assert again.states() == ["jerusalem", "tripoli", "edessa"]
    again.set_mode("solo")
    again.set_solo(state="antioch", players=4, level="expert", style="merchant")
    again.accept()
    assert set(w.controller.seat_kinds().values()) == {"human", "expert:merchant"}
    w.controller.close_game()
    third = w.new_game_dialog()
    assert third.mode() == "solo"
    assert third.solo_choice() == {"state": "antioch", "players": 4, "level": "expert",
                                   "style": "merchant"}
    assert third.hotseat_states() == ["jerusalem", "tripoli", "edessa"]  # kept for hot-seat
    third.reject()


def test_hot_seat_keeps_any_mix_of_people_and_bots_the_set_up_and_a_seed(qtbot, fake_window):
    w = fake_window
    dialog = w.new_game_dialog()
    dialog.set_mode("hotseat")
    dialog.set_states(["tripoli", "edessa", "antioch"])
    dialog.seat_combos["edessa"].setCurrentIndex(dialog.seat_combos["edessa"].findData("easy"))
    dialog.set_setup("experienced")
    dialog.advanced_toggle.click()
    dialog.seed_edit.setText("42")
    dialog.option_widgets["raid_without_movers"].setCurrentIndex(1)
    options = dialog.options()
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    game = w.controller.game
    assert game.setup["seed"] == 42 and game.setup["options"]["first_game"] is False
    assert game.setup["options"]["raid_without_movers"] == options["raid_without_movers"]
    assert w.controller.seat_kinds() == {"tripoli": "human", "edessa": "easy",
                                         "antioch": "human"}

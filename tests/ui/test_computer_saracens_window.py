"""With the option on, a hot-seat battle against the Saracens asks no human for the
Saracen side: a bot answers it (no hand-off); with it off, the closest opponent does."""
from __future__ import annotations

import random

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from krestonostsy.engine import Game  # noqa: E402
from krestonostsy.ui.controller import GameController  # noqa: E402
from krestonostsy.ui.new_game_dialog import NewGameDialog  # noqa: E402

THREE = ["jerusalem", "tripoli", "edessa"]


def _at_saracen_decision(options=None) -> Game:
    g, rng = Game.new(THREE, seed=0, options=options), random.Random(0)
    while not g.deciding_for_saracens:
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_on_a_bot_answers_the_saracen_side_without_a_hand_off(qtbot, store):
    c = GameController(store, autosave=False)
    game = _at_saracen_decision({"computer_saracens": True})
    handoffs = []
    c.handoffRequested.connect(handoffs.append)
    n = len(game.actions)
    c.start(game, {s: "human" for s in THREE})
    assert c.busy and c.pending_handoff is None and handoffs == []
    assert c.legal_for_viewer() is None, "no human is asked"
    qtbot.waitUntil(lambda: len(c.game.actions) > n, timeout=30_000)
    assert c.wait_for_bots(10_000)


def test_off_the_closest_opponent_is_asked(qtbot, store):
    c = GameController(store, autosave=False)
    game = _at_saracen_decision()
    player = game.decision.player
    c.start(game, {s: "human" for s in THREE})
    assert not c.busy and c.pending_handoff == player


def test_the_new_game_dialog_offers_the_option_as_a_checkbox(qtbot, lang_ru):
    from PySide6.QtWidgets import QCheckBox
    dialog = NewGameDialog(None, {"states": THREE})
    qtbot.addWidget(dialog)
    box = dialog.option_widgets["computer_saracens"]
    assert isinstance(box, QCheckBox) and not box.isChecked()
    assert dialog.options()["computer_saracens"] is False
    box.setChecked(True)
    assert dialog.options()["computer_saracens"] is True
    assert "сарацин" in box.text()

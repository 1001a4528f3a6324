"""A hint (H, "Hint" in the toolbar): a Hard bot looks for a move in the viewer's place, in
the bots' thread, knowing only what the viewer's seat may see; the table rings where it is
played (as Tab does: Enter plays it) and the status bar says it."""
from __future__ import annotations

import random
import threading

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtWidgets import QMenu, QPushButton  # noqa: E402

from krestonostsy.ai.reasons import Reason  # noqa: E402
from krestonostsy.engine import Game  # noqa: E402
from krestonostsy.ui.controller import (  # noqa: E402
    END_TURN,
    HINT_LEVEL,
    BotSeat,
    GameController,
)
from krestonostsy.ui.main_window import hint_reason  # noqa: E402
from krestonostsy.ui.table import labels as L  # noqa: E402

TWO = ["jerusalem", "tripoli"]


def _to_a_choice(c: GameController, rng: random.Random, at_least: int) -> None:
    """Play random human moves until the human decides between several actions."""
    for _ in range(400):
        legal = c.legal_for_viewer()
        if legal and len(legal) > 1 and END_TURN not in legal and len(c.game.actions) >= at_least:
            return
        if c.pending_handoff:
            c.acknowledge_handoff()
            continue
        c.choose(END_TURN if END_TURN in legal else rng.choice(legal))
    raise AssertionError("no choice reached")


def _window_at_a_choice(window) -> GameController:
    """A hot-seat game in ``window`` played on to a choice of the human at the screen."""
    window.start_new_game(TWO, seed=7)
    c = window.controller
    c.acknowledge_handoff()
    _to_a_choice(c, random.Random(7), at_least=12)
    window.refresh()
    return c


def test_the_hint_is_the_hard_bots_move_for_the_viewer(qtbot, store):
    c = GameController(store, autosave=False)
    c.new_game(TWO, 7)  # hot-seat: every seat human
    c.acknowledge_handoff()
    _to_a_choice(c, random.Random(7), at_least=12)
    assert c.can_hint()
    with qtbot.waitSignal(c.hintReady, timeout=30_000) as hint:
        assert c.hint()
        assert not c.can_hint()  # one at a time
    action = hint.args[0]
    assert action in c.legal_for_viewer()
    # the Hard bot itself, in the seat of the player deciding, on the same position
    assert c.hint_seat.kind == HINT_LEVEL
    expected = c.hint_seat.choose(c.game.clone(), threading.Event())
    assert action == expected
    assert c.can_hint()


def test_a_hint_knows_only_what_the_viewer_may_see(qtbot, store):
    """Two true games the viewer cannot tell apart (the other's hand and the decks drawn
    differently) get the same hint."""
    c = GameController(store, autosave=False)
    c.new_game(TWO, 7)
    c.acknowledge_handoff()
    _to_a_choice(c, random.Random(7), at_least=12)
    me = c.game.decision.player
    other_world = c.game.determinize(me, 12345)  # another true world for the other seat
    seat = BotSeat(HINT_LEVEL)
    here = seat.choose(c.game.clone(), threading.Event())
    there = seat.choose(_replayable(other_world, c.game), threading.Event())
    assert here == there


def _replayable(world: Game, true: Game) -> Game:
    """``world`` with the setup seed the bots' seed is mixed from (a determinized game
    keeps no true seed: the hint's seed comes from the position, as here)."""
    world.setup["seed"] = true.setup["seed"]
    world.actions[:] = list(true.actions)
    return world


def test_a_late_hint_is_dropped_when_the_position_changed(qtbot, store):
    c = GameController(store, autosave=False)
    c.new_game(TWO, 7)
    c.acknowledge_handoff()
    _to_a_choice(c, random.Random(7), at_least=12)
    got = []
    c.hintReady.connect(lambda action, reason: got.append(action))
    assert c.hint()
    c.choose(c.legal_for_viewer()[0])  # the player moves before the hint comes
    c.wait_for_bots()
    qtbot.wait(50)
    assert got == [] and not c.hinting


def test_hint_in_the_window_rings_the_place_and_says_the_move(window, qtbot):
    w, c = window, _window_at_a_choice(window)
    assert w.act_hint.isEnabled() and w.act_hint in w.toolbar.actions()
    assert w.act_hint.text() == "Подсказка"
    with qtbot.waitSignal(c.hintReady, timeout=30_000) as hint:
        w.act_hint.trigger()
        assert w.busy_label.text() == "Ищем подсказку…"
    action = hint.args[0]
    chosen = w.table.keys.current
    assert chosen is not None
    label = L.action_label(action)
    assert w.statusBar().currentMessage().startswith(f"Подсказка: {label}")
    why = hint_reason(hint.args[1])
    if why:
        assert w.statusBar().currentMessage() == f"Подсказка: {label} — {why}"
    # Enter plays it (through the menu of the place when it has several actions)
    played = []
    w.table.actionChosen.connect(played.append)
    if isinstance(chosen, QPushButton):
        assert chosen.property("action") == action
        chosen.click()
    else:
        w.table.choose_at(chosen, w.table.mapToGlobal(w.table.rect().center()))
        if not played:
            (menu,) = [m for m in w.table.findChildren(QMenu) if m.isVisible()]
            entry = next(a for a in menu.actions() if a.text().startswith(label))
            entry.trigger()
    assert played == [action]


def test_a_hint_is_not_left_for_the_next_player_to_read(window, qtbot):
    """Hot-seat: the hint (which may name a card in the hand) goes with its position."""
    w, c = window, _window_at_a_choice(window)
    with qtbot.waitSignal(c.hintReady, timeout=30_000):
        w.act_hint.trigger()
    assert w.statusBar().currentMessage().startswith("Подсказка")
    c.choose(c.legal_for_viewer()[0])
    assert w.statusBar().currentMessage() == ""


def test_no_hint_in_the_tutorial_nor_on_anothers_turn(window, qtbot):
    w = window
    w.start_new_game(TWO, seed=7)  # hot-seat: the hand-off screen first
    assert w.current_page() == "handoff" and not w.act_hint.isEnabled()
    w.controller.acknowledge_handoff()
    w.refresh()
    assert w.act_hint.isEnabled()
    w.tutorial = object()  # a lesson running: it says what to click
    w._update_actions()
    assert not w.act_hint.isEnabled()
    w.tutorial = None


def test_a_hints_reason_is_said_to_the_player(lang_ru):
    searched = Reason("bot_order_searched", {"player": "jerusalem", "order": "march",
                                             "n": 45, "total": 100})
    assert hint_reason(searched) == "лучший в 45 из 100 разыгранных раундов"
    assert hint_reason(Reason("bot_order_searched", {"player": "jerusalem", "order": "build",
                                                     "n": 7, "total": 21})) \
        == "лучший в 7 из 21 разыгранного раунда"
    attack = Reason("bot_attacks", {"player": "jerusalem", "city": "acre", "strength": 5,
                                    "defence": 3})
    assert hint_reason(attack) == "ваша сила 5 против его обороны 3"
    assert hint_reason(None) == "" and hint_reason(Reason("other", {})) == ""

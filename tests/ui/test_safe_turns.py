"""Safe turns (issue 9 §2): an action that ends the turn waits for "End turn" or "Take back";
the hand-off comes only after the confirmation; no question where nothing is at stake."""
from __future__ import annotations

import random

from krestonostsy.engine import Game
from krestonostsy.ui.controller import END_TURN, TAKE_BACK, turn_end_of


def _to_table(w):
    c = w.controller
    if c.pending_handoff:
        w.handoff.acknowledged.emit()
    return c


def test_a_misclick_on_the_cross_is_taken_back(fake_window):
    w = fake_window
    w.start_new_game(["jerusalem", "tripoli"], 8)
    c = _to_table(w)
    me = c.deciding
    before = list(c.game.actions)
    place = next(a for a in c.legal_for_viewer() if a.kind == "place_order")
    assert c.choose(place)
    # held, not applied: the game is unchanged, the table shows the result to confirm
    assert c.pending_end is not None and c.game.actions == before
    assert c.legal_for_viewer() == [END_TURN, TAKE_BACK]
    view = c.current_view()
    assert view["decision"]["prompt"] == "confirm_end_turn"
    cross = view["cross"][place.order]
    assert any(t[0] == me for t in cross["inner"]) or (cross["outer"] or [None])[0] == me
    assert c.pending_handoff is None and w.current_page() == "table"  # no hand-off yet
    assert c.choose(TAKE_BACK)
    assert c.pending_end is None and c.deciding == me and place in c.legal_for_viewer()
    # chosen again and confirmed: now it counts, and the next human gets the hand-off
    assert c.choose(place) and c.choose(END_TURN)
    assert c.game.actions == before + [place]
    assert c.pending_handoff is not None and c.pending_handoff != me
    assert w.current_page() == "handoff"


def test_undo_takes_back_the_held_action(fake_window):
    w = fake_window
    w.start_new_game(["jerusalem", "tripoli"], 8)
    c = _to_table(w)
    c.choose(c.legal_for_viewer()[0])
    assert c.pending_end is not None and c.can_undo
    assert c.undo() and c.pending_end is None


def test_no_question_when_the_same_player_carries_on():
    """An action after which the player decides again and can undo is applied at once."""
    game = Game.new(["jerusalem", "tripoli"], seed=3)
    rng = random.Random(3)
    same = 0
    for _ in range(400):
        if game.is_over:
            break
        action = rng.choice(game.legal_actions())
        after = game.clone()
        after.apply(action)
        if after.can_undo:
            assert turn_end_of(game, action) is None
            same += 1
        elif not after.is_over and after.decision.player != game.decision.player:
            held = turn_end_of(game, action)
            assert held is not None and held.action == action
        game.apply(action)
    assert same > 20


def test_a_turn_end_that_reveals_shows_nothing_of_it():
    """When the held action draws or reveals something, the table keeps today's view and
    asks for a plain confirmation (nothing hidden is shown before it is final)."""
    found = 0
    for seed in range(6):
        game = Game.new(["jerusalem", "tripoli", "edessa"], seed=seed)
        rng = random.Random(seed)
        for _ in range(500):
            if game.is_over:
                break
            action = rng.choice(game.legal_actions())
            held = turn_end_of(game, action)
            if held is not None and held.preview is None:
                assert held.prompt["prompt"] == "confirm_end_turn_hidden"
                found += 1
            game.apply(action)
    assert found


def test_skipping_an_unused_order_asks_first(fake_window):
    """The one dialog left: giving up an order before using it."""
    w = fake_window
    w.auto_confirm = False
    w.settings.confirm_pass = True
    w.start_new_game(["jerusalem", "tripoli"], 8)
    c = w.controller
    rng = random.Random(5)
    for _ in range(600):
        if c.game.is_over:
            break
        if c.pending_handoff:
            w.handoff.acknowledged.emit()
            continue
        if c.pending_end is not None:
            c.choose(END_TURN)
            continue
        legal = c.legal_for_viewer()
        done = [a for a in legal if c.wastes_order(a)]
        if done:
            before = len(c.game.actions)
            w._on_action_chosen(done[0])
            assert w._message_box is not None and w._message_box.isVisible()
            assert len(c.game.actions) == before  # nothing happened yet
            w._message_box.buttons[0].click()  # Yes
            # the order is given up (its end of turn then waits on the prompt bar)
            assert c.pending_end is not None
            return
        w._on_action_chosen(rng.choice([a for a in legal if a.kind not in ("done", "end_march")]
                                       or legal))
    raise AssertionError("no order was offered to skip")


def test_the_log_appends_instead_of_rendering_again(fake_window):
    """Issue 9 §5: new entries are appended; the whole log is rendered again only when it
    changed otherwise (a hand-off shows the public log, then the next player's). What was
    appended reads exactly like a fresh rendering, groups included."""
    from krestonostsy.ui.log_panel import LogPanel
    w = fake_window
    w.start_new_game(["jerusalem", "tripoli"], 8)
    c, panel = w.controller, w.log_panel
    rng = random.Random(8)
    start, handoffs, actions = panel.full_renders, 0, 0
    while actions < 150 and not c.game.is_over:
        if c.pending_handoff:
            w.handoff.acknowledged.emit()
            handoffs += 1
            continue
        c.choose(END_TURN if c.pending_end is not None else rng.choice(c.legal_for_viewer()))
        actions += 1
    assert panel.full_renders - start <= 3 * handoffs + 2 < actions
    fresh = LogPanel()
    fresh.set_entries(c.visible_log())
    assert panel.browser.toPlainText() == fresh.browser.toPlainText()
    assert panel.texts() == fresh.texts()

"""Safe turns (issue 9 §2, issue 28 §1–2, §4): in hot-seat an action that ends the turn waits
for "End turn" or "Take back" (the hand-off comes only after it); alone against bots the turn
ends at once and "Take back" stays offered while the bots move; in both, a step that draws
a card or reveals something waits for "Go on", saying so and what it costs; no question
where nothing is at stake."""
from __future__ import annotations

import random

from answers import answer_questions

from krestonostsy.engine import Game
from krestonostsy.ui.safe_turns import END_TURN, TAKE_BACK, turn_end_of


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
                assert held.prompt["prompt"] == ("confirm_end_turn_hidden" if held.ends_turn
                                                 else "confirm_reveal")
                found += 1
            game.apply(action)
    assert found


def test_skipping_an_unused_order_asks_first(fake_window):
    """The one dialog left: giving up an order before using it."""
    w = fake_window
    answer_questions(w, yes=False)
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


# --- issue 28: nothing irreversible without a word, every cost said ---------------------------

def _solo(w, seed, level="novice"):
    w.start_new_game(["jerusalem", "tripoli"], seed, seats={"jerusalem": "human",
                                                             "tripoli": level})
    w.controller.bot_pause_ms = 0
    return w.controller


def _settle(qtbot, c):
    qtbot.waitUntil(lambda: not c.busy, timeout=30000)


def test_an_outer_cell_asks_first_and_says_it_draws_a_spy(fake_window, qtbot):
    """The outer cell's spy is drawn only after "Go on": "This draws a spy card and cannot
    be taken back", in English and Russian; "Take back" draws nothing."""
    from krestonostsy import i18n
    from krestonostsy.ui.table import labels as L
    c = _solo(fake_window, 8)
    _settle(qtbot, c)
    while c.deciding != "jerusalem" or not any(a.kind == "place_order" and a.cell == "outer"
                                               for a in c.legal_for_viewer() or ()):
        c.choose(END_TURN if c.pending_end else next(
            a for a in c.legal_for_viewer() if a.kind == "place_order" and a.cell == "inner"))
        _settle(qtbot, c)
    outer = next(a for a in c.legal_for_viewer() if a.kind == "place_order" and a.cell == "outer")
    actions, deck = list(c.game.actions), list(c.game.s["decks"]["spies"])
    assert c.choose(outer)
    assert c.game.actions == actions and c.game.s["decks"]["spies"] == deck  # nothing yet
    assert c.legal_for_viewer() == [END_TURN, TAKE_BACK]
    decision = c.current_view()["decision"]
    assert decision["prompt"] == "confirm_reveal"
    try:
        i18n.set_language("en")
        assert "This draws a spy card and cannot be taken back." in L.prompt_text(decision)
        i18n.set_language("ru")
        assert "Вы возьмёте карту шпиона — этого уже не отменить." in L.prompt_text(decision)
    finally:
        i18n.set_language("ru")
    assert c.choose(TAKE_BACK) and c.game.s["decks"]["spies"] == deck
    assert c.choose(outer) and c.choose(END_TURN)
    assert c.game.actions == actions + [outer]
    assert len(c.game.s["decks"]["spies"]) == len(deck) - 1


def test_undo_looks_enabled_exactly_when_it_would_take_back(fake_window, qtbot):
    """Alone against a bot, at every decision: the toolbar's Undo is enabled exactly when
    the controller's ``can_undo`` says so, and pressing it then takes back (no "a card was
    drawn" refusal behind an enabled button); when it is disabled, undo refuses."""
    w = fake_window
    c = _solo(w, 4)
    errors: list = []
    c.errorOccurred.connect(errors.append)
    rng = random.Random(4)
    tried = {True: 0, False: 0}
    for _ in range(260):
        _settle(qtbot, c)
        if c.game.is_over:
            break
        if c.pending_end is not None:
            c.choose(END_TURN)
            continue
        legal = c.legal_for_viewer()
        if not legal:
            qtbot.wait(5)
            continue
        can = c.can_undo
        assert w.act_undo.isEnabled() == can
        if rng.random() < .3:
            tried[can] += 1
            errors.clear()
            assert c.undo() == can
            assert not errors or not can, errors
            continue
        c.choose(rng.choice(legal))
    assert tried[True] >= 3 and tried[False] >= 3, tried


def test_the_turn_ends_at_once_against_bots_and_take_back_stays_offered(fake_window, qtbot):
    """Alone against a bot an inner cell ends the turn with one click; while the bot
    moves, the prompt bar offers "Take back", which brings the decision back."""
    w = fake_window
    c = _solo(w, 8)
    _settle(qtbot, c)
    place = next(a for a in c.legal_for_viewer() if a.kind == "place_order"
                 and a.cell == "inner" and turn_end_of(c.game, a, hold_turn_end=False) is None)
    assert turn_end_of(c.game, place) is not None  # in hot-seat it would wait
    before = list(c.game.actions)
    c.bot_pause_ms = 60_000  # the bot's move waits on screen: the player has time
    assert c.choose(place)
    assert c.pending_end is None and c.game.actions == before + [place]
    assert c.busy and c.table_choices() == [TAKE_BACK] and c.can_undo
    assert w.table.shown[-1][1] == [TAKE_BACK]  # on the prompt bar
    assert c.choose(TAKE_BACK)
    assert c.game.actions == before and c.deciding == "jerusalem" and not c.busy
    assert place in c.legal_for_viewer()


def _cross_cell(table, order):
    return next(it for it in table.scene().legal_items() if f"cross:{order}:inner" in it.targets)


def test_a_stacking_cost_is_said_before_the_click_and_in_the_confirmation(window, qtbot):
    """Stacking on covered tokens: the hover of the cross cell and the hot-seat
    confirmation say what is paid and to whom, as the engine charged it."""
    from krestonostsy import i18n
    from krestonostsy.engine.preview import preview
    from krestonostsy.ui.table import TableView
    from krestonostsy.ui.table import labels as L
    w = window
    assert isinstance(w.ensure_table(), TableView)
    i18n.set_language("en")
    try:
        game = Game.new(["jerusalem", "tripoli"], seed=3)
        rng = random.Random(3)
        while True:  # until a placement would pay the automa and a state, ending the turn
            d = game.decision
            inner = [a for a in d.actions if a.kind == "place_order" and a.cell == "inner"]
            paid = [a for a in inner if len({p.to for p in preview(game, a).payments}) == 2
                    and turn_end_of(game, a) is not None]
            if paid:
                break
            game.apply(rng.choice(inner or d.actions))
        w.controller.start(game, {"jerusalem": "human", "tripoli": "human"})
        if w.controller.pending_handoff:
            w.handoff.acknowledged.emit()
        action = paid[0]
        owners = [p.to for p in preview(game, action).payments]
        whom = ["the automa" if o == "automa" else L.state_name(o) for o in owners]
        said = f"pay 2 coins: 1 to {whom[0]}, 1 to {whom[1]}"
        assert said in _cross_cell(w.table, action.order).toolTip()
        assert w.controller.choose(action)
        assert said in w.table.prompt.label.text()
    finally:
        i18n.set_language("ru")


def test_an_only_choice_ends_the_turn_without_end_turn_in_hot_seat(fake_window):
    """Issue 28 §4: "Done" when nothing else may be done is not followed by "End turn"
    (the hot-seat hand-off comes at once); with another choice beside it, it still is."""
    w = fake_window
    w.start_new_game(["jerusalem", "tripoli"], 8)
    c = w.controller
    rng = random.Random(8)
    only = several = 0
    for _ in range(900):
        if c.game.is_over or (only and several):
            break
        if c.pending_handoff:
            w.handoff.acknowledged.emit()
            continue
        if c.pending_end is not None:
            c.choose(END_TURN)
            continue
        legal = c.legal_for_viewer()
        choices = [a for a in legal if a.kind != "own_turn"]
        action = rng.choice(choices or legal)
        ends = turn_end_of(c.game, action)
        if ends is not None and ends.preview is not None:  # ends the turn, nothing drawn
            c.choose(action)
            if choices == [action]:
                only += 1
                assert c.pending_end is None and c.game.actions[-1] == action
            else:
                several += 1
                assert c.pending_end is not None
            continue
        c.choose(action)
    assert only and several

"""See what happened (issue 9 §3): the others' moves are read from the engine's log, played
through the one animation helper and marked as the last move until the viewer acts."""
from __future__ import annotations

import pathlib
import random
import re

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from krestonostsy.engine import Game  # noqa: E402
from krestonostsy.ui.controller import END_TURN  # noqa: E402
from krestonostsy.ui.table import animation, motion  # noqa: E402
from krestonostsy.ui.table.items import TableItem  # noqa: E402

TWO = ["jerusalem", "tripoli"]
ENGINE = pathlib.Path(motion.__file__).resolve().parents[2] / "engine"


def _marked(table) -> list[TableItem]:
    return [it for it in table.scene().table_items() if it.last]


def test_every_reader_reads_an_entry_the_engine_logs():
    logged = set()
    for path in ENGINE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        logged.update(re.findall(r'log\(g, "([a-z_]+)"', text))
        for pair in re.findall(r'log\(g, "([a-z_]+)" if [^"]+ else "([a-z_]+)"', text):
            logged.update(pair)
    assert "units_marched" in logged and "order_placed" in logged
    assert set(motion.READERS) <= logged, sorted(set(motion.READERS) - logged)


def test_a_log_entry_is_read_into_what_moved_from_where_to_where():
    h = motion.read(("units_marched", {"player": "edessa", "frm": "edessa", "city": "aleppo",
                                       "n": 3}, None))
    assert h.actor == "edessa"
    assert h.moves == (motion.Travel("edessa", 3, "city:edessa", "city:aleppo"),)
    assert set(h.marks) == {motion.Mark("city:edessa"), motion.Mark("city:aleppo")}
    taken = motion.read(("card_taken", {"player": "tripoli", "market": "tactics_12",
                                        "card": "siege_tower"}, None))
    assert taken.moves == (motion.CardTo("siege_tower", "tripoli"),)
    assert motion.read(("paid", {"player": "edessa", "spent": []}, None)) is None


@pytest.fixture
def normal_speed():
    animation.set_speed("normal")
    yield
    animation.finish_all()


def _show(table, game: Game, viewer: str) -> None:
    legal = list(game.decision.actions) if game.decision.player == viewer else []
    table.show_view(game.view(viewer), legal, viewer, game.log_for(viewer))


def test_the_automas_move_flies_to_the_cross_and_stays_marked_until_the_viewer_acts(
        table, normal_speed, monkeypatch):
    moved = []
    real_move = animation.move
    monkeypatch.setattr(animation, "move",
                        lambda item, *a, **k: moved.append(item) or real_move(item, *a, **k))
    game = Game.new(TWO, seed=6)
    viewer = game.decision.player
    _show(table, game, viewer)
    rng = random.Random(1)
    for _ in range(40):  # the viewer plays until the automa answers with an order token
        n = len(game.log)
        game.apply(rng.choice(list(game.legal_actions())))
        moved.clear()
        _show(table, game, viewer)
        if any(k == "order_placed" and p["player"] == "automa" for k, p, _v in game.log[n:]):
            break
    else:
        raise AssertionError("the automa never placed a token")
    tokens = [it for it in _marked(table) if (it.key or "").startswith("piece:order:automa:")]
    assert tokens, "the automa's token is marked as the last move"
    assert tokens[0] in moved, "it flew there through the animation helper"
    assert animation.active()
    assert not any((it.key or "").startswith(f"piece:order:{viewer}:") for it in _marked(table))
    animation.finish_all()
    key = tokens[0].key
    _show(table, game, viewer)  # drawn again (a language switch, a bot thinking…): it stays
    assert key in {it.key for it in _marked(table)}
    assert not animation.active(), "nothing new happened: nothing moves"
    while game.decision.player == viewer:  # the viewer acts: the mark goes
        n = len(game.log)
        game.apply(rng.choice(list(game.legal_actions())))
        _show(table, game, viewer)
        others = [e for e in game.log[n:] if motion.read(e) and motion.read(e).actor != viewer]
        if not others:
            assert key not in {it.key for it in _marked(table)}
            assert not _marked(table)
            break
    animation.finish_all()


def test_hot_seat_the_next_player_sees_the_previous_players_move(table, normal_speed):
    game = Game.new(TWO, seed=6)
    first = game.decision.player
    _show(table, game, first)
    while game.decision.player == first:
        game.apply(list(game.decision.actions)[0])
    _show(table, game, first)  # the first player sees the result ("End turn", safe turns)
    second = game.decision.player
    _show(table, game, second)  # the second's first look: the first player's move is news
    marked = {it.key for it in _marked(table)}
    assert any(k.startswith(f"piece:order:{first}:") for k in marked), marked
    assert animation.active()
    animation.finish_all()


def test_going_back_forgets_the_marks_and_plays_nothing(table, normal_speed):
    game = Game.new(TWO, seed=6)
    viewer = game.decision.player
    _show(table, game, viewer)
    for _ in range(6):
        game.apply(list(game.decision.actions)[0])
    _show(table, game, viewer)
    assert _marked(table), "the automa and the other player moved meanwhile"
    animation.finish_all()
    back = Game.new(TWO, seed=6)  # an undo over those moves: a shorter history
    back.apply(list(back.decision.actions)[0])
    _show(table, back, viewer)
    assert not animation.active() and not _marked(table)


def test_a_bots_move_is_marked_until_the_human_acts(qtbot, window, settings):
    """Through the real window: a bot (tripoli) places its order; the human's table marks
    it; the human's next action takes the mark away."""
    settings.animation_speed = "fast"
    w = window
    w.start_new_game(TWO, 3, None, {"jerusalem": "human", "tripoli": "novice"})
    c = w.controller
    rng = random.Random(2)
    for _ in range(60):
        qtbot.waitUntil(lambda: c.legal_for_viewer() is not None, timeout=60_000)
        bot_tokens = [it for it in _marked(w.table)
                      if (it.key or "").startswith("piece:order:tripoli:")]
        if bot_tokens:
            break
        legal = c.legal_for_viewer()
        c.choose(END_TURN if END_TURN in legal else rng.choice(legal))
    else:
        raise AssertionError("the bot's order was never marked on the human's table")
    keys = {it.key for it in bot_tokens}
    legal = c.legal_for_viewer()
    c.choose(END_TURN if END_TURN in legal else rng.choice(legal))
    assert not keys & {it.key for it in _marked(w.table)}, "the human acted: the mark goes"
    c.stop_bot()
    animation.finish_all()


def test_a_spectator_sees_the_last_move_marked_not_every_move_since_the_start(
        table, normal_speed):
    """Watching a game of bots (viewer None) nobody acts: each new move replaces the marks
    of the one before, instead of the whole table ending up outlined."""
    four = ["jerusalem", "tripoli", "edessa", "antioch"]
    game = Game.new(four, seed=6)
    _show(table, game, None)
    tokens_of = {}
    for _ in range(200):
        n = len(game.log)
        game.apply(list(game.decision.actions)[0])
        _show(table, game, None)
        animation.finish_all()
        placed = [p["player"] for k, p, _v in game.log[n:] if k == "order_placed"]
        if placed:
            tokens_of[placed[-1]] = {it.key for it in _marked(table)
                                     if (it.key or "").startswith(f"piece:order:{placed[-1]}:")}
            assert tokens_of[placed[-1]], "the order just placed is marked"
            earlier = [p for p in tokens_of if p != placed[-1]]
            if earlier:
                marked = {it.key for it in _marked(table)}
                assert not tokens_of[earlier[0]] & marked, "an earlier move is not marked"
                break
    else:
        raise AssertionError("no two players placed an order")


def test_an_animation_whose_item_was_deleted_is_forgotten_not_finished(qtbot, normal_speed):
    """An item deleted with its scene stops its animation, which deletes itself later
    (``DeleteWhenStopped``) without saying ``finished``. The next ``finish_all()`` — every
    scene change starts with it — and ``active()`` must not touch the deleted animation:
    a monkey session (tests/ui/monkey.py) once made every later table draw fail with
    "Internal C++ object already deleted"."""
    from PySide6.QtCore import QCoreApplication, QEvent, QPointF
    from PySide6.QtWidgets import QGraphicsRectItem, QGraphicsScene

    scene = QGraphicsScene()
    item = QGraphicsRectItem(0, 0, 10, 10)
    scene.addItem(item)
    anim = animation.move(item, QPointF(100, 0), base_ms=400)
    assert anim is not None and anim in animation.active()
    scene.removeItem(item)
    del item  # the C++ item goes with its last reference
    qtbot.waitUntil(lambda: anim not in animation.active(), timeout=3000)
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    animation.finish_all()
    assert animation.active() == []
    animation.stop(anim)  # stopping it again is harmless

"""The table's resource use (issue 9 §5): nothing animates while it waits, finished
animations leave nothing alive, and an unchanged part of the table keeps its items.
(Times are measured in benchmarks/ui_bench.py, never asserted here.)"""
from __future__ import annotations

import gc
import random

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QCoreApplication, QEvent  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from krestonostsy.engine import Game  # noqa: E402
from krestonostsy.ui.table import animation  # noqa: E402
from krestonostsy.ui.table.items import TableItem  # noqa: E402

FOUR = ["jerusalem", "tripoli", "edessa", "antioch"]


@pytest.fixture
def fast_animations():
    animation.set_speed("fast")
    yield
    animation.set_speed("normal")


def _settle() -> None:
    """What the event loop does between two clicks: end animations, delete what ended."""
    animation.finish_all()
    QApplication.processEvents()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)


def _live_table_items() -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects() if isinstance(o, TableItem))


def _show(table, game: Game) -> None:
    p = game.decision.player if game.decision is not None else None
    p = p if p in FOUR else FOUR[0]
    legal = list(game.decision.actions) if game.decision and game.decision.player == p else []
    table.show_view(game.view(p), legal, p, game.log_for(p))  # the log: what to animate


def test_hundreds_of_actions_keep_items_and_animations_bounded(table, fast_animations):
    game = Game.new(FOUR, seed=11)
    rnd = random.Random(11)
    peaks_items, peaks_anims, in_scene = [], [], []
    for n in range(300):
        if game.is_over:
            game = Game.new(FOUR, seed=11 + n)
        game.apply(rnd.choice(list(game.legal_actions())))
        _show(table, game)
        QApplication.processEvents()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
        peaks_anims.append(animation.live())
        if n % 50 == 49:
            _settle()
            in_scene.append(len(table.scene().items()))
            peaks_items.append(_live_table_items())
    _settle()
    assert animation.live() == 0, "finished animations must delete themselves"
    assert max(peaks_anims) < 80, f"{max(peaks_anims)} animations alive at once"
    # the live items are those on the table (and their highlight halos): no growth
    assert max(in_scene) < 700, in_scene
    assert max(peaks_items) - min(peaks_items) < 150, peaks_items
    assert _live_table_items() <= len(table.scene().items()) + 10


def test_nothing_animates_while_the_table_waits(table):
    game = Game.new(FOUR, seed=3)
    _show(table, game)
    assert table.scene().legal_items(), "the first decision has targets on the table"
    _settle()
    assert animation.active() == [] and animation.live() == 0


def test_an_unchanged_part_of_the_table_keeps_its_items(table):
    game = Game.new(FOUR, seed=5)
    _show(table, game)
    p = game.decision.player
    before = {id(it): it for it in table.scene().items() if isinstance(it, TableItem)
              and it.key == "map"}
    # the same view again: every item stays, none is made anew
    ids = {id(it) for it in table.scene().items()}
    table.show_view(game.view(p), list(game.decision.actions), p)
    assert {id(it) for it in table.scene().items()} == ids
    assert before, "the map is drawn"


def test_tripolis_colour_blind_shape_means_nothing_else():
    from krestonostsy.ui.table import art
    shape = art.STATE_SHAPES["tripoli"]
    assert shape != "triangle"  # reads as a warning sign
    assert shape not in art.GOODS_SHAPES.values()
    assert list(art.STATE_SHAPES.values()).count(shape) == 1
    path = art.shape_path(shape, art.QPointF(0, 0), 10)
    assert path.elementCount() == 6  # five corners and the closing point: not a circle

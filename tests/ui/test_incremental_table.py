"""The table is laid out click by click (``TableScene.build`` lays out again only the
sections whose part of the view changed, and keeps the items that paint the same
picture). That saving must never show a stale table: after any run of actions the table
holds exactly the items a table laid out at once from the same view holds."""
from __future__ import annotations

import random

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from krestonostsy.engine import Game  # noqa: E402
from krestonostsy.ui.table import TableView, animation  # noqa: E402

FOUR = ["jerusalem", "tripoli", "edessa", "antioch"]


def _what_it_shows(view: TableView) -> list[tuple]:
    """Every item of the table: where it lies, what it says and offers (the words it
    draws, its tooltip, its targets, the card it shows). Not which of them are marked as
    the last move: a table laid out at once has seen no move."""
    out = []
    for it in view.scene().table_items():
        r = it.mapRectToScene(it.rect())
        out.append((it.key, it.zValue(), tuple(it.texts), it.toolTip(), tuple(it.targets),
                    it.card_id, round(r.width(), 1), round(r.height(), 1), r.x(), r.y()))
    return sorted(out, key=repr)


def _same_table(a: TableView, b: TableView) -> None:
    """The same items; each where the other has it, within half a screen pixel (a board
    moved aside keeps its cached picture by moving by whole screen pixels)."""
    shown, fresh = _what_it_shows(a), _what_it_shows(b)
    assert [x[:-2] for x in shown] == [x[:-2] for x in fresh]
    half_pixel = 0.5 / a.transform().m11() + 1e-6
    for x, y in zip(shown, fresh, strict=True):
        assert abs(x[-2] - y[-2]) <= half_pixel and abs(x[-1] - y[-1]) <= half_pixel, (x, y)


def _new_table(qtbot) -> TableView:
    view = TableView()
    qtbot.addWidget(view)
    view.resize(1280, 800)
    view.show()
    qtbot.waitExposed(view)
    return view


@pytest.mark.parametrize("seat", [None, "jerusalem"], ids=["hot-seat", "one-seat"])
def test_a_table_laid_out_click_by_click_equals_one_laid_out_at_once(qtbot, seat):
    animation.set_speed("instant")
    try:
        table = _new_table(qtbot)
        game = Game.new(FOUR, seed=13)
        rnd = random.Random(13)
        checked = 0
        for n in range(240):
            if game.is_over:
                game = Game.new(FOUR, seed=13 + n)
            game.apply(rnd.choice(list(game.legal_actions())))
            mover = game.decision.player if game.decision is not None else None
            viewer = seat or (mover if mover in FOUR else FOUR[0])
            legal = list(game.decision.actions) if mover == viewer else []
            args = (game.view(viewer), legal, viewer, game.log_for(viewer))
            table.show_view(*args)
            if n % 30 == 29:
                fresh = _new_table(qtbot)
                fresh.show_view(*args)
                _same_table(table, fresh)
                fresh.close()
                checked += 1
        assert checked == 8
    finally:
        animation.set_speed("normal")

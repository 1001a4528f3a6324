"""Issue 28 §4: a solo game played through the real window by clicks takes at most 1.3
clicks per decision of the player (``click_count.py``: the glowing places, their menus,
the prompt-bar buttons and every confirmation, counted).

The opponent here is a Novice bot, so the test stays quick: the count is of the player's
clicks, which the bot's level changes only through the course the game takes (against
Hard, seeds 1 and 2: 1.24 per decision; docs/playing.md, "Playing"). The figure is a count, not a
time."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from click_count import play_solo_by_clicks  # noqa: E402

pytestmark = pytest.mark.usefixtures("instant_animations")


@pytest.fixture
def real_window(qtbot, settings, store, lang_ru):
    from krestonostsy.ui.main_window import MainWindow
    from krestonostsy.ui.table import TableView
    w = MainWindow(settings, store, table_factory=lambda parent=None: TableView(parent))
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    yield w
    w.controller.shut_down()


def test_a_whole_solo_game_takes_at_most_1_3_clicks_per_decision(real_window):
    tally = play_solo_by_clicks(real_window, "novice", seed=1)
    assert tally.over, "the game did not end"
    assert tally.decisions > 100
    # every held step was confirmed with one click: the end of a turn no longer is
    assert tally.confirmations < tally.decisions / 4
    assert tally.clicks <= 1.3 * tally.decisions, (
        f"{tally.clicks} clicks for {tally.decisions} decisions "
        f"({tally.per_decision:.2f}): {tally.by_prompt}")

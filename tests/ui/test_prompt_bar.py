"""Issue 9: the prompt bar's buttons never push the window past the screen.

At 3840×2160 in Russian a decision with three long choices made the window 4,905 px wide
(the buttons and the load screen's doubly scaled buttons asked for more than the screen).
The real main window is opened at each size with the interface scale of that screen, a
game on the table and a decision whose three choices have long labels: the window stays
within the screen, every button lies inside the bar, the question keeps its share, and a
shortened button says its whole label in its tooltip.
"""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QSettings, Qt

from krestonostsy import i18n
from krestonostsy.engine import Action, Game

LONG = ("Отказаться от розыгрыша этой карты и оставить её в руке до следующего раунда, "
        "не платя за неё ни одной монеты ({n})")


@pytest.fixture
def window_at(qtbot, tmp_path):
    from krestonostsy.ui.main_window import MainWindow
    from krestonostsy.ui.saves import SaveStore
    from krestonostsy.ui.scaled_style import ui_scale_for
    from krestonostsy.ui.settings import Settings
    from krestonostsy.ui.table import animation

    def make(width: int, height: int, lang: str):
        i18n.set_language(lang)
        settings = Settings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
        settings.language = lang
        w = MainWindow(settings, SaveStore(tmp_path / "saves"), autosave=False,
                       ui_scale=ui_scale_for(width, height))
        qtbot.addWidget(w)
        w.setWindowState(Qt.WindowState.WindowNoState)
        w.resize(width, height)
        w.show()
        qtbot.waitExposed(w)
        players = ["jerusalem", "tripoli", "edessa"]
        game = Game.new(players, seed=5)
        w.ensure_table()
        w.controller.start(game)
        w.controller.pending_handoff = None
        w.controller.viewer = game.decision.player
        w.refresh()
        animation.finish_all()
        return w
    yield make
    i18n.set_language("ru")


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", [(3840, 2160), (1280, 800)])
def test_long_choices_shorten_on_the_bar_and_the_window_stays_on_the_screen(
        window_at, qtbot, size, lang):
    width, height = size
    w = window_at(width, height, lang)
    table = w.table
    viewer = w.controller.viewer
    view = w.controller.current_view()
    choices = [Action("pass", note=LONG.format(n=i + 1)) for i in range(3)]
    table.show_view(view, choices, viewer)
    w.resize(width, height)
    qtbot.wait(20)

    assert w.minimumSizeHint().width() <= width, "the window asks for more than the screen"
    assert w.width() <= width
    bar = table.prompt
    assert bar.width() <= table.width() <= width
    buttons = table.prompt_buttons()
    assert len(buttons) == 3
    for b in buttons:
        corner = b.mapTo(bar, QPoint(b.width(), b.height()))
        assert 0 <= b.mapTo(bar, QPoint(0, 0)).x() and corner.x() <= bar.width(), \
            f"«{b.text()}» lies outside the bar ({corner.x()} > {bar.width()})"
        assert corner.y() <= bar.height(), f"«{b.text()}» is taller than the bar"
        full = b.property("label")
        assert full.endswith(LONG.format(n=buttons.index(b) + 1))
        assert b.text() != full and "…" in b.text(), "a long label is shortened"
        assert b.toolTip() == full, "the whole label is in the tooltip"
        for line in b.text().split("\n"):
            assert b.fontMetrics().horizontalAdvance(line) <= b.contentsRect().width()
        assert b.font().pixelSize() >= 11
    texts = [b.text() for b in buttons]
    assert len(set(texts)) == len(texts), f"two buttons read the same: {texts}"
    assert bar.label.width() >= bar.width() * 0.25, "the question keeps its share of the bar"


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", [(1280, 800), (3840, 2160)])
def test_long_labels_keep_the_bars_size_on_one_line_and_shorten_with_an_ellipsis(
        window_at, qtbot, size, lang):
    """Issue 28 §8: «Разыграть эффект «свой ход» (шпион, рескрипт, постройка)» and «Без
    дополнительных товаров» broke into two lines of ~9 px. Every label stays on one line
    at the bar's own size (never under 11 px at 1280×800); a label too long for its share
    is shortened with "…" and says itself whole in its tooltip."""
    w = window_at(*size, lang)
    table = w.table
    choices = [Action("extra_goods", n=0), Action("extra_goods", n=1),
               Action("extra_goods", n=2), Action("own_turn"), Action("pass", note=LONG)]
    table.show_view(w.controller.current_view(), choices, w.controller.viewer)
    qtbot.wait(10)
    bar = table.prompt
    buttons = table.prompt_buttons()
    assert len(buttons) == len(choices)
    for b in buttons:
        full = b.property("label")
        assert "\n" not in b.text(), f"«{full}» on two lines"
        assert b.font().pixelSize() == bar._px >= 11, f"«{b.text()}» at {b.font().pixelSize()} px"
        assert b.fontMetrics().horizontalAdvance(b.text()) <= b.contentsRect().width()
        if b.text() != full:
            assert "…" in b.text() and b.toolTip() == full
        else:
            assert b.toolTip() == ""
    assert any("…" in b.text() for b in buttons), "the long note is shortened"
    if size == (1280, 800):
        assert bar.label.font().pixelSize() >= 11


def test_short_choices_keep_their_whole_label(window_at, qtbot):
    w = window_at(1280, 800, "ru")
    table = w.table
    choices = [Action("pass"), Action("decline")]
    table.show_view(w.controller.current_view(), choices, w.controller.viewer)
    qtbot.wait(10)
    for b in table.prompt_buttons():
        assert b.text() == b.property("label") and not b.text().endswith("…")
        assert b.toolTip() == ""


def test_a_prompt_cut_on_a_narrow_bar_is_whole_again_on_a_wide_one(qtbot):
    """The click hint is dropped first when the question does not fit; it came back only
    with the next question, so a table laid out before its window had its size (the
    window opening, a game started from a dialog) said no hint at all."""
    from krestonostsy.ui.table.view import PromptBar
    bar = PromptBar()
    qtbot.addWidget(bar)
    whole = "Выложите жетон приказа в крест &nbsp;<i>(щёлкните по месту или нажмите Tab)</i>"
    bar.resize(300, 50)
    bar.show()
    bar.set_prompt(whole, "jerusalem", [])
    bar.fit_label()
    assert "Tab" not in bar.label.text()
    bar.resize(1400, 50)
    bar.fit_label()
    assert bar.label.text() == whole

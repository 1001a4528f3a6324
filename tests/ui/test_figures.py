"""Issue 28 §6: a number reads as a number. EB Garamond's default figures are old-style:
its "1" is as short as a small letter and reads as a dotless "ı" («приносит 1 влияние»,
«≥ 1»), in a game that writes levels as Roman I–IV. Every font that draws a number (the
table's, the prompt bar's, the dialogs') asks for lining figures, so a rendered "1" is as
tall as a rendered "4".
"""
from __future__ import annotations

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QFont, QImage, QPainter


def ink_box(font: QFont, text: str) -> QRect:
    """The box of the pixels ``text`` inks in ``font`` (drawn at 64 px)."""
    f = QFont(font)
    f.setPixelSize(64)
    image = QImage(160, 160, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    p = QPainter(image)
    p.setFont(f)
    p.setPen(QColor("black"))
    p.drawText(40, 120, text)
    p.end()
    xs, ys = [], []
    for y in range(image.height()):
        for x in range(image.width()):
            if image.pixelColor(x, y).lightness() < 128:
                xs.append(x)
                ys.append(y)
    assert xs, f"«{text}» inks nothing"
    return QRect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def assert_lining(font: QFont, where: str) -> None:
    one, four = ink_box(font, "1"), ink_box(font, "4")
    assert abs(one.height() - four.height()) <= 2 and abs(one.top() - four.top()) <= 2, (
        f"{where} ({font.family()}): the 1 is {one.height()} px tall, the 4 {four.height()} px "
        "— old-style figures, the 1 reads as a dotless i")


def test_the_measure_sees_old_style_figures(qapp):
    """Without ``lnum`` EB Garamond's 1 is much shorter than its 4: the test can fail."""
    from krestonostsy.ui.table import art
    plain = QFont(art.font_family())
    if "Garamond" not in plain.family():
        pytest.skip("EB Garamond is not installed")
    # its own figures, whatever the application's font asks (ui_font asks for lnum)
    plain.setFeature(QFont.Tag("lnum"), 0)
    plain.setFeature(QFont.Tag("onum"), 1)
    with pytest.raises(AssertionError, match="old-style"):
        assert_lining(plain, "a font without lining figures")


@pytest.mark.parametrize("style", ["regular", "bold", "italic", "caps"])
def test_the_table_draws_a_1_as_tall_as_a_4(qapp, style):
    from krestonostsy.ui.table import art
    font = art.font(art.MIN_TEXT, bold=style == "bold", italic=style == "italic",
                    caps=style == "caps")
    assert_lining(font, f"the table's {style} font")


def test_the_prompt_bar_and_dialogs_draw_a_1_as_tall_as_a_4(qtbot):
    from krestonostsy.ui.fonts import ui_font
    from krestonostsy.ui.table.view import PromptBar
    bar = PromptBar()
    qtbot.addWidget(bar)
    bar.set_prompt("Приносит 1 влияние, ≥ 1", "jerusalem", [])
    bar.show()
    bar.label.ensurePolished()
    assert_lining(bar.label.font(), "the prompt bar's question")
    from krestonostsy.engine import Action
    bar.set_prompt("1", "jerusalem", [Action("extra_goods", n=1)])
    (button,) = bar.action_buttons()
    button.ensurePolished()
    assert "1" in button.text()
    assert_lining(button.font(), "a prompt bar button")
    assert_lining(ui_font(), "the interface font")


def test_a_dialog_draws_a_1_as_tall_as_a_4(qtbot, qapp):
    """The dialogs take the application's font (``ui/app.py: setup_application``)."""
    from krestonostsy.ui.fonts import ui_font
    from krestonostsy.ui.new_game_dialog import NewGameDialog
    before = qapp.font()
    qapp.setFont(ui_font())
    try:
        dialog = NewGameDialog(None, {})
        qtbot.addWidget(dialog)
        dialog.seed_edit.setText("1")
        dialog.ensurePolished()
        assert_lining(dialog.seed_edit.font(), "the new-game dialog's seed")
        assert_lining(dialog.automa_note.font(), "the new-game dialog's words")
    finally:
        qapp.setFont(before)

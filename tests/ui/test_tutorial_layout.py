"""Issue 28 §10: the tutorial's hints leave what they explain in view. Step 4's bubble
covered the cross it explains, step 6's Tripoli's board, and step 2's outline cut the
digits of the raid table beside the event card.

Every step of the lesson is opened (resumed there, as the start screen does) in a real
window at 1280×800 and at 3840×2160 (with that screen's interface scale), in Russian and
in English. At each: the bubble does not touch the place it points at, nor the panel
that place belongs to (the orders, the event, a state's board) — what the hint explains;
and the outline drawn round the place covers no words of the table beside it.
"""
from __future__ import annotations

import pytest
from answers import answer_questions
from PySide6.QtCore import QRect, QRectF, QSettings, Qt

from krestonostsy import i18n

SIZES = [(1280, 800), (3840, 2160)]


def ring_covers(band: QRectF, width: float, box: QRect) -> bool:
    """Whether the outline (a band ``width`` wide centred on ``band``) reaches into
    ``box`` (the tolerance: half a pixel of anti-aliasing)."""
    outer = band.adjusted(-width / 2 + .5, -width / 2 + .5, width / 2 - .5, width / 2 - .5)
    inner = band.adjusted(width / 2, width / 2, -width / 2, -width / 2)
    b = QRectF(box)
    return outer.intersects(b) and not inner.contains(b)


@pytest.fixture
def lesson_window(qtbot, tmp_path):
    from krestonostsy.ui.main_window import MainWindow
    from krestonostsy.ui.saves import SaveStore
    from krestonostsy.ui.scaled_style import ui_scale_for
    from krestonostsy.ui.settings import Settings
    from krestonostsy.ui.table import animation

    def make(width: int, height: int, lang: str):
        i18n.set_language(lang)
        settings = Settings(QSettings(str(tmp_path / f"s{width}{lang}.ini"),
                                      QSettings.Format.IniFormat))
        settings.language = lang
        settings.animation_speed = "instant"
        w = MainWindow(settings, SaveStore(tmp_path / "saves"), autosave=False,
                       ui_scale=ui_scale_for(width, height))
        qtbot.addWidget(w)
        answer_questions(w)
        w.controller.bot_pause_ms = 0
        w.setWindowState(Qt.WindowState.WindowNoState)
        w.resize(width, height)
        w.show()
        qtbot.waitExposed(w)
        animation.finish_all()
        return w
    yield make
    i18n.set_language("ru")


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "3840x2160"])
def test_no_hint_covers_what_it_explains_and_no_outline_covers_words(
        qtbot, lesson_window, size, lang):
    from krestonostsy.ui import tutorial as T
    script = T.lesson()
    w = lesson_window(*size, lang)
    faults = []
    for index, step in enumerate(script.steps):
        w.settings.set_value(T.SETTING, step.id)
        T.open_tutorial(w)  # "Resume the tutorial?" answered at once
        tut = w.tutorial
        assert tut is not None and tut.index == index
        qtbot.waitUntil(tut.ready, timeout=30000)
        tut._place()
        where = f"step {index + 1} ({step.id})"
        bubble = tut.bubble.geometry()
        target = tut.target_rect()
        if step.target is None:
            continue
        assert target is not None, f"{where}: nothing on the table is {step.target}"
        if bubble.intersects(target):
            faults.append(f"{where}: the bubble covers the place {target}")
        explained = tut.explained_rect()
        if bubble.intersects(explained):
            faults.append(f"{where}: the bubble covers what it explains {explained}")
        band, width = tut.highlight.band()
        for box in tut.words_near(target):
            if ring_covers(band, width, box):
                faults.append(f"{where}: the outline {band} ({width:.1f} px) covers the "
                              f"words at {box}")
    tut._detach()
    assert not faults, f"{len(faults)} faults:\n" + "\n".join(faults)


def test_the_measure_sees_an_outline_over_words():
    band = QRectF(100, 100, 50, 50)
    assert ring_covers(band, 10, QRect(152, 110, 30, 20))  # 2 px beside the place
    assert not ring_covers(band, 10, QRect(160, 110, 30, 20))
    assert not ring_covers(band, 10, QRect(110, 110, 20, 20))  # the place's own words

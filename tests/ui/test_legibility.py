"""Issue 9 §1: every word and number of the table that carries game information reads at
11 screen pixels or more at the default fit of a 1280×800 window — no zooming, no hovering.

The real main window is opened at 1280×800 (offscreen) on a 2-, 3- and 4-player game in
mid-play and during a battle. Every item of the table is painted once through a
:class:`MeasuringPainter`: each ``drawText`` notes the font's pixel size times the scale of
the painter's transform (the item's own transform and the view's fit), i.e. the height of
the letters on the screen. Words drawn with ``art.text(..., decorative=True)`` are skipped
(few: see the callers). The prompt bar's words are Qt widgets: their font size is read
from the widget.
"""
from __future__ import annotations

import math
import random

import pytest
from PySide6.QtCore import QRect, QRectF, QSettings, Qt
from PySide6.QtGui import QFontMetricsF, QImage, QPainter

from krestonostsy import i18n
from krestonostsy.engine import Game

MIN_PX = 11.0
LINEUPS = {2: ["jerusalem", "tripoli"], 3: ["jerusalem", "tripoli", "antioch"],
           4: ["jerusalem", "tripoli", "edessa", "antioch"]}


class MeasuringPainter(QPainter):
    """A painter that notes the on-screen size of every text it draws."""

    def __init__(self, device):
        super().__init__(device)
        self.seen: list[tuple[str, float]] = []
        self.cut: list[tuple[str, float, float, float, float]] = []
        self._decorative = False

    def mark_decorative(self) -> None:
        self._decorative = True

    def restore(self) -> None:
        self._decorative = False
        super().restore()

    def drawText(self, *args):
        text = next((a for a in args if isinstance(a, str)), "")
        if text.strip() and not self._decorative:
            f = self.font()
            px = f.pixelSize() if f.pixelSize() > 0 else f.pointSizeF() * 96 / 72
            t = self.worldTransform()
            scale = math.sqrt(abs(t.m11() * t.m22() - t.m12() * t.m21()))
            self.seen.append((text, px * scale))
            if len(args) == 3 and isinstance(args[0], (QRectF, QRect)) and text == args[2]:
                # the box the text is drawn in, and the box its letters need (Qt's own
                # layout, wrapping included): a text larger than its box is cut or spills
                box = QRectF(args[0])
                need = QFontMetricsF(f).boundingRect(box, int(args[1]), text)
                if need.width() > box.width() + 1 or need.height() > box.height() + 1:
                    self.cut.append((text, need.width(), need.height(), box.width(),
                                     box.height()))
        return super().drawText(*args)


def small_texts(view) -> list[str]:
    """Every text of the table below ``MIN_PX`` on the screen: 'item key: «text» 7.3 px'."""
    from krestonostsy.ui.table.items import TableItem

    image = QImage(4, 4, QImage.Format.Format_ARGB32_Premultiplied)
    vt = view.viewportTransform()
    out = []
    for it in view.scene().items():
        if not isinstance(it, TableItem) or not it.isVisible():
            continue
        p = MeasuringPainter(image)
        p.setWorldTransform(it.sceneTransform() * vt)
        it.draw_into(p)  # what the item draws (not its shared picture)
        p.end()
        for text, px in p.seen:
            if px < MIN_PX - 1e-6:
                out.append(f"{it.key or '?'}: «{text}» {px:.1f} px")
    for w in [view.prompt.label, *view.prompt_buttons()]:
        px = w.font().pixelSize() if w.font().pixelSize() > 0 else w.font().pointSizeF() * 96 / 72
        if w.isVisible() and px < MIN_PX:
            out.append(f"prompt bar: «{w.text()}» {px:.1f} px")
    return sorted(set(out))


def cut_texts(view, keys: tuple[str, ...] = ("",)) -> list[str]:
    """Every text of the table (of the items whose key starts with one of ``keys``) that
    needs more room than the box it is drawn in: 'item key: «text» needs W×H, box W×H'."""
    from krestonostsy.ui.table.items import TableItem

    image = QImage(4, 4, QImage.Format.Format_ARGB32_Premultiplied)
    out = []
    for it in view.scene().items():
        if not isinstance(it, TableItem) or not it.isVisible() \
                or not (it.key or "").startswith(keys):
            continue
        p = MeasuringPainter(image)
        it.draw_into(p)
        p.end()
        for text, nw, nh, bw, bh in p.cut:
            out.append(f"{it.key or '?'}: «{text!r}» needs {nw:.0f}×{nh:.0f}, box {bw:.0f}×{bh:.0f}")
    return sorted(set(out))


def mid_game(players: int, seed: int, battle: bool) -> Game:
    """A seeded game played at random into round 2 (or to a battle's tactic step)."""
    game = Game.new(LINEUPS[players], seed=seed)
    rnd = random.Random(seed)
    for _ in range(4000):
        if game.is_over:
            break
        if battle and game.s.get("battle") and (game.view(game.decision.player)
                                                 .get("battle") or {}).get("slots"):
            return game
        if not battle and game.s.get("round", 0) >= 2 and game.decision is not None \
                and game.decision.player in LINEUPS[players]:
            return game
        game.apply(rnd.choice(list(game.legal_actions())))
    pytest.skip(f"seed {seed} reached no {'battle' if battle else 'round 2'}")


@pytest.fixture
def open_window(qtbot, tmp_path):
    from krestonostsy.ui.main_window import MainWindow
    from krestonostsy.ui.saves import SaveStore
    from krestonostsy.ui.settings import Settings
    from krestonostsy.ui.table import animation

    windows = []

    def make(game: Game, lang: str):
        i18n.set_language(lang)
        qs = QSettings(str(tmp_path / f"settings{len(windows)}.ini"), QSettings.Format.IniFormat)
        settings = Settings(qs)
        settings.language = lang
        w = MainWindow(settings, SaveStore(tmp_path / "saves"), autosave=False)
        qtbot.addWidget(w)
        w.setWindowState(Qt.WindowState.WindowNoState)
        w.resize(1280, 800)
        w.show()
        qtbot.waitExposed(w)
        w.ensure_table()
        w.controller.start(game)
        w.controller.pending_handoff = None
        w.controller.viewer = game.decision.player
        w.refresh()
        animation.finish_all()
        qtbot.wait(10)
        windows.append(w)
        return w
    yield make
    i18n.set_language("ru")


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("players,battle", [(2, False), (3, False), (4, False), (3, True),
                                            (4, True)])
def test_every_game_text_is_at_least_11_px_at_1280x800(open_window, players, battle, lang):
    game = mid_game(players, seed=3 + players, battle=battle)
    w = open_window(game, lang)
    assert w.size().width() == 1280 and w.size().height() == 800
    assert w.current_page() == "table"
    view = w.table
    if battle:
        assert any(it.key and it.key.startswith("battle:card:")
                   for it in view.scene().items() if hasattr(it, "key"))
    small = small_texts(view)
    assert not small, f"{len(small)} texts below {MIN_PX} px:\n" + "\n".join(small[:80])
    # and none is cut (issue 9 §4): the markets, the battle board, the boards, the map
    cut = cut_texts(view)
    assert not cut, f"{len(cut)} texts larger than their box:\n" + "\n".join(cut[:80])


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("players,battle", [(2, False), (4, False), (4, True)])
def test_game_text_stays_at_least_11_px_with_the_log_open_at_1280x800(open_window, qtbot,
                                                                       players, battle, lang):
    """The log opened beside the table takes its column; the table keeps its words at
    11 px (it fills the height and shows the places to click; dragging shows the rest)."""
    w = open_window(mid_game(players, seed=3 + players, battle=battle), lang)
    w.act_log.trigger()
    qtbot.wait(20)
    view = w.table
    assert w.log_dock.isVisible() and w.log_dock.width() >= w.log_panel.minimumWidth()
    assert view.width() <= 1280 - w.log_panel.minimumWidth()  # beside the table, not over it
    small = small_texts(view)
    assert not small, f"{len(small)} texts below {MIN_PX} px:\n" + "\n".join(small[:80])
    shown = view.viewport().rect()
    legal = view.scene().legal_items()
    assert not legal or any(
        shown.intersects(view.mapFromScene(it.sceneBoundingRect()).boundingRect())
        for it in legal), "the places to click are in view"
    w.act_log.trigger()  # closed again: the whole table fits the window as before
    qtbot.wait(20)
    table = view.mapFromScene(view.scene().sceneRect()).boundingRect()
    assert table.width() <= view.viewport().width() + 2


def test_the_measure_sees_small_text(open_window):
    """The measure itself: the same table squeezed to 640×400 has words below 11 px."""
    w = open_window(mid_game(2, seed=5, battle=False), "en")
    w.resize(640, 400)
    w.table.fit()
    assert small_texts(w.table)


# --- the layout around it: the boards, the log, the screen's scale -----------------------------

def _board_width(view, sid: str) -> float:
    return next(it.sceneBoundingRect().width() for it in view.scene().items()
                if getattr(it, "key", None) == f"board:{sid}")


def test_a_compact_board_opens_large_on_a_click(table):
    from PySide6.QtCore import QPoint
    from PySide6.QtTest import QTest

    game = mid_game(4, seed=7, battle=False)
    viewer = game.decision.player
    table.show_view(game.view(viewer), [], viewer)
    other = next(s for s in LINEUPS[4] if s != viewer)
    assert _board_width(table, viewer) > 2 * _board_width(table, other)
    board = next(it for it in table.scene().items() if getattr(it, "key", None) == f"board:{other}")
    rect = board.sceneBoundingRect()
    spot = table.mapFromScene(rect.center().x(), rect.bottom() - 30)  # below the chips
    assert not any(getattr(it, "legal", False) for it in table.items(spot))
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(spot))
    assert _board_width(table, other) > 2 * _board_width(table, viewer)
    assert small_texts(table) == []  # still legible with another board open
    # the viewer's own board, now compact, opens large again on a click
    mine = next(it for it in table.scene().items() if getattr(it, "key", None) == f"board:{viewer}")
    r = mine.sceneBoundingRect()
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton,
                     pos=table.mapFromScene(r.center().x(), r.bottom() - 30))
    assert _board_width(table, viewer) > 2 * _board_width(table, other)


def test_the_log_starts_closed_on_a_small_screen_and_the_choice_is_remembered(open_window,
                                                                              tmp_path):
    w = open_window(mid_game(2, seed=5, battle=False), "ru")
    assert not w.log_dock.isVisible()  # 1280 wide: the table needs the width
    w.act_log.trigger()
    assert w.log_dock.isVisible()
    assert w.log_dock.width() <= 0.3 * w.width()  # a slim column, not a third of the screen
    assert w.log_wanted()
    w.refresh()
    assert w.log_dock.isVisible()  # a redraw keeps the player's choice
    w.act_log.trigger()
    assert not w.log_dock.isVisible() and not w.log_wanted()


def test_the_interface_grows_with_a_large_screen(open_window):
    from PySide6.QtWidgets import QApplication

    from krestonostsy.ui.scaled_style import ui_scale_for
    assert ui_scale_for(1280, 800) == 1.0
    assert ui_scale_for(1920, 1080) == pytest.approx(1.2, abs=.05)
    assert ui_scale_for(3840, 2160) == pytest.approx(2.4, abs=.05)
    w = open_window(mid_game(2, seed=5, battle=False), "en")
    small = QApplication.font().pointSizeF()
    w.set_ui_scale(2.4)
    process_events()  # the new font reaches the widgets through Qt's events
    try:
        assert QApplication.font().pointSizeF() == pytest.approx(small * 2.4, rel=.01)
        assert w.toolbar.font().pointSizeF() == pytest.approx(small * 2.4, rel=.01)
        assert w.status_label.font().pointSizeF() == pytest.approx(small * 2.4, rel=.01)
        assert "26.4pt" in w.log_panel.browser.styleSheet()  # 11 pt × 2.4
        # a check box's square grows with its words (the style's own is 13 px)
        from PySide6.QtWidgets import QCheckBox, QStyle, QStyleOptionButton
        box = QCheckBox("Terrain", w)
        opt = QStyleOptionButton()
        opt.initFrom(box)
        square = box.style().subElementRect(QStyle.SubElement.SE_CheckBoxIndicator, opt, box)
        assert square.width() >= 13 * 2.4 - 1 and square.height() >= 13 * 2.4 - 1
    finally:
        w.set_ui_scale(1.0)
        process_events()


def test_the_table_refits_when_resized_and_when_a_game_is_loaded(open_window, tmp_path):
    w = open_window(mid_game(2, seed=5, battle=False), "en")
    view = w.table
    fit_small = view.transform().m11()
    w.resize(1600, 1000)
    process_events()
    assert view.transform().m11() > fit_small * 1.1
    view.scale(2.0, 2.0)  # the player zooms in …
    view._auto_fit = False
    path = tmp_path / "game.json"
    assert w.save_file(path)
    assert w.load_file(path)  # … and loads a game: the whole table is in view again
    process_events()
    scene_rect = view.mapToScene(view.viewport().rect()).boundingRect()
    assert scene_rect.contains(view.scene().sceneRect().adjusted(2, 2, -2, -2))


def process_events() -> None:
    from PySide6.QtWidgets import QApplication
    for _ in range(3):
        QApplication.processEvents()


def test_a_word_too_long_for_its_card_breaks_with_a_hyphen_not_a_smaller_font(qapp):
    from PySide6.QtGui import QFontMetricsF

    from krestonostsy.ui.table import art
    width = 90.0
    text = art.hyphenate("Госпитальеры святого Иоанна", width, art.MIN_TEXT)
    fm = QFontMetricsF(art.font(art.MIN_TEXT))
    lines = text.split("\n")
    assert len(lines) >= 2 and lines[0].endswith("-")
    assert "".join(ln.rstrip("-") for ln in lines).replace(" ", "") == "ГоспитальерысвятогоИоанна"
    for line in lines:
        for word in line.split(" "):
            assert fm.horizontalAdvance(word) <= width, word
    assert art.hyphenate("Bazaar", width, art.MIN_TEXT) == "Bazaar"  # short words stay whole


def test_a_long_russian_name_breaks_between_syllables_not_before_its_vowel(qapp):
    from PySide6.QtGui import QFontMetricsF

    from krestonostsy.ui.table import art
    fm = QFontMetricsF(art.font(art.MIN_TEXT))
    width = fm.horizontalAdvance("Провансальск-") + 1  # the old cut: «Провансальск-» / «ие»
    assert art.hyphenate("Провансальские", width, art.MIN_TEXT).split("\n")[0] == "Провансаль-"
    width = fm.horizontalAdvance("священн-") + 1
    assert art.hyphenate("священник", width, art.MIN_TEXT).split("\n")[0] == "священ-"
    assert art.syllable_breaks("Kogh") == []  # no boundary: cut where it must


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_no_page_of_a_4k_window_is_wider_than_the_screen(qtbot, tmp_path, lang):
    """The interface scale grows the pages' words once: a page that fits its words to its
    own size (the load screen) is not grown again (it used to need 4,371 px at 4K)."""
    from PySide6.QtWidgets import QStackedWidget

    from krestonostsy.ui.main_window import MainWindow
    from krestonostsy.ui.saves import SaveStore
    from krestonostsy.ui.scaled_style import ui_scale_for
    from krestonostsy.ui.settings import Settings

    i18n.set_language(lang)
    settings = Settings(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    settings.language = lang
    w = MainWindow(settings, SaveStore(tmp_path / "saves"), autosave=False,
                   ui_scale=ui_scale_for(3840, 2160))
    qtbot.addWidget(w)
    try:
        w.resize(3840, 2160)
        w.show()
        process_events()
        pages = w.findChild(QStackedWidget, "pages")
        for i in range(pages.count()):
            page = pages.widget(i)
            process_events()
            assert page.minimumSizeHint().width() <= 3840, page.objectName()
    finally:
        w.set_ui_scale(1.0)
        process_events()
        i18n.set_language("ru")


# --- a full hand at 1280×800: every card name whole and legible -----------------------------

def deal_full_hand(game: Game, viewer: str, cards: int) -> list[str]:
    """The viewer's hand made full with the longest names there are in the game's language
    (the worst case: Russian names are the longest): its own tactics, then the longest
    rescripts (three at most, PRAY-10), then the longest tactics of the markets' decks, to
    ``cards`` cards with the bull. Returns the names in hand."""
    from krestonostsy.ui.table import labels as L
    pl = game.s["players"][viewer]
    decks = game.s["decks"]
    longest = lambda ids: sorted(ids, key=lambda c: (-len(L.card_name(c)), c))  # noqa: E731
    room = cards - (1 if pl.get("bull") else 0)
    tactics = list(pl["tactics"])[:room]
    rescripts = longest(decks["rescripts_1"] + decks["rescripts_2"])[:min(3, room - len(tactics))]
    tactics += longest(decks["tactics_12"] + decks["tactics_34"])[:room - len(tactics)
                                                                 - len(rescripts)]
    pl["tactics"], pl["rescripts"], pl["spies_hand"] = tactics, rescripts, []
    return [L.card_name(c) for c in tactics + rescripts + ([pl["bull"]] if pl.get("bull") else [])]


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("cards", [7, 8])
def test_a_full_hand_shows_every_card_name_whole_at_1280x800(open_window, players, cards, lang):
    """Issue 9 §1/§4: with 7–8 cards in hand (the longest names of the game) on the
    viewer's large board — narrowest at four players — every name reads whole (no letter
    outside the card's name box) at 11 px or more. The measure is the painter's: the box
    each text is drawn in against the room Qt's layout needs for it."""
    game = mid_game(players, seed=3 + players, battle=False)
    viewer = game.decision.player
    i18n.set_language(lang)
    names = deal_full_hand(game, viewer, cards)
    assert len(names) == cards
    w = open_window(game, lang)
    hand = [it for it in w.table.scene().items()
            if (getattr(it, "key", None) or "").startswith(f"hand:{viewer}:")]
    assert len(hand) == cards
    cut = cut_texts(w.table, (f"hand:{viewer}:",))
    assert not cut, f"{len(cut)} card names cut:\n" + "\n".join(cut)
    small = [s for s in small_texts(w.table) if s.startswith(f"hand:{viewer}:")]
    assert not small, "\n".join(small)
    # the cards lie side by side within the board, none over another
    rects = sorted((it.mapRectToScene(it.rect()) for it in hand), key=lambda r: r.left())
    assert all(a.right() <= b.left() + .5 for a, b in zip(rects, rects[1:], strict=False))
    board = next(it for it in w.table.scene().items()
                 if getattr(it, "key", None) == f"board:{viewer}").sceneBoundingRect()
    assert all(board.contains(r) for r in rects)


def test_the_clipping_measure_sees_a_cut_name(open_window, monkeypatch):
    """The measure itself: cards of a fixed narrow width (the old layout's, at four players)
    cut the longest names."""
    from krestonostsy.ui.table import art
    game = mid_game(4, seed=7, battle=False)
    deal_full_hand(game, game.decision.player, 8)
    monkeypatch.setattr(art, "name_widths",
                        lambda names, total, *a: [(total - 160) / len(names) - 6] * len(names))
    w = open_window(game, "ru")
    assert cut_texts(w.table, (f"hand:{game.decision.player}:",))

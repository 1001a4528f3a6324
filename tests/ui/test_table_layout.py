"""Issue 28 §10: the table's pieces stay in their places.

- The decks' counters under the markets lay half under the market cards above them, and
  «Карты сарацин» broke onto two lines at the panel's edge.
- Stacked order tokens spilled over the cells around their cross cell.
"""
from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFontMetricsF, QImage, QPainter

from krestonostsy import i18n
from krestonostsy.engine import Game

STATES = ["jerusalem", "tripoli", "edessa", "antioch"]


class RecordingPainter(QPainter):
    """Notes every text drawn in a box: (box, flags, text, font)."""

    def __init__(self, device):
        super().__init__(device)
        self.texts: list[tuple[QRectF, int, str, object]] = []

    def drawText(self, *args):
        if len(args) == 3 and isinstance(args[0], QRectF) and isinstance(args[2], str):
            self.texts.append((QRectF(args[0]), int(args[1]), args[2], self.font()))
        return super().drawText(*args)


def drawn(item) -> list[tuple[QRectF, int, str, object]]:
    image = QImage(4, 4, QImage.Format.Format_ARGB32_Premultiplied)  # alive while painted
    p = RecordingPainter(image)
    item.draw_into(p)
    p.end()
    return p.texts


def by_key(table, prefix: str) -> list:
    return [it for it in table.scene().table_items()
            if it.isVisible() and (it.key or "").startswith(prefix)]


@pytest.fixture
def lang():
    yield i18n.set_language
    i18n.set_language("ru")


@pytest.mark.parametrize("language", ["ru", "en"])
def test_deck_counters_show_whole_and_deck_names_on_one_line(table, lang, language):
    lang(language)
    game = Game.new(STATES[:2], seed=1)
    table.show_view(game.view("jerusalem"), [], "jerusalem")
    decks = by_key(table, "deck:")
    assert len(decks) == 5
    cards = [it.mapRectToScene(it.rect()) for it in by_key(table, "market:")]
    for deck in decks:
        box = deck.mapRectToScene(deck.rect())
        assert not any(box.intersects(c) for c in cards), f"{deck.key} lies under a card"
        texts = drawn(deck)
        counts = [(r, t) for r, _f, t, _font in texts if t.isdigit()]
        assert counts, f"{deck.key}: no counter drawn"
        for rect, text in counts:  # the counter on the deck, none of it under the cards
            on_table = deck.mapRectToScene(rect)
            assert deck.rect().contains(rect.center()), (deck.key, text, rect, deck.rect())
            assert not any(on_table.intersects(c) for c in cards), (deck.key, text)
        names = [(r, t, font) for r, _f, t, font in texts if not t.isdigit()]
        for rect, text, font in names:
            width = QFontMetricsF(font).horizontalAdvance(text)
            assert width <= rect.width(), f"«{text}» needs {width:.0f}, has {rect.width():.0f}"


@pytest.mark.parametrize("n", range(1, 10))
def test_stacked_order_tokens_and_their_numbers_stay_in_their_cell(table, n):
    from krestonostsy.ui.table.regions.cross import BADGE_R, stack_layout
    layout = stack_layout(n, 88)
    for c in layout.centres:  # the geometry: every token and number inside the cell
        reach = [abs(c.x()) + layout.radius + 2, abs(c.y()) + layout.radius + 2]
        if layout.badge is not None:
            b = c + layout.badge
            reach += [abs(b.x()) + BADGE_R, abs(b.y()) + BADGE_R]
        assert max(reach) <= 44, (n, c, reach)
    # and on the table: the tokens lie inside the cross cell they are stacked in
    view = Game.new(STATES, seed=1).view("jerusalem")
    owners = (STATES * 3)[:n]
    view["cross"] = {"prayer": {"inner": [[o, False] for o in owners], "outer": None}}
    table.show_view(view, [], "jerusalem")
    (cell,) = by_key(table, "cross:prayer:inner")
    box = cell.mapRectToScene(cell.rect())
    tokens = [it for it in by_key(table, "piece:order:") if ":prayer:inner:" in it.key]
    assert len(tokens) == n
    for it in tokens:
        r = it.mapRectToScene(it.rect())
        assert box.contains(r), f"{n} tokens: {it.key} at {r} spills out of {box}"

"""The one shared renderer of the table's art: palette, fonts, SVG icons, painter helpers.

Everything the table draws goes through here so that the look (parchment, iron-gall ink,
gold leaf) is defined once. SVG icons live in ``data/art/*.svg`` and are rendered with one
cached :class:`QSvgRenderer` per file; pieces that must be tinted per state (units,
mitres, order tokens) are drawn in code as vector paths.
"""
from __future__ import annotations

import math
import random
from functools import cache, lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontDatabase,
    QImage,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QRadialGradient,
)
from PySide6.QtSvg import QSvgRenderer

from ...resources import data_dir

# --- palette -------------------------------------------------------------------------------

PARCHMENT = QColor("#eedfba")
PARCHMENT_LIGHT = QColor("#f6ecd2")
PARCHMENT_DARK = QColor("#d6bf8c")
INK = QColor("#3a2816")
INK_SOFT = QColor("#6b5334")
GOLD = QColor("#b8892b")
GOLD_LIGHT = QColor("#e3c15f")
CRIMSON = QColor("#8b1e1e")
SEA = QColor("#9fb8b0")
SARACEN = QColor("#1f3a2c")
AUTOMA = QColor("#77736a")
LEGAL = QColor("#d99a00")
LAST = QColor("#2b6cb0")

STATE_COLOURS = {
    "jerusalem": QColor("#f5f1e4"),
    "tripoli": QColor("#e0ac1c"),
    "edessa": QColor("#2f5c9e"),
    "antioch": QColor("#b0302a"),
}
STATE_INK = {  # text/glyph colour drawn on the state's colour
    "jerusalem": QColor("#3a2816"), "tripoli": QColor("#3a2816"),
    "edessa": QColor("#f6ecd2"), "antioch": QColor("#f6ecd2"),
}
GOODS_COLOURS = {
    "yellow": QColor("#dca521"), "white": QColor("#f7f3e8"), "blue": QColor("#3467b0"),
    "red": QColor("#b2382c"), "green": QColor("#4c8a38"), "any": QColor("#a08f70"),
}
# Colour-blind mode: each state and each good also has a shape / glyph.
# Tripoli's pentagon: a triangle reads as a warning sign; no good, and no order token (those
# are hexagons), has five sides.
STATE_SHAPES = {"jerusalem": "circle", "tripoli": "pentagon", "edessa": "square",
                "antioch": "diamond"}
STATE_PATTERNS = {"jerusalem": Qt.BrushStyle.CrossPattern,
                  "tripoli": Qt.BrushStyle.BDiagPattern,
                  "edessa": Qt.BrushStyle.Dense6Pattern,
                  "antioch": Qt.BrushStyle.HorPattern}
GOODS_SHAPES = {"yellow": "triangle", "white": "circle", "blue": "square", "red": "diamond",
                "green": "star", "any": "circle"}

_colour_blind = False


def set_colour_blind(on: bool) -> None:
    global _colour_blind
    _colour_blind = bool(on)


def colour_blind() -> bool:
    return _colour_blind


def state_colour(owner: str | None) -> QColor:
    if owner in STATE_COLOURS:
        return QColor(STATE_COLOURS[owner])
    if owner == "saracen":
        return QColor(SARACEN)
    return QColor(AUTOMA)


def state_ink(owner: str | None) -> QColor:
    return QColor(STATE_INK.get(owner, PARCHMENT_LIGHT))


# --- fonts -----------------------------------------------------------------------------------

# The smallest text of the table, in scene pixels. The table (``scene.W`` × ``scene.H``) fits
# a 1280×800 window at a scale of about 0.48, so 24 scene pixels read as 11.5 screen pixels:
# no word or number that carries game information is drawn smaller (only words marked
# ``decorative`` may be). tests/ui/test_legibility.py measures it on the real window.
MIN_TEXT = 24.0

_FAMILY: str | None = None
_PREFERRED = ("EB Garamond", "EB Garamond 12", "Old Standard TT", "Old Standard",
              "DejaVu Serif", "Liberation Serif", "Noto Serif", "Times New Roman", "serif")


def font_family() -> str:
    """The serif family used everywhere (registers ``data/fonts/*`` once)."""
    global _FAMILY
    if _FAMILY is not None:
        return _FAMILY
    loaded: list[str] = []
    try:
        folder = data_dir() / "fonts"
        if folder.is_dir():
            for path in sorted(folder.rglob("*")):
                if path.suffix.lower() in (".ttf", ".otf"):
                    fid = QFontDatabase.addApplicationFont(str(path))
                    if fid >= 0:
                        loaded += QFontDatabase.applicationFontFamilies(fid)
    except FileNotFoundError:
        pass
    families = set(QFontDatabase.families()) | set(loaded)
    for name in _PREFERRED:
        if name in families:
            _FAMILY = name
            break
    else:
        _FAMILY = loaded[0] if loaded else "serif"
    return _FAMILY


def bold_family() -> str:
    """EB Garamond ships no bold: bold text uses Old Standard's real bold face."""
    family = font_family()
    if "Garamond" in family and "Old Standard TT" in QFontDatabase.families():
        return "Old Standard TT"
    return family


def font(size: float, bold: bool = False, italic: bool = False, caps: bool = False) -> QFont:
    f = QFont(bold_family() if bold else font_family())
    f.setPixelSize(max(1, int(round(size))))
    f.setBold(bold)
    f.setItalic(italic)
    if caps:
        f.setCapitalization(QFont.Capitalization.SmallCaps)
    f.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    lining_figures(f)
    return f


def lining_figures(f: QFont) -> QFont:
    """``f`` with lining figures (OpenType ``lnum``): EB Garamond's default old-style
    figures sit at the height of small letters, and its "1" then reads as a dotless i
    ("приносит 1 влияние", "≥ 1"). Every number of the game is drawn with them."""
    try:
        f.setFeature(QFont.Tag("lnum"), 1)
    except (AttributeError, TypeError):  # Qt < 6.7 has no font features
        pass
    return f


# --- SVG icons -------------------------------------------------------------------------------

@cache
def renderer(name: str) -> QSvgRenderer | None:
    try:
        path = data_dir() / "art" / f"{name}.svg"
    except FileNotFoundError:
        return None
    if not path.is_file():
        return None
    r = QSvgRenderer(str(path))
    return r if r.isValid() else None


def icon(p: QPainter, name: str, rect: QRectF, opacity: float = 1.0) -> None:
    r = renderer(name)
    if r is None:
        return
    p.save()
    p.setOpacity(p.opacity() * opacity)
    r.render(p, rect)
    p.restore()


ORDER_ICONS = {"build": "hammer", "prayer": "prayer", "muster": "helmet", "march": "march"}


# --- textures ----------------------------------------------------------------------------------

@lru_cache(maxsize=4)
def parchment_tile(size: int = 512, seed: int = 7, dark: bool = False) -> QImage:
    """A seamless-enough parchment texture (stains and fibres), generated once."""
    img = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    base = PARCHMENT_DARK if dark else PARCHMENT
    img.fill(base)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    rnd = random.Random(seed)
    p.setPen(Qt.PenStyle.NoPen)
    for _ in range(260):
        x, y = rnd.uniform(0, size), rnd.uniform(0, size)
        r = rnd.uniform(8, 60)
        c = QColor(120, 85, 40, rnd.randint(3, 10)) if rnd.random() < .6 else \
            QColor(255, 250, 230, rnd.randint(4, 14))
        for dx in (-size, 0, size):
            for dy in (-size, 0, size):
                g = QRadialGradient(QPointF(x + dx, y + dy), r)
                g.setColorAt(0, c)
                g.setColorAt(1, QColor(c.red(), c.green(), c.blue(), 0))
                p.setBrush(QBrush(g))
                p.drawEllipse(QPointF(x + dx, y + dy), r, r)
    for _ in range(500):  # fibres
        x, y = rnd.uniform(0, size), rnd.uniform(0, size)
        a = rnd.uniform(0, math.pi)
        ln = rnd.uniform(3, 14)
        p.setPen(QPen(QColor(110, 80, 40, rnd.randint(6, 18)), 0.8))
        p.drawLine(QPointF(x, y), QPointF(x + ln * math.cos(a), y + ln * math.sin(a)))
    p.end()
    return img


def parchment_brush(dark: bool = False) -> QBrush:
    return QBrush(parchment_tile(dark=dark))


@lru_cache(maxsize=1)
def table_tile() -> QImage:
    """Dark walnut table surface behind the boards."""
    size = 256
    img = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(QColor("#4a3221"))
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    rnd = random.Random(3)
    for _ in range(140):
        y = rnd.uniform(0, size)
        c = QColor(30, 18, 8, rnd.randint(10, 35)) if rnd.random() < .6 else \
            QColor(120, 80, 50, rnd.randint(8, 25))
        p.setPen(QPen(c, rnd.uniform(0.6, 2.2)))
        path = QPainterPath(QPointF(0, y))
        amp = rnd.uniform(1, 5)
        for x in range(0, size + 16, 16):
            path.lineTo(x, y + amp * math.sin(x / 40 + y))
        p.drawPath(path)
    p.end()
    return img


# --- panels and text ---------------------------------------------------------------------------

def panel(p: QPainter, rect: QRectF, title: str | None = None, dark: bool = False,
          radius: float = 10, title_size: float = 22) -> QRectF:
    """A parchment panel with an inked double border and gold corner bosses.

    Returns the inner rect below the title.
    """
    p.save()
    # drop shadow
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(0, 0, 0, 70))
    p.drawRoundedRect(rect.translated(5, 7), radius, radius)
    p.setBrush(parchment_brush(dark))
    p.setPen(QPen(INK, 2.2))
    p.drawRoundedRect(rect, radius, radius)
    # vignette
    g = QRadialGradient(rect.center(), max(rect.width(), rect.height()) * 0.75)
    g.setColorAt(0.6, QColor(0, 0, 0, 0))
    g.setColorAt(1.0, QColor(90, 55, 15, 55))
    p.setBrush(QBrush(g))
    p.setPen(Qt.PenStyle.NoPen)
    p.drawRoundedRect(rect, radius, radius)
    inner = rect.adjusted(6, 6, -6, -6)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(GOLD, 1.4))
    p.drawRoundedRect(inner, radius * .6, radius * .6)
    for c in (inner.topLeft(), inner.topRight(), inner.bottomLeft(), inner.bottomRight()):
        boss(p, c, 5)
    body = panel_title(p, rect, title, title_size) if title else QRectF(inner)
    p.restore()
    return body


def panel_title(p: QPainter, rect: QRectF, title: str, title_size: float = 22) -> QRectF:
    """The title of a :func:`panel` over ``rect`` and the gold rule under it (drawn by
    ``panel``, or apart over a panel drawn without a title, so the parchment's picture is
    the same whatever the title says). Returns the inner rect below the title."""
    inner = rect.adjusted(6, 6, -6, -6)
    p.save()
    tr = QRectF(inner.left() + 10, inner.top() + 2, inner.width() - 20, title_size * 1.45)
    p.setFont(font(title_size, bold=True, caps=True))
    p.setPen(INK)
    p.drawText(tr, Qt.AlignmentFlag.AlignCenter, title)
    y = tr.bottom()
    p.setPen(QPen(GOLD, 1.2))
    w = min(inner.width() * .8, 420)
    p.drawLine(QPointF(inner.center().x() - w / 2, y), QPointF(inner.center().x() + w / 2, y))
    p.restore()
    return QRectF(inner.left(), y + 4, inner.width(), inner.bottom() - y - 4)


def boss(p: QPainter, c: QPointF, r: float) -> None:
    g = QRadialGradient(c + QPointF(-r * .3, -r * .3), r * 1.3)
    g.setColorAt(0, GOLD_LIGHT)
    g.setColorAt(1, QColor("#7a5510"))
    p.save()
    p.setPen(QPen(QColor("#4a3208"), 0.8))
    p.setBrush(QBrush(g))
    p.drawEllipse(c, r, r)
    p.restore()


def text(p: QPainter, rect: QRectF, s: str, size: float, colour: QColor = INK,
         align=Qt.AlignmentFlag.AlignCenter, bold: bool = False, italic: bool = False,
         wrap: bool | Qt.TextFlag = False, caps: bool = False, halo: QColor | None = None,
         decorative: bool = False) -> None:
    """``s`` in the table's serif at ``size`` scene pixels.

    Text that carries game information must read at 11 screen pixels or more at the
    default fit of a 1280×800 window (tests/ui/test_legibility.py measures every call).
    ``decorative`` marks the few words that only dress the table (the map's cartouche):
    a painter that measures text (it has ``mark_decorative``) is told to skip them.
    ``wrap``: True wraps at spaces; a ``Qt.TextFlag`` (``TextWrapAnywhere``) is used as is.
    """
    if decorative:
        mark = getattr(p, "mark_decorative", None)
        if mark is not None:
            mark()
    else:
        size = max(size, MIN_TEXT)
    p.save()
    p.setFont(font(size, bold, italic, caps))
    flags = align | (wrap if not isinstance(wrap, bool) else
                     (Qt.TextFlag.TextWordWrap if wrap else 0))
    if halo is not None:
        p.setPen(halo)
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (1, -1), (-1, 1)):
            p.drawText(rect.translated(dx * size / 14, dy * size / 14), flags, s)
    p.setPen(colour)
    p.drawText(rect, flags, s)
    p.restore()


@lru_cache(maxsize=4096)
def _block_size(s: str, w: float, h: float, size: float, bold: bool, lo: float,
                italic: bool = False) -> float:
    from PySide6.QtGui import QFontMetricsF
    flags = int(Qt.AlignmentFlag.AlignCenter) | int(Qt.TextFlag.TextWordWrap)
    while size > lo:
        fm = QFontMetricsF(font(size, bold, italic))
        # Qt's own wrapping (it also breaks after a hyphen: «Разведчик-туркопол»); a word
        # wider than the box shows as a bounding box wider than it
        br = fm.boundingRect(QRectF(0, 0, w, 10000), flags, s)
        if br.width() <= w + .5 and br.height() <= h:
            return size
        size -= 0.5
    return lo


def block(p: QPainter, rect: QRectF, s: str, size: float, colour: QColor = INK,
          bold: bool = False, italic: bool = False, lo: float = MIN_TEXT,
          align=Qt.AlignmentFlag.AlignCenter) -> None:
    """Word-wrapped text shrunk until it fits ``rect``, never below ``lo``; a word wider
    than the box at ``lo`` («Госпитальеры» on a narrow card) breaks where it must."""
    if not s:
        return
    lo = max(lo, MIN_TEXT)
    w, h = round(rect.width(), 1), round(rect.height(), 1)
    fs = _block_size(s, w, h, max(size, lo), bold, lo, italic)
    if fs <= lo:
        s = broken(s, w, h, lo, bold, italic)
        if not _fits(s, w, h, lo, bold, italic):  # taller than the box: its start shows
            align = (align & Qt.AlignmentFlag.AlignHorizontal_Mask) | Qt.AlignmentFlag.AlignTop
    text(p, rect, s, fs, colour, align=align, bold=bold, italic=italic, wrap=True)


@lru_cache(maxsize=4096)
def _fits(s: str, w: float, h: float, size: float, bold: bool, italic: bool) -> bool:
    from PySide6.QtGui import QFontMetricsF
    flags = int(Qt.AlignmentFlag.AlignCenter) | int(Qt.TextFlag.TextWordWrap)
    br = QFontMetricsF(font(size, bold, italic)).boundingRect(QRectF(0, 0, w, 10000), flags, s)
    return br.width() <= w + .5 and br.height() <= h


VOWELS = frozenset("аеёиоуыэюяaeiouyéèêàâôûîïü")
SOFT = frozenset("ьъй")  # a break goes after these, never before them


def syllable_breaks(word: str) -> list[int]:
    """Where ``word`` may be broken, by the simple rules of Russian (and good enough for
    English) hyphenation: both parts keep a vowel and two letters, never before ь/ъ/й;
    after ь/ъ/й, between two consonants, or after a vowel when a vowel or one consonant
    and its vowel follow — never between a consonant and the vowel it belongs to
    («Провансаль-ские», «священ-ник», never «Провансальск-ие» or «свяще-нник»)."""
    low = word.lower()
    points = []
    for i in range(2, len(word) - 1):
        a, b = low[i - 1], low[i]
        if not (a.isalpha() and b.isalpha()) or b in SOFT:
            continue
        if not (VOWELS & set(low[:i]) and VOWELS & set(low[i:])):
            continue
        if a in SOFT or (a in VOWELS and (b in VOWELS or low[i + 1] in VOWELS)) \
                or (a not in VOWELS and b not in VOWELS):
            points.append(i)
    return points


def broken(s: str, width: float, height: float, size: float, bold: bool = False,
           italic: bool = False) -> str:
    """``s`` broken for a box: the words too wide for it broken by syllables
    (:func:`hyphenate`); when that is still too high for the box, each line filled as
    far as it goes by breaking the next word too («Венециан-» / «ский квар-» / «тал
    Тира»: three lines, not four)."""
    out = hyphenate(s, width, size, bold, italic)
    if not _fits(out, width, height, size, bold, italic):
        filled = hyphenate(s, width, size, bold, italic, fill=True)
        if _fits(filled, width, height, size, bold, italic):
            return filled
    return out


@lru_cache(maxsize=4096)
def hyphenate(s: str, width: float, size: float, bold: bool = False,
              italic: bool = False, fill: bool = False) -> str:
    """``s`` with each word wider than ``width`` at ``size`` broken over lines with a
    hyphen («Госпиталь-» / «еры»): a narrow card keeps its name legible, not shrunk. The
    break is the last syllable boundary that fits (:func:`syllable_breaks`; one after
    ь/ъ/й is preferred when it costs at most two letters); only a word with no boundary
    that fits is cut where it must. ``fill``: every word that does not fit the rest of a
    line is broken there too (a box one line too low for the plain breaks)."""
    from PySide6.QtGui import QFontMetricsF
    fm = QFontMetricsF(font(size, bold, italic))
    adv = fm.horizontalAdvance

    def syllable_cut(word: str, room: float) -> int | None:
        fitting = [i for i in syllable_breaks(word) if adv(word[:i] + "-") <= room]
        if not fitting:
            return None
        cut = fitting[-1]
        soft = [i for i in fitting if word[i - 1].lower() in SOFT and i >= cut - 2]
        return soft[-1] if soft else cut

    out = []
    for line in s.split("\n"):
        if not fill and all(adv(word) <= width for word in line.split(" ")):
            out.append(line)  # every word fits: Qt wraps it at the spaces
            continue
        # a word too wide: lay the line out here, filling each line as far as it goes
        # (the first part of a broken word joins the words before it when it fits)
        rows, cur = [], ""
        for word in line.split(" "):
            while True:
                joined = f"{cur} {word}" if cur else word
                if adv(joined) <= width:
                    cur = joined
                    break
                lead = f"{cur} " if cur else ""
                cut = syllable_cut(word, width - adv(lead)) if cur and fill else None
                if cut is None and (adv(word) <= width or len(word) <= 3):
                    rows.append(cur)  # whole on the next line
                    cur = word
                    break
                if cut is None and cur:
                    cut = syllable_cut(word, width - adv(lead))
                if cut is None:
                    if cur:  # no room left on this line for a part: start a new one
                        rows.append(cur)
                        cur = ""
                        continue
                    cut = syllable_cut(word, width)
                    if cut is None:  # no syllable boundary that fits: cut where it must
                        cut = len(word) - 2
                        while cut > 2 and adv(word[:cut] + "-") > width:
                            cut -= 1
                rows.append(lead + word[:cut] + "-")
                cur, word = "", word[cut:]
        rows.append(cur)
        out.append("\n".join(r for r in rows if r))
    return "\n".join(out)


def name_fits(s: str, width: float, height: float, size: float = MIN_TEXT,
              bold: bool = False) -> bool:
    """Does ``s``, broken by syllables where it must (:func:`hyphenate`), fit a box of
    ``width`` × ``height`` at ``size`` — what :func:`block` shows whole, not cut?"""
    w, h = round(width, 1), round(height, 1)
    if w <= 0 or h <= 0:
        return False
    return _fits(broken(s, w, h, size, bold), w, h, size, bold, False)


def name_widths(names: list[str], total: float, height: float, gap: float, pad: float,
                widest: float) -> list[float]:
    """The widths of a row of cards whose ``names`` must read whole at ``MIN_TEXT`` in a
    name box ``pad`` narrower than the card and ``height`` tall, in ``total`` width:
    each card first gets the least width its name needs (a short name, a narrow card),
    then what is left is shared out evenly, no card wider than ``widest`` (like cards
    laid in a hand). When even the least widths do not fit, every card is narrowed in
    proportion (a name may then be cut: the caller's test tells)."""
    if not names:
        return []
    room = total - gap * (len(names) - 1)
    least = []
    for s in names:
        w = 60.0
        while w < widest and not name_fits(s, w - pad, height):
            w += 2
        least.append(min(w, widest))
    need = sum(least)
    if need > room:
        return [w * room / need for w in least]
    widths = list(least)
    spare = room - need
    while spare > .5:  # raise the narrowest cards first, up to ``widest``
        low = [i for i, w in enumerate(widths) if w < widest - .01]
        if not low:
            break
        floor = min(widths[i] for i in low)
        at = [i for i in low if widths[i] <= floor + .01]
        above = min([widths[i] for i in low if widths[i] > floor + .01] + [widest])
        step = min(above - floor, spare / len(at))
        for i in at:
            widths[i] += step
        spare -= step * len(at)
    return widths


def fit_text(s: str, size: float, width: float, bold: bool = False) -> float:
    """The largest font size ≤ ``size`` at which ``s`` fits ``width``, never below
    ``MIN_TEXT`` (a name too long for its box at that size is laid out around it)."""
    from PySide6.QtGui import QFontMetricsF
    while size > MIN_TEXT:
        if QFontMetricsF(font(size, bold)).horizontalAdvance(s) <= width:
            return size
        size -= 1
    return size


# --- shapes ------------------------------------------------------------------------------------

def shape_path(shape: str, c: QPointF, r: float) -> QPainterPath:
    path = QPainterPath()
    if shape == "triangle":
        path.addPolygon(QPolygonF([c + QPointF(0, -r * 1.1), c + QPointF(r * 1.05, r * .8),
                                   c + QPointF(-r * 1.05, r * .8)]))
        path.closeSubpath()
    elif shape == "square":
        path.addRoundedRect(QRectF(c.x() - r * .88, c.y() - r * .88, r * 1.76, r * 1.76),
                            r * .2, r * .2)
    elif shape == "diamond":
        path.addPolygon(QPolygonF([c + QPointF(0, -r * 1.15), c + QPointF(r * 1.15, 0),
                                   c + QPointF(0, r * 1.15), c + QPointF(-r * 1.15, 0)]))
        path.closeSubpath()
    elif shape == "pentagon":  # point up
        path.addPolygon(QPolygonF([c + QPointF(r * 1.1 * math.cos(a), r * 1.1 * math.sin(a))
                                   for a in (-math.pi / 2 + k * 2 * math.pi / 5 for k in range(5))]))
        path.closeSubpath()
    elif shape == "star":
        pts = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            rr = r * 1.1 if i % 2 == 0 else r * .5
            pts.append(c + QPointF(rr * math.cos(a), rr * math.sin(a)))
        path.addPolygon(QPolygonF(pts))
        path.closeSubpath()
    else:
        path.addEllipse(c, r, r)
    return path


def piece(p: QPainter, c: QPointF, r: float, owner: str, label: str | None = None) -> None:
    """A unit / sanctity piece of ``owner`` (state, 'saracen' or 'automa')."""
    p.save()
    if owner == "saracen":
        icon(p, "crescent", QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r))
    else:
        col = state_colour(owner)
        shape = STATE_SHAPES.get(owner, "circle") if _colour_blind else "circle"
        path = shape_path(shape, c, r)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 80))
        p.drawPath(path.translated(r * .12, r * .18))
        g = QRadialGradient(c + QPointF(-r * .35, -r * .4), r * 1.6)
        g.setColorAt(0, col.lighter(135))
        g.setColorAt(1, col.darker(125))
        p.setBrush(QBrush(g))
        p.setPen(QPen(INK, max(1.0, r * .12)))
        p.drawPath(path)
        if _colour_blind and owner in STATE_PATTERNS:
            b = QBrush(state_ink(owner), STATE_PATTERNS[owner])
            p.setBrush(b)
            p.setPen(Qt.PenStyle.NoPen)
            p.setOpacity(.45)
            p.drawPath(path)
            p.setOpacity(1)
        if owner not in STATE_COLOURS:  # automa: a cog mark
            p.setPen(QPen(PARCHMENT_LIGHT, r * .18))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(c, r * .45, r * .45)
            for i in range(6):
                a = i * math.pi / 3
                p.drawLine(c + QPointF(r * .45 * math.cos(a), r * .45 * math.sin(a)),
                           c + QPointF(r * .72 * math.cos(a), r * .72 * math.sin(a)))
        else:
            cross(p, c, r * .55, state_ink(owner))
    if label:
        text(p, QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r), label, r * 1.05,
             state_ink(owner) if owner != "saracen" else PARCHMENT_LIGHT, bold=True)
    p.restore()


def cross(p: QPainter, c: QPointF, r: float, colour: QColor) -> None:
    p.save()
    p.setPen(QPen(colour, r * .32, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
    p.drawLine(c + QPointF(0, -r), c + QPointF(0, r))
    p.drawLine(c + QPointF(-r * .75, -r * .2), c + QPointF(r * .75, -r * .2))
    p.restore()


def count_badge(p: QPainter, c: QPointF, n: int, r: float = 15) -> None:
    r = max(r, MIN_TEXT * .62)  # room for two digits at the smallest legible size
    p.save()
    p.setPen(QPen(INK, 1))
    p.setBrush(PARCHMENT_LIGHT)
    p.drawEllipse(c, r, r)
    text(p, QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r), str(n), r * 1.3, INK, bold=True)
    p.restore()


def mitre(p: QPainter, rect: QRectF, owner: str) -> None:
    """A bishop's mitre tinted in the owner's colour."""
    col = state_colour(owner)
    x, y, w, h = rect.x(), rect.y(), rect.width(), rect.height()
    path = QPainterPath(QPointF(x + w * .12, y + h))
    path.lineTo(x + w * .08, y + h * .45)
    path.quadTo(x + w * .15, y + h * .15, x + w * .5, y)
    path.quadTo(x + w * .85, y + h * .15, x + w * .92, y + h * .45)
    path.lineTo(x + w * .88, y + h)
    path.closeSubpath()
    p.save()
    p.setPen(QPen(INK, max(1.0, w * .06)))
    g = QLinearGradient(rect.topLeft(), rect.bottomRight())
    g.setColorAt(0, col.lighter(125))
    g.setColorAt(1, col.darker(120))
    p.setBrush(QBrush(g))
    p.drawPath(path)
    if _colour_blind and owner in STATE_PATTERNS:
        p.setBrush(QBrush(state_ink(owner), STATE_PATTERNS[owner]))
        p.setOpacity(.4)
        p.drawPath(path)
        p.setOpacity(1)
    p.setPen(QPen(GOLD, max(1.0, w * .09)))
    p.drawLine(QPointF(x + w * .5, y + h * .12), QPointF(x + w * .5, y + h * .95))
    p.drawLine(QPointF(x + w * .12, y + h * .78), QPointF(x + w * .88, y + h * .78))
    p.restore()


def goods_token(p: QPainter, c: QPointF, r: float, colour: str, status: str = "ready") -> None:
    """A goods token: coloured when ready, grey when spent, with a ban mark when blocked."""
    col = QColor(GOODS_COLOURS.get(colour, GOODS_COLOURS["any"]))
    if status != "ready":
        grey = int(col.red() * .3 + col.green() * .59 + col.blue() * .11)
        col = QColor(grey, grey, grey).darker(115)
    p.save()
    rect = QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r)
    p.setPen(QPen(INK, max(1.0, r * .14)))
    g = QRadialGradient(c + QPointF(-r * .3, -r * .3), r * 1.5)
    g.setColorAt(0, col.lighter(125))
    g.setColorAt(1, col.darker(115))
    p.setBrush(QBrush(g))
    p.drawRoundedRect(rect, r * .35, r * .35)
    glyph_col = INK if colour in ("white", "yellow", "any") or status != "ready" else PARCHMENT_LIGHT
    if _colour_blind:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(glyph_col)
        p.drawPath(shape_path(GOODS_SHAPES.get(colour, "circle"), c, r * .42))
    if status == "spent":
        p.setPen(QPen(QColor(60, 60, 60), r * .16))
        p.drawLine(QPointF(c.x() - r * .55, c.y() + r * .55), QPointF(c.x() + r * .55, c.y() - r * .55))
    if status == "blocked":
        icon(p, "ban", rect.adjusted(-r * .15, -r * .15, r * .15, r * .15))
    p.restore()


def coin(p: QPainter, c: QPointF, r: float, value: int | str | None = None) -> None:
    icon(p, "coin", QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r))
    if value is not None:
        text(p, QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r), str(value), r * 1.0,
             QColor("#3d2a05"), bold=True)


def ban(p: QPainter, rect: QRectF) -> None:
    s = min(rect.width(), rect.height())
    icon(p, "ban", QRectF(rect.center().x() - s / 2, rect.center().y() - s / 2, s, s))


def hatch(p: QPainter, rect: QRectF, colour: QColor = CRIMSON, radius: float = 6) -> None:
    p.save()
    p.setPen(Qt.PenStyle.NoPen)
    c = QColor(colour)
    c.setAlpha(110)
    p.setBrush(QBrush(c, Qt.BrushStyle.BDiagPattern))
    p.drawRoundedRect(rect, radius, radius)
    p.restore()


def roman(n: int) -> str:
    return {0: "0", 1: "I", 2: "II", 3: "III", 4: "IV"}.get(n, str(n))


def card_frame(p: QPainter, rect: QRectF, accent: QColor | None = None,
               face_down: bool = False, back: str | None = None) -> None:
    """A card: cream face with an inked frame, or a patterned back."""
    p.save()
    r = rect.width() * .07
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(0, 0, 0, 70))
    p.drawRoundedRect(rect.translated(2.5, 3.5), r, r)
    if face_down:
        g = QLinearGradient(rect.topLeft(), rect.bottomRight())
        g.setColorAt(0, QColor("#6d2019"))
        g.setColorAt(1, QColor("#3e0f0b"))
        p.setBrush(QBrush(g))
        p.setPen(QPen(GOLD, 1.6))
        p.drawRoundedRect(rect, r, r)
        inner = rect.adjusted(5, 5, -5, -5)
        p.setBrush(QBrush(QColor(184, 137, 43, 60), Qt.BrushStyle.DiagCrossPattern))
        p.setPen(QPen(GOLD, .8))
        p.drawRoundedRect(inner, r * .6, r * .6)
        if back:
            s = min(inner.width(), inner.height()) * .55
            icon(p, back, QRectF(inner.center().x() - s / 2, inner.center().y() - s / 2, s, s))
        else:
            cross(p, inner.center(), min(inner.width(), inner.height()) * .22, GOLD_LIGHT)
    else:
        p.setBrush(QColor("#fbf3dc"))
        p.setPen(QPen(INK, 1.4))
        p.drawRoundedRect(rect, r, r)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(accent or GOLD, 2.4))
        p.drawRoundedRect(rect.adjusted(3.5, 3.5, -3.5, -3.5), r * .6, r * .6)
    p.restore()


def glow(p: QPainter, path: QPainterPath, colour: QColor, width: float = 6) -> None:
    """A soft halo around ``path`` (legal targets, last move)."""
    p.save()
    p.setBrush(Qt.BrushStyle.NoBrush)
    for i, alpha in enumerate((40, 70, 120, 230)):
        c = QColor(colour)
        c.setAlpha(alpha)
        p.setPen(QPen(c, width * (4 - i) / 2.0 + 1.5, Qt.PenStyle.SolidLine,
                      Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        p.drawPath(path)
    p.restore()


def order_token(p: QPainter, c: QPointF, r: float, owner: str, order: str,
                enhanced: bool = False) -> None:
    """An order token of ``owner``: a hexagon of the state's colour with the order's icon
    on a parchment disc ("boost": a red plus); a gold rim and boss when enhanced."""
    col = state_colour(owner)
    p.save()
    path = QPainterPath()
    pts = [c + QPointF(r * math.cos(math.pi / 6 + k * math.pi / 3),
                       r * math.sin(math.pi / 6 + k * math.pi / 3)) for k in range(6)]
    path.addPolygon(QPolygonF(pts))
    path.closeSubpath()
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(0, 0, 0, 80))
    p.drawPath(path.translated(2, 3))
    p.setBrush(col)
    p.setPen(QPen(GOLD if enhanced else INK, 3.2 if enhanced else 1.6))
    p.drawPath(path)
    if _colour_blind and owner in STATE_PATTERNS:
        p.setBrush(QBrush(state_ink(owner), STATE_PATTERNS[owner]))
        p.setOpacity(.35)
        p.drawPath(path)
        p.setOpacity(1)
    p.setPen(QPen(INK, 1))
    p.setBrush(QColor(PARCHMENT_LIGHT))
    p.drawEllipse(c, r * .62, r * .62)
    if order == "boost":
        text(p, QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r), "+", r * 1.2, CRIMSON, bold=True)
    elif order in ORDER_ICONS:
        s = r * .9
        icon(p, ORDER_ICONS[order], QRectF(c.x() - s / 2, c.y() - s / 2, s, s))
    if enhanced:
        boss(p, c + QPointF(r * .62, -r * .62), r * .22)
    p.restore()

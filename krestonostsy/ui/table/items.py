"""Thin graphics items: each draws one piece of the current view and carries its targets.

An item knows nothing of the rules. It is told whether it is a legal target
(``set_legal``) and whether it was part of the last move (``set_last``, from the engine's
log: ``motion.py``); a click on a legal
item is reported to the scene (``TableScene.item_clicked``), which turns it into intents.
``texts`` (also in ``data(0)``) lists the words the item shows, so tests and accessibility
tools can read the table.
"""
from __future__ import annotations

import logging
import math
from collections import OrderedDict
from collections.abc import Callable
from typing import Protocol, cast

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QPainter,
    QPainterPath,
    QPen,
    QPicture,
    QPixmap,
    QTransform,
)
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem

from . import art

log = logging.getLogger(__name__)


class ClickReceiver(Protocol):
    """What an item needs of the scene it lies in (``scene.TableScene`` is one; named
    here, not imported, since the scene's regions are made of these items)."""

    def item_clicked(self, item: TableItem, screen_pos: QPoint) -> None: ...

DATA_TEXTS = 0
DATA_TARGETS = 1
DATA_KEY = 2


def draw_signature(draw: Callable | None) -> str:
    """What ``draw`` paints, as a string: its code and the values it closes over.

    Two items with the same signature (and the same geometry, targets and words) paint the
    same picture, so the scene keeps the old item, and its cached picture, instead of
    making a new one. A draw function must therefore read only what it closes over (and the
    language and colour-blind setting, which the scene adds), never mutable scene state.
    """
    if draw is None:
        return ""
    fn = getattr(draw, "__func__", draw)
    code = getattr(fn, "__code__", None)
    parts: list = [getattr(fn, "__qualname__", repr(fn)), id(code)]
    parts.append(getattr(fn, "__defaults__", None))
    for cell in getattr(fn, "__closure__", None) or ():
        try:
            value = cell.cell_contents
        except ValueError:  # an empty cell
            value = None
        if isinstance(value, QGraphicsScene):
            # the scene itself is the same object on every rebuild: its address says nothing
            value = type(value).__name__
        elif getattr(getattr(value, "__dataclass_params__", None), "frozen", False):
            value = ("content", id(value))  # loaded once, never changed: its identity will do
        parts.append(value)
    return repr(parts)


def named_by_identity(draw: Callable | None) -> tuple:
    """The content objects ``draw``'s signature names by identity (``draw_signature``):
    a picture made from it keeps them, so no other object takes their identity while the
    picture is kept (the drawing itself may hold the whole scene: it is not kept)."""
    fn = getattr(draw, "__func__", draw)
    out = []
    for cell in getattr(fn, "__closure__", None) or ():
        try:
            value = cell.cell_contents
        except ValueError:
            continue
        if getattr(getattr(value, "__dataclass_params__", None), "frozen", False):
            out.append(value)
    return tuple(out)


class _MeasuringPainter(QPainter):
    """The painter that measures a drawing (into a ``QPicture``): it records a textured
    brush (the parchment of the panels) as its plain colour, and no words. A picture stores
    each texture it is given as a PNG, ~0.2 s for one panel, and the texture changes no
    bound."""

    def setBrush(self, brush, *args) -> None:  # noqa: N802 - Qt's name
        if isinstance(brush, QBrush) and brush.style() == Qt.BrushStyle.TexturePattern:
            brush = QBrush(brush.color())
        super().setBrush(brush, *args)

    def drawText(self, *args) -> None:  # noqa: N802 - Qt's name
        """Words are not recorded: a picture does not measure them (the maker's ``bleed``
        says how far they reach), and laying them out is half the cost of a measure."""


class SharedPictures:
    """The pictures of the table's items, shared by every item that paints the same one.

    An item made by the scene has a ``picture_key`` (its signature: what it draws, its size,
    the language, …). Its drawing is rendered once per key, zoom and position within a
    device pixel (to a quarter pixel) into a pixmap kept here, and every item with that key
    blits it: a card in the market and the same card in a hand, a state board laid out
    again when the viewer changes in hot-seat and back, cost a blit, not a drawing. Kept
    least recently used first out, within ``limit`` bytes (the view sizes it to the
    window). The bounds an item's drawing reaches (measured once by recording it) are
    kept per key too."""

    def __init__(self, limit: int = 64 << 20):
        self.limit = limit
        self.used = 0
        # each entry keeps the content objects its signature names by identity
        # (named_by_identity): no other object may take their identity while it lives
        self._pix: OrderedDict[tuple, tuple[QPixmap, tuple]] = OrderedDict()
        self._bounds: dict[tuple, tuple[QRectF, tuple]] = {}

    def bounds(self, key: tuple) -> QRectF | None:
        found = self._bounds.get(key)
        return found[0] if found is not None else None

    def keep_bounds(self, key: tuple, rect: QRectF, kept: tuple) -> None:
        if len(self._bounds) >= BOUNDS_MAX:
            self._bounds.clear()
        self._bounds[key] = (QRectF(rect), kept)

    def get(self, key: tuple) -> QPixmap | None:
        found = self._pix.get(key)
        if found is None:
            return None
        self._pix.move_to_end(key)
        return found[0]

    def put(self, key: tuple, pix: QPixmap, kept: tuple) -> None:
        self._pix[key] = (pix, kept)
        self.used += pix.width() * pix.height() * 4
        while self.used > self.limit and len(self._pix) > 1:
            _key, (old, _kept) = self._pix.popitem(last=False)
            self.used -= old.width() * old.height() * 4

    def clear(self) -> None:
        self._pix.clear()
        self._bounds.clear()
        self.used = 0


# The bounds kept per picture key: emptied when it holds this many
BOUNDS_MAX = 20000
# Positions within a device pixel that share a picture (4: to a quarter of a pixel)
SUBPIXEL_STEPS = 4
PICTURES = SharedPictures()


class TableItem(QGraphicsItem):
    """A rectangle (in local coordinates) painted by ``draw(painter, rect)``.

    Its picture is cached in device coordinates (``DeviceCoordinateCache``): a repaint of
    the table blits the pictures of the items that did not change. An item the scene made
    (with a ``picture_key``) takes its picture from :data:`PICTURES`, shared with every
    item that paints the same one.
    """

    def __init__(self, rect: QRectF, draw: Callable[[QPainter, QRectF], None] | None = None,
                 targets=(), key: str | None = None, tooltip: str | None = None,
                 texts=(), round_shape: bool = False, radius: float = 8,
                 bleed: tuple[float, float, float, float] = (0, 0, 0, 0), parent=None):
        super().__init__(parent)
        self._rect = QRectF(rect)
        self._draw = draw
        self.targets = tuple(t for t in targets if t)
        self.key = key
        self.texts = [str(t) for t in texts if t not in (None, "")]
        self.legal = False
        self.last = False
        self.hover = False
        self.focused = False  # the keyboard's choice (keyboard.py): Tab moves it
        self.round_shape = round_shape
        self.radius = radius
        self.signature: str | None = None  # set by the scene when the item may be kept
        # what it paints, for the shared pictures (set by the scene: same key, same picture)
        self.picture_key: str | None = None
        self._base_z = 0.0
        self._halo: Halo | None = None
        self._bounds: QRectF | None = None
        self._bleed = bleed  # what the drawing paints beyond rect: left, top, right, bottom
        self.card_id: str | None = None  # a face-up card shown by this item (the hover preview)
        self.setData(DATA_TEXTS, " | ".join(self.texts))
        self.setData(DATA_TARGETS, ",".join(self.targets))
        self.setData(DATA_KEY, key or "")
        if tooltip:
            self.setToolTip(tooltip)
        self.setAcceptHoverEvents(True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    # --- geometry -----------------------------------------------------------------------

    @staticmethod
    def nearest(kept: list[TableItem], place: QPointF) -> TableItem:
        """Take from ``kept`` (items painting the same picture) the one whose top-left
        corner lies nearest ``place`` (in the scene) and put it there. Moving an item keeps
        its cached picture: a table laid out anew (a board moved aside when the viewer
        changes) repaints only what it shows anew."""
        def dist(it: TableItem) -> float:
            d = it.pos() + it._rect.topLeft() - place
            return abs(d.x()) + abs(d.y())
        it = kept.pop() if len(kept) == 1 else min(kept, key=dist)
        if kept and it in kept:
            kept.remove(it)
        to = place - it._rect.topLeft()
        if it.pos() != to:
            it.setPos(to)
        return it

    def rect(self) -> QRectF:
        return QRectF(self._rect)

    def outline(self) -> QPainterPath:
        path = QPainterPath()
        if self.round_shape:
            path.addEllipse(self._rect)
        else:
            path.addRoundedRect(self._rect, self.radius, self.radius)
        return path

    def boundingRect(self) -> QRectF:
        """The rectangle with room for the highlight's glow, grown to whatever the drawing
        paints beyond it (its shapes, measured once, and the ``bleed`` its maker declares for
        words, which a QPicture does not measure: a label beside a track, a caption under a
        card): the cached picture holds exactly this rectangle."""
        if self._bounds is None:
            key = self._bounds_key()
            known = PICTURES.bounds(key) if key is not None else None
            if known is not None:
                self._bounds = known
                return QRectF(known)
            left, top, right, bottom = self._bleed
            self._bounds = self._rect.adjusted(-14 - left, -14 - top, 14 + right, 14 + bottom)
            if self._draw is not None:
                pic = QPicture()
                p = _MeasuringPainter(pic)
                try:
                    self._draw(p, QRectF(self._rect))
                except Exception:  # reported when it is painted
                    pass
                p.end()
                drawn = QRectF(pic.boundingRect())
                if not drawn.isEmpty():
                    self._bounds = self._bounds.united(drawn.adjusted(-2, -2, 2, 2))
            if key is not None:
                PICTURES.keep_bounds(key, self._bounds, named_by_identity(self._draw))
        return QRectF(self._bounds)

    def _bounds_key(self) -> tuple | None:
        """What the bounds depend on: the picture and where its rectangle lies locally."""
        if self.picture_key is None:
            return None
        return (self.picture_key, self._rect.x(), self._rect.y(), self._bleed)

    def shape(self) -> QPainterPath:
        return self.outline()

    # --- state ----------------------------------------------------------------------------

    def set_base_z(self, z: float) -> None:
        """The stacking order; a legal target is lifted half a step above it."""
        self._base_z = z
        self.setZValue(z + (0.5 if self.legal else 0.0))

    def set_legal(self, on: bool) -> None:
        if on == self.legal:
            return
        self.legal = on
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton if on else Qt.MouseButton.NoButton)
        self.setCursor(Qt.CursorShape.PointingHandCursor if on else Qt.CursorShape.ArrowCursor)
        self.setZValue(self._base_z + (0.5 if on else 0.0))
        self._update_halo()

    def set_last(self, on: bool) -> None:
        if on == self.last:
            return
        self.last = on
        self._update_halo()

    def set_focused(self, on: bool) -> None:
        """Outline the item as the keyboard's choice (only a legal target is ever one)."""
        if on == self.focused:
            return
        self.focused = on
        self._update_halo()

    def _update_halo(self) -> None:
        """Highlights live in a child :class:`Halo`, so the item's cached picture stays."""
        if self.legal or self.last or self.focused:
            if self._halo is None:
                self._halo = Halo(self)
            self._halo.update()
        elif self._halo is not None:
            halo, self._halo = self._halo, None
            halo.setParentItem(None)
            sc = halo.scene()
            if sc is not None:
                sc.removeItem(halo)

    # --- painting ---------------------------------------------------------------------------

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        if self._draw is None:
            return
        if self.picture_key is not None and self._paint_shared(p):
            return
        self.draw_into(p)

    def _paint_shared(self, p: QPainter) -> bool:
        """Blit the shared picture (made now if it is new); False when the painter turns
        or shears, or paints for a high-density screen (then the item draws itself)."""
        t = p.worldTransform()
        # (QTransform.type() crashes PySide 6 when called here: the terms are read instead)
        device = p.device()  # the item's cached picture (Qt passes no widget then)
        if t.m12() or t.m21() or t.m13() or t.m23() or device is None \
                or device.devicePixelRatioF() != 1.0:
            return False
        bounds = self.boundingRect()
        dev = t.mapRect(bounds)
        ox, oy = math.floor(dev.left()), math.floor(dev.top())
        # the drawing's offset within the pixel grid, to a quarter pixel (the same picture
        # wherever the item lies on the same quarter)
        n = SUBPIXEL_STEPS
        fx = round((dev.left() - ox) * n) / n
        fy = round((dev.top() - oy) * n) / n
        key = (self._bounds_key(), t.m11(), t.m22(), fx, fy)
        pix = PICTURES.get(key)
        if pix is None:
            w = max(1, math.ceil(dev.width() + 1))
            h = max(1, math.ceil(dev.height() + 1))
            pix = QPixmap(w, h)
            pix.fill(Qt.GlobalColor.transparent)
            pp = QPainter(pix)
            pp.setWorldTransform(QTransform(t.m11(), 0, 0, t.m22(),
                                            fx - t.m11() * bounds.left(),
                                            fy - t.m22() * bounds.top()))
            self.draw_into(pp)
            pp.end()
            PICTURES.put(key, pix, named_by_identity(self._draw))
        p.save()
        p.setWorldTransform(QTransform())
        p.drawPixmap(ox, oy, pix)
        p.restore()
        return True

    def draw_into(self, p: QPainter) -> None:
        """Draw the item with ``p`` as it is (no shared picture): what it paints."""
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        p.save()
        try:
            self._draw(p, QRectF(self._rect))
        except Exception:  # a drawing bug must never take the program down
            log.exception("cannot draw %s", self.key)
        p.restore()

    # --- events -----------------------------------------------------------------------------

    def hoverEnterEvent(self, event) -> None:
        self.hover = True
        if self._halo is not None:
            self._halo.update()
        super().hoverEnterEvent(event)

    def hoverLeaveEvent(self, event) -> None:
        self.hover = False
        if self._halo is not None:
            self._halo.update()
        super().hoverLeaveEvent(event)

    def mousePressEvent(self, event) -> None:
        if self.legal and event.button() == Qt.MouseButton.LeftButton:
            event.accept()
        else:
            event.ignore()

    def mouseReleaseEvent(self, event) -> None:
        # a release on the item's edge counts: the press found the item through the pixel
        # under the mouse, which may reach a fraction of a scene unit past the shape
        pos = event.pos()
        inside = self.shape().contains(pos) or self._rect.adjusted(-2, -2, 2, 2).contains(pos)
        if self.legal and inside:
            scene = cast("ClickReceiver | None", self.scene())  # a table item is in the table
            if scene is not None:
                scene.item_clicked(self, event.screenPos())
            event.accept()
        else:
            event.ignore()


class Halo(QGraphicsItem):
    """The highlight of a :class:`TableItem`: a glow when it is a legal target (brighter
    under the mouse, and ringed when the keyboard chose it), a blue glow, a dashed outline
    and a dot on its corner when it was part of the last move of the others (on top of the
    legal glow). A child of the item, static (no animation: the window stays idle while it
    waits), never hit by the mouse; its picture is shared by every highlight of the same
    size and look."""

    def __init__(self, owner: TableItem):
        super().__init__(owner)
        self.owner = owner
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)

    def boundingRect(self) -> QRectF:
        return self.owner.rect().adjusted(-14, -14, 14, 14)

    def shape(self) -> QPainterPath:
        return QPainterPath()  # clicks and hover go to the item underneath

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        """The highlight's picture, made once for each size, look and zoom (all the market
        cards share one): a new legal target costs a blit, not a glow drawn anew."""
        o = self.owner
        bounds = self.boundingRect()
        t = p.worldTransform()
        dpr = p.device().devicePixelRatioF() if p.device() is not None else 1.0
        scale = max(abs(t.m11()), abs(t.m12())) * dpr
        key = (o.round_shape, o.radius, round(bounds.width(), 1), round(bounds.height(), 1),
               o.legal, o.hover, o.last, o.focused, round(scale, 3))
        pix = _HALO_PICTURES.get(key)
        if pix is None:
            if len(_HALO_PICTURES) >= HALO_PICTURES_MAX:
                _HALO_PICTURES.clear()
            pix = _HALO_PICTURES[key] = self._picture(bounds, scale)
        if t.m12() or t.m21() or t.m13() or t.m23() or dpr != 1.0:
            p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
            p.drawPixmap(bounds, pix, QRectF(pix.rect()))
            return
        # the picture was made at this zoom: put it pixel for pixel (a scaled, filtered
        # blit of a glow costs ~1 ms), on the whole pixel nearest its place
        at = t.map(bounds.topLeft())
        p.save()
        p.setWorldTransform(QTransform())
        p.drawPixmap(round(at.x()), round(at.y()), pix)
        p.restore()

    def _picture(self, bounds: QRectF, scale: float) -> QPixmap:
        o = self.owner
        pix = QPixmap(max(1, math.ceil(bounds.width() * scale)),
                      max(1, math.ceil(bounds.height() * scale)))
        pix.fill(Qt.GlobalColor.transparent)
        p = QPainter(pix)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.scale(scale, scale)
        p.translate(-bounds.topLeft())
        outline = o.outline()
        if o.legal:
            c = QColor("#ffd24a") if o.hover else QColor(art.LEGAL)
            art.glow(p, outline, c, 5 + (3 if o.hover or o.focused else 0))
        if o.focused:  # a focus ring round the glow: ink on a light line, clear on any colour
            ring = QPainterPath()
            box = o.rect().adjusted(-FOCUS_GAP, -FOCUS_GAP, FOCUS_GAP, FOCUS_GAP)
            if o.round_shape:
                ring.addEllipse(box)
            else:
                ring.addRoundedRect(box, o.radius + FOCUS_GAP, o.radius + FOCUS_GAP)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(QPen(art.PARCHMENT_LIGHT, 7))
            p.drawPath(ring)
            p.setPen(QPen(art.INK, 4))
            p.drawPath(ring)
        if o.last:  # over the legal glow: a piece the others moved may be a target too
            art.glow(p, outline, art.LAST, 3)
            p.setPen(QPen(art.LAST, 3.5, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(outline)
            # a marker on the top-left corner, readable on the smallest piece
            corner = outline.boundingRect().topLeft()
            p.setPen(QPen(art.PARCHMENT_LIGHT, 2))
            p.setBrush(art.LAST)
            p.drawEllipse(corner + QPointF(2, 2), 7, 7)
        p.end()
        return pix


# How far outside an item the keyboard's focus ring runs (inside the halo's 14).
FOCUS_GAP = 9.0
# The highlights' pictures by (shape, size, look, zoom); emptied when it holds this many.
HALO_PICTURES_MAX = 200
_HALO_PICTURES: dict[tuple, QPixmap] = {}


def centered(size: float, h: float | None = None) -> QRectF:
    h = size if h is None else h
    return QRectF(-size / 2, -h / 2, size, h)


def point(x: float, y: float) -> QPointF:
    return QPointF(x, y)

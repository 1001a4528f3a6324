"""Laying the table out click by click: a section is laid out again only when what it shows
changed, and within it an item that paints the same picture as before is kept.

Each region (``base.Region``) says its sections for a view; :meth:`Layout.update` compares
what each one's picture depends on — the parts of the view it read (noted by
:class:`_ViewReader`, narrowed by the section), its arguments, the language and
colour-blind setting, and the viewer and the legal targets when it read them — with what
it depended on last time. Unchanged items keep their cached pictures, so the repaint after
an action redraws only what changed (tests/ui/test_incremental_table.py holds that a table
laid out click by click equals one laid out at once).
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from .. import art
from ..items import TableItem, draw_signature
from .base import PANEL_WORDS_Z, Laid, Region, Section


class _ViewReader(dict):
    """The view, noting which of its top-level keys a section reads (``*``: all of them)."""

    def __init__(self, view: dict):
        super().__init__(view)
        self.read: set[str] = set()

    def get(self, key, default=None):
        self.read.add(key)
        return super().get(key, default)

    def __getitem__(self, key):
        self.read.add(key)
        return super().__getitem__(key)

    def __contains__(self, key) -> bool:
        self.read.add(key)
        return super().__contains__(key)

    def items(self):
        self.read.add("*")
        return super().items()

    def keys(self):
        self.read.add("*")
        return super().keys()

    def values(self):
        self.read.add("*")
        return super().values()

    def __iter__(self):
        self.read.add("*")
        return super().__iter__()


def _shift(old: tuple | None, new: tuple) -> QPointF | None:
    """How far a section moved when its arguments differ only in where its rectangle lies
    (same size): None when anything else differs."""
    if old is None or len(old) != len(new):
        return None
    shift = None
    for a, b in zip(old, new, strict=True):
        if isinstance(a, QRectF) and isinstance(b, QRectF) and a != b:
            if shift is not None or a.size() != b.size():
                return None
            shift = b.topLeft() - a.topLeft()
        elif a != b:
            return None
    return shift


class Layout:
    """The scene's items, laid out section by section (see the module's docstring)."""

    def __init__(self, scene: QGraphicsScene):
        self.scene = scene
        self.settings: tuple = ()  # the language and colour-blind setting of the last build
        # whether the section being laid out read the viewer or the legal targets
        self.read_viewer = self.read_legal = False
        self.redone: list[str] = []  # the sections laid out again by the last update
        self._pool: dict[str, list[TableItem]] = {}
        self._added: list[TableItem] = []
        self._reprs: dict[str, str] = {}
        self._viewer: str | None = None
        self._legal: set[str] = set()

    def update(self, regions: list[Region], v: dict, viewer: str | None,
               legal: set[str]) -> None:
        """Lay the table out for the view ``v`` seen by ``viewer`` with ``legal`` targets."""
        self._viewer, self._legal = viewer, legal
        self._pool = {}
        self._reprs = {}  # the parts of this view as text (_inputs)
        plans = [(region, region.plan(v, viewer)) for region in regions]
        redo: list[tuple[Region, str]] = []
        for region, plan in plans:
            for name, section in plan.items():
                laid = region.sections.get(name)
                if laid is None:
                    redo.append((region, name))
                    continue
                keys, read_viewer, read_legal = laid.inputs[:3]
                if laid.inputs == self._inputs(v, section.args, section, keys, read_viewer,
                                               read_legal):
                    continue  # nothing it shows changed: its items stay as they are
                shift = _shift(laid.args, section.args)
                if shift is not None and laid.inputs == self._inputs(
                        v, laid.args, section, keys, read_viewer, read_legal):
                    # the same picture moved aside (a compact board when the viewer
                    # changes): its items move by whole screen pixels (within half a pixel
                    # of the place), so their cached pictures stay
                    shift = self._whole_pixels(shift)
                    for it in laid.items:
                        it.moveBy(shift.x(), shift.y())
                    region.sections[name] = Laid(self._inputs(
                        v, section.args, section, keys, read_viewer, read_legal),
                        laid.items, section.args)
                    continue
                redo.append((region, name))
                self._put_back(laid.items)
        self.redone = [name for _region, name in redo]
        for region, plan in plans:
            for name in [n for n in region.sections if n not in plan]:
                # a section this view does not have (another viewer's board)
                self._put_back(region.sections.pop(name).items)
        plan_of = dict(plans)
        for region, name in redo:
            section = plan_of[region][name]
            reader = _ViewReader(v)
            self._added, self.read_viewer, self.read_legal = [], False, False
            section.draw(reader, *section.args)
            region.sections[name] = Laid(self._inputs(
                v, section.args, section, frozenset(reader.read), self.read_viewer,
                self.read_legal), self._added, section.args)
        for items in self._pool.values():  # what the new view no longer shows
            for it in items:
                self.scene.removeItem(it)
        self._pool = {}
        self._added = []

    def _put_back(self, items: list[TableItem]) -> None:
        """Items a section no longer holds: the next sections may take them (``add``)."""
        for it in items:
            self._pool.setdefault(it.signature, []).append(it)

    def _inputs(self, v: dict, args: tuple, section: Section, keys: frozenset,
                viewer: bool, legal: bool) -> tuple:
        """What a section's picture depends on: the parts of the view it read (narrowed),
        its arguments, the language and colour-blind setting, and the viewer and the legal
        targets when it read them."""
        narrow = section.narrow

        def part(k: str) -> str:  # each part said once per build (sections share them)
            if k in narrow:
                return repr(narrow[k](v.get(k)))
            text = self._reprs.get(k)
            if text is None:
                text = self._reprs[k] = repr(v) if k == "*" else repr(v.get(k))
            return text
        data = part("*") if "*" in keys else tuple((k, part(k)) for k in sorted(keys))
        return (keys, viewer, legal, data, repr(args), self.settings,
                self._viewer if viewer else None, sorted(self._legal) if legal else None)

    def _whole_pixels(self, shift: QPointF) -> QPointF:
        """``shift`` rounded to whole pixels of the (first) view showing the table."""
        views = self.scene.views()
        k = views[0].transform().m11() if views else 0.0
        if k <= 0:
            return shift
        return QPointF(round(shift.x() * k) / k, round(shift.y() * k) / k)

    # --- the kit: what a section lays ---------------------------------------------------

    def add(self, rect, draw=None, pos=(0, 0), z=0.0, **kw) -> TableItem:
        """An item of the table; the same item as before when it paints the same picture."""
        pos = QPointF(*pos) if isinstance(pos, tuple) else QPointF(pos)
        rect = QRectF(rect)
        sig = repr((self.settings, rect.width(), rect.height(), z, sorted(kw.items()),
                    draw_signature(draw)))
        kept = self._pool.get(sig)
        if kept:  # the same picture, here or elsewhere (a board moved aside): moved, its
            # cached picture stays (a translation keeps a DeviceCoordinateCache)
            it = TableItem.nearest(kept, pos + rect.topLeft())
            self._added.append(it)
            it.card_id = None  # the caller sets it again; highlights are set after the build
            return it
        it = TableItem(rect, draw, **kw)
        it.signature = it.picture_key = sig
        self._added.append(it)
        it.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        it.setPos(pos)
        it.set_base_z(z)
        self.scene.addItem(it)
        return it

    def add_panel(self, rect: QRectF, title: str | None = None, dark=False, key=None,
                  title_size=22) -> QRectF:
        """A parchment panel (with its title): returns the rectangle of its body."""
        # the parchment and its title are two pictures: the parchment's is the same
        # whatever the title says (the battle board of every city, at 4K ~20 ms to draw)
        # a titled panel is a part of the table a hint may explain (panel_around)
        self.add(rect, lambda p, r: art.panel(p, r, dark=dark), z=-10, key=key).explains = \
            bool(title)
        if title:  # an item as large as the title's band (its picture is no larger)
            band = QRectF(rect.left() + 6, rect.top() + 6, rect.width() - 12,
                          title_size * 1.45 + 6)
            self.add(band, lambda p, r: art.panel_title(p, rect, title, title_size),
                     z=-10 + PANEL_WORDS_Z, texts=[title])
        # compute the body rect without painting
        inner = rect.adjusted(6, 6, -6, -6)
        if title:
            return QRectF(inner.left(), inner.top() + title_size * 1.45 + 6, inner.width(),
                          inner.height() - title_size * 1.45 - 6)
        return inner

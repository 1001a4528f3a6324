"""The table scene: draws one player's ``view`` (engine/view.py) and reports intents.

The scene never decides rules. It composes the table's regions (``regions/``: the tracks,
the map, the order cross, the event, the markets, the battle board, a campaign's marks,
the state boards — each owning its items and laying them out from the view — and the
notices, read from the log), hands them each view, and reports what the player clicks.

``build(view, legal, viewer, log)`` lays the regions out again where the view changed
(``regions/layout.py``: items are kept, not rebuilt) and plays what the others did from
the log (``motion.py``). Each item carries the target ids of ``Action.targets``
(``city:<id>``, ``cross:<order>:inner|outer``, ``market:<name>:<slot>``, ``card:<id>``,
``player:<id>``, ``bishop:<no>``). Items naming a target of a legal action are
highlighted and clickable; a click is reported through ``targetClicked(item, pos)``.
The layout of the table: ``regions/base.py``.
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtWidgets import QGraphicsScene

from ...i18n import current_language
from . import animation, art
from . import labels as L
from .items import TableItem
from .motion import Director
from .regions.base import H, Region, W
from .regions.battle_board import BattleBoard
from .regions.campaign import Campaign
from .regions.cards import Cards
from .regions.cross import Cross
from .regions.event import Event
from .regions.layout import Layout
from .regions.map import Map, map_point
from .regions.markets import Markets
from .regions.notices import NoticeBoard
from .regions.state_boards import StateBoards
from .regions.tracks import Tracks


class TableScene(QGraphicsScene):
    targetClicked = Signal(object, object)  # item, screen position (QPoint)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setSceneRect(QRectF(-12, -12, W + 24, H + 24))
        self.view_data: dict | None = None
        self._viewer: str | None = None
        self._legal_targets: set[str] = set()
        self.last_ids: set[str] = set()
        self._legal_items: list[TableItem] = []
        self.layout = Layout(self)  # lays each region's sections out again where needed
        self.cards = Cards(self.add)
        self.motion = Director(self)  # what happened, from the engine's log
        self.notice_board = NoticeBoard(self)  # a battle's result, a round's summary
        self.boards = StateBoards(self)
        # in the order they are laid (items of the same height stack in it)
        self.regions: list[Region] = [Tracks(self), Map(self), Cross(self), Event(self),
                                      Markets(self), BattleBoard(self), Campaign(self),
                                      self.boards]

    # --- public ---------------------------------------------------------------------------

    def build(self, view: dict, legal=(), viewer: str | None = None,
              log: list | None = None, staged: bool = False) -> None:
        """Show ``view``: each part of the table (a section of a region) is laid out again
        only when the parts of the view it reads changed; within a section, items that
        paint the same picture as before are kept. Unchanged items keep their cached
        pictures, so the repaint after an action redraws only what changed.

        ``staged``: the table is laid out behind the hand-off screen, unseen — what the
        others did is marked but not played yet, and the notices of a battle or a round
        are not opened yet: :meth:`reveal` does both when the player is at the screen."""
        animation.finish_all()
        self._viewer = viewer if viewer is not None else (view or {}).get("viewer")
        before = self.motion.snapshot(log, self.table_items())  # motion.py: what happened
        for it in self.items():  # animation decorations left over
            if it.parentItem() is None and not isinstance(getattr(it, "signature", None), str):
                self.removeItem(it)
        old_settings = self.layout.settings
        self.layout.settings = (current_language(), art.colour_blind())
        self.view_data = view or {}
        L.set_view(self.view_data)
        self._legal_targets = set()
        for a in legal or ():
            self._legal_targets.update(t for t in a.targets if not t.startswith("choice:"))
        self.layout.update(self.regions, self.view_data, self._viewer, self._legal_targets)
        # marks (and plays, unless staged) the others' moves from the log
        self.motion.show(log, before, play=not staged)
        self._apply_highlights()
        self.notice_board.update(log, staged, old_settings != self.layout.settings)

    @property
    def staged(self) -> bool:
        """Laid out by a staged :meth:`build` and not revealed yet."""
        return self.notice_board.held or self.motion.pending

    def reveal(self) -> None:
        """The player is at the screen: play what the others did and open the notices
        that a staged :meth:`build` held back (nothing when the build was not staged)."""
        self.motion.play_pending()
        self.notice_board.reveal()

    # the viewer and the legal targets, noting that the section being laid out read them
    @property
    def viewer(self) -> str | None:
        self.layout.read_viewer = True
        return self._viewer

    @property
    def legal_targets(self) -> set[str]:
        self.layout.read_legal = True
        return self._legal_targets

    @property
    def settings(self) -> tuple:
        """The language and colour-blind setting the table is drawn in."""
        return self.layout.settings

    def table_items(self) -> list[TableItem]:
        """Every item of the table (not the animation decorations), in no special order."""
        return [it for region in self.regions for it in region.items()]

    def section_items(self, name: str) -> list[TableItem]:
        """The items of one section of the table (e.g. ``battle``, ``board:tripoli``)."""
        for region in self.regions:
            laid = region.sections.get(name)
            if laid is not None:
                return list(laid.items)
        return []

    def panel_around(self, point: QPointF) -> QRectF | None:
        """The smallest titled panel (a parchment of :meth:`add_panel`: the orders, the
        event, a state's board…) that holds the scene ``point``, in scene coordinates: what a hint
        about a place on it explains (``ui/tutorial.py`` keeps its bubble off it)."""
        rects = [r for it in self.table_items() if getattr(it, "explains", False) and it.isVisible()
                 for r in (it.sceneBoundingRect(),) if r.contains(point)]
        return min(rects, key=lambda r: r.width() * r.height(), default=None)

    def item_clicked(self, item: TableItem, screen_pos) -> None:
        self.targetClicked.emit(item, screen_pos)

    def items_with_target(self, target: str) -> list[TableItem]:
        return [it for it in self.table_items() if target in it.targets]

    def legal_items(self) -> list[TableItem]:
        return list(self._legal_items)

    def present_targets(self) -> set[str]:
        out = set()
        for it in self.table_items():
            out.update(it.targets)
        return out

    def set_last(self, ids) -> None:
        """Mark the items of ``ids`` (targets or keys, e.g. from the log) as the last move,
        besides what changed since the viewer last acted."""
        self.last_ids = set(ids or ())
        for it in self.table_items():
            it.set_last(self._is_last(it))

    def _is_last(self, it: TableItem) -> bool:
        return self.motion.marked(it) or bool(self.last_ids & (set(it.targets) | {it.key}))

    def _apply_highlights(self) -> None:
        self._legal_items = []
        for it in self.table_items():
            legal = bool(self._legal_targets & set(it.targets))
            it.set_legal(legal)
            if legal:
                self._legal_items.append(it)
            it.set_last(self._is_last(it))

    # --- the state boards: one opened large with a click ------------------------------------

    def set_expanded(self, sid: str | None) -> bool:
        """Open ``sid``'s board large (None: the viewer's again); True when it changed. The
        caller draws the view again."""
        return self.boards.set_expanded(sid)

    def compact_board_at(self, scene_pos: QPointF) -> str | None:
        """The state whose compact board lies under ``scene_pos`` (a click opens it)."""
        return self.boards.compact_board_at(self.view_data or {}, scene_pos)

    # --- the notices: a battle's result, a round's summary (regions/notices.py) -------------

    @property
    def notices(self) -> dict[str, TableItem]:
        """The notices shown, by kind (``battle``, ``round``)."""
        return self.notice_board.shown

    def dismiss_notices(self) -> None:
        self.notice_board.dismiss_all()

    def mousePressEvent(self, event) -> None:
        self.notice_board.click()  # a click closes the notices and still reaches the table
        super().mousePressEvent(event)

    # --- the kit the regions, components.py and motion.py lay items with --------------------

    def add(self, rect, draw=None, pos=(0, 0), z=0.0, **kw) -> TableItem:
        """An item of the table; the same item as before when it paints the same picture."""
        return self.layout.add(rect, draw, pos, z, **kw)

    def add_panel(self, rect: QRectF, title: str | None = None, dark=False, key=None,
                  title_size=22) -> QRectF:
        """A parchment panel (with its title): returns the rectangle of its body."""
        return self.layout.add_panel(rect, title, dark, key, title_size)

    # components.py (a drawer per scenario component) lays cards and finds cities by these
    def _card_item(self, rect: QRectF, card_id: str | None, **kw) -> TableItem:
        return self.cards.item(rect, card_id, **kw)

    def _card_tip(self, card_id: str | None) -> str:
        return self.cards.tip(card_id)

    @staticmethod
    def _mp(xy) -> QPointF:
        return map_point(xy)

    def decoration(self, rect: QRectF, draw, pos: QPointF, z: float = 6.0) -> TableItem:
        """A throw-away item for an animation or a notice: never hovered, clicked nor read
        as a target."""
        it = TableItem(rect, draw)
        it.setAcceptHoverEvents(False)
        it.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        it.setPos(pos)
        it.setZValue(z)
        self.addItem(it)
        return it

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

import math

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from ...i18n import _, current_language
from . import animation, art
from . import components as COMP
from . import labels as L
from .items import TableItem
from .motion import Director
from .regions.base import (
    PANEL_WORDS_Z,
    R_BOARDS,
    H,
    Region,
    Section,
    W,
    game_board,
)
from .regions.battle_board import BattleBoard
from .regions.campaign import Campaign
from .regions.cards import NAME_FOOT, NAME_SIDE, NAME_TOP, Cards
from .regions.cross import Cross
from .regions.event import Event
from .regions.layout import Layout
from .regions.map import Map, map_point
from .regions.markets import Markets
from .regions.notices import NoticeBoard
from .regions.tracks import Tracks

COMPACT_MAX_W, LARGE_MIN_W, BOARD_GAP = 560, 1380, 16
CITY_R, CITY_STEP = 40, 150  # a city token on the large board and the room it takes


class _Rest(Region):
    """The sections the scene still lays out with its own methods, each until its region
    has a module of its own in ``regions/``."""

    def __init__(self, scene: TableScene):
        super().__init__(scene)
        self._viewer: str | None = None  # who saw the boards (the last plan)

    def plan(self, v: dict, viewer: str | None) -> dict[str, Section]:
        s = self.scene
        plan: dict[str, Section] = {}
        if viewer != self._viewer:
            s._expanded = None  # a new reader sees their own board large
        self._viewer = viewer
        for sid, rect, large in s._board_rects(v):
            # whose board it is to the viewer is an argument: a board that stays another
            # state's is not laid out again for a new viewer (it may only move aside)
            plan[f"board:{sid}"] = Section(s._board_panel, (sid, rect, large, sid == viewer), {
                "players": lambda pl, sid=sid: (pl or {}).get(sid),
                # of the cities, only the level and governor of the state's own (the rest,
                # e.g. a bishop's level, differs between viewers and is not on the board)
                "cities": lambda cs, sid=sid: [
                    (c, ((cs or {}).get(c) or {}).get("level"), ((cs or {}).get(c) or {})
                     .get("governor")) for c in ((v.get("players") or {}).get(sid) or {})
                    .get("cities") or ()],
                # of the decision, only whether this state is the one to move (or thinking)
                "decision": lambda d, sid=sid: ((d or {}).get("player") == sid
                                                and ((d or {}).get("thinking") or True))})
        return plan


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
        self._expanded: str | None = None  # the board opened large with a click
        # in the order they are laid (items of the same height stack in it)
        self.regions: list[Region] = [Tracks(self), Map(self), Cross(self), Event(self), Markets(self), BattleBoard(self), Campaign(self), _Rest(self)]

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

    # --- the sections not yet in a region module of their own ------------------------------

    def _board_rects(self, v: dict) -> list[tuple[str, QRectF, bool]]:
        """Where each state's board lies, and whether it is the large one: the viewer's (or
        the one the player opened with a click) large on the left, the others compact
        beside it."""
        states = list(v.get("states") or [])
        if not states:
            return []
        large = self._expanded if self._expanded in states else self._viewer
        if large not in states:
            large = states[0]
        order = [large] + [s for s in states if s != large]
        n_small = len(order) - 1
        small_w = min(COMPACT_MAX_W, (R_BOARDS.width() - LARGE_MIN_W - BOARD_GAP * n_small)
                      / max(1, n_small))
        large_w = R_BOARDS.width() - n_small * (small_w + BOARD_GAP)
        out = [(large, QRectF(R_BOARDS.left(), R_BOARDS.top(), large_w, R_BOARDS.height()),
                True)]
        x = R_BOARDS.left() + large_w + BOARD_GAP
        for s in order[1:]:
            out.append((s, QRectF(x, R_BOARDS.top(), small_w, R_BOARDS.height()), False))
            x += small_w + BOARD_GAP
        return out

    def set_expanded(self, sid: str | None) -> bool:
        """Open ``sid``'s board large (None: the viewer's again); True when it changed. The
        caller draws the view again."""
        if sid == self._expanded:
            return False
        self._expanded = sid
        return True

    def compact_board_at(self, scene_pos: QPointF) -> str | None:
        """The state whose compact board lies under ``scene_pos`` (a click opens it)."""
        for sid, rect, large in self._board_rects(self.view_data or {}):
            if not large and rect.contains(scene_pos):
                return sid
        return None

    def _board_panel(self, v: dict, sid: str, rect: QRectF, large: bool, own: bool) -> None:
        pv = (v.get("players") or {}).get(sid) or {}
        d = v.get("decision") or {}
        acting = d.get("player") == sid
        order = v.get("turn_order") or []
        rank = order.index(sid) + 1 if sid in order else None
        name = L.state_name(sid)
        col = art.state_colour(sid)

        def pdraw(p, rc):
            art.panel(p, rc)
            band = QRectF(rc.x() + 8, rc.y() + 8, rc.width() - 16, 56)
            p.setPen(Qt.PenStyle.NoPen)
            c2 = QColor(col)
            c2.setAlpha(200)
            p.setBrush(c2)
            p.drawRoundedRect(band, 6, 6)
            if art.colour_blind():
                p.setBrush(QBrush(art.state_ink(sid), art.STATE_PATTERNS.get(sid, Qt.BrushStyle.NoBrush)))
                p.setOpacity(.2)
                p.drawRoundedRect(band, 6, 6)
                p.setOpacity(1)
        self.add(rect, pdraw, z=-10, key=f"board:{sid}",
                 tooltip=None if large else _("Click to open {state}'s board").format(
                     state=name)).explains = True  # a part of the table (panel_around)
        if acting:  # apart from the panel: its picture stays when the turn passes
            self._ring(rect)
        # header: crest, name, turn order and who moves; coins, units, bishops beside it
        hx, hy = rect.left() + 14, rect.top() + 10
        title = name + ("  · " + _("you") if own else "")
        sub = []
        nick = COMP.nickname(v, sid)  # a campaign's nickname, under the state's name
        if nick:
            sub.append(_("“{nickname}”").format(nickname=nick[0]))
        if rank:
            sub.append(_("turn order {n}").format(n=rank))
        if acting:  # a bot of this state at work: "thinking…" (the controller's mark)
            sub.append(_("thinking…") if d.get("thinking") else _("to move"))
        if pv.get("eliminated"):
            sub.append(_("eliminated"))
        hw = rect.width() * (.46 if large else 1.0) - 28
        full_sub = " · ".join(sub)
        if rank and len(sub) > 1:  # too long for the header: the turn order goes first,
            from PySide6.QtGui import QFontMetricsF  # then the nickname (both in the tooltip)
            fm = QFontMetricsF(art.font(art.MIN_TEXT, bold=acting, italic=True))
            order = _("turn order {n}").format(n=rank)
            for drop in (order, _("“{nickname}”").format(nickname=nick[0]) if nick else None):
                if fm.horizontalAdvance(" · ".join(sub)) + 4 <= hw - 48 or drop not in sub:
                    continue
                sub = [x for x in sub if x != drop]
        subtxt = " · ".join(sub)

        def hdraw(p, rc):
            ink = art.state_ink(sid)
            art.piece(p, QPointF(rc.x() + 22, rc.y() + 26), 19, sid)
            art.text(p, QRectF(rc.x() + 48, rc.y() - 2, rc.width() - 48, 30), title, 28, ink,
                     bold=True, caps=True,
                     align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            art.text(p, QRectF(rc.x() + 48, rc.y() + 26, rc.width() - 48, 28), subtxt,
                     art.MIN_TEXT, ink, italic=True, bold=acting,
                     align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.add(QRectF(hx, hy, hw, 52), hdraw, z=1, targets=[f"player:{sid}"],
                 key=f"player:{sid}", texts=[name] + sub,
                 tooltip=_("{state}'s state board").format(state=name)
                 + (f"<br>{full_sub}" if full_sub != subtxt else "")
                 + (f"<br>{nick[1]}" if nick and nick[1] else ""))
        # resources: coins, units and bishops in supply
        coins = pv.get("coins", 0)
        units = pv.get("units", 0)
        bsup = pv.get("bishops_supply")
        if isinstance(bsup, dict):
            btxt = f"I×{bsup.get('1', 0)} II×{bsup.get('2', 0)}"
        else:
            btxt = f"×{int(bsup or 0)}"
        res = [(_("Coins"), str(coins)), (_("Units in supply"), str(units)),
               (_("Bishops in supply"), btxt)]

        def rdraw(p, rc, ink=None):
            x = rc.x()
            ink = ink or art.state_ink(sid)
            mid = rc.center().y()
            art.coin(p, QPointF(x + 18, mid), 18)
            art.text(p, QRectF(x + 40, rc.y(), 50, rc.height()), str(coins), 28, ink, bold=True,
                     align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            x += 92
            art.piece(p, QPointF(x + 15, mid), 15, sid)
            art.text(p, QRectF(x + 34, rc.y(), 64, rc.height()), f"×{units}", 26, ink, bold=True,
                     align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            x += 100
            art.mitre(p, QRectF(x + 2, mid - 16, 28, 32), sid)
            art.text(p, QRectF(x + 36, rc.y(), rc.right() - x - 36, rc.height()), btxt, 26, ink,
                     bold=True, align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        restip = "<br>".join(f"{a}: {b}" for a, b in res)
        inner_l, inner_r = rect.left() + 16, rect.right() - 16
        if large:
            rx = hx + hw + 10
            self.add(QRectF(rx, hy + 4, inner_r - rx, 44), rdraw, z=1,
                     texts=[coins, units, btxt], tooltip=restip)
            if own:  # the viewer's secrets, right of the resources: influence, discard
                self._own_counts(sid, pv, QRectF(rx + 350, hy + 4, inner_r - rx - 350, 44))
            y = rect.top() + 72
            bottom = rect.bottom() - 14
            # left: city tokens (capital first); under them the warehouse and the orders
            left_w = 3 * CITY_STEP + 16
            self._city_tokens(sid, pv, v, QRectF(inner_l, y, left_w, 150))
            orders_w = 4 * 52 + 8
            self._warehouse(sid, pv, QRectF(inner_l, y + 156, left_w - orders_w - 12,
                                            bottom - y - 156))
            self._orders_supply(sid, pv, QRectF(inner_l + left_w - orders_w, y + 156, orders_w,
                                                bottom - y - 156))
            # right: spies and buildings, and under them the hand (own) or its counts
            rx = inner_l + left_w + 20
            mid = y + (bottom - y) / 2
            self._cards_row(sid, pv, own, QRectF(rx, y - 4, inner_r - rx, mid - y),
                            QRectF(rx, mid + 2, inner_r - rx, bottom - mid - 2))
            return
        # compact: resources under the name, then chips (cities, buildings, spies, hand)
        y = rect.top() + 68
        self.add(QRectF(inner_l, y, inner_r - inner_l, 44),
                 lambda p, rc: rdraw(p, rc, art.INK), z=1, texts=[coins, units, btxt],
                 tooltip=restip, key=f"resources:{sid}")
        self._compact_chips(sid, pv, v, QRectF(inner_l, y + 50, inner_r - inner_l,
                                               rect.bottom() - y - 64))

    def _ring(self, rect: QRectF) -> None:
        """The ring around the board of the state to move, just above the board's
        parchment: drawn at each repaint (a stroke), not kept as a picture as large as the
        board."""
        def ring(p, rc):
            p.setPen(QPen(art.LEGAL, 5))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(rc.adjusted(2, 2, -2, -2), 10, 10)
        it = self.add(rect, ring, z=-10 + PANEL_WORDS_Z)
        it.picture_key = None
        it.setCacheMode(QGraphicsItem.CacheMode.NoCache)
        it.setAcceptHoverEvents(False)

    def _own_counts(self, sid: str, pv: dict, rect: QRectF) -> None:
        """The viewer's influence (secret) and personal discard, in the header of the
        large board, right-aligned: «Influence 3   Personal discard 1»."""
        lines = []
        if pv.get("influence") is not None:
            lines.append((_("Influence"), str(pv["influence"])))
        lines.append((_("Personal discard"), str(pv.get("personal_discard", 0))))
        fm_l = QFontMetricsF(art.font(art.MIN_TEXT, italic=True))
        fm_n = QFontMetricsF(art.font(30, True))
        parts = [(a, b, fm_l.horizontalAdvance(a) + 6, fm_n.horizontalAdvance(b) + 4)
                 for a, b in lines]

        def draw(p, rc):  # in the header's ink: it lies on the state's colour band
            ink = art.state_ink(sid)
            x = rc.right()
            for a, b, wa, wb in reversed(parts):
                x -= wb
                art.text(p, QRectF(x, rc.y(), wb, rc.height()), b, 30, ink, bold=True)
                x -= wa
                art.text(p, QRectF(x, rc.y(), wa, rc.height()), a, art.MIN_TEXT, ink,
                         italic=True, align=Qt.AlignmentFlag.AlignLeft
                         | Qt.AlignmentFlag.AlignVCenter)
                x -= 22
        self.add(rect, draw, z=1, texts=[x for ln in lines for x in ln],
                 tooltip=_("Influence is secret until the end of the game"))

    def _section_label(self, p, rc, s):
        art.text(p, QRectF(rc.x(), rc.y() - 2, rc.width(), 30), s, art.MIN_TEXT, art.INK_SOFT,
                 italic=True, align=Qt.AlignmentFlag.AlignLeft)

    # --- a compact board: chips of words, each a target like the piece it stands for --------

    def _compact_chips(self, sid: str, pv: dict, v: dict, area: QRectF) -> None:
        """Another state's board in a few words: its cities with their levels, its
        buildings and spies by name, what it holds in hand — each a chip that names its
        target (a city, a card) as the full board's piece does."""
        cv_all = v.get("cities") or {}
        chips: list[dict] = []
        for i, cid in enumerate(pv.get("cities") or []):
            cv = cv_all.get(cid) or {}
            level = cv.get("level", 1)
            txt = f"{L.city_name(cid)} {art.roman(level)}"
            if cv.get("governor"):
                txt += " ✝"
            chips.append(dict(text=txt, targets=[f"city:{cid}"], key=f"token:{cid}",
                              tip=(_("capital") + ": " if i == 0 else "") + L.city_name(cid)
                              + (("<br>" + _("Governor of {city}").format(city=L.city_name(cid))
                                  + ": " + L.card_name(cv["governor"])) if cv.get("governor")
                                 else ""),
                              fill=QColor("#f7e7b4")))
        goods = pv.get("goods") or {}
        ready = sum(int((list(c) + [0])[0] or 0) for c in goods.values())
        total = sum(int(n or 0) for c in goods.values() for n in list(c)[:3])
        if total:
            chips.append(dict(text=_("goods {ready}/{total}").format(ready=ready, total=total),
                              key=f"warehouse:{sid}", tip=_("Warehouse"),
                              fill=QColor(120, 90, 50, 40)))
        for i, bd in enumerate(pv.get("buildings") or []):
            cid = bd.get("card")
            chips.append(dict(text=L.card_name(cid), targets=[f"card:{cid}"],
                              key=f"building:{sid}:{i}", card=cid, tip=self._card_tip(cid),
                              fill=QColor("#fbf3dc"), used=bool(bd.get("used"))))
        for i, s in enumerate(pv.get("spies") or []):
            cid = s.get("card")
            tgt = s.get("target")
            txt = L.card_name(cid) + (f" → {L.state_name(tgt)}" if tgt else "")
            chips.append(dict(text=txt, targets=[f"card:{cid}"], key=f"spy:{sid}:{i}", card=cid,
                              tip=self._card_tip(cid), fill=QColor("#e9dcc4"),
                              used=bool(s.get("used"))))
        if v.get("homs_card") == sid:
            used = bool(pv.get("homs_used"))
            chips.append(dict(text=_("Homs card"), targets=["card:homs_card"], key="homs_card",
                              card="homs_card", tip=self._card_tip("homs_card"),
                              fill=QColor("#dbe8c9"), used=used))
        counts = [(_("Tactics"), pv.get("tactics", 0)), (_("Rescripts"), pv.get("rescripts", 0)),
                  (_("Spies in hand"), pv.get("spies_hand", 0)),
                  (_("Personal discard"), pv.get("personal_discard", 0))]
        for i, (label, n) in enumerate(counts):
            n = len(n) if isinstance(n, list) else int(n or 0)
            chips.append(dict(text=f"{label} {n}", key=f"hidden:{sid}:{i}",
                              tip=f"{label}: {n}", fill=QColor(109, 32, 25, 40)))
        self._chips(area, chips)

    def _chips(self, area: QRectF, chips: list[dict]) -> None:
        """Lay ``chips`` (text, targets, key, tip, card, fill, used) in rows across
        ``area``; what does not fit ends in a last chip «+N» that lists the rest."""
        fs = art.MIN_TEXT
        fm = QFontMetricsF(art.font(fs))
        h, gap = fs + 14, 8
        x, y = area.left(), area.top()
        row_h = h
        for k, c in enumerate(chips):
            w = fm.horizontalAdvance(c["text"]) + 24  # 10 each side, and the bearings
            ch = h
            if w > area.width():  # too long for one line: two lines, the whole width
                w, ch = area.width(), 2 * h - 10
            if x + w > area.right() and x > area.left():
                x, y = area.left(), y + row_h + gap
                row_h = h
            row_h = max(row_h, ch)
            last_row = y + 2 * h + gap > area.bottom()
            rest = chips[k:]
            if last_row and len(rest) > 1 and x + w + fm.horizontalAdvance("+99") + 30 > area.right():
                more = f"+{len(rest)}"
                self.add(QRectF(x, y, fm.horizontalAdvance(more) + 20, h),
                         lambda p, rc, more=more: art.text(p, rc, more, fs, art.INK, bold=True),
                         z=1, texts=[more], tooltip="<br>".join(r["text"] for r in rest))
                return
            if y + ch > area.bottom() + 1:
                return

            def draw(p, rc, c=c, one_line=ch == h):
                p.setPen(QPen(art.INK_SOFT, 1.2))
                p.setBrush(c.get("fill") or art.PARCHMENT_LIGHT)
                p.drawRoundedRect(rc, 8, 8)
                art.text(p, rc.adjusted(10, 0, -10, 0), c["text"], fs, art.INK, wrap=not one_line,
                         align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
                if c.get("used"):
                    p.setPen(QPen(art.CRIMSON, 2))
                    p.drawLine(QPointF(rc.left() + 6, rc.center().y()),
                               QPointF(rc.right() - 6, rc.center().y()))
            it = self.add(QRectF(x, y, w, ch), draw, z=1, targets=c.get("targets", ()),
                          key=c.get("key"), texts=[c["text"]], radius=8,
                          tooltip=c.get("tip", "") + ("<br>" + _("Used this round")
                                                      if c.get("used") else ""))
            it.card_id = c.get("card")
            x += w + gap

    # --- the large board ---------------------------------------------------------------------

    def _city_tokens(self, sid: str, pv: dict, v: dict, area: QRectF) -> None:
        board = game_board()
        cities = list(pv.get("cities") or [])
        cv_all = v.get("cities") or {}
        R = CITY_R
        maxn = max(1, int(area.width() // CITY_STEP))
        for i, cid in enumerate(cities[:maxn]):
            city = board.cities.get(cid) if board else None
            cv = cv_all.get(cid) or {}
            level = cv.get("level", 1)
            gov = cv.get("governor")
            c = QPointF(area.left() + CITY_STEP / 2 + i * CITY_STEP, area.top() + R + 14)
            cname = L.city_name(cid)
            tip = [f"<b>{cname}</b>" + (" — " + _("capital") if i == 0 else "")]
            if city:
                for lv in (1, 2, 3):
                    sec = city.sector(lv)
                    line = _("Level {n}: {goods}, {coins}").format(
                        n=art.roman(lv), goods=", ".join(L.goods_name(g) for g in sec.goods),
                        coins=L.coins_text(sec.coins))
                    if sec.upgrade:
                        line += "; " + _("upgrade: {goods}").format(
                            goods=", ".join(L.goods_name(g) for g in sec.upgrade))
                    tip.append(("▶ " if lv == level else "") + line)

            def draw(p, rc, city=city, level=level, cname=cname, capital=(i == 0)):
                self._dial(p, QPointF(rc.center().x(), rc.top() + R + 8), R, city, level, capital)
                art.text(p, QRectF(rc.x() - 4, rc.bottom() - 32, rc.width() + 8, 32), cname,
                         art.MIN_TEXT, art.INK, bold=True)
            w = CITY_STEP - 8
            self.add(QRectF(-w / 2, -R - 8, w, 2 * R + 48), draw, pos=c, z=1,
                     targets=[f"city:{cid}"], key=f"token:{cid}", tooltip="<br>".join(tip),
                     texts=[cname, art.roman(level)], round_shape=False, radius=R)
            if gov:
                gname = L.card_name(gov)

                def gdraw(p, rc):
                    art.card_frame(p, rc, art.GOLD)
                    art.cross(p, rc.center(), 9, art.CRIMSON)
                gi = self.add(QRectF(-16, -22, 32, 44), gdraw,
                              pos=QPointF(c.x() + R * .8, c.y() - R * .55), z=2,
                              targets=[f"card:{gov}"], key=f"gov:{cid}", radius=4,
                              tooltip=_("Governor of {city}").format(city=cname) + "<br>"
                              + self._card_tip(gov), texts=[gname])
                gi.card_id = gov
            if cid == "homs" and v.get("homs_card") == sid:
                self._homs_card(pv, QPointF(c.x() - R - 10, c.y() - R * .45))
        if len(cities) > maxn:
            more = f"+{len(cities) - maxn}"
            self.add(QRectF(area.right() - 44, area.top() + 40, 44, 40),
                     lambda p, rc: art.text(p, rc, more, 28, art.INK, bold=True), z=1, texts=[more],
                     tooltip=", ".join(L.city_name(c) for c in cities[maxn:]))
            if v.get("homs_card") == sid and "homs" not in cities[:maxn]:
                self._homs_card(pv, QPointF(area.right() - 22, area.top() + 16))

    def _homs_card(self, pv: dict, at: QPointF) -> None:
        """The Homs card (карта Хомса, HOMS-01) beside its holder's Homs token: a small
        card with the city's initial, barred once used this round; it previews like any
        card."""
        used = bool(pv.get("homs_used"))
        initial = L.city_name("homs")[:1]

        def draw(p, rc):
            art.card_frame(p, rc, QColor("#4c8a38"))
            if used:  # the initial above, the bar below
                art.text(p, QRectF(rc.x(), rc.y() + 1, rc.width(), 26), initial, art.MIN_TEXT,
                         art.INK, bold=True)
                art.ban(p, QRectF(rc.center().x() - 8, rc.bottom() - 19, 16, 16))
            else:
                art.text(p, rc, initial, 26, art.INK, bold=True)
        it = self.add(QRectF(-16, -22, 32, 44), draw, pos=at, z=2, key="homs_card", radius=4,
                      targets=["card:homs_card"], texts=[_("Homs card")],
                      tooltip=self._card_tip("homs_card")
                      + ("<br>" + _("Used this round") if used else ""))
        it.card_id = "homs_card"

    def _dial(self, p: QPainter, c: QPointF, R: float, city, level: int, capital: bool) -> None:
        """A city token: a disc with 3 sectors (levels I–III); the open one is on top and
        says its income; the others show theirs faded (the tooltip lists all three)."""
        p.save()
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 70))
        p.drawEllipse(c + QPointF(2, 4), R, R)
        p.setPen(QPen(art.INK, 2))
        p.setBrush(QColor("#d8c49a"))
        p.drawEllipse(c, R, R)
        rect = QRectF(c.x() - R + 3, c.y() - R + 3, 2 * R - 6, 2 * R - 6)
        for lv in (1, 2, 3):
            # the current level's sector is centred on the top (−90°)
            start = 90 - 60 + (lv - level) * -120  # Qt angles: counter-clockwise from 3 o'clock
            path = QPainterPath(c)
            path.arcTo(rect, start, 120)
            path.closeSubpath()
            cur = lv == level
            p.setPen(QPen(art.INK, 1.2))
            p.setBrush(QColor("#f7e7b4") if cur else QColor("#bfae88"))
            p.drawPath(path)
            mid = math.radians(start + 60)
            mc = c + QPointF(math.cos(mid) * R * .6, -math.sin(mid) * R * .6)
            sec = city.sector(lv) if city is not None else None
            if sec is None:
                continue
            coins = sec.coins + (1 if capital and city.kind == "capital" else 0)
            if cur:
                art.coin(p, mc + QPointF(-9, -4), 14, coins)
                gx = mc.x() + 10
                for g in sec.goods:
                    art.goods_token(p, QPointF(gx, mc.y() + 8), 6, g)
                    gx += 13
            else:
                p.setOpacity(.55)
                art.coin(p, mc, 8)
                p.setOpacity(1)
        # pointer notch at the top and the level numeral in the middle
        p.setPen(QPen(art.INK, 1.5))
        p.setBrush(art.GOLD)
        p.drawPolygon(QPolygonF([c + QPointF(-7, -R - 8), c + QPointF(7, -R - 8), c + QPointF(0, -R + 4)]))
        p.setBrush(art.PARCHMENT_LIGHT)
        p.drawEllipse(c + QPointF(0, R * .18), R * .4, R * .34)
        art.text(p, QRectF(c.x() - R * .5, c.y() - R * .2, R, R * .76), art.roman(level),
                 art.MIN_TEXT, art.CRIMSON, bold=True)
        p.restore()

    def _warehouse(self, sid: str, pv: dict, area: QRectF) -> None:
        goods = pv.get("goods") or {}
        toks = []
        for colour, counts in goods.items():
            counts = list(counts) + [0, 0, 0]
            for status, n in zip(("ready", "spent", "blocked"), counts[:3], strict=True):
                toks += [(colour, status)] * int(n or 0)
        summary = []
        for colour, counts in goods.items():
            counts = list(counts) + [0, 0, 0]
            summary.append(_("{good}: {ready} ready, {spent} spent, {blocked} blocked").format(
                good=L.goods_name(colour), ready=counts[0], spent=counts[1], blocked=counts[2]))

        def draw(p, rc):
            self._section_label(p, rc, _("Warehouse"))
            box = QRectF(rc.x(), rc.y() + 32, rc.width(), rc.height() - 34)
            p.setPen(QPen(art.INK_SOFT, 1.2))
            p.setBrush(QColor(120, 90, 50, 30))
            p.drawRoundedRect(box, 6, 6)
            if not toks:
                art.text(p, box, _("empty"), art.MIN_TEXT, art.INK_SOFT, italic=True)
            r = 17
            per_row = max(1, int((box.width() - 10) // (2 * r + 6)))
            for i, (colour, status) in enumerate(toks[:2 * per_row]):
                row, col = divmod(i, per_row)
                art.goods_token(p, QPointF(box.x() + 8 + r + col * (2 * r + 6),
                                           box.y() + 12 + r + row * (2 * r + 10)), r,
                                colour, status)
        self.add(area, draw, z=0, key=f"warehouse:{sid}",
                 texts=[L.goods_name(c) + ":" + s for c, s in toks],
                 tooltip="<br>".join(summary) or _("The warehouse is empty"))

    def _orders_supply(self, sid: str, pv: dict, area: QRectF) -> None:
        orders = list(pv.get("orders") or [])

        def draw(p, rc):
            self._section_label(p, rc, _("Orders in supply"))
        self.add(area, draw, z=-1)
        for i, o in enumerate(orders):
            c = QPointF(area.left() + 26 + (i % 4) * 52, area.top() + 62 + (i // 4) * 52)
            self.add(QRectF(-23, -23, 46, 46),
                     lambda p, rc, o=o: self._order_token(p, rc.center(), 22, sid, o, False),
                     pos=c, z=1, round_shape=True, key=f"piece:order:{sid}:{o}:supply",
                     tooltip=L.order_name(o), texts=[L.order_name(o)])

    def _cards_row(self, sid: str, pv: dict, own: bool, area: QRectF, hand_area: QRectF) -> None:
        """Spies (3 cells) and buildings (4 cells) in ``area``; the hand in ``hand_area``:
        the player's own cards and influence, or for another state what it holds, counted."""
        spies = list(pv.get("spies") or [])
        builds = list(pv.get("buildings") or [])
        hand: list[tuple[str, str]] = []
        if own:
            hand = [(c, "tactic") for c in pv.get("tactics") or []]
            hand += [(c, "rescript") for c in pv.get("rescripts") or []]
            hand += [(c, "spy") for c in pv.get("spies_hand") or []]
            if pv.get("bull"):
                hand.append((pv["bull"], "bull"))
        gap, ggap = 6, 20
        cw = min(150.0, (area.width() - ggap) / 7 - gap)
        y = area.top() + 30
        chh = area.bottom() - y
        labels = [(area.left(), _("Spies")), (area.left() + 3 * (cw + gap) + ggap, _("Buildings"))]

        def lab(p, rc):
            for k, (x, s) in enumerate(labels):
                right = labels[k + 1][0] if k + 1 < len(labels) else rc.right()
                self._section_label(p, QRectF(x, rc.y(), right - x - 4, 30), s)
        self.add(QRectF(area.left(), area.top(), area.width(), 30), lab, z=-1,
                 texts=[s for _x, s in labels])
        hand_label = _("Your hand") if own else _("Hand (hidden)")
        self.add(QRectF(hand_area.left(), hand_area.top(), hand_area.width(), 30),
                 lambda p, rc: self._section_label(p, rc, hand_label), z=-1, texts=[hand_label])
        for i in range(3):
            r = QRectF(area.left() + i * (cw + gap), y, cw, chh)
            s = spies[i] if i < len(spies) else None
            if s:
                it = self._card_item(r, s.get("card"), targets=[f"card:{s.get('card')}"],
                                     key=f"spy:{sid}:{i}")
                target = s.get("target")
                used = s.get("used")

                def over(p, rc, target=target, used=used):
                    if target:  # in the card's foot, clear of its name
                        art.piece(p, QPointF(rc.right() - 16, rc.bottom() - 15), 12, target)
                    if used:
                        art.ban(p, QRectF(rc.left() + 6, rc.bottom() - 58, 26, 26))
                self.add(QRectF(-cw / 2, -chh / 2, cw, chh), over, pos=r.center(),
                         z=it.zValue() + .1,
                         texts=[L.state_name(target)] if target else [],
                         tooltip=_("Spy against {state}").format(state=L.state_name(target))
                         + ("<br>" + _("Used this round") if used else ""))
            else:
                self._card_item(r, None, key=f"spy:{sid}:{i}", caption=_("spy"))
        bx = area.left() + 3 * (cw + gap) + ggap
        for i in range(4):
            r = QRectF(bx + i * (cw + gap), y, cw, chh)
            bd = builds[i] if i < len(builds) else None
            if bd:
                it = self._card_item(r, bd.get("card"), targets=[f"card:{bd.get('card')}"],
                                     key=f"building:{sid}:{i}")
                if bd.get("used"):
                    self.add(QRectF(-cw / 2, -chh / 2, cw, chh),
                             lambda p, rc: art.ban(p, QRectF(rc.left() + 6, rc.bottom() - 58, 26, 26)),
                             pos=r.center(), z=it.zValue() + .1, tooltip=_("Used this round"))
            else:
                self._card_item(r, None, key=f"building:{sid}:{i}", caption=_("building"))
        hand_x, y = hand_area.left(), hand_area.top() + 30
        chh = hand_area.bottom() - y
        if not own:
            counts = [(_("Tactics"), pv.get("tactics", 0)),
                      (_("Rescripts"), pv.get("rescripts", 0)),
                      (_("Spies in hand"), pv.get("spies_hand", 0)),
                      (_("Personal discard"), pv.get("personal_discard", 0))]
            chips = []
            for i, (label, k) in enumerate(counts):
                k = len(k) if isinstance(k, list) else int(k or 0)
                chips.append(dict(text=f"{label} {k}", key=f"hidden:{sid}:{i}",
                                  tip=f"{label}: {k}", fill=QColor(109, 32, 25, 40)))
            self._chips(QRectF(hand_x, y, hand_area.right() - hand_x, chh), chips)
            return
        # the hand takes the row's whole width (influence and the personal discard are in
        # the board's header): each card as wide as its name needs to read whole at the
        # table's smallest text, broken by syllables — a full hand of long Russian names at
        # four players included — and what is left shared out, no card wider than the others
        y -= 2  # the section's label is 28 high here: the name box keeps four lines
        chh += 2
        name_h = chh - NAME_TOP - NAME_FOOT
        widths = art.name_widths([L.card_name(c) for c, _k in hand], hand_area.width(), name_h,
                                 gap, 2 * NAME_SIDE, 150.0)
        x = hand_x
        for i, ((cid, kind), hcw) in enumerate(zip(hand, widths, strict=True)):
            r = QRectF(x, y, hcw, chh)
            x += hcw + gap
            self._card_item(r, cid, targets=[f"card:{cid}"], key=f"hand:{sid}:{i}",
                            tip=f"<i>{L.card_kind_name(kind)}</i><br>" + self._card_tip(cid))

    def _order_token(self, p: QPainter, c: QPointF, r: float, owner: str, order: str,
                     enhanced: bool) -> None:
        art.order_token(p, c, r, owner, order, enhanced)

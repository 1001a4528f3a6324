"""The table scene: draws one player's ``view`` (engine/view.py) and reports intents.

The scene never decides rules. ``build(view, legal, viewer)`` throws the old items away
and lays out new ones from the view; each item carries the target ids of
``Action.targets`` (``city:<id>``, ``cross:<order>:inner|outer``, ``market:<name>:<slot>``,
``card:<id>``, ``player:<id>``, ``bishop:<no>``). Items naming a target of a legal action
are highlighted and clickable; a click is reported through ``targetClicked(item, pos)``.

Layout of the table (scene units, 2560 × 1600 plus the viewer's hand)::

    [round plate][        sanctity track          ][  Saracen track  ]
    [                 ][ order cross ][           markets            ]
    [   map of the    ][             ][                              ]
    [     Levant      ][ event area  ][        battle board          ]
    [ state boards (viewer's board wider, with the hand) .......... ]
"""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from ...i18n import _, current_language, ngettext
from . import animation, art
from . import labels as L
from . import results as RS
from .items import DATA_TEXTS, TableItem, draw_signature
from .motion import Director

ORDERS = ("build", "prayer", "muster", "march")
W, H = 2560, 1640

R_TOP = QRectF(0, 0, W, 150)
R_PLATE = QRectF(0, 0, 380, 150)
R_SANCTITY = QRectF(395, 0, 1415, 150)
R_SARACEN = QRectF(1825, 0, 735, 150)
R_MAP = QRectF(0, 165, 1070, 880)
R_CROSS = QRectF(1085, 165, 560, 560)
R_EVENT = QRectF(1085, 740, 560, 305)
R_MARKET = QRectF(1660, 165, 900, 605)
R_BATTLE = QRectF(1660, 785, 900, 260)
R_BOARDS = QRectF(0, 1060, W, 580)
MAP_ORIGIN = QPointF(35, 205)  # map space (0..1000, 0..800) → scene
MAP_SCALE = 1.0


# The sections of the table, each laid out by the method of that name from the view.
# (The state boards are sections too, one per state: see ``TableScene._plan``.)
# The notices over the table (a battle's result, a round's summary): where each may lie,
# in order of preference (the first that covers no legal target), and how long it stays.
NOTICE_PLACES = {"battle": (R_BATTLE, R_EVENT, QRectF(1660, 510, 900, 260)),
                 "round": (R_MARKET, QRectF(20, 240, 1030, 700), R_CROSS)}
NOTICE_MS = {"battle": 7000, "round": 12000}

SECTIONS = ("_plate", "_sanctity", "_saracen_track", "_map", "_cross", "_event", "_markets",
            "_battle")


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


def _board():
    c = L._content()
    return c.board if c is not None else None


class TableScene(QGraphicsScene):
    targetClicked = Signal(object, object)  # item, screen position (QPoint)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setSceneRect(QRectF(-12, -12, W + 24, H + 24))
        self.view_data: dict | None = None
        self._viewer: str | None = None
        self._legal_targets: set[str] = set()
        self._read_viewer = self._read_legal = False
        self.last_ids: set[str] = set()
        self._old_pos: dict[str, QPointF] = {}
        self._legal_items: list[TableItem] = []
        self._pool: dict[str, list[TableItem]] = {}
        self._settings_sig: tuple = ()
        self._tips: dict[tuple, str] = {}
        self._sections: dict[str, tuple] = {}  # section -> (its inputs, its items)
        self.motion = Director(self)  # what happened, from the engine's log
        self._added: list[TableItem] = []
        self.notices: dict[str, TableItem] = {}  # kind -> the notice shown
        self._notice_seen: dict[tuple, int] = {}  # (viewer, kind) -> the last result shown
        self._notice_timers: dict[str, QTimer] = {}

    # --- public ---------------------------------------------------------------------------

    def build(self, view: dict, legal=(), viewer: str | None = None,
              log: list | None = None) -> None:
        """Show ``view``: each part of the table (a section) is laid out again only when
        the parts of the view it reads changed; within a section, items that paint the same
        picture as before are kept. Unchanged items keep their cached pictures, so the
        repaint after an action redraws only what changed."""
        animation.finish_all()
        self._viewer = viewer if viewer is not None else (view or {}).get("viewer")
        before = self.motion.snapshot(log, self.table_items())  # motion.py: what happened
        for it in self.items():  # animation decorations left over
            if it.parentItem() is None and not isinstance(getattr(it, "signature", None), str):
                self.removeItem(it)
        old_settings, self._settings_sig = self._settings_sig, (current_language(),
                                                                art.colour_blind())
        self.view_data = view or {}
        L.set_view(self.view_data)
        self.viewer = viewer if viewer is not None else (view or {}).get("viewer")
        self.legal_targets = set()
        for a in legal or ():
            self.legal_targets.update(t for t in a.targets if not t.startswith("choice:"))
        v = self.view_data
        self._pool = {}
        plan = self._plan(v)
        redo = []
        for name, (_method, args, narrow) in plan.items():
            inputs, items = self._sections.get(name, (None, []))
            if inputs is not None and inputs == self._section_inputs(v, args, narrow, *inputs[:3]):
                continue  # nothing it shows changed: its items stay as they are
            redo.append(name)
            for it in items:
                self._pool.setdefault(it.signature, []).append(it)
        for name, (_inputs, items) in list(self._sections.items()):
            if name not in plan:  # a section this view does not have (another viewer's board)
                del self._sections[name]
                for it in items:
                    self._pool.setdefault(it.signature, []).append(it)
        for name in redo:
            method, args, narrow = plan[name]
            reader = _ViewReader(v)
            self._added, self._read_viewer, self._read_legal = [], False, False
            method(reader, *args)
            self._sections[name] = (self._section_inputs(
                v, args, narrow, frozenset(reader.read), self._read_viewer, self._read_legal),
                self._added)
        for items in self._pool.values():  # what the new view no longer shows
            for it in items:
                self.removeItem(it)
        self._pool = {}
        self._added = []
        self.motion.show(log, before)  # marks and plays the others' moves from the log
        self._apply_highlights()
        if old_settings != self._settings_sig:  # the open notices, in the new words
            for kind, it in list(self.notices.items()):
                self._open_notice(kind, it.result)
        if log is not None:
            self._show_results(log)

    def _plan(self, v: dict) -> dict[str, tuple]:
        """The sections of the table for this view: name -> (method, extra arguments,
        narrowing). A narrowing maps a view key to the part of it the section shows (a
        state's board shows its own player entry, and of the decision only who acts)."""
        plan: dict[str, tuple] = {name: (getattr(self, name), (), {}) for name in SECTIONS}
        for sid, rect in self._board_rects(v):
            plan[f"board:{sid}"] = (self._board_panel, (sid, rect), {
                "players": lambda pl, sid=sid: (pl or {}).get(sid),
                "decision": lambda d: ((d or {}).get("player"), (d or {}).get("thinking"))})
        return plan

    def _section_inputs(self, v: dict, args: tuple, narrow: dict, keys: frozenset,
                        viewer: bool, legal: bool) -> tuple:
        """What a section's picture depends on: the parts of the view it read (narrowed),
        its arguments, the language and colour-blind setting, and the viewer and the legal
        targets when it read them."""
        if "*" in keys:
            data = repr(v)
        else:
            data = repr([(k, narrow[k](v.get(k)) if k in narrow else v.get(k))
                         for k in sorted(keys)])
        return (keys, viewer, legal, data, repr(args), self._settings_sig,
                self._viewer if viewer else None,
                sorted(self._legal_targets) if legal else None)

    # the viewer and the legal targets, noting that the section being laid out read them
    @property
    def viewer(self) -> str | None:
        self._read_viewer = True
        return self._viewer

    @viewer.setter
    def viewer(self, value: str | None) -> None:
        self._viewer = value

    @property
    def legal_targets(self) -> set[str]:
        self._read_legal = True
        return self._legal_targets

    @legal_targets.setter
    def legal_targets(self, value: set[str]) -> None:
        self._legal_targets = value

    def table_items(self) -> list[TableItem]:
        """Every item of the table (not the animation decorations), in no special order."""
        return [it for _inputs, items in self._sections.values() for it in items]

    # --- animations (motion.py reads the log, animation.py moves) --------------------------

    def _decoration(self, rect: QRectF, draw, pos: QPointF, z: float = 6.0) -> TableItem:
        """A throw-away item for an animation: never hovered, clicked nor read as a target."""
        it = TableItem(rect, draw)
        it.setAcceptHoverEvents(False)
        it.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        it.setPos(pos)
        it.setZValue(z)
        self.addItem(it)
        return it

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

    # --- notices: a battle's result, a round's summary (results.py) ---------------------------

    def _show_results(self, log: list) -> None:
        """Show what a battle or a round that ended since this viewer last looked came to,
        read from ``log`` (the entries the viewer may read). A notice stays until a click
        anywhere on the table or for a few seconds; it never takes a click (the click goes
        on to what lies beneath) and it lies where it covers no legal target if it can."""
        viewer = self._viewer
        if any(getattr(it, "viewer", viewer) != viewer for it in self.notices.values()):
            self.dismiss_notices()  # another player's notices are not this one's to read
        found = {"battle": RS.last_battle(log) if not self.view_data.get("battle") else None,
                 "round": RS.last_round(log)}
        for kind, result in found.items():
            key = (viewer, kind)
            seen = self._notice_seen.get(key)
            at = result.at if result is not None else -1
            self._notice_seen[key] = max(at, -1 if seen is None or seen >= len(log) else seen)
            if result is None or seen is None or at <= seen:
                continue  # nothing new (or the first look: what came before is history)
            self._open_notice(kind, result)

    def _open_notice(self, kind: str, result) -> None:
        lines = self._battle_lines(result) if kind == "battle" else self._round_lines(result)
        self._notice(kind, *lines)
        self.notices[kind].result = result  # to say it again in another language

    def dismiss_notices(self) -> None:
        for kind in list(self.notices):
            self._dismiss(kind)

    def _dismiss(self, kind: str) -> None:
        it = self.notices.pop(kind, None)
        if it is not None and it.scene() is self:
            self.removeItem(it)
        timer = self._notice_timers.pop(kind, None)
        if timer is not None:
            timer.stop()

    def mousePressEvent(self, event) -> None:
        self.dismiss_notices()  # a click closes the notices and still reaches the table
        super().mousePressEvent(event)

    def _notice(self, kind: str, title: str, headline: str, colour: QColor, rows: list) -> None:
        """A parchment card over the table: a title, a headline in the winner's colour, and
        rows of (state or None, text); laid where it hides no legal target if it can."""
        self._dismiss(kind)
        row_h, head_h = 42, 60
        height = 70 + head_h + row_h * len(rows) + 44
        places = NOTICE_PLACES[kind]
        legal = [it.sceneBoundingRect() for it in self._legal_items]

        def rect_in(place: QRectF) -> QRectF:
            """Centred in ``place``; taller than it, it rises from its bottom edge."""
            w = place.width() - 30
            top = place.center().y() - height / 2
            if height > place.height() - 20:
                top = place.bottom() - 10 - height
            return QRectF(place.center().x() - w / 2, top, w, height)
        rect = min((rect_in(pl) for pl in places),
                   key=lambda r: sum(r.intersects(lr) for lr in legal))
        hint = _("Click anywhere to close")

        def draw(p, rc, title=title, headline=headline, colour=colour, rows=tuple(rows),
                 hint=hint):
            body = art.panel(p, rc, title, title_size=24)
            band = QRectF(body.left() + 18, body.top() + 6, body.width() - 36, head_h - 10)
            p.save()
            p.setPen(QPen(art.GOLD, 2))
            p.setBrush(colour)
            p.drawRoundedRect(band, 8, 8)
            p.restore()
            ink = art.PARCHMENT_LIGHT if colour.lightnessF() < .55 else art.INK
            art.text(p, band, headline, art.fit_text(headline, 30, band.width() - 20, True),
                     ink, bold=True)
            y = band.bottom() + 10
            for who, txt in rows:
                r = QRectF(body.left() + 30, y, body.width() - 60, row_h)
                x = r.left()
                if who:
                    art.piece(p, QPointF(x + 13, r.center().y()), 12, who)
                    x += 36
                tr = QRectF(x, r.top(), r.right() - x, r.height())
                art.text(p, tr, txt, art.fit_text(txt, 26, tr.width()), art.INK,
                         align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
                y += row_h
            art.text(p, QRectF(body.left(), body.bottom() - 36, body.width(), 30), hint, 18,
                     art.INK_SOFT, italic=True)
        it = self._decoration(QRectF(0, 0, rect.width(), rect.height()), draw, rect.topLeft(),
                              z=60)
        it.signature = f"notice:{kind}"  # not an animation leftover: the next build keeps it
        it.texts = [title, headline, *(txt for _who, txt in rows)]
        it.setData(DATA_TEXTS, " | ".join(it.texts))
        it.viewer = self._viewer
        it.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.notices[kind] = it
        timer = QTimer(self)
        timer.setSingleShot(True)
        timer.timeout.connect(lambda kind=kind: self._dismiss(kind))
        timer.start(NOTICE_MS[kind])
        self._notice_timers[kind] = timer

    def _battle_lines(self, r: RS.BattleResult) -> tuple:
        city = L.city_name(r.city)
        title = _("Battle for {city}").format(city=city)
        headline = _("Victory: {player}").format(player=L.state_name(r.winner))
        colour = QColor(art.state_colour(r.winner) if r.winner in art.STATE_COLOURS
                        else art.SARACEN)
        rows = []
        for who in (r.attacker, r.defender):
            n = r.lost.get(who, 0)
            role = _("attacker") if who == r.attacker else _("defender")
            rows.append((who, ngettext("{player} ({role}): {n} unit lost",
                                       "{player} ({role}): {n} units lost", n).format(
                player=L.state_name(who), role=role, n=n)))
        if r.captured:
            rows.append((None, _("{city} is captured by {player}").format(
                city=city, player=L.state_name(r.attacker))))
        else:
            rows.append((None, _("{city} is not captured").format(city=city)))
        if r.level is not None and r.level[1] < r.level[0]:
            rows.append((None, _("{city} falls to level {level}").format(
                city=city, level=art.roman(r.level[1]))))
        return title, headline, colour, rows

    def _round_lines(self, r: RS.RoundSummary) -> tuple:
        title = _("Round {round} is over").format(round=r.round)
        headline = (_("Event: “{card}”").format(card=L.card_name(r.event)) if r.event
                    else _("No event this round"))
        rows: list = []
        for raid in r.raids:
            rows.append((raid.player, (
                ngettext("Raid on {city}: {n} Saracen — the city falls",
                         "Raid on {city}: {n} Saracens — the city falls", raid.n)
                if raid.captured else
                ngettext("Raid on {city}: {n} Saracen — the city holds",
                         "Raid on {city}: {n} Saracens — the city holds", raid.n)).format(
                city=L.city_name(raid.city), n=raid.n)))
        if not r.raids:
            rows.append((None, _("No raids")))
        for sid in self.view_data.get("states") or sorted(r.coins):
            coins = r.coins.get(sid, 0)
            txt = ngettext("{player}: {n} coin of income", "{player}: {n} coins of income",
                           coins).format(player=L.state_name(sid), n=coins)
            if sid in r.influence:
                txt += ngettext(", {n} influence", ", {n} influence",
                                r.influence[sid]).format(n=r.influence[sid])
            rows.append((sid, txt))
        rows.append((None, ngettext("The markets are refilled: {n} new card",
                                    "The markets are refilled: {n} new cards",
                                    r.refilled).format(n=r.refilled)
                     if r.refilled else _("The markets are full: no new cards")))
        return title, headline, QColor("#7a5510"), rows

    # --- helpers ---------------------------------------------------------------------------

    def _apply_highlights(self) -> None:
        self._legal_items = []
        for it in self.table_items():
            legal = bool(self.legal_targets & set(it.targets))
            it.set_legal(legal)
            if legal:
                self._legal_items.append(it)
            it.set_last(self._is_last(it))

    def add(self, rect, draw=None, pos=(0, 0), z=0.0, **kw) -> TableItem:
        """An item of the table; the same item as before when it paints the same picture."""
        pos = QPointF(*pos) if isinstance(pos, tuple) else QPointF(pos)
        rect = QRectF(rect)
        sig = repr((self._settings_sig, rect.width(), rect.height(), z, sorted(kw.items()),
                    draw_signature(draw)))
        kept = self._pool.get(sig)
        if kept:  # the same picture, here or elsewhere (a board moved aside): moved, its
            # cached picture stays (a translation keeps a DeviceCoordinateCache)
            it = TableItem.nearest(kept, pos + rect.topLeft())
            self._added.append(it)
            it.card_id = None  # the caller sets it again; highlights are set after the build
            return it
        it = TableItem(rect, draw, **kw)
        it.signature = sig
        self._added.append(it)
        it.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        it.setPos(pos)
        it.set_base_z(z)
        self.addItem(it)
        return it

    def _card_tip(self, card_id: str | None) -> str:
        """A card's full text for its tooltip; made once per card and language."""
        key = (card_id, current_language())
        tip = self._tips.get(key)
        if tip is None:
            tip = self._tips[key] = L.card_text(card_id)
        return tip

    def add_panel(self, rect: QRectF, title: str | None = None, dark=False, key=None,
                  title_size=22) -> QRectF:
        def draw(p, r, title=title):
            art.panel(p, r, title, dark=dark, title_size=title_size)
        self.add(rect, draw, z=-10, key=key, texts=[title] if title else ())
        # compute the body rect without painting
        inner = rect.adjusted(6, 6, -6, -6)
        if title:
            return QRectF(inner.left(), inner.top() + title_size * 1.45 + 6, inner.width(),
                          inner.height() - title_size * 1.45 - 6)
        return inner

    # --- round plate ----------------------------------------------------------------------

    def _plate(self, v: dict) -> None:
        r = R_PLATE
        rnd = v.get("round", 0)
        phase = v.get("phase", "")
        d = v.get("decision") or {}
        who = d.get("player")
        line1 = _("Round {n} of {total}").format(n=rnd, total=6) if rnd else _("Setup")
        line2 = _(L.PHASE_NAMES.get(phase, L.humanise(phase or "")))
        mine = bool(who) and who == self.viewer
        if mine:
            line3 = _("Your move")
        elif who in art.STATE_COLOURS:
            line3 = _("{state} to move").format(state=L.state_name(who))
        else:
            line3 = ""

        def draw(p, rect):
            art.panel(p, rect)
            art.text(p, QRectF(rect.x() + 20, rect.y() + 12, rect.width() - 40, 44), line1, 34,
                     bold=True, caps=True)
            art.text(p, QRectF(rect.x() + 20, rect.y() + 56, rect.width() - 40, 34), line2, 26,
                     art.INK_SOFT, italic=True)
            if line3:
                col = art.state_colour(who)
                c = QPointF(rect.x() + 44, rect.y() + 117)
                art.piece(p, c, 15, who)
                art.text(p, QRectF(rect.x() + 66, rect.y() + 98, rect.width() - 80, 38), line3,
                         art.fit_text(line3, 26, rect.width() - 90, True), art.CRIMSON
                         if mine else art.INK, bold=True,
                         align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
                del col
        self.add(r, draw, z=-5, texts=[line1, line2, line3], key="plate")

    # --- sanctity track -------------------------------------------------------------------

    def _sanctity(self, v: dict) -> None:
        board = _board()
        length = board.sanctity_length if board else 20
        bonuses = board.sanctity_bonuses if board else {}
        starts = board.sanctity_start if board else {}
        r = R_SANCTITY
        body = self.add_panel(r, _("Sanctity track"), title_size=20)
        cw = (body.width() - 20) / length
        ch = body.height() - 14
        x0, y0 = body.left() + 10, body.top() + 4
        states = set(v.get("states") or ())
        automa = set(v.get("automa_pieces") or ())
        for i in range(length):
            rect = QRectF(x0 + i * cw + 2, y0, cw - 4, ch)
            bonus = bonuses.get(i)
            start = [s for s, c in starts.items() if c == i and s in states]
            tip = _("Sanctity cell {n}").format(n=i + 1)
            if bonus == "bishop":
                tip += "<br>" + _("Bonus: 1 bishop action (train or move)")
            elif bonus == "rescript":
                tip += "<br>" + _("Bonus: draw a level-I rescript")

            def draw(p, rc, i=i, bonus=bonus, start=start):
                p.setPen(QPen(art.INK, 1.2))
                fill = QColor(art.PARCHMENT_LIGHT)
                if bonus:
                    fill = QColor("#f3e2b0")
                p.setBrush(fill)
                p.drawRoundedRect(rc, 6, 6)
                art.text(p, QRectF(rc.x(), rc.bottom() - 20, rc.width(), 18), str(i + 1), 14,
                         art.INK_SOFT)
                ic = QRectF(rc.center().x() - 13, rc.top() + 6, 26, 26)
                if bonus == "bishop":
                    art.mitre(p, ic.adjusted(3, 0, -3, 0), "automa")
                elif bonus == "rescript":
                    art.icon(p, "raven", ic)
                for s in start:
                    art.cross(p, QPointF(rc.right() - 9, rc.bottom() - 10), 5, art.state_colour(s).darker(150))
            self.add(rect, draw, texts=[str(i + 1)], tooltip=tip, z=-4)
        # pieces (players and automa pieces)
        sanct = v.get("sanctity") or {}
        order = v.get("turn_order") or []
        by_cell: dict[int, list] = {}
        for piece, cell in sanct.items():
            by_cell.setdefault(int(cell) % length, []).append(piece)
        for cell, pieces in by_cell.items():
            for k, pc in enumerate(pieces):
                is_automa = pc in automa or pc not in states
                owner = pc
                c = QPointF(x0 + cell * cw + cw / 2, y0 + ch * .62 - k * 14)
                rank = order.index(pc) + 1 if pc in order else None
                name = L.state_name(pc)
                tip = (_("Automa piece ({state}) — never moves").format(state=name)
                       if is_automa else _("{state}: sanctity piece").format(state=name))
                if rank:
                    tip += "<br>" + _("Turn order: {n}").format(n=rank)

                def draw(p, rc, owner=owner, is_automa=is_automa, rank=rank):
                    cc = rc.center()
                    if is_automa:
                        art.piece(p, cc, 17, "automa")
                        p.setPen(QPen(art.state_colour(owner), 4))
                        p.setBrush(Qt.BrushStyle.NoBrush)
                        p.drawEllipse(cc, 19, 19)
                    else:
                        art.piece(p, cc, 18, owner)
                    if rank:
                        art.count_badge(p, cc + QPointF(15, -15), rank, 9)
                self.add(QRectF(-22, -22, 44, 44), draw, pos=c, z=3, round_shape=True,
                         key=f"piece:sanctity:{pc}", tooltip=tip,
                         texts=[name, _("Automa") if is_automa else ""])

    # --- Saracen track ----------------------------------------------------------------------

    def _saracen_track(self, v: dict) -> None:
        board = _board()
        cells = list(board.saracen_cells) if board else [{}] * 5
        st = v.get("saracen_track") or {}
        pos = st.get("position")
        current = st.get("current")
        n = st.get("cells", len(cells)) or len(cells)
        body = self.add_panel(R_SARACEN, _("Saracen track"), title_size=20)
        cw = (body.width() - 170) / max(1, n)
        x0, y0 = body.left() + 8, body.top() + 4
        ch = body.height() - 12
        for i in range(n):
            cell = cells[i] if i < len(cells) else {}
            if "strength" in cell:
                bonus = _("+{n} strength").format(n=cell["strength"])
            elif "units" in cell:
                bonus = ngettext("{n} unit per city", "{n} units per city",
                                 cell["units"]).format(n=cell["units"])
            else:
                bonus = ""
            if pos is None:
                state = "hidden"
            elif i < pos:
                state = "revealed"
            elif i == pos:
                state = "current"
            else:
                state = "hidden"
            tip = _("Raid token {n}").format(n=i + 1) + "<br>" + _("Bonus beneath: {b}").format(b=bonus)
            texts = [bonus] if state == "revealed" else []
            if state == "current" and current:
                tip += "<br>" + _("Activation colour: {c}").format(c=L.goods_name(current))
                texts.append(L.goods_name(current))

            def draw(p, rc, state=state, bonus=bonus, cell=cell):
                p.setPen(QPen(art.INK, 1.2))
                p.setBrush(QColor("#e8d7aa") if state != "revealed" else QColor("#d9c08a"))
                p.drawRoundedRect(rc, 6, 6)
                art.text(p, rc.adjusted(3, rc.height() * .55, -3, -2), bonus, 14,
                         art.CRIMSON if state == "revealed" else art.INK_SOFT, wrap=True,
                         bold=state == "revealed")
                tc = QPointF(rc.center().x(), rc.top() + rc.height() * .33)
                if state == "current" and current:
                    p.setPen(QPen(art.INK, 2))
                    p.setBrush(art.GOODS_COLOURS.get(current, art.AUTOMA))
                    p.drawEllipse(tc, 20, 20)
                    art.goods_token(p, tc, 10, current)
                elif state == "hidden":
                    p.setPen(QPen(art.GOLD, 1.5))
                    p.setBrush(art.SARACEN)
                    p.drawEllipse(tc, 20, 20)
                    art.text(p, QRectF(tc.x() - 20, tc.y() - 20, 40, 40), "?", 22, art.GOLD_LIGHT,
                             bold=True)
            self.add(QRectF(x0 + i * cw + 2, y0, cw - 4, ch), draw, texts=texts, tooltip=tip,
                     key=f"saracen_cell:{i}", z=-4)
        strength, units = st.get("strength", 0), st.get("units", 1)
        info = [_("Strength +{n}").format(n=strength),
                ngettext("{n} unit per city", "{n} units per city", units).format(n=units)]

        def draw_info(p, rc):
            art.icon(p, "crescent", QRectF(rc.x(), rc.y() + 4, 40, 40))
            art.text(p, QRectF(rc.x() + 44, rc.y(), rc.width() - 44, 26), info[0], 18,
                     art.CRIMSON, bold=True, align=Qt.AlignmentFlag.AlignLeft)
            art.text(p, QRectF(rc.x() + 44, rc.y() + 26, rc.width() - 44, 40), info[1], 15,
                     art.INK, wrap=True, align=Qt.AlignmentFlag.AlignLeft)
        self.add(QRectF(body.right() - 160, y0, 155, ch), draw_info, texts=info,
                 tooltip=_("Bonuses revealed on the Saracen track"), z=-4)

    # --- map ----------------------------------------------------------------------------------

    def _mp(self, xy) -> QPointF:
        return QPointF(MAP_ORIGIN.x() + xy[0] * MAP_SCALE, MAP_ORIGIN.y() + xy[1] * MAP_SCALE)

    def _map(self, v: dict) -> None:
        board = _board()
        cities_v = v.get("cities") or {}
        if board is None:
            return
        self.add(R_MAP, self._draw_map_bg, z=-10, key="map")
        # roads
        drawn = set()
        for a, ns in board.adjacency.items():
            for b in ns:
                if (b, a) in drawn:
                    continue
                drawn.add((a, b))
                pa, pb = self._mp(board.cities[a].position), self._mp(board.cities[b].position)
                gone = (cities_v.get(a, {}).get("removed") or cities_v.get(b, {}).get("removed"))

                def draw(p, rc, pa=pa, pb=pb, gone=gone):
                    path = QPainterPath(pa)
                    mid = (pa + pb) / 2
                    d = pb - pa
                    nrm = QPointF(-d.y(), d.x()) * 0.06
                    path.quadTo(mid + nrm, pb)
                    p.setBrush(Qt.BrushStyle.NoBrush)
                    p.setPen(QPen(QColor(250, 240, 210, 150), 9, Qt.PenStyle.SolidLine,
                                  Qt.PenCapStyle.RoundCap))
                    p.drawPath(path)
                    pen = QPen(art.INK_SOFT if not gone else QColor(120, 100, 80, 90), 3.2,
                               Qt.PenStyle.CustomDashLine, Qt.PenCapStyle.RoundCap)
                    pen.setDashPattern([3, 2.2])
                    p.setPen(pen)
                    p.drawPath(path)
                rect = QRectF(pa, pb).normalized().adjusted(-10, -10, 10, 10)
                self.add(rect, draw, z=-8)
        for cid, city in board.cities.items():
            self._city(cid, city, cities_v.get(cid) or {}, v)

    def _draw_map_bg(self, p: QPainter, rc: QRectF) -> None:
        art.panel(p, rc)
        inner = rc.adjusted(14, 14, -14, -14)
        p.save()
        clip = QPainterPath()
        clip.addRoundedRect(inner, 8, 8)
        p.setClipPath(clip)
        # desert wash to the east
        from PySide6.QtGui import QLinearGradient
        g = QLinearGradient(inner.topLeft(), inner.topRight())
        g.setColorAt(0, QColor(0, 0, 0, 0))
        g.setColorAt(0.6, QColor(0, 0, 0, 0))
        g.setColorAt(1, QColor(205, 160, 80, 70))
        p.fillRect(inner, QBrush(g))
        # the sea (Mediterranean) to the west: a wavy coast
        coast = QPainterPath(QPointF(inner.left(), inner.top()))
        pts = [(150, 0), (128, 90), (150, 170), (118, 260), (95, 330), (110, 400), (92, 480),
               (118, 560), (140, 640), (120, 720), (150, 800)]
        for x, y in pts:
            coast.lineTo(self._mp((x - 20, y + 0)) if False else
                         QPointF(MAP_ORIGIN.x() + (x - 60) * MAP_SCALE,
                                 MAP_ORIGIN.y() + y * MAP_SCALE * 1.0 - 0))
        coast.lineTo(inner.left(), inner.bottom())
        coast.closeSubpath()
        sea = QColor(art.SEA)
        sea.setAlpha(200)
        p.setBrush(sea)
        p.setPen(QPen(art.INK_SOFT, 2.2))
        p.drawPath(coast)
        p.setPen(QPen(QColor(60, 90, 90, 90), 1.2))
        for k in range(1, 4):
            p.drawPath(coast.translated(-9 * k, 0))
        for y in range(60, 820, 70):  # little waves
            x = MAP_ORIGIN.x() - 40 + (y % 3) * 12
            path = QPainterPath(QPointF(x, y + MAP_ORIGIN.y() - 20))
            path.cubicTo(x + 6, y + MAP_ORIGIN.y() - 27, x + 12, y + MAP_ORIGIN.y() - 13,
                         x + 18, y + MAP_ORIGIN.y() - 20)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(path)
        # rivers: Orontes (south→north past Homs/Apamea) and Euphrates near Edessa
        p.setPen(QPen(QColor("#5d8a95"), 3.4, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        p.setBrush(Qt.BrushStyle.NoBrush)
        orontes = QPainterPath(self._mp((430, 600)))
        orontes.cubicTo(self._mp((460, 470)), self._mp((420, 360)), self._mp((440, 230)))
        orontes.cubicTo(self._mp((450, 160)), self._mp((330, 110)), self._mp((150, 130)))
        p.drawPath(orontes)
        euph = QPainterPath(self._mp((1000, 40)))
        euph.cubicTo(self._mp((880, 120)), self._mp((900, 260)), self._mp((960, 330)))
        euph.cubicTo(self._mp((990, 380)), self._mp((1000, 420)), self._mp((1010, 470)))
        p.drawPath(euph)
        jordan = QPainterPath(self._mp((560, 590)))
        jordan.cubicTo(self._mp((600, 650)), self._mp((580, 720)), self._mp((640, 800)))
        p.drawPath(jordan)
        # mountains (Lebanon range) and desert stipple
        p.setPen(QPen(art.INK_SOFT, 1.6))
        for (x, y) in ((230, 300), (250, 335), (300, 455), (320, 490), (455, 615), (480, 650),
                       (350, 80), (395, 95), (150, 520), (660, 95)):
            c = self._mp((x, y))
            path = QPainterPath(c + QPointF(-16, 8))
            path.lineTo(c + QPointF(-3, -12))
            path.lineTo(c + QPointF(4, -2))
            path.lineTo(c + QPointF(9, -9))
            path.lineTo(c + QPointF(20, 8))
            p.setBrush(QColor(200, 175, 130, 120))
            p.drawPath(path)
            p.drawLine(c + QPointF(-3, -12), c + QPointF(0, 6))
        import random as _r
        rnd = _r.Random(5)
        p.setPen(QPen(QColor(140, 100, 50, 110), 2))
        for _k in range(260):
            x, y = rnd.uniform(760, 1000), rnd.uniform(230, 780)
            if abs(x - 820) < 60 and abs(y - 400) < 60:
                continue
            p.drawPoint(self._mp((x, y)))
        # compass rose and cartouche
        art.icon(p, "compass", QRectF(inner.right() - 150, inner.bottom() - 150, 130, 130), .85)
        cart = QRectF(inner.left() + 14, inner.top() + 12, 210, 58)
        p.setPen(QPen(art.INK, 1.5))
        p.setBrush(QColor(246, 236, 210, 235))
        p.drawRoundedRect(cart, 6, 6)
        art.text(p, cart.adjusted(0, 2, 0, -20), _("The Levant"), 26, art.INK, bold=True, caps=True)
        art.text(p, cart.adjusted(0, 32, 0, 0), _("Anno Domini 1100"), 14, art.INK_SOFT, italic=True)
        p.restore()

    def _city(self, cid: str, city, cv: dict, v: dict) -> None:
        c = self._mp(city.position)
        removed = bool(cv.get("removed"))
        level = cv.get("level", city.start_level)
        units = {k: n for k, n in (cv.get("units") or {}).items() if n}
        ctrl = cv.get("controller")
        name = L.city_name(cid)
        R = 46
        kind = {"capital": _("capital"), "ring": _("ring city"), "central": _("central city")}.get(
            city.kind, city.kind)
        tip = [f"<b>{name}</b> — {kind}"]
        if removed:
            tip.append(_("Not in this game: nothing may enter or pass through."))
        else:
            tip.append(_("Level {n} (walls +{n})").format(n=level))
            sec = city.sector(level) if level in city.sectors else None
            if sec:
                tip.append(_("Produces: {goods}; income {coins}").format(
                    goods=", ".join(L.goods_name(g) for g in sec.goods), coins=L.coins_text(sec.coins)))
                if sec.upgrade:
                    tip.append(_("Upgrade cost: {goods}").format(
                        goods=", ".join(L.goods_name(g) for g in sec.upgrade)))
            if ctrl:
                tip.append(_("Controlled by {who}").format(who=L.state_name(ctrl)))
            for owner, n in units.items():
                tip.append(f"{L.state_name(owner)}: {L.units_text(n)}")
            gov = cv.get("governor")
            if gov:
                tip.append(_("Governor: {name}").format(name=L.card_name(gov)))
        goods_colour = city.colour
        texts = [name] + [str(n) for n in units.values()]

        def draw(p, rc):
            cc = rc.center()
            # shadow and disc
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(0, 0, 0, 60))
            p.drawEllipse(cc + QPointF(3, 5), R, R)
            fill = QColor(art.PARCHMENT_LIGHT)
            if ctrl in art.STATE_COLOURS:
                sc = art.state_colour(ctrl)
                fill = QColor((fill.red() * 3 + sc.red() * 2) // 5, (fill.green() * 3 + sc.green() * 2) // 5,
                              (fill.blue() * 3 + sc.blue() * 2) // 5)
            elif ctrl == "saracen" or units.get("saracen"):
                fill = QColor("#c9cfb5")
            p.setBrush(fill)
            ring = QColor(art.GOODS_COLOURS.get(goods_colour, art.GOLD))
            p.setPen(QPen(art.INK, 2.2))
            p.drawEllipse(cc, R, R)
            p.setPen(QPen(ring, 7))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(cc, R - 5, R - 5)
            p.setPen(QPen(art.INK, 1))
            p.drawEllipse(cc, R - 9, R - 9)
            if city.kind == "capital":
                p.setPen(QPen(art.GOLD, 2.5))
                p.drawEllipse(cc, R + 4, R + 4)
            if art.colour_blind():
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(art.INK)
                p.drawPath(art.shape_path(art.GOODS_SHAPES.get(goods_colour, "circle"),
                                          cc + QPointF(0, R - 5), 5))
            # walls shield with the level
            sh = QRectF(cc.x() - R - 14, cc.y() - R - 8, 34, 40)
            path = QPainterPath(QPointF(sh.left(), sh.top()))
            path.lineTo(sh.right(), sh.top())
            path.lineTo(sh.right(), sh.top() + sh.height() * .55)
            path.quadTo(sh.right(), sh.bottom(), sh.center().x(), sh.bottom())
            path.quadTo(sh.left(), sh.bottom(), sh.left(), sh.top() + sh.height() * .55)
            path.closeSubpath()
            p.setPen(QPen(art.INK, 1.8))
            p.setBrush(QColor("#4c8a38") if cid == "homs" else QColor("#cbbd9c"))
            p.drawPath(path)
            art.text(p, sh.adjusted(0, -2, 0, -4), art.roman(level), 19,
                     art.PARCHMENT_LIGHT if cid == "homs" else art.INK, bold=True)
            # name ribbon
            fs = art.fit_text(name, 23, 150, True)
            nr = QRectF(cc.x() - 80, cc.y() + R - 4, 160, 32)
            rib = QPainterPath()
            rib.addRoundedRect(nr.adjusted(8, 2, -8, -2), 5, 5)
            p.setPen(QPen(art.INK, 1.4))
            p.setBrush(QColor(246, 236, 210, 240))
            p.drawPath(rib)
            art.text(p, nr, name, fs, art.INK, bold=True, caps=True)
            if removed:
                art.hatch(p, QRectF(cc.x() - R, cc.y() - R, 2 * R, 2 * R), art.INK, R)
                art.ban(p, QRectF(cc.x() - R * .8, cc.y() - R * .8, R * 1.6, R * 1.6))
                return
            # units: pieces inside the disc
            owners = list(units.items())
            n = len(owners)
            spots = {1: [(0, 0)], 2: [(-17, 0), (17, 0)], 3: [(-17, -10), (17, -10), (0, 16)],
                     4: [(-17, -14), (17, -14), (-17, 16), (17, 16)]}.get(
                n, [(-22, -14), (0, -16), (22, -14), (-12, 16), (12, 16)][:n])
            for (owner, count), (dx, dy) in zip(owners, spots, strict=False):
                pc = cc + QPointF(dx, dy)
                art.piece(p, pc, 16 if n > 1 else 20, owner)
                art.count_badge(p, pc + QPointF(14, 12), count, 12)
            # goods lying on the map (cities not owned by a player)
            ng = cv.get("goods") or 0
            for k in range(int(ng)):
                art.goods_token(p, QPointF(cc.x() + R + 12, cc.y() - 16 + k * 24), 10, goods_colour)

        self.add(QRectF(c.x() - R - 14, c.y() - R - 10, 2 * R + 28, 2 * R + 44).translated(-c),
                 draw, pos=c, z=1, targets=[] if removed else [f"city:{cid}"], key=f"city:{cid}",
                 tooltip="<br>".join(tip), texts=texts, round_shape=False, radius=R)
        # bishops: separate items above the city (each may be a target)
        bishops = [] if removed else list(cv.get("bishops") or [])
        for k, b in enumerate(bishops):
            owner, lvl, no = b.get("owner"), b.get("level"), b.get("no")
            bx = c.x() + 16 + k * 27  # a row above the city's top right, beside the walls
            by = c.y() - R - 12
            btip = _("Bishop of {state}").format(state=L.state_name(owner))
            btexts = [L.state_name(owner)]
            if lvl is not None:
                btip += "<br>" + _("Level {n} (only you see it)").format(n=art.roman(lvl))
                btexts.append(art.roman(lvl))
            else:
                btip += "<br>" + _("Level hidden")

            def bdraw(p, rc, owner=owner, lvl=lvl):
                art.mitre(p, rc.adjusted(2, 2, -2, -2), owner)
                if lvl is not None:
                    art.text(p, QRectF(rc.x(), rc.y() + rc.height() * .35, rc.width(), rc.height() * .45),
                             art.roman(lvl), 12, art.state_ink(owner), bold=True,
                             halo=art.state_colour(owner))
            self.add(QRectF(-14, -16, 28, 32), bdraw, pos=(bx, by), z=2,
                     targets=[f"bishop:{no}"], key=f"bishop:{no}", tooltip=btip, texts=btexts,
                     radius=6)

    # --- the order cross ------------------------------------------------------------------

    def _cross(self, v: dict) -> None:
        body = self.add_panel(R_CROSS, _("Orders"), title_size=22)
        cx, cy = body.center().x(), body.center().y() + 4
        S, G = 92, 8
        cross = v.get("cross") or {}
        dirs = {"build": (-1, 0), "prayer": (0, -1), "muster": (1, 0), "march": (0, 1)}

        def hub(p, rc):
            p.setPen(QPen(art.INK, 2))
            p.setBrush(QColor("#e9d49a"))
            p.drawRoundedRect(rc, 10, 10)
            art.cross(p, rc.center(), S * .32, art.CRIMSON)
            p.setPen(QPen(art.GOLD, 1.2))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(rc.adjusted(5, 5, -5, -5), 7, 7)
        self.add(QRectF(cx - S / 2, cy - S / 2, S, S), hub, z=-3,
                 tooltip=_("Activation runs clockwise: build, prayer, muster, march"))
        for order, (dx, dy) in dirs.items():
            cell = cross.get(order) or {}
            inner = list(cell.get("inner") or [])
            outer = cell.get("outer")
            for which, k in (("inner", 1), ("outer", 2)):
                ccx = cx + dx * k * (S + G)
                ccy = cy + dy * k * (S + G)
                rect = QRectF(ccx - S / 2, ccy - S / 2, S, S)
                oname = L.order_name(order)
                if which == "inner":
                    tip = _("{order}: inner cell — carried out this round; stack on top and pay "
                            "1 coin to each covered owner").format(order=oname)
                    toks = list(reversed(inner))  # top first
                else:
                    tip = _("{order}: outer cell — enhanced, carried out next round; draw a spy")\
                        .format(order=oname)
                    toks = [outer] if outer else []
                if toks:
                    tip += "<br>" + _("Top first: {list}").format(
                        list=", ".join(L.state_name(t[0]) for t in toks))
                texts = [oname] + [L.state_name(t[0]) for t in toks]

                def draw(p, rc, order=order, which=which, toks=toks):
                    p.setPen(QPen(art.INK, 2))
                    p.setBrush(QColor(art.PARCHMENT_LIGHT) if which == "inner" else QColor("#e4cf9c"))
                    p.drawRoundedRect(rc, 8, 8)
                    if which == "outer":
                        p.setPen(QPen(art.GOLD, 2, Qt.PenStyle.DashLine))
                        p.setBrush(Qt.BrushStyle.NoBrush)
                        p.drawRoundedRect(rc.adjusted(4, 4, -4, -4), 6, 6)
                        art.icon(p, "spy", QRectF(rc.right() - 26, rc.top() + 4, 22, 22), .8)
                    if not toks:
                        art.icon(p, art.ORDER_ICONS[order], rc.adjusted(22, 12, -22, -28), .35)
                        art.block(p, QRectF(rc.x() + 3, rc.bottom() - 26, rc.width() - 6, 22),
                                  L.order_name(order), 16, art.INK_SOFT, italic=True)
                self.add(rect, draw, z=-2, targets=[f"cross:{order}:{which}"],
                         key=f"cross:{order}:{which}", tooltip=tip, texts=texts)
                # tokens: top first, laid out in a grid inside the cell
                n = len(toks)
                cols = 1 if n <= 1 else 2
                tr = 30 if n <= 1 else (20 if n <= 4 else 15)
                for i, t in enumerate(toks):
                    owner, enhanced = t[0], bool(t[1]) if len(t) > 1 else False
                    if n <= 1:
                        pc = QPointF(ccx, ccy)
                    else:
                        row, col = divmod(i, cols)
                        step = 2 * tr + 4
                        rows = (n + 1) // 2
                        pc = QPointF(ccx + (col - .5) * step, ccy + (row - (rows - 1) / 2) * step)
                    ttip = _("{state}: {order}{enh}").format(
                        state=L.state_name(owner), order=L.order_name(order),
                        enh=" (" + _("enhanced") + ")" if enhanced else "")
                    if which == "inner" and n > 1:
                        ttip += "<br>" + _("Activated {n}. in this cell").format(n=i + 1)

                    def tdraw(p, rc, owner=owner, enhanced=enhanced, order=order, i=i, n=n, tr=tr,
                              which=which):
                        self._order_token(p, rc.center(), tr, owner, order, enhanced)
                        if which == "inner" and n > 1:
                            art.count_badge(p, rc.center() + QPointF(-tr * .8, -tr * .8), i + 1,
                                            max(7, tr * .38))
                    self.add(QRectF(-tr - 2, -tr - 2, 2 * tr + 4, 2 * tr + 4), tdraw, pos=pc,
                             z=1 + (n - i) * .01, round_shape=True,
                             key=f"piece:order:{owner}:{order}:{which}:{n - 1 - i}",
                             tooltip=ttip,
                             texts=[L.state_name(owner)],
                             targets=[f"cross:{order}:{which}"])
        # automa supply / aside in the corner
        au = v.get("automa") or {}
        if v.get("automa_pieces"):
            sup, aside = au.get("supply", 0), list(au.get("aside") or [])
            line = ngettext("Automa: {n} token in supply", "Automa: {n} tokens in supply", sup).format(n=sup)

            def adraw(p, rc):
                art.piece(p, QPointF(rc.x() + 18, rc.y() + 20), 15, "automa")
                art.text(p, QRectF(rc.x() + 40, rc.y(), rc.width() - 40, 40), line, 15,
                         art.INK, wrap=True, align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
                for k, tok in enumerate(aside):
                    self._order_token(p, QPointF(rc.x() + 20 + k * 36, rc.y() + 62), 15, "automa", tok, tok == "boost")
            self.add(QRectF(body.left() + 6, body.bottom() - 100, 170, 95), adraw, z=-1,
                     texts=[line], key="automa:tokens", tooltip=_("The automa's tokens: shuffled face down; "
                                             "a boost sends the next token to the outer cell"))

    def _order_token(self, p: QPainter, c: QPointF, r: float, owner: str, order: str,
                     enhanced: bool) -> None:
        art.order_token(p, c, r, owner, order, enhanced)

    # --- event area --------------------------------------------------------------------------

    def _event(self, v: dict) -> None:
        body = self.add_panel(R_EVENT, _("Event"), title_size=20)
        ev = v.get("event")
        decks = v.get("decks") or {}
        cw, chh = 150, 206
        er = QRectF(body.left() + 12, body.top() + 6, cw, chh)
        name = L.card_name(ev) if ev else _("No event yet")

        def draw(p, rc):
            if ev:
                art.card_frame(p, rc, QColor("#4c8a38"))
                art.text(p, rc.adjusted(8, 8, -8, -rc.height() * .5), name, 17, art.INK, bold=True,
                         wrap=True)
                p.setPen(QPen(QColor("#4c8a38"), 1))
                p.setBrush(QColor(76, 138, 56, 50))
                p.drawRect(QRectF(rc.x() + 6, rc.y() + rc.height() * .58, rc.width() - 12, rc.height() * .36))
                art.text(p, QRectF(rc.x() + 6, rc.y() + rc.height() * .58, rc.width() - 12, rc.height() * .36),
                         _("raid table"), 13, QColor("#2c5a1e"), italic=True)
            else:
                art.card_frame(p, rc, face_down=True, back="crescent")
        eit = self.add(er, draw, targets=[f"card:{ev}"] if ev else [], key="event",
                       tooltip=self._card_tip(ev) if ev else ngettext(
                           "Events deck: {n} card", "Events deck: {n} cards",
                           decks.get("events", 0)).format(n=decks.get("events", 0)),
                       texts=[name], radius=10)
        eit.card_id = ev or None
        # raid table rows
        rows = []
        obj = L.card(ev) if ev else None
        for row in getattr(obj, "raid_table", ()) or ():
            rng = f"{row.low}–{row.high}" if row.high is not None else f"{row.low}+"
            rows.append((rng, self._effect_text(row.effect)))
        tx = er.right() + 14
        tw = body.right() - tx - 10

        def tdraw(p, rc):
            art.text(p, QRectF(rc.x(), rc.y(), rc.width(), 24), _("Raid results"), 18, art.INK,
                     bold=True, caps=True, align=Qt.AlignmentFlag.AlignLeft)
            y = rc.y() + 28
            if not rows:
                art.text(p, QRectF(rc.x(), y, rc.width(), 60),
                         _("Difference ≤ 0: the city is captured."), 15, art.INK_SOFT, italic=True,
                         wrap=True, align=Qt.AlignmentFlag.AlignLeft)
                return
            row_h = min(40.0, (rc.bottom() - y) / max(1, len(rows[:6])))
            for rg, eff in rows[:6]:
                art.text(p, QRectF(rc.x(), y, 56, 22), rg, 15, art.CRIMSON, bold=True,
                         align=Qt.AlignmentFlag.AlignLeft)
                art.block(p, QRectF(rc.x() + 50, y + 1, rc.width() - 50, row_h - 2), eff, 14,
                          art.INK, align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
                y += row_h
        self.add(QRectF(tx, body.top() + 4, tw, 190), tdraw, z=-1,
                 texts=[r for row in rows for r in row])
        # deck, Homs card, round modifiers
        homs = v.get("homs_card")
        mods = v.get("modifiers") or {}
        info = [_("Events left: {n}").format(n=decks.get("events", 0))]
        if homs:
            info.append(_("Homs card: {state}").format(state=L.state_name(homs)))
        from ...content.text import ROUND_MODIFIER_TEMPLATES, modifier_text
        for k, val in mods.items():
            if k in ROUND_MODIFIER_TEMPLATES:
                info.append(modifier_text(k, val, current_language()))

        def idraw(p, rc):
            y = rc.y()
            for line in info[:4]:
                art.text(p, QRectF(rc.x(), y, rc.width(), 20), line, 15, art.INK_SOFT,
                         align=Qt.AlignmentFlag.AlignLeft)
                y += 21
        self.add(QRectF(tx, body.top() + 198, tw, 60), idraw, z=-1, texts=info)

    def _effect_text(self, effect) -> str:
        try:
            from ...content.text import effect_text
            return effect_text(effect, current_language())
        except Exception:
            pass
        parts = []
        for op in effect or ():
            if isinstance(op, dict):
                name = L.humanise(str(op.get("op", "")))
                args = ", ".join(f"{v}" for k, v in op.items() if k != "op")
                parts.append(f"{_(name)} {args}".strip())
        return "; ".join(parts)

    # --- markets -----------------------------------------------------------------------------

    def _card_item(self, rect: QRectF, card_id: str | None, targets=(), face_down=False,
                   closed=False, key=None, back=None, count: int | None = None,
                   caption: str | None = None, tip: str | None = None, z=0.0,
                   rotate: float = 0.0) -> TableItem:
        name = L.card_name(card_id) if card_id else ""
        level = L.card_level(card_id) if card_id else None
        cost = L.card_cost(card_id) if card_id else ()
        colours = L.card_colours(card_id) if card_id else ()
        accent = art.GOODS_COLOURS.get(colours[0]) if colours else art.GOLD
        w, h = rect.width(), rect.height()

        def draw(p, rc):
            if closed:
                p.setPen(QPen(art.INK_SOFT, 1.2, Qt.PenStyle.DashLine))
                p.setBrush(QColor(0, 0, 0, 18))
                p.drawRoundedRect(rc, 6, 6)
                art.ban(p, rc.adjusted(rc.width() * .15, rc.height() * .25, -rc.width() * .15,
                                       -rc.height() * .25))
                return
            if card_id is None and not face_down:
                p.setPen(QPen(art.INK_SOFT, 1.2, Qt.PenStyle.DashLine))
                p.setBrush(QColor(255, 255, 255, 40))
                p.drawRoundedRect(rc, 6, 6)
                if caption:
                    art.text(p, rc, caption, 13, art.INK_SOFT, italic=True, wrap=True)
                return
            art.card_frame(p, rc, accent, face_down=face_down, back=back)
            if not face_down:
                fs = 17 if w >= 90 else (15 if w >= 70 else 13)
                art.block(p, rc.adjusted(5, 7, -5, -max(26, h * .3)), name, fs, art.INK, bold=True)
                if level is not None:
                    art.text(p, QRectF(rc.x() + 4, rc.bottom() - 24, 30, 20), art.roman(level),
                             15, art.CRIMSON, bold=True)
                x = rc.right() - 10
                for g in reversed(cost[:4]):
                    art.goods_token(p, QPointF(x, rc.bottom() - 14), 6.5, g)
                    x -= 15
            if count is not None:
                art.count_badge(p, QPointF(rc.right() - 4, rc.top() + 4), count, 13)
            if caption and face_down:
                art.text(p, QRectF(rc.x() - 10, rc.bottom() + 2, rc.width() + 20, 20), caption, 13,
                         art.INK_SOFT)
        texts = [name] if (card_id and not face_down) else []
        if count is not None:
            texts.append(str(count))
        if caption:
            texts.append(caption)
        tt = tip if tip is not None else (self._card_tip(card_id) if card_id and not face_down else None)
        bleed = (10, 0, 10, 22) if caption and face_down else (0, 0, 0, 0)
        it = self.add(QRectF(-w / 2, -h / 2, w, h), draw, pos=rect.center(), z=z,
                      targets=targets, key=key, tooltip=tt, texts=texts, radius=6, bleed=bleed)
        it.card_id = card_id if (card_id and not face_down and not closed) else None
        if rotate:
            it.setTransform(QTransform().rotate(rotate))
        return it

    def _markets(self, v: dict) -> None:
        body = self.add_panel(R_MARKET, _("Markets"), title_size=22)
        markets = v.get("markets") or {}
        opened = v.get("market_open") or {}
        decks = v.get("decks") or {}
        cw, chh, gap, ggap = 86, 106, 6, 22
        lx = body.left() + 12
        rows = [
            (_("Buildings"), [("buildings_0", 1), ("buildings_12", 5), ("buildings_34", 3)]),
            (_("Tactics"), [("tactics_12", 5), ("tactics_34", 3)]),
            (_("Governors"), [("governors", 5)]),
        ]
        short = {"buildings_0": "0", "buildings_12": "I–II", "buildings_34": "III–IV",
                 "tactics_12": "I–II", "tactics_34": "III–IV", "governors": ""}
        y = body.top() + 2
        for title, groups in rows:
            x = lx
            for gi, (g, size) in enumerate(groups):
                gw = size * (cw + gap) - gap
                cap = (title + " " if size > 1 else "") + short[g]
                n_deck = decks.get(g, 0)
                deck_txt = ngettext("deck: {n} card", "deck: {n} cards", n_deck).format(n=n_deck)
                if size == 1:
                    deck_txt = f"×{n_deck}"

                def cdraw(p, rc, cap=cap, deck_txt=deck_txt, first=gi == 0):
                    art.text(p, rc, cap.strip(), 17, art.INK, bold=True, caps=True,
                             align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
                    art.text(p, rc, deck_txt, 13, art.INK_SOFT, italic=True,
                             align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                    p.setPen(QPen(art.GOLD, 1))
                    p.drawLine(QPointF(rc.left(), rc.bottom()), QPointF(rc.right(), rc.bottom()))
                self.add(QRectF(x, y, gw, 22), cdraw, z=-1, texts=[cap.strip(), deck_txt],
                         tooltip=_(L.DECK_NAMES.get(g, g)) + ": " + deck_txt)
                cy = y + 28
                if g == "buildings_0":
                    top = v.get("buildings_0_top")
                    self._card_item(QRectF(x, cy, cw, chh), top,
                                    targets=[f"card:{top}", "market:buildings_0:0"] if top else [],
                                    key=f"market:{g}:0", caption=None if top else _("empty"))
                else:
                    slots = list(markets.get(g) or [None] * size)
                    n_open = opened.get(g, len(slots))
                    for i, cid in enumerate(slots):
                        closed = i >= n_open
                        self._card_item(QRectF(x + i * (cw + gap), cy, cw, chh), cid,
                                        targets=[] if closed else ([f"market:{g}:{i}"] +
                                                                   ([f"card:{cid}"] if cid else [])),
                                        key=f"market:{g}:{i}", closed=closed,
                                        caption=_("empty") if not closed else None,
                                        tip=_("Closed in this game") if closed else None)
                x += gw + ggap
            y += 28 + chh + 10
        # decks: rescripts I/II, spies, Saracen cards, bulls
        backs = [("rescripts_1", "raven"), ("rescripts_2", "dove"), ("spies", "spy"),
                 ("saracens", "crescent"), ("bulls", "scroll"), ("events", "crescent")]
        backs = [b for b in backs if b[0] != "events"]
        dw, dh = 62, 84
        step = (body.width() - 24) / len(backs)
        for k, (name, back) in enumerate(backs):
            n = decks.get(name, 0)
            cap = _(L.DECK_NAMES.get(name, name))
            self._card_item(QRectF(lx + k * step + (step - dw) / 2, y, dw, dh), None, face_down=True,
                            back=back, count=n, caption=cap, key=f"deck:{name}",
                            tip=ngettext("{deck}: {n} card", "{deck}: {n} cards", n).format(deck=cap,
                                                                                 n=n),
                            targets=[f"market:{name}:0"])

    # --- battle board ------------------------------------------------------------------------

    def _battle(self, v: dict) -> None:
        b = v.get("battle")
        title = _("Battle")
        if b:
            city = b.get("city")
            if city:
                title = _("Battle for {city}").format(city=L.city_name(city))
        body = self.add_panel(R_BATTLE, title, title_size=22)
        marker = 0
        if b:
            for k in ("marker", "balance", "strength", "difference"):
                if isinstance(b.get(k), (int, float)):
                    marker = int(b[k])
                    break
        # strength track −10..+10
        tx0, ty0 = body.left() + 110, body.top() + 6
        cell = (body.width() - 220) / 21
        left_lbl = L.state_name(b.get("defender")) if b and b.get("defender") else _("Defender")
        right_lbl = L.state_name(b.get("attacker")) if b and b.get("attacker") else _("Attacker")

        def tdraw(p, rc):
            art.text(p, QRectF(rc.x() - 104, rc.y(), 100, 40), left_lbl, 16, art.INK, bold=True,
                     align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            art.text(p, QRectF(rc.right() + 6, rc.y(), 100, 40), right_lbl, 16, art.INK, bold=True,
                     align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            for i in range(21):
                val = i - 10
                r = QRectF(rc.x() + i * cell + 1, rc.y(), cell - 2, 40)
                p.setPen(QPen(art.INK, 1))
                p.setBrush(QColor("#f3e2b0") if val else QColor("#e3c15f"))
                p.drawRoundedRect(r, 4, 4)
                art.text(p, r, str(abs(val)), 14, art.INK_SOFT)
        self.add(QRectF(tx0, ty0, cell * 21, 42), tdraw, z=-1, bleed=(104, 0, 106, 0),
                 texts=[str(marker)] if b else [],
                 tooltip=_("Battle track: the marker shows the strength difference"))
        # the marker is its own piece: it slides along the track between two views
        mi = max(-10, min(10, marker)) + 10
        mr = cell * .42

        def mdraw(p, rc):
            mc = rc.center()
            p.setPen(QPen(art.INK, 2))
            p.setBrush(QColor("#2f5c9e"))
            p.drawEllipse(mc, mr, mr)
            art.text(p, QRectF(mc.x() - 15, mc.y() - 15, 30, 30), str(abs(marker)), 15,
                     art.PARCHMENT_LIGHT, bold=True)
        mk = self.add(QRectF(-mr - 2, -mr - 2, 2 * mr + 4, 2 * mr + 4), mdraw,
                      pos=QPointF(tx0 + mi * cell + cell / 2, ty0 + 20), z=-.5, round_shape=True,
                      key="piece:battle:marker")
        mk.setAcceptHoverEvents(False)
        # 4 card slots (left) and the viewer's battle hand (right)
        slots = list((b or {}).get("slots") or [])
        slots_w = body.width() * .6 if b else body.width() - 20
        sw = (slots_w - 20) / 4
        cw, chh = 80, 112
        for i in range(4):
            sx = body.left() + 14 + i * sw
            sy = ty0 + 52
            slot = slots[i] if i < len(slots) else None
            card_id = None
            cancelled = None
            if isinstance(slot, dict):
                card_id = slot.get("card")
                cancelled = slot.get("cancelled")
            elif isinstance(slot, str):
                card_id = slot

            def sdraw(p, rc, i=i):
                p.setPen(QPen(art.INK_SOFT, 1.2, Qt.PenStyle.DashLine))
                p.setBrush(QColor(255, 255, 255, 30))
                p.drawRoundedRect(rc, 8, 8)
                art.text(p, QRectF(rc.x() + 4, rc.y() + 2, 24, 24), str(i + 1), 18, art.INK_SOFT, bold=True)
            slot_rect = QRectF(sx, sy, sw - 10, chh + 16)
            self.add(slot_rect, sdraw, z=-1, key=f"battle:slot:{i}",
                     tooltip=_("Tactic slot {n}").format(n=i + 1))
            if card_id:
                cr = QRectF(slot_rect.center().x() - cw / 2 + 6, slot_rect.top() + 8, cw, chh)
                self._card_item(cr, card_id, targets=[f"card:{card_id}"], key=f"battle:card:{i}")
                if not cancelled and "battle:half:top" in self.legal_targets:
                    # BATTLE-07: the opponent cancels a half — click that half of the card
                    for half, top in (("top", cr.top()), ("bottom", cr.center().y())):
                        hr = QRectF(cr.left(), top, cr.width(), cr.height() / 2)
                        self.add(hr, None, z=3, targets=[f"battle:half:{half}"],
                                 key=f"battle:half:{half}",
                                 tooltip=_("Cancel the {half} half").format(
                                     half=_("top") if half == "top" else _("bottom")))
                if cancelled:
                    # the cover card lies face down across the cancelled half
                    half = cr.top() + chh * (.76 if cancelled == "bottom" else .24)
                    rr = QRectF(cr.center().x() - cw * .62, half - chh * .2, cw * 1.24, chh * .4)
                    self._card_item(rr, None, face_down=True, key=f"battle:cover:{i}", z=2,
                                    tip=_("Cover card: cancels the {half} half").format(
                                        half=_("bottom") if cancelled == "bottom" else _("top")))
        if b:
            hx = body.left() + slots_w + 10
            hw = body.right() - hx - 8
            viewer = self.viewer
            mine = None
            if b.get("saracen_player") == viewer and isinstance(b.get("saracen_hand"), list):
                mine = list(b["saracen_hand"])
                label = _("Saracen cards you play")
            elif viewer in (b.get("attacker"), b.get("defender")):
                mine = list(((v.get("players") or {}).get(viewer) or {}).get("tactics") or [])
                label = _("Your tactics")
            else:
                sh = b.get("saracen_hand")
                n = len(sh) if isinstance(sh, list) else int(sh or 0)
                label = ngettext("Saracen hand: {n} card", "Saracen hand: {n} cards", n).format(n=n)
            self.add(QRectF(hx, ty0 + 48, hw, 20),
                     lambda p, rc, label=label: self._section_label(p, rc, label), z=-1,
                     texts=[label])
            if mine:
                k = len(mine)
                hcw = min(70, (hw - 6 * (k - 1)) / k)
                for i, cid in enumerate(mine):
                    self._card_item(QRectF(hx + i * (hcw + 6), ty0 + 70, hcw, hcw * 1.4), cid,
                                    targets=[f"card:{cid}"], key=f"battle:hand:{i}")
        else:
            self.add(QRectF(body.left(), ty0 + 56, body.width(), chh + 20),
                     lambda p, rc: art.text(p, rc, _("No battle in progress"), 22, art.INK_SOFT,
                                            italic=True), z=0)

    # --- state boards -------------------------------------------------------------------------

    def _board_rects(self, v: dict) -> list[tuple[str, QRectF]]:
        """Where each state's board lies: the viewer's first and wider."""
        states = list(v.get("states") or [])
        if not states:
            return []
        viewer = self._viewer
        order = [s for s in states if s == viewer] + [s for s in states if s != viewer]
        weights = [1.55 if s == viewer else 1.0 for s in order]
        total_w = R_BOARDS.width()
        unit = min((total_w - 16 * (len(order) - 1)) / sum(weights), 640)
        widths = [w * unit for w in weights]
        x = R_BOARDS.left() + (total_w - sum(widths) - 16 * (len(order) - 1)) / 2
        out = []
        for s, w in zip(order, widths, strict=True):
            out.append((s, QRectF(x, R_BOARDS.top(), w, R_BOARDS.height())))
            x += w + 16
        return out

    def _board_panel(self, v: dict, sid: str, rect: QRectF) -> None:
        pv = (v.get("players") or {}).get(sid) or {}
        own = sid == self.viewer
        d = v.get("decision") or {}
        acting = d.get("player") == sid
        order = v.get("turn_order") or []
        rank = order.index(sid) + 1 if sid in order else None
        name = L.state_name(sid)
        col = art.state_colour(sid)

        def pdraw(p, rc):
            art.panel(p, rc)
            band = QRectF(rc.x() + 8, rc.y() + 8, rc.width() - 16, 50)
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
            if acting:
                p.setPen(QPen(art.LEGAL, 5))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRoundedRect(rc.adjusted(2, 2, -2, -2), 10, 10)
        self.add(rect, pdraw, z=-10, key=f"board:{sid}")
        # header: crest, name, turn order, coins, units, bishops
        hx, hy = rect.left() + 14, rect.top() + 10
        title = name + ("  · " + _("you") if own else "")
        sub = []
        if rank:
            sub.append(_("turn order {n}").format(n=rank))
        if acting:  # a bot of this state at work: "thinking…" (the controller's mark)
            sub.append(_("thinking…") if d.get("thinking") else _("to move"))
        if pv.get("eliminated"):
            sub.append(_("eliminated"))

        def hdraw(p, rc):
            art.piece(p, QPointF(rc.x() + 22, rc.center().y()), 19, sid)
            art.text(p, QRectF(rc.x() + 48, rc.y(), rc.width() - 48, 30), title,
                     art.fit_text(title, 27, rc.width() - 60, True), art.state_ink(sid), bold=True,
                     caps=True, align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            art.text(p, QRectF(rc.x() + 48, rc.y() + 28, rc.width() - 48, 20), " · ".join(sub), 15,
                     art.state_ink(sid), italic=True, bold=acting,
                     align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        hw = rect.width() * .5
        self.add(QRectF(hx, hy, hw, 46), hdraw, z=1, targets=[f"player:{sid}"],
                 key=f"player:{sid}", texts=[name] + sub,
                 tooltip=_("{state}'s state board").format(state=name))
        # resources on the right of the header
        coins = pv.get("coins", 0)
        units = pv.get("units", 0)
        bsup = pv.get("bishops_supply")
        if isinstance(bsup, dict):
            btxt = f"I×{bsup.get('1', 0)} II×{bsup.get('2', 0)}"
            bt = sum(int(x) for x in bsup.values())
        else:
            bt = int(bsup or 0)
            btxt = f"×{bt}"
        res = [(_("Coins"), str(coins)), (_("Units in supply"), str(units)),
               (_("Bishops in supply"), btxt)]

        def rdraw(p, rc):
            x = rc.x()
            ink = art.state_ink(sid)
            art.coin(p, QPointF(x + 16, rc.center().y()), 16)
            art.text(p, QRectF(x + 34, rc.y(), 44, rc.height()), str(coins), 22, ink, bold=True,
                     align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            x += 78
            art.piece(p, QPointF(x + 14, rc.center().y()), 13, sid)
            art.text(p, QRectF(x + 30, rc.y(), 44, rc.height()), f"×{units}", 19, ink, bold=True,
                     align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            x += 74
            art.mitre(p, QRectF(x + 2, rc.center().y() - 14, 24, 28), sid)
            art.text(p, QRectF(x + 30, rc.y(), rc.right() - x - 30, rc.height()), btxt,
                     art.fit_text(btxt, 18, rc.right() - x - 30, True), ink, bold=True,
                     align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        rx = rect.left() + 14 + hw
        self.add(QRectF(rx, hy + 2, rect.right() - rx - 14, 44), rdraw, z=1,
                 texts=[coins, units, btxt],
                 tooltip="<br>".join(f"{a}: {b}" for a, b in res))
        inner_l, inner_r = rect.left() + 14, rect.right() - 14
        y = rect.top() + 66
        # row 1: city tokens (capital first)
        self._city_tokens(sid, pv, v, QRectF(inner_l, y, inner_r - inner_l, 148))
        y += 152
        # row 2: warehouse goods and orders in supply
        self._warehouse(sid, pv, QRectF(inner_l, y, (inner_r - inner_l) * .62, 80))
        self._orders_supply(sid, pv, QRectF(inner_l + (inner_r - inner_l) * .64, y,
                                            (inner_r - inner_l) * .36, 80))
        y += 88
        # row 3: spies (3 cells) and buildings (4 cells)
        self._spies_buildings(sid, pv, QRectF(inner_l, y, inner_r - inner_l, 132))
        y += 140
        # row 4: hand (own) or counts (others)
        self._hand(sid, pv, own, QRectF(inner_l, y, inner_r - inner_l, rect.bottom() - y - 12))

    def _section_label(self, p, rc, s):
        art.text(p, QRectF(rc.x(), rc.y() - 2, rc.width(), 18), s, 14, art.INK_SOFT, italic=True,
                 align=Qt.AlignmentFlag.AlignLeft)

    def _city_tokens(self, sid: str, pv: dict, v: dict, area: QRectF) -> None:
        board = _board()
        cities = list(pv.get("cities") or [])
        cv_all = v.get("cities") or {}
        R = 48
        step = 2 * R + 30
        maxn = max(1, int(area.width() // step))
        self.add(area, lambda p, rc: self._section_label(p, rc, _("Cities (capital first)")), z=-1)
        for i, cid in enumerate(cities[:maxn]):
            city = board.cities.get(cid) if board else None
            cv = cv_all.get(cid) or {}
            level = cv.get("level", 1)
            gov = cv.get("governor")
            c = QPointF(area.left() + R + 8 + i * step, area.top() + R + 20)
            cname = L.city_name(cid)
            tip = [f"<b>{cname}</b>" + (" — " + _("capital") if i == 0 else "")]
            if city:
                for lv in (1, 2, 3):
                    sec = city.sector(lv)
                    line = _("Level {n}: {goods}, {coins}").format(
                        n=art.roman(lv), goods=", ".join(L.goods_name(g) for g in sec.goods),
                        coins=L.coins_text(sec.coins + (1 if i == 0 and city.kind == "capital" and False else 0)))
                    if sec.upgrade:
                        line += "; " + _("upgrade: {goods}").format(
                            goods=", ".join(L.goods_name(g) for g in sec.upgrade))
                    tip.append(("▶ " if lv == level else "") + line)

            def draw(p, rc, city=city, level=level, cname=cname, capital=(i == 0)):
                self._dial(p, rc.center() + QPointF(0, -8), R, city, level, capital)
                art.text(p, QRectF(rc.x() - 10, rc.bottom() - 22, rc.width() + 20, 20), cname,
                         art.fit_text(cname, 16, rc.width() + 16, True), art.INK, bold=True)
            self.add(QRectF(-R - 6, -R - 8, 2 * R + 12, 2 * R + 34), draw, pos=c, z=1,
                     targets=[f"city:{cid}"], key=f"token:{cid}", tooltip="<br>".join(tip),
                     texts=[cname, art.roman(level)], round_shape=False, radius=R)
            if gov:
                gname = L.card_name(gov)
                gr = QRectF(c.x() + R * .55, c.y() - R - 4, 34, 46)

                def gdraw(p, rc, gname=gname):
                    art.card_frame(p, rc, art.GOLD)
                    art.cross(p, QPointF(rc.center().x(), rc.y() + 15), 7, art.CRIMSON)
                    art.text(p, QRectF(rc.x() + 1, rc.y() + 24, rc.width() - 2, 20), _("Gov."), 10,
                             art.INK, bold=True)
                gi = self.add(QRectF(-17, -23, 34, 46), gdraw, pos=gr.center(), z=2,
                              targets=[f"card:{gov}"], key=f"gov:{cid}", radius=4,
                              tooltip=_("Governor of {city}").format(city=cname) + "<br>"
                              + self._card_tip(gov), texts=[gname])
                gi.card_id = gov
        if len(cities) > maxn:
            more = f"+{len(cities) - maxn}"
            self.add(QRectF(area.right() - 40, area.top() + 40, 40, 40),
                     lambda p, rc: art.text(p, rc, more, 20, art.INK, bold=True), z=1, texts=[more],
                     tooltip=", ".join(L.city_name(c) for c in cities[maxn:]))

    def _dial(self, p: QPainter, c: QPointF, R: float, city, level: int, capital: bool) -> None:
        """A city token: a disc with 3 sectors (levels I–III); the open one is on top."""
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
            mc = c + QPointF(math.cos(mid) * R * .55, -math.sin(mid) * R * .55)
            sec = city.sector(lv) if city is not None else None
            alpha = 1.0 if cur else .55
            p.setOpacity(alpha)
            if sec is not None:
                coins = sec.coins + (1 if capital and city.kind == "capital" else 0)
                art.coin(p, mc + QPointF(-7, -5), 9 if cur else 7, coins)
                gx = mc.x() + 6
                for g in sec.goods:
                    art.goods_token(p, QPointF(gx, mc.y() + 6), 5 if cur else 4, g)
                    gx += 10
            p.setOpacity(1)
            if cur:
                lr = QRectF(mc.x() - 14, mc.y() - R * .55 - 4, 28, 14)
                del lr
        # pointer notch at the top and the level numeral under it
        p.setPen(QPen(art.INK, 1.5))
        p.setBrush(art.GOLD)
        p.drawPolygon(QPolygonF([c + QPointF(-7, -R - 8), c + QPointF(7, -R - 8), c + QPointF(0, -R + 4)]))
        p.setBrush(art.PARCHMENT_LIGHT)
        p.drawEllipse(c, R * .26, R * .26)
        art.text(p, QRectF(c.x() - R * .3, c.y() - R * .3, R * .6, R * .6), art.roman(level), 13,
                 art.CRIMSON, bold=True)
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
            box = QRectF(rc.x(), rc.y() + 18, rc.width(), rc.height() - 20)
            p.setPen(QPen(art.INK_SOFT, 1.2))
            p.setBrush(QColor(120, 90, 50, 30))
            p.drawRoundedRect(box, 6, 6)
            if not toks:
                art.text(p, box, _("empty"), 14, art.INK_SOFT, italic=True)
            r = 15 if len(toks) <= 9 else 11
            for i, (colour, status) in enumerate(toks[:18]):
                art.goods_token(p, QPointF(box.x() + 8 + r + i * (2 * r + 6), box.center().y()), r,
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
            c = QPointF(area.left() + 24 + i * 44, area.top() + 48)
            self.add(QRectF(-21, -21, 42, 42),
                     lambda p, rc, o=o: self._order_token(p, rc.center(), 20, sid, o, False),
                     pos=c, z=1, round_shape=True, key=f"piece:order:{sid}:{o}:supply",
                     tooltip=L.order_name(o), texts=[L.order_name(o)])

    def _spies_buildings(self, sid: str, pv: dict, area: QRectF) -> None:
        spies = list(pv.get("spies") or [])
        builds = list(pv.get("buildings") or [])
        cw = min(84, (area.width() - 40) / 7 - 6)
        chh = area.height() - 22

        def lab(p, rc):
            self._section_label(p, QRectF(rc.x(), rc.y(), rc.width() * .42, 18), _("Spies"))
            self._section_label(p, QRectF(rc.x() + 3 * (cw + 6) + 24, rc.y(), rc.width() * .6, 18),
                                _("Buildings"))
        self.add(area, lab, z=-1)
        y = area.top() + 20
        for i in range(3):
            r = QRectF(area.left() + i * (cw + 6), y, cw, chh)
            s = spies[i] if i < len(spies) else None
            if s:
                it = self._card_item(r, s.get("card"), targets=[f"card:{s.get('card')}"],
                                     key=f"spy:{sid}:{i}")
                target = s.get("target")
                used = s.get("used")

                def over(p, rc, target=target, used=used):
                    if target:
                        art.piece(p, QPointF(rc.center().x(), rc.bottom() - 32), 13, target)
                    if used:
                        art.ban(p, QRectF(rc.right() - 30, rc.bottom() - 46, 26, 26))
                self.add(QRectF(-cw / 2, -chh / 2, cw, chh), over, pos=r.center(), z=it.zValue() + .1,
                         texts=[L.state_name(target)] if target else [],
                         tooltip=_("Spy against {state}").format(state=L.state_name(target))
                         + ("<br>" + _("Used this round") if used else ""))
            else:
                self._card_item(r, None, key=f"spy:{sid}:{i}", caption=_("spy"))
        bx = area.left() + 3 * (cw + 6) + 24
        for i in range(4):
            r = QRectF(bx + i * (cw + 6), y, cw, chh)
            bd = builds[i] if i < len(builds) else None
            if bd:
                it = self._card_item(r, bd.get("card"), targets=[f"card:{bd.get('card')}"],
                                     key=f"building:{sid}:{i}")
                if bd.get("used"):
                    self.add(QRectF(-cw / 2, -chh / 2, cw, chh),
                             lambda p, rc: art.ban(p, QRectF(rc.right() - 34, rc.bottom() - 40, 30, 30)),
                             pos=r.center(), z=it.zValue() + .1, tooltip=_("Used this round"))
            else:
                self._card_item(r, None, key=f"building:{sid}:{i}", caption=_("building"))

    def _hand(self, sid: str, pv: dict, own: bool, area: QRectF) -> None:
        def lab(p, rc):
            self._section_label(p, rc, _("Your hand") if own else _("Hand (hidden)"))
        self.add(area, lab, z=-1)
        y = area.top() + 20
        h = area.height() - 22
        if own:
            cards = [(c, "tactic") for c in pv.get("tactics") or []]
            cards += [(c, "rescript") for c in pv.get("rescripts") or []]
            cards += [(c, "spy") for c in pv.get("spies_hand") or []]
            if pv.get("bull"):
                cards.append((pv["bull"], "bull"))
            extra_w = 120
            n = max(1, len(cards))
            cw = min(h * .72, (area.width() - extra_w) / n - 6)
            for i, (cid, kind) in enumerate(cards):
                r = QRectF(area.left() + i * (cw + 6), y, cw, h)
                self._card_item(r, cid, targets=[f"card:{cid}"], key=f"hand:{sid}:{i}",
                                tip=f"<i>{L.card_kind_name(kind)}</i><br>" + self._card_tip(cid))
            infl = pv.get("influence")
            pdisc = pv.get("personal_discard", 0)
            lines = []
            if infl is not None:
                lines.append((_("Influence"), str(infl)))
            lines.append((_("Personal discard"), str(pdisc)))

            def idraw(p, rc):
                yy = rc.y()
                for a, b in lines:
                    art.text(p, QRectF(rc.x(), yy, rc.width(), 18), a, 13, art.INK_SOFT, italic=True)
                    art.text(p, QRectF(rc.x(), yy + 16, rc.width(), 28), b, 24, art.CRIMSON, bold=True)
                    yy += 48
            self.add(QRectF(area.right() - extra_w + 6, y, extra_w - 6, h), idraw, z=1,
                     texts=[x for ln in lines for x in ln],
                     tooltip=_("Influence is secret until the end of the game"))
        else:
            counts = [(_("Tactics"), pv.get("tactics", 0), None),
                      (_("Rescripts"), pv.get("rescripts", 0), "raven"),
                      (_("Spies in hand"), pv.get("spies_hand", 0), "spy"),
                      (_("Personal discard"), pv.get("personal_discard", 0), None)]
            cw = min(h * .68, 64)
            step = area.width() / len(counts)
            for i, (label, n, back) in enumerate(counts):
                n = len(n) if isinstance(n, list) else int(n or 0)
                r = QRectF(area.left() + i * step + (step - cw) / 2, y, cw, h - 22)
                self._card_item(r, None, face_down=True, back=back, count=n, caption=label,
                                key=f"hidden:{sid}:{i}",
                                tip=f"{label}: {n}")

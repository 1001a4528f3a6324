"""The state boards along the bottom of the table: one large (the viewer's, or the one
opened with a click) with the hand, the others compact beside it (their words as chips; a
click on one opens it large). Each board is a section of its own, reading only its
state's entry of the view: a board that stays another state's is not laid out again for
a new viewer (it may only move aside). What lies on a board: ``board_parts.py``."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFontMetricsF, QPen
from PySide6.QtWidgets import QGraphicsItem

from ....i18n import _
from ...seat_kinds import seat_label
from .. import art
from .. import components as COMP
from .. import labels as L
from .base import PANEL_WORDS_Z, R_BOARDS, Region, Section
from .board_parts import CITY_STEP, BoardParts

COMPACT_MAX_W, LARGE_MIN_W, BOARD_GAP = 560, 1380, 16


def board_title(sid: str, own: bool) -> str:
    """The name a state's board bears: the state's name, and "you" on the viewer's own."""
    return L.state_name(sid) + ("  · " + _("you") if own else "")


class StateBoards(Region):
    """The state boards: a section each."""

    def __init__(self, scene):
        super().__init__(scene)
        self.parts = BoardParts(self)
        self.expanded: str | None = None  # the board opened large with a click
        self._viewer: str | None = None  # who sees the boards (their last plan)

    def plan(self, v: dict, viewer: str | None) -> dict[str, Section]:
        if viewer != self._viewer:
            self.expanded = None  # a new reader sees their own board large
        self._viewer = viewer
        plan = {}
        for sid, rect, large in self._board_rects(v):
            # whose board it is to the viewer is an argument: a board that stays another
            # state's is not laid out again for a new viewer (it may only move aside)
            plan[f"board:{sid}"] = Section(self._board_panel, (sid, rect, large, sid == viewer), {
                "players": lambda pl, sid=sid: (pl or {}).get(sid),
                "seats": lambda se, sid=sid: (se or {}).get(sid),  # a bot's level and style
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

    def _board_rects(self, v: dict) -> list[tuple[str, QRectF, bool]]:
        """Where each state's board lies, and whether it is the large one: the viewer's (or
        the one the player opened with a click) large on the left, the others compact
        beside it."""
        states = list(v.get("states") or [])
        if not states:
            return []
        large = self.expanded if self.expanded in states else self._viewer
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
        if sid == self.expanded:
            return False
        self.expanded = sid
        return True

    def compact_board_at(self, v: dict, scene_pos: QPointF) -> str | None:
        """The state whose compact board lies under ``scene_pos`` (a click opens it)."""
        for sid, rect, large in self._board_rects(v):
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
        title = board_title(sid, own)
        sub = []
        if (v.get("seats") or {}).get(sid):  # a bot: its level and play style
            sub.append(seat_label(v["seats"][sid]))
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
            # then the nickname (both in the tooltip)
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
            self.parts.city_tokens(sid, pv, v, QRectF(inner_l, y, left_w, 150))
            orders_w = 4 * 52 + 8
            self.parts.warehouse(sid, pv, QRectF(inner_l, y + 156, left_w - orders_w - 12,
                                                 bottom - y - 156))
            self.parts.orders_supply(sid, pv, QRectF(inner_l + left_w - orders_w, y + 156,
                                                     orders_w, bottom - y - 156))
            # right: spies and buildings, and under them the hand (own) or its counts
            rx = inner_l + left_w + 20
            mid = y + (bottom - y) / 2
            self.parts.cards_row(sid, pv, own, QRectF(rx, y - 4, inner_r - rx, mid - y),
                                 QRectF(rx, mid + 2, inner_r - rx, bottom - mid - 2))
            return
        # compact: resources under the name, then chips (cities, buildings, spies, hand)
        y = rect.top() + 68
        self.add(QRectF(inner_l, y, inner_r - inner_l, 44),
                 lambda p, rc: rdraw(p, rc, art.INK), z=1, texts=[coins, units, btxt],
                 tooltip=restip, key=f"resources:{sid}")
        self.parts.compact_chips(sid, pv, v, QRectF(inner_l, y + 50, inner_r - inner_l,
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

"""What lies on a state's board: on the large board its city tokens (a dial of three
levels each, a governor's card, the Homs card), its warehouse, the orders in its supply,
its spies, buildings and hand; on a compact board the same in a few words, as chips."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF

from ....i18n import _
from .. import art
from .. import labels as L
from .base import game_board, section_label
from .cards import NAME_FOOT, NAME_SIDE, NAME_TOP

if TYPE_CHECKING:
    from .base import Region

CITY_R, CITY_STEP = 40, 150  # a city token on the large board and the room it takes


def dial(p: QPainter, c: QPointF, R: float, city, level: int, capital: bool) -> None:
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


class BoardParts:
    """The parts of the state boards, laid with the kit of their region."""

    def __init__(self, region: Region):
        self.add = region.add
        self.cards = region.cards

    def city_tokens(self, sid: str, pv: dict, v: dict, area: QRectF) -> None:
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
                dial(p, QPointF(rc.center().x(), rc.top() + R + 8), R, city, level, capital)
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
                              + self.cards.tip(gov), texts=[gname])
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
                      tooltip=self.cards.tip("homs_card")
                      + ("<br>" + _("Used this round") if used else ""))
        it.card_id = "homs_card"

    def warehouse(self, sid: str, pv: dict, area: QRectF) -> None:
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
            section_label(p, rc, _("Warehouse"))
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

    def orders_supply(self, sid: str, pv: dict, area: QRectF) -> None:
        orders = list(pv.get("orders") or [])

        def draw(p, rc):
            section_label(p, rc, _("Orders in supply"))
        self.add(area, draw, z=-1)
        for i, o in enumerate(orders):
            c = QPointF(area.left() + 26 + (i % 4) * 52, area.top() + 62 + (i // 4) * 52)
            self.add(QRectF(-23, -23, 46, 46),
                     lambda p, rc, o=o: art.order_token(p, rc.center(), 22, sid, o, False),
                     pos=c, z=1, round_shape=True, key=f"piece:order:{sid}:{o}:supply",
                     tooltip=L.order_name(o), texts=[L.order_name(o)])

    def cards_row(self, sid: str, pv: dict, own: bool, area: QRectF, hand_area: QRectF) -> None:
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
                section_label(p, QRectF(x, rc.y(), right - x - 4, 30), s)
        self.add(QRectF(area.left(), area.top(), area.width(), 30), lab, z=-1,
                 texts=[s for _x, s in labels])
        hand_label = _("Your hand") if own else _("Hand (hidden)")
        self.add(QRectF(hand_area.left(), hand_area.top(), hand_area.width(), 30),
                 lambda p, rc: section_label(p, rc, hand_label), z=-1, texts=[hand_label])
        for i in range(3):
            r = QRectF(area.left() + i * (cw + gap), y, cw, chh)
            s = spies[i] if i < len(spies) else None
            if s:
                it = self.cards.item(r, s.get("card"), targets=[f"card:{s.get('card')}"],
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
                self.cards.item(r, None, key=f"spy:{sid}:{i}", caption=_("spy"))
        bx = area.left() + 3 * (cw + gap) + ggap
        for i in range(4):
            r = QRectF(bx + i * (cw + gap), y, cw, chh)
            bd = builds[i] if i < len(builds) else None
            if bd:
                it = self.cards.item(r, bd.get("card"), targets=[f"card:{bd.get('card')}"],
                                     key=f"building:{sid}:{i}")
                if bd.get("used"):
                    self.add(QRectF(-cw / 2, -chh / 2, cw, chh),
                             lambda p, rc: art.ban(p, QRectF(rc.left() + 6, rc.bottom() - 58, 26, 26)),
                             pos=r.center(), z=it.zValue() + .1, tooltip=_("Used this round"))
            else:
                self.cards.item(r, None, key=f"building:{sid}:{i}", caption=_("building"))
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
            self.chips(QRectF(hand_x, y, hand_area.right() - hand_x, chh), chips)
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
            self.cards.item(r, cid, targets=[f"card:{cid}"], key=f"hand:{sid}:{i}",
                            tip=f"<i>{L.card_kind_name(kind)}</i><br>" + self.cards.tip(cid))

    # --- a compact board: chips of words, each a target like the piece it stands for --------

    def compact_chips(self, sid: str, pv: dict, v: dict, area: QRectF) -> None:
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
                              key=f"building:{sid}:{i}", card=cid, tip=self.cards.tip(cid),
                              fill=QColor("#fbf3dc"), used=bool(bd.get("used"))))
        for i, s in enumerate(pv.get("spies") or []):
            cid = s.get("card")
            tgt = s.get("target")
            txt = L.card_name(cid) + (f" → {L.state_name(tgt)}" if tgt else "")
            chips.append(dict(text=txt, targets=[f"card:{cid}"], key=f"spy:{sid}:{i}", card=cid,
                              tip=self.cards.tip(cid), fill=QColor("#e9dcc4"),
                              used=bool(s.get("used"))))
        if v.get("homs_card") == sid:
            used = bool(pv.get("homs_used"))
            chips.append(dict(text=_("Homs card"), targets=["card:homs_card"], key="homs_card",
                              card="homs_card", tip=self.cards.tip("homs_card"),
                              fill=QColor("#dbe8c9"), used=used))
        counts = [(_("Tactics"), pv.get("tactics", 0)), (_("Rescripts"), pv.get("rescripts", 0)),
                  (_("Spies in hand"), pv.get("spies_hand", 0)),
                  (_("Personal discard"), pv.get("personal_discard", 0))]
        for i, (label, n) in enumerate(counts):
            n = len(n) if isinstance(n, list) else int(n or 0)
            chips.append(dict(text=f"{label} {n}", key=f"hidden:{sid}:{i}",
                              tip=f"{label}: {n}", fill=QColor(109, 32, 25, 40)))
        self.chips(area, chips)

    def chips(self, area: QRectF, chips: list[dict]) -> None:
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

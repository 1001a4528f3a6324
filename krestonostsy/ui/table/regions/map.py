"""The map of the Levant: its painted ground (sea, rivers, mountains, desert), the roads,
and each city — a section of its own, laid out again only when its own entry of the view
changes — with its walls, units, goods and bishops."""
from __future__ import annotations

import random

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFontMetricsF,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
)

from ....i18n import _
from .. import art
from .. import labels as L
from .base import R_MAP, Region, Section, game_board

MAP_ORIGIN = QPointF(35, 205)  # map space (0..1000, 0..800) → scene
MAP_SCALE = 0.93
# a city's item reaches lower than higher (its name's ribbon): its disc lies this far below
# the city's point
CITY_DISC_DY = 11


def map_point(xy) -> QPointF:
    """The scene's point of the map's point ``xy`` (a city's position)."""
    return QPointF(MAP_ORIGIN.x() + xy[0] * MAP_SCALE, MAP_ORIGIN.y() + xy[1] * MAP_SCALE)


def walls_shield(disc: QPointF, r: float) -> QRectF:
    """The shield with a city's level, at the top left of its disc of radius ``r``."""
    return QRectF(disc.x() - r - 16, disc.y() - r - 10, 40, 46)


def draw_map_bg(p: QPainter, rc: QRectF) -> None:
    art.panel(p, rc)
    inner = rc.adjusted(14, 14, -14, -14)
    p.save()
    clip = QPainterPath()
    clip.addRoundedRect(inner, 8, 8)
    p.setClipPath(clip)
    # desert wash to the east
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
        coast.lineTo(QPointF(MAP_ORIGIN.x() + (x - 60) * MAP_SCALE, MAP_ORIGIN.y() + y * MAP_SCALE))
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
    orontes = QPainterPath(map_point((430, 600)))
    orontes.cubicTo(map_point((460, 470)), map_point((420, 360)), map_point((440, 230)))
    orontes.cubicTo(map_point((450, 160)), map_point((330, 110)), map_point((150, 130)))
    p.drawPath(orontes)
    euph = QPainterPath(map_point((1000, 40)))
    euph.cubicTo(map_point((880, 120)), map_point((900, 260)), map_point((960, 330)))
    euph.cubicTo(map_point((990, 380)), map_point((1000, 420)), map_point((1010, 470)))
    p.drawPath(euph)
    jordan = QPainterPath(map_point((560, 590)))
    jordan.cubicTo(map_point((600, 650)), map_point((580, 720)), map_point((640, 800)))
    p.drawPath(jordan)
    # mountains (Lebanon range) and desert stipple
    p.setPen(QPen(art.INK_SOFT, 1.6))
    for (x, y) in ((230, 300), (250, 335), (300, 455), (320, 490), (455, 615), (480, 650),
                   (350, 80), (395, 95), (150, 520), (660, 95)):
        c = map_point((x, y))
        path = QPainterPath(c + QPointF(-16, 8))
        path.lineTo(c + QPointF(-3, -12))
        path.lineTo(c + QPointF(4, -2))
        path.lineTo(c + QPointF(9, -9))
        path.lineTo(c + QPointF(20, 8))
        p.setBrush(QColor(200, 175, 130, 120))
        p.drawPath(path)
        p.drawLine(c + QPointF(-3, -12), c + QPointF(0, 6))
    rnd = random.Random(5)
    p.setPen(QPen(QColor(140, 100, 50, 110), 2))
    for _k in range(260):
        x, y = rnd.uniform(760, 1000), rnd.uniform(230, 780)
        if abs(x - 820) < 60 and abs(y - 400) < 60:
            continue
        p.drawPoint(map_point((x, y)))
    # compass rose and cartouche
    art.icon(p, "compass", QRectF(inner.right() - 150, inner.bottom() - 150, 130, 130), .85)
    cart = QRectF(inner.left() + 14, inner.top() + 12, 210, 58)
    p.setPen(QPen(art.INK, 1.5))
    p.setBrush(QColor(246, 236, 210, 235))
    p.drawRoundedRect(cart, 6, 6)
    # the cartouche only dresses the map: its words are decorative
    art.text(p, cart.adjusted(0, 2, 0, -20), _("The Levant"), 26, art.INK, bold=True, caps=True,
             decorative=True)
    art.text(p, cart.adjusted(0, 32, 0, 0), _("Anno Domini 1100"), 14, art.INK_SOFT, italic=True,
             decorative=True)
    p.restore()


def ribbon_aside(cid: str, c: QPointF, name_w: float, r: float) -> float:
    """How far city ``cid``'s name ribbon moves sideways so that no other city's walls
    shield covers the end of the name (on this map Antioch's ribbon meets Apamea's
    shield, Apamea's Homs', Damascus' Jerusalem's: the longer the name, the more)."""
    board = game_board()
    if board is None:
        return 0.0
    disc = QPointF(c.x(), c.y() + CITY_DISC_DY)
    ribbon = QRectF(disc.x() - name_w / 2, disc.y() + r - 6, name_w, 34)
    for other, city in board.cities.items():
        if other == cid:
            continue
        o = map_point(city.position)
        shield = walls_shield(QPointF(o.x(), o.y() + CITY_DISC_DY), r)
        if shield.intersects(ribbon):
            if shield.center().x() >= ribbon.center().x():
                return -(ribbon.right() - shield.left() + 3)
            return shield.right() - ribbon.left() + 3
    return 0.0


class Map(Region):
    """The map's ground and roads (a section), and each city (a section each)."""

    def plan(self, v: dict, viewer: str | None) -> dict[str, Section]:
        board = game_board()
        if board is None:
            return {"map": Section(self._map)}
        # the map's roads show of the cities only which are out of the game; each city is
        # its own section, reading only its own entry
        plan = {"map": Section(self._map, (), {"cities": lambda cs: sorted(
            c for c, cv in (cs or {}).items() if (cv or {}).get("removed"))})}
        for cid in board.cities:
            plan[f"city:{cid}"] = Section(self._city, (cid,), {
                "cities": lambda cs, cid=cid: (cs or {}).get(cid)})
        return plan

    def _map(self, v: dict) -> None:
        board = game_board()
        cities_v = v.get("cities") or {}
        if board is None:
            return
        self.add(R_MAP, draw_map_bg, z=-10, key="map")
        # roads
        drawn = set()
        for a, ns in board.adjacency.items():
            for b in ns:
                if (b, a) in drawn:
                    continue
                drawn.add((a, b))
                pa, pb = map_point(board.cities[a].position), map_point(board.cities[b].position)
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

    def _city(self, v: dict, cid: str) -> None:
        """One city of the map: a section of its own (``_plan``), laid out again only when
        its own entry of the view changes — a march redraws the two cities it touches, not
        the fourteen."""
        city = game_board().cities[cid]
        cv = (v.get("cities") or {}).get(cid) or {}
        c = map_point(city.position)
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
        name_w = QFontMetricsF(art.font(art.MIN_TEXT, bold=True)).horizontalAdvance(name) + 18
        name_dx = ribbon_aside(cid, c, name_w, R)

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
            sh = walls_shield(cc, R)
            path = QPainterPath(QPointF(sh.left(), sh.top()))
            path.lineTo(sh.right(), sh.top())
            path.lineTo(sh.right(), sh.top() + sh.height() * .55)
            path.quadTo(sh.right(), sh.bottom(), sh.center().x(), sh.bottom())
            path.quadTo(sh.left(), sh.bottom(), sh.left(), sh.top() + sh.height() * .55)
            path.closeSubpath()
            p.setPen(QPen(art.INK, 1.8))
            p.setBrush(QColor("#4c8a38") if cid == "homs" else QColor("#cbbd9c"))
            p.drawPath(path)
            art.text(p, sh.adjusted(0, -2, 0, -4), art.roman(level), art.MIN_TEXT,
                     art.PARCHMENT_LIGHT if cid == "homs" else art.INK, bold=True)
            # name ribbon
            nr = QRectF(cc.x() - name_w / 2 + name_dx, cc.y() + R - 6, name_w, 34)
            rib = QPainterPath()
            rib.addRoundedRect(nr, 5, 5)
            p.setPen(QPen(art.INK, 1.4))
            p.setBrush(QColor(246, 236, 210, 240))
            p.drawPath(rib)
            art.text(p, nr, name, art.MIN_TEXT, art.INK, bold=True)
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

        self.add(QRectF(c.x() - R - 16, c.y() - R - 12, 2 * R + 32, 2 * R + 46).translated(-c),
                 draw, pos=c, z=1, targets=[] if removed else [f"city:{cid}"], key=f"city:{cid}",
                 tooltip="<br>".join(tip), texts=texts, round_shape=False, radius=R)
        # bishops: separate items above the city (each may be a target)
        bishops = [] if removed else list(cv.get("bishops") or [])
        for k, b in enumerate(bishops):
            owner, lvl, no = b.get("owner"), b.get("level"), b.get("no")
            bx = c.x() + 18 + k * 30  # a row above the city's top right, beside the walls
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
                    art.text(p, QRectF(rc.x(), rc.y() + rc.height() * .575 - 13, rc.width(), 26),
                             art.roman(lvl), art.MIN_TEXT, art.state_ink(owner), bold=True,
                             halo=art.state_colour(owner))
            self.add(QRectF(-16, -19, 32, 38), bdraw, pos=(bx, by), z=2,
                     targets=[f"bishop:{no}"], key=f"bishop:{no}", tooltip=btip, texts=btexts,
                     radius=6)

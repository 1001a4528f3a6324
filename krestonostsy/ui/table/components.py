"""The campaign on the table (issue 11): each scenario component drawn from its view, the
terrain of each city (the advanced mode) and the nicknames on the state boards.

A scenario component is ``view["components"][kind]`` (its engine module's ``view`` hook,
``engine/components/<kind>.py``); :data:`DRAWERS` names, per kind, what the table draws
of it — one entry per kind the engine plays (``engine.components.COMPONENTS``, a test
holds them equal):

* ``board``: its own board in the **scenario strip** — the strip under the markets that
  the battle board takes during a battle (between battles it only says "no battle");
* ``on_map``: its marks on the map (the trade board's harbours, the warlord's piece).

The scene (``scene.py``) calls :func:`draw_strip` and :func:`draw_map_marks` as two
sections of its own, and asks :func:`takes_strip` whether the battle board steps aside.
Nothing here decides a rule: the numbers a tooltip explains come from the scenario's
data (``Scenario.components``, read by ``content/components/``) and the view.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF

from ...content.text import REPUBLIC_NAMES, TERRAIN_NAMES
from ...i18n import N_, _, ngettext
from . import art
from . import labels as L

# --- the registry ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Drawer:
    """What the table draws of one kind of component: its board in the scenario strip
    (``board(scene, part, view, rect)``) and its marks on the map (``on_map(scene, part,
    view)``); ``title``: the board's title (a msgid)."""

    title: str
    board: Callable | None = None
    on_map: Callable | None = None


def _parts(v: dict) -> list[tuple[str, dict, Drawer]]:
    comps = v.get("components") or {}
    return [(kind, comps[kind], d) for kind, d in DRAWERS.items() if kind in comps]


def takes_strip(v: dict) -> bool:
    """Does a component lie in the scenario strip now? Between battles, when the view has
    a component with a board of its own."""
    return not v.get("battle") and any(d.board for _k, _p, d in _parts(v))


def draw_strip(scene, v: dict, rect: QRectF) -> None:
    """The boards of the view's components side by side in ``rect`` (between battles)."""
    if not takes_strip(v):
        return
    boards = [(kind, part, d) for kind, part, d in _parts(v) if d.board]
    w = (rect.width() - 12 * (len(boards) - 1)) / len(boards)
    for i, (_kind, part, d) in enumerate(boards):
        sub = QRectF(rect.left() + i * (w + 12), rect.top(), w, rect.height())
        body = scene.add_panel(sub, _(d.title), title_size=art.MIN_TEXT)
        d.board(scene, part, v, body)


def draw_map_marks(scene, v: dict) -> None:
    """What the campaign adds to the map: each city's terrain in a game with the terrain
    rule (the advanced mode), and each component's marks."""
    if "terrain" in (v.get("hooks") or ()):
        _terrain(scene, v)
    for _kind, part, d in _parts(v):
        if d.on_map:
            d.on_map(scene, part, v)


def _city_centre(scene, cid: str) -> QPointF | None:
    board = L._content().board if L._content() is not None else None
    city = board.cities.get(cid) if board is not None else None
    return scene._mp(city.position) if city is not None else None


CITY_R = 46  # the radius of a city on the map (scene._city)


# --- terrain (CAMP-10, the advanced mode) -----------------------------------------------------

TERRAIN_EFFECTS = {
    "harbour": N_("A state defending it gets +1 (supplied by sea); the Saracens do not."),
    "rivers": N_("The attacker's enhanced-march bonus is +1 instead of +2 (the crossing)."),
    "forests": N_("The attacker −1 unless it holds a city next to it."),
    "mountains": N_("The defender +1."),
    "deserts": N_("The attacker −1 when the Saracens defend it."),
}
"""What each terrain does to the battle for a city (engine/hooks/terrain.py, docs §5)."""


def terrain_glyph(p: QPainter, c: QPointF, r: float, terrain: str) -> None:
    """A terrain's sign on a round parchment badge of radius ``r``: an anchor (harbour),
    waves (rivers), a tree (forests), peaks (mountains), a dune and the sun (deserts).
    Each differs by its outline as well as its colour (colour-blind safe)."""
    p.save()
    p.setPen(QPen(art.INK, 1.6))
    p.setBrush(QColor("#f6ecd2"))
    p.drawEllipse(c, r, r)
    ink = {"harbour": QColor("#234e70"), "rivers": QColor("#2f6f8f"),
           "forests": QColor("#2f5d2a"), "mountains": QColor("#5b4a3a"),
           "deserts": QColor("#a8641c")}.get(terrain, art.INK)
    pen = QPen(ink, max(1.6, r * .14), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
               Qt.PenJoinStyle.RoundJoin)
    p.setPen(pen)
    p.setBrush(Qt.BrushStyle.NoBrush)
    s = r * .62
    if terrain == "harbour":  # an anchor
        p.drawLine(c + QPointF(0, -s), c + QPointF(0, s * .9))
        p.drawEllipse(c + QPointF(0, -s * 1.05), s * .22, s * .22)
        p.drawLine(c + QPointF(-s * .45, -s * .45), c + QPointF(s * .45, -s * .45))
        arc = QPainterPath(c + QPointF(-s * .85, s * .2))
        arc.quadTo(c + QPointF(-s * .6, s * 1.0), c + QPointF(0, s * .9))
        arc.quadTo(c + QPointF(s * .6, s * 1.0), c + QPointF(s * .85, s * .2))
        p.drawPath(arc)
    elif terrain == "rivers":  # three waves
        for k in (-1, 0, 1):
            y = c.y() + k * s * .6
            w = QPainterPath(QPointF(c.x() - s, y))
            w.cubicTo(QPointF(c.x() - s * .5, y - s * .35), QPointF(c.x() - s * .2, y + s * .35),
                      QPointF(c.x() + s * .2, y))
            w.cubicTo(QPointF(c.x() + s * .5, y - s * .35), QPointF(c.x() + s * .8, y + s * .3),
                      QPointF(c.x() + s, y))
            p.drawPath(w)
    elif terrain == "forests":  # a fir tree
        p.setBrush(ink)
        p.drawPolygon(QPolygonF([c + QPointF(0, -s * 1.05), c + QPointF(s * .75, s * .45),
                                 c + QPointF(-s * .75, s * .45)]))
        p.drawLine(c + QPointF(0, s * .45), c + QPointF(0, s * 1.0))
    elif terrain == "mountains":  # two peaks
        p.setBrush(QColor(ink.red(), ink.green(), ink.blue(), 70))
        p.drawPolygon(QPolygonF([c + QPointF(-s * 1.05, s * .75), c + QPointF(-s * .3, -s * .75),
                                 c + QPointF(s * .15, s * .05), c + QPointF(s * .45, -s * .35),
                                 c + QPointF(s * 1.05, s * .75)]))
    elif terrain == "deserts":  # the sun over a dune
        p.drawEllipse(c + QPointF(s * .35, -s * .45), s * .32, s * .32)
        dune = QPainterPath(c + QPointF(-s * 1.0, s * .7))
        dune.quadTo(c + QPointF(-s * .2, -s * .15), c + QPointF(s * 1.0, s * .7))
        p.drawPath(dune)
    p.restore()


def _terrain(scene, v: dict) -> None:
    """Each city's terrain as a badge at its left, below the walls; the tooltip says what
    the terrain does to the battle for it."""
    content = L._content()
    if content is None:
        return
    cities_v = v.get("cities") or {}
    r = 17
    for cid, city in content.board.cities.items():
        terrain = getattr(city, "terrain", None)
        if not terrain or (cities_v.get(cid) or {}).get("removed"):
            continue
        c = scene._mp(city.position) + QPointF(-CITY_R - 8, 14)
        name = _(TERRAIN_NAMES.get(terrain, terrain))
        tip = (f"<b>{L.city_name(cid)}: {name}</b><br>"
               + _("Terrain (advanced mode) — in a battle for this city:") + "<br>"
               + _(TERRAIN_EFFECTS.get(terrain, "")) + "<br><i>"
               + _("Raids ignore terrain.") + "</i>")
        scene.add(QRectF(-r - 1, -r - 1, 2 * r + 2, 2 * r + 2),
                  lambda p, rc, terrain=terrain: terrain_glyph(p, rc.center(), r, terrain),
                  pos=c, z=2.5, round_shape=True, key=f"terrain:{cid}", tooltip=tip,
                  texts=[name])


# --- nicknames (CAMP-04/05) -------------------------------------------------------------------

def nickname(v: dict, sid: str) -> tuple[str, str] | None:
    """The nickname state ``sid`` carries in this game (``view["nicknames"]``) as (the
    words under its name, the tooltip: the quality that earned it and its advantage), or
    None."""
    nid = (v.get("nicknames") or {}).get(sid)
    if not nid:
        return None
    from ...campaign.data import shipped_campaign
    try:
        data = shipped_campaign()
        nick = next(n for n in data.nicknames if n.id == nid)
    except Exception:  # a nickname the shipped campaign does not know: its id, readable
        return L.humanise(nid), ""
    words = _(nick.name)
    quality = _(data.quality_names.get(nick.quality, nick.quality))
    try:
        scenario = _(data.scenario(nick.scenario).name)
    except KeyError:
        scenario = nick.scenario
    gains = [_ADVANTAGE_WORDS[k](n) for k, n in
             (data.nickname_advantage.get(nick.quality) or {}).items() if k in _ADVANTAGE_WORDS]
    tip = [_("Nickname «{name}»").format(name=words),
           _("Earned in «{scenario}» for its {quality}").format(scenario=scenario,
                                                                quality=quality.lower())]
    if gains:
        tip.append(_("Its advantage at the start of this scenario: {gains}").format(
            gains=", ".join(gains)))
    return words, "<br>".join(tip)


_ADVANTAGE_WORDS = {
    "coins": lambda n: ngettext("+{n} coin", "+{n} coins", n).format(n=n),
    "units": lambda n: ngettext("+{n} unit in the capital", "+{n} units in the capital",
                                n).format(n=n),
    "sanctity": lambda n: ngettext("+{n} sanctity cell", "+{n} sanctity cells", n).format(n=n),
    "influence": lambda n: _("+{n} influence").format(n=n),
}


# --- the trade board («Левантийские торговцы», CAMP-S2-01..04) -------------------------------

REPUBLIC_FLAGS = {  # (field, cross/emblem): Genoa's St George, Pisa's cross, Venice's gold
    "genoa": (QColor("#f4efe2"), QColor("#b3262a")),
    "pisa": (QColor("#b3262a"), QColor("#f4efe2")),
    "venice": (QColor("#7a1b22"), QColor("#e3c15f")),
}


def _flag(p: QPainter, rect: QRectF, republic: str) -> None:
    """A republic's pennant: a swallow-tailed flag with its cross (Venice: a gold disc)."""
    field, mark = REPUBLIC_FLAGS.get(republic, (art.PARCHMENT_LIGHT, art.INK))
    p.save()
    path = QPainterPath(rect.topLeft())
    path.lineTo(rect.topRight())
    path.lineTo(rect.right() - rect.width() * .25, rect.center().y())
    path.lineTo(rect.bottomRight())
    path.lineTo(rect.bottomLeft())
    path.closeSubpath()
    p.setPen(QPen(art.INK, 1.4))
    p.setBrush(field)
    p.drawPath(path)
    p.setClipPath(path)
    p.setPen(QPen(mark, rect.height() * .22))
    cx = rect.left() + rect.width() * .36
    if republic == "venice":
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(mark)
        p.drawEllipse(QPointF(cx, rect.center().y()), rect.height() * .28, rect.height() * .28)
    else:
        p.drawLine(QPointF(cx, rect.top()), QPointF(cx, rect.bottom()))
        p.drawLine(QPointF(rect.left(), rect.center().y()),
                   QPointF(rect.right(), rect.center().y()))
    p.restore()


def _trade_spec(v: dict):
    """The trade board's data (``content.components.trade_board.TradeBoard``) of the shown
    game, or None when the shown content is another scenario's."""
    content = L._content()
    scenario = getattr(content, "scenario", None) if content is not None else None
    return (getattr(scenario, "components", None) or {}).get("trade_board")


def republic_name(republic: str) -> str:
    return _(REPUBLIC_NAMES[republic]) if republic in REPUBLIC_NAMES else L.humanise(republic)


def trade_explained(spec) -> str:
    """How trade works, from the scenario's data (the tooltip of the trade board)."""
    if spec is None:
        return ""
    harbours = ", ".join(L.city_name(c) for c in spec.harbours)
    values = ", ".join(str(n) for n in spec.influence)
    return "<br>".join([
        _("At the start of every Income phase, in turn order, each state may sell one ready "
          "good per harbour city it holds ({harbours}) to a republic that buys that colour, "
          "and climbs that republic's track one cell.").format(harbours=harbours),
        ngettext("The fleets pay: the leader of each track (the highest cell, at least 1; "
                 "tied leaders all) gains {n} coin at each Income.",
                 "The fleets pay: the leader of each track (the highest cell, at least 1; "
                 "tied leaders all) gains {n} coins at each Income.", spec.income)
        .format(n=spec.income),
        _("Trade privileges: at the end every marker is worth influence by its cell: "
          "{values}.").format(values=values)])


def _trade_board(scene, part: dict, v: dict, body: QRectF) -> None:
    """Three tracks, one per republic: its pennant, name and the goods it buys, then the
    cells 0..N, each with the influence it is worth at the end, and every state's marker
    (its colour and, colour-blind, its shape); the leaders (paid at each Income) ringed
    in gold."""
    spec = _trade_spec(v)
    tracks = part.get("tracks") or {}
    republics = list(spec.republics) if spec is not None else list(tracks)
    ncells = (spec.cells if spec is not None else
              max([1, *(int(c) for t in tracks.values() for c in t.values())])) + 1
    worth = list(spec.influence) if spec is not None else [0] * ncells
    explained = trade_explained(spec)
    states = [s for s in (v.get("states") or []) if any(s in t for t in tracks.values())]
    rows = max(1, len(republics))
    row_h = (body.height() - 4) / rows
    label_w = 205
    cw = (body.width() - label_w - 8) / ncells
    for k, rep in enumerate(republics):
        y = body.top() + 2 + k * row_h
        cells = {s: int(c) for s, c in (tracks.get(rep) or {}).items()}
        top = max(cells.values(), default=0)
        leaders = [s for s, c in cells.items() if c == top and top >= 1]
        buys = list(spec.republics[rep]) if spec is not None else []
        name = republic_name(rep)
        tip = [f"<b>{name}</b>"]
        if buys:
            tip.append(_("Buys: {goods}").format(goods=", ".join(L.goods_name(g) for g in buys)))
        for s in states:
            tip.append(_("{state}: cell {n}").format(state=L.state_name(s), n=cells.get(s, 0)))
        tip.append(_("Leader: {states}").format(states=", ".join(L.state_name(s) for s in leaders))
                   if leaders else _("No leader yet (a leader needs cell 1 or more)"))
        if explained:
            tip.append("<br>" + explained)

        def ldraw(p, rc, rep=rep, name=name, buys=tuple(buys)):
            _flag(p, QRectF(rc.x() + 2, rc.y() + 6, 34, 24), rep)
            art.text(p, QRectF(rc.x() + 42, rc.y(), rc.width() - 42, 34), name, art.MIN_TEXT,
                     art.INK, bold=True,
                     align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            gx = rc.x() + 52
            for g in buys:
                art.goods_token(p, QPointF(gx, rc.y() + 48), 10, g)
                gx += 26
        scene.add(QRectF(body.left() + 2, y, label_w - 6, row_h - 4), ldraw, z=-1,
                  key=f"trade:{rep}", tooltip="<br>".join(tip), texts=[name])
        for i in range(ncells):
            rect = QRectF(body.left() + label_w + i * cw + 2, y, cw - 4, row_h - 4)
            value = worth[i] if i < len(worth) else 0
            here = [s for s in states if cells.get(s, 0) == i]
            ctip = _("{republic}, cell {n}").format(republic=name, n=i) + "<br>" + ngettext(
                "At the end: worth {n} influence", "At the end: worth {n} influence",
                value).format(n=value)
            if here:
                ctip += "<br>" + ", ".join(L.state_name(s) for s in here)
            texts = [str(i)] + ([f"+{value}"] if value else [])

            def cdraw(p, rc, i=i, value=value):
                p.setPen(QPen(art.INK, 1.2))
                p.setBrush(QColor("#f3e2b0") if value else art.PARCHMENT_LIGHT)
                p.drawRoundedRect(rc, 6, 6)
                art.text(p, QRectF(rc.x() + 6, rc.y() + 1, 40, 28), str(i), art.MIN_TEXT,
                         art.INK_SOFT, bold=True, align=Qt.AlignmentFlag.AlignLeft)
                if value:
                    art.text(p, QRectF(rc.right() - 58, rc.y() + 1, 52, 28), f"+{value}",
                             art.MIN_TEXT, art.CRIMSON, bold=True,
                             align=Qt.AlignmentFlag.AlignRight)
            scene.add(rect, cdraw, z=-2, key=f"trade:{rep}:{i}", tooltip=ctip, texts=texts)
            step = min(31.0, (rect.width() - 6) / max(1, len(here)))
            x0 = rect.center().x() - step * (len(here) - 1) / 2
            for j, s in enumerate(here):
                lead = s in leaders
                mtip = _("{state}: trade marker of {republic}, cell {n}").format(
                    state=L.state_name(s), republic=name, n=i)
                if lead:
                    mtip += "<br>" + ngettext("Leader: paid {n} coin at each Income",
                                              "Leader: paid {n} coins at each Income",
                                              spec.income if spec else 0).format(
                        n=spec.income if spec else 0)

                def mdraw(p, rc, s=s, lead=lead):
                    if lead:
                        p.setPen(QPen(art.GOLD, 3.5))
                        p.setBrush(QColor(227, 193, 95, 120))
                        p.drawEllipse(rc.center(), 16.5, 16.5)
                    art.piece(p, rc.center(), 13, s)
                scene.add(QRectF(-18, -18, 36, 36), mdraw,
                          pos=QPointF(x0 + j * step, rect.bottom() - 20), z=1, round_shape=True,
                          key=f"piece:trade:{rep}:{s}", tooltip=mtip, texts=[L.state_name(s)])


def _harbour_glyph(p: QPainter, c: QPointF, r: float) -> None:
    """A trade harbour on the map: a ship's sail on a blue badge (the Italian fleets)."""
    p.save()
    p.setPen(QPen(art.INK, 1.6))
    p.setBrush(QColor("#2f5c9e"))
    p.drawEllipse(c, r, r)
    p.setPen(QPen(art.PARCHMENT_LIGHT, 1.6))
    p.setBrush(art.PARCHMENT_LIGHT)
    p.drawPolygon(QPolygonF([c + QPointF(-r * .1, -r * .7), c + QPointF(-r * .1, r * .2),
                             c + QPointF(r * .55, r * .2)]))
    hull = QPainterPath(c + QPointF(-r * .65, r * .32))
    hull.lineTo(c + QPointF(r * .65, r * .32))
    hull.lineTo(c + QPointF(r * .38, r * .62))
    hull.lineTo(c + QPointF(-r * .38, r * .62))
    hull.closeSubpath()
    p.drawPath(hull)
    p.restore()


def _trade_harbours(scene, part: dict, v: dict) -> None:
    """The harbours on the map: a ship badge at the lower right of each city whose holder
    may trade there at each Income."""
    spec = _trade_spec(v)
    if spec is None:
        return
    r = 15
    for cid in spec.harbours:
        c = _city_centre(scene, cid)
        if c is None:
            continue
        tip = (f"<b>{L.city_name(cid)}</b> — " + _("a harbour of the Italian fleets") + "<br>"
               + _("Its holder may sell one good here at each Income (the trade board)."))
        scene.add(QRectF(-r - 1, -r - 1, 2 * r + 2, 2 * r + 2),
                  lambda p, rc: _harbour_glyph(p, rc.center(), r),
                  pos=c + QPointF(CITY_R + 10, 34), z=2.5, round_shape=True,
                  key=f"harbour:{cid}", tooltip=tip, texts=[])


# --- oaths («Вассал моего вассала», CAMP-S3-01/02) --------------------------------------------

def _oaths(scene, part: dict, v: dict, body: QRectF) -> None:
    """The viewer's oath cards (with their text, as every card), then the oaths sworn —
    each a row «lord ← oath card ← vassal» in their colours —, the oaths broken and the
    regencies; the other states' hands as counts."""
    viewer = scene.viewer
    hands = part.get("hands") or {}
    own = hands.get(viewer) if isinstance(hands.get(viewer), list) else None
    offer = _offered_oath(v)
    if offer:  # the card on offer lies face up on the board, with its text, while it is
        _offer(scene, offer, viewer, body)  # answered; the board comes back after
        return
    left_w = body.width() * .46 if own is not None else 0.0
    if own is not None:
        label = _("Your oath cards")
        scene.add(QRectF(body.left() + 4, body.top(), left_w - 8, 30),
                  lambda p, rc: art.text(p, rc, label, art.MIN_TEXT, art.INK_SOFT, italic=True,
                                         align=Qt.AlignmentFlag.AlignLeft),
                  z=-1, texts=[label])
        n = max(1, len(own))
        cw = min(120.0, (left_w - 8 - 6 * (n - 1)) / n)
        for i, cid in enumerate(own):
            scene._card_item(QRectF(body.left() + 4 + i * (cw + 6), body.top() + 32, cw,
                                    body.height() - 34), cid, targets=[f"card:{cid}"],
                             key=f"oath:hand:{i}",
                             tip=f"<i>{_('Oath card')}</i><br>" + scene._card_tip(cid))
        if not own:
            scene.add(QRectF(body.left() + 4, body.top() + 32, left_w - 8, 40),
                      lambda p, rc: art.text(p, rc, _("none"), art.MIN_TEXT, art.INK_SOFT,
                                             italic=True, align=Qt.AlignmentFlag.AlignLeft),
                      z=-1, texts=[_("none")])
    x = body.left() + left_w + 6
    w = body.right() - x - 4
    rows: list[tuple] = []  # (kind, lord, vassal, card, words on the table, tooltip)
    for o in part.get("sworn") or []:
        text = _("{vassal} swore fealty to {lord}").format(
            vassal=L.state_name(o.get("vassal")), lord=L.state_name(o.get("lord")))
        rows.append(("sworn", o.get("lord"), o.get("vassal"), o.get("card"), text, text))
    for o in part.get("broken") or []:  # the pieces say who, the words when
        rows.append(("broken", o.get("lord"), o.get("vassal"), o.get("card"),
                     _("Oath broken (round {n})").format(n=o.get("round", "?")),
                     _("{vassal} broke its oath to {lord} (round {n})").format(
                         vassal=L.state_name(o.get("vassal")), lord=L.state_name(o.get("lord")),
                         n=o.get("round", "?"))))
    for captured, regent in (part.get("regents") or {}).items():
        text = _("{regent} is regent of {state}").format(regent=L.state_name(regent),
                                                          state=L.state_name(captured))
        rows.append(("regent", regent, captured, None, text, text))
    others = [(s, int(n or 0)) for s, n in hands.items() if s != viewer
              and not isinstance(n, list)]
    if not rows:
        rows.append(("none", None, None, None, _("No oath sworn yet"), ""))
    row_h = 40
    fit = max(1, int(body.height() // row_h) - (1 if others else 0))
    shown, rest = rows[:fit], rows[fit:]
    if rest:  # the last row says how many more (the tooltip lists them)
        more = ngettext("+{n} more", "+{n} more", len(rows) - fit + 1).format(
            n=len(rows) - fit + 1)
        shown = rows[:fit - 1] + [("more", None, None, None, more, "")]
        rest = rows[fit - 1:]
    if others:  # the others' hands, counted: each state's piece and its number of cards
        label = _("In hand:")
        htip = "<br>".join(ngettext("{state}: {n} oath card", "{state}: {n} oath cards",
                                    n).format(state=L.state_name(s), n=n) for s, n in others)

        def hdraw(p, rc):
            art.text(p, QRectF(rc.x(), rc.y(), 116, rc.height()), label,
                     art.fit_text(label, art.MIN_TEXT, 116), art.INK_SOFT,
                     italic=True, align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            xx = rc.x() + 120
            for s, n in others:
                art.piece(p, QPointF(xx + 12, rc.center().y()), 12, s)
                art.text(p, QRectF(xx + 28, rc.y(), 36, rc.height()), str(n), art.MIN_TEXT,
                         art.INK, bold=True,
                         align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
                xx += 70
        scene.add(QRectF(x, body.bottom() - row_h + 2, w, row_h - 4), hdraw, z=0,
                  key="oath:hands", tooltip=htip,
                  texts=[label] + [f"{L.state_name(s)} {n}" for s, n in others])
    for k, (kind, lord, vassal, card, text, tip) in enumerate(shown):
        if card:
            tip += "<br>" + scene._card_tip(card)
        if kind == "more":
            tip = "<br>".join(r[5] for r in rest)

        def rdraw(p, rc, kind=kind, lord=lord, vassal=vassal, text=text):
            tx = rc.x()
            if lord and vassal:  # lord ◄— vassal: the bond, in their colours
                art.piece(p, QPointF(rc.x() + 14, rc.center().y()), 12, lord)
                pen = QPen(art.CRIMSON if kind == "broken" else art.GOLD, 3,
                           Qt.PenStyle.DashLine if kind == "broken" else Qt.PenStyle.SolidLine)
                p.setPen(pen)
                a, b = QPointF(rc.x() + 30, rc.center().y()), QPointF(rc.x() + 62, rc.center().y())
                p.drawLine(a, b)
                p.drawLine(a, a + QPointF(8, -6))
                p.drawLine(a, a + QPointF(8, 6))
                if kind == "broken":
                    art.ban(p, QRectF(rc.x() + 38, rc.center().y() - 9, 18, 18))
                art.piece(p, QPointF(rc.x() + 78, rc.center().y()), 12, vassal)
                tx += 98
            art.text(p, QRectF(tx, rc.y(), rc.right() - tx, rc.height()), text,
                     art.fit_text(text, art.MIN_TEXT, rc.right() - tx), art.INK,
                     italic=kind in ("none", "hands", "more"),
                     align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        it = scene.add(QRectF(x, body.top() + k * row_h, w, row_h - 4), rdraw, z=0,
                       targets=[f"card:{card}"] if card else [], key=f"oath:{kind}:{k}",
                       tooltip=tip, texts=[text])
        it.card_id = card


def _offered_oath(v: dict) -> tuple[str, str, str] | None:
    """(card, lord, vassal) while a state answers an oath offered to it (the card is shown
    face up when offered, CAMP-S3-02: every seat sees it), else None."""
    d = v.get("decision") or {}
    params = d.get("params") or {}
    if d.get("prompt") != "answer_oath" or not params.get("card"):
        return None
    return params["card"], params.get("lord"), d.get("player")


def _offer(scene, offer: tuple[str, str, str], viewer: str | None, area: QRectF) -> None:
    """The oath card on offer across the oaths' board: who offers it to whom, the card, and
    its whole text beside it at the table's text size (the decision is about this card; it
    leaves the board with the decision)."""
    card, lord, vassal = offer
    title = _("Oath on offer")
    if vassal == viewer:
        words = _("{lord} offers it to you: become their vassal?").format(
            lord=L.state_name(lord))
    else:
        words = _("Offered by {lord}; {vassal} answers").format(lord=L.state_name(lord),
                                                               vassal=L.state_name(vassal))
    ww, cw = 210.0, 160.0  # the card: its name (its text, too long for it, beside it)
    words_r = QRectF(area.left() + 4, area.top(), ww, area.height())
    card_r = QRectF(words_r.right() + 10, area.top(), cw, area.height())
    text_r = QRectF(card_r.right() + 16, area.top(), area.right() - card_r.right() - 20,
                    area.height())

    def draw(p, rc):
        art.text(p, QRectF(rc.x(), rc.y(), rc.width(), 30), title, art.MIN_TEXT, art.INK_SOFT,
                 italic=True, align=Qt.AlignmentFlag.AlignLeft)
        if lord and vassal:  # lord ◄— vassal, as the sworn oaths are drawn
            y = rc.y() + 52
            art.piece(p, QPointF(rc.x() + 16, y), 14, lord)
            p.setPen(QPen(art.GOLD, 3, Qt.PenStyle.DashLine))
            a, b = QPointF(rc.x() + 34, y), QPointF(rc.x() + 70, y)
            p.drawLine(a, b)
            p.drawLine(a, a + QPointF(8, -6))
            p.drawLine(a, a + QPointF(8, 6))
            art.piece(p, QPointF(rc.x() + 88, y), 14, vassal)
        art.block(p, QRectF(rc.x(), rc.y() + 76, rc.width(), rc.height() - 76), words,
                  art.MIN_TEXT, art.INK, bold=vassal == viewer,
                  align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
    scene.add(words_r, draw, z=0, key="oath:offer:words", texts=[title, words], tooltip=words)
    scene._card_item(card_r, card, targets=[f"card:{card}"], key="oath:offer",
                     tip=f"<i>{_('Oath card')}</i><br>" + scene._card_tip(card))
    body = "\n".join(L.card_text_lines(card))
    scene.add(text_r, lambda p, rc: art.block(
        p, rc, body, 26, art.INK, align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
        z=0, key="oath:offer:text", texts=[body], tooltip=scene._card_tip(card))


# --- the warlord («Восход полумесяца», CAMP-S4-01/02) -----------------------------------------

def _warlord_board(scene, part: dict, v: dict, body: QRectF) -> None:
    """The warlord's face-up card (with its text), his deck and discard, where he stands
    and where he marches."""
    card = part.get("card")
    cw = min(body.width() * .2, 150.0)  # the card with its name; its text beside it
    cr = QRectF(body.left() + 4, body.top() + 2, cw, body.height() - 4)
    if card:
        scene._card_item(cr, card, targets=[f"card:{card}"], key="warlord:card",
                         tip=f"<i>{_('Warlord card')}</i><br>" + scene._card_tip(card))
    else:
        scene._card_item(cr, None, key="warlord:card", caption=_("no warlord card"))
    deck = int(part.get("deck") or 0)
    discard = list(part.get("discard") or [])
    dx = cr.right() + 14
    dw = 64
    scene._card_item(QRectF(dx, body.top() + 2, dw, 96), None, face_down=True, back="crescent",
                     count=deck, key="warlord:deck",
                     tip=ngettext("Warlord deck: {n} card", "Warlord deck: {n} cards",
                                  deck).format(n=deck))
    city, target = part.get("city"), part.get("target")
    lines = [_("The warlord is in {city}").format(city=L.city_name(city)) if city
             else _("The warlord is off the map"),
             _("Marching towards {city}").format(city=L.city_name(target)) if target
             else _("No target"),
             ngettext("{n} card played", "{n} cards played", len(discard)).format(
                 n=len(discard))]
    tip = "<br>".join(lines + [L.card_name(c) for c in discard])
    tx = dx + dw + 14
    rows = [lines[0], lines[1] + " · " + lines[2]]  # where he is; where he goes, cards played
    text = "\n".join(L.card_text_lines(card)) if card else ""

    def tdraw(p, rc):
        art.icon(p, "crescent", QRectF(rc.x(), rc.y() + 2, 30, 30))
        yy = rc.y()
        for i, line in enumerate(rows):
            art.block(p, QRectF(rc.x() + (36 if i == 0 else 0), yy, rc.width() - (36 if i == 0
                                                                                  else 0), 34),
                      line, art.MIN_TEXT, art.CRIMSON if i == 0 else art.INK, bold=i == 0,
                      align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            yy += 36
        if text:  # the card's text, whole, at the table's text size
            p.setPen(QPen(art.GOLD, 1))
            p.drawLine(QPointF(rc.x(), yy + 2), QPointF(rc.right(), yy + 2))
            art.block(p, QRectF(rc.x(), yy + 8, rc.width(), rc.bottom() - yy - 8), text,
                      art.MIN_TEXT, art.INK,
                      align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
    scene.add(QRectF(tx, body.top() + 2, body.right() - tx - 4, body.height() - 4), tdraw,
              z=0, key="warlord:where", tooltip=tip, texts=rows + ([text] if text else []))


def _warlord_on_map(scene, part: dict, v: dict) -> None:
    """The warlord's piece above his city, and a dashed arrow to his target (ringed)."""
    city, target = part.get("city"), part.get("target")
    at = _city_centre(scene, city) if city else None
    to = _city_centre(scene, target) if target else None
    if at is not None and to is not None and target != city:
        d = to - at
        length = math.hypot(d.x(), d.y()) or 1.0
        u = QPointF(d.x() / length, d.y() / length)
        a, b = at + u * (CITY_R + 8), to - u * (CITY_R + 10)

        def adraw(p, rc, a=a, b=b, u=u):
            pen = QPen(art.CRIMSON, 5, Qt.PenStyle.DashLine, Qt.PenCapStyle.RoundCap)
            p.setPen(pen)
            p.drawLine(a, b)
            n = QPointF(-u.y(), u.x())
            p.setPen(QPen(art.CRIMSON, 2))
            p.setBrush(art.CRIMSON)
            p.drawPolygon(QPolygonF([b + u * 6, b - u * 14 + n * 10, b - u * 14 - n * 10]))
        scene.add(QRectF(a, b).normalized().adjusted(-16, -16, 16, 16), adraw, z=0.5,
                  key="warlord:march", tooltip=_("The warlord marches towards {city}").format(
                      city=L.city_name(target)))
    if to is not None:
        def tdraw(p, rc):
            p.setPen(QPen(art.CRIMSON, 4, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(rc.center(), CITY_R + 9, CITY_R + 9)
        scene.add(QRectF(-CITY_R - 12, -CITY_R - 12, 2 * CITY_R + 24, 2 * CITY_R + 24), tdraw,
                  pos=to, z=0.6, key="warlord:target", round_shape=True,
                  tooltip=_("The warlord's target: {city}").format(city=L.city_name(target)))
    if at is None:
        return
    card = part.get("card")
    tip = "<b>" + _("The warlord") + "</b><br>" + _("The warlord is in {city}").format(
        city=L.city_name(city))
    if card:
        tip += "<br>" + scene._card_tip(card)

    def wdraw(p, rc):
        c = rc.center()
        p.setPen(QPen(art.GOLD, 3.5))
        p.setBrush(art.SARACEN)
        p.drawEllipse(c, 25, 25)
        art.icon(p, "crescent", QRectF(c.x() - 18, c.y() - 18, 36, 36))
    it = scene.add(QRectF(-28, -28, 56, 56), wdraw, pos=at + QPointF(-26, -CITY_R - 32), z=3,
                   round_shape=True, key="piece:warlord", tooltip=tip,
                   targets=[f"card:{card}"] if card else [], texts=[])
    it.card_id = card


DRAWERS: dict[str, Drawer] = {
    "trade_board": Drawer(N_("Trade board: the Italian fleets"), _trade_board, _trade_harbours),
    "oaths": Drawer(N_("Oaths"), _oaths),
    "warlord": Drawer(N_("The warlord"), _warlord_board, _warlord_on_map),
}
"""kind -> what the table draws of it: one entry per kind of ``engine.components.COMPONENTS``
(tests/ui/test_components.py holds them equal), the one place a new component's drawer
is registered."""

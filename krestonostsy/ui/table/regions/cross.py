"""The order cross (the order grid): the four orders' inner and outer cells round the
hub, the order tokens stacked in them (top first), the orders' names in the free corners,
and the automa's tokens."""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPen

from ....i18n import _, ngettext
from .. import art
from .. import labels as L
from .base import R_CROSS, Region, Section

# The stacking order's number on a token of a stack (its smallest legible size: two
# digits at art.MIN_TEXT, as art.count_badge draws it)
BADGE_R = art.MIN_TEXT * .62


@dataclass(frozen=True)
class StackLayout:
    """Where the tokens of one cross cell go: their radius, each one's centre (top first)
    from the cell's centre, and its number's badge from the token's centre."""

    radius: float
    centres: tuple[QPointF, ...]
    badge: QPointF | None  # None: no room for the numbers (the tooltips tell the order)


def stack_layout(n: int, cell: float) -> StackLayout:
    """``n`` tokens in a grid inside a square cell ``cell`` wide: one large token; up to
    four in two columns, each with its number at its upper left; more in three columns,
    without numbers (a legible number would hide a token that small: the tooltips and
    the reading order, top first, tell it). Tokens and numbers stay inside the cell: 5
    tokens of radius 15 in two columns reached 7 scene pixels onto the next cell."""
    if n <= 1:
        return StackLayout(30.0, (QPointF(0, 0),) * n, None)
    cols = 2 if n <= 4 else 3
    rows = -(-n // cols)
    lines = max(rows, cols)
    lean = .55 if cols == 2 else None  # the number's offset, in radii, up and left

    def reach(r: float) -> float:  # from the cell's centre to the grid's farthest ink
        badge = lean * r + BADGE_R if lean is not None else 0.0
        return (lines - 1) * (r + 2) + max(r + 2, badge)
    radius = next((r / 2 for r in range(40, 11, -1) if reach(r / 2) <= cell / 2 - 2), 6.0)
    step = 2 * radius + 4
    centres = tuple(QPointF((i % cols - (cols - 1) / 2) * step,
                            (i // cols - (rows - 1) / 2) * step) for i in range(n))
    badge = QPointF(-lean * radius, -lean * radius) if lean is not None else None
    return StackLayout(radius, centres, badge)


class Cross(Region):
    """The order cross: one section."""

    def plan(self, v: dict, viewer: str | None) -> dict[str, Section]:
        return {"cross": Section(self._cross)}

    def _cross(self, v: dict) -> None:
        body = self.add_panel(R_CROSS, _("Orders"), title_size=art.MIN_TEXT)
        cx, cy = body.center().x(), body.center().y()
        S, G = 88, 6
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
                        art.icon(p, art.ORDER_ICONS[order], rc.adjusted(18, 18, -18, -18), .35)
                self.add(rect, draw, z=-2, targets=[f"cross:{order}:{which}"],
                         key=f"cross:{order}:{which}", tooltip=tip, texts=texts)
                # tokens: top first, laid out in a grid inside the cell
                n = len(toks)
                stack = stack_layout(n, S)
                tr = stack.radius
                for i, t in enumerate(toks):
                    owner, enhanced = t[0], bool(t[1]) if len(t) > 1 else False
                    pc = QPointF(ccx, ccy) + stack.centres[i]
                    ttip = _("{state}: {order}{enh}").format(
                        state=L.state_name(owner), order=L.order_name(order),
                        enh=" (" + _("enhanced") + ")" if enhanced else "")
                    if which == "inner" and n > 1:
                        ttip += "<br>" + _("Activated {n}. in this cell").format(n=i + 1)

                    def tdraw(p, rc, owner=owner, enhanced=enhanced, order=order, i=i, n=n, tr=tr,
                              which=which, stack=stack):
                        art.order_token(p, rc.center(), tr, owner, order, enhanced)
                        if which == "inner" and stack.badge is not None:
                            art.count_badge(p, rc.center() + stack.badge, i + 1, BADGE_R)
                    self.add(QRectF(-tr - 2, -tr - 2, 2 * tr + 4, 2 * tr + 4), tdraw, pos=pc,
                             z=1 + (n - i) * .01, round_shape=True,
                             key=f"piece:order:{owner}:{order}:{which}:{n - 1 - i}",
                             tooltip=ttip,
                             texts=[L.state_name(owner)],
                             targets=[f"cross:{order}:{which}"])
        # each order's name beside its arm, in the free corners of the cross (clockwise)
        span = 2 * (S + G) + S / 2
        corner = QRectF(0, 0, span - S / 2 - 4, 34)
        spots = {"build": QPointF(cx - span, cy - S / 2 - 38),
                 "prayer": QPointF(cx + S / 2 + 6, cy - span),
                 "muster": QPointF(cx + S / 2 + 6, cy + S / 2 + 4),
                 "march": QPointF(cx - span, cy + span - 34)}
        for order, at in spots.items():
            oname = L.order_name(order)
            right = order in ("build", "march")

            def ndraw(p, rc, oname=oname, right=right):
                art.text(p, rc, oname, art.MIN_TEXT, art.INK_SOFT, italic=True,
                         align=(Qt.AlignmentFlag.AlignRight if right else Qt.AlignmentFlag.AlignLeft)
                         | Qt.AlignmentFlag.AlignVCenter)
            self.add(corner.translated(at), ndraw, z=-3, texts=[oname])
        # automa supply / aside in the corner
        au = v.get("automa") or {}
        if v.get("automa_pieces"):
            sup, aside = au.get("supply", 0), list(au.get("aside") or [])
            line = ngettext("Automa: {n} token in supply", "Automa: {n} tokens in supply", sup).format(n=sup)

            def adraw(p, rc):
                art.piece(p, QPointF(rc.x() + 16, rc.y() + 18), 15, "automa")
                art.block(p, QRectF(rc.x() + 36, rc.y(), rc.width() - 36, 90), line,
                          art.MIN_TEXT, art.INK,
                          align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
                for k, tok in enumerate(aside):
                    art.order_token(p, QPointF(rc.x() + 20 + k * 36, rc.y() + 108), 15, "automa",
                                      tok, tok == "boost")
            self.add(QRectF(body.left() + 4, body.top() + 4, 176, 128), adraw, z=-1,
                     texts=[line], key="automa:tokens", tooltip=_("The automa's tokens: shuffled face down; "
                                             "a boost sends the next token to the outer cell"))

"""The event area: the round's event card (or the events deck), the events left, the
event's raid table and the rules of this round beside it."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF

from ....i18n import _, current_language, ngettext
from .. import art
from .. import labels as L
from .base import R_EVENT, Region, Section


def _effect_text(effect) -> str:
    """A raid table row's effect in words (its ops by name, for an effect the text
    generator does not know)."""
    try:
        from ....content.text import effect_text
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


class Event(Region):
    """The event area: one section."""

    def plan(self, v: dict, viewer: str | None) -> dict[str, Section]:
        return {"event": Section(self._event)}

    def _event(self, v: dict) -> None:
        body = self.add_panel(R_EVENT, _("Event"), title_size=art.MIN_TEXT)
        ev = v.get("event")
        decks = v.get("decks") or {}
        cw, chh = 140, 186
        er = QRectF(body.left() + 8, body.top() + 4, cw, chh)
        name = L.card_name(ev) if ev else _("No event yet")
        n_left = decks.get("events", 0)

        def draw(p, rc):
            if ev:
                art.card_frame(p, rc, QColor("#4c8a38"))
                art.block(p, rc.adjusted(8, 8, -8, -8), name, 28, art.INK, bold=True)
            else:
                art.card_frame(p, rc, face_down=True, back="crescent")
                art.count_badge(p, QPointF(rc.right() - 4, rc.top() + 4), n_left)
        eit = self.add(er, draw, targets=[f"card:{ev}"] if ev else [], key="event",
                       tooltip=self.cards.tip(ev) if ev else ngettext(
                           "Events deck: {n} card", "Events deck: {n} cards",
                           n_left).format(n=n_left),
                       texts=[name], radius=10)
        eit.card_id = ev or None
        # the deck's count under the card, so that the column beside it keeps its room
        # for what rules this round (a Russian raid table fills most of it)
        left = _("Events left: {n}").format(n=n_left)
        lr = QRectF(er.left(), er.bottom() + 6, cw, body.bottom() - er.bottom() - 8)

        def ldraw(p, rc):
            art.text(p, rc, left, art.MIN_TEXT, art.INK_SOFT, italic=True, wrap=True,
                     align=Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        self.add(lr, ldraw, z=-1, texts=[left], key="events_left")
        # the round's rules beside the card, under the raid table (the Homs card lies on
        # its holder's board)
        mods = v.get("modifiers") or {}
        info: list[str] = []
        from ....content.text import ROUND_MODIFIER_TEMPLATES, modifier_text
        for k, val in mods.items():
            if k in ROUND_MODIFIER_TEMPLATES:
                info.append(modifier_text(k, val, current_language()))
        # raid table rows beside the card; what does not fit goes on in the tooltip
        rows = []
        obj = L.card(ev) if ev else None
        for row in getattr(obj, "raid_table", ()) or ():
            rng = f"{row.low}–{row.high}" if row.high is not None else f"{row.low}+"
            rows.append((rng, _effect_text(row.effect)))
        tx = er.right() + 12
        tw = body.right() - tx - 6
        fm = QFontMetricsF(art.font(art.MIN_TEXT))
        # the round's rules are italic, and wider: measured upright, a Russian rule got a
        # line too few and lost its end («…скидку в 1» without «товар»)
        fm_italic = QFontMetricsF(art.font(art.MIN_TEXT, italic=True))
        flags = int(Qt.AlignmentFlag.AlignLeft) | int(Qt.TextFlag.TextWordWrap)

        def height_of(s: str, w: float, italic: bool = False) -> float:
            return (fm_italic if italic else fm).boundingRect(
                QRectF(0, 0, w, 10000), flags, s).height()
        fm_range = QFontMetricsF(art.font(art.MIN_TEXT, bold=True))
        rw = max((fm_range.horizontalAdvance(rg) for rg, _e in rows), default=0) + 8
        placed: list[tuple[str, str, float]] = []
        y_end = body.bottom() - 4
        y = body.top() + 4
        # no event face up yet: what a raid does without its table
        placed_txt = "" if rows else _("Difference ≤ 0: the city is captured.")
        txt_h = height_of(placed_txt, tw, italic=True) if placed_txt else 0.0
        if placed_txt:
            y += txt_h + 3
        for rg, eff in rows:
            h = height_of(eff, tw - rw)
            if y + h > y_end:
                break
            placed.append((rg, eff, h))
            y += h + 3
        lines: list[tuple[str, float]] = []
        for line in info:
            h = height_of(line, tw, italic=True)
            if y + h > y_end:
                break
            lines.append((line, h))
            y += h + 2

        def tdraw(p, rc):
            yy = rc.y()
            if placed_txt:
                art.text(p, QRectF(rc.x(), yy, rc.width(), txt_h), placed_txt, art.MIN_TEXT,
                         art.INK_SOFT, italic=True, wrap=True, align=Qt.AlignmentFlag.AlignLeft)
                yy += txt_h + 3
            for rg, eff, h in placed:
                art.text(p, QRectF(rc.x(), yy, rw, 30), rg, art.MIN_TEXT, art.CRIMSON, bold=True,
                         align=Qt.AlignmentFlag.AlignLeft)
                art.text(p, QRectF(rc.x() + rw, yy, rc.width() - rw, h), eff, art.MIN_TEXT,
                         art.INK, wrap=True, align=Qt.AlignmentFlag.AlignLeft)
                yy += h + 3
            for line, h in lines:
                art.text(p, QRectF(rc.x(), yy, rc.width(), h), line, art.MIN_TEXT, art.INK_SOFT,
                         italic=True, wrap=True, align=Qt.AlignmentFlag.AlignLeft)
                yy += h + 2
            if rest:  # the tooltip says the rest: show that there is more
                art.text(p, QRectF(rc.right() - 40, rc.bottom() - 30, 40, 30), "…", 30,
                         art.CRIMSON, bold=True)
        rest = [f"{rg}: {eff}" for rg, eff in rows[len(placed):]] + info[len(lines):]
        tip = "<br>".join([_("Raid results")] + [f"{rg}: {eff}" for rg, eff in rows] + info
                          + [left])
        self.add(QRectF(tx, body.top() + 4, tw, body.height() - 8), tdraw, z=-1,
                 texts=[r for row in rows for r in row] + info, tooltip=tip,
                 key="raid_table" if not rest else "raid_table:more")

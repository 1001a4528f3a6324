"""The battle board: the strength track and its marker, the four tactic slots (a half
cancelled by a cover card), and the cards the viewer may play. During a battle it takes
the whole right column; between battles it is a strip under the markets, or gives the
strip to a scenario's components (``campaign.py``)."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPen

from ....i18n import _, ngettext
from .. import art
from .. import components as COMP
from .. import labels as L
from .base import R_BATTLE, R_BATTLE_LARGE, Region, Section, battle_wide, section_label


class BattleBoard(Region):
    """The battle board: one section."""

    def plan(self, v: dict, viewer: str | None) -> dict[str, Section]:
        return {"battle": Section(self._battle)}

    def _battle(self, v: dict) -> None:
        """The battle board: the strength track, the four tactic slots and the cards the
        viewer may play. During a battle it takes the whole right column, so the tactics
        played show their text; between battles it is a strip under the markets."""
        if COMP.takes_strip(v):
            return  # between battles a scenario's components lie in the strip
        b = v.get("battle")
        title = _("Battle")
        if b:
            city = b.get("city")
            if city:
                title = _("Battle for {city}").format(city=L.city_name(city))
        wide = battle_wide(self.scene, v)
        body = self.add_panel(R_BATTLE_LARGE if wide else R_BATTLE, title,
                              title_size=28 if wide else art.MIN_TEXT)
        marker = 0
        if b:
            for k in ("marker", "balance", "strength", "difference"):
                if isinstance(b.get(k), (int, float)):
                    marker = int(b[k])
                    break
        # strength track −10..+10, the defender's name on the left, the attacker's right
        side = 165
        tx0, ty0 = body.left() + side, body.top() + 6
        cell = (body.width() - 2 * side) / 21
        left_lbl = L.state_name(b.get("defender")) if b and b.get("defender") else _("Defender")
        right_lbl = L.state_name(b.get("attacker")) if b and b.get("attacker") else _("Attacker")

        def tdraw(p, rc):
            art.text(p, QRectF(rc.x() - side + 4, rc.y(), side - 10, 40), left_lbl, art.MIN_TEXT,
                     art.INK, bold=True,
                     align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            art.text(p, QRectF(rc.right() + 6, rc.y(), side - 10, 40), right_lbl, art.MIN_TEXT,
                     art.INK, bold=True,
                     align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            for i in range(21):
                val = i - 10
                r = QRectF(rc.x() + i * cell + 1, rc.y(), cell - 2, 40)
                p.setPen(QPen(art.INK, 1))
                p.setBrush(QColor("#f3e2b0") if val else QColor("#e3c15f"))
                p.drawRoundedRect(r, 4, 4)
                art.text(p, r, str(abs(val)), art.MIN_TEXT, art.INK_SOFT)
        self.add(QRectF(tx0, ty0, cell * 21, 42), tdraw, z=-1, bleed=(side, 0, side, 0),
                 texts=[str(marker)] if b else [],
                 tooltip=_("Battle track: the marker shows the strength difference"))
        # the marker is its own piece: it slides along the track between two views
        mi = max(-10, min(10, marker)) + 10
        mr = max(cell * .5, 17)

        def mdraw(p, rc):
            mc = rc.center()
            p.setPen(QPen(art.INK, 2))
            p.setBrush(QColor("#2f5c9e"))
            p.drawEllipse(mc, mr, mr)
            art.text(p, QRectF(mc.x() - mr, mc.y() - mr, 2 * mr, 2 * mr), str(abs(marker)),
                     art.MIN_TEXT, art.PARCHMENT_LIGHT, bold=True)
        mk = self.add(QRectF(-mr - 2, -mr - 2, 2 * mr + 4, 2 * mr + 4), mdraw,
                      pos=QPointF(tx0 + mi * cell + cell / 2, ty0 + 20), z=-.5, round_shape=True,
                      key="piece:battle:marker")
        mk.setAcceptHoverEvents(False)
        if not b:
            self.add(QRectF(body.left(), ty0 + 50, body.width(), body.bottom() - ty0 - 54),
                     lambda p, rc: art.text(p, rc, _("No battle in progress"), 28, art.INK_SOFT,
                                            italic=True), z=0)
            return
        # 4 card slots, each large enough for the card's text
        slots = list(b.get("slots") or [])
        sw = (body.width() - 20) / 4
        sy = ty0 + 54
        # beside the markets (a market choice during the battle) the slots shrink to the strip
        slot_h = 360 if wide else body.bottom() - sy - 6
        cw, chh = sw - 22, slot_h - 20
        for i in range(4):
            sx = body.left() + 10 + i * sw
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
                art.text(p, QRectF(rc.x() + 4, rc.y() + 2, 30, 30), str(i + 1), art.MIN_TEXT,
                         art.INK_SOFT, bold=True)
            slot_rect = QRectF(sx, sy, sw - 10, slot_h)
            self.add(slot_rect, sdraw, z=-1, key=f"battle:slot:{i}",
                     tooltip=_("Tactic slot {n}").format(n=i + 1))
            if card_id:
                cr = QRectF(slot_rect.center().x() - cw / 2, slot_rect.top() + 10, cw, chh)
                self.cards.item(cr, card_id, targets=[f"card:{card_id}"], key=f"battle:card:{i}")
                if not cancelled and "battle:half:top" in self.scene.legal_targets:
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
                    rr = QRectF(cr.center().x() - cw * .56, half - chh * .2, cw * 1.12, chh * .4)
                    self.cards.item(rr, None, face_down=True, key=f"battle:cover:{i}", z=2,
                                    tip=_("Cover card: cancels the {half} half").format(
                                        half=_("bottom") if cancelled == "bottom" else _("top")))
        if not wide:
            return  # the cards in hand come back with the whole column
        # the cards the viewer may play (or how many the Saracen hand holds)
        hy = sy + slot_h + 12
        viewer = self.scene.viewer
        mine = None
        if b.get("saracen_player") == viewer and isinstance(b.get("saracen_hand"), list):
            mine = list(b["saracen_hand"])
            label = _("Saracen cards you play")
        elif viewer in (b.get("attacker"), b.get("defender")):
            mine = list(((v.get("players") or {}).get(viewer) or {}).get("tactics") or [])
            label = _("Your tactics")
        elif isinstance(b.get("saracen_hand"), list) and b["saracen_hand"]:
            # the top of the Saracen deck, face up for everyone (the warlord's battle, SYM-92)
            mine = list(b["saracen_hand"])
            label = _("The Saracen hand, face up")
        else:
            sh = b.get("saracen_hand")
            n = len(sh) if isinstance(sh, list) else int(sh or 0)
            label = ngettext("Saracen hand: {n} card", "Saracen hand: {n} cards", n).format(n=n)
        self.add(QRectF(body.left() + 10, hy, body.width() - 20, 30),
                 lambda p, rc, label=label: section_label(p, rc, label), z=-1,
                 texts=[label])
        if mine:
            k = len(mine)
            top = hy + 34
            hh = body.bottom() - top - 6
            hcw = min(hh / 1.3, (body.width() - 20 - 8 * (k - 1)) / k)
            for i, cid in enumerate(mine):
                self.cards.item(QRectF(body.left() + 10 + i * (hcw + 8), top, hcw, hh), cid,
                                targets=[f"card:{cid}"], key=f"battle:hand:{i}")

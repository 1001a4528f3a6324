"""The markets: the buildings', governors' and tactics' rows of cards with their decks,
and the decks of rescripts, spies, Saracen cards and bulls under them. During a battle
the battle board covers them (``battle_board.py``)."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFontMetricsF, QPen

from ....i18n import _, ngettext
from .. import art
from .. import labels as L
from .base import R_MARKET, Region, Section, battle_wide


class Markets(Region):
    """The markets: one section."""

    def plan(self, v: dict, viewer: str | None) -> dict[str, Section]:
        return {"markets": Section(self._markets)}

    def _markets(self, v: dict) -> None:
        if battle_wide(self.scene, v):
            return  # the battle board lies over the right column until the battle ends
        body = self.add_panel(R_MARKET, _("Markets"), title_size=art.MIN_TEXT)
        markets = v.get("markets") or {}
        opened = v.get("market_open") or {}
        decks = v.get("decks") or {}
        gap, ggap = 6, 20
        cw = (body.width() - 24 - ggap - 7 * gap) / 8  # eight cards in the longest row
        deck_h = 50  # the decks' row: each back with its name beside it
        # the cards as high as the rows leave: a name of four lines reads whole above the
        # price (at the table's smallest text), «Венециан-/ский/квартал/Тира» included
        chh = (body.height() - 2 - deck_h - 3 * 34) / 3
        lx = body.left() + 12
        rows = [
            (_("Buildings"), [("buildings_0", 1), ("buildings_12", 5)]),
            (_("Buildings"), [("buildings_34", 3), ("governors", 5)]),
            (_("Tactics"), [("tactics_12", 5), ("tactics_34", 3)]),
        ]
        short = {"buildings_0": "0", "buildings_12": "I–II", "buildings_34": "III–IV",
                 "tactics_12": "I–II", "tactics_34": "III–IV", "governors": ""}
        y = body.top() + 2
        for title, groups in rows:
            x = lx
            for gi, (g, size) in enumerate(groups):
                gw = size * (cw + gap) - gap
                cap = (title + " " if size > 1 and g != "governors" else "") + short[g]
                if g == "governors":
                    cap = _("Governors")
                n_deck = decks.get(g, 0)
                deck_txt = ngettext("deck: {n} card", "deck: {n} cards", n_deck).format(n=n_deck)
                deck_tip = deck_txt
                deck_txt = f"×{n_deck}"  # the words are in the tooltip

                def cdraw(p, rc, cap=cap, deck_txt=deck_txt, first=gi == 0):
                    art.text(p, rc, cap.strip(), art.MIN_TEXT, art.INK, bold=True,
                             align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
                    art.text(p, rc, deck_txt, art.MIN_TEXT, art.INK_SOFT, italic=True,
                             align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                    p.setPen(QPen(art.GOLD, 1))
                    p.drawLine(QPointF(rc.left(), rc.bottom()), QPointF(rc.right(), rc.bottom()))
                self.add(QRectF(x, y, gw, 28), cdraw, z=-1, texts=[cap.strip(), deck_txt],
                         tooltip=_(L.DECK_NAMES.get(g, g)) + ": " + deck_tip)
                cy = y + 30
                if g == "buildings_0":
                    top = v.get("buildings_0_top")
                    self.cards.item(QRectF(x, cy, cw, chh), top,
                                    targets=[f"card:{top}", "market:buildings_0:0"] if top else [],
                                    key=f"market:{g}:0", caption=None if top else _("empty"))
                else:
                    slots = list(markets.get(g) or [None] * size)
                    n_open = opened.get(g, len(slots))
                    for i, cid in enumerate(slots):
                        closed = i >= n_open
                        self.cards.item(QRectF(x + i * (cw + gap), cy, cw, chh), cid,
                                        targets=[] if closed else ([f"market:{g}:{i}"] +
                                                                   ([f"card:{cid}"] if cid else [])),
                                        key=f"market:{g}:{i}", closed=closed,
                                        caption=_("empty") if not closed else None,
                                        tip=_("Closed in this game") if closed else None)
                x += gw + ggap
            y += 34 + chh
        # decks: rescripts I/II, spies, Saracen cards, bulls
        backs = [("rescripts_1", "raven"), ("rescripts_2", "dove"), ("spies", "spy"),
                 ("saracens", "crescent"), ("bulls", "scroll"), ("events", "crescent")]
        backs = [b for b in backs if b[0] != "events"]
        dh = body.bottom() - y - 2
        dw = dh * .72
        # each deck as wide as its back and its name on one line («Карты сарацин» broke at
        # the panel's edge in equal shares), what is left shared out evenly
        fm = QFontMetricsF(art.font(art.MIN_TEXT))
        caps = [_(L.DECK_NAMES.get(name, name)) for name, _back in backs]
        need = [dw + 18 + fm.horizontalAdvance(cap) + 8 for cap in caps]
        room = body.width() - 24
        spare = (room - sum(need)) / len(need)
        widths = [w + spare for w in need] if spare >= 0 else [room / len(need)] * len(need)
        x0 = lx
        for (name, back), cap, step in zip(backs, caps, widths, strict=True):
            n = decks.get(name, 0)
            self.cards.item(QRectF(x0 + 4, y, dw, dh), None, face_down=True,
                            back=back, count=n, caption=cap, key=f"deck:{name}",
                            caption_right=step - dw - 18,
                            tip=ngettext("{deck}: {n} card", "{deck}: {n} cards", n).format(deck=cap,
                                                                                 n=n),
                            targets=[f"market:{name}:0"])
            x0 += step

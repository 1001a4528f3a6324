"""The cards on the table: a card's item (face up, face down as a deck, an empty or closed
market slot), the rules text a large card shows and the tooltip of every card, both made
once per card and language. Every region (and ``components.py``) lays a card with
:meth:`Cards.item`.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPen, QTransform

from ....i18n import current_language
from .. import art
from .. import labels as L
from ..items import TableItem

# a small card with no price (a card in hand): its name's box lies NAME_SIDE in from the
# sides, NAME_TOP below the top and NAME_FOOT above the bottom (the level's foot)
NAME_SIDE, NAME_TOP, NAME_FOOT = 5, 4, 26


class Cards:
    """The cards of one table, laid with its ``add`` (``layout.Layout.add``); their texts
    are kept for it."""

    def __init__(self, add: Callable[..., TableItem]):
        self.add = add
        self._texts: dict[tuple, Any] = {}  # (card, language) -> tooltip; body: ("body", …)

    def item(self, rect: QRectF, card_id: str | None, targets=(), face_down=False,
                   closed=False, key=None, back=None, count: int | None = None,
                   caption: str | None = None, tip: str | None = None, z=0.0,
                   rotate: float = 0.0, caption_right: float = 0.0) -> TableItem:
        """A card at ``rect``. A face-down deck's ``caption`` lies under it, or beside it
        (``caption_right``: that wide, to its right)."""
        name = L.card_name(card_id) if card_id else ""
        level = L.card_level(card_id) if card_id else None
        cost = L.card_cost(card_id) if card_id else ()
        colours = L.card_colours(card_id) if card_id else ()
        accent = art.GOODS_COLOURS.get(colours[0]) if colours else art.GOLD
        w, h = rect.width(), rect.height()
        body = self.body(card_id) if (card_id and not face_down and w >= 170
                                            and h >= 200) else ("", "")
        cap_w = max(w + 80, 184)  # a face-down deck's caption spreads beyond the card
        name_h = min(h * .3, 90)
        if body[0] or body[1]:  # the name's box: no higher than its lines at 28 px need
            fm = QFontMetricsF(art.font(26, True))  # (drawn at 28 where it has room)
            need = fm.boundingRect(QRectF(0, 0, w - 16, 10000),
                                   int(Qt.AlignmentFlag.AlignCenter)
                                   | int(Qt.TextFlag.TextWordWrap), name).height()
            name_h = min(name_h, max(need + 2, 40.0))

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
                    art.block(p, rc.adjusted(2, 2, -2, -2), caption, art.MIN_TEXT, art.INK_SOFT,
                              italic=True)
                return
            art.card_frame(p, rc, accent, face_down=face_down, back=back)
            if not face_down:
                foot = 28 if cost else NAME_FOOT  # no price: the level alone, a lower foot
                if body[0] or body[1]:  # room for the card's text: name on top, text beneath
                    nh = name_h  # as high as the name needs (the text gets the rest)
                    art.block(p, QRectF(rc.x() + 8, rc.y() + 8, rc.width() - 16, nh), name, 28,
                              art.INK, bold=True)
                    p.setPen(QPen(accent, 1.2))
                    p.drawLine(QPointF(rc.x() + 12, rc.y() + nh + 10),
                               QPointF(rc.right() - 12, rc.y() + nh + 10))
                    top_end = rc.center().y() - 2 if body[1] else rc.bottom() - foot
                    left_top = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
                    art.block(p, QRectF(rc.x() + 8, rc.y() + nh + 12, rc.width() - 16,
                                        top_end - rc.y() - nh - 12), body[0], art.MIN_TEXT,
                              art.INK, align=left_top)
                    if body[1]:  # the bottom half: the half below the card's middle
                        p.setPen(QPen(accent, 1, Qt.PenStyle.DashLine))
                        p.drawLine(QPointF(rc.x() + 12, rc.center().y()),
                                   QPointF(rc.right() - 12, rc.center().y()))
                        art.block(p, QRectF(rc.x() + 8, rc.center().y() + 3, rc.width() - 16,
                                            rc.bottom() - foot - rc.center().y() - 3), body[1],
                                  art.MIN_TEXT, art.INK, align=left_top)
                else:  # a small card: its name in the regular face (narrower than bold)
                    top = NAME_TOP
                    art.block(p, rc.adjusted(NAME_SIDE, top, -NAME_SIDE, -foot), name, 26,
                              art.INK)
                if level is not None:
                    art.text(p, QRectF(rc.x() + 5, rc.bottom() - foot, 40, foot - 2),
                             art.roman(level), art.MIN_TEXT, art.CRIMSON, bold=True,
                             align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
                x = rc.right() - 13
                for g in reversed(cost[:4]):
                    art.goods_token(p, QPointF(x, rc.bottom() - foot / 2 - 1), 8, g)
                    x -= 19
            if count is not None:  # a deck in a row under other cards: on its back, all
                # of it in view (at the corner its top half lay under the cards above)
                art.count_badge(p, rc.center() if face_down and caption_right
                                else QPointF(rc.right() - 4, rc.top() + 4), count)
            if caption and face_down and caption_right:
                art.block(p, QRectF(rc.right() + 12, rc.top(), caption_right, rc.height()),
                          caption, art.MIN_TEXT, art.INK_SOFT,
                          align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            elif caption and face_down:
                art.text(p, QRectF(rc.center().x() - cap_w / 2, rc.bottom() + 2, cap_w, 30),
                         caption, art.MIN_TEXT, art.INK_SOFT)
        texts = [name] if (card_id and not face_down) else []
        if count is not None:
            texts.append(str(count))
        if caption:
            texts.append(caption)
        tt = tip if tip is not None else (self.tip(card_id) if card_id and not face_down else None)
        pad = (cap_w - w) / 2
        bleed = (0, 0, caption_right + 12, 0) if caption and face_down and caption_right \
            else (pad, 0, pad, 32) if caption and face_down else (0, 0, 0, 0)
        it = self.add(QRectF(-w / 2, -h / 2, w, h), draw, pos=rect.center(), z=z,
                      targets=targets, key=key, tooltip=tt, texts=texts, radius=6, bleed=bleed)
        it.card_id = card_id if (card_id and not face_down and not closed) else None
        if rotate:
            it.setTransform(QTransform().rotate(rotate))
        return it

    def body(self, card_id: str) -> tuple[str, str]:
        """A card's rules text without its name, for a large card on the table: (the text,
        the bottom half's text). A tactic's bottom half is said apart, so it is drawn on
        the card's lower half — the half an opponent may cover."""
        key = ("body", card_id, current_language())
        text = self._texts.get(key)
        if text is None:
            from ....content.models import SaracenTactic, Tactic
            from ....content.text import card_lines
            obj = L.card(card_id)
            try:
                lines = card_lines(obj, current_language()) if obj is not None else []
            except Exception:  # a card the text generator does not know: its name only
                lines = []
            bottom = lines.pop() if isinstance(obj, (Tactic, SaracenTactic)) and lines else ""
            if bottom and len(lines) > 1:  # a tactic's face: its two halves (its price is
                lines = lines[-1:]        # drawn as goods, its origin is in the preview)
            text = self._texts[key] = ("\n".join(lines), bottom)
        return text

    def tip(self, card_id: str | None) -> str:
        """A card's full text for its tooltip; made once per card and language."""
        key = (card_id, current_language())
        tip = self._texts.get(key)
        if tip is None:
            tip = self._texts[key] = L.card_text(card_id)
        return tip

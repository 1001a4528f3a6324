"""The top row of the table: the round plate (the round, the phase, who moves), the
sanctity track with its pieces and bonuses, and the Saracen track with its raid tokens."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPen

from ....i18n import _, ngettext
from .. import art
from .. import labels as L
from .base import PANEL_WORDS_Z, R_PLATE, R_SANCTITY, R_SARACEN, Region, Section, game_board


class Tracks(Region):
    """The round plate, the sanctity track and the Saracen track: a section each."""

    def plan(self, v: dict, viewer: str | None) -> dict[str, Section]:
        return {"plate": Section(self._plate), "sanctity": Section(self._sanctity),
                "saracen_track": Section(self._saracen_track)}

    def _plate(self, v: dict) -> None:
        r = R_PLATE
        rnd = v.get("round", 0)
        phase = v.get("phase", "")
        d = v.get("decision") or {}
        who = d.get("player")
        line1 = _("Round {n} of {total}").format(n=rnd, total=v.get("last_round", 6)) if rnd else _("Setup")
        line2 = _(L.PHASE_NAMES.get(phase, L.humanise(phase or "")))
        mine = bool(who) and who == self.scene.viewer
        if mine:
            line3 = _("Your move")
        elif who in art.STATE_COLOURS:
            line3 = _("{state} to move").format(state=L.state_name(who))
        else:
            line3 = ""

        # the parchment apart from the words: a new decision draws only the words
        self.add(r, lambda p, rc: art.panel(p, rc), z=-5)

        def draw(p, rect):
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
        self.add(r, draw, z=-5 + PANEL_WORDS_Z, texts=[line1, line2, line3], key="plate")

    def _sanctity(self, v: dict) -> None:
        board = game_board()
        length = board.sanctity_length if board else 20
        bonuses = board.sanctity_bonuses if board else {}
        starts = board.sanctity_start if board else {}
        r = R_SANCTITY
        body = self.add_panel(r, _("Sanctity track"), title_size=art.MIN_TEXT)
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
                art.text(p, QRectF(rc.x(), rc.bottom() - 30, rc.width(), 28), str(i + 1),
                         art.MIN_TEXT, art.INK_SOFT)
                ic = QRectF(rc.center().x() - 13, rc.top() + 4, 26, 26)
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
                c = QPointF(x0 + cell * cw + cw / 2, y0 + ch * .42 - k * 12)
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
                        art.count_badge(p, cc + QPointF(17, -10), rank)
                self.add(QRectF(-22, -22, 44, 44), draw, pos=c, z=3, round_shape=True,
                         key=f"piece:sanctity:{pc}", tooltip=tip,
                         texts=[name, _("Automa") if is_automa else ""])

    def _saracen_track(self, v: dict) -> None:
        board = game_board()
        cells = list(board.saracen_cells) if board else [{}] * 5
        st = v.get("saracen_track") or {}
        pos = st.get("position")
        current = st.get("current")
        n = st.get("cells", len(cells)) or len(cells)
        body = self.add_panel(R_SARACEN, _("Saracen track"), title_size=art.MIN_TEXT)
        cw = (body.width() - 190) / max(1, n)
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
                if state == "revealed":  # the bonus it gives now, in words
                    art.block(p, rc.adjusted(3, 2, -3, -2), bonus, art.MIN_TEXT, art.CRIMSON,
                              bold=True)
                    return
                tc = rc.center()
                if state == "current" and current:
                    p.setPen(QPen(art.INK, 2))
                    p.setBrush(art.GOODS_COLOURS.get(current, art.AUTOMA))
                    p.drawEllipse(tc, 22, 22)
                    art.goods_token(p, tc, 11, current)
                else:
                    p.setPen(QPen(art.GOLD, 1.5))
                    p.setBrush(art.SARACEN)
                    p.drawEllipse(tc, 22, 22)
                    art.text(p, QRectF(tc.x() - 22, tc.y() - 22, 44, 44), "?", 26,
                             art.GOLD_LIGHT, bold=True)
            self.add(QRectF(x0 + i * cw + 2, y0, cw - 4, ch), draw, texts=texts, tooltip=tip,
                     key=f"saracen_cell:{i}", z=-4)
        strength, units = st.get("strength", 0), st.get("units", 1)
        info = [_("Strength +{n}").format(n=strength),
                ngettext("{n} unit per city", "{n} units per city", units).format(n=units)]

        def draw_info(p, rc):
            art.icon(p, "crescent", QRectF(rc.x(), rc.y() + 2, 30, 30))
            art.text(p, QRectF(rc.x() + 34, rc.y(), rc.width() - 34, 30), info[0], art.MIN_TEXT,
                     art.CRIMSON, bold=True, align=Qt.AlignmentFlag.AlignLeft)
            art.block(p, QRectF(rc.x(), rc.y() + 30, rc.width(), rc.height() - 30), info[1],
                      art.MIN_TEXT, art.INK, align=Qt.AlignmentFlag.AlignLeft)
        self.add(QRectF(body.right() - 182, y0, 178, ch), draw_info, texts=info,
                 tooltip=_("Bonuses revealed on the Saracen track"), z=-4)

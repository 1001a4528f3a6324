"""The notices over the table: a battle's result and a round's summary, read from the
engine's log (``results.py``) when a battle or a round ended since the viewer last looked.

A notice is a parchment card over the table: a title, a headline in the winner's colour,
and rows of (state or None, text). It lies where it hides no legal target if it can, stays
until a click anywhere on the table (one the viewer took part in) or for a few seconds,
and never takes the click: it goes on to what lies beneath.
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QFontMetricsF, QPen
from PySide6.QtWidgets import QGraphicsItem

from ....i18n import _, ngettext
from .. import art
from .. import labels as L
from .. import results as RS
from ..items import DATA_TEXTS, TableItem, draw_signature
from .base import R_BATTLE, R_CROSS, R_EVENT, R_MARKET, Table

# The notices over the table (a battle's result, a round's summary): where each may lie,
# in order of preference (the first that covers no legal target), and how long it stays.
# The battle's result lies on the battle board's strip (empty between battles) and fits
# it: the sides' losses in a column on the left, what became of the city on the right, so
# it never reaches up over the markets' bottom row (or, second, over the event: there
# when a scenario's components fill the strip).
NOTICE_PLACES = {"battle": (R_BATTLE, R_EVENT),
                 "round": (R_MARKET, QRectF(20, 240, 960, 700), R_CROSS)}
NOTICE_MS = {"battle": 7000, "round": 12000}  # only with NoticeBoard.stay off
NOTICE_COLUMNS_MIN_W = 800  # narrower, a battle's result stands in one column
NOTICE_PIECE_W = 36  # a row of a state begins with its piece


def notice_columns(left, right, room: float, gap: float, piece_w: float) -> tuple[float, float, bool]:
    """How a notice's two columns of rows share ``room``: the font size (the largest from
    26 down to ``art.MIN_TEXT`` at which every row fits its column on one line), the left
    column's width (what its rows need) and whether the right column's rows must wrap
    (even the smallest size leaves them too little room: they are then one paragraph)."""
    if not right:
        return 26.0, room, False
    size = 26.0
    while True:
        fm = QFontMetricsF(art.font(size))
        need_l = max((fm.horizontalAdvance(t) + (piece_w if who else 0) for who, t in left),
                     default=0.0)
        need_r = max((fm.horizontalAdvance(t) for _who, t in right), default=0.0)
        if need_l + need_r + gap <= room:
            return size, need_l + (room - gap - need_l - need_r) / 2, False
        if size <= art.MIN_TEXT:
            return size, min(need_l, room * .62), True
        size -= 1


def unbroken_tail(text: str) -> str:
    """``text`` whose last word, when short (a level "I", "II"), is bound to the word before
    it: a wrapped line never ends with it alone on the next line."""
    head, sep, last = text.rpartition(" ")
    return f"{head}\u00a0{last}" if sep and len(last) <= 3 else text


def notice_row_lines(rows, room: float, piece_w: float) -> list[int]:
    """How many lines each row of a one-column notice takes in ``room``: two for a row too
    long for it even at the smallest legible size (it then wraps), else one."""
    fm = QFontMetricsF(art.font(art.MIN_TEXT))
    return [2 if fm.horizontalAdvance(t) > room - (piece_w if who else 0) else 1
            for who, t in rows]


def battle_lines(r: RS.BattleResult) -> tuple:
    city = L.city_name(r.city)
    title = _("Battle for {city}").format(city=city)
    headline = _("Victory: {player}").format(player=L.state_name(r.winner))
    colour = QColor(art.state_colour(r.winner) if r.winner in art.STATE_COLOURS
                    else art.SARACEN)
    rows = []
    for who in (r.attacker, r.defender):
        n = r.lost.get(who, 0)
        role = _("attacker") if who == r.attacker else _("defender")
        rows.append((who, ngettext("{player} ({role}): {n} unit lost",
                                   "{player} ({role}): {n} units lost", n).format(
            player=L.state_name(who), role=role, n=n)))
    if r.captured:
        rows.append((None, _("{city} is captured by {player}").format(
            city=city, player=L.state_name(r.attacker))))
    else:
        rows.append((None, _("{city} is not captured").format(city=city)))
    if r.level is not None and r.level[1] < r.level[0]:
        rows.append((None, _("{city} falls to level {level}").format(
            city=city, level=art.roman(r.level[1]))))
    return title, headline, colour, rows


def round_lines(r: RS.RoundSummary, states) -> tuple:
    title = _("Round {round} is over").format(round=r.round)
    headline = (_("Event: “{card}”").format(card=L.card_name(r.event)) if r.event
                else _("No event this round"))
    rows: list = []
    for raid in r.raids:
        rows.append((raid.player, (
            ngettext("Raid on {city}: {n} Saracen — the city falls",
                     "Raid on {city}: {n} Saracens — the city falls", raid.n)
            if raid.captured else
            ngettext("Raid on {city}: {n} Saracen — the city holds",
                     "Raid on {city}: {n} Saracens — the city holds", raid.n)).format(
            city=L.city_name(raid.city), n=raid.n)))
    if not r.raids:
        rows.append((None, _("No raids")))
    for sid in states or sorted(r.coins):
        coins = r.coins.get(sid, 0)
        txt = ngettext("{player}: {n} coin of income", "{player}: {n} coins of income",
                       coins).format(player=L.state_name(sid), n=coins)
        if sid in r.influence:
            txt += ngettext(", {n} influence", ", {n} influence",
                            r.influence[sid]).format(n=r.influence[sid])
        rows.append((sid, txt))
    rows.append((None, ngettext("The markets are refilled: {n} new card",
                                "The markets are refilled: {n} new cards",
                                r.refilled).format(n=r.refilled)
                 if r.refilled else _("The markets are full: no new cards")))
    return title, headline, QColor("#7a5510"), rows


class NoticeBoard:
    """The notices of one scene: ``shown`` by kind, and which results the viewer saw."""

    def __init__(self, scene: Table):
        self.scene = scene
        self.shown: dict[str, TableItem] = {}  # kind -> the notice shown
        # A result the viewer took part in stays until they click (issue 28: a battle's
        # result went while the bot played on); off, every notice goes after NOTICE_MS.
        self.stay = True
        self._held: list | None = None  # a staged build's log (reveal opens its notices)
        self._seen: dict[tuple, int] = {}  # (viewer, kind) -> the last result shown
        self._queued: tuple | None = None  # (kind, result) waiting under an open notice
        # one timer per kind of notice, started again by each new notice (a timer made per
        # notice stayed a child of the scene after it fired: ~50 per game)
        self._timers: dict[str, QTimer] = {}
        for kind in NOTICE_MS:
            timer = self._timers[kind] = QTimer(scene)
            timer.setSingleShot(True)
            timer.timeout.connect(lambda kind=kind: self._dismiss(kind))

    @property
    def held(self) -> bool:
        """A staged build's notices wait for :meth:`reveal`."""
        return self._held is not None

    def update(self, log: list | None, staged: bool, words_changed: bool) -> None:
        """After a build: the open notices said again in new words (or moved off a battle
        that began), then the new results opened — or, ``staged``, held for :meth:`reveal`
        (the last player's notices are not for the next)."""
        viewer = self.scene.viewer
        if not staged:
            self._held = None
        if words_changed:
            for kind, it in list(self.shown.items()):
                self.open(kind, it.result)
        elif self.shown and self.scene.view_data.get("battle"):
            # a battle began while a notice is open: its board is read now, the notice
            # moves off it
            board = [it.sceneBoundingRect() for it in self.scene.section_items("battle")]
            for kind, it in list(self.shown.items()):
                seen = it.sceneBoundingRect()
                if any(seen.intersects(b) for b in board):
                    self.open(kind, it.result)
        if staged:
            if log is not None:
                self._held = log
            if any(getattr(it, "viewer", viewer) != viewer for it in self.shown.values()):
                self.dismiss_all()
        elif log is not None:
            self.show_results(log)

    def reveal(self) -> None:
        """The player is at the screen: open the notices a staged build held back."""
        log, self._held = self._held, None
        if log is not None:
            self.show_results(log)

    def click(self) -> None:
        """A click on the table closes the notices; then the one that waited under them
        opens."""
        queued = self._queued
        self.dismiss_all()
        if queued is not None:
            self.open(*queued)

    def show_results(self, log: list) -> None:
        """Show what a battle or a round that ended since this viewer last looked came to,
        read from ``log`` (the entries the viewer may read). A notice stays until a click
        anywhere on the table or for a few seconds; it never takes a click (the click goes
        on to what lies beneath) and it lies where it covers no legal target if it can."""
        viewer = self.scene.viewer
        if any(getattr(it, "viewer", viewer) != viewer for it in self.shown.values()):
            self.dismiss_all()  # another player's notices are not this one's to read
        found = {"battle": RS.last_battle(log) if not self.scene.view_data.get("battle") else None,
                 "round": RS.last_round(log)}
        for kind, result in found.items():
            key = (viewer, kind)
            seen = self._seen.get(key)
            at = result.at if result is not None else -1
            self._seen[key] = max(at, -1 if seen is None or seen >= len(log) else seen)
            if result is None or seen is None or at <= seen:
                continue  # nothing new (or the first look: what came before is history)
            self.open(kind, result)

    def open(self, kind: str, result) -> None:
        battle = self.shown.get("battle")
        if kind == "round" and battle is not None and self._stays(battle.result):
            self._queued = (kind, result)  # the round's summary waits: it would cover it
            return
        lines = (battle_lines(result) if kind == "battle"
                 else round_lines(result, self.scene.view_data.get("states")))
        self._notice(kind, *lines)
        self.shown[kind].result = result  # to say it again in another language
        if not self._stays(result):
            self._timers[kind].start(NOTICE_MS[kind])

    def _stays(self, result) -> bool:
        """The notice of ``result`` waits for the viewer's click (see ``stay``)."""
        return self.stay and result.involves(self.scene.viewer)

    def dismiss_all(self) -> None:
        self._queued = None
        for kind in list(self.shown):
            self._dismiss(kind)

    def _dismiss(self, kind: str) -> None:
        it = self.shown.pop(kind, None)
        if it is not None and it.scene() is self.scene:
            self.scene.removeItem(it)
        self._timers[kind].stop()

    def _notice(self, kind: str, title: str, headline: str, colour: QColor, rows: list) -> None:
        """A parchment card over the table: a title, a headline in the winner's colour, and
        rows of (state or None, text); laid where it hides no legal target if it can. A
        battle's result puts the rows of a state (its losses) in a column on the left and
        the others (the city's fate) on the right, so it fits the battle board's strip."""
        self._dismiss(kind)
        legal = [it.sceneBoundingRect() for it in self.scene.legal_items()]
        # what the player reads there now, so a notice lies elsewhere: a scenario's
        # components between battles (the trade board, the oaths, the warlord, in the
        # battle board's strip) and a battle going on (its board takes the right column)
        read = ["scenario_strip"] + (["battle"] if self.scene.view_data.get("battle") else [])
        shown = [it.sceneBoundingRect() for name in read
                 for it in self.scene.section_items(name)]

        def layout(place: QRectF) -> tuple[QRectF, bool, float]:
            """The notice in ``place``: its rectangle (centred; nearly as tall, it stays
            inside; taller, it rises from the place's bottom edge), whether its rows
            stand in two columns (a battle's, where the place is wide enough) and the
            height of a row (closer, down to 34, to stay within a low place)."""
            columns = kind == "battle" and place.width() >= NOTICE_COLUMNS_MIN_W
            # (the panel's body is 12 narrower than the notice; the rows keep 30 each side)
            n = (max(sum(1 for r in rows if r[0]), sum(1 for r in rows if not r[0]))
                 if columns else sum(notice_row_lines(rows, place.width() - 30 - 72,
                                                       NOTICE_PIECE_W)))
            # the title (46.8) and the band's margins (16), the headline band, the hint
            # under the rows (42); a notice in one column keeps a little more air
            frame = (96 if columns else 104 if n > 4 else 114) + head_h
            row_h = 48 if columns else max(34.0, min(42.0, (place.height() - frame) / n))
            height = frame + row_h * n
            w = place.width() - 30
            top = place.center().y() - height / 2
            if height > place.height() - 20:
                top = place.bottom() - 10 - height
                if height <= place.height():
                    top = max(top, place.top())
            return QRectF(place.center().x() - w / 2, top, w, height), columns, row_h
        head_h = 60
        rect, columns, row_h = min(
            (layout(pl) for pl in NOTICE_PLACES[kind]),
            key=lambda lay: (sum(lay[0].intersects(lr) for lr in legal),
                             any(lay[0].intersects(sr) for sr in shown)))
        rows = [(who, unbroken_tail(txt)) for who, txt in rows]
        left = [r for r in rows if r[0]] if columns else list(rows)
        right = [r for r in rows if not r[0]] if columns else []
        lines = (tuple(1 for _r in left) if columns else
                 tuple(notice_row_lines(rows, rect.width() - 72, NOTICE_PIECE_W)))
        hint = _("Click anywhere to close")

        def draw(p, rc, title=title, headline=headline, colour=colour, left=tuple(left),
                 right=tuple(right), hint=hint, lines=lines):
            body = art.panel(p, rc, title, title_size=24)
            band = QRectF(body.left() + 18, body.top() + 6, body.width() - 36, head_h - 10)
            p.save()
            p.setPen(QPen(art.GOLD, 2))
            p.setBrush(colour)
            p.drawRoundedRect(band, 8, 8)
            p.restore()
            ink = art.PARCHMENT_LIGHT if colour.lightnessF() < .55 else art.INK
            art.text(p, band, headline, art.fit_text(headline, 30, band.width() - 20, True),
                     ink, bold=True)
            x0, room, gap, piece_w = body.left() + 30, body.width() - 60, 28, NOTICE_PIECE_W
            size, split, wrap = notice_columns(left, right, room, gap, piece_w)
            top = band.bottom() + 10
            rx, rw = x0 + split + gap, room - split - gap
            if wrap:  # the right column's rows as one paragraph, wrapped in its column
                art.text(p, QRectF(rx, top, rw, row_h * max(len(left), len(right))),
                         "\n".join(t for _w, t in right), size, art.INK, wrap=True,
                         align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            for col, (x, w) in ((left, (x0, split)), (() if wrap else right, (rx, rw))):
                y = top
                for k, (who, txt) in enumerate(col):
                    two = col is left and lines[k] == 2  # a one-column row that wraps
                    r = QRectF(x, y, w, row_h * (2 if two else 1))
                    tx = r.left()
                    if who:
                        art.piece(p, QPointF(tx + 13, r.top() + row_h / 2), 12, who)
                        tx += piece_w
                    tr = QRectF(tx, r.top(), r.right() - tx, r.height())
                    # two lines: the size at which it fits them, allowing for the break
                    fit = (size if right else
                           art.fit_text(txt, 26, tr.width() * (1.8 if two else 1)))
                    art.text(p, tr, txt, fit, art.INK, wrap=two,
                             align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
                    y += r.height()
            art.text(p, QRectF(body.left(), body.bottom() - 36, body.width(), 30), hint, 18,
                     art.INK_SOFT, italic=True)
        it = self.scene.decoration(QRectF(0, 0, rect.width(), rect.height()), draw, rect.topLeft(),
                              z=60)
        it.signature = f"notice:{kind}"  # not an animation leftover: the next build keeps it
        # the same notice for the next viewer in hot-seat (and again in this language) is
        # a blit of the shared picture, not a drawing (~10 ms at 4K)
        it.picture_key = repr((self.scene.settings, "notice", rect.width(), rect.height(),
                               draw_signature(draw)))
        it.texts = [title, headline, *(txt.replace("\u00a0", " ") for _who, txt in rows)]
        it.setData(DATA_TEXTS, " | ".join(it.texts))
        it.viewer = self.scene.viewer
        it.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.shown[kind] = it

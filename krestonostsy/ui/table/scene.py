"""The table scene: draws one player's ``view`` (engine/view.py) and reports intents.

The scene never decides rules. ``build(view, legal, viewer)`` throws the old items away
and lays out new ones from the view; each item carries the target ids of
``Action.targets`` (``city:<id>``, ``cross:<order>:inner|outer``, ``market:<name>:<slot>``,
``card:<id>``, ``player:<id>``, ``bishop:<no>``). Items naming a target of a legal action
are highlighted and clickable; a click is reported through ``targetClicked(item, pos)``.

Layout of the table (scene units, 2560 × 1460)::

    [round plate][        sanctity track          ][  Saracen track  ]
    [                 ][ order cross ][           markets            ]
    [   map of the    ][             ][                              ]
    [     Levant      ][ event area  ][        battle board          ]
    [ the viewer's board, large, with the hand ][ others, compact ]

The size is chosen for the smallest window we serve: at 1280×800 the table fits at a scale
of about 0.48, so no word is drawn under ``art.MIN_TEXT`` (24) scene pixels — 11.5 screen
pixels (tests/ui/test_legibility.py).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from ...i18n import _, current_language, ngettext
from ..seat_kinds import seat_label
from . import animation, art
from . import components as COMP
from . import labels as L
from . import results as RS
from .items import DATA_TEXTS, TableItem, draw_signature
from .motion import Director

ORDERS = ("build", "prayer", "muster", "march")
W, H = 2560, 1460

R_TOP = QRectF(0, 0, W, 150)
R_PLATE = QRectF(0, 0, 380, 150)
R_SANCTITY = QRectF(395, 0, 1415, 150)
R_SARACEN = QRectF(1825, 0, 735, 150)
R_MAP = QRectF(0, 165, 1000, 880)
R_CROSS = QRectF(1015, 165, 560, 525)
R_EVENT = QRectF(1015, 705, 560, 340)
R_MARKET = QRectF(1590, 165, 970, 605)
R_BATTLE = QRectF(1590, 785, 970, 260)
# during a battle its board takes the whole right column (the markets wait beneath it): the
# tactics played show their text
R_BATTLE_LARGE = QRectF(1590, 165, 970, 880)
R_BOARDS = QRectF(0, 1060, W, 400)
# the state boards: one large (the viewer's, or the one opened with a click), the others
# compact beside it (their words as chips; a click on one opens it large)
COMPACT_MAX_W, LARGE_MIN_W, BOARD_GAP = 560, 1380, 16
# a small card with no price (a card in hand): its name's box lies NAME_SIDE in from the
# sides, NAME_TOP below the top and NAME_FOOT above the bottom (the level's foot)
NAME_SIDE, NAME_TOP, NAME_FOOT = 5, 4, 26
CITY_R, CITY_STEP = 40, 150  # a city token on the large board and the room it takes
MAP_ORIGIN = QPointF(35, 205)  # map space (0..1000, 0..800) → scene
MAP_SCALE = 0.93
# a city's item reaches lower than higher (its name's ribbon): its disc lies this far below
# the city's point
CITY_DISC_DY = 11


def _walls_shield(disc: QPointF, r: float) -> QRectF:
    """The shield with a city's level, at the top left of its disc of radius ``r``."""
    return QRectF(disc.x() - r - 16, disc.y() - r - 10, 40, 46)


# The sections of the table, each laid out by the method of that name from the view.
# (The state boards are sections too, one per state: see ``TableScene._plan``.)
# The notices over the table (a battle's result, a round's summary): where each may lie,
# in order of preference (the first that covers no legal target), and how long it stays.
# The battle's result lies on the battle board's strip (empty between battles) and fits
# it: the sides' losses in a column on the left, what became of the city on the right, so
# it never reaches up over the markets' bottom row (or, second, over the event: there
# when a scenario's components fill the strip).
NOTICE_PLACES = {"battle": (R_BATTLE, R_EVENT),
                 "round": (R_MARKET, QRectF(20, 240, 960, 700), R_CROSS)}
NOTICE_MS = {"battle": 7000, "round": 12000}  # only with TableScene.notices_stay off
NOTICE_COLUMNS_MIN_W = 800  # narrower, a battle's result stands in one column
NOTICE_PIECE_W = 36  # a row of a state begins with its piece

# A panel's words (or ring) lie just above its parchment, in a picture of their own, and
# under everything else on it (nothing else lies between z and z + this)
PANEL_WORDS_Z = 0.05

SECTIONS = ("_plate", "_sanctity", "_saracen_track", "_map", "_cross", "_event", "_markets",
            "_battle", "_scenario_strip", "_campaign_map")


class _ViewReader(dict):
    """The view, noting which of its top-level keys a section reads (``*``: all of them)."""

    def __init__(self, view: dict):
        super().__init__(view)
        self.read: set[str] = set()

    def get(self, key, default=None):
        self.read.add(key)
        return super().get(key, default)

    def __getitem__(self, key):
        self.read.add(key)
        return super().__getitem__(key)

    def __contains__(self, key) -> bool:
        self.read.add(key)
        return super().__contains__(key)

    def items(self):
        self.read.add("*")
        return super().items()

    def keys(self):
        self.read.add("*")
        return super().keys()

    def values(self):
        self.read.add("*")
        return super().values()

    def __iter__(self):
        self.read.add("*")
        return super().__iter__()


def _notice_columns(left, right, room: float, gap: float, piece_w: float) -> tuple[float, float, bool]:
    """How a notice's two columns of rows share ``room``: the font size (the largest from
    26 down to ``art.MIN_TEXT`` at which every row fits its column on one line), the left
    column's width (what its rows need) and whether the right column's rows must wrap
    (even the smallest size leaves them too little room: they are then one paragraph)."""
    from PySide6.QtGui import QFontMetricsF
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


def _unbroken_tail(text: str) -> str:
    """``text`` whose last word, when short (a level "I", "II"), is bound to the word before
    it: a wrapped line never ends with it alone on the next line."""
    head, sep, last = text.rpartition(" ")
    return f"{head}\u00a0{last}" if sep and len(last) <= 3 else text


def _notice_row_lines(rows, room: float, piece_w: float) -> list[int]:
    """How many lines each row of a one-column notice takes in ``room``: two for a row too
    long for it even at the smallest legible size (it then wraps), else one."""
    from PySide6.QtGui import QFontMetricsF
    fm = QFontMetricsF(art.font(art.MIN_TEXT))
    return [2 if fm.horizontalAdvance(t) > room - (piece_w if who else 0) else 1
            for who, t in rows]


def _board():
    c = L._content()
    return c.board if c is not None else None


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


class TableScene(QGraphicsScene):
    targetClicked = Signal(object, object)  # item, screen position (QPoint)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setSceneRect(QRectF(-12, -12, W + 24, H + 24))
        self.view_data: dict | None = None
        self._viewer: str | None = None
        self._expanded: str | None = None  # the board opened large with a click
        self._legal_targets: set[str] = set()
        self._read_viewer = self._read_legal = False
        self.last_ids: set[str] = set()
        self._old_pos: dict[str, QPointF] = {}
        self._legal_items: list[TableItem] = []
        self._pool: dict[str, list[TableItem]] = {}
        self._settings_sig: tuple = ()
        self._tips: dict[tuple, str] = {}
        self._sections: dict[str, tuple] = {}  # section -> (its inputs, its items)
        self._reprs: dict[str, str] = {}
        self._args: dict[str, tuple] = {}  # section -> the arguments it was laid out with
        self.motion = Director(self)  # what happened, from the engine's log
        self._added: list[TableItem] = []
        self.notices: dict[str, TableItem] = {}  # kind -> the notice shown
        self.redone: list[str] = []
        self._staged_log: list | None = None  # a staged build's log (reveal opens its notices)
        self._notice_seen: dict[tuple, int] = {}  # (viewer, kind) -> the last result shown
        # one timer per kind of notice, started again by each new notice (a timer made per
        # notice stayed a child of the scene after it fired: ~50 per game)
        self._notice_timers: dict[str, QTimer] = {}
        # A result the viewer took part in stays until they click (issue 28: a battle's
        # result went while the bot played on); off, every notice goes after NOTICE_MS.
        self.notices_stay = True
        self._queued: tuple | None = None  # (kind, result) waiting under an open notice
        for kind in NOTICE_MS:
            timer = self._notice_timers[kind] = QTimer(self)
            timer.setSingleShot(True)
            timer.timeout.connect(lambda kind=kind: self._dismiss(kind))

    # --- public ---------------------------------------------------------------------------

    def build(self, view: dict, legal=(), viewer: str | None = None,
              log: list | None = None, staged: bool = False) -> None:
        """Show ``view``: each part of the table (a section) is laid out again only when
        the parts of the view it reads changed; within a section, items that paint the same
        picture as before are kept. Unchanged items keep their cached pictures, so the
        repaint after an action redraws only what changed.

        ``staged``: the table is laid out behind the hand-off screen, unseen — what the
        others did is marked but not played yet, and the notices of a battle or a round
        are not opened yet: :meth:`reveal` does both when the player is at the screen."""
        animation.finish_all()
        self.redone: list[str] = []  # the sections laid out again by this build (tests)
        if not staged:
            self._staged_log = None
        prev_viewer = self._viewer
        self._viewer = viewer if viewer is not None else (view or {}).get("viewer")
        before = self.motion.snapshot(log, self.table_items())  # motion.py: what happened
        for it in self.items():  # animation decorations left over
            if it.parentItem() is None and not isinstance(getattr(it, "signature", None), str):
                self.removeItem(it)
        old_settings, self._settings_sig = self._settings_sig, (current_language(),
                                                                art.colour_blind())
        self.view_data = view or {}
        L.set_view(self.view_data)
        self.viewer = viewer if viewer is not None else (view or {}).get("viewer")
        if self._viewer != prev_viewer:
            self._expanded = None  # a new reader sees their own board large
        self.legal_targets = set()
        for a in legal or ():
            self.legal_targets.update(t for t in a.targets if not t.startswith("choice:"))
        v = self.view_data
        self._pool = {}
        self._reprs = {}  # the parts of this view as text (_section_inputs)
        plan = self._plan(v)
        redo = []
        for name, (_method, args, narrow) in plan.items():
            inputs, items = self._sections.get(name, (None, []))
            if inputs is not None and inputs == self._section_inputs(v, args, narrow, *inputs[:3]):
                continue  # nothing it shows changed: its items stay as they are
            shift = self._shift(self._args.get(name), args)
            if inputs is not None and shift is not None and inputs == self._section_inputs(
                    v, self._args[name], narrow, *inputs[:3]):
                # the same picture moved aside (a compact board when the viewer changes):
                # its items move by whole screen pixels (within half a pixel of the
                # place), so their cached pictures stay
                shift = self._whole_pixels(shift)
                for it in items:
                    it.moveBy(shift.x(), shift.y())
                self._sections[name] = (self._section_inputs(v, args, narrow, *inputs[:3]),
                                        items)
                self._args[name] = args
                continue
            redo.append(name)
            for it in items:
                self._pool.setdefault(it.signature, []).append(it)
        self.redone = redo
        for name, (_inputs, items) in list(self._sections.items()):
            if name not in plan:  # a section this view does not have (another viewer's board)
                del self._sections[name]
                self._args.pop(name, None)
                for it in items:
                    self._pool.setdefault(it.signature, []).append(it)
        for name in redo:
            method, args, narrow = plan[name]
            reader = _ViewReader(v)
            self._added, self._read_viewer, self._read_legal = [], False, False
            method(reader, *args)
            self._sections[name] = (self._section_inputs(
                v, args, narrow, frozenset(reader.read), self._read_viewer, self._read_legal),
                self._added)
            self._args[name] = args
        for items in self._pool.values():  # what the new view no longer shows
            for it in items:
                self.removeItem(it)
        self._pool = {}
        self._added = []
        # marks (and plays, unless staged) the others' moves from the log
        self.motion.show(log, before, play=not staged)
        self._apply_highlights()
        if old_settings != self._settings_sig:  # the open notices, in the new words
            for kind, it in list(self.notices.items()):
                self._open_notice(kind, it.result)
        elif self.notices and v.get("battle"):
            # a battle began while a notice is open: its board is read now, the notice
            # moves off it
            board = [it.sceneBoundingRect() for it in self._sections.get("_battle", (None, []))[1]]
            for kind, it in list(self.notices.items()):
                seen = it.sceneBoundingRect()
                if any(seen.intersects(b) for b in board):
                    self._open_notice(kind, it.result)
        if staged:
            if log is not None:
                self._staged_log = log
            if any(getattr(it, "viewer", self._viewer) != self._viewer
                   for it in self.notices.values()):
                self.dismiss_notices()  # the last player's notices are not for the next
        elif log is not None:
            self._show_results(log)

    @property
    def staged(self) -> bool:
        """Laid out by a staged :meth:`build` and not revealed yet."""
        return self._staged_log is not None or self.motion.pending

    def reveal(self) -> None:
        """The player is at the screen: play what the others did and open the notices
        that a staged :meth:`build` held back (nothing when the build was not staged)."""
        log, self._staged_log = self._staged_log, None
        self.motion.play_pending()
        if log is not None:
            self._show_results(log)

    def _whole_pixels(self, shift: QPointF) -> QPointF:
        """``shift`` rounded to whole pixels of the (first) view showing the table."""
        views = self.views()
        k = views[0].transform().m11() if views else 0.0
        if k <= 0:
            return shift
        return QPointF(round(shift.x() * k) / k, round(shift.y() * k) / k)

    @staticmethod
    def _shift(old: tuple | None, new: tuple) -> QPointF | None:
        """How far a section moved when its arguments differ only in where its rectangle
        lies (same size): None when anything else differs."""
        if old is None or len(old) != len(new):
            return None
        shift = None
        for a, b in zip(old, new, strict=True):
            if isinstance(a, QRectF) and isinstance(b, QRectF) and a != b:
                if shift is not None or a.size() != b.size():
                    return None
                shift = b.topLeft() - a.topLeft()
            elif a != b:
                return None
        return shift

    def _plan(self, v: dict) -> dict[str, tuple]:
        """The sections of the table for this view: name -> (method, extra arguments,
        narrowing). A narrowing maps a view key to the part of it the section shows (a
        state's board shows its own player entry, and of the decision only who acts)."""
        plan: dict[str, tuple] = {name: (getattr(self, name), (), {}) for name in SECTIONS}
        board = _board()
        if board is not None:
            # the map's roads show of the cities only which are out of the game; each city
            # is its own section, reading only its own entry
            plan["_map"] = (self._map, (), {"cities": lambda cs: sorted(
                c for c, cv in (cs or {}).items() if (cv or {}).get("removed"))})
            for cid in board.cities:
                plan[f"city:{cid}"] = (self._city, (cid,), {
                    "cities": lambda cs, cid=cid: (cs or {}).get(cid)})
        for sid, rect, large in self._board_rects(v):
            # whose board it is to the viewer is an argument: a board that stays another
            # state's is not laid out again for a new viewer (it may only move aside)
            plan[f"board:{sid}"] = (self._board_panel, (sid, rect, large, sid == self._viewer), {
                "players": lambda pl, sid=sid: (pl or {}).get(sid),
                # of the cities, only the level and governor of the state's own (the rest,
                # e.g. a bishop's level, differs between viewers and is not on the board)
                "cities": lambda cs, sid=sid: [
                    (c, ((cs or {}).get(c) or {}).get("level"), ((cs or {}).get(c) or {})
                     .get("governor")) for c in ((v.get("players") or {}).get(sid) or {})
                    .get("cities") or ()],
                # of the decision, only whether this state is the one to move (or thinking)
                "decision": lambda d, sid=sid: ((d or {}).get("player") == sid
                                                and ((d or {}).get("thinking") or True))})
        return plan

    def _section_inputs(self, v: dict, args: tuple, narrow: dict, keys: frozenset,
                        viewer: bool, legal: bool) -> tuple:
        """What a section's picture depends on: the parts of the view it read (narrowed),
        its arguments, the language and colour-blind setting, and the viewer and the legal
        targets when it read them."""
        def part(k: str) -> str:  # each part said once per build (sections share them)
            if k in narrow:
                return repr(narrow[k](v.get(k)))
            text = self._reprs.get(k)
            if text is None:
                text = self._reprs[k] = repr(v) if k == "*" else repr(v.get(k))
            return text
        data = part("*") if "*" in keys else tuple((k, part(k)) for k in sorted(keys))
        return (keys, viewer, legal, data, repr(args), self._settings_sig,
                self._viewer if viewer else None,
                sorted(self._legal_targets) if legal else None)

    # the viewer and the legal targets, noting that the section being laid out read them
    @property
    def viewer(self) -> str | None:
        self._read_viewer = True
        return self._viewer

    @viewer.setter
    def viewer(self, value: str | None) -> None:
        self._viewer = value

    @property
    def legal_targets(self) -> set[str]:
        self._read_legal = True
        return self._legal_targets

    @legal_targets.setter
    def legal_targets(self, value: set[str]) -> None:
        self._legal_targets = value

    def panel_around(self, point: QPointF) -> QRectF | None:
        """The smallest titled panel (a parchment of :meth:`add_panel`: the orders, the
        event, a state's board…) that holds the scene ``point``, in scene coordinates: what a hint
        about a place on it explains (``ui/tutorial.py`` keeps its bubble off it)."""
        rects = [r for it in self.table_items() if getattr(it, "explains", False) and it.isVisible()
                 for r in (it.sceneBoundingRect(),) if r.contains(point)]
        return min(rects, key=lambda r: r.width() * r.height(), default=None)

    def table_items(self) -> list[TableItem]:
        """Every item of the table (not the animation decorations), in no special order."""
        return [it for _inputs, items in self._sections.values() for it in items]

    # --- animations (motion.py reads the log, animation.py moves) --------------------------

    def _decoration(self, rect: QRectF, draw, pos: QPointF, z: float = 6.0) -> TableItem:
        """A throw-away item for an animation: never hovered, clicked nor read as a target."""
        it = TableItem(rect, draw)
        it.setAcceptHoverEvents(False)
        it.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        it.setPos(pos)
        it.setZValue(z)
        self.addItem(it)
        return it

    def item_clicked(self, item: TableItem, screen_pos) -> None:
        self.targetClicked.emit(item, screen_pos)

    def items_with_target(self, target: str) -> list[TableItem]:
        return [it for it in self.table_items() if target in it.targets]

    def legal_items(self) -> list[TableItem]:
        return list(self._legal_items)

    def present_targets(self) -> set[str]:
        out = set()
        for it in self.table_items():
            out.update(it.targets)
        return out

    def set_last(self, ids) -> None:
        """Mark the items of ``ids`` (targets or keys, e.g. from the log) as the last move,
        besides what changed since the viewer last acted."""
        self.last_ids = set(ids or ())
        for it in self.table_items():
            it.set_last(self._is_last(it))

    def _is_last(self, it: TableItem) -> bool:
        return self.motion.marked(it) or bool(self.last_ids & (set(it.targets) | {it.key}))

    # --- notices: a battle's result, a round's summary (results.py) ---------------------------

    def _show_results(self, log: list) -> None:
        """Show what a battle or a round that ended since this viewer last looked came to,
        read from ``log`` (the entries the viewer may read). A notice stays until a click
        anywhere on the table or for a few seconds; it never takes a click (the click goes
        on to what lies beneath) and it lies where it covers no legal target if it can."""
        viewer = self._viewer
        if any(getattr(it, "viewer", viewer) != viewer for it in self.notices.values()):
            self.dismiss_notices()  # another player's notices are not this one's to read
        found = {"battle": RS.last_battle(log) if not self.view_data.get("battle") else None,
                 "round": RS.last_round(log)}
        for kind, result in found.items():
            key = (viewer, kind)
            seen = self._notice_seen.get(key)
            at = result.at if result is not None else -1
            self._notice_seen[key] = max(at, -1 if seen is None or seen >= len(log) else seen)
            if result is None or seen is None or at <= seen:
                continue  # nothing new (or the first look: what came before is history)
            self._open_notice(kind, result)

    def _open_notice(self, kind: str, result) -> None:
        battle = self.notices.get("battle")
        if kind == "round" and battle is not None and self._stays(battle.result):
            self._queued = (kind, result)  # the round's summary waits: it would cover it
            return
        lines = self._battle_lines(result) if kind == "battle" else self._round_lines(result)
        self._notice(kind, *lines)
        self.notices[kind].result = result  # to say it again in another language
        if not self._stays(result):
            self._notice_timers[kind].start(NOTICE_MS[kind])

    def _stays(self, result) -> bool:
        """The notice of ``result`` waits for the viewer's click (see ``notices_stay``)."""
        return self.notices_stay and result.involves(self._viewer)

    def dismiss_notices(self) -> None:
        self._queued = None
        for kind in list(self.notices):
            self._dismiss(kind)

    def _dismiss(self, kind: str) -> None:
        it = self.notices.pop(kind, None)
        if it is not None and it.scene() is self:
            self.removeItem(it)
        self._notice_timers[kind].stop()

    def mousePressEvent(self, event) -> None:
        queued = self._queued
        self.dismiss_notices()  # a click closes the notices and still reaches the table
        if queued is not None:  # then the one that waited under them opens
            self._open_notice(*queued)
        super().mousePressEvent(event)

    def _notice(self, kind: str, title: str, headline: str, colour: QColor, rows: list) -> None:
        """A parchment card over the table: a title, a headline in the winner's colour, and
        rows of (state or None, text); laid where it hides no legal target if it can. A
        battle's result puts the rows of a state (its losses) in a column on the left and
        the others (the city's fate) on the right, so it fits the battle board's strip."""
        self._dismiss(kind)
        legal = [it.sceneBoundingRect() for it in self._legal_items]
        # what the player reads there now, so a notice lies elsewhere: a scenario's
        # components between battles (the trade board, the oaths, the warlord, in the
        # battle board's strip) and a battle going on (its board takes the right column)
        read = ["_scenario_strip"] + (["_battle"] if self.view_data.get("battle") else [])
        shown = [it.sceneBoundingRect() for name in read
                 for it in self._sections.get(name, (None, []))[1]]

        def layout(place: QRectF) -> tuple[QRectF, bool, float]:
            """The notice in ``place``: its rectangle (centred; nearly as tall, it stays
            inside; taller, it rises from the place's bottom edge), whether its rows
            stand in two columns (a battle's, where the place is wide enough) and the
            height of a row (closer, down to 34, to stay within a low place)."""
            columns = kind == "battle" and place.width() >= NOTICE_COLUMNS_MIN_W
            # (the panel's body is 12 narrower than the notice; the rows keep 30 each side)
            n = (max(sum(1 for r in rows if r[0]), sum(1 for r in rows if not r[0]))
                 if columns else sum(_notice_row_lines(rows, place.width() - 30 - 72,
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
        rows = [(who, _unbroken_tail(txt)) for who, txt in rows]
        left = [r for r in rows if r[0]] if columns else list(rows)
        right = [r for r in rows if not r[0]] if columns else []
        lines = (tuple(1 for _r in left) if columns else
                 tuple(_notice_row_lines(rows, rect.width() - 72, NOTICE_PIECE_W)))
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
            size, split, wrap = _notice_columns(left, right, room, gap, piece_w)
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
        it = self._decoration(QRectF(0, 0, rect.width(), rect.height()), draw, rect.topLeft(),
                              z=60)
        it.signature = f"notice:{kind}"  # not an animation leftover: the next build keeps it
        # the same notice for the next viewer in hot-seat (and again in this language) is
        # a blit of the shared picture, not a drawing (~10 ms at 4K)
        it.picture_key = repr((self._settings_sig, "notice", rect.width(), rect.height(),
                               draw_signature(draw)))
        it.texts = [title, headline, *(txt.replace("\u00a0", " ") for _who, txt in rows)]
        it.setData(DATA_TEXTS, " | ".join(it.texts))
        it.viewer = self._viewer
        it.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.notices[kind] = it

    def _battle_lines(self, r: RS.BattleResult) -> tuple:
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

    def _round_lines(self, r: RS.RoundSummary) -> tuple:
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
        for sid in self.view_data.get("states") or sorted(r.coins):
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

    # --- helpers ---------------------------------------------------------------------------

    def _apply_highlights(self) -> None:
        self._legal_items = []
        for it in self.table_items():
            legal = bool(self.legal_targets & set(it.targets))
            it.set_legal(legal)
            if legal:
                self._legal_items.append(it)
            it.set_last(self._is_last(it))

    def add(self, rect, draw=None, pos=(0, 0), z=0.0, **kw) -> TableItem:
        """An item of the table; the same item as before when it paints the same picture."""
        pos = QPointF(*pos) if isinstance(pos, tuple) else QPointF(pos)
        rect = QRectF(rect)
        sig = repr((self._settings_sig, rect.width(), rect.height(), z, sorted(kw.items()),
                    draw_signature(draw)))
        kept = self._pool.get(sig)
        if kept:  # the same picture, here or elsewhere (a board moved aside): moved, its
            # cached picture stays (a translation keeps a DeviceCoordinateCache)
            it = TableItem.nearest(kept, pos + rect.topLeft())
            self._added.append(it)
            it.card_id = None  # the caller sets it again; highlights are set after the build
            return it
        it = TableItem(rect, draw, **kw)
        it.signature = it.picture_key = sig
        self._added.append(it)
        it.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        it.setPos(pos)
        it.set_base_z(z)
        self.addItem(it)
        return it

    def _card_body(self, card_id: str) -> tuple[str, str]:
        """A card's rules text without its name, for a large card on the table: (the text,
        the bottom half's text). A tactic's bottom half is said apart, so it is drawn on
        the card's lower half — the half an opponent may cover."""
        key = ("body", card_id, current_language())
        text = self._tips.get(key)
        if text is None:
            from ...content.models import SaracenTactic, Tactic
            from ...content.text import card_lines
            obj = L.card(card_id)
            try:
                lines = card_lines(obj, current_language()) if obj is not None else []
            except Exception:  # a card the text generator does not know: its name only
                lines = []
            bottom = lines.pop() if isinstance(obj, (Tactic, SaracenTactic)) and lines else ""
            if bottom and len(lines) > 1:  # a tactic's face: its two halves (its price is
                lines = lines[-1:]        # drawn as goods, its origin is in the preview)
            text = self._tips[key] = ("\n".join(lines), bottom)
        return text

    def _card_tip(self, card_id: str | None) -> str:
        """A card's full text for its tooltip; made once per card and language."""
        key = (card_id, current_language())
        tip = self._tips.get(key)
        if tip is None:
            tip = self._tips[key] = L.card_text(card_id)
        return tip

    def add_panel(self, rect: QRectF, title: str | None = None, dark=False, key=None,
                  title_size=22) -> QRectF:
        # the parchment and its title are two pictures: the parchment's is the same
        # whatever the title says (the battle board of every city, at 4K ~20 ms to draw)
        # a titled panel is a part of the table a hint may explain (panel_around)
        self.add(rect, lambda p, r: art.panel(p, r, dark=dark), z=-10, key=key).explains = \
            bool(title)
        if title:  # an item as large as the title's band (its picture is no larger)
            band = QRectF(rect.left() + 6, rect.top() + 6, rect.width() - 12,
                          title_size * 1.45 + 6)
            self.add(band, lambda p, r: art.panel_title(p, rect, title, title_size),
                     z=-10 + PANEL_WORDS_Z, texts=[title])
        # compute the body rect without painting
        inner = rect.adjusted(6, 6, -6, -6)
        if title:
            return QRectF(inner.left(), inner.top() + title_size * 1.45 + 6, inner.width(),
                          inner.height() - title_size * 1.45 - 6)
        return inner

    # --- round plate ----------------------------------------------------------------------

    def _plate(self, v: dict) -> None:
        r = R_PLATE
        rnd = v.get("round", 0)
        phase = v.get("phase", "")
        d = v.get("decision") or {}
        who = d.get("player")
        line1 = _("Round {n} of {total}").format(n=rnd, total=v.get("last_round", 6)) if rnd else _("Setup")
        line2 = _(L.PHASE_NAMES.get(phase, L.humanise(phase or "")))
        mine = bool(who) and who == self.viewer
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

    # --- sanctity track -------------------------------------------------------------------

    def _sanctity(self, v: dict) -> None:
        board = _board()
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

    # --- Saracen track ----------------------------------------------------------------------

    def _saracen_track(self, v: dict) -> None:
        board = _board()
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

    # --- map ----------------------------------------------------------------------------------

    def _mp(self, xy) -> QPointF:
        return QPointF(MAP_ORIGIN.x() + xy[0] * MAP_SCALE, MAP_ORIGIN.y() + xy[1] * MAP_SCALE)

    def _map(self, v: dict) -> None:
        board = _board()
        cities_v = v.get("cities") or {}
        if board is None:
            return
        self.add(R_MAP, self._draw_map_bg, z=-10, key="map")
        # roads
        drawn = set()
        for a, ns in board.adjacency.items():
            for b in ns:
                if (b, a) in drawn:
                    continue
                drawn.add((a, b))
                pa, pb = self._mp(board.cities[a].position), self._mp(board.cities[b].position)
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

    def _draw_map_bg(self, p: QPainter, rc: QRectF) -> None:
        art.panel(p, rc)
        inner = rc.adjusted(14, 14, -14, -14)
        p.save()
        clip = QPainterPath()
        clip.addRoundedRect(inner, 8, 8)
        p.setClipPath(clip)
        # desert wash to the east
        from PySide6.QtGui import QLinearGradient
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
            coast.lineTo(self._mp((x - 20, y + 0)) if False else
                         QPointF(MAP_ORIGIN.x() + (x - 60) * MAP_SCALE,
                                 MAP_ORIGIN.y() + y * MAP_SCALE * 1.0 - 0))
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
        orontes = QPainterPath(self._mp((430, 600)))
        orontes.cubicTo(self._mp((460, 470)), self._mp((420, 360)), self._mp((440, 230)))
        orontes.cubicTo(self._mp((450, 160)), self._mp((330, 110)), self._mp((150, 130)))
        p.drawPath(orontes)
        euph = QPainterPath(self._mp((1000, 40)))
        euph.cubicTo(self._mp((880, 120)), self._mp((900, 260)), self._mp((960, 330)))
        euph.cubicTo(self._mp((990, 380)), self._mp((1000, 420)), self._mp((1010, 470)))
        p.drawPath(euph)
        jordan = QPainterPath(self._mp((560, 590)))
        jordan.cubicTo(self._mp((600, 650)), self._mp((580, 720)), self._mp((640, 800)))
        p.drawPath(jordan)
        # mountains (Lebanon range) and desert stipple
        p.setPen(QPen(art.INK_SOFT, 1.6))
        for (x, y) in ((230, 300), (250, 335), (300, 455), (320, 490), (455, 615), (480, 650),
                       (350, 80), (395, 95), (150, 520), (660, 95)):
            c = self._mp((x, y))
            path = QPainterPath(c + QPointF(-16, 8))
            path.lineTo(c + QPointF(-3, -12))
            path.lineTo(c + QPointF(4, -2))
            path.lineTo(c + QPointF(9, -9))
            path.lineTo(c + QPointF(20, 8))
            p.setBrush(QColor(200, 175, 130, 120))
            p.drawPath(path)
            p.drawLine(c + QPointF(-3, -12), c + QPointF(0, 6))
        import random as _r
        rnd = _r.Random(5)
        p.setPen(QPen(QColor(140, 100, 50, 110), 2))
        for _k in range(260):
            x, y = rnd.uniform(760, 1000), rnd.uniform(230, 780)
            if abs(x - 820) < 60 and abs(y - 400) < 60:
                continue
            p.drawPoint(self._mp((x, y)))
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

    def _ribbon_aside(self, cid: str, c: QPointF, name_w: float, r: float) -> float:
        """How far city ``cid``'s name ribbon moves sideways so that no other city's walls
        shield covers the end of the name (on this map Antioch's ribbon meets Apamea's
        shield, Apamea's Homs', Damascus' Jerusalem's: the longer the name, the more)."""
        board = _board()
        if board is None:
            return 0.0
        disc = QPointF(c.x(), c.y() + CITY_DISC_DY)
        ribbon = QRectF(disc.x() - name_w / 2, disc.y() + r - 6, name_w, 34)
        for other, city in board.cities.items():
            if other == cid:
                continue
            o = self._mp(city.position)
            shield = _walls_shield(QPointF(o.x(), o.y() + CITY_DISC_DY), r)
            if shield.intersects(ribbon):
                if shield.center().x() >= ribbon.center().x():
                    return -(ribbon.right() - shield.left() + 3)
                return shield.right() - ribbon.left() + 3
        return 0.0

    def _city(self, v: dict, cid: str) -> None:
        """One city of the map: a section of its own (``_plan``), laid out again only when
        its own entry of the view changes — a march redraws the two cities it touches, not
        the fourteen."""
        city = _board().cities[cid]
        cv = (v.get("cities") or {}).get(cid) or {}
        c = self._mp(city.position)
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
        from PySide6.QtGui import QFontMetricsF
        name_w = QFontMetricsF(art.font(art.MIN_TEXT, bold=True)).horizontalAdvance(name) + 18
        name_dx = self._ribbon_aside(cid, c, name_w, R)

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
            sh = _walls_shield(cc, R)
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

    # --- the order cross ------------------------------------------------------------------

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
                        self._order_token(p, rc.center(), tr, owner, order, enhanced)
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
                    self._order_token(p, QPointF(rc.x() + 20 + k * 36, rc.y() + 108), 15, "automa",
                                      tok, tok == "boost")
            self.add(QRectF(body.left() + 4, body.top() + 4, 176, 128), adraw, z=-1,
                     texts=[line], key="automa:tokens", tooltip=_("The automa's tokens: shuffled face down; "
                                             "a boost sends the next token to the outer cell"))

    def _order_token(self, p: QPainter, c: QPointF, r: float, owner: str, order: str,
                     enhanced: bool) -> None:
        art.order_token(p, c, r, owner, order, enhanced)

    # --- event area --------------------------------------------------------------------------

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
                       tooltip=self._card_tip(ev) if ev else ngettext(
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
        from ...content.text import ROUND_MODIFIER_TEMPLATES, modifier_text
        for k, val in mods.items():
            if k in ROUND_MODIFIER_TEMPLATES:
                info.append(modifier_text(k, val, current_language()))
        # raid table rows beside the card; what does not fit goes on in the tooltip
        rows = []
        obj = L.card(ev) if ev else None
        for row in getattr(obj, "raid_table", ()) or ():
            rng = f"{row.low}–{row.high}" if row.high is not None else f"{row.low}+"
            rows.append((rng, self._effect_text(row.effect)))
        tx = er.right() + 12
        tw = body.right() - tx - 6
        from PySide6.QtGui import QFontMetricsF
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

    def _effect_text(self, effect) -> str:
        try:
            from ...content.text import effect_text
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

    # --- markets -----------------------------------------------------------------------------

    def _card_item(self, rect: QRectF, card_id: str | None, targets=(), face_down=False,
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
        body = self._card_body(card_id) if (card_id and not face_down and w >= 170
                                            and h >= 200) else ("", "")
        cap_w = max(w + 80, 184)  # a face-down deck's caption spreads beyond the card
        name_h = min(h * .3, 90)
        if body[0] or body[1]:  # the name's box: no higher than its lines at 28 px need
            from PySide6.QtGui import QFontMetricsF
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
        tt = tip if tip is not None else (self._card_tip(card_id) if card_id and not face_down else None)
        pad = (cap_w - w) / 2
        bleed = (0, 0, caption_right + 12, 0) if caption and face_down and caption_right \
            else (pad, 0, pad, 32) if caption and face_down else (0, 0, 0, 0)
        it = self.add(QRectF(-w / 2, -h / 2, w, h), draw, pos=rect.center(), z=z,
                      targets=targets, key=key, tooltip=tt, texts=texts, radius=6, bleed=bleed)
        it.card_id = card_id if (card_id and not face_down and not closed) else None
        if rotate:
            it.setTransform(QTransform().rotate(rotate))
        return it

    def _battle_wide(self, v: dict) -> bool:
        """Does the battle board take the whole right column? During a battle, except
        while the decision is about a market card (e.g. the governor of a captured city
        is chosen from the market before the battle is over): the player must see it.
        The legal targets are read only during a battle, so between battles the markets
        do not depend on them (and are not laid out again at every action)."""
        return bool(v.get("battle")) and not any(t.startswith("market:")
                                                 for t in self.legal_targets)

    def _markets(self, v: dict) -> None:
        if self._battle_wide(v):
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
                    self._card_item(QRectF(x, cy, cw, chh), top,
                                    targets=[f"card:{top}", "market:buildings_0:0"] if top else [],
                                    key=f"market:{g}:0", caption=None if top else _("empty"))
                else:
                    slots = list(markets.get(g) or [None] * size)
                    n_open = opened.get(g, len(slots))
                    for i, cid in enumerate(slots):
                        closed = i >= n_open
                        self._card_item(QRectF(x + i * (cw + gap), cy, cw, chh), cid,
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
        from PySide6.QtGui import QFontMetricsF
        fm = QFontMetricsF(art.font(art.MIN_TEXT))
        caps = [_(L.DECK_NAMES.get(name, name)) for name, _back in backs]
        need = [dw + 18 + fm.horizontalAdvance(cap) + 8 for cap in caps]
        room = body.width() - 24
        spare = (room - sum(need)) / len(need)
        widths = [w + spare for w in need] if spare >= 0 else [room / len(need)] * len(need)
        x0 = lx
        for (name, back), cap, step in zip(backs, caps, widths, strict=True):
            n = decks.get(name, 0)
            self._card_item(QRectF(x0 + 4, y, dw, dh), None, face_down=True,
                            back=back, count=n, caption=cap, key=f"deck:{name}",
                            caption_right=step - dw - 18,
                            tip=ngettext("{deck}: {n} card", "{deck}: {n} cards", n).format(deck=cap,
                                                                                 n=n),
                            targets=[f"market:{name}:0"])
            x0 += step

    # --- battle board ------------------------------------------------------------------------

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
        wide = self._battle_wide(v)
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
                self._card_item(cr, card_id, targets=[f"card:{card_id}"], key=f"battle:card:{i}")
                if not cancelled and "battle:half:top" in self.legal_targets:
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
                    self._card_item(rr, None, face_down=True, key=f"battle:cover:{i}", z=2,
                                    tip=_("Cover card: cancels the {half} half").format(
                                        half=_("bottom") if cancelled == "bottom" else _("top")))
        if not wide:
            return  # the cards in hand come back with the whole column
        # the cards the viewer may play (or how many the Saracen hand holds)
        hy = sy + slot_h + 12
        viewer = self.viewer
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
                 lambda p, rc, label=label: self._section_label(p, rc, label), z=-1,
                 texts=[label])
        if mine:
            k = len(mine)
            top = hy + 34
            hh = body.bottom() - top - 6
            hcw = min(hh / 1.3, (body.width() - 20 - 8 * (k - 1)) / k)
            for i, cid in enumerate(mine):
                self._card_item(QRectF(body.left() + 10 + i * (hcw + 8), top, hcw, hh), cid,
                                targets=[f"card:{cid}"], key=f"battle:hand:{i}")

    # --- the campaign: scenario components, terrain, nicknames (components.py) ---------------

    def _scenario_strip(self, v: dict) -> None:
        COMP.draw_strip(self, v, R_BATTLE)

    def _campaign_map(self, v: dict) -> None:
        COMP.draw_map_marks(self, v)

    # --- state boards -------------------------------------------------------------------------

    def _board_rects(self, v: dict) -> list[tuple[str, QRectF, bool]]:
        """Where each state's board lies, and whether it is the large one: the viewer's (or
        the one the player opened with a click) large on the left, the others compact
        beside it."""
        states = list(v.get("states") or [])
        if not states:
            return []
        large = self._expanded if self._expanded in states else self._viewer
        if large not in states:
            large = states[0]
        order = [large] + [s for s in states if s != large]
        n_small = len(order) - 1
        small_w = min(COMPACT_MAX_W, (R_BOARDS.width() - LARGE_MIN_W - BOARD_GAP * n_small)
                      / max(1, n_small))
        large_w = R_BOARDS.width() - n_small * (small_w + BOARD_GAP)
        out = [(large, QRectF(R_BOARDS.left(), R_BOARDS.top(), large_w, R_BOARDS.height()),
                True)]
        x = R_BOARDS.left() + large_w + BOARD_GAP
        for s in order[1:]:
            out.append((s, QRectF(x, R_BOARDS.top(), small_w, R_BOARDS.height()), False))
            x += small_w + BOARD_GAP
        return out

    def set_expanded(self, sid: str | None) -> bool:
        """Open ``sid``'s board large (None: the viewer's again); True when it changed. The
        caller draws the view again."""
        if sid == self._expanded:
            return False
        self._expanded = sid
        return True

    def compact_board_at(self, scene_pos: QPointF) -> str | None:
        """The state whose compact board lies under ``scene_pos`` (a click opens it)."""
        for sid, rect, large in self._board_rects(self.view_data or {}):
            if not large and rect.contains(scene_pos):
                return sid
        return None

    def _board_panel(self, v: dict, sid: str, rect: QRectF, large: bool, own: bool) -> None:
        pv = (v.get("players") or {}).get(sid) or {}
        d = v.get("decision") or {}
        acting = d.get("player") == sid
        order = v.get("turn_order") or []
        rank = order.index(sid) + 1 if sid in order else None
        name = L.state_name(sid)
        col = art.state_colour(sid)

        def pdraw(p, rc):
            art.panel(p, rc)
            band = QRectF(rc.x() + 8, rc.y() + 8, rc.width() - 16, 56)
            p.setPen(Qt.PenStyle.NoPen)
            c2 = QColor(col)
            c2.setAlpha(200)
            p.setBrush(c2)
            p.drawRoundedRect(band, 6, 6)
            if art.colour_blind():
                p.setBrush(QBrush(art.state_ink(sid), art.STATE_PATTERNS.get(sid, Qt.BrushStyle.NoBrush)))
                p.setOpacity(.2)
                p.drawRoundedRect(band, 6, 6)
                p.setOpacity(1)
        self.add(rect, pdraw, z=-10, key=f"board:{sid}",
                 tooltip=None if large else _("Click to open {state}'s board").format(
                     state=name)).explains = True  # a part of the table (panel_around)
        if acting:  # apart from the panel: its picture stays when the turn passes
            self._ring(rect)
        # header: crest, name, turn order and who moves; coins, units, bishops beside it
        hx, hy = rect.left() + 14, rect.top() + 10
        title = name + ("  · " + _("you") if own else "")
        sub = []
        if (v.get("seats") or {}).get(sid):  # a bot: its level and play style
            sub.append(seat_label(v["seats"][sid]))
        nick = COMP.nickname(v, sid)  # a campaign's nickname, under the state's name
        if nick:
            sub.append(_("“{nickname}”").format(nickname=nick[0]))
        if rank:
            sub.append(_("turn order {n}").format(n=rank))
        if acting:  # a bot of this state at work: "thinking…" (the controller's mark)
            sub.append(_("thinking…") if d.get("thinking") else _("to move"))
        if pv.get("eliminated"):
            sub.append(_("eliminated"))
        hw = rect.width() * (.46 if large else 1.0) - 28
        full_sub = " · ".join(sub)
        if rank and len(sub) > 1:  # too long for the header: the turn order goes first,
            from PySide6.QtGui import QFontMetricsF  # then the nickname (both in the tooltip)
            fm = QFontMetricsF(art.font(art.MIN_TEXT, bold=acting, italic=True))
            order = _("turn order {n}").format(n=rank)
            for drop in (order, _("“{nickname}”").format(nickname=nick[0]) if nick else None):
                if fm.horizontalAdvance(" · ".join(sub)) + 4 <= hw - 48 or drop not in sub:
                    continue
                sub = [x for x in sub if x != drop]
        subtxt = " · ".join(sub)

        def hdraw(p, rc):
            ink = art.state_ink(sid)
            art.piece(p, QPointF(rc.x() + 22, rc.y() + 26), 19, sid)
            art.text(p, QRectF(rc.x() + 48, rc.y() - 2, rc.width() - 48, 30), title, 28, ink,
                     bold=True, caps=True,
                     align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            art.text(p, QRectF(rc.x() + 48, rc.y() + 26, rc.width() - 48, 28), subtxt,
                     art.MIN_TEXT, ink, italic=True, bold=acting,
                     align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.add(QRectF(hx, hy, hw, 52), hdraw, z=1, targets=[f"player:{sid}"],
                 key=f"player:{sid}", texts=[name] + sub,
                 tooltip=_("{state}'s state board").format(state=name)
                 + (f"<br>{full_sub}" if full_sub != subtxt else "")
                 + (f"<br>{nick[1]}" if nick and nick[1] else ""))
        # resources: coins, units and bishops in supply
        coins = pv.get("coins", 0)
        units = pv.get("units", 0)
        bsup = pv.get("bishops_supply")
        if isinstance(bsup, dict):
            btxt = f"I×{bsup.get('1', 0)} II×{bsup.get('2', 0)}"
        else:
            btxt = f"×{int(bsup or 0)}"
        res = [(_("Coins"), str(coins)), (_("Units in supply"), str(units)),
               (_("Bishops in supply"), btxt)]

        def rdraw(p, rc, ink=None):
            x = rc.x()
            ink = ink or art.state_ink(sid)
            mid = rc.center().y()
            art.coin(p, QPointF(x + 18, mid), 18)
            art.text(p, QRectF(x + 40, rc.y(), 50, rc.height()), str(coins), 28, ink, bold=True,
                     align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            x += 92
            art.piece(p, QPointF(x + 15, mid), 15, sid)
            art.text(p, QRectF(x + 34, rc.y(), 64, rc.height()), f"×{units}", 26, ink, bold=True,
                     align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            x += 100
            art.mitre(p, QRectF(x + 2, mid - 16, 28, 32), sid)
            art.text(p, QRectF(x + 36, rc.y(), rc.right() - x - 36, rc.height()), btxt, 26, ink,
                     bold=True, align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        restip = "<br>".join(f"{a}: {b}" for a, b in res)
        inner_l, inner_r = rect.left() + 16, rect.right() - 16
        if large:
            rx = hx + hw + 10
            self.add(QRectF(rx, hy + 4, inner_r - rx, 44), rdraw, z=1,
                     texts=[coins, units, btxt], tooltip=restip)
            if own:  # the viewer's secrets, right of the resources: influence, discard
                self._own_counts(sid, pv, QRectF(rx + 350, hy + 4, inner_r - rx - 350, 44))
            y = rect.top() + 72
            bottom = rect.bottom() - 14
            # left: city tokens (capital first); under them the warehouse and the orders
            left_w = 3 * CITY_STEP + 16
            self._city_tokens(sid, pv, v, QRectF(inner_l, y, left_w, 150))
            orders_w = 4 * 52 + 8
            self._warehouse(sid, pv, QRectF(inner_l, y + 156, left_w - orders_w - 12,
                                            bottom - y - 156))
            self._orders_supply(sid, pv, QRectF(inner_l + left_w - orders_w, y + 156, orders_w,
                                                bottom - y - 156))
            # right: spies and buildings, and under them the hand (own) or its counts
            rx = inner_l + left_w + 20
            mid = y + (bottom - y) / 2
            self._cards_row(sid, pv, own, QRectF(rx, y - 4, inner_r - rx, mid - y),
                            QRectF(rx, mid + 2, inner_r - rx, bottom - mid - 2))
            return
        # compact: resources under the name, then chips (cities, buildings, spies, hand)
        y = rect.top() + 68
        self.add(QRectF(inner_l, y, inner_r - inner_l, 44),
                 lambda p, rc: rdraw(p, rc, art.INK), z=1, texts=[coins, units, btxt],
                 tooltip=restip, key=f"resources:{sid}")
        self._compact_chips(sid, pv, v, QRectF(inner_l, y + 50, inner_r - inner_l,
                                               rect.bottom() - y - 64))

    def _ring(self, rect: QRectF) -> None:
        """The ring around the board of the state to move, just above the board's
        parchment: drawn at each repaint (a stroke), not kept as a picture as large as the
        board."""
        def ring(p, rc):
            p.setPen(QPen(art.LEGAL, 5))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(rc.adjusted(2, 2, -2, -2), 10, 10)
        it = self.add(rect, ring, z=-10 + PANEL_WORDS_Z)
        it.picture_key = None
        it.setCacheMode(QGraphicsItem.CacheMode.NoCache)
        it.setAcceptHoverEvents(False)

    def _own_counts(self, sid: str, pv: dict, rect: QRectF) -> None:
        """The viewer's influence (secret) and personal discard, in the header of the
        large board, right-aligned: «Influence 3   Personal discard 1»."""
        from PySide6.QtGui import QFontMetricsF
        lines = []
        if pv.get("influence") is not None:
            lines.append((_("Influence"), str(pv["influence"])))
        lines.append((_("Personal discard"), str(pv.get("personal_discard", 0))))
        fm_l = QFontMetricsF(art.font(art.MIN_TEXT, italic=True))
        fm_n = QFontMetricsF(art.font(30, True))
        parts = [(a, b, fm_l.horizontalAdvance(a) + 6, fm_n.horizontalAdvance(b) + 4)
                 for a, b in lines]

        def draw(p, rc):  # in the header's ink: it lies on the state's colour band
            ink = art.state_ink(sid)
            x = rc.right()
            for a, b, wa, wb in reversed(parts):
                x -= wb
                art.text(p, QRectF(x, rc.y(), wb, rc.height()), b, 30, ink, bold=True)
                x -= wa
                art.text(p, QRectF(x, rc.y(), wa, rc.height()), a, art.MIN_TEXT, ink,
                         italic=True, align=Qt.AlignmentFlag.AlignLeft
                         | Qt.AlignmentFlag.AlignVCenter)
                x -= 22
        self.add(rect, draw, z=1, texts=[x for ln in lines for x in ln],
                 tooltip=_("Influence is secret until the end of the game"))

    def _section_label(self, p, rc, s):
        art.text(p, QRectF(rc.x(), rc.y() - 2, rc.width(), 30), s, art.MIN_TEXT, art.INK_SOFT,
                 italic=True, align=Qt.AlignmentFlag.AlignLeft)

    # --- a compact board: chips of words, each a target like the piece it stands for --------

    def _compact_chips(self, sid: str, pv: dict, v: dict, area: QRectF) -> None:
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
                              key=f"building:{sid}:{i}", card=cid, tip=self._card_tip(cid),
                              fill=QColor("#fbf3dc"), used=bool(bd.get("used"))))
        for i, s in enumerate(pv.get("spies") or []):
            cid = s.get("card")
            tgt = s.get("target")
            txt = L.card_name(cid) + (f" → {L.state_name(tgt)}" if tgt else "")
            chips.append(dict(text=txt, targets=[f"card:{cid}"], key=f"spy:{sid}:{i}", card=cid,
                              tip=self._card_tip(cid), fill=QColor("#e9dcc4"),
                              used=bool(s.get("used"))))
        if v.get("homs_card") == sid:
            used = bool(pv.get("homs_used"))
            chips.append(dict(text=_("Homs card"), targets=["card:homs_card"], key="homs_card",
                              card="homs_card", tip=self._card_tip("homs_card"),
                              fill=QColor("#dbe8c9"), used=used))
        counts = [(_("Tactics"), pv.get("tactics", 0)), (_("Rescripts"), pv.get("rescripts", 0)),
                  (_("Spies in hand"), pv.get("spies_hand", 0)),
                  (_("Personal discard"), pv.get("personal_discard", 0))]
        for i, (label, n) in enumerate(counts):
            n = len(n) if isinstance(n, list) else int(n or 0)
            chips.append(dict(text=f"{label} {n}", key=f"hidden:{sid}:{i}",
                              tip=f"{label}: {n}", fill=QColor(109, 32, 25, 40)))
        self._chips(area, chips)

    def _chips(self, area: QRectF, chips: list[dict]) -> None:
        """Lay ``chips`` (text, targets, key, tip, card, fill, used) in rows across
        ``area``; what does not fit ends in a last chip «+N» that lists the rest."""
        from PySide6.QtGui import QFontMetricsF
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

    # --- the large board ---------------------------------------------------------------------

    def _city_tokens(self, sid: str, pv: dict, v: dict, area: QRectF) -> None:
        board = _board()
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
                self._dial(p, QPointF(rc.center().x(), rc.top() + R + 8), R, city, level, capital)
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
                              + self._card_tip(gov), texts=[gname])
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
                      tooltip=self._card_tip("homs_card")
                      + ("<br>" + _("Used this round") if used else ""))
        it.card_id = "homs_card"

    def _dial(self, p: QPainter, c: QPointF, R: float, city, level: int, capital: bool) -> None:
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

    def _warehouse(self, sid: str, pv: dict, area: QRectF) -> None:
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
            self._section_label(p, rc, _("Warehouse"))
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

    def _orders_supply(self, sid: str, pv: dict, area: QRectF) -> None:
        orders = list(pv.get("orders") or [])

        def draw(p, rc):
            self._section_label(p, rc, _("Orders in supply"))
        self.add(area, draw, z=-1)
        for i, o in enumerate(orders):
            c = QPointF(area.left() + 26 + (i % 4) * 52, area.top() + 62 + (i // 4) * 52)
            self.add(QRectF(-23, -23, 46, 46),
                     lambda p, rc, o=o: self._order_token(p, rc.center(), 22, sid, o, False),
                     pos=c, z=1, round_shape=True, key=f"piece:order:{sid}:{o}:supply",
                     tooltip=L.order_name(o), texts=[L.order_name(o)])

    def _cards_row(self, sid: str, pv: dict, own: bool, area: QRectF, hand_area: QRectF) -> None:
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
                self._section_label(p, QRectF(x, rc.y(), right - x - 4, 30), s)
        self.add(QRectF(area.left(), area.top(), area.width(), 30), lab, z=-1,
                 texts=[s for _x, s in labels])
        hand_label = _("Your hand") if own else _("Hand (hidden)")
        self.add(QRectF(hand_area.left(), hand_area.top(), hand_area.width(), 30),
                 lambda p, rc: self._section_label(p, rc, hand_label), z=-1, texts=[hand_label])
        for i in range(3):
            r = QRectF(area.left() + i * (cw + gap), y, cw, chh)
            s = spies[i] if i < len(spies) else None
            if s:
                it = self._card_item(r, s.get("card"), targets=[f"card:{s.get('card')}"],
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
                self._card_item(r, None, key=f"spy:{sid}:{i}", caption=_("spy"))
        bx = area.left() + 3 * (cw + gap) + ggap
        for i in range(4):
            r = QRectF(bx + i * (cw + gap), y, cw, chh)
            bd = builds[i] if i < len(builds) else None
            if bd:
                it = self._card_item(r, bd.get("card"), targets=[f"card:{bd.get('card')}"],
                                     key=f"building:{sid}:{i}")
                if bd.get("used"):
                    self.add(QRectF(-cw / 2, -chh / 2, cw, chh),
                             lambda p, rc: art.ban(p, QRectF(rc.left() + 6, rc.bottom() - 58, 26, 26)),
                             pos=r.center(), z=it.zValue() + .1, tooltip=_("Used this round"))
            else:
                self._card_item(r, None, key=f"building:{sid}:{i}", caption=_("building"))
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
            self._chips(QRectF(hand_x, y, hand_area.right() - hand_x, chh), chips)
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
            self._card_item(r, cid, targets=[f"card:{cid}"], key=f"hand:{sid}:{i}",
                            tip=f"<i>{L.card_kind_name(kind)}</i><br>" + self._card_tip(cid))

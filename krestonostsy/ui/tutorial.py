"""The guided first game: hints over the real table that wait for the right click.

The lesson is data (``data/tutorial/first_game.yaml``, read and replayed by ``lesson.py``): a
seed, the newcomer's actions and the opponent's recorded moves, and for each step a hint
(a catalog key), the place it points at (a target id or item key of the table, or
``prompt`` for the prompt bar's buttons) and what advances it (Next, or one action). The
game itself is an ordinary game in the window's controller; the tutorial only

* shows the hint of the step reached (a bubble near the place, an outline around it and
  an arrow from the bubble), found on the table by its target id — never by coordinates,
  so a change of the table's layout moves the hint with it;
* lets through only the step's action (``allows``, asked by the main window before the
  controller applies a click) and nudges gently otherwise;
* plays the opponent's recorded moves (:class:`ScriptedSeat`), so the game is the same
  every time, and keeps the step reached in the settings: started again, it offers to
  resume there (the position is rebuilt from the script: nothing else is saved).
"""
from __future__ import annotations

import logging
import math
import threading
from functools import lru_cache

from PySide6.QtCore import QEvent, QObject, QPointF, QRect, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from .. import i18n
from ..engine import Action, Game
from ..i18n import _
from ..lesson import PROMPT, Lesson, Step, load_lesson, translated
from . import message_box
from .controller import BotSeat, Seat

log = logging.getLogger(__name__)

SETTING = "tutorial/step"  # the id of the step reached (absent: not started or finished)
HINT_COLOUR = QColor("#e8590c")


@lru_cache(maxsize=1)
def lesson() -> Lesson:
    """The shipped lesson, validated and replayed once per process."""
    return load_lesson(has_text=translated).check()


class ScriptedSeat(Seat):
    """The opponent of the lesson: its recorded move at each position (they were played by
    the bot of ``lesson.opponent``); past the script, that bot itself."""

    is_human = False

    def __init__(self, script: Lesson):
        self.kind = script.opponent
        self.script = script
        self.bot = BotSeat(script.opponent)

    def choose(self, game: Game, cancel: threading.Event) -> Action:
        move = self.script.opponent_moves.get(len(game.actions))
        if move is not None and move[0] in game.legal_actions():
            return move[0]
        return self.bot.choose(game, cancel)


# --- what the newcomer sees -----------------------------------------------------------------

class Highlight(QWidget):
    """An outline around the hinted place and an arrow from the bubble to it; it takes no
    click (the table under it does)."""

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground, True)
        self.target: QRectF | None = None
        self.source: QRectF | None = None
        self.k = 1.0
        self.room = math.inf  # the free space around the target (words nearby: less)

    def band(self) -> tuple[QRectF, float]:
        """The outline's centre line and its width (the white edge included): outside the
        target, as far out as the free space around it allows, so that it covers no
        words beside it (the raid table's digits 6 px from the event card at 1280×800);
        with no room at all, just inside the target's edge."""
        k = self.k
        width = min(10.5 * k, self.room - 1)
        if width >= 2:
            out = width / 2
        else:
            width = 4.0
            out = -width / 2
        return self.target.adjusted(-out, -out, out, out), width

    def paintEvent(self, event) -> None:
        if self.target is None:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        k = self.k
        box, width = self.band()
        for colour, w in ((QColor(255, 255, 255, 220), width), (HINT_COLOUR, width / 2)):
            p.setPen(QPen(colour, w))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(box, 6 * k, 6 * k)
        if self.source is not None and not self.source.intersects(box):
            start, end = _arrow_ends(self.source, box)
            for colour, width in ((QColor(255, 255, 255, 220), 10 * k), (HINT_COLOUR, 5 * k)):
                p.setPen(QPen(colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
                p.drawLine(start, end)
            ang = math.atan2(end.y() - start.y(), end.x() - start.x())
            size = 20 * k
            head = QPolygonF([end, end - QPointF(math.cos(ang - .45) * size,
                                                 math.sin(ang - .45) * size),
                              end - QPointF(math.cos(ang + .45) * size,
                                            math.sin(ang + .45) * size)])
            path = QPainterPath()
            path.addPolygon(head)
            p.setPen(QPen(QColor(255, 255, 255, 220), 3 * k))
            p.setBrush(HINT_COLOUR)
            p.drawPath(path)
        p.end()


def _arrow_ends(src: QRectF, dst: QRectF) -> tuple[QPointF, QPointF]:
    """From the edge of ``src`` facing ``dst`` to the edge of ``dst`` facing ``src``."""
    def edge(r: QRectF, toward: QPointF) -> QPointF:
        c = r.center()
        dx, dy = toward.x() - c.x(), toward.y() - c.y()
        if dx == 0 and dy == 0:
            return c
        sx = (r.width() / 2) / abs(dx) if dx else math.inf
        sy = (r.height() / 2) / abs(dy) if dy else math.inf
        s = min(sx, sy)
        return QPointF(c.x() + dx * s, c.y() + dy * s)
    return edge(src, dst.center()), edge(dst, src.center())


def _gap(a: QRect, b: QRect) -> float:
    """The distance between two boxes (the larger of the horizontal and the vertical
    gap; 0 when they overlap)."""
    dx = max(b.left() - a.right() - 1, a.left() - b.right() - 1, 0)
    dy = max(b.top() - a.bottom() - 1, a.top() - b.bottom() - 1, 0)
    return float(max(dx, dy))


class HintBubble(QFrame):
    """The hint: the step's number, its text, a nudge after a wrong click, and buttons."""

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self.setObjectName("tutorialHint")
        self.step_label = QLabel(objectName="tutorialStep")
        self.text = QLabel(objectName="tutorialText", wordWrap=True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.nudge = QLabel(objectName="tutorialNudge", wordWrap=True)
        self.next_button = QPushButton(objectName="tutorialNext")
        self.play_on_button = QPushButton(objectName="tutorialPlayOn")
        self.new_game_button = QPushButton(objectName="tutorialNewGame")
        self.leave_button = QPushButton(objectName="tutorialLeave")
        row = QHBoxLayout()
        row.addWidget(self.leave_button)
        row.addStretch(1)
        for b in (self.play_on_button, self.new_game_button, self.next_button):
            row.addWidget(b)
        for b in (self.next_button, self.play_on_button, self.new_game_button,
                  self.leave_button):
            b.setCursor(Qt.CursorShape.PointingHandCursor)
        lay = QVBoxLayout(self)
        lay.addWidget(self.step_label)
        lay.addWidget(self.text)
        lay.addWidget(self.nudge)
        lay.addLayout(row)
        self.set_scale(1.0)

    def fit_width(self, width: int) -> None:
        """Take ``width`` and the height its lines need: the wrapped text measured at the
        width the layout really gives it (inside the border and the margins)."""
        for w in (self, self.step_label, self.text, self.nudge, self.next_button):
            w.ensurePolished()  # the fonts of the style sheet, before measuring
        self.setFixedWidth(width)
        lay = self.layout()
        lay.activate()
        m = lay.contentsMargins()
        inner = self.contentsRect().width() - m.left() - m.right()
        parts = [self.step_label.sizeHint().height(), self.text.heightForWidth(inner),
                 lay.itemAt(3).sizeHint().height()]
        if self.nudge.isVisibleTo(self):
            parts.append(self.nudge.heightForWidth(inner))
        chrome = self.height() - self.contentsRect().height()
        self.setFixedHeight(chrome + m.top() + m.bottom() + sum(parts)
                            + lay.spacing() * (len(parts) - 1))

    def set_scale(self, k: float) -> None:
        from .table import art
        fam = art.font_family()
        self.layout().setContentsMargins(int(16 * k), int(12 * k), int(16 * k), int(12 * k))
        self.layout().setSpacing(int(8 * k))
        self.setStyleSheet(f"""
            QFrame#tutorialHint {{ background: #fff8e6; border: {max(2, int(3 * k))}px solid
                                   {HINT_COLOUR.name()}; border-radius: {int(12 * k)}px; }}
            QLabel {{ color: #2b1d0e; font-family: '{fam}'; font-size: {int(17 * k)}px; }}
            QLabel#tutorialStep {{ color: #8a5a14; font-size: {int(14 * k)}px; }}
            QLabel#tutorialNudge {{ color: #a4161a; font-style: italic; }}
            QPushButton {{ font-family: '{fam}'; font-size: {int(16 * k)}px; color: #2b1d0e;
                           background: #f3dd97; border: 1px solid #6b4a12;
                           border-radius: {int(6 * k)}px;
                           padding: {int(4 * k)}px {int(14 * k)}px; }}
            QPushButton:hover {{ background: #ffe9a8; }}
            QPushButton#tutorialLeave {{ background: transparent; border: none;
                                         color: #7a5a2a; text-decoration: underline; }}
        """)


class Tutorial(QObject):
    """The lesson running in ``window`` (a :class:`~krestonostsy.ui.main_window.MainWindow`)
    from step ``index``."""

    def __init__(self, window, script: Lesson, index: int = 0):
        super().__init__(window)
        self.window = window
        self.script = script
        self.index = max(0, min(index, len(script.steps) - 1))
        self.controller = window.controller
        self.game: Game | None = None
        self._saved = (self.controller.autosave_enabled, self.controller.safe_turns)
        self.table = None
        self.bubble: HintBubble | None = None
        self.highlight: Highlight | None = None
        self.nudged = False
        self.done = False
        self._played = 0  # actions played when the tutorial last looked (an undo lowers it)

    # --- starting and ending -----------------------------------------------------------------

    def start(self) -> None:
        table = self.window.ensure_table()
        self.table = table
        self.game = self.script.game_at(self.index)
        self._played = len(self.game.actions)
        c = self.controller
        c.autosave_enabled = False  # the lesson is rebuilt from its script, not saved
        c.safe_turns = False  # one click, one step: no "End turn" confirmations in the lesson
        c.last_autosave = None  # the lesson has none: no picture of it goes to another game's
        c.start(self.game, {s: "human" if s == self.script.human else self.script.opponent
                            for s in self.script.states})
        c.seats[self.script.opponent_state] = ScriptedSeat(self.script)
        self.highlight = Highlight(table)
        self.bubble = HintBubble(table)
        b = self.bubble
        b.next_button.clicked.connect(self.next)
        b.leave_button.clicked.connect(self.leave)
        b.play_on_button.clicked.connect(self.play_on)
        b.new_game_button.clicked.connect(self.new_game)
        c.changed.connect(self._on_changed)
        table.installEventFilter(self)
        for bar in (table.horizontalScrollBar(), table.verticalScrollBar()):
            bar.valueChanged.connect(self._place_later)
            bar.rangeChanged.connect(self._place_later)
        i18n.add_listener(self._on_language)
        self.window.tutorial = self
        self.window._update_actions()  # the game started before the lesson: no hint now
        self._remember()
        self._show()

    def _detach(self) -> None:
        if self.done:
            return
        self.done = True
        c = self.controller
        try:
            c.changed.disconnect(self._on_changed)
        except (RuntimeError, TypeError):
            pass
        i18n.remove_listener(self._on_language)
        if self.table is not None:
            self.table.removeEventFilter(self)
        for w in (self.bubble, self.highlight):
            if w is not None:
                w.hide()
                w.deleteLater()
        self.bubble = self.highlight = None
        c.autosave_enabled, c.safe_turns = self._saved
        if getattr(self.window, "tutorial", None) is self:
            self.window.tutorial = None
            # the window refreshed its toolbar while the lesson was still on (another game
            # loaded: the lesson hears of it after the window); Hint is back now
            self.window._update_actions()
        # a lesson left stays no child of the window (each one begun would, still called
        # by the table's scroll bars)
        self.deleteLater()

    def leave(self) -> None:
        """Stop here (the step reached is kept: the tutorial offers to resume it)."""
        self._detach()
        self.controller.close_game()
        self.window.go_to_menu()

    def play_on(self) -> None:
        """The lesson is over: the game goes on as an ordinary game against the bot."""
        self._finish()
        c = self.controller
        c.seats[self.script.opponent_state] = BotSeat(self.script.opponent)
        c.changed.emit()

    def new_game(self) -> None:
        """The lesson is over: open the new-game dialog."""
        self._finish()
        self.window.new_game_dialog()

    def _finish(self) -> None:
        self.window.settings.set_value(SETTING, "")
        self._detach()

    # --- the steps ----------------------------------------------------------------------------

    @property
    def step(self) -> Step:
        return self.script.steps[self.index]

    @property
    def is_last(self) -> bool:
        return self.index == len(self.script.steps) - 1

    def ready(self) -> bool:
        """The game stands where the current step is shown (not while the opponent moves)."""
        g = self.controller.game
        return (g is self.game and not self.controller.busy
                and len(g.actions) == self.script.at[self.index])

    def allows(self, action) -> bool:
        """May the click of ``action`` go to the game? Only the step's own action; anything
        else is refused with a nudge."""
        if self.done:
            return True
        if isinstance(action, dict):
            action = Action.from_json(action)
        if self.is_last and self.ready():  # the lesson is over: a move plays on
            self.play_on()
            return True
        if self.ready() and self.step.advance is not None and action == self.step.advance:
            self.nudged = False
            return True
        self.nudged = True
        self._show()
        return False

    def next(self) -> None:
        """The Next button of a hint that only asks to be read."""
        if self.step.advance is not None or not self.ready():
            return
        if self.is_last:
            return
        self.index += 1
        self.nudged = False
        self._remember()
        self._show()

    def _on_changed(self) -> None:
        g = self.controller.game
        if g is not self.game:
            if not self._is_lesson(g):  # another game was started or loaded: it stops
                self._detach()
                return
            self.game = g  # the same game rebuilt (an undo over the opponent's moves)
            seats = self.controller.seats
            if not isinstance(seats.get(self.script.opponent_state), ScriptedSeat):
                seats[self.script.opponent_state] = ScriptedSeat(self.script)
        n = len(g.actions)
        back, self._played = n < self._played, n
        if self.script.at[self.index] != n or back:
            self.index = self._step_at(n, back)
            self.nudged = False
            self._remember()
        self._show()

    def _is_lesson(self, g: Game | None) -> bool:
        """``g`` is the lesson's game: its set-up, and its actions those of the script."""
        if g is None or g.setup.get("seed") != self.script.seed \
                or list(g.setup.get("states", [])) != list(self.script.states):
            return False
        n = len(g.actions)
        return g.actions == self.script.game_at(self._step_at(n)).actions[:n]

    def _step_at(self, n: int, back: bool = False) -> int:
        """The step shown when ``n`` actions have been played: the first one on the way
        forward; after an undo, the click taken back (its hints were read already)."""
        at = self.script.at
        if back:
            clicks = [i for i, s in enumerate(self.script.steps)
                      if at[i] == n and s.advance is not None]
            if clicks:
                return clicks[0]
        later = [i for i, a in enumerate(at) if a >= n]
        return later[0] if later else len(self.script.steps) - 1

    def _remember(self) -> None:
        self.window.settings.set_value(SETTING, self.step.id)

    # --- drawing -----------------------------------------------------------------------------

    def _on_language(self, _lang: str) -> None:
        self._show()

    def eventFilter(self, obj, event) -> bool:
        if obj is self.table and event.type() in (QEvent.Type.Resize, QEvent.Type.Show):
            self._place_later()
        return False

    def _place_later(self, *_args) -> None:
        QTimer.singleShot(0, self, self._place)

    def _show(self) -> None:
        b = self.bubble
        if b is None or not isValid(b):
            return
        step = self.step
        b.step_label.setText(_("Tutorial") + " · " + _("Step {n} of {total}").format(
            n=self.index + 1, total=len(self.script.steps)))
        b.text.setText(_(step.text))
        nudge = ""
        if self.nudged:
            nudge = (_("Read the hint, then click Next.") if step.advance is None
                     else _("Not that one: the hint says what to click — the place "
                            "outlined on the table."))
        b.nudge.setText(nudge)
        b.nudge.setVisible(bool(nudge))
        b.next_button.setText(_("Next"))
        b.leave_button.setText(_("Leave the tutorial"))
        b.play_on_button.setText(_("Play on"))
        b.new_game_button.setText(_("New game"))
        b.next_button.setVisible(step.advance is None and not self.is_last)
        b.play_on_button.setVisible(self.is_last)
        b.new_game_button.setVisible(self.is_last)
        b.leave_button.setVisible(not self.is_last)
        self._place()
        QTimer.singleShot(0, self, self._place)  # again once the table has laid itself out

    def target_rect(self) -> QRect | None:
        """Where the current step's place is, in the table widget's coordinates (None: it
        has no place, or the table does not show it now)."""
        t, step = self.table, self.step
        if t is None or step.target is None:
            return None
        if step.target == PROMPT:
            buttons = [w for w in t.prompt_buttons() if w.property("action") == step.advance]
            widgets = buttons or [t.prompt]
            rect = QRect()
            for w in widgets:
                rect = rect.united(QRect(w.mapTo(t, w.rect().topLeft()), w.size()))
            return rect
        scene = t.scene()
        items = [it for it in scene.table_items() if it.isVisible()
                 and (step.target in it.targets or it.key == step.target)]
        if step.advance is not None:  # the item that takes the click, when it is there
            items = [it for it in items if it.legal] or items
        if not items:
            return None

        def area(it) -> float:
            r = it.mapRectToScene(it.rect())
            return r.width() * r.height()
        # one place, the largest that shows it (a card in hand is also on the battle board)
        item = max(items, key=area)
        poly = t.mapFromScene(item.mapRectToScene(item.rect())).boundingRect()
        return poly.translated(t.viewport().geometry().topLeft())

    def explained_rect(self) -> QRect | None:
        """What the current step explains, in the table widget's coordinates: its place
        and the panel that holds it (the whole cross for a cell of it, Tripoli's board
        for its name): the bubble keeps off all of it when it can."""
        target = self.target_rect()
        t = self.table
        if target is None or self.step.target == PROMPT:
            return target
        origin = t.viewport().geometry().topLeft()
        panel = t.scene().panel_around(t.mapToScene(target.center() - origin))
        if panel is None:
            return target
        return target.united(t.mapFromScene(panel).boundingRect().translated(origin))

    def words_near(self, target: QRect) -> list[QRect]:
        """The boxes of the table's words (and the prompt bar's question) other than the
        target's own (inside it) and those around it all (a column holding it), in the
        table widget's coordinates."""
        t = self.table
        origin = t.viewport().geometry().topLeft()
        boxes = [t.mapFromScene(it.mapRectToScene(it.rect())).boundingRect().translated(origin)
                 for it in t.scene().table_items() if it.isVisible() and it.texts]
        label = t.prompt.label
        boxes.append(QRect(label.mapTo(t, label.rect().topLeft()), label.size()))
        return [r for r in boxes if not (target.contains(r) or r.contains(target))]

    def outline_rect(self, target: QRect) -> QRect:
        """The target less the edges where other words reach into it (a state's
        resources under its name): the outline goes round what is the target's alone."""
        out = QRect(target)
        for box in self.words_near(target):
            if not box.intersects(out):
                continue
            if box.top() > out.top():  # it comes in from below
                out.setBottom(box.top() - 1)
            elif box.bottom() < out.bottom():
                out.setTop(box.bottom() + 1)
            elif box.left() > out.left():
                out.setRight(box.left() - 1)
            elif box.right() < out.right():
                out.setLeft(box.right() + 1)
        return out

    def _place(self) -> None:
        b, h, t = self.bubble, self.highlight, self.table
        if b is None or h is None or t is None or not all(map(isValid, (b, h, t))):
            return  # the window is gone (closed with the lesson running)
        if not self.ready():
            b.hide()
            h.hide()
            return
        k = max(1.0, min(2.4, t.height() / 900))
        b.set_scale(k)
        area = QRect(0, 0, t.width(), t.height() - t.prompt.height())
        width = int(min(500 * k, area.width() * 0.5))
        b.fit_width(width)
        target = self.target_rect()
        explained = self.explained_rect()
        spot = self._spot(explained, b.size(), area, k, place=target)
        if target is not None and QRect(spot, b.size()).intersects(explained):
            spot = self._spot(target, b.size(), area, k)  # no room beside it all: the place
        b.move(spot)
        h.setGeometry(0, 0, t.width(), t.height())
        h.k = k
        outline = self.outline_rect(target) if target is not None else None
        h.target = QRectF(outline) if outline is not None else None
        h.room = min((_gap(outline, r) for r in self.words_near(target)), default=math.inf) \
            if outline is not None else math.inf
        h.source = QRectF(b.geometry())
        h.setVisible(target is not None)
        h.raise_()
        b.show()
        b.raise_()
        h.update()

    @staticmethod
    def _spot(target: QRect | None, size, area: QRect, k: float,
              place: QRect | None = None):
        """Where the bubble goes: beside the target without covering it, inside the table
        (above the prompt bar); in the middle when there is no target. With ``place``
        (the spot inside the target the arrow points at), of the spots beside the target
        the one whose arrow crosses least of it (at step 4 the arrow ran down the cross)."""
        from PySide6.QtCore import QPoint
        w, h = size.width(), size.height()
        if target is None:
            return QPoint(area.center().x() - w // 2, area.center().y() - h // 2)
        gap = int(40 * k)
        cx, cy = target.center().x() - w // 2, target.center().y() - h // 2
        tries = [QPoint(cx, target.bottom() + gap), QPoint(cx, target.top() - gap - h),
                 QPoint(target.right() + gap, cy), QPoint(target.left() - gap - w, cy)]
        if place is not None:  # the same sides, in line with the place
            px, py = place.center().x() - w // 2, place.center().y() - h // 2
            tries += [QPoint(px, target.bottom() + gap), QPoint(px, target.top() - gap - h),
                      QPoint(target.right() + gap, py), QPoint(target.left() - gap - w, py)]

        def clamp(p):
            return QPoint(max(area.left() + 8, min(p.x(), area.right() - w - 8)),
                          max(area.top() + 8, min(p.y(), area.bottom() - h - 8)))

        def crossing(q) -> float:  # how much of the arrow runs over the target
            start, end = _arrow_ends(QRectF(QRect(q, size)), QRectF(place))
            inside = sum(QRectF(target).contains(start + (end - start) * (i / 20))
                         for i in range(21))
            return inside * math.hypot(end.x() - start.x(), end.y() - start.y())
        free = [q for q in map(clamp, tries) if not QRect(q, size).intersects(target)]
        if free:
            return min(free, key=crossing) if place is not None else free[0]
        # the target fills the view: a corner away from its centre
        x = area.left() + 8 if target.center().x() > area.center().x() else area.right() - w - 8
        y = area.top() + 8 if target.center().y() > area.center().y() else area.bottom() - h - 8
        return QPoint(x, y)


# --- from the start screen --------------------------------------------------------------------

def open_tutorial(window) -> Tutorial | None:
    """Start the tutorial in ``window``; when it was left part-way, ask whether to resume it
    there (``window.tutorial_question``: its first choice resumes)."""
    try:
        script = lesson()
    except Exception as err:  # a broken lesson must not take the window down
        log.exception("the tutorial cannot be loaded")
        window.show_message(_("Problem"), _("The tutorial cannot start: {error}")
                            .format(error=err))
        return None
    old = getattr(window, "tutorial", None)
    if old is not None:
        old._detach()
    reached = script.index_of(str(window.settings.value(SETTING, "") or ""))
    if not reached:
        return _begin(window, script, 0)
    box = message_box.ask(
        window, _("Resume the tutorial?"),
        _("You stopped the tutorial at step {n} of {total}. Resume there, or start it "
          "again?").format(n=reached + 1, total=len(script.steps)),
        [(_("Resume"), lambda: _begin(window, script, reached)),
         (_("Start again"), lambda: _begin(window, script, 0))],
        name="tutorialResume")
    window.tutorial_question = box
    return None


def _begin(window, script: Lesson, index: int) -> Tutorial | None:
    tutorial = Tutorial(window, script, index)
    try:
        tutorial.start()
    except Exception as err:
        log.exception("the tutorial failed to start")
        tutorial._detach()
        window.show_message(_("Problem"), _("The tutorial cannot start: {error}")
                            .format(error=err))
        return None
    return tutorial

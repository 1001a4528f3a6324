"""``TableView``: the game table widget (a QGraphicsView over :class:`TableScene`).

It shows one player's view, highlights the targets of the legal actions, and emits
``actionChosen(Action)`` when the player clicks a target (a popup menu when one target
has several actions) or a button of the prompt bar (actions with no board target).
It never decides rules: the controller gives it ``show_view(view, legal, player)``.
"""
from __future__ import annotations

import html
import os

from PySide6.QtCore import QEvent, QPoint, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QContextMenuEvent,
    QImage,
    QPainter,
    QPixmap,
    QPixmapCache,
    QTextDocument,
    QTransform,
)
from PySide6.QtWidgets import (
    QFrame,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QSizePolicy,
    QWidget,
)

from ...engine import Action
from ...i18n import _, current_language
from ..seat_kinds import bot_name
from . import animation, art
from . import labels as L
from .items import PICTURES, TableItem
from .keyboard import KeyboardChoice
from .scene import TableScene

# The smallest words of the table read at this many screen pixels when the window is tall
# enough (``TableView.fit``): art.MIN_TEXT scene pixels at the fitted scale
LEGIBLE_PX = 11.0
# The pictures shared between the table's items: this many screens' worth (at 4K, 4
# screens evicted the large panels of the boards between two turns of a viewer in
# hot-seat: 6 halve the p95 of what is drawn anew per click; at 1280×800 the 64 MiB
# floor holds more than that)
SHARED_SCREENS = 6
# The share of the prompt bar's width kept for the question when its buttons are long
LABEL_SHARE = 0.3


def _distinct(texts: list[str], labels: list[str], metrics: list, width: int) -> list[str]:
    """``texts`` (the labels shortened to ``width``) where two read the same replaced by
    what follows the words their labels share: «…на постройку» and «…на наём»."""
    out = list(texts)
    for i, text in enumerate(texts):
        alike = [j for j, t in enumerate(texts) if t == text]
        if len(alike) < 2:
            continue
        group = [labels[j] for j in alike]
        shared = len(os.path.commonprefix(group))
        cut = labels[i].rfind(" ", 0, shared + 1) + 1  # from the word where they part
        out[i] = metrics[i].elidedText("…" + labels[i][cut:], Qt.TextElideMode.ElideRight,
                                       width)
    return out


class PromptBar(QFrame):
    """What is asked, of whom; buttons for actions with no target on the board; a "?" that
    asks for the rule behind the question (``helpRequested``)."""

    clicked = Signal(object)  # Action
    helpRequested = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("promptBar")
        self.setAutoFillBackground(False)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(16, 4, 16, 4)
        lay.setSpacing(10)
        self.swatch = QLabel(self)
        self.swatch.setFixedSize(22, 22)
        self.label = QLabel(self)
        self.label.setWordWrap(False)
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.label.setMinimumWidth(60)  # long prompts are clipped before the buttons are
        lay.addWidget(self.swatch)
        lay.addWidget(self.label, 1)
        self.buttons_box = QWidget(self)
        self.buttons_box.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Preferred)
        self.buttons = QHBoxLayout(self.buttons_box)
        self.buttons.setContentsMargins(0, 0, 0, 0)
        self.buttons.setSpacing(8)
        lay.addWidget(self.buttons_box)
        self.help_button = QPushButton("?", self)
        self.help_button.setObjectName("rulesHelp")
        self.help_button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.help_button.clicked.connect(lambda _checked=False: self.helpRequested.emit())
        lay.addWidget(self.help_button)
        self._buttons: list[QPushButton] = []
        self._who: str | None = None  # the state asked (the swatch shows its colour)
        self._text = ""  # the prompt as set (the label may show it cut or wrapped)
        self.set_scale(1.0)
        self.retranslate()

    def retranslate(self) -> None:
        self.help_button.setToolTip(_("The rule behind this question (rules reference)"))

    def set_scale(self, k: float) -> None:
        fam = art.font_family()
        px = int(17 * k)
        self._px = px
        self.swatch.setFixedSize(int(22 * k), int(22 * k))
        self._swatch_r = int(11 * k)
        self._paint_swatch()
        self.setStyleSheet(f"""
            QFrame#promptBar {{ background: qlineargradient(x1:0,y1:0,x2:0,y2:1, stop:0 #f6ecd2,
                                stop:1 #e6d3a4); border-top: 3px solid #b8892b; }}
            QLabel {{ color: #3a2816; font-family: '{fam}'; font-size: {px}px; }}
            QPushButton {{ font-family: '{fam}'; font-size: {px}px; color: #3a2816;
                           background: qlineargradient(x1:0,y1:0,x2:0,y2:1, stop:0 #f3dd97,
                           stop:1 #d8b257); border: 1px solid #6b4a12; border-radius: 6px;
                           padding: {int(4 * k)}px {int(12 * k)}px; }}
            QPushButton:hover {{ background: #ffe9a8; }}
            QPushButton[cancel="true"] {{ background: #e9d9c0; color: #8b1e1e; }}
            QPushButton[keyed="true"] {{ background: #ffe9a8; border: {max(3, int(3 * k))}px
                                         solid #3a2816; }}
            QPushButton#rulesHelp {{ font-family: '{art.bold_family()}'; font-weight: bold;
                                     border-radius: {int(13 * k)}px; min-width: {int(18 * k)}px;
                                     background: #f6ecd2; }}
        """)
        # lining figures whatever the application's font: the style sheet names only the
        # family and the size, the rest (the figures) comes from each word's own font (a
        # font's features do not pass from a widget to its children)
        for w in (self.label, self.help_button, *self._buttons):
            w.setFont(art.font(px))

    def _paint_swatch(self) -> None:
        """The colour disc of the state asked (none when nobody is)."""
        who = self._who
        col = art.state_colour(who) if who else QColor(0, 0, 0, 0)
        sheet = (f"background: {col.name()}; border: 1px solid #3a2816; "
                 f"border-radius: {self._swatch_r}px;" if who else "background: transparent;")
        if sheet != self.swatch.styleSheet():  # a style sheet set again costs ~1 ms
            self.swatch.setStyleSheet(sheet)

    def set_prompt(self, text: str, who: str | None, actions: list) -> None:
        self._who = who
        self._paint_swatch()
        self._text = text  # whole: fit_label starts from it at every size
        self.label.setText(text)
        for b in self._buttons:
            b.setParent(None)
            b.deleteLater()
        self._buttons = []
        for a in actions:
            b = QPushButton(L.action_label(a), self.buttons_box)
            b.setFont(self.label.font())  # lining figures (set_scale)
            b.setProperty("action", a)
            b.setProperty("label", b.text())  # the whole label (fit_buttons may shorten it)
            if a.kind in L.CANCEL_KINDS:
                b.setProperty("cancel", "true")
            b.setCursor(Qt.CursorShape.PointingHandCursor)
            b.clicked.connect(lambda _checked=False, a=a: self.clicked.emit(a))
            self.buttons.addWidget(b)
            b.show()  # a child created after its parent was shown stays hidden otherwise
            self._buttons.append(b)
        self.buttons_box.setVisible(bool(actions))
        self.buttons.activate()
        self.layout().activate()

    def fit_buttons(self) -> None:
        """The buttons share what the bar leaves beside the question (at least
        ``LABEL_SHARE`` of its width stays the question's). Each label keeps one line at
        the bar's own size — two smaller lines read at 9 px on a 1280×800 screen — and
        when they are too long together the longest are shortened with "…" to the same
        width (in the middle when the ends alone would read alike), the whole label in
        the tooltip: long choices (Russian, at 4K) never push the bar, and the window,
        past the screen, and no two buttons read the same."""
        buttons = self._buttons
        if not buttons:
            return
        lay = self.layout()
        m = lay.contentsMargins()
        others = self.swatch.width() + self.help_button.sizeHint().width() + 3 * lay.spacing()
        room = self.width() - m.left() - m.right() - others - int(self.width() * LABEL_SHARE)
        room -= self.buttons.spacing() * (len(buttons) - 1)
        labels = [b.property("label") for b in buttons]
        for b, text in zip(buttons, labels, strict=True):  # each whole, first
            b.setText(text)
            b.setToolTip("")
        if sum(b.sizeHint().width() for b in buttons) > room:
            widths = [b.fontMetrics().horizontalAdvance(t)
                      for b, t in zip(buttons, labels, strict=True)]
            chrome = sum(b.sizeHint().width() for b in buttons) - sum(widths)
            level, budget = max(widths), max(room - chrome, 0)
            for i, w in enumerate(sorted(widths)):
                left = len(widths) - i  # the buttons at least this wide share what is left
                if w * left > budget:
                    level = budget // left
                    break
                budget -= w
            cut_ends = []
            for mode in (Qt.TextElideMode.ElideRight, Qt.TextElideMode.ElideMiddle,
                         Qt.TextElideMode.ElideLeft):
                texts = [b.fontMetrics().elidedText(t, mode, max(level, 1))
                         for b, t in zip(buttons, labels, strict=True)]
                cut_ends.append(texts)
                if len(set(texts)) == len(texts):
                    break
            else:  # alike at both ends and in the middle: each says where it differs from
                # the labels that begin like it (grouped by their beginnings, so a label
                # that begins otherwise keeps its own beginning)
                texts = _distinct(cut_ends[0], labels, [b.fontMetrics() for b in buttons],
                                  max(level, 1))
            for b, text, full in zip(buttons, texts, labels, strict=True):
                b.setText(text)
                b.setToolTip(full if text != full else "")
        self._relayout()

    def fit_label(self) -> None:
        """A prompt too long for one line drops the click hint, then wraps on two smaller
        lines: the player always reads the whole question."""
        self.fit_buttons()
        lab = self.label
        text = self._text  # the whole prompt again: a wider bar shows what a narrow one cut
        if lab.text() != text:
            lab.setText(text)
        lab.setWordWrap(False)
        if lab.styleSheet():
            lab.setStyleSheet("")
        self._relayout()
        if lab.sizeHint().width() <= lab.width():
            return
        cut = text.find(" &nbsp;<i>(")
        if cut > 0:
            text = text[:cut]
            lab.setText(text)
            if lab.sizeHint().width() <= lab.width():
                return
        px = max(11, int(self._px * .78))
        lab.setStyleSheet(f"font-size: {px}px;")
        lab.setWordWrap(True)
        self._relayout()

    def _relayout(self) -> None:
        """Lay the bar out now with the new sizes of its buttons and question (a layout
        told later would keep the widths it had)."""
        self.buttons.invalidate()
        self.buttons_box.updateGeometry()
        self.label.updateGeometry()
        self.layout().invalidate()
        self.layout().activate()

    def action_buttons(self) -> list[QPushButton]:
        return list(self._buttons)


class CardPreview(QWidget):
    """A large, readable card (name, level and colours, full rules text, flavour) drawn on
    parchment near the cursor while a face-up card is hovered. It never takes the mouse."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground, True)
        self.setAttribute(Qt.WidgetAttribute.WA_TranslucentBackground, True)
        self.setObjectName("cardPreview")
        self._doc = QTextDocument(self)
        self._doc.setDocumentMargin(0)
        self.card_id: str | None = None
        self._pad = 22
        self.hide()

    def text(self) -> str:
        """What the preview shows, as plain text (empty when hidden)."""
        return self._doc.toPlainText() if self.isVisible() else ""

    def set_card(self, card_id: str, scale: float = 1.0) -> bool:
        obj = L.card(card_id)
        if obj is None:
            return False
        from ...content.text import card_flavour, card_text
        lang = current_language()
        try:
            body = card_text(obj, lang)
        except Exception:  # a card the text generator does not know: its name only
            body = ""
        try:
            flavour = card_flavour(obj, lang)
        except Exception:
            flavour = ""
        name = L.card_name(card_id)
        k = scale
        fam, bfam = art.font_family(), art.bold_family()
        ink, soft, red = art.INK.name(), art.INK_SOFT.name(), art.CRIMSON.name()
        sub = []
        level = L.card_level(card_id)
        if level is not None:
            sub.append(f"<span style='color:{red}; font-family:\"{bfam}\"; font-weight:bold'>"
                       + html.escape(_("Level {n}").format(n=art.roman(level))) + "</span>")
        for g in L.card_colours(card_id):
            col = art.GOODS_COLOURS.get(g)
            dot = col.name() if col is not None else ink
            sub.append(f"<span style='color:{dot}'>●</span>&nbsp;{html.escape(L.goods_name(g))}")
        lines = [html.escape(x) for x in body.splitlines() if x.strip() and x.strip() != name]
        parts = [f"<div style='font-family:\"{bfam}\"; font-weight:bold; font-size:{int(25 * k)}px;"
                 f" color:{ink}'>{html.escape(name)}</div>"]
        if sub:
            parts.append(f"<div style='font-size:{int(16 * k)}px; color:{soft}'>"
                         + " &nbsp;·&nbsp; ".join(sub) + "</div>")
        parts.append(f"<hr style='color:{art.GOLD.name()}'>")
        for ln in lines:
            parts.append(f"<p style='margin-top:{int(4 * k)}px; font-size:{int(17 * k)}px;"
                         f" color:{ink}'>{ln}</p>")
        from ...content.rules import shipped_rules
        words = [e.term.get(lang) for e in shipped_rules().keywords(obj)]
        if words:  # the right-click menu of the card opens each in the glossary
            parts.append(f"<p style='margin-top:{int(8 * k)}px; font-size:{int(14 * k)}px;"
                         f" color:{soft}'>" + html.escape(_("Keywords")) + ": <u>"
                         + "</u> · <u>".join(html.escape(w) for w in words) + "</u><br><i>"
                         + html.escape(_("Right-click the card to open them in the glossary"))
                         + "</i></p>")
        if flavour:
            parts.append(f"<p style='margin-top:{int(10 * k)}px; font-size:{int(16 * k)}px;"
                         f" color:{soft}'><i>{html.escape(flavour)}</i></p>")
        self._doc.setDefaultFont(art.font(17 * k))
        self._doc.setHtml(f"<div style='font-family:\"{fam}\"'>" + "".join(parts) + "</div>")
        self._pad = int(22 * k)
        w = int(400 * k)
        self._doc.setTextWidth(w - 2 * self._pad)
        h = int(self._doc.size().height()) + 2 * self._pad + 4
        self.resize(w, h)
        self.card_id = card_id
        self.update()
        return True

    def place(self, cursor: QPoint, bounds: QRect) -> None:
        """Beside the cursor (right, or left when there is no room), inside ``bounds``."""
        w, h = self.width(), self.height()
        x = cursor.x() + 24
        if x + w > bounds.right():
            x = cursor.x() - 24 - w
        y = cursor.y() - h // 3
        x = max(bounds.left() + 4, min(x, bounds.right() - w - 4))
        y = max(bounds.top() + 4, min(y, bounds.bottom() - h - 4))
        self.move(x, y)

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        art.panel(p, QRectF(self.rect()).adjusted(1, 1, -7, -9))
        p.translate(self._pad - 3, self._pad - 4)
        self._doc.drawContents(p)
        p.end()


class TableView(QGraphicsView):
    """The whole table. Signals: ``actionChosen(Action)``; ``rulesRequested(list)`` (the
    rule IDs of the current decision, from the "?" of the prompt bar);
    ``glossaryRequested(str)`` (a keyword of a card, from its right-click menu)."""

    actionChosen = Signal(object)
    rulesRequested = Signal(object)
    glossaryRequested = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self._scene = TableScene(self)
        self.setScene(self._scene)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setBackgroundBrush(QBrush(art.table_tile()))
        self.setMouseTracking(True)
        self._view: dict | None = None
        self._staged: tuple | None = None  # the arguments of prepare_view, until shown
        self._legal: list[Action] = []
        self._player: str | None = None
        self._last: list[str] = []
        self._thinking: str | None = None  # the state whose bot is thinking (prompt bar)
        self._auto_fit = True
        self._keep_legible = False  # set_keep_legible
        self._menu: QMenu | None = None
        self._prompt_scale = 0.0
        self._margin = -1
        self.prompt = PromptBar(self)
        self.prompt.clicked.connect(self._choose)
        self.prompt.helpRequested.connect(self.request_rules)
        self.preview = CardPreview(self.viewport())
        self._hover_pos: QPoint | None = None
        self._scene.targetClicked.connect(self.choose_at)
        self.keys = KeyboardChoice(self)  # Tab, Shift+Tab, Enter: play without the mouse
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(QSize(640, 400))
        try:
            from ...i18n import add_listener
            add_listener(self._on_language)
        except ImportError:
            pass

    # --- public API ------------------------------------------------------------------------

    def show_view(self, view: dict, legal=None, player: str | None = None,
                  log: list | None = None) -> None:
        """Draw ``view`` for ``player``; ``legal`` are the engine Actions they may take now.

        When ``legal`` is None the actions come from ``view['decision']['actions']``.
        ``log``, the entries ``player`` may read, brings the notices of a battle or a round
        that just ended (none without it).
        """
        staged, self._staged = self._staged, None
        if staged is not None and staged == (view, None if legal is None else list(legal),
                                             player, log):
            # laid out and painted behind the hand-off screen (prepare_view): what is left
            # is what the player must see happen — the others' moves, the notices
            self._scene.reveal()
            self.hide_preview()
            return
        self._show(view, legal, player, log, staged=False)

    def prepare_view(self, view: dict, legal=None, player: str | None = None,
                     log: list | None = None) -> None:
        """Lay out and paint, unseen, what ``show_view`` with the same arguments will show
        (the main window calls it while the hand-off screen hides the table): the table's
        sections and their pictures are ready, and the others' moves and the notices wait
        for that ``show_view``, which then only plays them (any other ``show_view`` lays
        the table out as usual)."""
        self._show(view, legal, player, log, staged=True)
        self._staged = (view, None if legal is None else list(legal), player, log)
        self._paint_unseen()

    @property
    def prepared(self) -> bool:
        """A view prepared by ``prepare_view`` waits for its ``show_view``."""
        return self._staged is not None

    def _paint_unseen(self) -> None:
        """Paint the viewport once into an off-screen pixmap: every item's picture (the
        shared ones and each item's cache for this view) is drawn now, so showing the
        table is a blit of what is ready."""
        dpr = self.devicePixelRatioF()
        size = self.viewport().size()
        if size.isEmpty():
            return
        pm = QPixmap(size * dpr)
        pm.setDevicePixelRatio(dpr)
        self.viewport().render(pm)

    def _show(self, view: dict, legal, player: str | None, log: list | None,
              staged: bool) -> None:
        self._view = view or {}
        self._player = player if player is not None else self._view.get("viewer")
        if legal is None:
            d = self._view.get("decision") or {}
            legal = [Action.from_json(a) for a in d.get("actions") or []]
        self._legal = list(legal)
        self.keys.clear()  # a new question: nothing chosen by the keyboard yet
        self._scene.build(self._view, self._legal, self._player, log, staged=staged)
        self._scene.set_last(self._last)
        self._tell_outcomes()
        self._update_prompt()
        if self._auto_fit:
            self.fit()
        # the large preview belongs to one decision: a new question takes it away
        self.hide_preview()

    def _tell_outcomes(self) -> None:
        """The hover of a place that offers a choice with a cost or a draw says it before
        the click ("Place Prayer (inner cell) — pay 2 coins: 1 to Tripoli, 1 to the
        automa"): the engine's outcome, as the label of each of its actions."""
        for it in self._scene.table_items():
            base = getattr(it, "base_tip", None)
            if base is not None:  # a kept item told a cost of an earlier decision
                it.setToolTip(base)
                it.base_tip = None
            if not it.legal:
                continue
            told = [L.action_label(a) for a in self._legal
                    if set(a.targets) & set(it.targets) and L.outcome_of(a)]
            if told:
                it.base_tip = it.toolTip()
                it.setToolTip("<br>".join(([it.base_tip] if it.base_tip else []) + told))

    def open_board(self, sid: str | None) -> bool:
        """Show ``sid``'s state board large (None: the viewer's); True when it changed."""
        if sid == self._player:
            sid = None
        if not self._scene.set_expanded(sid):
            return False
        self._rerender()
        return True

    def highlight_ids(self, ids) -> None:
        """Mark the targets (or item keys) of the last move, e.g. ``['city:edessa']``."""
        self._last = list(ids or [])
        self._scene.set_last(self._last)

    def set_language(self, lang: str | None = None) -> None:
        """Re-render every word in the current language (``i18n.set_language`` first)."""
        if lang:
            from ...i18n import set_language
            set_language(lang)
            return  # the listener re-renders
        self._rerender()

    def set_speed(self, name: str) -> None:
        animation.set_speed(name)

    def set_thinking(self, state: str | None, redraw: bool = True) -> None:
        """Mark ``state``'s bot as thinking in the prompt bar (None: nobody thinks)."""
        if state == self._thinking:
            return
        self._thinking = state
        if redraw and self._view:
            self._update_prompt()

    def set_colour_blind(self, on: bool) -> None:
        art.set_colour_blind(on)
        self._rerender()

    def set_results_close(self, on: bool) -> None:
        """Results close by themselves after a few seconds (the setting); off, a result the
        viewer took part in stays until they click."""
        self._scene.notice_board.stay = not on

    def fit(self) -> None:
        """Fit the whole table to the window."""
        self._auto_fit = True
        self._place_prompt()  # first: its margin takes height from the viewport
        self._fit_view()

    def _fit_view(self) -> None:
        """The whole table in view — unless something beside it takes the width the words
        need (``set_keep_legible``: the log open at 1280×800) and it is tall enough: then
        the table keeps the scale
        at which its smallest words read at ``LEGIBLE_PX``, fills the height, and shows
        the part with the places to click (dragging shows the rest)."""
        rect = self._scene.sceneRect()
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        legible = LEGIBLE_PX / art.MIN_TEXT
        if not self._keep_legible or self.transform().m11() >= legible - 1e-6 \
                or self.viewport().height() - 4 < rect.height() * legible:
            return
        self.setTransform(QTransform.fromScale(legible, legible))
        targets = [it.sceneBoundingRect() for it in self._scene.legal_items()]
        focus = rect.center()
        if targets:
            span = targets[0]
            for r in targets[1:]:
                span = span.united(r)
            focus.setX(span.center().x())
        self.centerOn(focus)

    def set_keep_legible(self, on: bool) -> None:
        """Keep the words at ``LEGIBLE_PX`` when the window grows too narrow for the whole
        table (the main window turns it on while the log is open beside the table)."""
        if on != self._keep_legible:
            self._keep_legible = on
            if self._auto_fit:
                self._fit_view()

    def legal_actions(self) -> list:
        return list(self._legal)

    def render_to_image(self, size: QSize | tuple) -> QImage:
        """The table (with the prompt bar) rendered at ``size``, e.g. for screenshots."""
        if isinstance(size, tuple):
            size = QSize(*size)
        old = self.size()
        self.resize(size)
        self.fit()
        animation.finish_all()
        img = self.grab().toImage()  # the widget with its children (the prompt bar)
        if img.size() != size:
            img = img.scaled(size, Qt.AspectRatioMode.IgnoreAspectRatio,
                             Qt.TransformationMode.SmoothTransformation)
        self.resize(old)
        self.fit()
        return img

    def prompt_buttons(self) -> list[QPushButton]:
        return self.prompt.action_buttons()

    def dismiss_notices(self) -> None:
        """Close the notices over the table (a battle's result, a round's summary): a replay
        shows other moments than the one they tell of."""
        self._scene.dismiss_notices()

    def show_hint(self, action) -> str:
        """Point at where ``action`` is played (the keyboard's ring: Enter plays it, and a
        place with several actions opens its menu) and return its words for the player."""
        self.keys.point_at(action)
        return L.action_label(action)

    def decision_rules(self) -> list[str]:
        """The rule IDs of the decision shown (the view's ``decision["rules"]``)."""
        return list(((self._view or {}).get("decision") or {}).get("rules") or [])

    def request_rules(self) -> None:
        """The "?": ask for the rules behind the decision shown."""
        self.rulesRequested.emit(self.decision_rules())

    def card_keywords(self, card_id: str) -> list:
        """The glossary entries of the words ``card_id``'s text uses."""
        obj = L.card(card_id)
        if obj is None:
            return []
        from ...content.rules import shipped_rules
        return shipped_rules().keywords(obj)

    def keyword_menu(self, card_id: str) -> QMenu | None:
        """The right-click menu of a card: its keywords, each opening its glossary entry."""
        entries = self.card_keywords(card_id)
        if not entries:
            return None
        lang = current_language()
        if self._menu is not None:
            self._menu.deleteLater()
        self._menu = QMenu(self)
        self._menu.setObjectName("keywordMenu")
        head = self._menu.addAction(_("Keywords of {card} in the glossary:").format(
            card=L.card_name(card_id)))
        head.setEnabled(False)
        for entry in entries:
            act = self._menu.addAction(entry.term.get(lang))
            act.setData(entry.id)
            act.triggered.connect(lambda _c=False, e=entry.id: self.glossaryRequested.emit(e))
        return self._menu

    def card_at(self, pos: QPoint) -> TableItem | None:
        """The face-up card under ``pos`` (viewport coordinates), if any."""
        for it in self.items(pos):
            if isinstance(it, TableItem) and it.card_id:
                return it
        return None

    def preview_at(self, pos: QPoint) -> None:
        """Show the large preview of the face-up card under ``pos``, or hide it."""
        self._hover_pos = QPoint(pos)
        it = self.card_at(pos)
        if it is None:
            self.hide_preview()
            return
        if self.preview.card_id != it.card_id or not self.preview.isVisible():
            k = max(1.0, min(2.2, self.height() / 820))
            if not self.preview.set_card(it.card_id, k):
                self.hide_preview()
                return
        self.preview.place(pos, self.viewport().rect())
        self.preview.show()
        self.preview.raise_()

    def hide_preview(self) -> None:
        self.preview.hide()
        self.preview.card_id = None

    # --- internals -------------------------------------------------------------------------

    def _rerender(self) -> None:
        if self._view is not None:
            keep = self.transform(), self.horizontalScrollBar().value(), self.verticalScrollBar().value()
            auto = self._auto_fit
            if self._staged is not None:  # still behind the hand-off: prepared again
                self.prepare_view(*self._staged)
            else:
                self.show_view(self._view, self._legal, self._player)
            if not auto:
                self._auto_fit = False
                self.setTransform(keep[0])
                self.horizontalScrollBar().setValue(keep[1])
                self.verticalScrollBar().setValue(keep[2])

    def _on_language(self, lang: str) -> None:
        self.prompt.retranslate()
        self._rerender()

    def _update_prompt(self) -> None:
        v = self._view or {}
        d = v.get("decision")
        present = self._scene.present_targets()
        as_buttons = (d or {}).get("prompt") in L.BUTTON_PROMPTS  # a yes/no: never a popup
        buttons = [a for a in self._legal if as_buttons or
                   not any(t in present for t in a.targets if not t.startswith("choice:"))]
        if v.get("result"):
            winner = (v["result"] or {}).get("winner") if isinstance(v["result"], dict) else None
            text = (_("The game is over. Winner: {winner}").format(winner=L.state_name(winner))
                    if winner else _("The game is over."))
            who = winner if winner in art.STATE_COLOURS else None
        elif not d:
            text, who = _("Waiting…"), None
        else:
            who = d.get("player")
            what = L.prompt_text(d)
            if who == self._player and self._legal:
                head = _("Your move") + " · " + L.state_name(who)
            elif who in art.STATE_COLOURS and who == self._thinking:
                head = _("{state} ({bot}) is thinking…").format(
                    state=L.state_name(who), bot=bot_name((v.get("seats") or {}).get(who, "")))
            elif who in art.STATE_COLOURS:
                head = _("{state} is deciding").format(state=L.state_name(who))
            else:
                head = ""
            if head and who != self._player:  # the question speaks to the one who decides:
                what = L.onlooker_text(d)       # the others read who decides, and why now
            # EB Garamond has no bold face: a plain <b> would fall back to a sans-serif
            bold = f"<span style=\"font-family:'{art.bold_family()}'; font-weight:bold\">"
            text = (f"{bold}{head}</span>" + (f" — {what}" if what else "")) if head else what
            hint = " &nbsp;<i>(" + _("click a highlighted place on the table, or press "
                                      "Tab") + ")</i>"
            if self._legal and self._scene.legal_items():
                text += hint
        self.prompt.set_prompt(text, who, buttons)
        self._place_prompt()
        self.prompt.fit_label()

    def _place_prompt(self) -> None:
        """The prompt bar sits in a margin under the viewport: it never hides the table."""
        k = max(1.0, min(2.4, self.height() / 900))
        if abs(k - self._prompt_scale) > 0.01:
            self._prompt_scale = k
            self.prompt.set_scale(k)
        self.prompt.setFixedWidth(max(200, self.width()))
        h = int(50 * k)
        self.prompt.setFixedHeight(h)
        if self._margin != h:
            self._margin = h
            self.setViewportMargins(0, 0, 0, h)
        self.prompt.move(0, self.height() - h)
        self.prompt.layout().activate()
        self.prompt.raise_()

    def choose_at(self, item, screen_pos) -> None:
        """What a click on the legal place ``item`` does (also Enter on the keyboard's
        choice): its one action is chosen, or a menu of its actions opens at
        ``screen_pos``."""
        targets = set(item.targets)
        acts = [a for a in self._legal if targets & set(a.targets)]
        if not acts:
            return
        if len(acts) == 1:
            self._choose(acts[0])
            return
        if self._menu is not None:
            self._menu.deleteLater()
        self._menu = QMenu(self)
        labels = [L.action_label(a) for a in acts]
        for a, text in zip(acts, labels, strict=True):
            if labels.count(text) > 1:  # the player must tell the entries apart
                text += f" ({labels[:acts.index(a) + 1].count(text)})"
            act = self._menu.addAction(text)
            act.setData(acts.index(a))
            act.triggered.connect(lambda _c=False, a=a: self._choose(a))
        self._menu.popup(screen_pos if isinstance(screen_pos, QPoint) else screen_pos.toPoint())

    def _choose(self, action) -> None:
        self.actionChosen.emit(action)

    # --- events ------------------------------------------------------------------------------

    def mousePressEvent(self, event) -> None:
        self.hide_preview()  # a click on the card (or anywhere) puts the preview away
        super().mousePressEvent(event)
        if event.button() != Qt.MouseButton.LeftButton:
            return
        pos = event.position().toPoint()
        if not any(getattr(it, "legal", False) for it in self.items(pos)):
            # a click on another state's compact board opens it large (the viewer's own
            # board goes compact until its own is clicked)
            sid = self._scene.compact_board_at(self.mapToScene(pos))
            if sid is not None and self.open_board(sid):
                return
        for it in self.items(event.position().toPoint()):
            hint = L.supply_token_hint(getattr(it, "key", "") or "", self._player, self._legal)
            if hint:
                from PySide6.QtWidgets import QToolTip
                QToolTip.showText(event.globalPosition().toPoint(), hint, self)
                return

    def contextMenuEvent(self, event) -> None:  # noqa: N802 - Qt override
        it = self.card_at(event.pos())
        chosen = self.keys.current
        if event.reason() == QContextMenuEvent.Reason.Keyboard and isinstance(chosen, TableItem) \
                and chosen.card_id:  # the menu key: the keywords of the card Tab chose
            it = chosen
            centre = self.mapFromScene(chosen.sceneBoundingRect().center())
            event = QContextMenuEvent(event.reason(), centre, self.viewport().mapToGlobal(centre))
        menu = self.keyword_menu(it.card_id) if it is not None else None
        if menu is None:
            super().contextMenuEvent(event)
            return
        self.hide_preview()
        menu.popup(event.globalPos())

    def mouseMoveEvent(self, event) -> None:
        super().mouseMoveEvent(event)
        if event.buttons() != Qt.MouseButton.NoButton:
            self.hide_preview()  # dragging the table
        else:
            self.preview_at(event.position().toPoint())

    def leaveEvent(self, event) -> None:
        self.hide_preview()
        self._hover_pos = None
        super().leaveEvent(event)

    def viewportEvent(self, event) -> bool:
        if event.type() == QEvent.Type.ToolTip and self.preview.isVisible():
            return True  # the preview already says it all
        if event.type() == QEvent.Type.Leave:
            self.hide_preview()
            self._hover_pos = None
        return super().viewportEvent(event)

    def wheelEvent(self, event) -> None:
        self.hide_preview()
        delta = event.angleDelta().y()
        if not delta:
            return
        factor = 1.0015 ** delta
        cur = self.transform().m11()
        fit_scale = min(self.viewport().width() / self._scene.sceneRect().width(),
                        self.viewport().height() / self._scene.sceneRect().height())
        new = max(fit_scale * 0.8, min(cur * factor, 4.0))
        factor = new / cur
        self._auto_fit = False
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.scale(factor, factor)
        event.accept()

    def mouseDoubleClickEvent(self, event) -> None:
        item = self.itemAt(event.position().toPoint())
        if item is None or not getattr(item, "legal", False):
            self.fit()
            return
        super().mouseDoubleClickEvent(event)

    def focusNextPrevChild(self, forward: bool) -> bool:  # noqa: N802 - Qt override
        """Tab and Shift+Tab move the keyboard's choice over the table and the buttons
        (they leave the table only when it offers nothing)."""
        if self.keys.step(forward):
            return True
        return super().focusNextPrevChild(forward)

    def keyPressEvent(self, event) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space) \
                and self.keys.take():
            event.accept()
        elif event.key() in (Qt.Key.Key_Home, Qt.Key.Key_F):
            self.fit()
        elif event.key() in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self._auto_fit = False
            self.scale(1.2, 1.2)
        elif event.key() == Qt.Key.Key_Minus:
            self._auto_fit = False
            self.scale(1 / 1.2, 1 / 1.2)
        else:
            super().keyPressEvent(event)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._size_picture_cache()
        self._place_prompt()  # first: its margin takes height from the viewport
        self.prompt.fit_label()  # the words fitted to the old width: fit them again
        if self._auto_fit:
            self._fit_view()

    def _size_picture_cache(self) -> None:
        """The items' cached pictures live in ``QPixmapCache``: room for the table's layers
        (panels under cards under pieces, about six screens' worth) at this size, or the
        pictures would be evicted and repainted on every update. The pictures shared between
        items (``items.PICTURES``: the boards of each viewer in hot-seat, the cards) get
        ``SHARED_SCREENS`` screens' worth."""
        dpr = self.devicePixelRatioF()
        screen = int(self.width() * self.height() * dpr * dpr * 4)
        need_kb = screen * 6 // 1024
        if need_kb > QPixmapCache.cacheLimit():
            QPixmapCache.setCacheLimit(need_kb)
        PICTURES.limit = max(PICTURES.limit, screen * SHARED_SCREENS)

    def event(self, e) -> bool:
        if e.type() == QEvent.Type.LanguageChange:
            self._rerender()
        return super().event(e)

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        painter.save()
        painter.setTransform(QTransform())  # tile in device space: no seams when zooming
        painter.fillRect(painter.viewport(), QBrush(art.table_tile()))
        painter.restore()

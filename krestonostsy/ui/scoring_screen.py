"""The end-of-game scoring screen, from ``game.result()``:
``{"scores": {state: {influence, bull, hegemony, righteousness, coins, total}},
"winner", "tiebreak": None | "conditions" | "sanctity", "end_conditions": [...]}``.

A dark page like the campaign's (``backdrop``) with the score sheet on parchment: one row
per state in finishing order, its piece and who played it, the five parts of its score
(SCORE-01) and the total; the winner's row gilded; under the sheet what ended the game,
how a tie was broken (SCORE-02) and what each column counts. Two more pages of the
sheet: "Where the influence came from" splits each state's influence by its sources
(``engine.scoring.influence_sources``), "Round by round" draws the race for it
(``engine.scoring.influence_by_round``, ``influence_chart.py``).
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QStackedWidget,
    QTabBar,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from .. import i18n
from ..i18n import N_, _
from .backdrop import PAGE_STYLE, paint_backdrop
from .influence_chart import InfluenceChart
from .names import readable, state_name
from .seat_kinds import seat_label
from .table import art

COLUMNS = (
    ("place", N_("Place"), ""),
    ("state", N_("State"), ""),
    ("influence", N_("Influence"), N_("Influence gathered during the game")),
    ("bull", N_("Bull"), N_("The influence of the papal bull each player kept secret "
                           "until the end")),
    ("hegemony", N_("Hegemony"), N_("+8 for 4 or more cities at the end")),
    ("righteousness", N_("Righteousness"), N_("+8 for 5 or more holy lands at the end")),
    ("coins", N_("Coins (1 per 4)"), N_("1 influence for every 4 coins held")),
    ("total", N_("Total"), N_("The highest total wins")),
)
COLUMN = {key: i for i, (key, _label, _tip) in enumerate(COLUMNS)}
"""Column index by key (``table.item(row, COLUMN["total"])``)."""
# the sheet's second page: where the influence came from (engine.scoring.INFLUENCE_SOURCES);
# governors and holy lands always, the other sources when some state has them
SOURCE_COLUMNS = {
    "start": (N_("Carried over"), N_("The influence the campaign carried into this game")),
    "governors": (N_("Governors"), N_("At each Income: the governors whose conditions "
                                      "were met")),
    "holy_lands": (N_("Holy lands"), N_("At each Income: 1 for each holy land held")),
    "cards": (N_("Cards"), N_("Buildings, rescripts, tactics, spies, events and oaths "
                              "that gave influence")),
    "trade": (N_("Trade privileges"), N_("The trade tracks' influence at the end")),
    "regency": (N_("Regency"), N_("The regent's influence at each Income")),
    "oaths": (N_("Broken oaths"), N_("The influence paid for breaking an oath")),
    "fall": (N_("The city's fall"), N_("The influence lost when the warlord took the city")),
}
ALWAYS_SHOWN = ("governors", "holy_lands")
SOURCES_LEGEND = N_("Influence is gathered at each Income, from the governors and the holy "
                    "lands, and from the cards that give it; it stays secret until the end.")
ROUNDS_LEGEND = N_("Each state's influence before the first round and at the end of each "
                   "round: the race as nobody at the table could see it.")
PAGES = (N_("Score"), N_("Where the influence came from"), N_("Round by round"))
TIEBREAKS = {
    "conditions": N_("Tie broken by the number of conditions met "
                     "(hegemony, righteousness)."),
    "sanctity": N_("Tie broken by the position on the sanctity track."),
}
END_CONDITIONS = {
    "hegemony": N_("hegemony (4 cities)"),
    "righteousness": N_("righteousness (5 holy lands)"),
    "defeat": N_("a crusader defeat (a state lost its last city)"),
    "era": N_("the end of the era (the events ran out)"),
}
LEGEND = N_("Hegemony and righteousness: +8 each for 4 or more cities and for 5 or more "
            "holy lands at the end. Bull: the influence of the secret papal bull, revealed "
            "now. Coins: 1 influence for every 4.")
LEGENDS = (LEGEND, SOURCES_LEGEND, ROUNDS_LEGEND)

INK = "#2b2118"
ROW = QColor("#f8f1de")
ROW_ALT = QColor("#f1e6c8")
WINNER = QColor("#e8cf86")
SHEET_STYLE = """
    QLabel#pageTitle { color: #f3e6c4; }
    QLabel#winner { color: #e8cf86; }
    QFrame#sheet { background: #f3e8cc; border: 2px solid #8c6d3f; border-radius: 6px; }
    QFrame#sheet QLabel { color: #2b2118; font-size: 13pt; }
    QFrame#sheet QLabel#legend { color: #6b5334; font-size: 11pt; }
    QTableWidget#scores, QTableWidget#sources { background: #f8f1de; color: #2b2118;
        gridline-color: #c9b183; border: 1px solid #b49a68; font-size: 14pt; }
    QTableWidget#scores QHeaderView::section, QTableWidget#sources QHeaderView::section {
        background: #d8c79c; color: #2b2118;
        border: none; border-right: 1px solid #b49a68; border-bottom: 1px solid #b49a68;
        padding: 6px 12px; font-size: 12pt; font-weight: bold; }
    QTabBar#pages { font-size: 12pt; }
    QTabBar#pages::tab { background: #e2d2a8; color: #4a3a26; border: 1px solid #b49a68;
        border-bottom: none; border-top-left-radius: 5px; border-top-right-radius: 5px;
        padding: 5px 16px; margin-right: 3px; }
    QTabBar#pages::tab:selected { background: #f8f1de; color: #2b2118; font-weight: bold; }
    QTabBar#pages::tab:hover:!selected { background: #ecdfbd; }
"""


class ScoreSheet(QTableWidget):
    """The score table; its rows and columns fit its words whenever its font changes (the
    window's interface scale sets a new style sheet on it)."""

    def __init__(self, name: str = "scores", columns: int = len(COLUMNS)) -> None:
        super().__init__(0, columns, objectName=name)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.verticalHeader().hide()
        self.setShowGrid(True)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        header = self.horizontalHeader()
        header.setHighlightSections(False)
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignCenter)
        self.set_columns(columns)

    def set_columns(self, n: int) -> None:
        """``n`` columns, each as wide as its words; the state's (the second) takes the rest."""
        self.setColumnCount(n)
        header = self.horizontalHeader()
        for col in range(n):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COLUMN["state"], QHeaderView.ResizeMode.Stretch)

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self.fit()

    def row_height(self) -> int:
        return round(self.fontMetrics().height() * 2.5)

    def fit(self) -> None:
        """Rows tall enough for a name over who played it, the table as tall as its rows."""
        rows = self.rowCount()
        h = self.row_height()
        self.verticalHeader().setDefaultSectionSize(h)
        for r in range(rows):
            self.setRowHeight(r, h)
        side = round(h * 0.62)
        self.setIconSize(QSize(side, side))
        header = self.horizontalHeader()
        self.setFixedHeight(header.sizeHint().height() + h * rows + 2 * self.frameWidth())
        # every column as wide as its words at least (the state's name and what is said
        # under it may be long): the sheet grows rather than cut them
        wide = sum(max(header.sectionSizeHint(c), self.sizeHintForColumn(c))
                   for c in range(self.columnCount()))
        self.setMinimumWidth(wide + 2 * self.frameWidth())


class ScoringScreen(QWidget):
    newGameRequested = Signal()
    debriefRequested = Signal()  # a campaign's scenario: on to its debrief
    backToTableRequested = Signal()
    replayRequested = Signal()  # watch the game again, move by move (ui/replay.py)
    menuRequested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("scoringScreen")
        self.result: dict = {}
        self.seats: dict[str, str] = {}
        self.eliminated: set[str] = set()
        self.sources: dict[str, dict[str, int]] = {}
        self.by_round: dict[str, list[int]] = {}

        self.title = QLabel(objectName="pageTitle", alignment=Qt.AlignmentFlag.AlignCenter)
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * 2.4)
        self.title.setFont(font)
        self.winner = QLabel(alignment=Qt.AlignmentFlag.AlignCenter, objectName="winner")
        wfont = QFont(self.font())
        wfont.setPointSizeF(wfont.pointSizeF() * 1.8)
        wfont.setFamily(art.bold_family())
        wfont.setBold(True)
        self.winner.setFont(wfont)

        self.sheet = QFrame(objectName="sheet")
        self.ended_by = QLabel(alignment=Qt.AlignmentFlag.AlignCenter, wordWrap=True,
                               objectName="endedBy")
        self.tiebreak = QLabel(alignment=Qt.AlignmentFlag.AlignCenter, wordWrap=True,
                               objectName="tiebreak")
        self.table = ScoreSheet()
        self.sources_table = ScoreSheet("sources", 0)
        self.chart = InfluenceChart()
        # the sheet's pages: the score, where the influence came from, round by round
        self.pages = QTabBar(objectName="pages")
        self.pages.setDrawBase(False)
        self.pages.setExpanding(False)
        self.pages.setCursor(Qt.CursorShape.PointingHandCursor)
        self.page_stack = QStackedWidget()
        for page in (self.table, self.sources_table, self.chart):
            self.pages.addTab("")
            self.page_stack.addWidget(page)
        self.pages.currentChanged.connect(self._show_page)
        self.legend = QLabel(alignment=Qt.AlignmentFlag.AlignCenter, wordWrap=True,
                             objectName="legend")
        self.inner = inner = QVBoxLayout(self.sheet)
        inner.addWidget(self.ended_by)
        inner.addWidget(self.tiebreak)
        inner.addWidget(self.pages)
        inner.addWidget(self.page_stack)
        inner.addWidget(self.legend)

        self.table_button = QPushButton(objectName="showTable")
        self.table_button.clicked.connect(self.backToTableRequested.emit)
        self.replay_button = QPushButton(objectName="watchAgain")
        self.replay_button.clicked.connect(self.replayRequested.emit)
        self.new_button = QPushButton(objectName="newGame")
        self.new_button.clicked.connect(self.newGameRequested.emit)
        self.menu_button = QPushButton(objectName="menu")
        self.menu_button.clicked.connect(self.menuRequested.emit)
        self.debrief_button = QPushButton(objectName="debrief")
        self.debrief_button.clicked.connect(self.debriefRequested.emit)
        self.debrief_button.hide()
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        for b in (self.debrief_button, self.table_button, self.replay_button, self.new_button,
                  self.menu_button):
            b.setCursor(Qt.CursorShape.PointingHandCursor)
            buttons.addWidget(b)
        buttons.addStretch(1)

        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.sheet, 8)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(40, 24, 40, 24)
        layout.addStretch(1)
        layout.addWidget(self.title)
        layout.addWidget(self.winner)
        layout.addSpacing(16)
        layout.addLayout(row)
        layout.addStretch(2)
        layout.addLayout(buttons)
        self.setStyleSheet(PAGE_STYLE + SHEET_STYLE)
        self._fit_margins()
        self.retranslate()
        i18n.add_listener(self._on_language)

    def show_result(self, result: dict | None, seats: dict[str, str] | None = None,
                    eliminated=(), sources: dict | None = None,
                    by_round: dict | None = None) -> None:
        """Show ``result``; ``seats`` ({state: "human" | a bot level}) names who played
        each state when bots took part; ``eliminated``: the states that lost their last
        city (CAPITAL-05), said under their name; ``sources``
        (``engine.scoring.influence_sources``) and ``by_round``
        (``engine.scoring.influence_by_round``) give the sheet its other pages, where the
        influence came from and the race round by round (none: the score alone)."""
        self.result = dict(result or {})
        self.seats = dict(seats or {})
        self.eliminated = set(eliminated)
        self.sources = {x: dict(parts) for x, parts in (sources or {}).items()
                        if isinstance(parts, dict)}
        self.by_round = {x: list(values) for x, values in (by_round or {}).items()
                         if isinstance(values, (list, tuple))}
        self.pages.setTabVisible(1, bool(self.sources))
        self.pages.setTabVisible(2, bool(self.by_round))
        self.pages.setVisible(bool(self.sources or self.by_round))
        self.pages.setCurrentIndex(0)
        self._show_page(0)
        self.retranslate()

    def _show_page(self, index: int) -> None:
        self.page_stack.setCurrentIndex(index)
        self.legend.setText(_(LEGENDS[index]))

    def set_debrief(self, on: bool) -> None:
        """The game was a campaign's scenario: offer its debrief (and no new game)."""
        self.debrief_button.setVisible(on)
        self.debrief_button.setDefault(on)
        self.new_button.setVisible(not on)

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt's name
        paint_backdrop(self)

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit_margins()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        self._fit_margins()
        super().showEvent(event)

    def _fit_margins(self) -> None:
        """The parchment's margins grow with the words (the interface scale)."""
        em = self.fontMetrics().height()
        self.inner.setContentsMargins(round(em * 1.3), em, round(em * 1.3), round(em * .9))
        self.inner.setSpacing(round(em * .5))

    def _on_language(self, _lang: str) -> None:
        self.retranslate()

    def retranslate(self) -> None:
        self.title.setText(_("The game is over"))
        self.debrief_button.setText(_("Debrief and the chronicle"))
        self.table_button.setText(_("Look at the table"))
        self.replay_button.setText(_("Watch again"))
        self.replay_button.setToolTip(_("The whole game again, move by move, as any state "
                                        "saw it"))
        self.new_button.setText(_("New game"))
        self.menu_button.setText(_("Main menu"))
        for k, label in enumerate(PAGES):
            self.pages.setTabText(k, _(label))
        self.legend.setText(_(LEGENDS[max(0, self.pages.currentIndex())]))
        r = self.result
        scores = r.get("scores") if isinstance(r.get("scores"), dict) else {}
        winner = r.get("winner")
        self.winner.setText(_("Winner: {state}").format(state=state_name(winner))
                            if winner else "")
        tb = r.get("tiebreak")
        self.tiebreak.setText(_(TIEBREAKS[tb]) if tb in TIEBREAKS else (readable(tb) if tb
                                                                       else ""))
        self.tiebreak.setVisible(bool(tb))
        conds = [(_(END_CONDITIONS[c]) if c in END_CONDITIONS else readable(c))
                 for c in r.get("end_conditions") or ()]
        self.ended_by.setText(_("The game ended by: {conditions}.").format(
            conditions=", ".join(conds)) if conds else "")
        self._fill(scores, winner)
        self._fill_sources(scores, winner)
        self.chart.set_series(self.by_round, [x for x, _p, _c in self._order(scores, winner)])

    def _order(self, scores: dict, winner: str | None) -> list[tuple[str, int, QColor]]:
        """The states in finishing order: (state, place, row colour). Equal totals below
        the winner share a place; a tie with the winner was broken, so that state is 2nd."""
        order = sorted(scores, key=lambda s: (s != winner, -_num(_line(scores, s).get("total"))))
        out = []
        place, last_total = 0, None
        for row, state in enumerate(order):
            total = _num(_line(scores, state).get("total"))
            if state == winner:
                place, last_total = 1, None
            elif total != last_total:
                place, last_total = row + 1, total
            colour = WINNER if state == winner else (ROW if row % 2 == 0 else ROW_ALT)
            out.append((state, place, colour))
        return out

    def _state_item(self, state: str) -> QTableWidgetItem:
        """The state's cell: its piece, its name and, under it, who played it."""
        bots = any(kind != "human" for kind in self.seats.values())
        kind = self.seats.get(state)
        under = [seat_label(kind)] if bots and kind else []
        if state in self.eliminated:
            under.append(_("lost its last city"))
        item = QTableWidgetItem("\n".join([state_name(state), " · ".join(under)] if under
                                          else [state_name(state)]))
        item.setTextAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        item.setIcon(_piece_icon(state))
        return item

    def _cell(self, sheet: ScoreSheet, row: int, col: int, item: QTableWidgetItem,
              colour: QColor, bold: bool = False) -> None:
        item.setBackground(colour)
        item.setForeground(QColor(INK))
        if col != COLUMN["state"]:
            item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
        if bold:
            f = QFont(sheet.font())
            f.setFamily(art.bold_family())
            f.setBold(True)
            item.setFont(f)
        sheet.setItem(row, col, item)

    def _fill_sources(self, scores: dict, winner: str | None) -> None:
        """The second page: each state's influence by where it came from, in the score's
        order, with the influence scored as its total."""
        sheet = self.sources_table
        if not self.sources:
            sheet.setRowCount(0)
            return
        keys = [k for k in SOURCE_COLUMNS
                if k in ALWAYS_SHOWN or any(p.get(k) for p in self.sources.values())]
        heads = [(_("Place"), ""), (_("State"), "")] + [
            (_(SOURCE_COLUMNS[k][0]), _(SOURCE_COLUMNS[k][1])) for k in keys] + [
            (_("Influence"), _("Influence gathered during the game"))]
        sheet.set_columns(len(heads))
        for col, (label, tip) in enumerate(heads):
            head = QTableWidgetItem(label)
            if tip:
                head.setToolTip(tip)
            sheet.setHorizontalHeaderItem(col, head)
        order = self._order(scores, winner)
        sheet.setRowCount(len(order))
        for row, (state, place, colour) in enumerate(order):
            parts = self.sources.get(state, {})
            self._cell(sheet, row, 0, QTableWidgetItem(str(place)), colour, bold=True)
            self._cell(sheet, row, 1, self._state_item(state), colour)
            for col, k in enumerate(keys, start=2):
                n = int(_num(parts.get(k)))
                self._cell(sheet, row, col, QTableWidgetItem(str(n) if n else "—"), colour)
            self._cell(sheet, row, len(heads) - 1, QTableWidgetItem(
                str(_line(scores, state).get("influence", sum(parts.values())))),
                       colour, bold=True)
        sheet.fit()

    def _fill(self, scores: dict, winner: str | None) -> None:
        for col, (_key, label, tip) in enumerate(COLUMNS):
            head = QTableWidgetItem(_(label))
            if tip:
                head.setToolTip(_(tip))
            self.table.setHorizontalHeaderItem(col, head)
        order = self._order(scores, winner)
        self.table.setRowCount(len(order))
        for row, (state, place, colour) in enumerate(order):
            line = _line(scores, state)
            for col, (key, _label, _tip) in enumerate(COLUMNS):
                if key == "state":
                    item = self._state_item(state)
                else:
                    item = QTableWidgetItem(str(place) if key == "place"
                                            else str(line.get(key, "")))
                self._cell(self.table, row, col, item, colour,
                           bold=key in ("total", "place"))
        self.table.fit()


def _piece_icon(state: str) -> QIcon:
    """The state's piece as on the table (its colour; its shape in colour-blind mode)."""
    size = 96  # drawn large once, scaled down to the row by the view
    pm = QPixmap(size, size)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    art.piece(p, QPointF(size / 2 - 3, size / 2 - 4), size * 0.4, state)
    p.end()
    return QIcon(pm)


def _line(scores: dict, state: str) -> dict:
    """``state``'s line of the scores (empty when the result is damaged)."""
    line = scores.get(state)
    return line if isinstance(line, dict) else {}


def _num(value) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return 0.0

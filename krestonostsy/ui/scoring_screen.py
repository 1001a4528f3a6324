"""The end-of-game scoring screen, from ``game.result()``:
``{"scores": {state: {influence, bull, hegemony, righteousness, coins, total}},
"winner", "tiebreak": None | "conditions" | "sanctity", "end_conditions": [...]}``.
"""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from .. import i18n
from ..i18n import N_, _
from .names import readable, state_name

COLUMNS = (
    ("influence", N_("Influence")),
    ("bull", N_("Bull")),
    ("hegemony", N_("Hegemony")),
    ("righteousness", N_("Righteousness")),
    ("coins", N_("Coins (1 per 4)")),
    ("total", N_("Total")),
)
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


class ScoringScreen(QWidget):
    newGameRequested = Signal()
    debriefRequested = Signal()  # a campaign's scenario: on to its debrief
    backToTableRequested = Signal()
    menuRequested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("scoringScreen")
        self.result: dict = {}

        self.title = QLabel(alignment=Qt.AlignmentFlag.AlignCenter)
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * 2.4)
        self.title.setFont(font)
        self.winner = QLabel(alignment=Qt.AlignmentFlag.AlignCenter, objectName="winner")
        wfont = QFont(self.font())
        wfont.setPointSizeF(wfont.pointSizeF() * 1.8)
        wfont.setFamily("Old Standard TT")
        wfont.setBold(True)
        self.winner.setFont(wfont)
        self.tiebreak = QLabel(alignment=Qt.AlignmentFlag.AlignCenter, wordWrap=True,
                               objectName="tiebreak")
        self.ended_by = QLabel(alignment=Qt.AlignmentFlag.AlignCenter, wordWrap=True,
                               objectName="endedBy")

        self.table = QTableWidget(0, len(COLUMNS), objectName="scores")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.verticalHeader().setDefaultSectionSize(44)
        self.table.horizontalHeader().setMinimumHeight(40)
        self.table.setMinimumWidth(760)
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setMaximumWidth(1100)

        self.table_button = QPushButton(objectName="showTable")
        self.table_button.clicked.connect(self.backToTableRequested.emit)
        self.new_button = QPushButton(objectName="newGame")
        self.new_button.clicked.connect(self.newGameRequested.emit)
        self.menu_button = QPushButton(objectName="menu")
        self.menu_button.clicked.connect(self.menuRequested.emit)
        self.debrief_button = QPushButton(objectName="debrief")
        self.debrief_button.clicked.connect(self.debriefRequested.emit)
        self.debrief_button.hide()
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        for b in (self.debrief_button, self.table_button, self.new_button, self.menu_button):
            buttons.addWidget(b)
        buttons.addStretch(1)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(40, 30, 40, 30)
        layout.addWidget(self.title)
        layout.addWidget(self.winner)
        layout.addWidget(self.tiebreak)
        layout.addWidget(self.ended_by)
        layout.addSpacing(12)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.table, 6)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addStretch(1)
        layout.addSpacing(12)
        layout.addLayout(buttons)
        self.setStyleSheet("""
            #scoringScreen { background: #efe4c8; }
            #scoringScreen QLabel { color: #2b2118; }
            #scoringScreen QTableWidget { background: #f8f1de; gridline-color: #b49a68;
                                          font-size: 13pt; }
            #scoringScreen QPushButton { padding: 7px 16px; }
        """)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.retranslate()
        i18n.add_listener(self._on_language)

    def show_result(self, result: dict | None) -> None:
        self.result = dict(result or {})
        self.retranslate()

    def set_debrief(self, on: bool) -> None:
        """The game was a campaign's scenario: offer its debrief (and no new game)."""
        self.debrief_button.setVisible(on)
        self.debrief_button.setDefault(on)
        self.new_button.setVisible(not on)

    def _on_language(self, _lang: str) -> None:
        self.retranslate()

    def retranslate(self) -> None:
        self.title.setText(_("The game is over"))
        self.debrief_button.setText(_("Debrief and the chronicle"))
        self.table_button.setText(_("Look at the table"))
        self.new_button.setText(_("New game"))
        self.menu_button.setText(_("Main menu"))
        self.table.setHorizontalHeaderLabels([_(label) for _key, label in COLUMNS])
        r = self.result
        scores = r.get("scores") if isinstance(r.get("scores"), dict) else {}
        winner = r.get("winner")
        self.winner.setText(_("Winner: {state}").format(state=state_name(winner))
                            if winner else "")
        tb = r.get("tiebreak")
        self.tiebreak.setText(_(TIEBREAKS[tb]) if tb in TIEBREAKS else (readable(tb) if tb
                                                                       else ""))
        conds = [(_(END_CONDITIONS[c]) if c in END_CONDITIONS else readable(c))
                 for c in r.get("end_conditions") or ()]
        self.ended_by.setText(_("The game ended by: {conditions}.").format(
            conditions=", ".join(conds)) if conds else "")
        order = sorted(scores, key=lambda s: (s != winner, -_num(scores[s].get("total"))))
        self.table.setRowCount(len(order))
        self.table.setVerticalHeaderLabels([state_name(s) for s in order])
        for row, state in enumerate(order):
            line = scores[state] if isinstance(scores[state], dict) else {}
            for col, (key, _label) in enumerate(COLUMNS):
                value = line.get(key, "")
                item = QTableWidgetItem(str(value))
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if key == "total":
                    f = item.font()
                    f.setFamily("Old Standard TT")
                    f.setBold(True)
                    item.setFont(f)
                if state == winner:
                    item.setBackground(QColor("#e8cf86"))
                self.table.setItem(row, col, item)
        hh = self.table.horizontalHeader()
        header = max(hh.sizeHint().height(), hh.minimumHeight(), hh.height() if
                     self.table.isVisible() else 0)
        self.table.setFixedHeight(header + 44 * len(order) + 2 * self.table.frameWidth() + 6)


def _num(value) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return 0.0

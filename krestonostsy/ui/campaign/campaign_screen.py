"""The campaign screen: every campaign in the user data folder (its name, its states and
who plays them, the chapter reached, the standings), with New campaign, Continue, Open the
chronicle and Delete. A chronicle that cannot be opened (damaged, of a newer version) is
listed with the reason — the engine has kept its copy beside it — and can only be deleted.

Chronicles are replayed when opened (:meth:`Chronicle.load`); the list keeps what it read
until the file changes, so going back and forth does not replay them again.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLayout,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ... import i18n
from ...campaign.chronicle import HUMAN, Chronicle, ChronicleError, list_campaigns
from ...campaign.data import CampaignData, shipped_campaign
from ...content.text import STATE_NAMES
from ...i18n import _
from ..backdrop import paint_backdrop
from ..names import state_name
from ..new_game_dialog import StyleCombo, allowed_pairs, lineup_problem
from ..seat_kinds import BOT_LEVELS, SEAT_LABELS, SEAT_NOTES, seat_label, split_kind
from . import story

COLUMNS = 4  # name, states and seats, chapter, standings


@dataclass
class CampaignEntry:
    """One chronicle file: the opened campaign, or the reason it cannot be opened."""

    path: Path
    chronicle: Chronicle | None = None
    error: str | None = None
    newer: bool = False  # refused because a newer version of the game wrote it


def chapter_text(chronicle: Chronicle) -> str:
    """The chapter reached: "Chapter 2 of 4: Levantine Merchants" (the one in play or to
    be played next), or the campaign's end."""
    data = chronicle.data
    total = len(data.scenarios)
    done = len(chronicle.chapters)
    if done >= total:
        return _("Finished: all {total} scenarios").format(total=total)
    entry = data.scenarios[done]
    text = _("Chapter {n} of {total}: {scenario}").format(
        n=done + 1, total=total, scenario=story.scenario_title(entry))
    if not entry.implemented:
        text += " — " + _("not implemented yet")
    elif chronicle.in_progress is not None:
        text += " — " + _("in progress")
    return text


def standings_text(chronicle: Chronicle) -> str:
    if not chronicle.chapters:
        return "—"
    pts = chronicle.standings()
    return ", ".join(f"{state_name(x)} {pts[x]}"
                     for x in sorted(chronicle.states, key=lambda s: -pts[s]))


class CampaignScreen(QWidget):
    """Signals: ``newRequested``, ``continueRequested(Chronicle)``,
    ``chronicleRequested(Chronicle)``, ``backRequested``."""

    newRequested = Signal()
    continueRequested = Signal(object)
    chronicleRequested = Signal(object)
    backRequested = Signal()

    def __init__(self, folder, confirm: Callable[..., object],
                 parent: QWidget | None = None):
        """``folder``: the user data folder (chronicles are in its ``campaigns/``);
        ``confirm(title, text, on_yes, deleting=True)``: asks before deleting (the
        window's)."""
        super().__init__(parent)
        self.setObjectName("campaignScreen")
        self.folder = Path(folder)
        self.confirm = confirm
        self.entries: list[CampaignEntry] = []
        self._cache: dict[Path, tuple[tuple, CampaignEntry]] = {}

        self.title = QLabel(objectName="title", alignment=Qt.AlignmentFlag.AlignCenter)
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * 2.2)
        self.title.setFont(font)
        self.table = QTableWidget(0, COLUMNS, objectName="campaignList")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.setWordWrap(True)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        # wrapped cells take the height their text needs at the columns' final widths
        self.table.verticalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.table.itemDoubleClicked.connect(lambda _item: self.continue_selected())
        self.empty = QLabel(objectName="empty", alignment=Qt.AlignmentFlag.AlignCenter,
                            wordWrap=True)

        self.new_button = self._button("newCampaign", self.newRequested.emit)
        self.continue_button = self._button("continueCampaign", self.continue_selected)
        self.chronicle_button = self._button("openChronicle", self.open_chronicle)
        self.delete_button = self._button("deleteCampaign", self.delete_selected)
        self.back_button = self._button("back", self.backRequested.emit)
        self.continue_button.setDefault(True)
        buttons = QHBoxLayout()
        for b in (self.new_button, self.continue_button, self.chronicle_button,
                  self.delete_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        buttons.addWidget(self.back_button)

        column = QVBoxLayout()
        column.addWidget(self.title)
        column.addSpacing(8)
        column.addWidget(self.table, 1)
        column.addWidget(self.empty, 1)
        column.addLayout(buttons)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(20, 18, 20, 18)
        layout.addStretch(1)
        layout.addLayout(column, 10)
        layout.addStretch(1)
        self.setStyleSheet("""
            #campaignScreen QLabel#title { color: #f3e6c4; }
            #campaignScreen QLabel#empty { color: #d8c79c; font-size: 14pt; }
            #campaignScreen QTableWidget { background: #f3e8cc; color: #2b2118;
                gridline-color: #b49a68; font-size: 12pt; }
            #campaignScreen QTableWidget::item { padding: 6px 4px; }
            #campaignScreen QTableWidget::item:selected { background: #e8cf86;
                color: #2b2118; }
            #campaignScreen QHeaderView::section { background: #d8c79c; color: #2b2118;
                padding: 4px; font-size: 12pt; border: 1px solid #b49a68; }
            #campaignScreen QPushButton { padding: 7px 16px; font-size: 13pt;
                color: #2b2118; background: #e9dcb8; border: 2px solid #8c6d3f;
                border-radius: 6px; }
            #campaignScreen QPushButton:hover { background: #f6ecd0; border-color: #b4873a; }
            #campaignScreen QPushButton:disabled { color: #8d826d; background: #b9ae93; }
        """)
        self.retranslate()
        i18n.add_listener(self._on_language)

    def _button(self, name: str, slot) -> QPushButton:
        b = QPushButton(objectName=name)
        b.setCursor(Qt.CursorShape.PointingHandCursor)
        b.clicked.connect(lambda _checked=False: slot())
        return b

    # --- the list ----------------------------------------------------------------------------

    def read(self, path: Path) -> CampaignEntry:
        """The campaign in ``path``, replayed once per version of the file."""
        try:
            st = path.stat()
            key: tuple = (st.st_size, st.st_mtime_ns)
        except OSError:
            key = ()
        cached = self._cache.get(path)
        if cached is not None and cached[0] == key and key:
            return cached[1]
        try:
            entry = CampaignEntry(path, chronicle=Chronicle.load(path))
        except ChronicleError as err:
            entry = CampaignEntry(path, error=story.chronicle_error_text(err),
                                  newer=err.newer)
        self._cache[path] = (key, entry)
        return entry

    def refresh(self, select: Path | None = None) -> None:
        paths = list_campaigns(self.folder)
        # newest first: by the time the file was last written
        paths.sort(key=lambda p: p.stat().st_mtime if p.exists() else 0, reverse=True)
        self.entries = [self.read(p) for p in paths]
        self.table.clearSpans()
        self.table.setRowCount(len(self.entries))
        for row, entry in enumerate(self.entries):
            self._fill_row(row, entry)
        self.table.setVisible(bool(self.entries))
        self.empty.setVisible(not self.entries)
        rows = [e.path for e in self.entries]
        if select in rows:
            self.table.selectRow(rows.index(select))
        elif self.entries:
            self.table.selectRow(0)
        self._update_buttons()

    def _fill_row(self, row: int, entry: CampaignEntry) -> None:
        c = entry.chronicle
        if c is None:
            why = (_("It was written by a newer version of the game: update the game to "
                     "open it.") if entry.newer else
                   _("The file is damaged or is not a chronicle of this game."))
            cells = [entry.path.stem,
                     _("This chronicle cannot be opened (a copy of it was kept beside "
                       "it):") + " " + why + "\n" + (entry.error or "")]
        else:
            seats = ", ".join(f"{state_name(x)} ({seat_label(s)})"
                              for x, s in c.seats.items())
            if c.advanced:
                seats += "\n" + _("advanced mode: terrain")
            cells = [c.name, seats, chapter_text(c), standings_text(c)]
        for col in range(COLUMNS):
            item = QTableWidgetItem(cells[col] if col < len(cells) else "")
            item.setTextAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            if c is None:
                item.setForeground(QColor("#8b1e1e"))
            self.table.setItem(row, col, item)
        if c is None:
            self.table.setSpan(row, 1, 1, COLUMNS - 1)

    def current(self) -> CampaignEntry | None:
        row = self.table.currentRow()
        rows = self.table.selectionModel().selectedRows() if self.table.selectionModel() \
            else []
        if rows:
            row = rows[0].row()
        return self.entries[row] if 0 <= row < len(self.entries) else None

    def select(self, path: Path) -> None:
        for row, entry in enumerate(self.entries):
            if entry.path == Path(path):
                self.table.selectRow(row)

    def row_text(self, row: int) -> list[str]:
        return [self.table.item(row, c).text() if self.table.item(row, c) else ""
                for c in range(COLUMNS)]

    def _update_buttons(self) -> None:
        entry = self.current()
        ok = entry is not None and entry.chronicle is not None
        self.continue_button.setEnabled(ok)
        self.chronicle_button.setEnabled(ok)
        self.delete_button.setEnabled(entry is not None)

    # --- actions -------------------------------------------------------------------------------

    def continue_selected(self) -> None:
        entry = self.current()
        if entry is not None and entry.chronicle is not None:
            self.continueRequested.emit(entry.chronicle)

    def open_chronicle(self) -> None:
        entry = self.current()
        if entry is not None and entry.chronicle is not None:
            self.chronicleRequested.emit(entry.chronicle)

    def delete_selected(self) -> None:
        entry = self.current()
        if entry is None:
            return
        name = entry.chronicle.name if entry.chronicle is not None else entry.path.stem
        question = _("Delete the campaign “{name}” and its chronicle? This cannot be "
                     "undone.").format(name=name)
        self.confirm(_("Delete the campaign?"), question, lambda: self.delete(entry.path),
                     deleting=True)

    def delete(self, path: Path) -> None:
        try:
            Path(path).unlink()
        except FileNotFoundError:
            pass
        self._cache.pop(Path(path), None)
        self.refresh()

    # --- language and drawing ----------------------------------------------------------------

    def _on_language(self, _lang: str) -> None:
        self.retranslate()
        if self.isVisible():
            entry = self.current()
            self.refresh(select=entry.path if entry else None)

    def retranslate(self) -> None:
        self.title.setText(_("Campaign"))
        self.table.setHorizontalHeaderLabels([_("Campaign"), _("States and players"),
                                              _("Chapter"), _("Standings")])
        self.empty.setText(_("No campaign yet. A campaign is four scenarios played in "
                             "order by the same states: start one with “New campaign”."))
        self.new_button.setText(_("New campaign…"))
        self.continue_button.setText(_("Continue"))
        self.chronicle_button.setText(_("Open the chronicle"))
        self.delete_button.setText(_("Delete…"))
        self.back_button.setText(_("Back"))

    def paintEvent(self, event) -> None:
        paint_backdrop(self)


SEAT_CHOICES = ("", HUMAN, *BOT_LEVELS)  # "" = the state does not play


class NewCampaignDialog(QDialog):
    """2–4 states, each a human or a bot of a level (at normal and above with a play
    style), a name, a seed, the advanced mode.
    ``create()`` writes the chronicle (``Chronicle.new``); a problem is shown in the
    dialog, which stays open."""

    def __init__(self, folder, parent: QWidget | None = None,
                 data: CampaignData | None = None):
        super().__init__(parent)
        self.setObjectName("newCampaignDialog")
        self.folder = Path(folder)
        self.data = data or shipped_campaign()
        self.chronicle: Chronicle | None = None
        self._pairs = allowed_pairs()
        self.states_box = QGroupBox()
        grid = QGridLayout(self.states_box)
        grid.setVerticalSpacing(8)
        grid.setColumnStretch(1, 1)
        self.seat_boxes: dict[str, QComboBox] = {}
        self.style_boxes: dict[str, StyleCombo] = {}
        self.state_labels: dict[str, QLabel] = {}
        defaults = {"jerusalem": HUMAN, "tripoli": "normal"}
        for row, state in enumerate(STATE_NAMES):
            label = QLabel()
            combo = QComboBox(objectName=f"seat_{state}")
            for kind in SEAT_CHOICES:
                combo.addItem("", kind)
            combo.setCurrentIndex(SEAT_CHOICES.index(defaults.get(state, "")))
            styles = StyleCombo(None, f"style_{state}")
            styles.follow(combo.currentData())
            combo.currentIndexChanged.connect(lambda _i: self._check())
            combo.currentIndexChanged.connect(
                lambda _i, c=combo, st=styles: self._on_seat(c, st))
            grid.addWidget(label, row, 0)
            grid.addWidget(combo, row, 1)
            grid.addWidget(styles, row, 2)
            self.state_labels[state] = label
            self.seat_boxes[state] = combo
            self.style_boxes[state] = styles
        self.name_edit = QLineEdit(objectName="campaignName")
        self.name_edit.setMaxLength(80)
        self.name_edit.textChanged.connect(lambda _t: self._check())
        self.seed_box = QSpinBox(objectName="campaignSeed")
        self.seed_box.setRange(1, 999_999)
        self.seed_box.setValue(random.SystemRandom().randrange(1, 1000))
        self.advanced = QCheckBox(objectName="advanced")
        form = QFormLayout()
        self.name_label, self.seed_label = QLabel(), QLabel()
        form.addRow(self.name_label, self.name_edit)
        form.addRow(self.seed_label, self.seed_box)
        form.addRow(self.advanced)
        self.problem = QLabel(objectName="problem", wordWrap=True)
        self.problem.setStyleSheet("color: #8b1e1e;")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.buttons.accepted.connect(self.create)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        # never smaller than what it holds (a word-wrapped intro misleads adjustSize)
        layout.setSizeConstraint(QLayout.SizeConstraint.SetMinimumSize)
        self.intro = QLabel(wordWrap=True)
        layout.addWidget(self.intro)
        layout.addWidget(self.states_box)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self.retranslate()
        self.name_edit.setText(_("Campaign {n}").format(n=len(list_campaigns(self.folder)) + 1))
        self._check()

    def seats(self) -> dict[str, str]:
        """The chosen seats in seat order: state -> "human" or a bot level, perhaps with
        a play style ("hard:merchant")."""
        return {s: self.style_boxes[s].kind(c.currentData())
                for s, c in self.seat_boxes.items() if c.currentData()}

    def set_seats(self, seats: dict[str, str]) -> None:
        for state, combo in self.seat_boxes.items():
            level, style = split_kind(seats.get(state, ""))
            combo.setCurrentIndex(SEAT_CHOICES.index(level))
            self.style_boxes[state].set_style(style)

    @staticmethod
    def _on_seat(combo: QComboBox, styles: StyleCombo) -> None:
        """A seat's tooltip says what it is like; its style follows its level."""
        note = SEAT_NOTES.get(combo.currentData())
        combo.setToolTip(_(note) if note else "")
        styles.follow(combo.currentData())

    def _check(self) -> str | None:
        states = list(self.seats())
        problem = lineup_problem(states, self._pairs)
        if problem is None and not self.name_edit.text().strip():
            problem = _("Give the campaign a name.")
        self.problem.setText(problem or "")
        self.ok_button.setEnabled(problem is None)
        return problem

    def create(self) -> Chronicle | None:
        """Write the new chronicle and accept; None (and the reason shown) on a problem."""
        if self._check() is not None:
            return None
        try:
            self.chronicle = Chronicle.new(self.seats(), int(self.seed_box.value()),
                                           folder=self.folder, data=self.data,
                                           name=self.name_edit.text().strip(),
                                           advanced=self.advanced.isChecked())
        except (ValueError, OSError) as err:
            self.problem.setText(_("The campaign cannot be created: {error}").format(
                error=err))
            return None
        self.accept()
        return self.chronicle

    def retranslate(self) -> None:
        self.setWindowTitle(_("New campaign"))
        self.intro.setText(_("«{campaign}»: four scenarios played in order by the same "
                             "states. Choose 2 to 4 states and who plays each.").format(
            campaign=_(self.data.name)))
        self.states_box.setTitle(_("States and players"))
        for state, label in self.state_labels.items():
            label.setText(state_name(state))
            combo = self.seat_boxes[state]
            for i, kind in enumerate(SEAT_CHOICES):
                combo.setItemText(i, _(SEAT_LABELS[kind]) if kind else _("Does not play"))
                combo.setItemData(i, _(SEAT_NOTES[kind]) if kind else None,
                                  Qt.ItemDataRole.ToolTipRole)
            self._on_seat(combo, self.style_boxes[state])
            self.style_boxes[state].retranslate()
        self.name_label.setText(_("Name:"))
        self.seed_label.setText(_("Seed:"))
        self.seed_box.setToolTip(_("The same seed and the same moves give the same "
                                   "campaign."))
        self.advanced.setText(_("Advanced mode: the terrain of each city changes battles "
                                "for it"))
        self.ok_button.setText(_("Create"))
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(_("Cancel"))

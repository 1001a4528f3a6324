"""The campaign's reading pages in the main window's stack: the briefing before a
scenario, the debrief after it and the chronicle reader. Each is a dark page (like the
load screen) with a parchment document (a ``QTextBrowser`` filled from :mod:`.story`) and
a row of buttons; the briefing adds the map of the Levant (:mod:`.levant_map`)."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ... import i18n
from ...campaign.chronicle import Chronicle
from ...campaign.data import ScenarioEntry
from ...i18n import _
from ..backdrop import PAGE_STYLE, paint_backdrop
from . import story
from .levant_map import LevantMap

DOCUMENT_CSS = """
    h1 { color: #5a2a10; }
    h2 { color: #5a2a10; margin-top: 14px; }
    .muted { color: #6b5334; }
    a { color: #8b1e1e; }
    table.grid { border-collapse: collapse; }
    table.grid th { background: #d8c79c; border: 1px solid #b49a68; }
    table.grid td { border: 1px solid #b49a68; }
"""


class CampaignPage(QWidget):
    """A page: a title, a document, a row of buttons (see the module docstring)."""

    def __init__(self, name: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName(name)
        self.title = QLabel(objectName="pageTitle", alignment=Qt.AlignmentFlag.AlignCenter,
                            wordWrap=True)
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * 2.0)
        self.title.setFont(font)
        self.document = QTextBrowser(objectName="document")
        self.document.setOpenLinks(False)
        # the story wraps at the page's width; a 100 %-wide table rounded up by a pixel or
        # two at a large UI scale must not bring a horizontal scroll bar
        self.document.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.document.document().setDefaultStyleSheet(DOCUMENT_CSS)
        self.note = QLabel(objectName="pageNote", alignment=Qt.AlignmentFlag.AlignCenter,
                           wordWrap=True)
        self.note.hide()
        self.buttons = QHBoxLayout()
        self.buttons.addStretch(1)
        self.body = QHBoxLayout()
        self.body.addWidget(self.document, 1)
        column = QVBoxLayout(self)
        column.setContentsMargins(28, 18, 28, 18)
        column.addWidget(self.title)
        column.addLayout(self.body, 1)
        column.addWidget(self.note)
        column.addLayout(self.buttons)
        self.setStyleSheet(PAGE_STYLE)
        i18n.add_listener(self._on_language)

    def add_button(self, name: str, signal) -> QPushButton:
        b = QPushButton(objectName=name)
        b.setCursor(Qt.CursorShape.PointingHandCursor)
        b.clicked.connect(lambda _checked=False: signal.emit())
        self.buttons.insertWidget(self.buttons.count() - 1, b)
        return b

    def text(self) -> str:
        """The document as plain text (what a reader sees)."""
        return self.document.toPlainText()

    def _on_language(self, _lang: str) -> None:
        self.retranslate()

    def retranslate(self) -> None:  # pragma: no cover - every page has its own
        raise NotImplementedError

    def paintEvent(self, event) -> None:
        paint_backdrop(self)


class BriefingScreen(CampaignPage):
    """Before a scenario: its story, the map with its highlighted cities, its special
    rules, its new components and what each state carries in. "Start" plays it."""

    startRequested = Signal()
    backRequested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__("briefingScreen", parent)
        self.chronicle: Chronicle | None = None
        self.entry: ScenarioEntry | None = None
        self.show_rule_ids = False  # Settings.show_rule_ids (the window sets it)
        self.map = LevantMap()
        self.map_caption = QLabel(objectName="pageNote", alignment=Qt.AlignmentFlag.AlignCenter,
                                  wordWrap=True)
        side = QVBoxLayout()
        side.addWidget(self.map, 1)
        side.addWidget(self.map_caption)
        self.body.insertLayout(0, side, 1)
        self.body.setStretch(1, 1)
        self.start_button = self.add_button("startScenario", self.startRequested)
        self.start_button.setDefault(True)
        self.back_button = self.add_button("back", self.backRequested)
        self.retranslate()

    def show_briefing(self, chronicle: Chronicle, entry: ScenarioEntry) -> None:
        self.chronicle, self.entry = chronicle, entry
        rules = chronicle.data.rules(entry.id)
        self.map.set_map(rules.content.board, entry.highlight, chronicle.states)
        self.retranslate()
        self.document.verticalScrollBar().setValue(0)

    def retranslate(self) -> None:
        self.start_button.setText(_("Start the scenario"))
        self.back_button.setText(_("Back"))
        c, e = self.chronicle, self.entry
        if c is None or e is None:
            self.title.setText(_("Briefing"))
            return
        self.title.setText(_("Briefing: {scenario}").format(scenario=story.scenario_title(e)))
        from ..names import city_name
        self.map_caption.setText(_("Marked on the map: {cities}").format(
            cities=", ".join(city_name(x) for x in e.highlight)) if e.highlight else "")
        self.document.setHtml(story.briefing_html(c, e, rule_ids=self.show_rule_ids))


class DebriefScreen(CampaignPage):
    """After a scenario: places, scores, chronicle points, nicknames and the qualities
    that earned them, what carries over, the standings and what comes next."""

    continueRequested = Signal()
    chronicleRequested = Signal()
    menuRequested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__("debriefScreen", parent)
        self.chronicle: Chronicle | None = None
        self.index = -1
        self.continue_button = self.add_button("continueCampaign", self.continueRequested)
        self.continue_button.setDefault(True)
        self.chronicle_button = self.add_button("openChronicle", self.chronicleRequested)
        self.menu_button = self.add_button("menu", self.menuRequested)
        self.retranslate()

    def show_debrief(self, chronicle: Chronicle, index: int | None = None) -> None:
        self.chronicle = chronicle
        self.index = len(chronicle.chapters) - 1 if index is None else index
        self.retranslate()
        self.document.verticalScrollBar().setValue(0)

    def retranslate(self) -> None:
        self.chronicle_button.setText(_("Open the chronicle"))
        self.menu_button.setText(_("Main menu"))
        c = self.chronicle
        nxt = c.next_scenario() if c is not None else None
        self.continue_button.setText(_("Continue: the briefing of «{scenario}»").format(
            scenario=story.scenario_title(nxt)) if nxt is not None else _("Continue"))
        self.continue_button.setVisible(nxt is not None)
        if c is None or not 0 <= self.index < len(c.chapters):
            self.title.setText(_("Debrief"))
            self.note.hide()
            return
        self.title.setText(c.name)
        self.document.setHtml(story.debrief_html(c, self.index))
        step = story.next_step_text(c) if nxt is None else ""
        self.note.setText(step)
        self.note.setVisible(bool(step))


class ChronicleReader(CampaignPage):
    """The campaign so far as a readable story, chapter by chapter, and the standings."""

    backRequested = Signal()
    replayRequested = Signal(int)  # a chapter's link: watch it again (0-based)

    def __init__(self, parent: QWidget | None = None):
        super().__init__("chronicleReader", parent)
        self.chronicle: Chronicle | None = None
        self.back_button = self.add_button("back", self.backRequested)
        self.document.anchorClicked.connect(self._on_link)
        self.retranslate()

    def _on_link(self, url) -> None:
        text = url.toString()
        if text.startswith(story.REPLAY_LINK) and text[len(story.REPLAY_LINK):].isdigit():
            self.replayRequested.emit(int(text[len(story.REPLAY_LINK):]))

    def show_chronicle(self, chronicle: Chronicle) -> None:
        self.chronicle = chronicle
        self.retranslate()
        self.document.verticalScrollBar().setValue(0)

    def retranslate(self) -> None:
        self.back_button.setText(_("Back"))
        self.title.setText(_("The chronicle"))
        if self.chronicle is not None:
            self.document.setHtml(story.chronicle_html(self.chronicle))

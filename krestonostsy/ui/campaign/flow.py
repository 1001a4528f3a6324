"""The campaign in the main window, scenario after scenario (issue 11, docs/campaign.md).

:class:`CampaignFlow` adds the campaign's pages to the window's stack and leads the
players through them:

    start screen → Campaign (the list) → New campaign → briefing → the scenario on the
    normal table (the game controller, bots in their seats) → scoring screen → debrief →
    the next briefing … → the campaign's winner

* A scenario's game is an ordinary game of the controller: its autosaves are the usual
  ones (``ui/saves.py``), and the first of them is **linked** to the chronicle
  (``Chronicle.link_autosave``). Continue (in the list, or the start screen's) finds the
  newest autosave of that game by its game id, so the scenario resumes after a restart.
* When that game ends, :meth:`Chronicle.finish` records it at once (the chronicle is
  written even if the players quit from the scoring screen), and the scoring screen
  offers the debrief.
* Any loaded game whose id a chronicle links (a restart, "Continue" on the start screen,
  the load screen) is that campaign's scenario again.

Nothing here decides a rule: the chronicle derives places, nicknames and carry-overs,
the engine plays the scenario.
"""
from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QObject

from ...campaign.chronicle import (
    Chronicle,
    ChronicleError,
    list_campaigns,
    read_document,
    remove_stale_writes,
)
from ...i18n import _
from ..os_errors import os_error_text
from ..saves import new_game_id
from .campaign_screen import CampaignScreen, NewCampaignDialog
from .pages import BriefingScreen, ChronicleReader, DebriefScreen
from .story import chronicle_error_text

log = logging.getLogger(__name__)


class CampaignFlow(QObject):
    """The campaign's pages and the link between a chronicle and the game in play."""

    def __init__(self, window, folder: Path | None = None):
        """``folder``: the user data folder (default: the one above the window's saves,
        so chronicles and saves live side by side)."""
        super().__init__(window)
        self.window = window
        self.folder = Path(folder) if folder is not None else window.store.directory.parent
        remove_stale_writes(self.folder)  # what a killed chronicle write left behind
        self.chronicle: Chronicle | None = None  # the campaign the game in play belongs to
        self.game_id: str | None = None  # that game's id (its autosaves carry it)
        self.dialog: NewCampaignDialog | None = None
        self._reader_back = None  # the page the chronicle reader returns to
        self.screen = CampaignScreen(self.folder, confirm=window.confirm)
        self.briefing = BriefingScreen()
        self.debrief = DebriefScreen()
        self.reader = ChronicleReader()
        self.pages = {self.screen: "campaign", self.briefing: "briefing",
                      self.debrief: "debrief", self.reader: "chronicle"}
        for page in self.pages:
            window.stack.addWidget(page)
        s = self.screen
        s.newRequested.connect(self.new_campaign_dialog)
        s.continueRequested.connect(self.continue_campaign)
        s.chronicleRequested.connect(self.show_chronicle)
        s.backRequested.connect(window.go_to_menu)
        self.briefing.startRequested.connect(self.start_scenario)
        self.briefing.backRequested.connect(self.show_list)
        self.debrief.continueRequested.connect(self.continue_current)
        self.debrief.chronicleRequested.connect(lambda: self.show_chronicle(self.chronicle))
        self.debrief.menuRequested.connect(window.go_to_menu)
        self.reader.backRequested.connect(self._leave_reader)
        self.reader.replayRequested.connect(self._watch_chapter)
        window.controller.gameOver.connect(self._on_game_over)
        window.scoring.debriefRequested.connect(self.show_debrief)

    # --- pages ---------------------------------------------------------------------------------

    def page_name(self, page) -> str | None:
        return self.pages.get(page)

    def _show(self, page) -> None:
        w = self.window
        w.stack.setCurrentWidget(page)
        w.log_dock.hide()
        w._update_actions()

    def show_list(self, select: Path | None = None) -> None:
        self.screen.refresh(select=select)
        self._show(self.screen)

    def new_campaign_dialog(self) -> NewCampaignDialog:
        dialog = NewCampaignDialog(self.folder, self.window)
        dialog.accepted.connect(lambda: self._created(dialog))
        dialog.open()
        self.window.replace_dialog(self.dialog)
        self.dialog = dialog
        return dialog

    def _created(self, dialog: NewCampaignDialog) -> None:
        if dialog.chronicle is not None:
            self.show_briefing(dialog.chronicle)

    def show_briefing(self, chronicle: Chronicle) -> bool:
        """The briefing of the campaign's next scenario (False when there is none)."""
        entry = chronicle.next_scenario()
        if entry is None:
            return False
        self.chronicle = chronicle
        self.briefing.show_briefing(chronicle, entry)
        self._show(self.briefing)
        return True

    def show_debrief(self) -> None:
        if self.chronicle is None or not self.chronicle.chapters:
            return
        self.debrief.show_debrief(self.chronicle)
        self._show(self.debrief)

    def show_chronicle(self, chronicle: Chronicle | None) -> None:
        if chronicle is None:
            return
        current = self.window.stack.currentWidget()
        self._reader_back = current if current is not self.reader else self._reader_back
        self.reader.show_chronicle(chronicle)
        self._show(self.reader)

    def _watch_chapter(self, index: int) -> None:
        """A chapter of the chronicle watched again on the table; closing the replay comes
        back to the reader."""
        chronicle = self.reader.chronicle
        if chronicle is not None and 0 <= index < len(chronicle.chapters):
            humans = [x for x, kind in chronicle.seats.items() if kind == "human"]
            self.window.start_replay(chronicle.chapters[index].game, back_to=self.reader,
                                     viewer=humans[0] if humans else None)

    def _leave_reader(self) -> None:
        back = self._reader_back
        if back is self.debrief:
            self._show(self.debrief)
        else:
            self.show_list()

    # --- playing -------------------------------------------------------------------------------

    def continue_current(self) -> None:
        if self.chronicle is not None:
            self.continue_campaign(self.chronicle)

    def continue_campaign(self, chronicle: Chronicle) -> bool:
        """Resume the scenario in progress from its newest autosave, else the next
        scenario's briefing, else the debrief of the last one (which says why nothing
        follows: a scenario not implemented yet, or the campaign's winner)."""
        if chronicle.in_progress is not None:
            path = self.newest_autosave(chronicle)
            if path is not None:
                self.chronicle = chronicle
                self.game_id = self.window.store.game_of(path)
                if self.window.load_file(path):
                    return True
            else:
                self.window.show_message(
                    _("Campaign"), _("The autosave of the scenario in progress is gone; "
                                     "the scenario starts again from its briefing."))
        if self.show_briefing(chronicle):
            return True
        if chronicle.chapters:
            self.chronicle = chronicle
            self.show_debrief()
            return True
        return False

    def newest_autosave(self, chronicle: Chronicle) -> Path | None:
        """The newest autosave of the game the chronicle links (None when it is gone)."""
        linked = (chronicle.in_progress or {}).get("autosave")
        if not linked:
            return None
        store = self.window.store
        found = store.autosaves_of(store.game_of(Path(linked)))
        return found[0] if found else None

    def start_scenario(self) -> bool:
        """Play the next scenario of the chronicle on the table, its autosave linked."""
        c, w = self.chronicle, self.window
        if c is None:
            return False
        try:
            game = c.new_game()
        except ChronicleError as err:
            w.show_message(_("The scenario cannot start"), chronicle_error_text(err))
            return False
        except ValueError as err:
            w.show_message(_("The scenario cannot start"), str(err))
            return False
        w.write_thumbnail()
        if not w._table_ready():
            return False
        self.game_id = new_game_id()
        w.controller.start(game, dict(c.seats), game_id=self.game_id)
        try:
            c.link_autosave(w.controller.last_autosave
                            if w.controller.game_id == self.game_id else None)
        except OSError as err:
            w.show_message(_("Problem"), _("The chronicle could not be written: {error}")
                           .format(error=os_error_text(err)))
        w.fit_table()
        return True

    def adopt(self, game_id: str) -> None:
        """The window loads the game ``game_id``: it is a campaign's scenario when a
        chronicle links it (a restart, the start screen's Continue), else no campaign's."""
        if self.chronicle is not None and game_id == self.game_id:
            return
        self.chronicle, self.game_id = None, None
        for path in list_campaigns(self.folder):
            if linked_game(path, self.window.store) != game_id:
                continue
            try:
                self.chronicle = Chronicle.load(path)
            except ChronicleError as err:
                log.warning("the campaign of game %s cannot be opened: %s", game_id, err)
                return
            self.game_id = game_id
            return

    def forget(self) -> None:
        """A game of no campaign starts (New game)."""
        self.chronicle, self.game_id = None, None
        self.window.scoring.set_debrief(False)

    def _on_game_over(self, _result) -> None:
        c, w = self.chronicle, self.window
        ours = (c is not None and w.controller.game is not None
                and w.controller.game_id == self.game_id)
        if ours and c.in_progress is not None:
            try:
                c.finish(w.controller.game)
            except ChronicleError as err:
                w.show_message(_("Campaign"), _("The chronicle refused this game: {error}")
                               .format(error=chronicle_error_text(err)))
                ours = False
            except OSError as err:
                w.show_message(_("Problem"), _("The chronicle could not be written: "
                                               "{error}").format(error=os_error_text(err)))
                ours = False
            else:
                log.info("campaign %s: chapter %d recorded", c.name, len(c.chapters))
        w.scoring.set_debrief(ours)


def linked_game(path: Path, store) -> str | None:
    """The id of the game whose autosave the chronicle ``path`` links, or None — also for
    a chronicle that cannot be opened (read through the chronicle's own checks without
    replaying it: a damaged chronicle never stops a save from loading)."""
    try:
        progress = read_document(path)["in_progress"]
    except ChronicleError:
        return None
    return store.game_of(Path(progress["autosave"])) if progress is not None else None

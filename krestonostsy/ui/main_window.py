"""The main window: start screen, the table (``ui/table/view.py: TableView``), the hot-seat
hand-off screen, the scoring screen, the load screen and the campaign's pages
(``ui/campaign/``: list, briefing, debrief, chronicle) in one stack; the log in a dock; a
toolbar with undo, save, load, fit and settings.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDockWidget,
    QLabel,
    QMainWindow,
    QStackedWidget,
    QToolBar,
    QWidget,
)

from .. import i18n
from ..i18n import _, ngettext
from . import message_box
from .controller import GameController
from .handoff import HandoffScreen
from .load_screen import LoadScreen, png_bytes, table_thumbnail
from .log_panel import LogPanel, render_entry
from .names import phase_name, show_content, state_name
from .os_errors import os_error_text
from .replay import Replay, ReplayBar
from .saves import SaveStore, save_error_text
from .scaled_style import scale_widgets, set_app_font, ui_scale_for
from .scoring_screen import ScoringScreen
from .settings import Settings, SettingsDialog
from .start_screen import StartScreen

# What the start screen does not show is imported when first needed, so that the window
# opens sooner (README, "Performance": start-up): the campaign's pages and the dialogs.
if TYPE_CHECKING:
    from .about import AboutDialog
    from .campaign import CampaignFlow
    from .new_game_dialog import NewGameDialog
    from .rules_window import RulesWindow
    from .table.interface import GameTable

log = logging.getLogger(__name__)

# The pages that show the game in play: elsewhere (the start screen, the saves, a
# campaign's pages) the status bar says nothing of it and Save/Undo do not act on it
GAME_PAGES = frozenset({"table", "handoff", "scoring"})

# The pause between two bot moves at the "normal" animation speed (scaled by the speed
# setting; "instant" makes it 0): long enough to see what the bot did.
BOT_PAUSE_MS = 900
# The thumbnail of the last autosave is drawn when the table has been still this long (a
# picture per move would stall a bot game's animations; leaving the table, opening the
# load screen and closing the window draw it at once).
THUMBNAIL_DELAY_MS = 1500
# The log opens beside the table on a screen at least this wide; on a smaller one it starts
# closed (the table needs the width) until the player opens it; the choice is remembered
LOG_OPEN_MIN_WIDTH = 1600
LOG_SHARE = 0.24  # the log takes at most this share of the window's width


def default_table_factory(parent: QWidget | None = None) -> GameTable:
    from .table.view import TableView
    return TableView(parent)


def hint_reason(reason) -> str:
    """A hint's reason (``ai.reasons.Reason``) said to the player it is for, or "" (a
    decision the bot judged without a search or an attack has none to give)."""
    if reason is None:
        return ""
    p = reason.params
    if reason.key == "bot_order_searched":
        return ngettext("the best in {n} of {total} simulated round",
                        "the best in {n} of {total} simulated rounds",
                        int(p["total"])).format(n=p["n"], total=p["total"])
    if reason.key == "bot_attacks":
        return _("your strength {strength} against its defence {defence}").format(**p)
    return ""


class MainWindow(QMainWindow):
    def __init__(self, settings: Settings | None = None, store: SaveStore | None = None,
                 table_factory: Callable[[QWidget | None], GameTable] | None = None,
                 autosave: bool = True, ui_scale: float | None = None):
        """``ui_scale``: the interface's scale (default: from the screen it opens on)."""
        super().__init__()
        self.setObjectName("mainWindow")
        # the words of every page follow the screen: the application's font first, so the
        # pages made below size their own (titles, captions) from it
        self.ui_scale = ui_scale if ui_scale is not None else self._screen_scale()
        set_app_font(self.ui_scale)
        self.settings = settings or Settings()
        self.store = store or SaveStore()
        self._table_factory = table_factory or default_table_factory
        self.controller = GameController(self.store, self, autosave=autosave)
        self.table: GameTable | None = None
        self.rules_dlg: RulesWindow | None = None  # the rules reference, made on first use
        # the last dialog of each kind made (made anew at each opening, the window its
        # parent: the one before is deleted then, see replace_dialog)
        self.new_dialog: NewGameDialog | None = None
        self.settings_dlg: SettingsDialog | None = None
        self.about_dlg: AboutDialog | None = None
        self.last_message: tuple[str, str] | None = None
        self._message_box: message_box.MessageBox | None = None
        self.tutorial = None  # the guided first game while it runs (ui/tutorial.py)

        # pages -----------------------------------------------------------------------------
        self.stack = QStackedWidget(objectName="pages")
        self.start_screen = StartScreen()
        self.game_page = QStackedWidget(objectName="gamePage")  # holds the table when made
        self.handoff = HandoffScreen()
        self.scoring = ScoringScreen()
        self.load_screen = LoadScreen(self.store)
        self._page_before_load: QWidget = self.start_screen
        for page in (self.start_screen, self.game_page, self.handoff, self.scoring,
                     self.load_screen):
            self.stack.addWidget(page)
        self.setCentralWidget(self.stack)
        self._campaign: CampaignFlow | None = None  # its pages: made on first use (campaign)
        self.stack.currentChanged.connect(self._on_page_changed)

        # log dock ----------------------------------------------------------------------------
        self.log_panel = LogPanel()
        self.log_panel.setMinimumWidth(220)  # narrower, words break mid-way
        self.log_dock = QDockWidget(objectName="logDock")
        self.log_dock.setWidget(self.log_panel)
        self.log_dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                                  | QDockWidget.DockWidgetFeature.DockWidgetClosable)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.log_dock)
        self.log_dock.hide()

        # toolbar and actions ------------------------------------------------------------------
        self.toolbar = QToolBar(objectName="mainToolbar")
        self.toolbar.setMovable(False)
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.addToolBar(self.toolbar)
        self.act_menu = self._action(self.go_to_menu)
        self.act_new = self._action(self.new_game_dialog, QKeySequence.StandardKey.New)
        self.act_save = self._action(self.save_dialog, QKeySequence.StandardKey.Save)
        self.act_load = self._action(self.show_load_screen, QKeySequence.StandardKey.Open)
        self.act_undo = self._action(self.controller.undo, QKeySequence.StandardKey.Undo)
        self.act_cancel_order = self._action(self.controller.cancel_order, QKeySequence("Esc"))
        self.act_hint = self._action(self.ask_hint, QKeySequence("H"))
        self.act_fit = self._action(self.fit_table, QKeySequence("F"))
        self.act_log = self.log_dock.toggleViewAction()
        self.act_log.triggered.connect(self._on_log_toggled)
        self.act_rules = self._action(self.show_help, QKeySequence.StandardKey.HelpContents)
        self.act_settings = self._action(self.settings_dialog)
        self.act_about = self._action(self.about_dialog)
        for a in (self.act_menu, self.act_new, self.act_save, self.act_load, None,
                  self.act_undo, self.act_cancel_order, self.act_hint, self.act_fit,
                  self.act_log, None,
                  self.act_rules, self.act_settings, self.act_about):
            if a is None:
                self.toolbar.addSeparator()
            else:
                self.toolbar.addAction(a)
        self._hint_shown = False  # the status bar says a hint (cleared at the next change)
        self.replay: Replay | None = None  # a finished game watched again (ui/replay.py)
        self._replay_of = None  # the controller's game when it began (another ends it)
        self._replay_back: QWidget | None = None  # the page closing it returns to
        self.replay_bar = ReplayBar(self)
        self.addToolBar(Qt.ToolBarArea.BottomToolBarArea, self.replay_bar)
        self.replay_bar.hide()
        self.replay_bar.moveRequested.connect(self._replay_to)
        self.replay_bar.viewerChanged.connect(self._replay_as)
        self.replay_bar.closeRequested.connect(self.end_replay)
        self.status_label = QLabel(objectName="status")
        self.statusBar().addWidget(self.status_label, 1)
        self.busy_label = QLabel(objectName="busy")
        self.statusBar().addPermanentWidget(self.busy_label)

        # wiring --------------------------------------------------------------------------------
        s = self.start_screen
        s.newGameRequested.connect(self.new_game_dialog)
        s.tutorialRequested.connect(self.open_tutorial)
        s.campaignRequested.connect(self.show_campaigns)
        s.continueRequested.connect(self.continue_game)
        s.loadRequested.connect(self.show_load_screen)
        s.rulesRequested.connect(self.rules_dialog)
        s.settingsRequested.connect(self.settings_dialog)
        s.quitRequested.connect(self.close)
        self.handoff.acknowledged.connect(self.controller.acknowledge_handoff)
        self.scoring.backToTableRequested.connect(self.show_table_page)
        self.scoring.replayRequested.connect(self.start_replay)
        self.scoring.newGameRequested.connect(self.new_game_dialog)
        self.scoring.menuRequested.connect(self.go_to_menu)
        ls = self.load_screen
        ls.openRequested.connect(self.load_file)
        ls.openFileRequested.connect(self.load_dialog)
        ls.backRequested.connect(self.leave_load_screen)
        # the picture of the table for the load screen, after the table settles
        self._thumbnailed: Path | None = None
        self._thumb_timer = QTimer(self, singleShot=True, interval=THUMBNAIL_DELAY_MS)
        self._thumb_timer.timeout.connect(self.write_thumbnail)
        # the next player's table, laid out behind the hand-off screen (prepare_next_table)
        self._prepare_timer = QTimer(self, singleShot=True, interval=0)
        self._prepare_timer.timeout.connect(self.prepare_next_table)
        c = self.controller
        c.changed.connect(self.refresh)
        c.handoffRequested.connect(self._on_handoff)
        c.gameOver.connect(self._on_game_over)
        c.errorOccurred.connect(lambda text: self.show_message(_("Problem"), text))
        c.busyChanged.connect(self._on_busy)
        c.hintReady.connect(self._on_hint)
        self.settings.changed.connect(self._on_setting_changed)
        self._apply_bot_pace()
        self._apply_rule_ids()
        i18n.add_listener(self._on_language)

        geometry = self.settings.value("window/geometry")
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
        else:
            self._first_size()
        self.set_ui_scale(self.ui_scale)
        self.retranslate()
        self.go_to_menu()

    @property
    def campaign(self) -> CampaignFlow:
        """The campaign's pages and its link to the game in play, made the first time they
        are needed: the start screen shows none of them, and importing them (chronicles,
        campaign data) would delay the window's first paint."""
        if self._campaign is None:
            from .campaign import CampaignFlow
            known = set(self.findChildren(QWidget))
            self._campaign = CampaignFlow(self)  # adds its pages to the stack
            # the new pages' words at the interface's scale, as set_ui_scale did for the rest
            scale_widgets(self, [w for w in self.findChildren(QWidget) if w not in known],
                          self.ui_scale, self.ui_scale, self.table)
            self._campaign.briefing.show_rule_ids = self.settings.show_rule_ids
        return self._campaign

    def show_campaigns(self) -> None:
        """The campaign's list (the start screen's "Campaign"), its pages made if need be."""
        self.campaign.show_list()

    def _first_size(self) -> None:
        """First run: sized for the screen it opens on — 1400×900 or 85 % of a larger
        screen's free area, maximised on a screen smaller than that (a 1280×800 laptop
        would otherwise cut off the table's right edge)."""
        from PySide6.QtGui import QGuiApplication
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is None:
            self.resize(1400, 900)
            return
        free = screen.availableGeometry()
        w = max(min(1400, free.width()), int(free.width() * .85))
        h = max(min(900, free.height()), int(free.height() * .85))
        self.resize(min(w, free.width()), min(h, free.height()))
        if free.width() < 1400 or free.height() < 900:
            self.setWindowState(self.windowState() | Qt.WindowState.WindowMaximized)

    def _screen_scale(self) -> float:
        from PySide6.QtGui import QGuiApplication
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is None:
            return 1.0
        size = screen.size()  # logical pixels: a device pixel ratio of 2 is already applied
        return ui_scale_for(size.width(), size.height())

    def set_ui_scale(self, k: float) -> None:
        """The interface's words (toolbar, status bar, log, start screen, hand-off and
        scoring screens, dialogs) at ``k`` times their size: on a 4K screen at 100 % they
        would be tiny. The application's font grows; the pages' own fonts and the sizes in
        their style sheets grow by the same factor (remembered at their first sight). The
        table scales itself to the window."""
        old = self.ui_scale
        self.ui_scale = k
        set_app_font(k)
        scale_widgets(self, [self, *self.findChildren(QWidget)], old, k, self.table)
        self.log_panel.setMinimumWidth(int(220 * k))

    def showEvent(self, event) -> None:
        super().showEvent(event)
        handle = self.windowHandle()
        if handle is not None and not getattr(self, "_screen_hooked", False):
            self._screen_hooked = True
            handle.screenChanged.connect(lambda _s: self.set_ui_scale(self._screen_scale()))

    # --- the log: a side panel the player opens and closes ------------------------------------

    def log_wanted(self) -> bool:
        """Whether the log is open beside the table: the player's last choice, else open
        only on a screen wide enough to spare the room."""
        value = self.settings.value("ui/log_open")
        if value is not None:
            return str(value).lower() in ("1", "true", "yes")
        screen = self.screen()
        width = screen.availableGeometry().width() if screen is not None else self.width()
        return max(width, self.width()) >= LOG_OPEN_MIN_WIDTH

    def _on_log_toggled(self, checked: bool) -> None:
        self.settings.set_value("ui/log_open", bool(checked))
        if checked:
            self._size_log()

    def _show_log(self) -> None:
        if self.log_wanted():
            was = self.log_dock.isVisible()
            self.log_dock.show()
            if not was:
                self._size_log()
        else:
            self.log_dock.hide()

    def _size_log(self) -> None:
        """The log takes a slim column: at most ``LOG_SHARE`` of the window."""
        k = self.ui_scale
        w = int(max(self.log_panel.minimumWidth(), min(self.width() * LOG_SHARE, 380 * k)))
        self.resizeDocks([self.log_dock], [w], Qt.Orientation.Horizontal)

    def _keep_table_legible(self) -> None:
        """With the log open beside it the table keeps its words legible (it may then show
        only a part of itself: ``TableView.set_keep_legible``)."""
        if self.table is not None:
            self.table.set_keep_legible(self.log_dock.isVisible())

    def _action(self, slot, shortcut=None) -> QAction:
        a = QAction(self)
        a.triggered.connect(lambda _checked=False: slot())
        if shortcut is not None:
            a.setShortcut(shortcut)
        return a

    # --- the table ---------------------------------------------------------------------------

    def ensure_table(self) -> GameTable:
        if self.table is None:
            table = self._table_factory(self.game_page)
            self.game_page.addWidget(table)
            self.table = table
            table.actionChosen.connect(self._on_action_chosen)
            table.rulesRequested.connect(self.show_rules)  # "?" of the prompt bar
            table.glossaryRequested.connect(self.show_glossary)  # a keyword of a card
            self.log_panel.idsHovered.connect(self._highlight_ids)
            # the log beside the table takes the width its words need
            self.log_dock.visibilityChanged.connect(lambda shown: self._keep_table_legible())
            self._keep_table_legible()
            self._apply_table_settings()
        return self.table

    def _apply_table_settings(self) -> None:
        t = self.table
        if t is None:
            return
        t.set_speed(self.settings.animation_speed)
        t.set_colour_blind(self.settings.colour_blind)
        t.set_results_close(self.settings.results_close)

    def _highlight_ids(self, ids: list) -> None:
        if self.table is not None:
            self.table.highlight_ids(list(ids))

    def _table_ready(self) -> bool:
        """Make the table if it is not made yet; a failure is logged and said, not raised."""
        try:
            self.ensure_table()
        except Exception as err:
            log.exception("the table cannot be created")
            self.show_message(_("Problem"), _("The game table cannot be shown: {error}")
                              .format(error=err))
            return False
        return True

    def fit_table(self) -> None:
        if self.table is not None:
            self.table.fit()

    # --- pages -------------------------------------------------------------------------------

    def go_to_menu(self) -> None:
        self.write_thumbnail()
        info = self.store.resumable()
        if info is not None:
            self.start_screen.set_resume(_("Interrupted game: {states}, saved {when}").format(
                states=", ".join(state_name(s) for s in info.states),
                when=info.when()))
        else:
            self.start_screen.set_resume(None)
        self.stack.setCurrentWidget(self.start_screen)
        self.log_dock.hide()
        self._update_actions()

    def show_table_page(self) -> None:
        c = self.controller
        if c.game is None:
            return
        if c.pending_handoff is not None:  # hot-seat: the next player's hand-off first
            self.handoff.show_player(c.pending_handoff)
            self.stack.setCurrentWidget(self.handoff)
            return
        self.stack.setCurrentWidget(self.game_page)
        self._show_log()
        self._update_actions()

    def _on_page_changed(self, _index: int) -> None:
        """The table, once shown, takes the keys (Tab, Enter: ui/table/keyboard.py) without
        a click on it first. After the events of this change: a dialog closing (New game)
        gives the focus back to where it was before, a hidden button. Leaving the table
        ends a replay. The status bar and the toolbar are brought up to date (Fit and Hint
        act on the table)."""
        if self.stack.currentWidget() is self.game_page:
            QTimer.singleShot(0, self._focus_table)
        elif self.replay is not None:
            self._stop_replay()
        self._update_status()  # a replay left behind no longer speaks in the status bar
        self._update_actions()  # what the toolbar offers depends on the page

    def _focus_table(self) -> None:
        if self.table is not None and self.stack.currentWidget() is self.game_page:
            self.table.setFocus()

    # --- watching a finished game again ---------------------------------------------------

    def start_replay(self, game=None, back_to: QWidget | None = None,
                     viewer: str | None = None) -> bool:
        """Watch ``game`` again (default: the game just finished: the scoring screen's
        "Watch again"; a chapter: the chronicle's link) on the table from its set-up, moved
        by the replay bar (ui/replay.py), as ``viewer`` saw it (default: the viewer of the
        game in play, else its first state). Closing it goes back to ``back_to`` (default:
        the scores)."""
        c = self.controller
        game = game if game is not None else c.game
        if game is None or not self._table_ready():
            return False
        states = list(game.setup["states"])
        if viewer not in states:
            viewer = c.viewer if game is c.game and c.viewer in states else states[0]
        try:
            self.replay = Replay(game, viewer)
        except Exception as err:  # a game that cannot be played again: said, not raised
            log.exception("the replay could not be made")
            self.show_message(_("Problem"), _("The game cannot be watched again: {error}")
                              .format(error=err))
            return False
        self._replay_of, self._replay_back = c.game, back_to
        show_content(game.c)  # its cards are named from its own content (a scenario's)
        self.replay_bar.set_states(states, viewer)
        self.replay_bar.show()
        self.stack.setCurrentWidget(self.game_page)
        if self.table is not None:
            self.table.dismiss_notices()  # they tell of the game's end, not of its start
        self._show_replay()
        return True

    def _replay_to(self, k: int) -> None:
        if self.replay is not None:
            self.replay.go(k)
            self._show_replay()

    def _replay_as(self, viewer: str) -> None:
        if self.replay is not None:
            self.replay.viewer = viewer
            self._show_replay()

    def _show_replay(self) -> None:
        r, table = self.replay, self.table
        if r is None or table is None:
            return
        entries = r.entries()
        # with its log, as in play: the table marks and plays what the others did since the
        # viewer's last decision, opens a battle's or a round's notice, and forgets the
        # marks of the game's end when the replay begins (its log is a new history)
        table.show_view(r.view(), [], r.viewer, log=entries)
        self.log_panel.set_entries(entries)
        what = ""
        if r.at and entries:
            key, params, _seen = entries[-1]
            what = render_entry(key, params)[0]
        self.replay_bar.set_position(r.at, r.length, what)
        self._show_log()
        self._update_status()
        self._update_actions()

    def end_replay(self) -> None:
        """"Close the replay": back where it was asked for (the scores, the chronicle),
        the table showing the game in play again."""
        back = self._replay_back
        self._stop_replay()
        if self.controller.game is not None:
            self.refresh()
        if back is not None:
            self.stack.setCurrentWidget(back)
        elif self.controller.game is not None and self.controller.game.is_over:
            self.stack.setCurrentWidget(self.scoring)
        else:
            self.go_to_menu()

    def _stop_replay(self) -> None:
        self.replay = self._replay_of = self._replay_back = None
        self.replay_bar.stop()
        self.replay_bar.hide()
        if self.controller.game is not None:
            show_content(self.controller.game.c)  # the game in play's cards again

    def current_page(self) -> str:
        page = self.stack.currentWidget()
        return {self.start_screen: "start", self.game_page: "table", self.handoff: "handoff",
                self.scoring: "scoring", self.load_screen: "load"}.get(page) \
            or (self._campaign.page_name(page) if self._campaign is not None else None) \
            or "?"

    def show_load_screen(self) -> None:
        """The list of saves (``ui/load_screen.py``); "Back" returns to this page."""
        self.write_thumbnail()  # the game in progress is listed with its picture
        if self.stack.currentWidget() is not self.load_screen:
            self._page_before_load = self.stack.currentWidget()
        self.load_screen.refresh()
        self.stack.setCurrentWidget(self.load_screen)
        self.log_dock.hide()
        self._update_actions()

    def leave_load_screen(self) -> None:
        """Back to the page the load screen was opened from, redrawn: a bot may have moved
        meanwhile (the load screen stays up while the game goes on under it)."""
        page = self._page_before_load
        if page is self.start_screen or self.controller.game is None:
            self.go_to_menu()
            return
        self.stack.setCurrentWidget(self.scoring if page is self.scoring else self.game_page)
        self.refresh()

    # --- starting and loading games ------------------------------------------------------------

    def new_game_dialog(self) -> NewGameDialog:
        defaults = {"states": self.settings.value("newgame/states"),
                    "options": self.settings.value("newgame/options"),
                    "seats": self.settings.value("newgame/seats"),
                    "scenario": self.settings.value("newgame/scenario"),
                    "advanced": self.settings.value("newgame/advanced"),
                    "mode": self.settings.new_game_mode,
                    "solo": self.settings.value("newgame/solo")}
        if not isinstance(defaults["states"], list):
            defaults["states"] = None
        if not isinstance(defaults["options"], dict):
            defaults["options"] = None
        if not isinstance(defaults["seats"], dict):
            defaults["seats"] = None
        from ..campaign.reached import reached_scenarios
        try:  # the scenarios the player's campaigns have reached may be played alone
            defaults["reached"] = reached_scenarios(self.store.directory.parent)
        except Exception:  # the campaign data cannot be read: the base game only
            log.exception("the campaigns' scenarios cannot be listed")
        from .new_game_dialog import NewGameDialog
        dialog = NewGameDialog(self, defaults)
        dialog.accepted.connect(lambda: self.start_from_dialog(dialog))
        dialog.open()
        self.replace_dialog(self.new_dialog)
        self.new_dialog = dialog
        return dialog

    def start_from_dialog(self, dialog: NewGameDialog) -> bool:
        for key, value in dialog.remembered().items():
            self.settings.set_value(f"newgame/{key}", value)
        return self.start_new_game(dialog.states(), dialog.seed(), dialog.options(),
                                   dialog.seats(), dialog.scenario(), dialog.advanced())

    def start_new_game(self, states, seed=None, options=None, seats=None, scenario="base",
                       advanced=False) -> bool:
        self.write_thumbnail()  # the game left behind keeps the picture of its last position
        if not self._table_ready():
            return False
        try:
            self.controller.new_game(states, seed, options, seats, scenario, advanced)
            if self._campaign is not None:  # a single game: no campaign's scenario
                self._campaign.forget()
        except ValueError as err:
            self.show_message(_("The game cannot start"), str(err))
            return False
        except Exception as err:
            log.exception("a new game failed")
            self.show_message(_("The game cannot start"),
                              _("The rules engine failed: {error}").format(error=err))
            return False
        self.fit_table()  # a new game starts with the whole table in view
        return True

    def open_tutorial(self):
        from .tutorial import open_tutorial
        return open_tutorial(self)

    def continue_game(self) -> bool:
        info = self.store.resumable()
        if info is None:
            self.show_message(_("Continue"), _("There is no interrupted game to continue."))
            return False
        return self.load_file(info.path)

    def load_dialog(self) -> None:
        """"Open file…": a save from any folder, with the file dialog."""
        from .file_dialog import choose_file
        path = choose_file(self, _("Load game"), self.store.ensure(), _("Saved games (*.json)"))
        if path is not None:
            self.load_file(path)

    def load_file(self, path: Path) -> bool:
        """Load a save; a bad file is refused with a message and nothing else changes."""
        self.write_thumbnail()  # the game left behind keeps the picture of its last position
        if not self._table_ready():
            return False
        from ..engine import SaveError
        from_list = self.stack.currentWidget() is self.load_screen
        if from_list:  # the loaded game shows itself (refresh keeps the load screen up)
            self.stack.setCurrentWidget(self.game_page)
        try:
            game_id = self.store.game_of(Path(path))
            self.campaign.adopt(game_id)  # a campaign's scenario resumed (a restart)
            self.controller.load(Path(path))
        except SaveError as err:
            # the game in play (if any) stays, and so does its campaign
            self.campaign.adopt(self.controller.game_id if self.controller.game else "")
            if from_list:
                self.stack.setCurrentWidget(self.load_screen)
            self.show_message(_("The save cannot be opened"), save_error_text(err))
            return False
        self.fit_table()  # a loaded game starts with the whole table in view
        return True

    def save_dialog(self) -> None:
        if self.controller.game is None:
            return
        states = self.controller.game.setup.get("states", [])
        from .file_dialog import choose_file
        path = choose_file(self, _("Save game"), self.store.new_save_path(states),
                           _("Saved games (*.json)"), save=True)
        if path is not None:  # the dialog adds ".json" to a name without a suffix
            self.save_file(path)

    def save_file(self, path: Path) -> bool:
        try:
            self.controller.save(path)
        except OSError as err:
            self.show_message(_("Problem"), _("The game could not be saved: {error}")
                              .format(error=os_error_text(err)))
            return False
        self.statusBar().showMessage(_("Saved: {path}").format(path=path), 5000)
        # only the save folder has pictures; and none while the hand-off screen hides the
        # table: it still holds the previous player's view (or nothing yet: a blank picture)
        if Path(path).parent.resolve() == self.store.directory.resolve() \
                and self.controller.pending_handoff is None:
            self._write_thumbnail_of(Path(path))
        return True

    # --- thumbnails ----------------------------------------------------------------------------

    def write_thumbnail(self) -> Path | None:
        """Cache the picture of the table for the newest autosave (when the table shows
        the position it holds and it has no picture yet)."""
        self._thumb_timer.stop()
        path = self.controller.last_autosave
        if path is None or path == self._thumbnailed or self.table is None:
            return None
        if self.controller.pending_handoff is not None:
            return None  # the table still shows the previous player's view
        self._thumbnailed = path
        return self._write_thumbnail_of(path)

    def _write_thumbnail_of(self, path: Path) -> Path | None:
        if self.table is None:
            return None
        try:
            return self.store.write_thumbnail(path, png_bytes(table_thumbnail(self.table)))
        except Exception as err:  # a missing picture must never stop the game
            log.warning("the thumbnail of %s could not be written: %s", path, err)
            return None

    # --- dialogs -------------------------------------------------------------------------------

    def settings_dialog(self) -> SettingsDialog:
        dialog = SettingsDialog(self.settings, self)
        dialog.open()
        self.replace_dialog(self.settings_dlg)
        self.settings_dlg = dialog
        return dialog

    @staticmethod
    def replace_dialog(old: QDialog | None) -> None:
        """Delete the dialog a new one of its kind replaces. Each opening makes a fresh
        dialog with the window as its parent; kept, every one ever opened stayed alive
        with the window (~70 Qt objects each). The last one stays until the next opening
        (what it was answered with can still be read)."""
        if old is not None:
            old.deleteLater()

    def rules_dialog(self) -> RulesWindow:
        """The rules reference (one window, kept open beside the table), at its contents."""
        window = self.rules_window()
        window.show_rule(())
        return window

    def show_help(self) -> RulesWindow:
        """F1 ("Rules"): at the table, the rules behind the question it asks (the prompt
        bar's "?"); elsewhere the reference at its contents."""
        rules = getattr(self.table, "decision_rules", None)  # a test's table may have none
        if self.current_page() == "table" and rules is not None and rules():
            return self.show_rules(rules())
        return self.rules_dialog()

    def rules_window(self) -> RulesWindow:
        """The one rules window of this main window (made on first use)."""
        if self.rules_dlg is None:
            from .rules_window import RulesWindow
            self.rules_dlg = RulesWindow(self, show_rule_ids=self.settings.show_rule_ids)
        return self.rules_dlg

    def show_rules(self, rule_ids) -> RulesWindow:
        """Open the reference at the rule behind the current decision (the "?")."""
        window = self.rules_window()
        window.show_rule(rule_ids)
        return window

    def show_glossary(self, entry_id: str) -> RulesWindow:
        """Open the glossary at ``entry_id`` (a keyword of a card)."""
        window = self.rules_window()
        window.show_entry(entry_id)
        return window

    def about_dialog(self) -> AboutDialog:
        from .about import AboutDialog
        dialog = AboutDialog(self)
        dialog.open()
        self.replace_dialog(self.about_dlg)
        self.about_dlg = dialog
        return dialog

    def show_message(self, title: str, text: str) -> None:
        """A non-blocking message box (the window keeps running)."""
        self.last_message = (title, text)
        log.info("%s: %s", title, text)
        self._message_box = message_box.tell(self, title, text)

    def confirm(self, title: str, text: str, on_yes: Callable[[], object], *,
                deleting: bool = False) -> None:
        """Ask before ``on_yes`` (a non-blocking question). ``deleting``: the buttons say
        "Delete" and "Cancel", and Enter cancels."""
        if deleting:
            choices = [(_("Delete"), on_yes), (_("Cancel"), None)]
        else:
            choices = [(_("Yes"), on_yes), (_("No"), None)]
        self._message_box = message_box.ask(self, title, text, choices,
                                            default=1 if deleting else 0)

    # --- reacting to the controller --------------------------------------------------------------

    def _on_action_chosen(self, action) -> None:
        # Ending a turn is confirmed on the prompt bar ("End turn" / "Take back"); a dialog
        # only where it protects something: giving up an order before using it.
        if self.tutorial is not None and not self.tutorial.allows(action):
            return  # the tutorial waits for another click (its hint says which)
        if self.settings.confirm_pass and self.controller.wastes_order(action):
            self.confirm(_("Skip the order?"),
                         _("You have not used this order yet. Skip it and lose it for this "
                           "round?"),
                         lambda: self.controller.choose(action))
            return
        self.controller.choose(action)

    def _on_handoff(self, player: str) -> None:
        if self.stack.currentWidget() is self.load_screen:
            return  # shown when the player goes back (leave_load_screen)
        self.handoff.show_player(player)
        self.stack.setCurrentWidget(self.handoff)
        self.log_panel.set_entries(self.controller.visible_log())
        self.handoff.setFocus()
        self._prepare_timer.start()

    def prepare_next_table(self) -> bool:
        """While the hand-off screen is up: lay out and paint, unseen, the table the next
        player will see (``TableView.prepare_view``), so their "ready" shows it at once
        (the others' moves and the notices wait for them). Once per hand-off; True when
        it was prepared."""
        nxt = self.controller.after_handoff()
        if nxt is None or self.stack.currentWidget() is not self.handoff:
            return False
        table = self.ensure_table()
        view, legal, viewer, entries = nxt
        try:
            table.set_thinking(self.controller.thinking, redraw=False)
            table.prepare_view(view, legal, viewer, log=entries)
        except Exception as err:  # the direct show on "ready" draws it (or says why)
            log.warning("the next table could not be prepared: %s", err)
            return False
        return True

    def _on_game_over(self, result) -> None:
        game = self.controller.game
        players = (game.view(None).get("players") or {}) if game is not None else {}
        out = [x for x, p in players.items() if isinstance(p, dict) and p.get("eliminated")]
        sources = by_round = None
        if game is not None and game.is_over:
            try:  # the influence's pages of the sheet, never a reason to fail
                from ..engine import influence_by_round, influence_sources
                sources, by_round = influence_sources(game), influence_by_round(game)
            except Exception:
                log.exception("the influence's sources cannot be read from the log")
        self.scoring.show_result(result, self.controller.seat_kinds(), out, sources, by_round)
        self.stack.setCurrentWidget(self.scoring)
        self._update_actions()

    def _on_busy(self, busy: bool) -> None:
        self.busy_label.setText(_("A bot is thinking…") if busy else "")
        if self.table is not None:
            self.table.set_thinking(self.controller.thinking)
        self._update_actions()

    def ask_hint(self) -> None:
        """"Hint" (H): a Hard bot looks for a move in the viewer's place (the bots' thread);
        :meth:`_on_hint` shows it."""
        self.act_hint.setEnabled(False)  # one hint at a time
        if self.tutorial is None and self.controller.hint():
            self.busy_label.setText(_("Looking for a hint…"))
        else:
            self._update_actions()

    def _on_hint(self, action, reason) -> None:
        """Ring the place (or button) that plays ``action``, as Tab would, and say it in the
        status bar with the bot's reason when it has one; Enter then plays it."""
        self.busy_label.setText("")
        self._update_actions()
        table = self.table
        if action is None or table is None:
            self.statusBar().showMessage(_("No hint could be found for this decision."), 8000)
            return
        text = _("Hint: {move}").format(move=table.show_hint(action))
        why = hint_reason(reason)
        self.statusBar().showMessage(f"{text} — {why}" if why else text, 20000)
        self._hint_shown = True

    def refresh(self) -> None:
        """Redraw everything from the controller (after every change)."""
        c = self.controller
        if self._hint_shown:  # a hint belongs to its position, and to its player's eyes:
            self._hint_shown = False  # in hot-seat the next one must not read it
            self.statusBar().clearMessage()
        if self.replay is not None:
            if c.game is self._replay_of:  # a setting or the language changed: the replay
                self._show_replay()
                return
            self._stop_replay()  # another game came (new, loaded): the replay ends
        if c.game is None:
            self.go_to_menu()
            return
        entries = c.visible_log()
        self.log_panel.set_entries(entries)
        # the load screen stays up while a bot moves under it: everything is redrawn, no
        # page is switched (leave_load_screen shows the right one)
        listing = self.stack.currentWidget() is self.load_screen
        if c.pending_handoff is not None:
            self.handoff.show_player(c.pending_handoff)
            if not listing:
                self.stack.setCurrentWidget(self.handoff)
            # once the hand-off screen is painted, the next player's table is laid out
            # and painted behind it: "ready" then only shows it
            self._prepare_timer.start()
        else:
            view = c.current_view()
            table = self.ensure_table()
            try:
                table.set_thinking(c.thinking, redraw=False)
                table.show_view(view, c.table_choices(), c.viewer, log=entries)
            except Exception as err:
                log.exception("the table failed to draw the view")
                self.statusBar().showMessage(_("The table failed to draw: {error}")
                                             .format(error=err), 10000)
            if not (c.game.is_over and self.stack.currentWidget() is self.scoring) \
                    and not listing:
                self.stack.setCurrentWidget(self.game_page)
            if c.last_autosave is not None and c.last_autosave != self._thumbnailed:
                self._thumb_timer.start()
        if listing:
            self.log_dock.hide()
        else:
            self._show_log()
        self._update_status()
        self._update_actions()

    def _update_status(self) -> None:
        c, r = self.controller, self.replay
        game = r.game if r is not None else c.game  # a replay: the position it shows
        if game is None or self.current_page() not in GAME_PAGES:
            self.status_label.setText("")
            return
        parts = [_("Replay")] if r is not None else []
        if game.round:
            parts.append(_("Round {round}").format(round=game.round))
        if game.phase:
            parts.append(phase_name(game.phase))
        if r is not None:
            parts.append(_("You see the table as {state}").format(state=state_name(r.viewer)))
            self.status_label.setText(" · ".join(parts))
            return
        if c.game.is_over:
            if game.phase != "over":  # the phase already says "Game over"
                parts.append(_("The game is over"))
        elif c.deciding in c.seats:
            parts.append(_("Turn: {state}").format(state=state_name(c.deciding)))
        if c.viewer and not c.pending_handoff:
            parts.append(_("You see the table as {state}").format(state=state_name(c.viewer)))
        self.status_label.setText(" · ".join(parts))

    def _update_actions(self) -> None:
        in_game = self.controller.game is not None
        # a replay shows another moment (or another game: a chapter of the chronicle):
        # nothing acts on the game in play meanwhile
        playing = in_game and self.replay is None and self.current_page() in GAME_PAGES
        self.act_undo.setEnabled(playing and self.controller.can_undo)
        self.act_cancel_order.setEnabled(playing and self.controller.can_cancel_order)
        self.act_hint.setEnabled(playing and self.tutorial is None
                                 and self.current_page() == "table" and self.controller.can_hint())
        self.act_save.setEnabled(playing)
        self.act_fit.setEnabled((in_game or self.replay is not None)
                                and self.current_page() == "table")
        self.act_log.setEnabled(in_game or self.replay is not None)
        self.act_menu.setEnabled(self.current_page() != "start")

    # --- settings and language ---------------------------------------------------------------------

    def _on_setting_changed(self, name: str) -> None:
        if name in ("animation_speed", "colour_blind", "results_close"):
            self._apply_table_settings()
        if name == "animation_speed":
            self._apply_bot_pace()
        if name == "show_rule_ids":
            self._apply_rule_ids()

    def _apply_rule_ids(self) -> None:
        """The rulebook's IDs shown or not (Settings.show_rule_ids) where rules are told."""
        on = self.settings.show_rule_ids
        if self._campaign is not None:  # not made yet: made with the setting (campaign)
            self._campaign.briefing.show_rule_ids = on
            self._campaign.briefing.retranslate()
        if self.rules_dlg is not None:
            self.rules_dlg.set_show_rule_ids(on)

    def _apply_bot_pace(self) -> None:
        self.controller.bot_pause_ms = int(BOT_PAUSE_MS * self.settings.animation_factor)

    def _on_language(self, lang: str) -> None:
        self.retranslate()
        if self.table is not None:
            self.table.set_language(lang)
        if self.controller.game is not None and self.current_page() == "table":
            self.refresh()

    def retranslate(self) -> None:
        self.setWindowTitle(_("Crusaders"))
        self.log_dock.setWindowTitle(_("Game log"))
        self.toolbar.setWindowTitle(_("Toolbar"))
        self.act_menu.setText(_("Menu"))
        self.act_new.setText(_("New game"))
        self.act_save.setText(_("Save"))
        self.act_load.setText(_("Load"))
        self.act_undo.setText(_("Undo"))
        self.act_undo.setToolTip(_("Take back your last move (not across a random draw or "
                                   "another player's turn)"))
        self.act_cancel_order.setText(_("Cancel order"))
        self.act_cancel_order.setToolTip(_("Take back every choice of the order you are "
                                           "carrying out (Esc)"))
        self.act_hint.setText(_("Hint"))
        self.act_hint.setToolTip(_("What would a Hard bot play in your place? It knows only "
                                   "what you see (H)"))
        self.act_fit.setText(_("Fit to window"))
        self.act_log.setText(_("Log"))
        self.act_rules.setText(_("Rules"))
        self.act_rules.setToolTip(_("The rules reference, at the rule behind the current "
                                    "question (F1)"))
        self.act_settings.setText(_("Settings"))
        self.act_about.setText(_("About"))
        self.replay_bar.retranslate()
        self._update_status()
        if self.current_page() == "start":
            self.go_to_menu()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.write_thumbnail()
        self.settings.set_value("window/geometry", self.saveGeometry())
        self.controller.shut_down()
        super().closeEvent(event)

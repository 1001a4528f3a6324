"""A monkey at the window: seeded random interactions of every kind a player may make,
in any order and at any moment — a legal click, a click anywhere, a key, a toolbar action
(undo, cancel the order, a hint, fit, the log), a save and a load, a resize, a language
switch, the replay of a finished game, a new game — while bots think in their threads
and the table animates. What it looks for: an error nobody expected (any exception that
reaches ``sys.excepthook``, i.e. the crash guard's "something went wrong"), a message box
that says a program fault, and a game that no longer replays from its own actions.

Not a rules test: the engine's own fuzzing (tests/fuzz) checks the rules; this checks the
window around them. ``tests/ui/test_monkey.py`` runs a short seeded session of it in CI;
for a long one::

    QT_QPA_PLATFORM=offscreen python tests/ui/monkey.py --seeds 0-19 --steps 2000
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from answers import answer_questions  # noqa: E402
from PySide6.QtCore import QCoreApplication, QEvent, QPoint, QSettings, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QDialog  # noqa: E402

from krestonostsy import i18n  # noqa: E402
from krestonostsy.campaign.chronicle import Chronicle  # noqa: E402
from krestonostsy.engine import Game  # noqa: E402
from krestonostsy.ui import message_box  # noqa: E402
from krestonostsy.ui.main_window import MainWindow  # noqa: E402
from krestonostsy.ui.saves import (
    SaveStore,  # noqa: E402
    read_save,  # noqa: E402
)
from krestonostsy.ui.settings import Settings  # noqa: E402
from krestonostsy.ui.table import animation, art  # noqa: E402

FOUR = ["jerusalem", "tripoli", "edessa", "antioch"]
LINEUPS = (  # (states, seats): a human against bots, hot-seat, and bots alone
    (["jerusalem", "tripoli"], {"tripoli": "easy"}),
    (["jerusalem", "tripoli", "edessa"], {"tripoli": "novice", "edessa": "easy"}),
    (["jerusalem", "tripoli"], {}),
    (["jerusalem", "tripoli", "edessa"], {"edessa": "novice"}),  # two humans and a bot
    (FOUR, {"tripoli": "novice", "edessa": "novice", "antioch": "easy"}),
)
KEYS = (Qt.Key.Key_Tab, Qt.Key.Key_Backtab, Qt.Key.Key_Return, Qt.Key.Key_Space,
        Qt.Key.Key_Escape, Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down,
        Qt.Key.Key_H, Qt.Key.Key_F, Qt.Key.Key_Home, Qt.Key.Key_End, Qt.Key.Key_PageUp)
SIZES = ((1280, 800), (1024, 700), (1600, 1000), (1920, 1080))
# what a message box may say without a fault behind it: the game's own refusals
FAULT_WORDS = ("Something went wrong", "Что-то пошло не так", "Traceback")


def pump(ms: float = 10) -> None:
    end = time.monotonic() + ms / 1000
    while True:
        QApplication.processEvents()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        if time.monotonic() >= end:
            return
        time.sleep(0.002)


class Monkey:
    """One seeded session: ``run(steps)`` returns the faults it found (empty: none)."""

    def __init__(self, seed: int, folder: Path, lang: str = "ru"):
        self.rng = random.Random(seed)
        self.seed = seed
        self._restore = (i18n.current_language(), animation.speed(), art.colour_blind())
        self.folder = folder
        self.faults: list[str] = []
        self.done: dict[str, int] = {}  # the interactions tried
        self.seen: dict[str, int] = {}  # what came of them: moves, game ends, replays
        self.pages: dict[str, int] = {}  # where the legal clicks found the window
        qs = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
        settings = Settings(qs)
        settings.language = lang
        settings.animation_speed = self.rng.choice(("instant", "fast", "normal"))
        settings.colour_blind = self.rng.random() < 0.3
        settings.confirm_pass = self.rng.random() < 0.7
        i18n.set_language(lang)
        self.w = MainWindow(settings, SaveStore(folder / "saves"), autosave=True)
        answer_questions(self.w, self.rng.random() < 0.5)  # "skip the order?" asked or not
        self.w.resize(1280, 800)
        self.w.show()
        self._last_page = ""
        self._last_move = ""
        self._chapters = 0
        self.chronicle: Chronicle | None = None  # the monkey's campaign
        self._hook = sys.excepthook
        sys.excepthook = self._excepthook

    def _excepthook(self, kind, value, tb) -> None:
        self.faults.append("".join(traceback.format_exception(kind, value, tb)))

    def close(self) -> None:
        sys.excepthook = self._hook
        try:
            self.w.controller.shut_down()
        finally:
            self.w.close()
            self.w.deleteLater()
            pump(20)
            i18n.set_language(self._restore[0])
            animation.set_speed(self._restore[1])
            art.set_colour_blind(self._restore[2])

    # --- the interactions -----------------------------------------------------------------

    def new_game(self) -> None:
        states, seats = self.rng.choice(LINEUPS)
        self.w.start_new_game(states, seed=self.rng.randrange(1000), seats=dict(seats))

    def near_the_end(self) -> None:
        """A game a few moves from its end, taken over by the window (the scoring screen,
        the replay and a game's end under the monkey's hands come sooner)."""
        states, seats = self.rng.choice(LINEUPS)
        seed = self.rng.randrange(1000)
        g = Game.new(states, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
        played = list(g.actions)
        g = Game.new(states, seed=seed)
        for a in played[:-self.rng.randrange(1, 40)]:
            g.apply(a)
        self.w.controller.start(g, seats=dict(seats))

    def campaign(self) -> None:
        """The campaign: a new one (a human against bots), its briefing and its scenario,
        or the list, the chronicle (a chapter watched again), the debrief, continuing."""
        flow = self.w.campaign
        if self.chronicle is None or self.rng.random() < 0.05:
            seats = {"jerusalem": "human", "tripoli": self.rng.choice(("novice", "easy"))}
            self.chronicle = Chronicle.new(seats, self.rng.randrange(1000), folder=flow.folder,
                                           campaign_id=f"monkey-{self.rng.randrange(10**6)}")
            if flow.show_briefing(self.chronicle) and flow.start_scenario():
                self.seen["chapters_started"] = self.seen.get("chapters_started", 0) + 1
            return
        choice = self.rng.choice(("continue", "continue", "list", "chronicle", "debrief"))
        if choice == "continue":
            flow.continue_campaign(self.chronicle)
            if self.w.current_page() == "briefing" and flow.start_scenario():
                self.seen["chapters_started"] = self.seen.get("chapters_started", 0) + 1
        elif choice == "list":
            flow.show_list()
        elif choice == "chronicle":
            flow.show_chronicle(self.chronicle)
            if self.chronicle.chapters and self.rng.random() < 0.5:
                flow._watch_chapter(self.rng.randrange(len(self.chronicle.chapters)))
        elif flow.chronicle is not None:
            flow.show_debrief()

    def campaign_near_the_end(self) -> None:
        """The campaign's scenario in play, a few moves from its end, still the campaign's
        (its end writes the chapter)."""
        flow, c = self.w.campaign, self.w.controller
        if (flow.chronicle is None or c.game is None or c.game.is_over
                or c.game_id != flow.game_id):
            return
        g = Game.from_json(c.game.to_json(), rules=c.game.rules)
        rng = random.Random(self.rng.randrange(1000))
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
        played = list(g.actions)
        g = Game.from_json(c.game.to_json(), rules=c.game.rules)
        for a in played[len(g.actions):len(played) - self.rng.randrange(1, 30)]:
            g.apply(a)
        c.start(g, dict(flow.chronicle.seats), game_id=flow.game_id)

    def legal_click(self) -> None:
        c = self.w.controller
        if self.w.current_page() == "handoff":
            c.acknowledge_handoff()
            return
        legal = c.legal_for_viewer() if c.game is not None else []
        page = "busy" if c.busy else self.w.current_page()
        self.pages[page] = self.pages.get(page, 0) + 1
        if legal and self.w.current_page() == "table":
            self.w._on_action_chosen(self.rng.choice(legal))
            self.seen["moves"] = self.seen.get("moves", 0) + 1

    def click_anywhere(self) -> None:
        target = self.w.centralWidget()
        x = self.rng.randrange(max(1, target.width()))
        y = self.rng.randrange(max(1, target.height()))
        child = target.childAt(x, y) or target
        pos = child.mapFrom(target, QPoint(x, y))
        QTest.mouseClick(child, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                         pos)

    def key(self) -> None:
        widget = QApplication.focusWidget() or self.w.table or self.w
        QTest.keyClick(widget, self.rng.choice(KEYS))

    def toolbar(self) -> None:
        w = self.w
        acts = [a for a in (w.act_undo, w.act_cancel_order, w.act_hint, w.act_fit,
                            w.act_log, w.act_menu) if a.isEnabled()]
        if acts:
            self.rng.choice(acts).trigger()

    def save_and_load(self) -> None:
        w = self.w
        if w.controller.game is None or w.replay is not None:
            return
        path = self.folder / f"monkey-{self.rng.randrange(3)}.json"
        if w.save_file(path) and self.rng.random() < 0.7:
            w.load_file(path)

    def resize(self) -> None:
        self.w.resize(*self.rng.choice(SIZES))

    def language(self) -> None:
        i18n.set_language("en" if i18n.current_language() == "ru" else "ru")

    def continue_or_new(self) -> None:
        """Back to a game from any page but the table: Continue, else a new game."""
        w = self.w
        if w.current_page() not in ("table", "handoff") or w.controller.game is None:
            if not w.continue_game():
                self.new_game()

    def replay(self) -> None:
        w = self.w
        if w.replay is not None:
            bar = w.replay_bar
            choice = self.rng.random()
            if choice < 0.6:
                w._replay_to(self.rng.randrange(max(1, w.replay.length)))
            elif choice < 0.8:
                bar.closeRequested.emit()
            else:
                w.end_replay()
        elif w.controller.game is not None and w.controller.game.is_over:
            if w.start_replay():
                self.seen["replays"] = self.seen.get("replays", 0) + 1

    def close_dialogs(self) -> None:
        for top in QApplication.topLevelWidgets():
            if isinstance(top, QDialog) and top.isVisible():
                text = top.text() if isinstance(top, message_box.MessageBox) else ""
                if any(word in text for word in FAULT_WORDS):
                    self.faults.append(f"a fault was told: {text}")
                top.reject()

    MOVES = (  # (weight, name)
        (60, "legal_click"), (8, "click_anywhere"), (8, "key"), (6, "toolbar"),
        (2, "save_and_load"), (2, "resize"), (1, "language"), (4, "continue_or_new"),
        (6, "replay"), (3, "close_dialogs"), (2, "near_the_end"), (3, "campaign"),
        (2, "campaign_near_the_end"),
    )

    def step(self) -> None:
        names = [n for _w, n in self.MOVES]
        weights = [w for w, _n in self.MOVES]
        name = self.rng.choices(names, weights)[0]
        self.done[name] = self.done.get(name, 0) + 1
        try:
            getattr(self, name)()
        except Exception:
            self.faults.append(f"{name}: " + traceback.format_exc())
        self._last_move = name
        pump(self.rng.choice((0, 5, 20)))
        self.check_privacy()
        self.check_actions()
        self.check_status()
        if self.w.current_page() == "scoring" and self._last_page != "scoring":
            self.seen["game_ends"] = self.seen.get("game_ends", 0) + 1
        chapters = len(self.chronicle.chapters) if self.chronicle else 0
        if chapters > self._chapters:
            self.seen["chapters_ended"] = self.seen.get("chapters_ended", 0) + 1
        self._chapters = chapters
        self._last_page = self.w.current_page()

    def check_privacy(self) -> None:
        """Hot-seat: the table is never on screen while a hand-off is pending (the next
        player would see the previous one's hand), and it shows the viewer's own view."""
        w, c = self.w, self.w.controller
        if c.game is None or w.current_page() != "table" or w.replay is not None:
            return
        if c.pending_handoff is not None:
            self.faults.append(f"the table is shown while {c.pending_handoff} is waited for "
                               f"behind the hand-off screen (viewer {c.viewer})")
        shown = getattr(w.table, "_player", None)
        if shown is not None and c.viewer is not None and shown != c.viewer:
            self.faults.append(f"the table shows {shown}'s view to {c.viewer}")

    def check_actions(self) -> None:
        """The toolbar says what may be done now: each action is enabled exactly when the
        window, asked again, would enable it (a stale one offers what does nothing, or
        hides what may be done)."""
        w = self.w
        acts = {"undo": w.act_undo, "cancel order": w.act_cancel_order, "hint": w.act_hint,
                "save": w.act_save, "fit": w.act_fit, "log": w.act_log, "menu": w.act_menu}
        before = {name: a.isEnabled() for name, a in acts.items()}
        w._update_actions()
        stale = [f"{name} {'on' if on else 'off'}" for name, on in before.items()
                 if acts[name].isEnabled() != on]
        if stale:
            self.faults.append(f"a stale toolbar on the {w.current_page()} page: "
                               + ", ".join(stale) + f" (after {self._last_move})")

    def check_status(self) -> None:
        """The status bar and the table say the position in play now: the status bar as
        the window, asked again, would say it; the table offers the viewer's legal moves."""
        w, c = self.w, self.w.controller
        before = w.status_label.text()
        w._update_status()
        if w.status_label.text() != before:
            self.faults.append(f"a stale status bar on the {w.current_page()} page: "
                               f"{before!r}, now {w.status_label.text()!r} "
                               f"(after {self._last_move})")
        if (w.current_page() == "table" and w.replay is None and c.game is not None
                and w.table is not None and not c.busy):
            offered = set(getattr(w.table, "_legal", None) or ())
            legal = set(c.legal_for_viewer() or ())
            if offered != legal:
                self.faults.append(f"the table offers {len(offered)} moves, the game "
                                   f"{len(legal)} (after {self._last_move})")

    def check_game(self) -> None:
        """The game in the window replays from its own set-up and actions to where it is,
        its newest autosave holds exactly it (nothing is lost if the window dies now), and
        the log panel shows what the viewer may read of it."""
        w, c = self.w, self.w.controller
        game = c.game
        if game is None:
            return
        try:
            again = Game.from_json(game.to_json(), rules=game.rules)
            if again.state_json() != game.state_json():
                self.faults.append("the game does not replay from its actions")
        except Exception:
            self.faults.append("the game cannot be replayed: " + traceback.format_exc())
        if c.autosave_enabled and c.last_autosave is not None and w.tutorial is None:
            try:
                saved, _ui = read_save(c.last_autosave)
                if saved.state_json() != game.state_json():
                    self.faults.append(f"the newest autosave is behind the game "
                                       f"({len(saved.actions)} of {len(game.actions)} actions)")
            except Exception:
                self.faults.append("the newest autosave cannot be read: "
                                   + traceback.format_exc())
        if w.replay is None and w.current_page() == "table" \
                and w.log_panel.entries != c.visible_log():
            self.faults.append(f"the log panel shows {len(w.log_panel.entries)} entries, the "
                               f"viewer may read {len(c.visible_log())}")

    def run(self, steps: int) -> list[str]:
        self.new_game()
        for k in range(steps):
            self.step()
            if k % 50 == 49:
                self.check_game()
            if len(self.faults) > 5:
                break
        self.close_dialogs()
        self.check_game()
        return self.faults


def run_session(seed: int, steps: int, lang: str = "ru") -> tuple[list[str], dict, dict]:
    """One session: (the faults, the interactions tried, what came of them)."""
    with tempfile.TemporaryDirectory(prefix="monkey-") as tmp:
        m = Monkey(seed, Path(tmp), lang=lang)
        try:
            faults = m.run(steps)
        finally:
            m.close()
        return faults, m.done, m.seen


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", default="0-4", help="a seed or a range, e.g. 0-19")
    ap.add_argument("--steps", type=int, default=1000)
    ap.add_argument("--lang", default="ru", choices=("ru", "en"))
    args = ap.parse_args(argv)
    lo, _sep, hi = args.seeds.partition("-")
    from krestonostsy.ui.app import setup_application
    app = setup_application()
    bad = 0
    for seed in range(int(lo), int(hi or lo) + 1):
        start = time.monotonic()
        faults, done, seen = run_session(seed, args.steps, args.lang)
        bad += bool(faults)
        print(f"seed {seed}: {len(faults)} faults, {time.monotonic() - start:.0f} s, "
              f"{seen}; tried {done}", flush=True)
        for f in faults:
            print("  " + f.replace("\n", "\n  "), flush=True)
    del app
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

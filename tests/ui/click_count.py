"""How many clicks a player needs per decision: a solo game against a bot, played through
the real window with the mouse only (issue 28 §4).

:func:`play_solo_by_clicks` starts a game of one human against one bot in a
:class:`MainWindow` with the real table, and plays the human's side as a player would: a
seeded policy picks one of the engine's legal actions, and :class:`MouseHand` clicks where
a player clicks for it (the glowing place on the table, an entry of its popup menu, or a
prompt-bar button). Every click the window asks for besides — a confirmation on the prompt
bar, the "skip the order?" question — is clicked too and counted. A *decision* is one
engine action of the human; the figure is clicks ÷ decisions over the game.

Run on its own for the figure in docs/playing.md (a whole game against Hard)::

    QT_QPA_PLATFORM=offscreen python tests/ui/click_count.py --level hard --seed 1
"""
from __future__ import annotations

import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from unittest import mock

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # MouseHand, run as a script too

from answers import answer_questions  # noqa: E402
from test_mouse_play import MouseHand, busy_policy, flush_deletes  # noqa: E402

from krestonostsy.ui import controller as controller_module  # noqa: E402
from krestonostsy.ui.message_box import MessageBox  # noqa: E402

LEFT = Qt.MouseButton.LeftButton
NOMOD = Qt.KeyboardModifier.NoModifier
HUMAN, BOT = "jerusalem", "tripoli"


@dataclass
class Tally:
    """Clicks and decisions of the human over a game."""

    decisions: int = 0
    clicks: int = 0
    confirmations: int = 0  # clicks on a confirmation of the prompt bar
    questions: int = 0  # clicks answering a message box
    rounds: int = 0
    over: bool = False
    by_prompt: dict = field(default_factory=dict)  # prompt → [decisions, clicks]

    @property
    def per_decision(self) -> float:
        return self.clicks / max(1, self.decisions)


def _wait_for_bot(window) -> None:
    c = window.controller
    while c.busy:
        c.wait_for_bots(100)
        QTest.qWait(1)


def play_solo_by_clicks(window, level: str, seed: int, rounds: int | None = None,
                        limit: int = 6000) -> Tally:
    """Play ``HUMAN`` against a ``level`` bot as ``BOT`` by clicks, to the end of the game
    (or of round ``rounds``); returns the :class:`Tally`."""
    answer_questions(window, yes=False)  # a question is answered by a click, and counted
    window.settings.confirm_pass = True
    window.controller.bot_pause_ms = 0
    # the bot seat's own seed pinned (a new seat draws one from the system's entropy), so
    # that one seed plays one game, click for click
    with mock.patch.object(controller_module, "new_seat_seed", lambda: seed):
        assert window.start_new_game([HUMAN, BOT], seed=seed,
                                     seats={HUMAN: "human", BOT: level})
    c, table = window.controller, window.table
    hand = MouseHand(table)
    rng = random.Random(seed)
    placed: set = set()
    policy = busy_policy(rng, placed)
    tally = Tally()
    last_prompt = None
    for step in range(limit):
        _wait_for_bot(window)
        game = c.game
        tally.rounds = game.s.get("round") or 0
        if window.current_page() == "scoring" or game.is_over:
            tally.over = True
            break
        if rounds is not None and tally.rounds > rounds:
            break
        boxes = [b for b in window.findChildren(MessageBox) if b.isVisible()]
        if boxes:
            yes = boxes[0].buttons[0]
            QTest.mouseClick(yes, LEFT, NOMOD, yes.rect().center())
            tally.clicks += 1
            tally.questions += 1
            tally.by_prompt.setdefault(last_prompt, [0, 0])[1] += 1
            continue
        assert window.current_page() == "table", window.current_page()
        legal = table.legal_actions()
        if not legal:
            QTest.qWait(5)
            continue
        if c.pending_end is not None:  # a confirmation on the prompt bar: go on
            n = 2 if hand.click(legal[0]) == "menu" else 1  # "End turn" / "Go on"
            tally.clicks += n
            tally.confirmations += 1
            tally.by_prompt.setdefault(last_prompt, [0, 0])[1] += n
            continue
        d = game.decision
        if d.prompt == "place_order" and not any(a.kind == "place_order" and a.order not in placed
                                                 for a in d.actions):
            placed.clear()  # a new round: each order once again
        action = policy(game, [a for a in legal if a in d.actions])
        if action.kind == "place_order":
            placed.add(action.order)
        last_prompt = d.prompt
        n = 2 if hand.click(action) == "menu" else 1  # a menu: its place, then the entry
        tally.decisions += 1
        tally.clicks += n
        row = tally.by_prompt.setdefault(last_prompt, [0, 0])
        row[0] += 1
        row[1] += n
        if step % 40 == 39:
            flush_deletes()
    return tally


def main(argv=None) -> int:
    import argparse

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from krestonostsy import i18n
    from krestonostsy.ui.main_window import MainWindow
    from krestonostsy.ui.saves import SaveStore
    from krestonostsy.ui.settings import Settings
    from krestonostsy.ui.table import TableView, animation

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="hard")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=None)
    args = parser.parse_args(argv)
    import tempfile
    app = QApplication.instance() or QApplication([])
    i18n.set_language("en")
    animation.set_speed("instant")
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(QSettings(str(Path(tmp) / "s.ini"), QSettings.Format.IniFormat))
        window = MainWindow(settings, SaveStore(Path(tmp) / "saves"),
                            table_factory=lambda parent=None: TableView(parent))
        window.resize(1280, 800)
        window.show()
        tally = play_solo_by_clicks(window, args.level, args.seed, args.rounds)
        window.controller.shut_down()
        window.close()
    del app
    print(f"level {args.level}, seed {args.seed}: {tally.decisions} decisions, "
          f"{tally.clicks} clicks = {tally.per_decision:.2f} per decision "
          f"({tally.confirmations} confirmations, {tally.questions} questions; "
          f"round {tally.rounds}, {'whole game' if tally.over else 'stopped'})")
    for prompt, (n, k) in sorted(tally.by_prompt.items(), key=lambda kv: -kv[1][1]):
        print(f"  {prompt}: {n} decisions, {k} clicks")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

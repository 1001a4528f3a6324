"""A long sitting at one window: does anything pile up from game to game?

Run: ``QT_QPA_PLATFORM=offscreen python benchmarks/window_session.py [--games 5]
[--players 4] [--bots novice,easy,normal] [--lang ru] [--size 1280x800]``.

Method. One real main window (the real table, animations instant, autosave into a
temporary folder) plays ``--games`` games one after another, each started by New game:
the first state is a human whose clicks are seeded random legal choices (confirming "End
turn"), the others are the ``--bots`` levels in turn (``--bots human`` for hot-seat). After
each game the event loop runs on for a moment (deferred deletions included, as
``app.exec()`` would do them) and the garbage collector runs; then it reports the Qt
objects under the window, the Python objects, the ``Game`` objects alive (the one on the
table, plus the clones any bot still holds) and the resident memory. A count that grows
with every game is a leak a player would feel in a long evening or a campaign; caches
grow until they are full and then stay. Figures are reported, never asserted (the tests
check the two leaks found this way: tests/ui/test_bots_in_window.py and
test_table_notices.py).
"""
from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # a checkout, not installed
sys.path.insert(0, str(ROOT / "tests" / "ui"))  # shoot_bots: the seeded human's clicks


def resident_mb() -> float:
    with open("/proc/self/statm") as f:  # Linux: pages resident now (not the peak)
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    ap.add_argument("--bots", default="novice,easy,normal",
                    help="the other seats' levels, in turn (or 'human': hot-seat)")
    ap.add_argument("--lang", choices=("ru", "en"), default="ru")
    ap.add_argument("--size", default="1280x800")
    ap.add_argument("--seed", type=int, default=200)
    a = ap.parse_args(argv)
    width, height = (int(x) for x in a.size.lower().split("x"))

    from PySide6.QtCore import QObject, QSettings, Qt
    from shoot_bots import play, pump  # the human at the screen, as the screenshots play

    from krestonostsy import i18n
    from krestonostsy.engine import Game
    from krestonostsy.ui.app import setup_application
    from krestonostsy.ui.main_window import MainWindow
    from krestonostsy.ui.saves import SaveStore
    from krestonostsy.ui.scaled_style import ui_scale_for
    from krestonostsy.ui.settings import Settings

    setup_application()
    i18n.set_language(a.lang)
    folder = Path(tempfile.mkdtemp(prefix="window-session-"))
    settings = Settings(QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat))
    settings.language = a.lang
    settings.animation_speed = "instant"
    w = MainWindow(settings, SaveStore(folder / "saves"), ui_scale=ui_scale_for(width, height))
    w.setWindowState(Qt.WindowState.WindowNoState)
    w.resize(width, height)
    w.show()

    states = {2: ["jerusalem", "tripoli"], 3: ["jerusalem", "tripoli", "antioch"],
              4: ["jerusalem", "tripoli", "edessa", "antioch"]}[a.players]
    levels = a.bots.split(",")
    rng = random.Random(a.seed)
    print(f"{a.games} games of {a.players} players, others: {a.bots}, {a.lang}, {a.size}")
    print(f"{'game':>4} {'actions':>7} {'s':>4} {'Qt objects':>10} {'Python objects':>14} "
          f"{'games alive':>11} {'RSS MB':>7}", flush=True)
    for i in range(a.games):
        seats = {s: levels[k % len(levels)] for k, s in enumerate(states[1:])}
        start = time.monotonic()
        w.start_new_game(states, seed=a.seed + i, seats=seats)
        c = w.controller
        c.bot_pause_ms = 0
        play(w, rng, lambda c: c.game.is_over, limit=10**6)
        pump(300)
        gc.collect()
        games = sum(1 for o in gc.get_objects() if type(o) is Game)
        print(f"{i + 1:>4} {len(c.game.actions):>7} {time.monotonic() - start:>4.0f} "
              f"{len(w.findChildren(QObject)):>10} {len(gc.get_objects()):>14} {games:>11} "
              f"{resident_mb():>7.0f}", flush=True)
    w.controller.shut_down()
    w.close()
    return 0


if __name__ == "__main__":
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.exit(main())

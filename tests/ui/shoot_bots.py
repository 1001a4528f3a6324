"""Re-take docs/screenshots/bots-*.png with the current table: the real main window,
offscreen, bots thinking in their threads, the human's clicks made by a seeded driver
(random legal choices; "End turn" whenever it is offered). Not a test: a tool, like
walkthrough_x11.py beside it.

Run: ``python tests/ui/shoot_bots.py thinking|scoring|replay|hint|4p|watch OUT.png [ru|en]``

- ``thinking``: Jerusalem against a hard Tripoli (seed 8), round 2, the bot thinking;
- ``scoring``: the same game to its scoring screen;
- ``replay``: that game watched again ("Watch again"), early in its third round;
- ``hint``: the same game, the human's hint in round 2;
- ``4p``: Jerusalem with a novice, a normal and a hard bot (seed 12), a battle in round 3
  in which Jerusalem plays;
- ``watch``: four bots watched (seed 21), round 2.
The games are those of today's bots: their scores change when the bots do."""
from __future__ import annotations

import os
import random
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QCoreApplication, QEvent, QSettings, Qt  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from krestonostsy import i18n  # noqa: E402
from krestonostsy.ui.app import setup_application  # noqa: E402
from krestonostsy.ui.controller import END_TURN  # noqa: E402
from krestonostsy.ui.main_window import MainWindow  # noqa: E402
from krestonostsy.ui.saves import SaveStore  # noqa: E402
from krestonostsy.ui.scaled_style import ui_scale_for  # noqa: E402
from krestonostsy.ui.settings import Settings  # noqa: E402
from krestonostsy.ui.table import animation  # noqa: E402

FOUR = ["jerusalem", "tripoli", "edessa", "antioch"]


def window_for(lang, size):
    tmp = tempfile.mkdtemp(prefix="shot-bots-")
    qs = QSettings(str(Path(tmp) / "settings.ini"), QSettings.Format.IniFormat)
    settings = Settings(qs)
    settings.language = lang
    settings.animation_speed = "instant"
    w = MainWindow(settings, SaveStore(Path(tmp) / "saves"), autosave=False,
                   ui_scale=ui_scale_for(*size))
    w.setWindowState(Qt.WindowState.WindowNoState)
    w.resize(*size)
    w.show()
    return w


def pump(ms=30):
    """Run the event loop for ``ms``, deferred deletions included (as ``app.exec()`` does
    them; ``processEvents`` alone never does)."""
    end = time.monotonic() + ms / 1000
    while time.monotonic() < end:
        QApplication.processEvents()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        time.sleep(0.005)


def play(w, rng, until, limit=20000):
    """The human at the screen: seeded random legal choices ("End turn" whenever it is
    offered), hand-offs acknowledged, until ``until(controller)`` or the game's end."""
    c = w.controller
    for _ in range(limit):
        pump(10)
        if until(c):
            return True
        if c.game.is_over:
            return False
        if w.current_page() == "handoff":
            c.acknowledge_handoff()
            continue
        legal = c.legal_for_viewer()
        if legal:
            c.choose(END_TURN if END_TURN in legal else rng.choice(legal))
    return False


def save(w, out):
    animation.finish_all()
    pump(300)
    img = w.grab().toImage()
    assert img.save(str(out)), out
    print("wrote", out, file=sys.stderr)


def main(which, out, lang="ru", size=(1280, 800)):
    setup_application()
    i18n.set_language(lang)
    w = window_for(lang, size)
    rng = random.Random(1)
    if which == "thinking":
        w.start_new_game(["jerusalem", "tripoli"], seed=8, seats={"tripoli": "hard"})
        ok = play(w, rng, lambda c: c.game.s["round"] >= 2 and c.busy
                  and c.game.decision.prompt == "place_order")
        pump(150)
    elif which == "scoring":
        w.start_new_game(["jerusalem", "tripoli"], seed=8, seats={"tripoli": "hard"})
        ok = play(w, rng, lambda c: c.game.is_over)
        pump(500)
    elif which == "replay":  # the scoring game watched again, in its third round
        w.start_new_game(["jerusalem", "tripoli"], seed=8, seats={"tripoli": "hard"})
        ok = play(w, rng, lambda c: c.game.is_over) and w.start_replay()
        if ok:
            w.replay.go(0)
            w._replay_to(next(k for k in range(w.replay.length)
                              if w.replay.go(k).s["round"] >= 3 and k > 0) + 25)
        pump(300)
    elif which == "hint":  # the human asked for a hint in round 2
        w.start_new_game(["jerusalem", "tripoli"], seed=8, seats={"tripoli": "hard"})
        ok = play(w, rng, lambda c: c.game.s["round"] >= 2 and c.can_hint()
                  and c.game.decision.prompt == "place_order")
        if ok:
            w.ask_hint()
            end = time.monotonic() + 30
            while w.controller.hinting and time.monotonic() < end:
                pump(50)
        pump(300)
    elif which == "4p":
        w.start_new_game(FOUR, seed=12, seats={"tripoli": "novice", "edessa": "normal",
                                               "antioch": "hard"})
        ok = play(w, rng, lambda c: c.game.s["round"] >= 3 and c.game.s.get("battle")
                  and c.legal_for_viewer())
    elif which == "watch":
        w.start_new_game(FOUR, seed=21, seats={"jerusalem": "easy", "tripoli": "normal",
                                               "edessa": "hard", "antioch": "novice"})
        ok = play(w, rng, lambda c: c.game.s["round"] >= 2 and len(c.game.log) > 400)
    else:
        raise SystemExit(f"unknown {which}")
    if not ok:
        print("predicate not reached", file=sys.stderr)
    save(w, out)
    w.controller.shut_down()
    w.close()


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else "ru")

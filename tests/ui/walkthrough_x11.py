"""Issue 9's walk-through as a new user, with real clicks: a 2-player game (Jerusalem and
Tripoli in hot-seat, the automa third) played through the X server with ``xdotool`` — the
table's items, the prompt bar's buttons, the popup menus, the hand-off screen, the "really
pass?" question — until a round's summary and a battle's result have been shown. The first
turn-ending placement is taken back ("Take back"), then the game goes on. It writes a log
(every click: step, round, seat, action, how it was reached) and screenshots of the moments
the acceptance names (misclick, undone, hand-off, the other's move marked, round summary,
battle result) into OUT.

    apt-get install -y xvfb xdotool
    xvfb-run -a -s "-screen 0 1280x800x24" python tests/ui/walkthrough_x11.py ru 1280x800 OUT
    xvfb-run -a -s "-screen 0 3840x2160x24" python tests/ui/walkthrough_x11.py en 3840x2160 OUT

Not a test (it needs an X server and xdotool); ``SEED`` and ``ROUNDS`` in the environment
change the game and how many rounds it plays at least."""
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ["QT_QPA_PLATFORM"] = "xcb"

from PySide6.QtCore import QSettings, Qt  # noqa: E402
from test_mouse_play import MouseHand  # noqa: E402

from krestonostsy import i18n  # noqa: E402
from krestonostsy.ui.app import setup_application  # noqa: E402
from krestonostsy.ui.controller import END_TURN, TAKE_BACK  # noqa: E402
from krestonostsy.ui.main_window import MainWindow, ui_scale_for  # noqa: E402
from krestonostsy.ui.message_box import MessageBox  # noqa: E402
from krestonostsy.ui.saves import SaveStore  # noqa: E402
from krestonostsy.ui.settings import Settings  # noqa: E402


def main(lang: str, size: str, out: str) -> int:
    width, height = (int(x) for x in size.split("x"))
    app = setup_application()
    i18n.set_language(lang)
    tmp = tempfile.mkdtemp()
    settings = Settings(QSettings(str(Path(tmp) / "s.ini"), QSettings.Format.IniFormat))
    settings.language = lang
    w = MainWindow(settings, SaveStore(Path(tmp) / "saves"), autosave=False,
                   ui_scale=ui_scale_for(width, height))
    w.setWindowState(Qt.WindowState.WindowNoState)
    w.move(0, 0)
    w.resize(width, height)
    w.show()
    Path(out).mkdir(parents=True, exist_ok=True)
    log = open(f"{out}/walk-{lang}-{size}.log", "w", encoding="utf-8")

    def pump(t=0.05):
        end = time.time() + t
        while time.time() < end:
            app.processEvents()
            time.sleep(0.005)

    def say(*a):
        print(*a, file=log, flush=True)

    def xclick(widget, pos):  # a real click, through the X server
        g = widget.mapToGlobal(pos)
        subprocess.run(["xdotool", "mousemove", str(g.x()), str(g.y()), "click", "1"],
                       check=True)
        pump(0.15)

    def shot(name):
        pump(0.3)
        app.primaryScreen().grabWindow(0).save(f"{out}/{name}-{lang}-{size}.png")
        say("shot", name)

    pump(0.5)
    w.auto_confirm = False
    assert w.start_new_game(["jerusalem", "tripoli"], seed=int(os.environ.get("SEED", "5")))
    pump(0.5)
    table = w.table
    hand = MouseHand(table)

    def xact(action):
        hand.emitted.clear()
        b = hand._button(action)
        if b is not None:
            xclick(b, b.rect().center())
            how = "button"
        else:
            pos, acts = hand._spot(action, table.legal_actions())
            xclick(table.viewport(), pos)
            how = "item"
            if len(acts) > 1:
                pump(0.2)
                menu = hand._menu()
                entry = hand._menu_entry(menu, action, acts)
                xclick(menu, menu.actionGeometry(entry).center())
                how = "menu"
        for _ in range(40):
            if hand.emitted:
                break
            pump(0.05)
        assert hand.emitted == [action], (action, hand.emitted)
        return how

    rng = random.Random(5)
    c = w.controller
    misclicked = False
    shots: set[str] = set()
    round0 = c.game.s.get("round")
    rounds = int(os.environ.get("ROUNDS", "1"))
    for step in range(3000):
        pump(0.03)
        page = w.current_page()
        g = c.game
        if g.is_over or (g.s.get("round", 0) >= round0 + rounds and "round" in shots
                         and ("battle" in shots or step > 2500)):
            break
        boxes = [b for b in w.findChildren(MessageBox) if b.isVisible()]
        if boxes:
            yes = boxes[0].buttons[0]
            say("confirm:", boxes[0].text()[:80])
            xclick(yes, yes.rect().center())
            continue
        if page == "handoff":
            if "handoff" not in shots:
                shot("walk-handoff")
                shots.add("handoff")
            xclick(w.handoff, w.handoff.rect().center())
            if "others" not in shots and step > 5:  # the other's moves, replayed and marked
                pump(0.25)
                shot("walk-others-move")
                pump(4.0)
                shot("walk-last-move")
                shots.add("others")
            continue
        for kind, item in list(table.scene().notices.items()):
            if kind not in shots:
                shot(f"walk-{kind}")
                shots.add(kind)
                say("notice", kind, list(item.texts or [])[:6])
        if page != "table":
            say("page", page)
            pump(0.2)
            continue
        legal = table.legal_actions()
        if not legal:
            pump(0.1)
            continue
        if c.pending_end is not None:  # safe turns: the first one is taken back
            if not misclicked:
                shot("walk-misclick")
                misclicked = True
                xact(TAKE_BACK)
                pump(0.3)
                shot("walk-undone")
                say("taken back; decision:", c.game.decision.prompt, "held:", c.pending_end)
                continue
            xact(END_TURN)
            continue
        action = rng.choice(legal)
        how = xact(action)
        say(step, g.s.get("round"), c.viewer, action.kind, how)
    say("end: round", c.game.s.get("round"), "shown:", sorted(shots), "misclick", misclicked)
    shot("walk-end")
    return 0 if misclicked and {"round", "battle", "handoff"} <= shots else 1


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))

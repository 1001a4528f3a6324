"""The walk-through as a new user, with real clicks through the X server (``xdotool``): a
solo game — Jerusalem against a Hard bot in Tripoli, the automa third — for two rounds:
the table's items, the prompt bar's buttons, the popup menus, the "really pass?" question.
It checks the flow of issue 28 on screen: a turn ends with its last click and "Take back"
is offered while the bot moves (the first one is taken back); a step that draws a card
waits for "Go on" and says so; the hover of a cross cell says what stacking costs; a
battle's result the player fought in stays until their click. It writes a log (every
click: step, round, seat, action, how it was reached) and screenshots of those moments
into OUT.

    apt-get install -y xvfb xdotool
    xvfb-run -a -s "-screen 0 1280x800x24" python tests/ui/walkthrough_x11.py ru 1280x800 OUT
    xvfb-run -a -s "-screen 0 3840x2160x24" python tests/ui/walkthrough_x11.py en 3840x2160 OUT

Not a test (it needs an X server and xdotool); ``SEED``, ``ROUNDS`` and ``LEVEL`` in the
environment change the game, how many rounds it plays at least and the bot."""
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
from krestonostsy.ui.main_window import MainWindow  # noqa: E402
from krestonostsy.ui.message_box import MessageBox  # noqa: E402
from krestonostsy.ui.saves import SaveStore  # noqa: E402
from krestonostsy.ui.scaled_style import ui_scale_for  # noqa: E402
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
    w.activateWindow()  # the player's window has the focus: its tooltips show
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
    level = os.environ.get("LEVEL", "hard")
    assert w.start_new_game(["jerusalem", "tripoli"], seed=int(os.environ.get("SEED", "5")),
                            seats={"jerusalem": "human", "tripoli": level})
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

    def hover(action) -> str:
        """Rest the mouse on the place of ``action`` until its tooltip shows; its text."""
        from PySide6.QtWidgets import QToolTip
        pos, _acts = hand._spot(action, table.legal_actions())
        g = table.viewport().mapToGlobal(pos)
        for dx in (0, 1):  # a rest after a move, as a hand does
            subprocess.run(["xdotool", "mousemove", str(g.x() + dx), str(g.y())], check=True)
            pump(0.1)
        pump(1.8)
        return QToolTip.text()

    rng = random.Random(5)
    c = w.controller
    pace = c.bot_pause_ms
    c.bot_pause_ms = 8000  # the bot's first move waits: time to grab the offer, even at 4K
    seen: set[str] = set()
    clicks = decisions = 0
    round0 = c.game.s.get("round")
    rounds = int(os.environ.get("ROUNDS", "2"))
    for step in range(3000):
        pump(0.03)
        page = w.current_page()
        g = c.game
        if g.is_over or (g.s.get("round", 0) >= round0 + rounds and "round" in seen
                         and ("battle" in seen or step > 2500)):
            break
        boxes = [b for b in w.findChildren(MessageBox) if b.isVisible()]
        if boxes:
            yes = boxes[0].buttons[0]
            say("confirm:", boxes[0].text()[:80])
            xclick(yes, yes.rect().center())
            clicks += 1
            continue
        for kind, item in list(table.scene().notices.items()):
            if kind not in seen:
                shot(f"walk-{kind}")
                seen.add(kind)
                say("notice", kind, list(item.texts or [])[:6])
                pump(8.0)  # longer than the old timer (7 s): a result of the player's stays
                stays = kind in table.scene().notices
                say("notice", kind, "still shown after 8 s:", stays)
                if stays:
                    seen.add(f"{kind}-stays")
                    shot(f"walk-{kind}-after-8s")
        if page != "table":
            say("page", page)
            pump(0.2)
            continue
        legal = table.legal_actions()
        if c.busy:  # the bot moves; "Take back" is offered meanwhile
            if legal == [TAKE_BACK] and "take-back" not in seen:
                shot("walk-take-back-offered")
                xact(TAKE_BACK)
                clicks += 1
                pump(0.3)
                shot("walk-undone")
                seen.add("take-back")
                c.bot_pause_ms = pace
                say("taken back; decision:", c.game.decision.prompt, "busy:", c.busy)
            pump(0.1)
            continue
        if not legal:
            pump(0.1)
            continue
        if c.pending_end is not None:  # a step that cannot be taken back: "Go on"
            key = c.current_view()["decision"]["prompt"]
            say("held:", key, table.prompt.label.text()[-160:])
            if key not in seen:
                shot(f"walk-{key}")
                seen.add(key)
            xact(END_TURN)
            clicks += 1
            continue
        action = rng.choice(legal)
        costly = [a for a in legal if a.kind == "place_order" and a.cell == "inner"
                  and "cost-hover" not in seen and c.outcomes().get(a)
                  and c.outcomes()[a].payments]
        if costly:
            tip = hover(costly[0])
            say("hover:", tip.replace("<br>", " | ")[:300])
            shot("walk-cost-hover")
            seen.add("cost-hover")
            action = costly[0]
        how = xact(action)
        clicks += 2 if how == "menu" else 1
        decisions += 1
        say(step, g.s.get("round"), c.viewer, action.kind, how)
    say("end: round", c.game.s.get("round"), "seen:", sorted(seen),
        f"clicks {clicks} for {decisions} decisions")
    shot("walk-end")
    return 0 if {"take-back", "round", "confirm_reveal"} <= seen else 1


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))

"""Table speed and quietness: click→repaint per action, and idle CPU while waiting.

Run: ``QT_QPA_PLATFORM=offscreen python benchmarks/ui_bench.py [--actions N] [--sizes ...]``.

Method. A seeded 4-player game is played with random legal actions. After each action
the table is shown the new view of the player to move and the log entries they may read
(``TableView.show_view(view, legal, player, log)``, as the main window does after a click:
the new entries say what the others did, which is marked and animated) and the viewport is repainted synchronously
(``viewport().repaint()``, the whole viewport): the time from the call to the end of that paint is one
"click→repaint" sample (the engine's ``apply`` is timed apart; the log panel is not part
of the table). ``--partial`` instead lets Qt paint only what changed (the events are
processed until the viewport's next paint ends): what a player sees after a click. Animations run at the default speed but are not waited for: a click is
answered when the first frame is on screen. Reported: median and p95 in ms over the run,
at each window size (default 1280×800 and 3840×2160).

Hot-seat (no ``--seat``: the viewer is the player to move, all four are humans) follows the
window's path: when the turn passes to another player the window shows the hand-off
screen, not their table. Such a click is one sample (click → hand-off screen painted);
behind the screen the next player's table is laid out and painted unseen
(``TableView.prepare_view``, as ``MainWindow.prepare_next_table``: reported apart, nobody
waits for it); their "ready" is a second sample (ready → ``show_view`` with the same
arguments → the table page shown and painted: all the work the window's table does then).
``--no-handoff`` shows the new viewer's table at once instead (the method of the passes
before 24 November, a path the window never takes between two humans).

On a shared machine the wall time includes waiting for a core: the process CPU time of the
same span (``time.process_time``) is reported beside it and is what a quiet machine shows.

Idle CPU: with a game on the table and a legal target highlighted, the event loop runs
for ``--idle`` seconds without input; the process CPU time used over that wall time is the
idle CPU (percent of one core). Timings are never asserted in tests (issue 9 §5).
"""
from __future__ import annotations

import argparse
import os
import pathlib
import random
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

PLAYERS = ["jerusalem", "tripoli", "edessa", "antioch"]


def _app():
    from krestonostsy.ui.app import setup_application
    return setup_application()


def _table(size: tuple[int, int]):
    from krestonostsy.ui.table.view import TableView
    t = TableView()
    t.resize(*size)
    t.show()
    return t


def _pages(size: tuple[int, int]):
    """The table and the hand-off screen as the main window holds them: two pages of a
    stack, one shown at a time."""
    from PySide6.QtWidgets import QStackedWidget

    from krestonostsy.ui.handoff import HandoffScreen
    from krestonostsy.ui.table.view import TableView
    stack = QStackedWidget()
    table, handoff = TableView(), HandoffScreen()
    stack.addWidget(table)
    stack.addWidget(handoff)
    stack.resize(*size)
    stack.show()
    return stack, table, handoff


def _viewer(game) -> str | None:
    d = game.decision
    return d.player if d is not None and d.player in PLAYERS else None


class _PaintWatch:
    """Counts the paint events of a widget (the table's viewport)."""

    def __init__(self, widget):
        from PySide6.QtCore import QEvent, QObject

        class Filter(QObject):
            def eventFilter(inner, obj, event):  # noqa: N805 - Qt's signature
                if event.type() == QEvent.Type.Paint:
                    self.pending = True
                return False

        self.count = 0
        self.pending = False
        self._filter = Filter()
        widget.installEventFilter(self._filter)

    def wait_paint(self, app, timeout: float = 2.0) -> None:
        self.pending = False
        end = time.perf_counter() + timeout
        while not self.pending and time.perf_counter() < end:
            app.processEvents()


def click_to_repaint(size: tuple[int, int], actions: int, seed: int = 7,
                     partial: bool = False, seat: str | None = None,
                     handoff: bool = True) -> dict:
    """``seat``: the table always shows that player's view (one human against bots: the
    others' moves are marked and animated); None: the view of the player to move (hot-seat).

    In hot-seat the window puts the hand-off screen between two humans (``main_window``):
    a click that passes the turn to another player is answered by the hand-off screen
    (one sample: click → hand-off painted); behind it the window lays out and paints the
    next player's table (``TableView.prepare_view``, timed apart: nobody waits for it,
    the screen shows the hand-off); the next player's "ready" shows that table (a second
    sample: ready → table painted, with everything the window's table does then).
    ``handoff=False`` shows the new viewer's table straight away (the method of the
    earlier passes: a path the window never takes between two humans)."""
    from PySide6.QtWidgets import QApplication

    from krestonostsy.engine import Game
    app = QApplication.instance()
    stack, table, screen = _pages(size)
    game = Game.new(PLAYERS, seed=seed)
    rnd = random.Random(seed)
    viewer = seat or _viewer(game) or PLAYERS[0]
    table.show_view(game.view(viewer), game.legal_actions() if _viewer(game) == viewer else [],
                    viewer, game.log_for(viewer))
    app.processEvents()
    watch = _PaintWatch(table.viewport())
    samples, engine, cpu, behind = [], [], [], []
    kinds = {"click": 0, "handoff": 0, "ready": 0}
    by_kind: dict[str, list[float]] = {k: [] for k in kinds}

    def paint_table() -> None:
        if partial:
            watch.wait_paint(app)
        else:
            table.viewport().repaint()

    done = 0
    while done < actions:
        if game.is_over:
            game = Game.new(PLAYERS, seed=seed + done)
        legal = list(game.legal_actions())
        t0 = time.perf_counter()
        game.apply(rnd.choice(legal))
        t1 = time.perf_counter()
        c1 = time.process_time()
        engine.append(t1 - t0)
        nxt = seat or _viewer(game) or viewer
        view = game.view(nxt)
        legal = game.legal_actions() if _viewer(game) == nxt else []
        args = (view, legal, nxt, game.log_for(nxt))
        if handoff and nxt != viewer:
            # click → the hand-off screen painted (the window does no more on this click)
            screen.show_player(nxt)
            stack.setCurrentWidget(screen)
            screen.repaint()
            t2 = time.perf_counter()
            cpu.append(time.process_time() - c1)
            samples.append(t2 - t1)
            kinds["handoff"] += 1
            by_kind["handoff"].append(cpu[-1])
            app.processEvents()
            # behind it, once: the next player's table laid out and painted unseen
            c2 = time.process_time()
            table.prepare_view(*args)
            behind.append(time.process_time() - c2)
            app.processEvents()
            # ready → the table painted
            t1, c1 = time.perf_counter(), time.process_time()
            table.show_view(*args)
            stack.setCurrentWidget(table)
            paint_table()
            kind = "ready"
        else:
            table.show_view(*args)
            if stack.currentWidget() is not table:
                stack.setCurrentWidget(table)
            paint_table()
            kind = "click"
        viewer = nxt
        t2 = time.perf_counter()
        cpu.append(time.process_time() - c1)
        kinds[kind] += 1
        by_kind[kind].append(cpu[-1])
        samples.append(t2 - t1)
        app.processEvents()  # let animations and deferred deletes run as between clicks
        done += 1
    stack.close()
    stack.deleteLater()
    app.processEvents()
    samples.sort()
    cpu.sort()
    behind.sort()
    return {"median_ms": statistics.median(samples) * 1000,
            "p95_ms": samples[int(len(samples) * .95) - 1] * 1000,
            "cpu_median_ms": statistics.median(cpu) * 1000,
            "cpu_p95_ms": cpu[int(len(cpu) * .95) - 1] * 1000,
            "behind_median_ms": statistics.median(behind) * 1000 if behind else 0.0,
            "behind_p95_ms": behind[max(int(len(behind) * .95) - 1, 0)] * 1000 if behind
            else 0.0,
            "engine_ms": statistics.median(engine) * 1000, "n": len(samples), **kinds,
            "by_kind": {k: (statistics.median(v) * 1000, sorted(v)[max(int(len(v) * .95) - 1, 0)]
                            * 1000) for k, v in by_kind.items() if v}}


def idle_cpu(size: tuple[int, int], seconds: float, seed: int = 7) -> float:
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    from krestonostsy.engine import Game
    app = QApplication.instance()
    table = _table(size)
    game = Game.new(PLAYERS, seed=seed)
    viewer = _viewer(game) or PLAYERS[0]
    table.show_view(game.view(viewer), game.legal_actions(), viewer)
    loop = QEventLoop()
    QTimer.singleShot(1500, loop.quit)  # let the first animations end
    loop.exec()
    c0, w0 = time.process_time(), time.perf_counter()
    QTimer.singleShot(int(seconds * 1000), loop.quit)
    loop.exec()
    c1, w1 = time.process_time(), time.perf_counter()
    table.close()
    table.deleteLater()
    app.processEvents()
    return (c1 - c0) / (w1 - w0) * 100


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--actions", type=int, default=300)
    ap.add_argument("--idle", type=float, default=10.0, help="seconds of idle sampling")
    ap.add_argument("--sizes", nargs="*", default=["1280x800", "3840x2160"])
    ap.add_argument("--seat", choices=PLAYERS, default=None,
                    help="show always this player's view (one human against bots)")
    ap.add_argument("--partial", action="store_true",
                    help="let Qt repaint only what changed instead of the whole viewport")
    ap.add_argument("--no-handoff", action="store_true",
                    help="hot-seat: show the new viewer's table at once, without the hand-off "
                         "screen the window shows between two humans (the earlier method)")
    args = ap.parse_args(argv)
    _app()
    if hasattr(os, "getloadavg"):
        print("machine load (1, 5, 15 min): " + ", ".join(f"{x:.2f}" for x in os.getloadavg())
              + f" on {os.cpu_count()} cores", flush=True)
    from krestonostsy import i18n
    i18n.set_language("en")
    for text in args.sizes:
        w, h = (int(x) for x in text.split("x"))
        r = click_to_repaint((w, h), args.actions, partial=args.partial, seat=args.seat,
                             handoff=not args.no_handoff)
        mode = (" (partial)" if args.partial else "") + (
            f" (seat {args.seat})" if args.seat else
            " (viewer: the player to move, no hand-off)" if args.no_handoff else
            " (viewer: the player to move, hand-off between players)")
        print(f"{w}x{h}{mode}: click→repaint median {r['median_ms']:.1f} ms, p95 {r['p95_ms']:.1f} ms "
              f"over {r['n']} samples ({r['click']} clicks, {r['handoff']} click→hand-off, "
              f"{r['ready']} ready→table); CPU time median {r['cpu_median_ms']:.1f} ms, "
              f"p95 {r['cpu_p95_ms']:.1f} ms (engine apply median {r['engine_ms']:.2f} ms)",
              flush=True)
        if r["handoff"]:
            print("    CPU time by kind, median / p95: " + "; ".join(
                f"{k} {m:.1f} / {p:.1f} ms" for k, (m, p) in r["by_kind"].items()), flush=True)
            print(f"    behind the hand-off screen (nobody waits): the next table prepared in "
                  f"CPU median {r['behind_median_ms']:.1f} ms, p95 {r['behind_p95_ms']:.1f} ms",
                  flush=True)
    if args.idle > 0:
        w, h = (int(x) for x in args.sizes[0].split("x")) if args.sizes else (1280, 800)
        print(f"idle CPU at {w}x{h}: {idle_cpu((w, h), args.idle):.1f} % of one core "
              f"over {args.idle:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

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
                     partial: bool = False, seat: str | None = None) -> dict:
    """``seat``: the table always shows that player's view (one human against bots: the
    others' moves are marked and animated); None: the view of the player to move (hot-seat,
    the boards are laid out anew for each new viewer)."""
    from PySide6.QtWidgets import QApplication

    from krestonostsy.engine import Game
    app = QApplication.instance()
    table = _table(size)
    game = Game.new(PLAYERS, seed=seed)
    rnd = random.Random(seed)
    viewer = seat or _viewer(game) or PLAYERS[0]
    table.show_view(game.view(viewer), game.legal_actions() if _viewer(game) == viewer else [],
                    viewer, game.log_for(viewer))
    app.processEvents()
    watch = _PaintWatch(table.viewport())
    samples, engine, cpu = [], [], []
    done = 0
    while done < actions:
        if game.is_over:
            game = Game.new(PLAYERS, seed=seed + done)
        legal = list(game.legal_actions())
        t0 = time.perf_counter()
        game.apply(rnd.choice(legal))
        t1 = time.perf_counter()
        c1 = time.process_time()
        viewer = seat or _viewer(game) or viewer
        view = game.view(viewer)
        legal = game.legal_actions() if _viewer(game) == viewer else []
        table.show_view(view, legal, viewer, game.log_for(viewer))
        if partial:
            watch.wait_paint(app)
        else:
            table.viewport().repaint()
        t2 = time.perf_counter()
        cpu.append(time.process_time() - c1)
        app.processEvents()  # let animations and deferred deletes run as between clicks
        engine.append(t1 - t0)
        samples.append(t2 - t1)
        done += 1
    table.close()
    table.deleteLater()
    app.processEvents()
    samples.sort()
    cpu.sort()
    return {"median_ms": statistics.median(samples) * 1000,
            "p95_ms": samples[int(len(samples) * .95) - 1] * 1000,
            "cpu_median_ms": statistics.median(cpu) * 1000,
            "cpu_p95_ms": cpu[int(len(cpu) * .95) - 1] * 1000,
            "engine_ms": statistics.median(engine) * 1000, "n": len(samples)}


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
    args = ap.parse_args(argv)
    _app()
    if hasattr(os, "getloadavg"):
        print("machine load (1, 5, 15 min): " + ", ".join(f"{x:.2f}" for x in os.getloadavg())
              + f" on {os.cpu_count()} cores", flush=True)
    from krestonostsy import i18n
    i18n.set_language("en")
    for text in args.sizes:
        w, h = (int(x) for x in text.split("x"))
        r = click_to_repaint((w, h), args.actions, partial=args.partial, seat=args.seat)
        mode = (" (partial)" if args.partial else "") + (f" (seat {args.seat})" if args.seat
                                                          else " (viewer: the player to move)")
        print(f"{w}x{h}{mode}: click→repaint median {r['median_ms']:.1f} ms, p95 {r['p95_ms']:.1f} ms "
              f"over {r['n']} actions; CPU time median {r['cpu_median_ms']:.1f} ms, "
              f"p95 {r['cpu_p95_ms']:.1f} ms (engine apply median {r['engine_ms']:.2f} ms)",
              flush=True)
    if args.idle > 0:
        w, h = (int(x) for x in args.sizes[0].split("x")) if args.sizes else (1280, 800)
        print(f"idle CPU at {w}x{h}: {idle_cpu((w, h), args.idle):.1f} % of one core "
              f"over {args.idle:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

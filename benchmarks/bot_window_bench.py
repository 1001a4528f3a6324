"""The window while a bot thinks: does a 10 ms timer keep ticking? (issue 8 §4)

Run: ``QT_QPA_PLATFORM=offscreen python benchmarks/bot_window_bench.py [--level hard]
[--seconds 8]``.

Method. A 4-player game of bots of ``--level`` runs in a :class:`GameController` (the
bots think in its worker thread, as in the window; bot moves are applied without a pause).
Meanwhile a ``QTimer`` with a 10 ms interval calls a Python slot in the GUI thread — the
same kind of work a repaint or a click handler does — and records the time between its
calls. Reported: the number of ticks, the median, p95, p99 and largest gap in ms, and how
many bot decisions were answered. A gap far above 10 ms is a stutter a player would feel.
Bots and the GUI thread share the interpreter lock: Python hands it over every
``sys.getswitchinterval()`` seconds (5 ms by default), which bounds the gaps. Timings are
reported, never asserted in tests.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--level", default="hard")
    ap.add_argument("--seconds", type=float, default=8.0)
    ap.add_argument("--seed", type=int, default=4)
    args = ap.parse_args(argv)

    from PySide6.QtCore import QCoreApplication, QEventLoop, QTimer

    from krestonostsy.ui.controller import GameController

    app = QCoreApplication.instance() or QCoreApplication(sys.argv)
    c = GameController(None, autosave=False)
    states = ["jerusalem", "tripoli", "edessa", "antioch"]
    c.new_game(states, args.seed, seats={s: args.level for s in states})
    ticks: list[float] = []
    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    timer.start()
    loop = QEventLoop()
    QTimer.singleShot(int(args.seconds * 1000), loop.quit)
    loop.exec()
    timer.stop()
    moves = len(c.game.actions)
    c.shut_down(10_000)
    gaps = sorted((b - a) * 1000 for a, b in zip(ticks, ticks[1:], strict=False))
    if not gaps:
        print("no ticks")
        return 1

    def pct(p: float) -> float:
        return gaps[min(len(gaps) - 1, int(p * len(gaps)))]

    print(f"level {args.level}: {moves} actions in {args.seconds:.0f} s; 10 ms timer: "
          f"{len(ticks)} ticks, gap median {statistics.median(gaps):.1f} ms, "
          f"p95 {pct(.95):.1f} ms, p99 {pct(.99):.1f} ms, max {gaps[-1]:.1f} ms")
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

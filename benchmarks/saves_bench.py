"""The load screen with many saves: how long listing the save folder takes.

Run: ``QT_QPA_PLATFORM=offscreen python benchmarks/saves_bench.py [--saves 200]``.

Method. A seeded 4-player game is played with random legal actions to its end (a long
save) and written ``--saves`` times into a temporary folder with a thumbnail each. Timed:

- *list, cold*: a new ``SaveStore`` reads every file's summary line (``store.saves()``);
- *list, cached*: the same store lists again (only changed files are read again);
- *list, older saves*: the same files without their summary line (as an older version
  wrote them), read whole and checked, but not replayed;
- *screen*: ``LoadScreen.refresh()`` plus the first paint of the list at 1280×800 (the
  rows are painted by a delegate; only the visible rows' pictures are loaded).

Medians of ``--repeat`` runs, in ms. On a shared machine wall time includes waiting for a
core. Timings are never asserted in tests.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def _long_game():
    from krestonostsy.engine import Game
    game = Game.new(["jerusalem", "tripoli", "edessa", "antioch"], seed=1)
    rnd = random.Random(1)
    while not game.is_over:
        game.apply(rnd.choice(game.legal_actions()))
    return game


def _median_ms(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--saves", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=5)
    a = ap.parse_args(argv)

    from PySide6.QtWidgets import QApplication
    app = QApplication.instance() or QApplication([])
    from krestonostsy.ui.load_screen import THUMB_SIZE, LoadScreen, placeholder_thumbnail
    from krestonostsy.ui.saves import SaveStore, thumbnail_path, write_save

    game = _long_game()
    with tempfile.TemporaryDirectory(prefix="krestonostsy-saves-bench-") as tmp:
        folder = Path(tmp)
        picture = placeholder_thumbnail(game.setup["states"], THUMB_SIZE)
        for i in range(a.saves):
            path = write_save(folder / f"game {i:04d}.json", game, {}, game_id=f"g{i}")
            thumbnail_path(path).parent.mkdir(exist_ok=True)
            picture.save(str(thumbnail_path(path)), "PNG")
        size_kb = (folder / "game 0000.json").stat().st_size // 1024
        cold = _median_ms(lambda: SaveStore(folder).saves(), a.repeat)
        store = SaveStore(folder)
        store.saves()
        cached = _median_ms(store.saves, a.repeat)

        def screen_once():
            screen = LoadScreen(SaveStore(folder))
            screen.resize(1280, 800)
            screen.show()
            app.processEvents()
            start = time.perf_counter()
            screen.refresh()
            screen.list.viewport().repaint()
            elapsed = (time.perf_counter() - start) * 1000
            screen.close()
            return elapsed
        screen_ms = statistics.median(screen_once() for _ in range(a.repeat))

        for path in folder.glob("*.json"):
            data = json.loads(path.read_text(encoding="utf-8"))
            del data["ui"]["summary"]
            path.write_text(json.dumps(data, indent=1), encoding="utf-8")
        older = _median_ms(lambda: SaveStore(folder).saves(), a.repeat)

    print(f"{a.saves} saves of {len(game.actions)} actions ({size_kb} KB each), "
          f"median of {a.repeat} runs")
    print(f"list, cold          {cold:8.1f} ms")
    print(f"list, cached        {cached:8.1f} ms")
    print(f"list, older saves   {older:8.1f} ms")
    print(f"screen (1280x800)   {screen_ms:8.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

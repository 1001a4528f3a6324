"""Smoke test of the built program (the frozen binary, not the source), offscreen.

    python packaging/smoke.py dist/krestonostsy/krestonostsy [--engine compiled|python]

Checks, each with a time limit: ``--version`` prints this checkout's version and the rules
engine the build meant to ship (compiled by mypyc unless ``--engine python``);
``validate-data`` passes on the bundled content; ``--screenshot`` of a 4-player table in
Russian and in English writes a PNG that is a full table (right size, many colours, no
colour covering most of it); a headless game runs to the end (``simulate``); bots play a
whole game in worker processes (``tournament --jobs 2``); on Linux,
the window without any display refuses to start with one clear sentence. Needs PySide6 in
the Python that runs it (to read the PNGs), as the build does.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 300  # seconds per step (a cold first start on a loaded CI machine is slow)


def run(binary: Path, *args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    started = time.perf_counter()
    out = subprocess.run([str(binary), *args], capture_output=True, text=True, timeout=LIMIT,
                         env=env or dict(os.environ, QT_QPA_PLATFORM="offscreen"),
                         encoding="utf-8", errors="replace")
    print(f"[smoke] {binary.name} {' '.join(args)} -> {out.returncode} "
          f"({time.perf_counter() - started:.1f} s)", flush=True)
    return out


def check(condition: bool, what: str, out: subprocess.CompletedProcess | None = None) -> None:
    if not condition:
        detail = f"\nstdout:\n{out.stdout[-2000:]}\nstderr:\n{out.stderr[-2000:]}" if out else ""
        raise SystemExit(f"[smoke] FAILED: {what}{detail}")


def expected_version() -> str:
    text = (ROOT / "krestonostsy" / "__init__.py").read_text(encoding="utf-8")
    return re.search(r'__version__ = "([^"]+)"', text).group(1)


def table_problem(png: Path, size: tuple[int, int]) -> str | None:
    """Why ``png`` is not a full rendered table, or None when it is one."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication, QImage

    _app = QGuiApplication.instance() or QGuiApplication([])  # noqa: F841
    image = QImage(str(png))
    if image.isNull():
        return f"{png} is not a readable image"
    if (image.width(), image.height()) != size:
        return f"{png} is {image.width()}x{image.height()}, not {size[0]}x{size[1]}"
    colours: Counter = Counter()
    for y in range(0, image.height(), 4):
        for x in range(0, image.width(), 4):
            colours[image.pixel(x, y)] += 1
    total = sum(colours.values())
    commonest = colours.most_common(1)[0][1] / total
    if len(colours) < 500:
        return f"{png} has only {len(colours)} colours: not a drawn table"
    if commonest > 0.5:
        return f"one colour covers {commonest:.0%} of {png}: mostly blank"
    return None


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    engine = "compiled"
    if len(argv) == 3 and argv[1] == "--engine" and argv[2] in ("compiled", "python"):
        engine, argv = argv[2], argv[:1]
    if len(argv) != 1:
        raise SystemExit("usage: python packaging/smoke.py PATH/TO/BUILT/krestonostsy "
                         "[--engine compiled|python]")
    binary = Path(argv[0]).resolve()
    check(binary.is_file(), f"no built program at {binary}")
    started = time.perf_counter()

    out = run(binary, "--version")
    lines = out.stdout.strip().splitlines()
    check(out.returncode == 0 and lines[:1] == [f"krestonostsy {expected_version()}"],
          f"--version should print 'krestonostsy {expected_version()}'", out)
    # the engine the build meant to ship: compiled by mypyc, or the Python source
    check(lines[1:] == [f"rules engine: {engine}"],
          f"--version should say 'rules engine: {engine}'", out)

    out = run(binary, "validate-data")
    check(out.returncode == 0, "validate-data failed on the bundled content", out)

    with tempfile.TemporaryDirectory() as tmp:
        for lang in ("ru", "en"):
            png = Path(tmp) / f"table-{lang}.png"
            out = run(binary, "--screenshot", str(png), "--lang", lang, "--players", "4",
                      "--seed", "3", "--steps", "60", "--size", "1600x1000")
            check(out.returncode == 0 and png.is_file(), f"--screenshot --lang {lang}", out)
            problem = table_problem(png, (1600, 1000))
            check(problem is None, problem or "")
            keep = os.environ.get("KRESTONOSTSY_SMOKE_KEEP")
            if keep:
                Path(keep).mkdir(parents=True, exist_ok=True)
                (Path(keep) / png.name).write_bytes(png.read_bytes())

    out = run(binary, "simulate", "--players", "4", "--games", "2", "--seed", "5", "--json")
    check(out.returncode == 0, "simulate (a headless game to the end) failed", out)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    check(result["games"] == 2 and sum(result["wins"].values()) == 2,
          "simulate did not finish both games", out)

    # Bots decide in the frozen app, and --jobs 2 plays the two games in worker processes:
    # that is what needs multiprocessing.freeze_support() on Windows and macOS.
    out = run(binary, "tournament", "--bots", "novice,easy", "--players", "2", "--games", "1",
              "--seed", "1", "--jobs", "2", "--json")
    check(out.returncode == 0, "tournament (bots playing a whole game) failed", out)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    check(result["games"] == 2 and sum(result["wins"].values()) == 2
          and result["decision_ms"]["novice"]["n"] > 0,
          "the bots did not finish both games", out)

    if sys.platform.startswith("linux"):
        env = {k: v for k, v in os.environ.items()
               if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
        out = run(binary, env=env)
        message = out.stderr.strip()
        check(out.returncode == 1 and "display" in message and len(message.splitlines()) == 1,
              "with no display the window should refuse in one sentence naming the display",
              out)

    print(f"[smoke] all passed in {time.perf_counter() - started:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Start-up: from launching the game to its window's first paint, and ``--version``.

Run (from the repository's root)::

    python benchmarks/startup_bench.py --pip VENV --frozen dist/krestonostsy [--runs 7]
        [--platform xcb|offscreen] [--json OUT.json]

``--pip VENV``: the game installed with ``pip install .`` in the virtual environment VENV
(made and installed from this checkout when VENV does not exist yet); ``--frozen DIR``:
the onedir that ``python packaging/build.py`` writes to ``dist/krestonostsy``; ``--source``:
this checkout, run as ``python -m krestonostsy.cli`` with the Python that runs the
benchmark. Give any of them; each is measured the same way, the builds taking turns
(build A run 1, build B run 1, build A run 2 …) so that a change of load on a shared
machine falls on all of them alike.

Method. Each run is a new process started with ``KRESTONOSTSY_STARTUP_TRACE=exit``
(``krestonostsy/startup_trace.py``): the game writes each milestone of its start to
standard error with ``time.monotonic()`` — a clock every process of the machine shares —
and closes its window right after the first paint. The benchmark takes its own
``time.monotonic()`` just before launching, so each milestone is a time from launch:

- *interpreter*: launch → the game's ``main`` runs (the frozen app's loader, Python's
  start, the command's module);
- *imports*: → Qt and the window's modules are imported;
- *Qt app*: → the ``QApplication`` exists (the platform plug-in connected to the display);
- *fonts*: → the bundled fonts are registered and the interface font is set;
- *window*: → the main window is made and shown (settings, language, the start screen);
- *first paint*: → the window's first paint is done (the start screen drawn);
- *content*: loading the game's content (YAML), if it happened before the first paint
  (``span:content``; it does not since the start screen was freed of it).

*launch → paint* is the sum, the figure the targets speak of. *CPU* is the process's user
+ system time (``os.wait4``), from launch to its exit, so it includes closing the window.
Each run starts a new process, with the operating system's file cache warm from the runs
before (one warm-up run per build is not counted): "cold-ish", as a player starting the
game a second time. ``--version`` is timed from launch to exit.

The game runs with ``HOME`` and the ``XDG_*`` folders in a temporary folder kept for the
whole benchmark (the player's own settings and saves are neither read nor touched; the
first, uncounted run writes the settings the later runs read). ``--platform xcb`` needs an
X display: the one in ``DISPLAY``, or, when there is none, an ``Xvfb`` the benchmark
starts and stops itself. ``offscreen`` needs no display.

Medians, with min and max, in seconds. Timings are never asserted in tests.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from krestonostsy.startup_trace import ENV, parse  # noqa: E402  (standard library only)

# (column, milestone it ends at, milestone it starts from); launch is "launch"
PHASES = (
    ("interpreter", "main", "launch"),
    ("imports", "imports", "main"),
    ("Qt app", "app", "imports"),
    ("fonts", "fonts", "app"),
    ("window", "window", "fonts"),
    ("first paint", "paint", "window"),
)
RUN_TIMEOUT = 120  # seconds: a start that takes longer is a hang, not a figure


@dataclass
class Build:
    """One way of starting the game: a name and the command line before the arguments."""

    name: str
    command: list[str]
    paint: list[dict[str, float]] = field(default_factory=list)
    version: list[dict[str, float]] = field(default_factory=list)


def _run(command: list[str], env: dict[str, str]) -> tuple[float, float, str, int]:
    """Start ``command`` and wait for it: (launch time, CPU seconds, stderr, exit code).
    Standard output is discarded; standard error is read through a file so a chatty child
    never blocks on a full pipe."""
    with tempfile.TemporaryFile("w+", encoding="utf-8", errors="replace") as err:
        launched = time.monotonic()
        proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=err)
        cpu = float("nan")
        if hasattr(os, "wait4"):
            _pid, status, usage = os.wait4(proc.pid, 0)
            proc.returncode = os.waitstatus_to_exitcode(status)
            cpu = usage.ru_utime + usage.ru_stime
        else:  # Windows: no resource usage of a child from the standard library
            proc.wait(RUN_TIMEOUT)
        ended = time.monotonic()
        err.seek(0)
        text = err.read()
    return launched, cpu, text + f"\n__ended {ended}", int(proc.returncode or 0)


def measure_paint(build: Build, env: dict[str, str]) -> dict[str, float]:
    launched, cpu, stderr, code = _run(build.command, {**env, ENV: "exit"})
    marks, spans = parse(stderr)
    if code != 0 or "paint" not in marks:
        raise SystemExit(f"{build.name}: the window did not report its first paint "
                         f"(exit code {code}); its messages:\n{stderr[-2000:]}")
    marks["launch"] = launched
    row = {name: marks[end] - marks[start] for name, end, start in PHASES
           if end in marks and start in marks}
    row["content"] = spans.get("content", 0.0)
    row["launch → paint"] = marks["paint"] - launched
    row["CPU"] = cpu
    return row


def measure_version(build: Build, env: dict[str, str]) -> dict[str, float]:
    launched, cpu, stderr, code = _run([*build.command, "--version"], env)
    if code != 0:
        raise SystemExit(f"{build.name} --version failed (exit code {code}):\n{stderr}")
    ended = float(stderr.rsplit("__ended ", 1)[1])
    return {"--version": ended - launched, "CPU": cpu}


def summary(rows: list[dict[str, float]]) -> dict[str, tuple[float, float, float]]:
    """Per column: (median, min, max)."""
    columns = [c for c in rows[0]] if rows else []
    return {c: (statistics.median(r[c] for r in rows), min(r[c] for r in rows),
                max(r[c] for r in rows)) for c in columns}


def pip_build(venv: Path, name: str = "pip-installed") -> Build:
    """The game installed in ``venv`` (made with ``pip install`` of this checkout if
    missing)."""
    exe = venv / ("Scripts/krestonostsy.exe" if os.name == "nt" else "bin/krestonostsy")
    if not exe.exists():
        print(f"making {venv} and installing this checkout into it …", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(ROOT)],
                       check=True)
    return Build(name, [str(exe)])


def frozen_build(folder: Path, name: str = "frozen") -> Build:
    exe = folder / ("krestonostsy-cli.exe" if os.name == "nt" else "krestonostsy")
    if folder.is_file():
        exe = folder
    if not exe.exists():
        raise SystemExit(f"no frozen game at {exe}: build it with python packaging/build.py")
    return Build(name, [str(exe)])


def _start_xvfb() -> tuple[subprocess.Popen | None, str | None]:
    """An Xvfb of our own on a free display number, when there is no DISPLAY."""
    if os.environ.get("DISPLAY"):
        return None, os.environ["DISPLAY"]
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        raise SystemExit("--platform xcb needs a display: set DISPLAY or install Xvfb")
    for number in range(90, 110):
        if not Path(f"/tmp/.X11-unix/X{number}").exists():
            proc = subprocess.Popen([xvfb, f":{number}", "-screen", "0", "1920x1080x24",
                                     "-nolisten", "tcp"], stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL)
            for _ in range(100):
                if Path(f"/tmp/.X11-unix/X{number}").exists():
                    return proc, f":{number}"
                time.sleep(0.05)
            proc.kill()
    raise SystemExit("could not start Xvfb")


def _format(stats: dict[str, tuple[float, float, float]], column: str) -> str:
    med, lo, hi = stats[column]
    return f"{med:.3f} ({lo:.3f}–{hi:.3f})"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pip", type=Path, metavar="VENV", action="append", default=[],
                    help="a venv with the game installed (repeat to compare versions)")
    ap.add_argument("--frozen", type=Path, metavar="DIR", action="append", default=[],
                    help="the frozen onedir (repeat to compare versions)")
    ap.add_argument("--source", action="store_true", help="this checkout, run from source")
    ap.add_argument("--runs", type=int, default=7, help="counted runs per build (default 7)")
    ap.add_argument("--platform", choices=("xcb", "offscreen"), default="xcb")
    ap.add_argument("--json", type=Path, help="also write every run's figures here")
    a = ap.parse_args(argv)

    builds: list[Build] = []
    if a.source:
        builds.append(Build("source", [sys.executable, "-m", "krestonostsy.cli"]))
    for venv in a.pip:  # named by their folder when several are compared
        builds.append(pip_build(venv.resolve(), "pip-installed" if len(a.pip) == 1
                                else f"pip-installed {venv}"))
    for folder in a.frozen:
        builds.append(frozen_build(folder.resolve(), "frozen" if len(a.frozen) == 1
                                   else f"frozen {folder}"))
    if not builds:
        ap.error("give at least one of --pip VENV, --frozen DIR, --source")

    xvfb, display = _start_xvfb() if a.platform == "xcb" else (None, None)
    try:
        with tempfile.TemporaryDirectory(prefix="krestonostsy-startup-") as home:
            env = {**os.environ, "HOME": home, "XDG_CONFIG_HOME": f"{home}/config",
                   "XDG_DATA_HOME": f"{home}/data", "XDG_CACHE_HOME": f"{home}/cache",
                   "QT_QPA_PLATFORM": a.platform}
            env.pop(ENV, None)
            if display:
                env["DISPLAY"] = display
            for build in builds:  # warm-up, not counted: file cache, first settings
                measure_paint(build, env)
                measure_version(build, env)
            for _ in range(a.runs):
                for build in builds:
                    build.paint.append(measure_paint(build, env))
                    build.version.append(measure_version(build, env))
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(10)

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"\nplatform {a.platform}, {a.runs} runs per build, load average {load:.1f} at the "
          "end; seconds, median (min–max)\n")
    columns = [name for name, _e, _s in PHASES] + ["content", "launch → paint", "CPU"]
    print("| build | " + " | ".join(columns) + " | `--version` | `--version` CPU |")
    print("|---" * (len(columns) + 3) + "|")
    for build in builds:
        paint, version = summary(build.paint), summary(build.version)
        cells = [_format(paint, c) if c in paint else "—" for c in columns]
        print(f"| {build.name} | " + " | ".join(cells)
              + f" | {_format(version, '--version')} | {_format(version, 'CPU')} |")
    if a.json:
        a.json.write_text(json.dumps({b.name: {"paint": b.paint, "version": b.version}
                                      for b in builds}, indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())

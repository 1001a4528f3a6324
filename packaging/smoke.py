"""Smoke test of the built program (the frozen binary, not the source), offscreen.

    python packaging/smoke.py dist/krestonostsy/krestonostsy [--engine compiled|python]
                              [--glibc-max 2.35]

First the bundle's files (:func:`bundle_problems`): the licence files are there (the
program's ``LICENSE.txt`` and the generated ``THIRD-PARTY-NOTICES.txt``); no symbolic link
is broken or leads out of the bundle; on Linux no ELF file searches a library in a folder
outside the bundle (``RUNPATH``/``RPATH`` must be ``$ORIGIN``-relative: a build-machine
path would be probed on every player's machine) and none needs a newer C library than
``--glibc-max`` (the oldest glibc the release promises to run on; required on Linux).
Then the program, each step with a time limit: ``--version`` prints this checkout's version and the rules
engine the build meant to ship (compiled by mypyc unless ``--engine python``);
``validate-data`` passes on the bundled content; ``--screenshot`` of a 4-player table in
Russian and in English writes a PNG that is a full table (right size, many colours, no
colour covering most of it); a headless game runs to the end (``simulate``); bots play a
whole game in worker processes (``tournament --jobs 2``); on Linux,
the window without any display refuses to start with one clear sentence. Needs PySide6 in
the Python that runs it (to read the PNGs), as the build does.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
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


# --- the bundle's files ------------------------------------------------------------------------

LICENCE_FILES = ("LICENSE.txt", "THIRD-PARTY-NOTICES.txt")


def is_elf(path: Path) -> bool:
    with path.open("rb") as f:
        return f.read(4) == b"\x7fELF"


def elf_files(folder: Path) -> list[Path]:
    """Every ELF file (program or shared library) in ``folder``, links not followed."""
    return sorted(p for p in folder.rglob("*") if p.is_file() and not p.is_symlink() and is_elf(p))


def _readelf(*args: str) -> str:
    tool = shutil.which("readelf")
    if tool is None:
        raise SystemExit("readelf (binutils) is needed to check the bundle's ELF files")
    return subprocess.run([tool, "-W", *args], capture_output=True, text=True, check=True).stdout


def search_paths(elf: Path) -> list[str]:
    """The folders of ``elf``'s RUNPATH and RPATH entries."""
    found = re.findall(r"\((?:RUNPATH|RPATH)\)\s+Library (?:runpath|rpath): \[(.*)\]",
                       _readelf("-d", str(elf)))
    return [entry for value in found for entry in value.split(":") if entry]


def glibc_needed(elf: Path) -> tuple[int, ...]:
    """The newest ``GLIBC_x.y`` symbol version ``elf`` needs (from its version-needs
    section), () if none."""
    text = _readelf("--version-info", str(elf))
    needs = text.split("Version needs section", 1)[1] if "Version needs section" in text else ""
    versions = [tuple(map(int, v.split("."))) for v in re.findall(r"Name: GLIBC_([\d.]+)", needs)]
    return max(versions, default=())


def dotted(version: tuple[int, ...]) -> str:
    return ".".join(map(str, version))


def _outside(entry: str, elf: Path, bundle: Path) -> bool:
    if not entry.startswith(("$ORIGIN", "${ORIGIN}")):
        return True
    target = Path(os.path.normpath(elf.parent / entry.split("/", 1)[1])) if "/" in entry \
        else elf.parent
    return not target.is_relative_to(bundle)


def bundle_problems(bundle: Path, glibc_max: tuple[int, ...] | None) -> list[str]:
    """What is wrong with the files of the built ``bundle`` folder (empty when nothing):
    missing licence files, broken links, library search paths outside the bundle, and (when
    ``glibc_max`` is given) ELF files needing a newer glibc."""
    problems = [f"the licence file {name} is missing from the bundle"
                for name in LICENCE_FILES if not any(bundle.rglob(name))]
    problems += [f"the licence file {p.relative_to(bundle)} is empty"
                 for name in LICENCE_FILES for p in bundle.rglob(name) if p.stat().st_size == 0]
    for link in sorted(p for p in bundle.rglob("*") if p.is_symlink()):
        target = link.resolve()
        if not target.exists():
            problems.append(f"broken link {link.relative_to(bundle)} -> {os.readlink(link)}")
        elif not target.is_relative_to(bundle.resolve()):
            problems.append(f"link {link.relative_to(bundle)} leads out of the bundle to {target}")
    if not sys.platform.startswith("linux"):
        return problems
    newest: tuple[tuple[int, ...], str] = ((), "")
    for elf in elf_files(bundle):
        name = str(elf.relative_to(bundle))
        outside = [e for e in search_paths(elf) if _outside(e, elf, bundle)]
        if outside:
            problems.append(f"{name} searches libraries outside the bundle: {':'.join(outside)}")
        newest = max(newest, (glibc_needed(elf), name))
    if newest[0]:
        print(f"[smoke] newest C library needed: GLIBC_{dotted(newest[0])} (by {newest[1]})",
              flush=True)
    if glibc_max is not None and newest[0] > glibc_max:
        too_new = [f"{elf.relative_to(bundle)} (GLIBC_{dotted(v)})" for elf in elf_files(bundle)
                   if (v := glibc_needed(elf)) > glibc_max]
        problems.append(f"{len(too_new)} files need a newer glibc than {dotted(glibc_max)}: "
                        + ", ".join(too_new))
    return problems


def glibc_version(text: str) -> tuple[int, ...]:
    if not re.fullmatch(r"\d+\.\d+", text):
        raise argparse.ArgumentTypeError(f"{text!r} is not a glibc version like 2.35")
    return tuple(map(int, text.split(".")))


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
    ap = argparse.ArgumentParser(prog="python packaging/smoke.py",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("binary", type=Path, help="the built program (dist/krestonostsy/krestonostsy)")
    ap.add_argument("--engine", choices=("compiled", "python"), default="compiled",
                    help="the rules engine the build meant to ship")
    ap.add_argument("--glibc-max", type=glibc_version, metavar="X.Y",
                    help="the oldest glibc the build must run on (Linux: required)")
    args = ap.parse_args(argv)
    binary, engine = args.binary.resolve(), args.engine
    check(binary.is_file(), f"no built program at {binary}")
    if sys.platform.startswith("linux") and args.glibc_max is None:
        ap.error("--glibc-max is required on Linux (the oldest glibc the build must run on)")
    started = time.perf_counter()

    # macOS: the .app's Contents; elsewhere the onedir holding the program
    bundle = binary.parents[1] if sys.platform == "darwin" else binary.parent
    problems = bundle_problems(bundle, args.glibc_max)
    check(not problems, "the bundle's files:\n  " + "\n  ".join(problems))
    print("[smoke] bundle files: licences, links"
          + (", search paths, glibc" if sys.platform.startswith("linux") else "") + " fine",
          flush=True)

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

"""Compile the rules engine with mypyc: the same rules, about 1.5× as fast.

    python packaging/compile_engine.py [--out build/compiled]

Copies the ``krestonostsy`` package to ``OUT/krestonostsy`` (the ``data`` and
``translations`` folders beside it, linked or copied) and compiles every module of
``krestonostsy/engine`` there with mypyc into C extensions. The source tree is not touched:
what runs from the checkout is always the Python source, so an edit can never be hidden
by a stale compiled module. Put ``OUT`` first on ``sys.path`` to use the compiled engine
(``benchmarks/engine_bench.py --compiled``, ``benchmarks/behaviour_fingerprint.py
--compiled``); ``krestonostsy.engine.COMPILED`` tells which one was imported.

mypyc trusts mypy's types, which is why ``[tool.mypy]`` checks the bodies of unannotated
functions and makes unreachable code an error: code mypy takes for unreachable would be
left out of the compiled module. ``.ci/run`` compiles the engine (through ``build.py``),
runs the tests against it and checks that it plays exactly the games the Python source
plays (the behaviour fingerprint).

Needs mypy (the ``test`` extra), setuptools and a C compiler.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "krestonostsy"
ENGINE = Path(PACKAGE) / "engine"
# the compiled modules share one C library, named after the engine (a top-level module)
GROUP = "krestonostsy_engine"
COMPILED_TREE = ROOT / "build" / "compiled"

_SETUP = """
from setuptools import setup
from mypyc.build import mypycify
setup(name={group!r}, ext_modules=mypycify({paths!r}, opt_level="3", group_name={group!r}))
"""


def engine_modules(tree: Path) -> list[str]:
    """The engine's modules, as paths relative to ``tree``, in a stable order."""
    return sorted(str(p.relative_to(tree)) for p in (tree / ENGINE).rglob("*.py"))


def copy_tree(out: Path) -> None:
    """A fresh copy of the package (sources only) with the shipped data beside it."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    shutil.copytree(ROOT / PACKAGE, out / PACKAGE,
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    for folder in ("data", "translations"):
        target = out / folder
        try:
            target.symlink_to(ROOT / folder, target_is_directory=True)
        except OSError:  # no symlinks (Windows without the right): copy
            shutil.copytree(ROOT / folder, target)


def compile_engine(out: Path) -> list[Path]:
    """Compile the engine in ``out`` (a copy made by :func:`copy_tree`); the extensions built."""
    paths = engine_modules(out)
    (out / "setup_engine.py").write_text(_SETUP.format(group=GROUP, paths=paths),
                                         encoding="utf-8")
    env = dict(os.environ, MYPY_FORCE_COLOR="0")
    run = subprocess.run([sys.executable, "setup_engine.py", "build_ext", "--inplace"],
                         cwd=out, env=env, capture_output=True, text=True)
    (out / "setup_engine.py").unlink()
    if run.returncode != 0:
        tail = "\n".join((run.stdout + run.stderr).splitlines()[-40:])
        raise SystemExit(f"compiling the engine failed:\n{tail}")
    shutil.rmtree(out / "build", ignore_errors=True)  # setuptools' temporary files
    built = sorted(p for p in out.rglob("*") if p.suffix in (".so", ".pyd"))
    missing = [m for m in paths
               if not any(b.parent == (out / m).parent and b.name.startswith(Path(m).stem + ".")
                          for b in built)]
    if missing:
        raise SystemExit(f"mypyc built no extension for: {', '.join(missing)}")
    return built


def check(out: Path) -> None:
    """Import the compiled engine in a fresh interpreter and play one game to its end."""
    probe = (
        "import random, sys\n"
        "from krestonostsy import engine\n"
        "from krestonostsy.engine import Game\n"
        "assert engine.COMPILED, engine.__file__\n"
        "g = Game.new(['jerusalem', 'tripoli'], seed=1)\n"
        "r = random.Random(1)\n"
        "while not g.is_over:\n"
        "    a = g.legal_actions()\n"
        "    g.apply(a[r.randrange(len(a))])\n"
        "print(len(g.actions))\n"
    )
    run = subprocess.run([sys.executable, "-P", "-c", probe], cwd=out, capture_output=True,
                         text=True, env=dict(os.environ, PYTHONPATH=str(out)))
    if run.returncode != 0:
        raise SystemExit(f"the compiled engine does not play:\n{run.stderr[-3000:]}")


def build(out: Path = COMPILED_TREE) -> str:
    """Copy, compile and check: the whole job. A line saying what was built."""
    started = time.monotonic()
    copy_tree(out)
    built = compile_engine(out)
    check(out)
    return (f"compiled {len(built)} extension modules of the engine into {out} "
            f"in {time.monotonic() - started:.0f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=COMPILED_TREE,
                    help="where the compiled copy goes (default: build/compiled)")
    print(build(ap.parse_args().out.resolve()))


if __name__ == "__main__":
    main()

"""Each of the engine's modules imports alone in a fresh interpreter (issue 7 §4). That no
module imports one that imports it back, in any form, types included, is
tests/test_architecture.py's (the whole package)."""
import pathlib
import subprocess
import sys

import krestonostsy.engine as engine

ROOT = pathlib.Path(engine.__file__).parent
PACKAGE = "krestonostsy.engine"


def _modules() -> list[str]:
    names = []
    for path in sorted(ROOT.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names.append(".".join((PACKAGE, *parts)))
    return names


def test_each_engine_module_imports_alone_in_a_fresh_interpreter():
    names = _modules()
    for name in names:
        run = subprocess.run([sys.executable, "-c", f"import {name}"],
                             capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, f"{name}: {run.stderr.strip().splitlines()[-1:]}"

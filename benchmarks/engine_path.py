"""Which engine a benchmark imports: the checkout's Python source, or — with
``--compiled`` on its command line — the mypyc build that ``packaging/compile_engine.py``
leaves in ``build/compiled`` (the engine the frozen game ships).

Call :func:`use` before importing ``krestonostsy``, and :func:`check` after it.
"""
from __future__ import annotations

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
COMPILED_TREE = ROOT / "build" / "compiled"
HELP = "use the compiled engine in build/compiled (python packaging/compile_engine.py)"


def use(argv: list[str] | None = None) -> bool:
    """Put the chosen tree first on ``sys.path``; whether it is the compiled one."""
    compiled = "--compiled" in (sys.argv if argv is None else argv)
    sys.path.insert(0, str(COMPILED_TREE if compiled else ROOT))
    return compiled


def check(compiled: bool) -> None:
    """Stop with a message when the engine imported is not the one asked for."""
    from krestonostsy import engine

    if compiled != engine.COMPILED:
        raise SystemExit("build/compiled holds no compiled engine: run "
                         "python packaging/compile_engine.py first" if compiled else
                         f"the engine imported from {engine.__file__} is compiled")

"""Which engine a benchmark imports: the checkout's Python source, or — with
``--compiled`` on its command line — the mypyc build that ``packaging/compile_engine.py``
leaves in ``build/compiled`` (the engine the frozen game ships).

Call :func:`use` before importing ``krestonostsy``, and :func:`check` after it. The
compiled tree's pure-Python modules are brought up to date with the checkout by
:func:`use` (an engine changed since the compile stops it).
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
    if compiled and COMPILED_TREE.exists():
        _fresh()
    sys.path.insert(0, str(COMPILED_TREE if compiled else ROOT))
    return compiled


def check(compiled: bool) -> None:
    """Stop with a message when the engine imported is not the one asked for."""
    from krestonostsy import engine

    if compiled != engine.COMPILED:
        raise SystemExit("build/compiled holds no compiled engine: run "
                         "python packaging/compile_engine.py first" if compiled else
                         f"the engine imported from {engine.__file__} is compiled")


def _fresh() -> None:
    """The compiled tree is a copy of the package made when the engine was compiled: a
    benchmark must not measure yesterday's bots with it. An engine module changed since
    stops the run (compile again); any other module — the bots, the tools, pure Python
    in the copy as in the checkout — is copied from the checkout, and said."""
    source, copy = ROOT / "krestonostsy", COMPILED_TREE / "krestonostsy"
    stale_engine, refreshed = [], []
    for path in sorted(source.rglob("*.py")):
        rel = path.relative_to(source)
        target = copy / rel
        if target.exists() and target.read_bytes() == path.read_bytes():
            continue
        if rel.parts[0] == "engine":
            stale_engine.append(str(rel))
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(path.read_bytes())
            refreshed.append(str(rel))
    if stale_engine:
        raise SystemExit(f"build/compiled is older than the engine ({', '.join(stale_engine)}"
                         "): run python packaging/compile_engine.py again")
    if refreshed:
        print(f"build/compiled: copied from the checkout: {', '.join(refreshed)}",
              file=sys.stderr)

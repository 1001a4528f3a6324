"""The engine's modules form no import circle (issue 7 §4): each imports alone in a fresh
interpreter, and no module imports, at load time or inside a function, one that imports
it back (directly or through others). An import under ``if TYPE_CHECKING:`` never runs
(it gives mypy, and so mypyc, the ``Game`` type): it is not counted."""
import ast
import pathlib
import subprocess
import sys

import krestonostsy.engine as engine

ROOT = pathlib.Path(engine.__file__).parent
PACKAGE = "krestonostsy.engine"


def _modules() -> dict[str, pathlib.Path]:
    out = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join((PACKAGE, *parts))] = path
    return out


def _imports(name: str, path: pathlib.Path, known: set) -> set:
    """The engine modules ``name`` imports anywhere in its source."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    type_only = {id(n) for block in ast.walk(tree)
                 if isinstance(block, ast.If) and isinstance(block.test, ast.Name)
                 and block.test.id == "TYPE_CHECKING"
                 for stmt in block.body for n in ast.walk(stmt)}
    for node in ast.walk(tree):
        if id(node) in type_only:
            continue
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            candidates = [target] + [f"{target}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            candidates = [a.name for a in node.names]
        else:
            continue
        found.update(c for c in candidates if c in known and c != name)
    return found


def test_no_import_circle_inside_the_engine():
    mods = _modules()
    graph = {m: _imports(m, p, set(mods)) - {PACKAGE} for m, p in mods.items()}
    # the package itself (engine/__init__.py) only re-exports the public API
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(m):
        state[m] = 1
        path.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                cycle = path[path.index(n):] + [n]
                raise AssertionError("import circle: " + " -> ".join(cycle))
            if n not in state:
                visit(n)
        path.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m)


def test_each_engine_module_imports_alone_in_a_fresh_interpreter():
    names = sorted(_modules())
    for name in names:
        run = subprocess.run([sys.executable, "-c", f"import {name}"],
                             capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, f"{name}: {run.stderr.strip().splitlines()[-1:]}"

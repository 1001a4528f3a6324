"""Architecture rules that must never break."""
import ast
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_engine_never_imports_qt():
    """DESIGN: the engine is pure Python; no file under krestonostsy/engine imports Qt."""
    for path in (ROOT / "krestonostsy" / "engine").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            for name in names:
                assert not name.startswith(("PySide", "PyQt", "shiboken")), f"{path} imports {name}"
    code = ("import sys; import krestonostsy.engine as e; e.Game.new(['jerusalem','tripoli'],1);"
            "print(any(m.startswith(('PySide6','shiboken6')) for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True)
    assert out.stdout.strip() == "False"


def test_the_ui_and_the_tools_take_content_from_the_game():
    """Issue 7 §3: content comes from the game's ruleset (``g.c``, or the chosen scenario's
    ruleset before a game exists), never from the process-wide shipped copy."""
    allowed = {ROOT / "krestonostsy" / "content" / "loader.py",
               ROOT / "krestonostsy" / "engine" / "modules.py"}
    for path in (ROOT / "krestonostsy").rglob("*.py"):
        if path not in allowed:
            assert "shipped_content" not in path.read_text(encoding="utf-8"), path


# --- the imports: one way up, no circle, the engine's one face ------------------------------

PACKAGE = ROOT / "krestonostsy"

FLOORS = (
    ("resources", "files", "startup_trace"),
    ("i18n",),
    ("content",),
    ("engine",),
    ("ai",),
    ("campaign", "lesson"),
    ("ui", "tools"),
    ("cli",),
)
"""The package's floors, from the ground up (README, "Layout"): a part imports only parts
of floors below its own, and its own part."""

ABOVE_THE_GAME = {"krestonostsy.engine", "krestonostsy.engine.preview"}
"""The engine's modules that use :class:`Game` itself: the package's face, and the preview
(it plays an action on a clone). Every other engine module sees a game as a ``Table``."""


def _name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_name(p): p for p in PACKAGE.rglob("*.py")}


def _imports(node: ast.AST, path: pathlib.Path) -> list[tuple[str, int]]:
    """Every module of the package that ``node`` (a file's tree, or one statement of the
    file ``path``) imports, with the line: at the top, in a function or under
    ``TYPE_CHECKING`` alike (a type is a dependency too). ``from P import x`` is an import
    of ``P.x`` when that is a module, else of ``P``."""
    here = _name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found = []
    for n in ast.walk(node):
        if isinstance(n, ast.Import):
            found += [(a.name, n.lineno) for a in n.names]
        elif isinstance(n, ast.ImportFrom):
            base = n.module or ""
            if n.level:
                up = package.split(".")[:len(package.split(".")) - n.level + 1]
                base = ".".join(up + ([base] if base else []))
            for a in n.names:
                sub = f"{base}.{a.name}"
                found.append((sub if sub in MODULES else base, n.lineno))
    return [(m, line) for m, line in found if m in MODULES]


def _tree(path: pathlib.Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


IMPORTS = {name: _imports(_tree(path), path) for name, path in MODULES.items()}


def _part(module: str) -> str:
    return module.split(".")[1] if module.count(".") else ""


def _floor(module: str) -> int | None:
    part = _part(module)
    return next((i for i, parts in enumerate(FLOORS) if part in parts), None)


def test_no_import_circle_in_the_package():
    """Issue 29 §4: no two modules of the package import each other, by any path and in
    any form (a type-only import included)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles = []

    def visit(m: str) -> None:  # Tarjan's strongly connected components
        index[m] = low[m] = len(index)
        stack.append(m)
        for n, _line in IMPORTS[m]:
            if n not in index:
                visit(n)
                low[m] = min(low[m], low[n])
            elif n in stack:
                low[m] = min(low[m], index[n])
        if low[m] == index[m]:
            ring = []
            while True:
                n = stack.pop()
                ring.append(n)
                if n == m:
                    break
            if len(ring) > 1:
                circles.append(sorted(ring))

    for m in sorted(MODULES):
        if m not in index:
            visit(m)
    assert not circles, f"import circles: {circles}"


def test_imports_run_down_the_floors():
    """A part imports only from the floors below it (content never imports the engine,
    the engine never the bots…) and from itself."""
    wrong = []
    for m, imports in IMPORTS.items():
        mine = _floor(m)
        for n, line in imports:
            theirs = _floor(n)
            if mine is None or theirs is None:
                continue
            if theirs > mine or (theirs == mine and _part(n) != _part(m)):
                wrong.append(f"{MODULES[m].relative_to(ROOT)}:{line} imports {n}")
    assert not wrong, "\n".join(wrong)


def test_every_part_has_a_floor():
    """A new part of the package is given its floor in FLOORS (so the test above sees it)."""
    parts = {_part(m) for m in MODULES} - {""}
    assert parts <= {p for floor in FLOORS for p in floor}, parts


def test_no_rule_module_imports_the_game():
    """Issue 29 §4: the rules see a game as the ``Table`` (engine/table.py); only the
    engine's face and the preview import game.py, so the engine has no circle."""
    for m, imports in IMPORTS.items():
        if m.startswith("krestonostsy.engine") and m not in ABOVE_THE_GAME:
            assert "krestonostsy.engine.game" not in {n for n, _ in imports}, m


def _public_engine_names() -> set[str]:
    for node in _tree(PACKAGE / "engine" / "__init__.py").body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            return set(ast.literal_eval(node.value))
    raise AssertionError("krestonostsy/engine/__init__.py has no __all__")


def test_the_engine_s_face_names_what_it_hands_out():
    """Every public name of ``krestonostsy.engine`` is found where its face says, and none
    is the name of a module inside (once loaded, that module would answer for it)."""
    import krestonostsy.engine as engine

    for name in _public_engine_names():
        assert f"krestonostsy.engine.{name}" not in MODULES, name
        assert not isinstance(getattr(engine, name), type(engine)), name


def test_outside_the_engine_only_its_public_names_are_used():
    """Issue 29 §4: the UI, the bots, the campaign and the tools import the engine only
    through its face, ``krestonostsy.engine`` (its ``__all__``), never a module inside."""
    public = _public_engine_names()
    wrong = []
    for m, path in MODULES.items():
        if m.startswith("krestonostsy.engine"):
            continue
        for node in ast.walk(_tree(path)):
            if not isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            for n, line in _imports(node, path):
                if n.startswith("krestonostsy.engine.") or (
                        n == "krestonostsy.engine" and not public >= _names(node)):
                    wrong.append(f"{path.relative_to(ROOT)}:{line} imports {n} "
                                 f"{sorted(_names(node) - public)}")
    assert not wrong, "\n".join(wrong)


def _names(node: ast.AST) -> set[str]:
    return {a.name for a in node.names} if isinstance(node, ast.ImportFrom) else set()


def test_no_module_outside_the_engine_reads_a_game_s_state():
    """Issue 29 §4: a game's state ``g.s`` is the engine's own; the UI, the bots, the
    campaign and the tools read a game through its API (``round``, ``player(state)``,
    ``view(state)``…)."""
    wrong = []
    for m, path in MODULES.items():
        if m.startswith("krestonostsy.engine"):
            continue
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.Attribute) and node.attr == "s":
                wrong.append(f"{path.relative_to(ROOT)}:{node.lineno} reads .s")
    assert not wrong, "\n".join(wrong)

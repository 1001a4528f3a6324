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

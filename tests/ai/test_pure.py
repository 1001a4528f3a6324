"""The bots are pure Python: nothing under krestonostsy/ai imports Qt, even at run time."""
import ast
import os
import pathlib
import subprocess
import sys

import krestonostsy.ai


def test_bots_never_import_qt():
    for path in pathlib.Path(krestonostsy.ai.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                assert not name.startswith(("PySide", "PyQt", "shiboken")), f"{path}: {name}"
    code = ("import sys; from krestonostsy.ai import make_bot, decide;"
            "from krestonostsy.engine import Game; g = Game.new(['jerusalem','tripoli'], 1);"
            "decide(make_bot('hard', iterations=2, seconds=None), g, 1);"
            "print(any(m.startswith(('PySide6','shiboken6')) for m in sys.modules))")
    # -P keeps the working folder off sys.path; PYTHONPATH points at the package under test,
    # so the check runs the same code whether or not it is installed in this interpreter.
    root = pathlib.Path(krestonostsy.ai.__file__).parents[2]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        filter(None, [str(root), os.environ.get("PYTHONPATH")]))}
    out = subprocess.run([sys.executable, "-P", "-c", code], capture_output=True, text=True,
                         check=True, env=env)
    assert out.stdout.strip() == "False"

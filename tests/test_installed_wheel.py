"""The content and catalogs ship inside the wheel and are found from a non-editable
install, without the source tree (issue 2 §1)."""
import os
import pathlib
import shutil
import subprocess
import sys
import textwrap

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]


@pytest.mark.skipif(os.environ.get("KRESTONOSTSY_SKIP_WHEEL") == "1", reason="disabled")
def _source_copy(tmp_path: pathlib.Path) -> pathlib.Path:
    """The project's sources copied to tmp_path: building a wheel writes build/ and
    *.egg-info next to the sources, and tests never write into the checkout."""
    src = tmp_path / "src"
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(
        ".git", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache", ".ruff_cache",
        ".mypy_cache", ".hypothesis", ".venv", "venv"))
    return src


def test_wheel_carries_data_and_translations(tmp_path):
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels),
                    str(_source_copy(tmp_path))], check=True, cwd=tmp_path)
    wheel = next(wheels.glob("krestonostsy-*.whl"))
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target",
                    str(target), str(wheel)], check=True, cwd=tmp_path)
    code = textwrap.dedent("""
        import random, krestonostsy, pathlib
        from krestonostsy.resources import data_dir, translations_dir
        from krestonostsy.content import load_content
        from krestonostsy.engine import Game
        here = pathlib.Path(krestonostsy.__file__).parent
        assert "site" in str(here), here
        assert data_dir() == here / "data", data_dir()
        assert translations_dir() == here / "translations"
        assert list(translations_dir().rglob("*.po"))
        content = load_content()
        g = Game.new(["jerusalem", "tripoli"], seed=3)
        rnd = random.Random(3)
        for _ in range(200):
            if g.is_over:
                break
            acts = g.legal_actions()
            g.apply(acts[rnd.randrange(len(acts))])
        print("ok", len(content.board.cities))
    """)
    env = dict(os.environ, PYTHONPATH=str(target))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=tmp_path, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok 13"

"""The package type-checks (issue 7 §6, issue 29 §5): ``mypy`` with the settings of
pyproject.toml's ``[tool.mypy]`` over the engine, the content, the bots, the campaign, the
tools and the command (the engine's public API is fully annotated there)."""
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_mypy_finds_no_errors(tmp_path):
    run = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path)],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, f"mypy reports:\n{run.stdout}{run.stderr}"

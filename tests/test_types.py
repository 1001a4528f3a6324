"""The engine and the content layer type-check (issue 7 §6): ``mypy`` with the settings
of pyproject.toml's ``[tool.mypy]`` (the engine's public API is fully annotated there)."""
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_mypy_finds_no_errors_in_the_engine_and_the_content(tmp_path):
    run = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path)],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, f"mypy reports:\n{run.stdout}{run.stderr}"

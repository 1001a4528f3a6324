"""Start-up (issue 27 §5): what the first screen and ``--version`` load, and the start-up
trace the benchmark reads (``benchmarks/startup_bench.py``). Times are measured there and
never asserted here: these tests check what is imported and what is written."""
from __future__ import annotations

import os
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import krestonostsy
from krestonostsy import engine, startup_trace
from krestonostsy.cli import engine_compiled

# The folder holding the package these tests import (the checkout, the installed
# site-packages, or CI's build/compiled): the child interpreters import the same one
ROOT = Path(krestonostsy.__file__).resolve().parents[1]

# Modules the start screen must not wait for: the rules engine's game and the content's
# loader (with the YAML reader), the bots, the campaign, the table, the rules reference.
NOT_BEFORE_FIRST_PAINT = ("krestonostsy.engine.game", "krestonostsy.content.loader", "yaml",
                          "krestonostsy.ai", "krestonostsy.campaign",
                          "krestonostsy.ui.campaign", "krestonostsy.ui.table.view",
                          "krestonostsy.ui.rules_window", "krestonostsy.ui.new_game_dialog")


def _python(code: str, tmp_path: Path, **env: str) -> subprocess.CompletedProcess:
    """Run ``code`` in a new interpreter on the package under test, with a home of its
    own."""
    environ = {**os.environ, "PYTHONPATH": str(ROOT), "HOME": str(tmp_path),
               "XDG_CONFIG_HOME": str(tmp_path / "config"),
               "XDG_DATA_HOME": str(tmp_path / "data"), **env}
    environ.pop(startup_trace.ENV, None)
    environ.update(env)
    return subprocess.run([sys.executable, "-c", code], env=environ, cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)


def _loaded(stdout: str) -> set[str]:
    line = next(x for x in stdout.splitlines() if x.startswith("LOADED "))
    return set(line.split()[1:])


def _among(loaded: set[str], prefixes) -> list[str]:
    return sorted(m for m in loaded if any(m == p or m.startswith(p + ".") for p in prefixes))


def test_version_imports_neither_qt_nor_the_engine(tmp_path):
    run = _python("import sys\nfrom krestonostsy.cli import main\nmain(['--version'])\n"
                  "print('LOADED', *sys.modules)", tmp_path)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith("krestonostsy ")
    assert lines[1] == f"rules engine: {'compiled' if engine.COMPILED else 'python'}"
    heavy = _among(_loaded(run.stdout), ("PySide6", "shiboken6", "krestonostsy.engine",
                                         "krestonostsy.content", "multiprocessing", "yaml"))
    assert heavy == []


def test_help_lists_the_subcommands_without_loading_them(tmp_path):
    """``krestonostsy --help`` names every subcommand (issue 29 §6) from the command's own
    table: no tool module is imported for it, nor the engine, the bots or Qt."""
    run = _python("import sys\nfrom krestonostsy.cli import main\nmain(['--help'])\n"
                  "print('LOADED', *sys.modules)", tmp_path)
    assert run.returncode == 0, run.stderr
    assert "tournament" in run.stdout
    heavy = _among(_loaded(run.stdout), ("PySide6", "krestonostsy.engine", "krestonostsy.ai",
                                         "krestonostsy.content", "krestonostsy.campaign",
                                         "krestonostsy.tools.tournament", "yaml"))
    assert heavy == []


def test_engine_compiled_is_told_by_the_game_module_file(tmp_path):
    folder = tmp_path / "engine"
    folder.mkdir()
    (folder / "game.py").write_text("", encoding="utf-8")
    assert not engine_compiled([str(folder)])
    (folder / f"game{EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    assert engine_compiled([str(folder)])
    assert engine_compiled() == engine.COMPILED  # this checkout's engine, found the same way


def test_the_engine_package_gives_its_names_on_demand():
    from krestonostsy.engine.actions import Action
    from krestonostsy.engine.game import Game
    assert engine.Action is Action and engine.Game is Game
    assert isinstance(engine.COMPILED, bool)
    with pytest.raises(AttributeError, match="no attribute 'Nothing'"):
        _ = engine.Nothing


def test_first_paint_comes_before_the_engine_bots_and_table_are_loaded(tmp_path):
    """The window's start, traced as the benchmark traces it: every milestone in order,
    the window closing itself after its first paint, and by then none of the modules
    the start screen does not need loaded."""
    code = ("import sys\n"
            "from krestonostsy import startup_trace\n"
            "from krestonostsy.ui import app\n"
            "mark = startup_trace.mark\n"
            "def watch(milestone):\n"
            "    mark(milestone)\n"
            "    if milestone == 'paint':\n"
            "        print('LOADED', *sys.modules, flush=True)\n"
            "startup_trace.mark = watch\n"
            "sys.exit(app.main([]))\n")
    run = _python(code, tmp_path, QT_QPA_PLATFORM="offscreen", **{startup_trace.ENV: "exit"})
    assert run.returncode == 0, run.stderr
    marks, _spans = startup_trace.parse(run.stderr)
    assert list(marks) == ["imports", "app", "fonts", "window", "paint"]
    assert sorted(marks.values()) == list(marks.values())
    assert _among(_loaded(run.stdout), NOT_BEFORE_FIRST_PAINT) == []


def test_the_trace_is_silent_unless_asked(capsys, monkeypatch):
    monkeypatch.delenv(startup_trace.ENV, raising=False)
    startup_trace.mark("main")
    with startup_trace.span("content"):
        pass
    assert capsys.readouterr().err == ""
    monkeypatch.setenv(startup_trace.ENV, "1")
    startup_trace.mark("main")
    with startup_trace.span("content"):
        pass
    marks, spans = startup_trace.parse(capsys.readouterr().err)
    assert list(marks) == ["main"] and list(spans) == ["content"]
    assert not startup_trace.exit_after_paint()


def test_parse_reads_milestones_and_sums_spans():
    text = ("Qt: some warning\n"
            "krestonostsy-startup main 10.5\n"
            "krestonostsy-startup span:content 0.25\n"
            "krestonostsy-startup main 99\n"  # a milestone counts once: its first time
            "krestonostsy-startup span:content 0.5\n"
            "krestonostsy-startup paint not-a-number\n"
            "krestonostsy-startup window\n")
    assert startup_trace.parse(text) == ({"main": 10.5}, {"content": 0.75})

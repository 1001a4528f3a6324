"""A player's first start on Linux (issue 12): no display, or missing libraries, is said in one
sentence instead of Qt's abort."""
from __future__ import annotations

from krestonostsy.cli import main as cli
from krestonostsy.ui import preflight


def test_no_display_is_said_in_one_sentence(monkeypatch, capsys):
    monkeypatch.setattr(preflight.sys, "platform", "linux")
    for name in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(name, raising=False)
    assert cli([]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "no display" in err and "xcb" not in err


def test_a_display_that_refuses_is_named(monkeypatch):
    monkeypatch.setattr(preflight.sys, "platform", "linux")
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setenv("DISPLAY", ":97")
    monkeypatch.setattr(preflight, "missing_linux_packages", lambda: [])
    monkeypatch.setattr(preflight, "_display_refuses", lambda name: name == ":97")
    problem = preflight.display_problem()
    assert problem is not None and "':97'" in problem and len(problem.splitlines()) == 1


def test_offscreen_and_other_systems_need_no_display(monkeypatch):
    monkeypatch.setattr(preflight.sys, "platform", "linux")
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert preflight.display_problem() is None
    monkeypatch.setattr(preflight.sys, "platform", "win32")
    monkeypatch.delenv("QT_QPA_PLATFORM")
    assert preflight.display_problem() is None


def test_version_is_printed(capsys):
    from krestonostsy import __version__, engine

    assert cli(["--version"]) == 0
    # a checkout runs the engine's Python source; the frozen build (and the CI run of the
    # tests against build/compiled) says "compiled"
    assert capsys.readouterr().out.strip().splitlines() == [
        f"krestonostsy {__version__}",
        f"rules engine: {'compiled' if engine.COMPILED else 'python'}"]


def test_the_readme_names_the_packages_the_first_start_asks_for():
    """The developers' set-up in the README and the first start's message (preflight) name
    the same system packages for a minimal Debian/Ubuntu."""
    import re
    from pathlib import Path

    from krestonostsy.ui import preflight

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    command = re.search(r"```\nsudo apt install (.*?)\n```", readme, re.S).group(1)
    assert sorted(command.replace("\\", " ").split()) == sorted(preflight.XCB_LIBRARIES.values())

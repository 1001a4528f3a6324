"""The release workflow's own steps (packaging/release.py) and the macOS disk image's retry
(packaging/build.py): what decides whether a release is published, with which notes and
checksums."""
from __future__ import annotations

import hashlib
import importlib.util
import shutil
import subprocess
from pathlib import Path

import pytest

import krestonostsy

ROOT = Path(__file__).resolve().parents[2]


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"packaging_{name}",
                                                  ROOT / "packaging" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def release():
    return _load("release")


CHANGELOG = """# Changelog

Intro text.

## [Unreleased]

- work in progress

## [0.2.0] - 2027-01-05

### Fixed

- a crash

## [0.1.0] - 2026-11-28

### Added

- the game

[Unreleased]: https://example.org/compare/v0.2.0...HEAD
[0.2.0]: https://example.org/compare/v0.1.0...v0.2.0
"""


# --- the tag ----------------------------------------------------------------------------------

def test_the_package_version_is_read_from_the_source_as_python_sees_it(release):
    assert release.package_version() == krestonostsy.__version__


def test_a_version_that_pyproject_does_not_share_stops_the_release(release, tmp_path):
    (tmp_path / "krestonostsy").mkdir()
    (tmp_path / "krestonostsy" / "__init__.py").write_text('__version__ = "0.2.0"\n')
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "krestonostsy"\nversion = "0.1.0"\n')
    with pytest.raises(release.ReleaseError, match="pyproject.toml gives version '0.1.0'"):
        release.package_version(tmp_path)
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "krestonostsy"\nversion = "0.2.0"\n')
    assert release.package_version(tmp_path) == "0.2.0"


def test_a_tag_naming_the_version_passes(release):
    release.check_tag("v0.1.0", "0.1.0")


@pytest.mark.parametrize("tag", ["0.1.0", "v0.1.1", "v0.1.0-rc1", "v0.1", "V0.1.0", ""])
def test_a_tag_naming_another_version_stops_the_release(release, tag):
    with pytest.raises(release.ReleaseError) as error:
        release.check_tag(tag, "0.1.0")
    assert repr(tag) in str(error.value) and "'v0.1.0'" in str(error.value)


def test_check_tag_on_the_command_line_answers_by_its_exit_code(release, capsys):
    assert release.main(["check-tag", f"v{krestonostsy.__version__}"]) == 0
    assert release.main(["check-tag", "v999.0.0"]) == 1
    assert "does not name this checkout's version" in capsys.readouterr().err


# --- the notes --------------------------------------------------------------------------------

def test_the_notes_are_the_versions_section_without_its_heading(release):
    assert release.changelog_section(CHANGELOG, "0.2.0") == "### Fixed\n\n- a crash\n"


def test_the_last_section_stops_before_the_link_definitions(release):
    assert release.changelog_section(CHANGELOG, "0.1.0") == "### Added\n\n- the game\n"


def test_a_version_is_not_matched_by_its_prefix(release):
    text = "## [0.1.0-rc1] - 2026-11-01\n\n- candidate\n"
    with pytest.raises(release.ReleaseError, match="no section for 0.1.0"):
        release.changelog_section(text, "0.1.0")


def test_a_missing_or_empty_section_stops_the_release(release):
    with pytest.raises(release.ReleaseError, match=r"## \[0.3.0\] - YYYY-MM-DD"):
        release.changelog_section(CHANGELOG, "0.3.0")
    with pytest.raises(release.ReleaseError, match="section for 0.4.0 is empty"):
        release.changelog_section("## [0.4.0] - 2027-02-01\n\n## [0.3.0]\n- x\n", "0.4.0")


def test_the_changelog_has_notes_for_this_version(release, capsys):
    """A version bump without its CHANGELOG.md section fails here, not at release time."""
    assert release.main(["notes"]) == 0
    notes = capsys.readouterr().out
    assert notes.strip() and not notes.startswith("## ")


# --- SHA256SUMS -------------------------------------------------------------------------------

@pytest.fixture
def artefacts(tmp_path):
    folder = tmp_path / "release"
    folder.mkdir()
    (folder / "krestonostsy_0.1.0_amd64.deb").write_bytes(b"deb" * 1000)
    (folder / "krestonostsy-0.1.0-windows-x64-setup.exe").write_bytes(bytes(range(256)) * 9000)
    (folder / "sub").mkdir()
    (folder / "sub" / "ignored.txt").write_text("not an artefact")
    return folder


def test_sums_list_every_artefact_sorted_in_sha256sums_format(release, artefacts):
    assert release.main(["sums", str(artefacts)]) == 0
    lines = (artefacts / "SHA256SUMS").read_text(encoding="utf-8").splitlines()
    names = sorted(p.name for p in artefacts.iterdir() if p.is_file() and p.name != "SHA256SUMS")
    assert [line.split("  ", 1)[1] for line in lines] == names
    for line in lines:
        digest, name = line.split("  ", 1)
        assert digest == hashlib.sha256((artefacts / name).read_bytes()).hexdigest()


def test_sums_are_written_again_without_listing_themselves(release, artefacts):
    release.main(["sums", str(artefacts)])
    first = (artefacts / "SHA256SUMS").read_bytes()
    release.main(["sums", str(artefacts)])
    assert (artefacts / "SHA256SUMS").read_bytes() == first
    assert b"SHA256SUMS" not in first


@pytest.mark.parametrize("command", [["sha256sum", "--check", "--ignore-missing", "-"],
                                     ["shasum", "-a", "256", "-c"]],
                         ids=["linux-sha256sum", "macos-shasum"])
def test_the_readmes_check_commands_accept_the_file(release, artefacts, command):
    """What docs/playing.md tells players to run (Linux; macOS reads the lines piped by grep)."""
    if shutil.which(command[0]) is None:
        pytest.skip(f"{command[0]} is not installed")
    release.main(["sums", str(artefacts)])
    sums = (artefacts / "SHA256SUMS").read_text(encoding="utf-8")
    out = subprocess.run(command, cwd=artefacts, input=sums, capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.count(": OK") == 2, out.stdout + out.stderr
    (artefacts / "krestonostsy_0.1.0_amd64.deb").write_bytes(b"tampered")
    out = subprocess.run(command, cwd=artefacts, input=sums, capture_output=True, text=True)
    assert out.returncode != 0 and "FAILED" in out.stdout


def test_sums_of_an_empty_folder_stop_the_release(release, tmp_path, capsys):
    assert release.main(["sums", str(tmp_path)]) == 1
    assert "no files to sum" in capsys.readouterr().err


# --- hdiutil's retry (packaging/build.py) ------------------------------------------------------

@pytest.fixture
def build(monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "packaging"))
    module = _load("build")
    waits: list[float] = []
    monkeypatch.setattr(module.time, "sleep", waits.append)
    module.waits = waits
    return module


def _runs(results: list[int]):
    calls = []

    def run(cmd, *args, **kwargs):
        calls.append(cmd)
        return subprocess.CompletedProcess(cmd, results[len(calls) - 1])
    return run, calls


def test_hdiutil_is_tried_again_after_a_failure(build, monkeypatch):
    run, calls = _runs([1, 1, 0])
    monkeypatch.setattr(build.subprocess, "run", run)
    build.run_with_retries(["hdiutil", "create", "x.dmg"], tries=4, pause=10)
    assert len(calls) == 3 and build.waits == [10, 20]


def test_hdiutil_failing_every_time_stops_the_build_with_the_command(build, monkeypatch):
    run, calls = _runs([1, 1, 1])
    monkeypatch.setattr(build.subprocess, "run", run)
    with pytest.raises(SystemExit, match="hdiutil create x.dmg failed 3 times"):
        build.run_with_retries(["hdiutil", "create", "x.dmg"], tries=3, pause=1)
    assert len(calls) == 3 and build.waits == [1, 2]


def test_the_disk_image_is_made_through_the_retry(build):
    """package_macos calls hdiutil only through run_with_retries."""
    source = (ROOT / "packaging" / "build.py").read_text(encoding="utf-8")
    body = source[source.index("def package_macos"):]
    body = body[:body.index("\ndef ", 1)]
    assert 'run_with_retries(["hdiutil", "create"' in body
    assert "subprocess.run([\"hdiutil\"" not in body

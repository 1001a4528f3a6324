"""The release workflow (.github/workflows/release.yml) as GitHub will read it: actionlint's
verdict (runner labels, expressions, the shell scripts through shellcheck when it is
installed), and what a release pipeline must keep — least privilege, time limits, a failed
build that hides nothing, the hash-locked build requirements, and the same build as
.ci/run's."""
from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
LOCK = ROOT / "packaging" / "requirements-freeze.txt"
# The systems the lock must serve: the build matrix's runners.
PLATFORMS = {"linux": "Linux", "win32": "Windows", "darwin": "Darwin"}


@pytest.fixture(scope="module")
def workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def _steps_running(job: dict, needle: str) -> list[str]:
    return [step["run"] for step in job["steps"] if needle in step.get("run", "")]


# --- actionlint ---------------------------------------------------------------------------------

def _actionlint() -> str | None:
    """The actionlint of the test extras (a binary in this Python's scripts folder)."""
    beside = Path(sys.executable).parent / ("actionlint.exe" if os.name == "nt" else "actionlint")
    return str(beside) if beside.is_file() else shutil.which("actionlint")


# Each action is pinned to a commit, its release named beside it: `owner/name@<sha>  # vX.Y.Z`.
PINNED = re.compile(r"@([0-9a-f]{40})  # (v\d+)(?:\.\d+)*$", re.M)


def test_actionlint_finds_nothing_in_the_release_workflow(tmp_path):
    """Twice: as written, and with each pinned commit replaced by its release's major tag,
    under which actionlint knows the action's inputs and runtime (for a bare commit it
    checks neither)."""
    binary = _actionlint()
    if binary is None:
        if os.environ.get("CI"):
            pytest.fail('actionlint is missing: it comes with the test extras (pip install ".[test]")')
        pytest.skip('actionlint is not installed (pip install ".[test]")')
    by_tag = tmp_path / "release.yml"
    by_tag.write_text(PINNED.sub(r"@\2", WORKFLOW.read_text(encoding="utf-8")), encoding="utf-8")
    for path in (WORKFLOW, by_tag):
        out = subprocess.run([binary, "-no-color", "-oneline", str(path)], cwd=ROOT,
                             capture_output=True, text=True, timeout=120)
        assert out.returncode == 0 and not out.stdout.strip(), out.stdout + out.stderr


def test_every_action_is_pinned_to_a_commit(workflow):
    text = WORKFLOW.read_text(encoding="utf-8")
    uses = [line.split("uses:", 1)[1].strip() for line in text.splitlines() if "uses:" in line]
    assert uses and all(PINNED.search(ref) for ref in uses), uses


# --- permissions, limits, failures ----------------------------------------------------------------

def test_nothing_is_granted_by_default_and_only_publish_writes(workflow):
    assert workflow["permissions"] == {}
    for name, job in workflow["jobs"].items():
        granted = job.get("permissions", {})
        writes = {scope for scope, level in granted.items() if level == "write"}
        assert writes == ({"contents"} if name == "publish" else set()), name


def test_every_job_has_a_time_limit(workflow):
    for name, job in workflow["jobs"].items():
        assert isinstance(job.get("timeout-minutes"), int), f"{name} has no timeout-minutes"


def test_a_failed_build_neither_cancels_the_others_nor_stops_publishing(workflow):
    build, publish = workflow["jobs"]["build"], workflow["jobs"]["publish"]
    assert build["strategy"]["fail-fast"] is False
    assert "build" in publish["needs"] and "always()" in publish["if"]
    upload = next(s for s in build["steps"] if s.get("uses", "").startswith("actions/upload-artifact"))
    assert "${{ matrix.target }}" in upload["with"]["name"]


def test_publish_expects_exactly_the_builds_of_the_matrix(workflow):
    targets = [leg["target"] for leg in workflow["jobs"]["build"]["strategy"]["matrix"]["include"]]
    assert workflow["env"]["TARGETS"].split() == targets
    assert len(set(targets)) == len(targets)


def test_publish_attaches_sha256sums_and_the_changelog_notes(workflow):
    publish = workflow["jobs"]["publish"]
    assert _steps_running(publish, "packaging/release.py sums release")
    assert _steps_running(publish, "packaging/release.py notes > notes.md")
    assert all("--notes-file notes.md" in run for run in _steps_running(publish, "gh release"))


def test_the_tag_is_checked_against_the_version_before_anything_is_built(workflow):
    preflight = workflow["jobs"]["preflight"]
    assert _steps_running(preflight, 'packaging/release.py check-tag "$GITHUB_REF_NAME"')
    assert workflow["jobs"]["build"]["needs"] == "preflight"


# --- the locked build requirements ----------------------------------------------------------------

def _locked() -> dict[str, tuple[Version, Marker | None]]:
    """name → (pinned version, marker) of every requirement in the lock, each with hashes."""
    pins = {}
    for entry in re.split(r"\n(?=\S)", LOCK.read_text(encoding="utf-8")):
        if entry.startswith("#") or not entry.strip():
            continue
        line, *hashes = [part.strip() for part in entry.split("\\\n")]
        assert any(h.startswith("--hash=sha256:") for h in hashes), f"no hash for {line}"
        requirement = Requirement(line)
        (spec,) = requirement.specifier
        assert spec.operator == "==", f"{line} is not pinned"
        pins[requirement.name.lower().replace("_", "-")] = (Version(spec.version),
                                                            requirement.marker)
    return pins


def test_the_lock_pins_with_hashes_everything_the_release_build_needs():
    """pyproject's dependencies, its freeze extra and its build back-end, as resolved on
    Python 3.11 on each system the workflow builds on."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    wanted = [*project["project"]["dependencies"],
              *project["project"]["optional-dependencies"]["freeze"],
              *project["build-system"]["requires"]]
    pins = _locked()
    for platform, system in PLATFORMS.items():
        env = {"python_version": "3.11", "python_full_version": "3.11.9",
               "sys_platform": platform, "platform_system": system,
               "platform_python_implementation": "CPython", "extra": "freeze"}
        for text in wanted:
            requirement = Requirement(text)
            if requirement.marker and not requirement.marker.evaluate(env):
                continue
            name = requirement.name.lower().replace("_", "-")
            assert name in pins, f"{name} ({text}) is not in {LOCK.name}"
            version, marker = pins[name]
            assert marker is None or marker.evaluate(env), f"{name} is not locked for {platform}"
            assert requirement.specifier.contains(version, prereleases=True), (
                f"{LOCK.name} pins {name} {version}, pyproject.toml asks {text}: regenerate "
                "the lock (packaging/README.md)")


def test_the_release_builds_on_the_python_and_pyside6_the_tests_pass_on(workflow):
    setup = next(s for s in workflow["jobs"]["build"]["steps"]
                 if s.get("uses", "").startswith("actions/setup-python"))
    assert setup["with"]["python-version"] == "3.11"
    pyside, _marker = _locked()["pyside6-essentials"]
    assert pyside.release[:2] == (6, 10)
    if sys.version_info[:2] == (3, 11):
        import PySide6
        assert Version(PySide6.__version__).release[:2] == pyside.release[:2], (
            f"the tests run on PySide6 {PySide6.__version__}, the release locks {pyside}")


def test_the_build_installs_only_what_the_lock_hashes(workflow):
    (run,) = _steps_running(workflow["jobs"]["build"], "pip install")
    assert "pip install --require-hashes -r packaging/requirements-freeze.txt" in run
    assert "pip install --no-deps --no-build-isolation ." in run
    assert run.count("pip install") == 2


# --- the same build as .ci/run's ------------------------------------------------------------------

def test_the_release_builds_with_the_commands_ci_builds_with(workflow):
    """.ci/run proves the Linux half of the release on every change: both install the
    locked requirements the same way and run packaging/build.py with the same arguments."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    (install,) = _steps_running(workflow["jobs"]["build"], "pip install")
    for line in install.splitlines():
        command = line.strip().removeprefix("python -m ")
        assert re.search(rf"^python3 -m {re.escape(command).replace('install', 'install( -q)?')}$",
                         ci, re.M), f".ci/run does not run: {command}"
    # .ci/run's first build is the release's; a later one may rebuild to compare.
    ci_line = next(line for line in ci.splitlines()
                   if re.match(r"\s*python3? packaging/build\.py\b", line))
    (run,) = _steps_running(workflow["jobs"]["build"], "packaging/build.py")
    (linux,) = [leg for leg in workflow["jobs"]["build"]["strategy"]["matrix"]["include"]
                if leg["target"].startswith("linux")]
    release_args = shlex.split(run.replace("${{ matrix.build-args }}", linux.get("build-args", "")))
    # Only the oldest glibc the bundle is held to differs: the release's build machine is
    # Ubuntu 22.04 (the README's glibc 2.35); CI's bundles its own machine's libraries.
    assert _without_glibc_max(release_args[1:]) == _without_glibc_max(shlex.split(ci_line)[1:])
    if "--glibc-max" in ci_line:
        assert release_args[release_args.index("--glibc-max") + 1] == "2.35"


def _without_glibc_max(args: list[str]) -> list[str]:
    if "--glibc-max" not in args:
        return args
    at = args.index("--glibc-max")
    return args[:at] + args[at + 2:]

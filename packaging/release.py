"""The release workflow's own steps, kept here so that they are tested with the game.

    python packaging/release.py check-tag v0.1.0        # the tag names this checkout's version
    python packaging/release.py notes [0.1.0] > notes.md  # that version's CHANGELOG.md section
    python packaging/release.py sums artefacts/         # writes artefacts/SHA256SUMS

``check-tag`` stops a release whose tag, ``krestonostsy.__version__`` and pyproject.toml's
version disagree (the artefacts are named after the version, the wheel after pyproject's,
the release after the tag). ``notes`` prints the
section of ``CHANGELOG.md`` (Keep a Changelog: ``## [0.1.0] - 2026-11-28``) that the release
publishes as its notes, and fails when there is none, so a release is never published
without notes. ``sums`` writes ``SHA256SUMS`` in the format ``sha256sum --check`` and
``shasum -a 256 --check`` read. Standard library only: the publishing job runs it without
installing anything.
"""
from __future__ import annotations

import argparse
import hashlib
import re
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHANGELOG = ROOT / "CHANGELOG.md"
SUMS_NAME = "SHA256SUMS"


class ReleaseError(Exception):
    """A release step refused: the message says what is wrong and where."""


def package_version(root: Path = ROOT) -> str:
    """``__version__`` of the package in ``root``, read from its source (nothing is imported,
    so this runs before the game's dependencies are installed), after checking that
    ``pyproject.toml`` gives the wheel the same version."""
    init = root / "krestonostsy" / "__init__.py"
    found = re.search(r'^__version__ = "([^"]+)"$', init.read_text(encoding="utf-8"), re.M)
    if not found:
        raise ReleaseError(f"{init}: no line __version__ = \"...\"")
    version = found.group(1)
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    if project.get("version") != version:
        raise ReleaseError(f"pyproject.toml gives version {project.get('version')!r}, "
                           f"krestonostsy/__init__.py {version!r}: make them equal")
    return version


def check_tag(tag: str, version: str) -> None:
    """A release tag is ``v`` and the package version, exactly (``v0.1.0`` for 0.1.0)."""
    if tag != f"v{version}":
        raise ReleaseError(
            f"the tag {tag!r} does not name this checkout's version: krestonostsy.__version__ "
            f"is {version!r}, so the tag must be 'v{version}' (or change __version__ first)")


def changelog_section(text: str, version: str) -> str:
    """The body of the ``## [VERSION]`` section of a Keep-a-Changelog text, without its
    heading, up to the next ``## `` heading (link definitions at the end are not part of
    the last section)."""
    heading = re.compile(rf"^## \[{re.escape(version)}\](?:\s|$)")
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if heading.match(line)), None)
    if start is None:
        raise ReleaseError(f"CHANGELOG.md has no section for {version}: add a heading "
                           f"'## [{version}] - YYYY-MM-DD' with what the release changes")
    body = []
    for line in lines[start + 1:]:
        if line.startswith("## ") or re.match(r"^\[[^\]]+\]: \S", line):
            break
        body.append(line)
    notes = "\n".join(body).strip()
    if not notes:
        raise ReleaseError(f"CHANGELOG.md: the section for {version} is empty")
    return notes + "\n"


def sha256sums(folder: Path) -> str:
    """``SHA256SUMS`` for every file in ``folder`` (not in its sub-folders), sorted by name:
    one ``<hex digest>  <name>`` line each, as ``sha256sum`` writes in text mode."""
    lines = []
    for path in sorted(p for p in folder.iterdir() if p.is_file() and p.name != SUMS_NAME):
        digest = hashlib.sha256()
        with path.open("rb") as stream:
            for block in iter(lambda: stream.read(1 << 20), b""):
                digest.update(block)
        lines.append(f"{digest.hexdigest()}  {path.name}\n")
    if not lines:
        raise ReleaseError(f"{folder}: no files to sum (did every build fail?)")
    return "".join(lines)


# --- the command line: one function per step ------------------------------------------------

def _check_tag(args: argparse.Namespace) -> str:
    version = package_version()
    check_tag(args.tag, version)
    return f"the tag {args.tag} names version {version}\n"


def _notes(args: argparse.Namespace) -> str:
    version = args.version or package_version()
    return changelog_section(Path(args.changelog).read_text(encoding="utf-8"), version)


def _sums(args: argparse.Namespace) -> str:
    folder = Path(args.folder)
    text = sha256sums(folder)
    (folder / SUMS_NAME).write_text(text, encoding="utf-8", newline="\n")
    return text


STEPS: dict[str, Callable[[argparse.Namespace], str]] = {
    "check-tag": _check_tag, "notes": _notes, "sums": _sums}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python packaging/release.py",
                                 description=__doc__.split("\n")[0])
    steps = ap.add_subparsers(dest="step", required=True)
    steps.add_parser("check-tag", help="the tag equals 'v' + krestonostsy.__version__"
                     ).add_argument("tag")
    notes = steps.add_parser("notes", help="print the version's CHANGELOG.md section")
    notes.add_argument("version", nargs="?", help="default: krestonostsy.__version__")
    notes.add_argument("--changelog", default=str(CHANGELOG))
    steps.add_parser("sums", help="write FOLDER/SHA256SUMS").add_argument("folder")
    args = ap.parse_args(argv)
    try:
        sys.stdout.write(STEPS[args.step](args))
    except (ReleaseError, OSError) as error:
        print(f"release.py {args.step}: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

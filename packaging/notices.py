"""The third-party notice of a frozen build, derived from the files that are in the bundle.

The spec calls :func:`write` with PyInstaller's tables of contents (every Python module,
extension, shared library and data file it is about to put in the onedir). Each file is
traced back to where it came from, and that origin names its component and licence:

- the game itself (``krestonostsy/``, the compiled engine, the catalogs and icons staged by
  ``build.py``: MIT, ``LICENSE``; the board game's content in ``data/``: proprietary; the
  fonts in ``data/fonts/``: their OFL files beside them);
- an installed Python distribution (PySide6, shiboken6, PyYAML, PyInstaller's bootloader and
  run-time hooks …): its ``dist-info`` metadata and licence files; a wheel that carries no
  licence text (PySide6's) gets the text of the licence its metadata names from
  ``packaging/licenses/``; a library that a wheel carries but another project wrote (ICU in
  PySide6's Qt) is named by :data:`EMBEDDED`;
- the Python runtime (the standard library, ``libpython``, ``lib-dynload``): Python's
  ``LICENSE.txt``;
- on Debian and Ubuntu, a shared library of the build system: its package (``dpkg -S``) and
  that package's ``/usr/share/doc/<package>/copyright``.

A file with no licence found stops the build (:class:`NoLicenceFound`): nothing is shipped
without one. Written into the bundle: ``THIRD-PARTY-NOTICES.txt`` (read by people and the
About dialog) and ``bundle-licences.json`` (which file belongs to which component: ``build.py``
checks that every file of the onedir is in it and writes the ``.deb``'s DEP-5 copyright
file from it, :func:`dep5`).
"""
from __future__ import annotations

import fnmatch
import importlib.metadata as metadata
import json
import re
import subprocess
import sys
import sysconfig
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LICENCE_TEXTS = ROOT / "packaging" / "licenses"
NOTICE = "THIRD-PARTY-NOTICES.txt"
MANIFEST = "bundle-licences.json"

# The licence texts of licences whose holders' wheels carry none, by the SPDX id their
# metadata names. LGPL-3.0 is a set of permissions added to the GPL-3.0: both texts.
KNOWN_TEXTS = {
    "LGPL-3.0-only": ("LGPL-3.0-only.txt", "GPL-3.0-only.txt"),
}

# How to replace the Qt libraries (LGPL-3.0 section 4 d): said where Qt is listed.
QT_NOTE = """\
Qt 6 and Qt for Python (PySide6, shiboken6) are used under the GNU Lesser General Public
License version 3 (the texts follow). Qt's libraries are separate shared libraries in this
bundle, loaded when the program starts: on Linux the files PySide6/Qt/lib/libQt6*.so.6 in
the folder _internal/ (on Windows PySide6/Qt6*.dll, on macOS the Qt*.framework folders in
Krestonostsy.app/Contents/Frameworks/PySide6/Qt/lib). You may replace them with your own
build of the same Qt version, modified or not: build Qt {version} from its sources
(https://download.qt.io/official_releases/qt/, https://code.qt.io/) with the same modules and
copy your libraries over these files, keeping their names; the program then uses yours.
The sources of Qt for Python {version} are at
https://download.qt.io/official_releases/QtForPython/ and https://code.qt.io/pyside/pyside-setup.
Qt's libraries contain third-party code under further permissive licences, listed at
https://doc.qt.io/qt-6/licenses-used-in-qt.html."""


class NoLicenceFound(SystemExit):
    """Some bundled files came from somewhere whose licence could not be found."""


@dataclass(frozen=True)
class Component:
    """One thing bundled under one licence: a package, a library, a font, the game."""

    key: str          # unique, also the DEP-5 licence name: "pyside6-essentials", "deb-libxcb1"
    name: str         # as people know it
    version: str
    licence: str      # the licence's short name (SPDX where there is one)
    source: str       # where this build took it from
    texts: tuple[str, ...] = field(repr=False)  # the licence texts, in full
    note: str = ""    # said before the texts (how to replace Qt)


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace").strip()


def _known_texts(licence: str) -> tuple[str, ...]:
    files = KNOWN_TEXTS.get(licence, ())
    return tuple(_read(LICENCE_TEXTS / name) for name in files)


# --- the game itself ------------------------------------------------------------------------

def _font_component(path: Path) -> Component | None:
    """A font in data/fonts/: its OFL file is the LICENSE-*.txt whose name its file starts
    with (EBGaramond12-Regular.otf → LICENSE-EBGaramond.txt)."""
    for licence_file in sorted(path.parent.glob("LICENSE-*.txt")):
        family = licence_file.stem.removeprefix("LICENSE-")
        if path.name.startswith(family) or path == licence_file:
            return Component(key=f"font-{family.lower()}", name=f"{family} (font)", version="",
                             licence="OFL-1.1", source=f"data/fonts/ ({licence_file.name})",
                             texts=(_read(licence_file),))
    return None


def _project_component(path: Path, program_version: str) -> Component | None:
    """A file of this project (the checkout, or build.py's staged and compiled copies)."""
    if not path.is_relative_to(ROOT):
        return None
    parts = path.relative_to(ROOT).parts
    if parts[0] not in ("krestonostsy", "data", "packaging", "translations", "build", "LICENSE",
                        "krestonostsy.egg-info"):  # (pip install . leaves the metadata here)
        return None  # e.g. a virtual environment inside the checkout: not ours
    if parts[:2] == ("build", "venv"):  # .ci/run's build environment: not ours
        return None
    if parts[:2] == ("build", "compiled"):  # compile_engine.py's copy of the checkout
        parts = parts[2:]
    if parts[:2] == ("data", "fonts"):
        return _font_component(path)
    if parts[:1] == ("data",):
        return Component(key="krestonostsy-content", version="",
                         name="The game's content: rules, cards, map (data/)",
                         licence="proprietary", source="this project's data/",
                         texts=("All rights reserved by the board game's authors and publisher; "
                                "not covered by the program's MIT licence.",))
    return Component(key="krestonostsy", name="Krestonostsy (the program)",
                     version=program_version,
                     licence="MIT", source="this project", texts=(_read(ROOT / "LICENSE"),))


# --- Python distributions and the Python runtime ---------------------------------------------

@dataclass(frozen=True)
class Embedded:
    """A library that a wheel carries but another project wrote."""

    distribution: str  # the wheel's project name, normalised
    pattern: str       # fnmatch pattern on the file name
    name: str
    licence: str
    text_file: str


EMBEDDED = (
    Embedded("pyside6-essentials", "libicu*", "ICU (in PySide6's Qt)", "Unicode-DFS-2016",
             "ICU.txt"),
)


def _normalised(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


class Distributions:
    """The installed distributions of the Python that builds, by the files they installed."""

    def __init__(self) -> None:
        self.by_file: dict[Path, metadata.Distribution] = {}
        for dist in metadata.distributions():
            for entry in dist.files or ():
                self.by_file[Path(dist.locate_file(entry)).resolve()] = dist

    def component(self, path: Path) -> Component | None:
        dist = self.by_file.get(path)
        if dist is None:
            return None
        project = _normalised(dist.metadata["Name"])
        for embedded in EMBEDDED:
            if embedded.distribution == project and fnmatch.fnmatch(path.name, embedded.pattern):
                return Component(key=f"{project}-{embedded.text_file.lower().removesuffix('.txt')}",
                                 name=embedded.name, version="", licence=embedded.licence,
                                 source=f"the {dist.metadata['Name']} {dist.version} wheel",
                                 texts=(_read(LICENCE_TEXTS / embedded.text_file),))
        licence = self._licence(dist)
        texts = tuple(_read(Path(dist.locate_file(entry))) for entry in dist.files or ()
                      if _is_licence_file(entry)) or _known_texts(licence)
        if not texts:
            return None
        note = QT_NOTE.format(version=dist.version) if project in ("pyside6-essentials",
                                                                    "shiboken6") else ""
        return Component(key=project, name=dist.metadata["Name"], version=dist.version,
                         licence=licence, source=f"the {dist.metadata['Name']} wheel (PyPI)",
                         texts=texts, note=note)

    @staticmethod
    def _licence(dist: metadata.Distribution) -> str:
        """The SPDX expression of the metadata; of "A OR B OR …" the first, which is the
        one this program uses (PySide6: LGPL-3.0-only)."""
        meta = dist.metadata
        expression = meta.get("License-Expression") or meta.get("License") or ""
        if not expression or len(expression) > 80:
            classifiers = [c.rsplit("::", 1)[-1].strip() for c in meta.get_all("Classifier") or ()
                           if c.startswith("License ::")]
            expression = " AND ".join(classifiers) or "see the text"
        return expression.split(" OR ")[0].strip()


def _is_licence_file(entry: metadata.PackagePath) -> bool:
    parts = entry.parts
    in_dist_info = parts[0].endswith(".dist-info")
    name = parts[-1].upper()
    return in_dist_info and ("licenses" in parts or name.startswith(("LICEN", "COPYING", "NOTICE")))


def _python_component(path: Path) -> Component | None:
    prefix = Path(sys.base_prefix).resolve()
    if not path.is_relative_to(prefix):
        return None
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    licence = next((p for p in (stdlib / "LICENSE.txt", prefix / "LICENSE.txt") if p.is_file()),
                   None)
    if licence is None:
        return None
    version = ".".join(map(str, sys.version_info[:3]))
    return Component(key="python", name="Python", version=version, licence="PSF-2.0",
                     source=f"the Python {version} that built this", texts=(_read(licence),))


# --- Debian and Ubuntu packages ---------------------------------------------------------------

def _dpkg_owners(paths: list[Path]) -> dict[Path, str]:
    """The package owning each of ``paths`` (as installed, or its /usr-merged twin: dpkg
    knows /lib/x86_64-linux-gnu/libz.so.1, the loader finds /usr/lib/…), e.g. "libxcb1",
    asked of dpkg at once."""
    twins: dict[str, Path] = {}
    for path in paths:
        text = str(path)
        twins[text] = path
        twins[text.removeprefix("/usr") if text.startswith("/usr/lib") else "/usr" + text] = path
    try:
        out = subprocess.run(["dpkg", "-S", *twins], capture_output=True, text=True).stdout
    except FileNotFoundError:  # no dpkg: not a Debian system
        return {}
    owners: dict[Path, str] = {}
    for line in out.splitlines():
        packages, _, owned = line.partition(": ")
        if owned in twins and "," not in packages and not line.startswith("diversion"):
            owners[twins[owned]] = packages.split(":")[0]
    return owners


def _deb_licence(copyright_text: str) -> str:
    """The licence names of a machine-readable copyright file, else "see the text"."""
    if not copyright_text.startswith("Format:"):
        return "see the text"
    names = {name.strip().rstrip(",") for m in re.finditer(r"^License: *(\S.*)$", copyright_text, re.M)
             for name in re.split(r"\s+and\s+", m.group(1))}
    return " and ".join(sorted(names, key=str.lower))


def _debian_component(package: str) -> Component | None:
    copyright_file = Path("/usr/share/doc") / package / "copyright"
    if not copyright_file.is_file():
        return None
    version = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", package],
                             capture_output=True, text=True).stdout.strip()
    text = _read(copyright_file)
    return Component(key=f"deb-{package}", name=package, version=version,
                     licence=_deb_licence(text),
                     source=f"the Debian/Ubuntu package {package} {version} of the build system",
                     texts=(text,))


# --- tracing the bundle ------------------------------------------------------------------------

def trace(files: dict[str, Path], program_version: str = "") -> dict[str, Component]:
    """The component of each bundled file (``dest`` in the bundle → where it was taken from);
    ``program_version`` is the game's own (the build passes it: this module imports nothing
    of build.py).
    Raises :class:`NoLicenceFound` naming every file whose licence is unknown."""
    dists = Distributions()
    found: dict[str, Component] = {}
    system: dict[str, Path] = {}
    for dest, src in sorted(files.items()):
        path = Path(src).resolve()
        component = dists.component(path) or _python_component(path) or _project_component(path, program_version)
        if component is None:
            system[dest] = path
        else:
            found[dest] = component
    owners = _dpkg_owners(sorted(set(system.values()))) if sys.platform == "linux" else {}
    packages = {package: _debian_component(package) for package in set(owners.values())}
    unknown: list[str] = []
    for dest, path in system.items():
        component = packages.get(owners.get(path, ""))
        if component is None:
            unknown.append(f"{dest} (from {files[dest]})")
        else:
            found[dest] = component
    if unknown:
        raise NoLicenceFound("no licence found for these bundled files — find where they come "
                             "from and their licence before shipping them:\n  "
                             + "\n  ".join(unknown))
    return found


def components(found: dict[str, Component]) -> list[Component]:
    """Each component once: the game first, then by name."""
    unique = {c.key: c for c in found.values()}
    return sorted(unique.values(), key=lambda c: (not c.key.startswith("krestonostsy"),
                                                   c.name.lower()))


def notice_text(found: dict[str, Component], program_version: str) -> str:
    parts = [f"Krestonostsy {program_version}: the licences of everything in this build",
             "",
             "Generated when the program was built (packaging/notices.py), from the files that "
             "the build bundled. Each component below is listed with its version, its licence, "
             "where the build took it from and the full licence texts.",
             ""]
    for c in components(found):
        parts.append(f"- {c.name} {c.version}".rstrip() + f": {c.licence}")
    for c in components(found):
        parts += ["", "=" * 78, f"{c.name} {c.version}".rstrip(), f"Licence: {c.licence}",
                  f"Taken from: {c.source}", "=" * 78, ""]
        if c.note:
            parts += [c.note, ""]
        for text in c.texts:
            parts += [text, "", "-" * 78]
    return "\n".join(parts).rstrip("-\n") + "\n"


def write(files: dict[str, Path], out: Path, program_version: str) -> tuple[Path, Path]:
    """Trace ``files`` and write ``THIRD-PARTY-NOTICES.txt`` and ``bundle-licences.json`` into
    ``out``; returns their paths."""
    found = trace(files, program_version)
    out.mkdir(parents=True, exist_ok=True)
    notice = out / NOTICE
    notice.write_text(notice_text(found, program_version), encoding="utf-8")
    manifest = out / MANIFEST
    manifest.write_text(json.dumps({
        "files": {dest: c.key for dest, c in sorted(found.items())},
        "components": {c.key: {"name": c.name, "version": c.version, "licence": c.licence,
                               "source": c.source, "texts": list(c.texts)}
                       for c in components(found)},
    }, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return notice, manifest


def toc_files(*tocs) -> dict[str, Path]:
    """``dest → source`` of PyInstaller's TOC entries that are files (modules are listed
    under their module name, links are skipped: their targets are listed)."""
    files: dict[str, Path] = {}
    for toc in tocs:
        for dest, src, kind in toc:
            if kind == "SYMLINK" or not src or not Path(src).is_file():
                continue
            files[dest.replace("\\", "/")] = Path(src)
    return files


# --- the .deb's machine-readable copyright file ------------------------------------------------

# Licences whose full text Debian keeps in /usr/share/common-licenses: the .deb's copyright
# file refers there instead of repeating them (Debian policy 12.5; lintian's
# copyright-file-contains-full-*-license). Each: the name there, where the text starts, ends.
COMMON_LICENCES = (
    ("GPL-2", r"GNU GENERAL PUBLIC LICENSE\s+Version 2, June 1991", r"END OF TERMS AND CONDITIONS"),
    ("GPL-3", r"GNU GENERAL PUBLIC LICENSE\s+Version 3, 29 June 2007",
     r"END OF TERMS AND CONDITIONS"),
    ("Apache-2.0", r"Apache License\s+Version 2\.0, January 2004", r"END OF TERMS AND CONDITIONS"),
    ("LGPL-3", r"GNU LESSER GENERAL PUBLIC LICENSE\s+Version 3, 29 June 2007",
     r"permanent authorization for you to choose that\s+version\s+for\s+the\s+Library\."),
)


def with_common_licences(text: str) -> str:
    """``text`` with each full common licence text replaced by where Debian keeps it."""
    for name, start, end in COMMON_LICENCES:
        text = re.sub(rf"[ \t]*{start}.*?{end}",
                      f"[The full text of the {name} licence is in /usr/share/common-licenses/{name}"
                      " on Debian systems.]", text, flags=re.S)
    return text


def _field(text: str) -> str:
    """``text`` as the continuation lines of a deb822 field."""
    return "\n".join(" " + line.rstrip() if line.strip() else " ." for line in text.splitlines())


def dep5(manifest: dict, installed: dict[str, str], upstream: str) -> str:
    """The DEP-5 copyright file of the .deb. ``installed`` maps each installed path (without
    the leading /) to its key in the manifest's ``files``; paths not in it are the game's."""
    by_component: dict[str, list[str]] = {}
    for path, dest in sorted(installed.items()):
        key = manifest["files"].get(dest, "krestonostsy")
        by_component.setdefault(key, []).append(path)
    comps = manifest["components"]
    out = ["Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/",
           "Upstream-Name: Krestonostsy", f"Source: {upstream}",
           "Comment: Generated by packaging/notices.py from the files of this build. The",
           " program's own archive (opt/krestonostsy/krestonostsy) also holds the Python",
           " modules of the components below and PyInstaller's bootloader.",
           "",
           "Files: *", "Copyright: 2026 Krestonostsy developers", "License: krestonostsy", ""]
    for key in sorted(by_component):
        if key == "krestonostsy":
            continue
        c = comps[key]
        out += ["Files: " + _field("\n".join(by_component[key])).lstrip(),
                f"Copyright: the authors of {c['name']}, as its licence below names them",
                f"License: {key}",
                f"Comment: {c['name']} {c['version']}".rstrip() + f", {c['licence']};",
                f" taken from {c['source']}", ""]
    for key in sorted({"krestonostsy", *by_component}):
        texts = comps[key]["texts"] if key in comps else [_read(ROOT / "LICENSE")]
        out += [f"License: {key}", _field(with_common_licences("\n\n".join(texts))), ""]
    return "\n".join(out).rstrip() + "\n"


def main(argv: list[str] | None = None) -> int:
    """Print which bundled file belongs to which component (from a build's manifest)."""
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("manifest", type=Path, help="bundle-licences.json of a build")
    args = ap.parse_args(argv)
    data = json.loads(args.manifest.read_text(encoding="utf-8"))
    for dest, key in data["files"].items():
        print(f"{key:32} {dest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

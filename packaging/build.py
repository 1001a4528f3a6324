"""Build the frozen game for the system this runs on, then smoke-test what was built.

    python packaging/build.py [--no-smoke]

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
     ``krestonostsy_VERSION_DEBARCH.deb`` (``dpkg-deb``; installs to ``/opt/krestonostsy``
     with ``/usr/bin/krestonostsy`` and a menu entry);
   - Windows: ``krestonostsy-VERSION-windows-x64.zip`` and the Inno Setup installer
     ``krestonostsy-VERSION-windows-x64-setup.exe`` (``iscc`` must be installed);
   - macOS: ``krestonostsy-VERSION-macos-ARCH.dmg`` holding the ``.app`` (``hdiutil``);

4. run ``packaging/smoke.py`` on the built binary (skip with ``--no-smoke``).

Needs, in the Python that runs it: the game's dependencies, PyInstaller and Babel
(``pip install ".[freeze]"``), and to compile the engine mypy, setuptools and a C compiler
(``.[freeze]`` has the Python parts). Nothing is downloaded while building.
"""
from __future__ import annotations

import argparse
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
from pathlib import Path

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
    return kept, [e for e in datas if _kept(e[0], plugins)]


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
Categories=Game;BoardGame;StrategyGame;
Keywords=crusaders;board game;strategy;
Keywords[ru]=крестоносцы;настольная игра;стратегия;
"""


def metainfo(ver: str) -> str:
    today = time.strftime("%Y-%m-%d", time.gmtime())
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
  <releases><release version="{ver}" date="{today}"/></releases>
</component>
"""


def write_share(share: Path, pngs: dict[int, bytes], ver: str, exec_line: str) -> None:
    """``share/applications``, ``share/icons/hicolor`` and ``share/metainfo`` under ``share``."""
    apps = share / "applications"
    apps.mkdir(parents=True, exist_ok=True)
    (apps / f"{APP_ID}.desktop").write_text(DESKTOP_ENTRY.format(exec=exec_line, icon=ICON_NAME),
                                            encoding="utf-8")
    for size in HICOLOR_SIZES:
        folder = share / "icons" / "hicolor" / f"{size}x{size}" / "apps"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{ICON_NAME}.png").write_bytes(pngs[size])
    scalable = share / "icons" / "hicolor" / "scalable" / "apps"
    scalable.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(ICON_SVG, scalable / f"{ICON_NAME}.svg")
    meta = share / "metainfo"
    meta.mkdir(parents=True, exist_ok=True)
    (meta / f"{APP_ID}.metainfo.xml").write_text(metainfo(ver), encoding="utf-8")


# The bundle carries Qt and the libraries it found on the build machine; these it takes from
# the system: the C library, OpenGL/EGL (never bundled: they belong to the graphics driver)
# and fontconfig's configuration. The X11 helpers Qt's xcb plug-in needs are bundled when the
# build machine has them, recommended here for when it had not.
DEB_DEPENDS = "libc6, libegl1, libgl1, libfontconfig1"
DEB_RECOMMENDS = ", ".join(["libxcb-cursor0", "libxcb-icccm4", "libxcb-keysyms1",
                            "libxkbcommon-x11-0"])


def package_linux(pngs: dict[int, bytes], ver: str) -> list[Path]:
    onedir = DIST / APP_NAME
    arch = platform.machine()
    # The tarball: the onedir with its desktop files under share/ (copy them to ~/.local/share
    # to get a menu entry).
    write_share(onedir / "share", pngs, ver, exec_line=APP_NAME)
    tarball = DIST / f"{APP_NAME}-{ver}-linux-{arch}.tar.gz"
    with tarfile.open(tarball, "w:gz", compresslevel=6) as tar:
        tar.add(onedir, arcname=f"{APP_NAME}-{ver}")
    shutil.rmtree(onedir / "share")

    # The .deb: /opt/krestonostsy, /usr/bin/krestonostsy, the menu entry and icons.
    debarch = subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True,
                             check=True).stdout.strip()
    root = ROOT / "build" / "deb"
    shutil.rmtree(root, ignore_errors=True)
    shutil.copytree(onedir, root / "opt" / APP_NAME, symlinks=True)
    (root / "usr" / "bin").mkdir(parents=True)
    os.symlink(f"/opt/{APP_NAME}/{APP_NAME}", root / "usr" / "bin" / APP_NAME)
    write_share(root / "usr" / "share", pngs, ver, exec_line=f"/opt/{APP_NAME}/{APP_NAME}")
    (root / "DEBIAN").mkdir()
    installed_kb = tree_size(root) // 1024
    (root / "DEBIAN" / "control").write_text(f"""Package: {APP_NAME}
Version: {ver}
Architecture: {debarch}
Maintainer: Krestonostsy developers <krestonostsy@users.noreply.github.com>
Installed-Size: {installed_kb}
Depends: {DEB_DEPENDS}
Recommends: {DEB_RECOMMENDS}
Section: games
Priority: optional
Description: the board game «Крестоносцы» (Crusaders)
 2-4 players lead the Crusader states of the 12th-century Levant: orders on a
 shared cross, buildings, armies, card-driven battles and secret papal bulls.
 Hot-seat or against the rulebook's automa, in Russian or English.
""", encoding="utf-8")
    for folder, _dirs, files in os.walk(root):
        os.chmod(folder, 0o755)
        for name in files:
            path = Path(folder) / name
            if not path.is_symlink():
                os.chmod(path, 0o755 if os.access(path, os.X_OK) else 0o644)
    deb = DIST / f"{APP_NAME}_{ver}_{debarch}.deb"
    subprocess.run(["dpkg-deb", "--root-owner-group", "-Zxz", "--build", str(root), str(deb)],
                   check=True, stdout=subprocess.DEVNULL)
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
    args = ap.parse_args(argv)
    started = time.perf_counter()
    ver = version()
    STAGE.mkdir(parents=True, exist_ok=True)
    DIST.mkdir(exist_ok=True)
    stage_catalogs()
    pngs = stage_icons()
    freeze(ROOT if args.no_compile else compile_engine())
    size = tree_size(DIST / APP_NAME)
    log(f"onedir {DIST / APP_NAME}: {size / 1e6:.1f} MB")
    packagers = {"linux": lambda: package_linux(pngs, ver), "win32": lambda: package_windows(ver),
                 "darwin": lambda: package_macos(ver)}
    artefacts = packagers[sys.platform]()
    for path in artefacts:
        log(f"{path.name}: {path.stat().st_size / 1e6:.1f} MB")
    if not args.no_smoke:
        engine = "python" if args.no_compile else "compiled"
        subprocess.run([sys.executable, str(PACKAGING / "smoke.py"), str(binary()),
                        "--engine", engine], check=True)
    log(f"done in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The pieces of packaging/build.py that decide what goes into the frozen app (issue 12)."""
from __future__ import annotations

import importlib.util
import struct
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def build():
    spec = importlib.util.spec_from_file_location("packaging_build", ROOT / "packaging" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("dest, kept", [
    ("PySide6/Qt/plugins/platforms/libqxcb.so", True),
    ("PySide6/Qt/plugins/platforms/libqoffscreen.so", True),
    ("PySide6/Qt/plugins/platforms/libqeglfs.so", False),
    ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", False),
    ("PySide6/Qt/plugins/imageformats/libqsvg.so", True),
    ("PySide6/Qt/plugins/imageformats/libqtiff.so", False),
    ("PySide6/Qt/plugins/tls/libqopensslbackend.so", False),
    ("PySide6/plugins/platforms/qwindows.dll", True),  # Windows wheels have no Qt/ level
    ("PySide6/Qt/translations/qtbase_ru.qm", True),
    ("PySide6/Qt/translations/qtbase_de.qm", False),
    ("PySide6/Qt/lib/libQt6Widgets.so.6", True),
    ("krestonostsy/data/map.yaml", True),
])
def test_only_the_qt_parts_the_game_uses_are_kept(build, dest, kept):
    assert build._kept(dest, build.QT_PLUGINS_KEPT) is kept


def test_icons_hold_every_size(build):
    pngs = {s: b"\x89PNG" + bytes([s % 256]) * 3 for s in (*build.HICOLOR_SIZES, 1024)}
    ico = build.ico_bytes(pngs)
    reserved, kind, count = struct.unpack_from("<HHH", ico)
    assert (reserved, kind, count) == (0, 1, 7)
    width, _h, _c, _r, _planes, _bpp, size, offset = struct.unpack_from("<BBBBHHII", ico, 6 + 6 * 16)
    assert width == 0 and ico[offset:offset + size] == pngs[256]  # 0 means 256 in .ico
    icns = build.icns_bytes(pngs)
    assert icns[:4] == b"icns" and struct.unpack_from(">I", icns, 4)[0] == len(icns)
    assert b"ic10" in icns and pngs[1024] in icns


def test_babel_stays_out_of_the_frozen_app(build):
    assert "babel" in build.EXCLUDED_MODULES


def test_the_frozen_compiled_engine_is_told_every_module_the_engine_imports(build):
    """A compiled module is a C extension PyInstaller cannot read: the spec names what the
    engine imports by name (the game's own modules, imported relatively, are collected
    whole)."""
    names = build.engine_imports(ROOT)
    assert {"json", "marshal", "hashlib", "pickle"} <= set(names)
    assert "__future__" not in names and names == sorted(names)


def test_the_compiled_copy_is_a_fresh_copy_of_the_sources(tmp_path):
    spec = importlib.util.spec_from_file_location("compile_engine",
                                                  ROOT / "packaging" / "compile_engine.py")
    ce = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ce)
    out = tmp_path / "compiled"
    (out / "stale").mkdir(parents=True)  # a copy left from an earlier build goes
    ce.copy_tree(out)
    assert not (out / "stale").exists()
    assert (out / "krestonostsy" / "engine" / "game.py").is_file()
    assert not list(out.rglob("__pycache__")) and not list(out.rglob("*.so"))
    # the content is found beside the package, as in a checkout
    assert (out / "data" / "map.yaml").is_file() and (out / "translations").is_dir()
    modules = ce.engine_modules(out)
    assert "krestonostsy/engine/game.py" in [m.replace("\\", "/") for m in modules]
    assert all(m.endswith(".py") for m in modules) and modules == sorted(modules)


def test_links_to_trimmed_libraries_are_dropped(build):
    """PyInstaller links each Qt library from the bundle's top folder; when trimming drops
    the library (QtNetwork, the EGLFS ones), its link must go too (it was shipped broken)."""
    binaries = [
        ("PySide6/Qt/lib/libQt6Widgets.so.6", "/site/PySide6/Qt/lib/libQt6Widgets.so.6", "BINARY"),
        ("libQt6Widgets.so.6", "PySide6/Qt/lib/libQt6Widgets.so.6", "SYMLINK"),
        ("libQt6Network.so.6", "PySide6/Qt/lib/libQt6Network.so.6", "SYMLINK"),
    ]
    datas = [("PySide6/Qt/translations/qtbase_ru.qm", "/site/qtbase_ru.qm", "DATA"),
             ("qtbase_ru.qm", "PySide6/Qt/translations/qtbase_ru.qm", "SYMLINK")]
    kept, kept_datas = build._without_dangling_links(binaries, datas)
    assert [dest for dest, _src, _kind in kept] == ["PySide6/Qt/lib/libQt6Widgets.so.6",
                                                     "libQt6Widgets.so.6"]
    assert kept_datas == datas


def test_the_window_is_matched_to_its_menu_entry(build):
    """The .desktop file's id is what the app gives Qt as its desktop file name (Wayland's
    app id), and its StartupWMClass is the class of the window's WM_CLASS, which Qt's xcb
    plug-in takes from the application name."""
    from krestonostsy.ui.app import DESKTOP_FILE_ID
    from krestonostsy.ui.settings import APPLICATION

    assert build.APP_ID == DESKTOP_FILE_ID
    assert build.WM_CLASS == APPLICATION
    entry = build.DESKTOP_ENTRY.format(exec="krestonostsy", icon="krestonostsy",
                                       wm_class=build.WM_CLASS)
    assert f"StartupWMClass={APPLICATION}\n" in entry


def test_a_stale_compiled_copy_is_not_reused(build, tmp_path, monkeypatch):
    """--reuse-engine freezes build/compiled, a copy of the whole package: after an edit of
    the checkout it would ship the old code (a build once shipped an old ui/app.py)."""
    checkout = tmp_path / "checkout"
    (checkout / "krestonostsy" / "ui").mkdir(parents=True)
    (checkout / "krestonostsy" / "ui" / "app.py").write_text("NAME = 'new'\n")
    copy = tmp_path / "compiled"
    (copy / "krestonostsy" / "ui").mkdir(parents=True)
    (copy / "krestonostsy" / "ui" / "app.py").write_text("NAME = 'new'\n")
    monkeypatch.setattr(build, "ROOT", checkout)
    assert build.stale_sources(copy) == []
    (checkout / "krestonostsy" / "ui" / "app.py").write_text("NAME = 'newer'\n")
    (copy / "krestonostsy" / "gone.py").write_text("")
    assert build.stale_sources(copy) == ["krestonostsy/gone.py", "krestonostsy/ui/app.py"]

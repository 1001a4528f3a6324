"""Before the window opens: can Qt reach a display on this system?

On Linux Qt aborts with messages that do not say what is wrong: with no display at all it
reports that the "xcb" plug-in could not be loaded and suggests installing
``libxcb-cursor0`` even when that library is present; with a minimal installation it names
one library of several. :func:`display_problem` looks first and returns one clear sentence
— no display, which packages to install, or a display that refuses the connection — used
alike by the pip-installed game and the frozen app.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import os
import sys
from pathlib import Path

# library (as ctypes.util.find_library names it) -> Debian/Ubuntu package: every library
# Qt's xcb plug-in and the Qt libraries the game uses load that a minimal Debian 12 lacks
# (their DT_NEEDED entries less what Debian's required packages and apt bring; the README's
# developer set-up names the same packages)
XCB_LIBRARIES = {
    "xcb-cursor": "libxcb-cursor0",
    "xcb-icccm": "libxcb-icccm4",
    "xcb-image": "libxcb-image0",
    "xcb-keysyms": "libxcb-keysyms1",
    "xcb-randr": "libxcb-randr0",
    "xcb-render-util": "libxcb-render-util0",
    "xcb-shape": "libxcb-shape0",
    "xcb-shm": "libxcb-shm0",
    "xcb-sync": "libxcb-sync1",
    "xcb-xfixes": "libxcb-xfixes0",
    "xcb-xkb": "libxcb-xkb1",
    "X11-xcb": "libx11-xcb1",
    "xkbcommon": "libxkbcommon0",
    "xkbcommon-x11": "libxkbcommon-x11-0",
    "EGL": "libegl1",
    "GL": "libgl1",
    "fontconfig": "libfontconfig1",
    "freetype": "libfreetype6",
    "glib-2.0": "libglib2.0-0",
    "dbus-1": "libdbus-1-3",
}

PREFIX = "Krestonostsy cannot open its window: "


def _bundled(lib: str) -> bool:
    """True when the frozen app carries ``lib`` itself (PyInstaller's folder)."""
    folder = getattr(sys, "_MEIPASS", None)
    return bool(folder) and any(Path(folder).glob(f"lib{lib}.so*"))


def missing_linux_packages() -> list[str]:
    """Debian package names of libraries Qt's X11 plug-in needs but cannot find."""
    if not _uses_x11():
        return []
    return [pkg for lib, pkg in XCB_LIBRARIES.items()
            if ctypes.util.find_library(lib) is None and not _bundled(lib)]


def _uses_x11() -> bool:
    if not sys.platform.startswith("linux"):
        return False
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if platform and not platform.startswith("xcb"):
        return False  # offscreen, wayland…: the X11 libraries are not needed
    return not (not os.environ.get("DISPLAY") and os.environ.get("WAYLAND_DISPLAY"))


def explain(missing: list[str]) -> str:
    return (PREFIX + "Qt needs system libraries that are not installed — on Debian or Ubuntu "
            "run: sudo apt install " + " ".join(missing))


def _display_refuses(name: str) -> bool:
    """True when the X server ``name`` does not accept a connection (asked through libxcb)."""
    path = ctypes.util.find_library("xcb")
    if path is None:
        return False  # cannot ask; let Qt try
    try:
        xcb = ctypes.CDLL(path)
        xcb.xcb_connect.restype = ctypes.c_void_p
        xcb.xcb_connect.argtypes = [ctypes.c_char_p, ctypes.c_void_p]
        xcb.xcb_connection_has_error.argtypes = [ctypes.c_void_p]
        xcb.xcb_disconnect.argtypes = [ctypes.c_void_p]
        connection = xcb.xcb_connect(name.encode(), None)
        refused = bool(xcb.xcb_connection_has_error(connection))
        xcb.xcb_disconnect(connection)
        return refused
    except (OSError, AttributeError):
        return False


def display_problem() -> str | None:
    """One sentence saying why the window cannot open here, or None when it can try."""
    if not sys.platform.startswith("linux"):
        return None
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if platform and not platform.startswith(("xcb", "wayland")):
        return None  # offscreen, vnc, eglfs…: no desktop display needed
    display, wayland = os.environ.get("DISPLAY"), os.environ.get("WAYLAND_DISPLAY")
    if not display and not wayland:
        return (PREFIX + "no display was found (neither DISPLAY nor WAYLAND_DISPLAY is set), "
                "so start it from a desktop session.")
    missing = missing_linux_packages()
    if missing:
        return explain(missing)
    if _uses_x11() and display and _display_refuses(display):
        return (PREFIX + f"the display {display!r} (DISPLAY) does not accept a connection — "
                "is the X server running, and may this user use it?")
    return None

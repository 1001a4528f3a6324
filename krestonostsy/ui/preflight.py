"""Before the window opens: can Qt reach a display on this system?

On Linux, Qt's X11 plug-in needs a few system libraries that minimal installations lack.
Without them Qt aborts with a message about "xcb" that does not say what to install; we
look first and tell the player which packages are missing.
"""
from __future__ import annotations

import ctypes.util
import os
import sys

# library (as ctypes.util.find_library names it) -> Debian/Ubuntu package
XCB_LIBRARIES = {
    "xcb-cursor": "libxcb-cursor0",
    "xcb-icccm": "libxcb-icccm4",
    "xcb-keysyms": "libxcb-keysyms1",
    "xkbcommon-x11": "libxkbcommon-x11-0",
    "EGL": "libegl1",
    "fontconfig": "libfontconfig1",
}


def missing_linux_packages() -> list[str]:
    """Debian package names of libraries Qt's X11 plug-in needs but cannot find."""
    if not sys.platform.startswith("linux"):
        return []
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if platform and not platform.startswith("xcb"):
        return []  # offscreen, wayland…: the X11 libraries are not needed
    if not os.environ.get("DISPLAY") and os.environ.get("WAYLAND_DISPLAY"):
        return []
    return [pkg for lib, pkg in XCB_LIBRARIES.items() if ctypes.util.find_library(lib) is None]


def explain(missing: list[str]) -> str:
    return ("Krestonostsy cannot open its window: Qt needs system libraries that are not "
            "installed:\n  " + " ".join(missing) + "\n"
            "On Debian or Ubuntu: sudo apt install " + " ".join(missing) + "\n"
            "(on Wayland you may instead run with QT_QPA_PLATFORM=wayland)")

"""The PySide6 client: main window, screens, dialogs, controller; the table in ui/table/.

Importing this package applies :func:`_guard_immortal_refcounts` (see there).
"""
from __future__ import annotations

import sys


def _guard_immortal_refcounts() -> None:
    """Work around a PySide6 6.12.0 bug on Python 3.11.

    PySide6 6.12.0 returns the singletons without taking a reference: every
    ``SignalInstance.emit()`` drops a reference to ``True`` and every void Qt method
    (``setText``, ``setEnabled`` …) one to ``None``. After a few hundred calls CPython 3.11
    aborts ("Fatal Python error: bool_dealloc" / "none_dealloc"). From Python 3.12 on these
    objects are immortal (PEP 683) and the bug is harmless; 6.11.3 does not have it. On 3.11
    we give the singletons a huge reference count once, so they can never reach zero.
    The same holds for the other objects 3.12 makes immortal and 3.11 shares: the small
    ints (Qt enum values such as ``Qt.MouseButton.NoButton`` = 0), the empty tuple, the
    empty and one-character strings.
    """
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return
    try:
        import PySide6
        if tuple(int(x) for x in PySide6.__version__.split(".")[:2]) < (6, 12):
            return
    except (ImportError, ValueError):
        return
    import ctypes

    shared = [None, True, False, Ellipsis, NotImplemented, (), "", b""]
    shared += [int(str(i)) for i in range(-5, 257)]  # the cached small ints
    shared += [chr(i) for i in range(256)] + [bytes([i]) for i in range(256)]
    for obj in shared:
        ctypes.c_ssize_t.from_address(id(obj)).value += 1 << 40


_guard_immortal_refcounts()

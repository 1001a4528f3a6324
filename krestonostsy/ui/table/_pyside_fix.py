"""Work around a refcount bug of PySide6 6.12.0 on Python < 3.12.

In that build every binding of a C++ method returning ``void`` releases one reference to
``None`` that it never took (it assumes Python 3.12's immortal ``None``). On Python 3.11 a
few thousand painter calls bring None's count to zero and the interpreter aborts with
"none_dealloc: deallocating None". Until the dependency is pinned (``PySide6-Essentials<6.12``),
give ``None`` a huge reference count so it can never reach zero. Does nothing elsewhere.
"""
from __future__ import annotations

import ctypes
import sys

_APPLIED = False


def apply() -> None:
    global _APPLIED
    if _APPLIED or sys.version_info >= (3, 12):
        return
    try:
        import PySide6
        version = tuple(int(x) for x in PySide6.__version__.split(".")[:2])
    except Exception:
        return
    if version < (6, 12):
        return
    ctypes.c_ssize_t.from_address(id(None)).value += 1 << 40
    _APPLIED = True

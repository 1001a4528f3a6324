"""PySide6's run-time hook for the frozen game, in place of PyInstaller's ``pyi_rth_pyside6``.

It sets what Qt needs to find its plug-ins in the bundle, as PyInstaller's hook does, but
does not import ``QtCore`` before the program's ``main`` runs. PyInstaller's hook imports it
at every start — about 0.2 s of CPU and the loading of Qt's libraries — to register a
``qt.conf`` only when none is registered yet; PySide6 registers its own (the prefix
``PySide6/Qt`` beside it) when ``QtCore`` is first imported, so that step never did anything
here. Without it ``krestonostsy --version`` and the command-line tools start without Qt
(README, "Performance": start-up). PyInstaller takes a hook directory's entry for a module
(``rthooks.dat`` beside this folder) instead of its own.
"""


def _pyi_rthook() -> None:
    import os
    import sys

    base = sys._MEIPASS  # type: ignore[attr-defined]  # PyInstaller's bundle folder
    if sys.platform.startswith("win"):
        qt = os.path.join(base, "PySide6")
        # Qt's DLLs may look for libraries (OpenSSL) beside the program
        os.environ["PATH"] = base + os.pathsep + os.environ.get("PATH", "")
    else:
        qt = os.path.join(base, "PySide6", "Qt")
    os.environ["QT_PLUGIN_PATH"] = os.path.join(qt, "plugins")


_pyi_rthook()
del _pyi_rthook

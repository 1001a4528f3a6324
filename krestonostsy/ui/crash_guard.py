"""The window's safety net for the errors nobody expected (a bug, never a player's move).

PySide hands an exception raised in a slot or an event handler (a click, a timer, a
repaint) to ``sys.excepthook`` and carries on. Python's default hook prints the traceback
to the terminal — a bare traceback for a player who started the game from one, and
nothing at all in the frozen game, which has no terminal: a click that silently does
nothing. :func:`install` replaces the hook for the window's lifetime:

* the traceback is written to the game's log file, ``<data folder>/logs/krestonostsy.log``
  (:func:`start_log_file`: rotated, three files of 1 MB, the messages the game logs
  anyway go there too);
* the window says once, in the player's language, that something went wrong in the
  program, that the game goes on (saved after every move, unless in the tutorial), and
  where the details are. An error that repeats (a repaint fails every frame) is told and logged once.

Rules errors never come here: the engine refuses an illegal action with its own message,
and a fault inside a legal action rolls the game back (``EngineError``), which the
controller reports in the window.
"""
from __future__ import annotations

import logging
import sys
import traceback
from logging.handlers import RotatingFileHandler
from pathlib import Path
from types import TracebackType
from typing import Any

from ..i18n import _

log = logging.getLogger(__name__)

LOG_NAME = "krestonostsy.log"
LOG_BYTES = 1 << 20  # per file; the handler keeps LOG_BACKUPS older ones beside it
LOG_BACKUPS = 2
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def start_log_file(data_folder: Path) -> Path | None:
    """Send the game's log to ``data_folder/logs/krestonostsy.log`` as well as to the
    terminal; returns its path, or None when the folder cannot be written (the game runs
    on without a file)."""
    path = Path(data_folder) / "logs" / LOG_NAME
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = RotatingFileHandler(path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS,
                                      encoding="utf-8")
    except OSError as err:
        log.warning("no log file in %s: %s", path.parent, err)
        return None
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    handler.setLevel(logging.INFO)
    logging.getLogger().addHandler(handler)
    return path


class CrashGuard:
    """The hook :func:`install` sets: logs each distinct unexpected error once with its
    traceback and tells it once in ``window`` (its ``show_message``)."""

    def __init__(self, window: Any, log_path: Path | None):
        self.window = window
        self.log_path = log_path
        self.seen: dict[tuple, int] = {}  # an error's signature -> how often it came
        self._previous = sys.excepthook

    def __call__(self, kind: type[BaseException], error: BaseException,
                 tb: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt):  # Ctrl+C in the terminal: quit as usual
            self._previous(kind, error, tb)
            return
        where = traceback.extract_tb(tb)[-1] if tb is not None else None
        signature = (kind.__name__, str(error)[:200],
                     (where.filename, where.lineno) if where is not None else None)
        count = self.seen.get(signature, 0) + 1
        self.seen[signature] = count
        if count > 1:
            return  # told and logged already (a repaint failing every frame)
        log.error("unexpected error in the window (the game goes on)",
                  exc_info=(kind, error, tb))
        try:
            self.window.show_message(_("Something went wrong"), self.message(error))
        except Exception:  # the window itself is broken: the log has it
            log.exception("the error could not be shown in the window")

    def message(self, error: BaseException) -> str:
        text = _("An error in the program (not in your moves) stopped what you asked for: "
                 "{error}. The game goes on.").format(
            error=f"{type(error).__name__}: {str(error)[:200]}")
        c = getattr(self.window, "controller", None)
        if c is not None and c.game is not None and c.autosave_enabled:
            text += " " + _("It is saved after every move.")
        if self.log_path is not None:
            text += " " + _("The details are in {path}; please attach that file when you "
                            "report the problem.").format(path=self.log_path)
        return text

    def uninstall(self) -> None:
        if sys.excepthook is self:
            sys.excepthook = self._previous


def install(window: Any, log_path: Path | None) -> CrashGuard:
    """Route unexpected errors to :class:`CrashGuard` for ``window`` (see the module)."""
    guard = CrashGuard(window, log_path)
    sys.excepthook = guard
    return guard

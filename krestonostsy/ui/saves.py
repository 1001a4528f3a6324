"""Save files: manual saves, autosaves after every action, resuming an interrupted game.

A save file is the engine's ``game.to_json()`` (setup + actions, replayed on load) with one
extra key ``"ui"`` (seat types, the time it was written, whether the game was over, and
for autosaves their running number); the engine ignores it. Files are written atomically
(temporary file ``.tmp-*.part`` + ``os.replace``), so a crash while saving never destroys
the previous save; temporary files a killed write left behind are removed when the store
opens and are never listed. Autosaves are ordered by their running number, never by the
clock (a clock set back must not make the newest autosave look oldest). Saves live in
``QStandardPaths.AppDataLocation``/saves (``KRESTONOSTSY_DATA_DIR`` overrides it).
"""
from __future__ import annotations

import json
import math
import os
import re
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from ..engine import Game, SaveError
from ..engine.saves import MAX_SAVE_BYTES, decode
from ..i18n import _

AUTOSAVE_PREFIX = "autosave-"
SAVE_SUFFIX = ".json"
TEMP_PREFIX, TEMP_SUFFIX = ".tmp-", ".part"  # never matches *.json: never listed as a save
STALE_TEMP_SECONDS = 60  # older temporary files are leftovers of a killed write
KEEP_AUTOSAVES = 5
_AUTOSAVE_NUMBER = re.compile(rf"^{AUTOSAVE_PREFIX}(\d{{12}}){re.escape(SAVE_SUFFIX)}$")


def data_dir() -> Path:
    """Where the game keeps its files (saves, logs)."""
    override = os.environ.get("KRESTONOSTSY_DATA_DIR")
    if override:
        return Path(override)
    from PySide6.QtCore import QStandardPaths
    location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    if not location:
        location = str(Path.home() / ".krestonostsy")
    return Path(location)


def atomic_write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


@dataclass
class SaveInfo:
    path: Path
    states: list
    saved_at: float
    over: bool
    actions: int
    autosave: bool

    def label(self) -> str:
        from .names import state_name
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved_at))
        return f"{when} — {', '.join(state_name(s) for s in self.states)}"


class UnreadableSave(SaveError):
    """A save that cannot be read: ``str()`` is a message for the player."""


def save_dict(game, seats: dict | None = None, autosave_no: int | None = None) -> dict:
    data = dict(game.to_json())
    data["ui"] = {"seats": dict(seats or {}), "saved_at": time.time(),
                  "over": bool(game.is_over)}
    if autosave_no is not None:
        data["ui"]["autosave_no"] = autosave_no
    return data


def write_save(path: Path, game, seats: dict | None = None,
               autosave_no: int | None = None) -> Path:
    atomic_write(Path(path), json.dumps(save_dict(game, seats, autosave_no),
                                        ensure_ascii=False, indent=1))
    return Path(path)


def _check_ui(ui) -> dict:
    """The ``ui`` part of a save, or :class:`UnreadableSave` when a field has a wrong type
    (it feeds the seats of the loaded game: a bad value must not get that far)."""
    if ui is None:
        return {}
    seats = ui.get("seats", {}) if isinstance(ui, dict) else None
    ok = (isinstance(ui, dict) and isinstance(seats, dict)
          and all(type(k) is str and type(v) is str for k, v in seats.items())
          and (ui.get("saved_at") is None or type(ui["saved_at"]) in (int, float)
               and math.isfinite(ui["saved_at"]))
          and type(ui.get("over", False)) is bool
          and (ui.get("autosave_no") is None or type(ui["autosave_no"]) is int))
    if not ok:
        raise UnreadableSave(_("The file is damaged or is not a save of this game.")
                             + "\n\n" + "the 'ui' part of the save has a wrong value")
    return ui


def read_save(path: Path) -> tuple[Game, dict]:
    """Load a save: ``(game, ui metadata)``. Raises :class:`SaveError` with a message for the
    player when the file cannot be read, is too large, is not a save, is corrupt (anywhere,
    the ``ui`` part included) or is from a newer version. Nothing else escapes."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_SAVE_BYTES:
            raise UnreadableSave(_("The file is too large to be a save of this game."))
        raw = path.read_bytes()
    except SaveError:
        raise
    except OSError as err:
        raise UnreadableSave(_("The file cannot be read: {error}").format(
            error=err.strerror or err)) from err
    try:
        data = decode(raw)
    except SaveError as err:
        raise UnreadableSave(_("The file is damaged or is not a save of this game.")
                             + "\n\n" + str(err)) from err
    if data.get("game") not in (None, "krestonostsy") or "setup" not in data:
        raise UnreadableSave(_("This file is not a save of «Krestonostsy»."))
    ui = _check_ui(data.get("ui"))
    try:
        game = Game.from_json(data)
    except SaveError as err:
        if "newer" in str(err):
            raise UnreadableSave(_("The save was made by a newer version of the game. "
                               "Update the game to open it.") + "\n\n" + str(err)) from err
        raise UnreadableSave(_("The save cannot be opened.") + "\n\n" + str(err)) from err
    except Exception as err:  # an engine bug while replaying: still refuse cleanly
        raise UnreadableSave(_("The save cannot be opened.") + "\n\n"
                             + f"{type(err).__name__}: {err}") from err
    return game, ui


def _info(path: Path) -> SaveInfo | None:
    """What the save list shows of one file, or None when it is not a readable save."""
    try:
        if path.stat().st_size > MAX_SAVE_BYTES:
            return None
        data = decode(path.read_bytes())
        ui = _check_ui(data.get("ui"))
        states = data["setup"]["states"]
        if not isinstance(states, list) or not all(type(x) is str for x in states):
            return None
        return SaveInfo(path=path, states=list(states),
                        saved_at=float(ui.get("saved_at") or path.stat().st_mtime),
                        over=bool(ui.get("over")), actions=len(data.get("actions") or ()),
                        autosave=path.name.startswith(AUTOSAVE_PREFIX))
    except (OSError, SaveError, KeyError, TypeError, ValueError):
        return None


def _autosave_number(path: Path) -> int:
    """The running number in an autosave's name; -1 for an older, clock-stamped name."""
    found = _AUTOSAVE_NUMBER.match(path.name)
    return int(found.group(1)) if found else -1


class SaveStore:
    """The save folder: manual saves, rotating autosaves, the game to resume."""

    def __init__(self, directory: Path | None = None, keep: int = KEEP_AUTOSAVES):
        self.directory = Path(directory) if directory is not None else data_dir() / "saves"
        self.keep = keep
        self.remove_stale_temporary_files()

    def remove_stale_temporary_files(self, older_than: float = STALE_TEMP_SECONDS) -> int:
        """Delete temporary files a killed atomic write left behind (older than
        ``older_than`` seconds: a younger one may be another window's write in progress).
        Returns how many were removed."""
        if not self.directory.is_dir():
            return 0
        removed = 0
        limit = time.time() - older_than
        for tmp in self.directory.glob(f"{TEMP_PREFIX}*"):
            try:
                if tmp.is_file() and tmp.stat().st_mtime <= limit:
                    tmp.unlink()
                    removed += 1
            except OSError:
                pass
        return removed

    def ensure(self) -> Path:
        self.directory.mkdir(parents=True, exist_ok=True)
        return self.directory

    def autosaves(self) -> list[Path]:
        """Autosaves, newest first: by the running number in the name (older clock-stamped
        names come after, by name)."""
        if not self.directory.is_dir():
            return []
        files = [p for p in self.directory.glob(f"{AUTOSAVE_PREFIX}*{SAVE_SUFFIX}")]
        return sorted(files, key=lambda p: (_autosave_number(p), p.name), reverse=True)

    def saves(self) -> list[SaveInfo]:
        """Every readable save, newest first."""
        if not self.directory.is_dir():
            return []
        infos = [_info(p) for p in self.directory.glob(f"*{SAVE_SUFFIX}")]
        return sorted((i for i in infos if i), key=lambda i: i.saved_at, reverse=True)

    def autosave(self, game, seats: dict | None = None) -> Path:
        self.ensure()
        found = self.autosaves()
        number = max(_autosave_number(found[0]), 0) + 1 if found else 1
        path = self.directory / f"{AUTOSAVE_PREFIX}{number:012d}{SAVE_SUFFIX}"
        write_save(path, game, seats, autosave_no=number)
        for old in self.autosaves()[self.keep:]:
            try:
                old.unlink()
            except OSError:
                pass
        return path

    def latest_autosave(self) -> Path | None:
        found = self.autosaves()
        return found[0] if found else None

    def resumable(self) -> SaveInfo | None:
        """The newest autosave of a game that was not finished, if any."""
        for path in self.autosaves():
            info = _info(path)
            if info is not None:
                return None if info.over else info
        return None

    def new_save_path(self, states) -> Path:
        self.ensure()
        stamp = time.strftime("%Y%m%d-%H%M%S")
        return self.directory / f"game-{'-'.join(states)}-{stamp}{SAVE_SUFFIX}"

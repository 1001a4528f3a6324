"""Save files: manual saves, autosaves after every action, resuming an interrupted game.

A save file is the engine's ``game.to_json()`` (setup + actions, replayed on load) with one
extra key ``"ui"`` (seat types, the time it was written, whether the game was over); the
engine ignores it. Files are written atomically (temporary file + ``os.replace``), so a
crash while saving never destroys the previous save. Saves live in
``QStandardPaths.AppDataLocation``/saves (``KRESTONOSTSY_DATA_DIR`` overrides it).
"""
from __future__ import annotations

import json
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from ..engine import Game, SaveError
from ..i18n import _

AUTOSAVE_PREFIX = "autosave-"
SAVE_SUFFIX = ".json"
KEEP_AUTOSAVES = 5
MAX_SAVE_BYTES = 32 * 1024 * 1024  # nothing legitimate comes near this


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
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=path.suffix, dir=path.parent)
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


def save_dict(game, seats: dict | None = None) -> dict:
    data = dict(game.to_json())
    data["ui"] = {"seats": dict(seats or {}), "saved_at": time.time(),
                  "over": bool(game.is_over)}
    return data


def write_save(path: Path, game, seats: dict | None = None) -> Path:
    atomic_write(Path(path), json.dumps(save_dict(game, seats), ensure_ascii=False, indent=1))
    return Path(path)


def read_save(path: Path) -> tuple[Game, dict]:
    """Load a save: ``(game, ui metadata)``. Raises :class:`SaveError` with a message for the
    player when the file cannot be read, is not a save, is corrupt or is from a newer version."""
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
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        raise UnreadableSave(_("The file is damaged or is not a save of this game.")) from err
    if not isinstance(data, dict) or data.get("game") not in (None, "krestonostsy") \
            or "setup" not in data:
        raise UnreadableSave(_("This file is not a save of «Krestonostsy»."))
    ui = data.get("ui") if isinstance(data.get("ui"), dict) else {}
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
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        ui = data.get("ui") or {}
        return SaveInfo(path=path, states=list(data["setup"]["states"]),
                        saved_at=float(ui.get("saved_at") or path.stat().st_mtime),
                        over=bool(ui.get("over")), actions=len(data.get("actions") or ()),
                        autosave=path.name.startswith(AUTOSAVE_PREFIX))
    except Exception:
        return None


class SaveStore:
    """The save folder: manual saves, rotating autosaves, the game to resume."""

    def __init__(self, directory: Path | None = None, keep: int = KEEP_AUTOSAVES):
        self.directory = Path(directory) if directory is not None else data_dir() / "saves"
        self.keep = keep

    def ensure(self) -> Path:
        self.directory.mkdir(parents=True, exist_ok=True)
        return self.directory

    def autosaves(self) -> list[Path]:
        """Autosaves, newest first."""
        if not self.directory.is_dir():
            return []
        files = [p for p in self.directory.glob(f"{AUTOSAVE_PREFIX}*{SAVE_SUFFIX}")]
        return sorted(files, key=lambda p: p.name, reverse=True)

    def saves(self) -> list[SaveInfo]:
        """Every readable save, newest first."""
        if not self.directory.is_dir():
            return []
        infos = [_info(p) for p in self.directory.glob(f"*{SAVE_SUFFIX}")]
        return sorted((i for i in infos if i), key=lambda i: i.saved_at, reverse=True)

    def autosave(self, game, seats: dict | None = None) -> Path:
        self.ensure()
        stamp = time.strftime("%Y%m%d-%H%M%S") + f"-{time.time_ns() % 1_000_000_000:09d}"
        path = self.directory / f"{AUTOSAVE_PREFIX}{stamp}{SAVE_SUFFIX}"
        write_save(path, game, seats)
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

"""Save files: manual saves, autosaves kept per game, the summary the load screen lists.

A save file is the engine's ``game.to_json()`` (setup + actions, replayed on load) with one
extra key ``"ui"`` that the engine ignores: the seat types, the bot seats' own seeds
(``seat_seeds``, absent in older saves), the time it was written, whether
the game was over, the id of the game it belongs to, for autosaves their running number, and
a **summary** (:data:`SUMMARY_VERSION`: states, round, phase, number of actions, the
engine's save format). ``"ui"`` is written first, on the file's first line (``{"ui": {...},``), so the
load screen reads a few kilobytes of each file instead of parsing and replaying it
(:func:`read_summary`); the whole file stays one JSON object, and a save without that line
(an older version's) is still listed, from its parsed contents.

Files are written atomically (temporary file ``.tmp-*.part`` + ``os.replace``), so a crash
while saving never destroys the previous save; temporary files a killed write left behind
are removed when the store opens and are never listed.

**Autosaves are kept per game.** Every game has an id (``ui.game_id``; a save without one,
made by an older version, gets the id of its setup, :func:`setup_game_id`). An autosave is
``autosave-<running number>-<game id>.json``; the running number is shared by all games, so
autosaves are ordered by it, never by the clock (a clock set back must not make the newest
autosave look oldest). Each unfinished game keeps its last :data:`KEEP_AUTOSAVES`; a
finished game keeps only its final position, and only the :data:`KEEP_FINISHED` most recent
finished games keep even that. Older flat names (``autosave-<number>.json``, clock-stamped
``autosave-<date>-….json``) are still found: their game is read from their contents.

Thumbnails (a small picture of the table) are cached next to the saves in ``.thumbs/``,
one PNG per save with the save's name; the load screen draws a placeholder in the states'
colours when one is missing. Saves live in ``QStandardPaths.AppDataLocation``/saves
(``KRESTONOSTSY_DATA_DIR`` overrides it).
"""
from __future__ import annotations

import hashlib
import json
import math
import os
import re
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine import MAX_SAVE_BYTES, SAVE_ERRORS, SAVE_FORMAT, SaveError
from ..engine import decode_save as decode
from ..engine import parse_save as parse
from ..files import STALE_TEMP_SECONDS, atomic_write, remove_stale_temporary_files
from ..i18n import _
from .names import state_name
from .os_errors import os_error_text
from .seat_kinds import seat_problem

if TYPE_CHECKING:  # the engine's Game is imported when a save is read, not with the window
    from ..engine import Game

AUTOSAVE_PREFIX = "autosave-"
SAVE_SUFFIX = ".json"
THUMBS_DIR = ".thumbs"
THUMB_SUFFIX = ".png"
KEEP_AUTOSAVES = 5  # per unfinished game
KEEP_FINISHED = 3  # finished games whose final autosave is kept
#: The version of ``ui.summary``; a summary of another version is not trusted (the file is
#: then read whole, as an older save without a summary is).
SUMMARY_VERSION = 1
HEADER_START = '{"ui": '
HEADER_MAX_BYTES = 64 * 1024  # the first line of a save: its "ui" part, a few hundred bytes
_AUTOSAVE_NAME = re.compile(
    rf"^{AUTOSAVE_PREFIX}(\d{{12}})(?:-([0-9a-z]{{1,40}}))?{re.escape(SAVE_SUFFIX)}$")
_GAME_ID = re.compile(r"^[0-9a-z]{1,40}$")
#: Characters a save's name may not hold (they are not allowed in file names somewhere).
_FORBIDDEN_IN_NAME = re.compile(r'[\\/:*?"<>|\x00-\x1f]')
MAX_NAME_LENGTH = 80


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


def new_game_id() -> str:
    """A fresh id for a new game (12 lowercase hex digits)."""
    return uuid.uuid4().hex[:12]


def setup_game_id(setup) -> str:
    """The id of a game saved without one (by an older version): derived from its setup,
    so every save of that game gets the same id."""
    text = json.dumps(setup, sort_keys=True, ensure_ascii=True, default=str)
    return "s" + hashlib.sha256(text.encode()).hexdigest()[:11]


def thumbnail_path(save: Path) -> Path:
    """Where the picture of ``save``'s table is cached."""
    save = Path(save)
    return save.parent / THUMBS_DIR / (save.stem + THUMB_SUFFIX)


@dataclass
class SaveInfo:
    """What the load screen shows of one save file. ``error`` is set (a message for the
    player) when the file cannot be read; the other fields are then what is known."""

    path: Path
    states: list = field(default_factory=list)
    saved_at: float = 0.0
    over: bool = False
    actions: int = 0
    autosave: bool = False
    seats: dict = field(default_factory=dict)
    round: int | None = None
    phase: str | None = None
    game_id: str = ""
    number: int = -1  # an autosave's running number (-1: a manual save, or an old name)
    error: str | None = None

    @property
    def readable(self) -> bool:
        return self.error is None

    @property
    def name(self) -> str:
        """The save's name as the player sees it (a manual save's file name)."""
        return _("Autosave") if self.autosave else self.path.stem

    @property
    def thumbnail(self) -> Path:
        return thumbnail_path(self.path)

    def when(self) -> str:
        """The date and time it was written, as the player reads it."""
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved_at))


class UnreadableSave(SaveError):
    """A save that cannot be read: ``str()`` is a message for the player, already in the
    player's language (the engine's reason inside it rendered by :func:`save_error_text`)."""

    def __init__(self, message: str):
        ValueError.__init__(self, message)
        self.key, self.params = "", {}


def save_error_text(err: SaveError) -> str:
    """The reason a save is refused, in the player's language: the translated template of
    the error's key filled with its parameters (a translation may leave out a parameter —
    the Russian one leaves out the JSON parser's own English words)."""
    if isinstance(err, UnreadableSave):
        return str(err)
    return _(SAVE_ERRORS[err.key]).format(**err.params)


def summary_of(game) -> dict:
    """The summary a save carries for the load screen (see :data:`SUMMARY_VERSION`)."""
    states = list(game.setup.get("states", []))
    view = game.view(None)
    return {"version": SUMMARY_VERSION, "format": SAVE_FORMAT, "states": states,
            "round": view.get("round"), "phase": view.get("phase"),
            "actions": len(game.actions)}


def save_dict(game, seats: dict | None = None, autosave_no: int | None = None,
              game_id: str | None = None, seat_seeds: dict | None = None) -> dict:
    """The save of ``game``: ``{"ui": ..., **game.to_json()}`` (``ui`` first)."""
    ui: dict = {"seats": dict(seats or {}), "seat_seeds": dict(seat_seeds or {}),
                "saved_at": time.time(),
                "over": bool(game.is_over),
                "game_id": game_id or setup_game_id(game.setup),
                "summary": summary_of(game)}
    if autosave_no is not None:
        ui["autosave_no"] = autosave_no
    return {"ui": ui, **game.to_json()}


def save_text(data: dict) -> str:
    """A save dict as the text of its file: the ``ui`` part alone on the first line (the
    header :func:`read_summary` reads), then the rest."""
    ui = data.get("ui", {})
    rest = {k: v for k, v in data.items() if k != "ui"}
    body = json.dumps(rest, ensure_ascii=False, indent=1)
    return HEADER_START + json.dumps(ui, ensure_ascii=False) + ",\n" + body[1:].lstrip()


def write_save(path: Path, game, seats: dict | None = None,
               autosave_no: int | None = None, game_id: str | None = None,
               seat_seeds: dict | None = None) -> Path:
    atomic_write(Path(path), save_text(save_dict(game, seats, autosave_no, game_id,
                                                 seat_seeds)))
    return Path(path)


def _check_ui(ui) -> dict:
    """The ``ui`` part of a save, or :class:`UnreadableSave` when a field has a wrong type
    (it feeds the seats of the loaded game: a bad value must not get that far)."""
    if ui is None:
        return {}
    seats = ui.get("seats", {}) if isinstance(ui, dict) else None
    ok = (isinstance(ui, dict) and isinstance(seats, dict)
          and all(type(k) is str and type(v) is str for k, v in seats.items())
          and _seat_seeds_ok(ui.get("seat_seeds", {}))
          and (ui.get("saved_at") is None or type(ui["saved_at"]) in (int, float)
               and math.isfinite(ui["saved_at"]))
          and type(ui.get("over", False)) is bool
          and (ui.get("autosave_no") is None or type(ui["autosave_no"]) is int)
          and (ui.get("game_id") is None or type(ui["game_id"]) is str
               and _GAME_ID.match(ui["game_id"]) is not None))
    if not ok:
        raise UnreadableSave(_("The file is damaged or is not a save of this game.")
                             + "\n\n" + save_error_text(SaveError("ui_value")))
    return ui


def _check_seats(seats: dict) -> None:
    """Every seat of a save is one this version can make: ``"human"``, a bot level, or a
    level with a play style it has (``seat_kinds``). A seat it does not know is refused by
    name when the game is opened, never played by someone else in its place."""
    for state, kind in seats.items():
        problem = seat_problem(kind)
        if problem is not None:
            raise UnreadableSave(
                _("The save names a player this version of the game does not know: "
                  "{state} is played by «{seat}».").format(state=state_name(state), seat=kind)
                + "\n\n" + problem)


def _seat_seeds_ok(seeds) -> bool:
    """``ui.seat_seeds``: {state or "saracen": a seed of 63 bits}."""
    return isinstance(seeds, dict) and all(
        type(k) is str and type(v) is int and 0 <= v < 2 ** 63 for k, v in seeds.items())


def _unreadable(err: SaveError) -> UnreadableSave:
    """The engine's refusal of a save as a message for the player."""
    if isinstance(err, UnreadableSave):
        return err
    if err.key == "newer":
        return UnreadableSave(_("The save was made by a newer version of the game. "
                                "Update the game to open it.") + "\n\n"
                              + save_error_text(err))
    if err.key == "not_a_save":
        return UnreadableSave(_("This file is not a save of «Krestonostsy»."))
    return UnreadableSave(_("The file is damaged or is not a save of this game.")
                          + "\n\n" + save_error_text(err))


def _read_bytes(path: Path) -> bytes:
    try:
        if path.stat().st_size > MAX_SAVE_BYTES:
            raise UnreadableSave(_("The file is too large to be a save of this game."))
        return path.read_bytes()
    except OSError as err:
        raise UnreadableSave(_("The file cannot be read: {error}").format(
            error=os_error_text(err, with_path=False))) from err


def read_save(path: Path) -> tuple[Game, dict]:
    """Load a save: ``(game, ui metadata)``. Raises :class:`SaveError` with a message for the
    player when the file cannot be read, is too large, is not a save, is corrupt (anywhere,
    the ``ui`` part included) or is from a newer version. Nothing else escapes."""
    path = Path(path)
    raw = _read_bytes(path)
    try:
        data = decode(raw)
    except SaveError as err:
        raise _unreadable(err) from err
    if data.get("game") not in (None, "krestonostsy") or "setup" not in data:
        raise UnreadableSave(_("This file is not a save of «Krestonostsy»."))
    ui = _check_ui(data.get("ui"))
    _check_seats(ui.get("seats", {}))
    try:
        from ..engine import Game  # the whole engine: only when a game is read
        game = Game.from_json(data)
    except SaveError as err:
        if err.key == "newer":
            raise _unreadable(err) from err
        raise UnreadableSave(_("The save cannot be opened.") + "\n\n"
                             + save_error_text(err)) from err
    except Exception as err:  # an engine bug while replaying: still refuse cleanly
        raise UnreadableSave(_("The save cannot be opened.") + "\n\n"
                             + f"{type(err).__name__}: {err}") from err
    return game, ui


def _summary_from_header(path: Path) -> dict | None:
    """The ``ui`` part from a save's first line, or None when the file has no such line
    (an older save) or its summary is of another version."""
    with open(path, "rb") as fh:
        line = fh.readline(HEADER_MAX_BYTES)
    text = line.decode("utf-8", errors="strict").rstrip()
    if not (text.startswith(HEADER_START) and text.endswith(",")):
        return None
    ui = json.loads(text[len(HEADER_START):-1])
    if not isinstance(ui, dict) or not isinstance(ui.get("summary"), dict) \
            or ui["summary"].get("version") != SUMMARY_VERSION:
        return None
    return ui


def _summary_from_contents(path: Path) -> dict:
    """The ``ui`` part with a summary made from the parsed file (no replay: the round is
    not known) — for a save written before summaries existed."""
    data = parse(_read_bytes(path))  # migrated to the current format, shape checked
    ui = dict(_check_ui(data.get("ui")))
    ui.setdefault("game_id", setup_game_id(data["setup"]))
    ui["summary"] = {"version": SUMMARY_VERSION, "format": data["format_version"],
                     "states": list(data["setup"]["states"]), "round": None,
                     "actions": len(data["actions"])}
    return ui


def _check_summary(summary: dict) -> None:
    fmt = summary.get("format")
    if type(fmt) is not int or fmt < 1:
        raise SaveError("summary_format")
    if fmt > SAVE_FORMAT:
        raise SaveError("newer", version=fmt, current=SAVE_FORMAT)
    states = summary.get("states")
    if not isinstance(states, list) or not all(type(x) is str for x in states):
        raise SaveError("summary_states")
    if summary.get("round") is not None and type(summary["round"]) is not int:
        raise SaveError("summary_round")
    if summary.get("phase") is not None and type(summary["phase"]) is not str:
        raise SaveError("summary_phase")
    if type(summary.get("actions", 0)) is not int:
        raise SaveError("summary_actions")


def read_summary(path: Path) -> SaveInfo:
    """What the load screen shows of ``path``, read from the file's first line when it has
    a summary (fast: no parsing of the actions, no replay), else from its parsed contents.
    Never raises: an unreadable file comes back with ``error`` set to the reason (the same
    message opening it would give)."""
    path = Path(path)
    found = _AUTOSAVE_NAME.match(path.name)
    autosave = path.name.startswith(AUTOSAVE_PREFIX)
    info = SaveInfo(path=path, autosave=autosave,
                    number=int(found.group(1)) if found else -1)
    try:
        info.saved_at = path.stat().st_mtime
        try:
            ui = _summary_from_header(path)
        except (UnicodeDecodeError, ValueError, RecursionError):
            ui = None  # a damaged first line: the whole file says what is wrong
        if ui is None:
            ui = _summary_from_contents(path)
        ui = _check_ui(ui)
        summary = ui["summary"]
        _check_summary(summary)
    except SaveError as err:
        info.error = str(_unreadable(err))
        return info
    except OSError as err:
        info.error = _("The file cannot be read: {error}").format(
            error=os_error_text(err, with_path=False))
        return info
    info.states = list(summary["states"])
    info.round = summary.get("round")
    info.phase = summary.get("phase")
    info.actions = summary.get("actions", 0)
    info.seats = dict(ui.get("seats", {}))
    info.over = bool(ui.get("over"))
    info.game_id = ui.get("game_id") or (found.group(2) if found and found.group(2) else "")
    if ui.get("saved_at") is not None:
        info.saved_at = float(ui["saved_at"])
    return info


def _autosave_number(path: Path) -> int:
    """The running number in an autosave's name; -1 for an older, clock-stamped name."""
    found = _AUTOSAVE_NAME.match(path.name)
    return int(found.group(1)) if found else -1


def check_save_name(name: str) -> str:
    """A save's new name, stripped; ``ValueError`` with a message for the player when it
    cannot be a file name."""
    name = name.strip()
    if not name:
        raise ValueError(_("The name is empty."))
    if len(name) > MAX_NAME_LENGTH:
        raise ValueError(_("The name is too long (at most {count} characters).")
                         .format(count=MAX_NAME_LENGTH))
    if _FORBIDDEN_IN_NAME.search(name) or name.startswith(".") or name.endswith("."):
        raise ValueError(_("A name cannot hold \\ / : * ? \" < > |, nor begin or end "
                           "with a dot."))
    if name.lower().startswith(AUTOSAVE_PREFIX):
        raise ValueError(_("Names beginning with “autosave-” are kept for autosaves."))
    return name


class SaveStore:
    """The save folder: manual saves, autosaves per game, the game to resume, thumbnails.

    Summaries are cached per file (by its size and time of change), so listing the folder
    again reads only the files that changed."""

    def __init__(self, directory: Path | None = None, keep: int = KEEP_AUTOSAVES,
                 keep_finished: int = KEEP_FINISHED):
        self.directory = Path(directory) if directory is not None else data_dir() / "saves"
        self.keep = keep
        self.keep_finished = keep_finished
        self._summaries: dict[Path, tuple[tuple[int, int], SaveInfo]] = {}
        self.remove_stale_temporary_files()

    def remove_stale_temporary_files(self, older_than: float = STALE_TEMP_SECONDS) -> int:
        """Delete temporary files a killed atomic write left behind (older than
        ``older_than`` seconds: a younger one may be another window's write in progress).
        Returns how many were removed."""
        return sum(remove_stale_temporary_files(folder, older_than)
                   for folder in (self.directory, self.directory / THUMBS_DIR))

    def ensure(self) -> Path:
        self.directory.mkdir(parents=True, exist_ok=True)
        return self.directory

    # --- reading ---------------------------------------------------------------------------

    def summary(self, path: Path) -> SaveInfo:
        """:func:`read_summary` of ``path``, cached until the file changes."""
        path = Path(path)
        try:
            st = path.stat()
            key = (st.st_size, st.st_mtime_ns)
        except OSError:
            self._summaries.pop(path, None)
            return read_summary(path)
        cached = self._summaries.get(path)
        if cached is not None and cached[0] == key:
            return cached[1]
        info = read_summary(path)
        self._summaries[path] = (key, info)
        return info

    def autosaves(self) -> list[Path]:
        """Autosaves of every game, newest first: by the running number in the name (older
        clock-stamped names come after, by name)."""
        if not self.directory.is_dir():
            return []
        files = [p for p in self.directory.glob(f"{AUTOSAVE_PREFIX}*{SAVE_SUFFIX}")]
        return sorted(files, key=lambda p: (_autosave_number(p), p.name), reverse=True)

    def game_of(self, path: Path) -> str:
        """The id of the game an autosave belongs to (from its name, else its contents;
        an unreadable file is a game of its own)."""
        found = _AUTOSAVE_NAME.match(Path(path).name)
        if found and found.group(2):
            return found.group(2)
        return self.summary(path).game_id or f"?{Path(path).name}"

    def autosaves_of(self, game_id: str) -> list[Path]:
        """One game's autosaves, newest first."""
        return [p for p in self.autosaves() if self.game_of(p) == game_id]

    def saves(self) -> list[SaveInfo]:
        """Every save in the folder, readable or not, newest first (by the time it was
        written; autosaves of one moment by their running number)."""
        if not self.directory.is_dir():
            return []
        paths = list(self.directory.glob(f"*{SAVE_SUFFIX}"))
        for gone in set(self._summaries) - set(paths):
            del self._summaries[gone]
        infos = [self.summary(p) for p in paths]
        self._remove_orphan_thumbnails({p.stem for p in paths})
        return sorted(infos, key=lambda i: (i.saved_at, i.number, i.path.name), reverse=True)

    def _remove_orphan_thumbnails(self, stems: set[str]) -> None:
        """Delete the pictures of saves that are gone (deleted outside the game)."""
        folder = self.directory / THUMBS_DIR
        if not folder.is_dir():
            return
        for picture in folder.glob(f"*{THUMB_SUFFIX}"):
            if picture.stem not in stems:
                try:
                    picture.unlink()
                except OSError:
                    pass

    def latest_autosave(self) -> Path | None:
        found = self.autosaves()
        return found[0] if found else None

    def resumable(self) -> SaveInfo | None:
        """The newest autosave of the most recent game that is not finished, if any (the
        game Continue resumes). A game whose newest autosave is unreadable is resumed from
        its newest readable one."""
        done: set[str] = set()
        for path in self.autosaves():
            info = self.summary(path)
            if not info.readable:
                continue
            game = self.game_of(path)
            if game in done:
                continue
            done.add(game)
            if not info.over:
                return info
        return None

    # --- writing ---------------------------------------------------------------------------

    def autosave(self, game, seats: dict | None = None, game_id: str | None = None,
                 seat_seeds: dict | None = None) -> Path:
        """Autosave ``game`` (of the game ``game_id``; default: the id of its setup), then
        prune: this game keeps its last ``keep`` autosaves (its final one only when it is
        over), and only the ``keep_finished`` most recent finished games keep theirs.
        Other unfinished games are never touched."""
        self.ensure()
        game_id = game_id or setup_game_id(game.setup)
        found = self.autosaves()
        number = max(_autosave_number(found[0]), 0) + 1 if found else 1
        path = self.directory / f"{AUTOSAVE_PREFIX}{number:012d}-{game_id}{SAVE_SUFFIX}"
        write_save(path, game, seats, autosave_no=number, game_id=game_id,
                   seat_seeds=seat_seeds)
        mine = self.autosaves_of(game_id)
        for old in mine[1 if game.is_over else self.keep:]:
            self.delete(old)
        if game.is_over:
            self._prune_finished()
        return path

    def _prune_finished(self) -> None:
        """Only the ``keep_finished`` most recent finished games keep their final autosave."""
        finished: list[str] = []
        for path in self.autosaves():
            game = self.game_of(path)
            info = self.summary(path)
            if info.readable and info.over and game not in finished:
                finished.append(game)
                if len(finished) > self.keep_finished:
                    for old in self.autosaves_of(game):
                        self.delete(old)

    def delete(self, path: Path) -> None:
        """Delete a save and its thumbnail (a file already gone is no error)."""
        path = Path(path)
        for f in (path, thumbnail_path(path)):
            try:
                f.unlink()
            except FileNotFoundError:
                pass
        self._summaries.pop(path, None)

    def rename(self, path: Path, name: str) -> Path:
        """Give a save a new name (its file name, in the same folder); its thumbnail
        follows. An autosave renamed becomes a kept save (never pruned). ``ValueError``
        with a message for the player when the name is not allowed or is taken."""
        path = Path(path)
        name = check_save_name(name)
        target = path.with_name(name + SAVE_SUFFIX)
        if target == path:
            return path
        if target.exists() and not _same_file(target, path):
            raise ValueError(_("A save named “{name}” already exists.").format(name=name))
        os.replace(path, target)
        thumb = thumbnail_path(path)
        if thumb.exists():
            try:
                os.replace(thumb, thumbnail_path(target))
            except OSError:
                pass
        self._summaries.pop(path, None)
        return target

    def write_thumbnail(self, save: Path, png: bytes) -> Path | None:
        """Cache the picture (PNG bytes) of ``save``'s table; None when the save is gone
        (pruned meanwhile)."""
        if not Path(save).exists():
            return None
        target = thumbnail_path(save)
        atomic_write(target, png)
        return target

    def new_save_path(self, states) -> Path:
        self.ensure()
        stamp = time.strftime("%Y%m%d-%H%M%S")
        return self.directory / f"game-{'-'.join(states)}-{stamp}{SAVE_SUFFIX}"


def _same_file(a: Path, b: Path) -> bool:
    """True when ``a`` and ``b`` are one file (a change of letter case on a
    case-insensitive file system)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False

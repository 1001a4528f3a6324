"""The chronicle (летопись кампании, CAMP-11): one campaign = one JSON file.

The file lives in ``<user data folder>/campaigns/<id>.json`` and is written atomically
(a temporary file in the same folder, flushed and fsynced, then renamed over the old one)
after every finished scenario. It records what cannot be derived:

* ``seats``: each state's seat, ``"human"`` or a bot level; ``seed``: the campaign seed;
  ``advanced``: the advanced mode (terrain in every scenario, CAMP-10); ``name``: the name
  the players gave it (any text; the file's name is a safe id);
* per finished scenario (a *chapter*): its id, its seed and its **final save** (the whole
  save: the game is replayed and its digest checked when the chronicle is opened), with
  the outcome computed when it ended (places, qualities, nicknames, points, carry-over)
  for a reader that does not replay;
* ``in_progress``: the autosave of the scenario being played, if any (the window sets it).

Everything else — the standings, the nicknames, the next scenario's starting positions —
is **derived** by replaying the chapters (:meth:`Chronicle.load`), like a save is. A
chapter whose recorded outcome or setup differs from the one its replayed game gives is
refused, as is a file that is not JSON, not a chronicle, or of a newer format; before
refusing, a copy is kept beside it (``<id>.json.bad-<time>``) and the message names it.
"""
from __future__ import annotations

import glob
import json
import os
import re
import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from ..content.errors import ContentError
from ..engine import Game, SaveError
from ..engine.options import GameOptions
from ..engine.ruleset import Ruleset
from ..engine.setup import check_lineup
from ..files import atomic_write
from .carry import carry_over
from .data import CampaignData, ScenarioEntry, shipped_campaign
from .qualities import award_nicknames, chronicle_points, led, places, qualities

FORMAT = "krestonostsy-chronicle"
VERSION = 1
CAMPAIGNS_DIR = "campaigns"
HUMAN = "human"
_ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
MAX_CHRONICLE_BYTES = 64 * 1024 * 1024
MAX_NAME_LENGTH = 80
ADVANCED_HOOKS = ("terrain",)
"""The rule changes of the advanced mode (CAMP-10), added to every scenario's own."""


class ChronicleError(Exception):
    """A chronicle that cannot be opened or written; the message says why (and where its
    backup was kept). ``newer``: refused because a newer version of the game wrote it
    (the window says so in the player's language)."""

    def __init__(self, message: str, newer: bool = False):
        super().__init__(message)
        self.newer = newer


def default_data_dir() -> Path:
    """The user data folder without Qt: ``$KRESTONOSTSY_DATA_DIR``, else the folder Qt's
    ``AppDataLocation`` names for the game on this system (where the window keeps saves)."""
    override = os.environ.get("KRESTONOSTSY_DATA_DIR")
    if override:
        return Path(override)
    org, app = "Krestonostsy", "krestonostsy"
    if sys.platform == "win32":
        return Path(os.environ.get("APPDATA", Path.home())) / org / app
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / org / app
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / org / app


def campaigns_dir(data_dir: Path | str | None = None) -> Path:
    return Path(data_dir if data_dir is not None else default_data_dir()) / CAMPAIGNS_DIR


@dataclass(frozen=True)
class Chapter:
    """One finished scenario, derived from its game (CAMP-02..08)."""

    scenario: str
    seed: int
    game: Game
    places: dict
    qualities: dict
    led: dict
    nicknames: dict  # state -> quality
    nickname_ids: dict  # state -> nickname card id
    points: dict
    starting: dict | None  # the next scenario's carried starting positions (None: no next)
    reasons: dict | None

    def record(self) -> dict:
        """The chapter as the chronicle file stores it."""
        result = self.game.result()
        return {"scenario": self.scenario, "seed": self.seed, "save": self.game.to_json(),
                "result": {"winner": result["winner"],
                           "totals": {x: r["total"] for x, r in result["scores"].items()},
                           "places": self.places},
                "qualities": self.qualities, "led": self.led,
                "nicknames": self.nickname_ids, "points": self.points,
                "carry": None if self.starting is None
                else {"starting": self.starting, "reasons": self.reasons}}


class Chronicle:
    """A campaign: its seats, seed and chapters (see the module docstring)."""

    def __init__(self, path: Path, seats: dict, seed: int, data: CampaignData,
                 chapters: list[Chapter] | None = None, in_progress: dict | None = None,
                 advanced: bool = False, name: str | None = None):
        self.path = Path(path)
        self.name = name or self.path.stem  # as the players named it (the window lists it)
        self.seats = dict(seats)
        self.seed = seed
        self.advanced = advanced  # CAMP-10: terrain in every scenario (the advanced mode)
        self.data = data
        self.chapters: list[Chapter] = list(chapters or [])
        self.in_progress = in_progress

    # --- creating and saving ---------------------------------------------------------------

    @classmethod
    def new(cls, seats: dict, seed: int, folder: Path | str | None = None,
            campaign_id: str | None = None, data: CampaignData | None = None,
            advanced: bool = False, name: str | None = None) -> Chronicle:
        """A new campaign for ``seats`` (state -> ``"human"`` or a bot level, in seat
        order), written at once; ``advanced``: the advanced mode (terrain, CAMP-10);
        ``name``: its name as the players gave it (default: ``campaign_id``).
        ``ValueError`` for an illegal line-up or seat, or a name too long."""
        from ..ai.levels import LEVELS

        data = data or shipped_campaign()
        states = list(seats)
        first = data.rules(data.scenarios[0].id)
        check_lineup(first.content, states)
        for state, seat in seats.items():
            if seat != HUMAN and seat not in LEVELS:
                raise ValueError(f"the seat of {state} must be 'human' or a bot level "
                                 f"({', '.join(LEVELS)}), got {seat!r}")
        if type(seed) is not int:
            raise ValueError(f"the campaign seed must be a whole number, got {seed!r}")
        if name is not None and not (isinstance(name, str) and 0 < len(name.strip())
                                     <= MAX_NAME_LENGTH):
            raise ValueError(f"a campaign's name is 1 to {MAX_NAME_LENGTH} characters")
        campaign_id = campaign_id or time.strftime("%Y%m%d-%H%M%S") + f"-{seed}"
        if not _ID_RE.match(campaign_id):
            raise ValueError(f"'{campaign_id}' is not a campaign name (letters, digits, - _)")
        path = campaigns_dir(folder) / f"{campaign_id}.json"
        if path.exists():
            raise ValueError(f"a campaign named '{campaign_id}' already exists ({path})")
        chronicle = cls(path, seats, seed, data, advanced=bool(advanced),
                        name=name.strip() if name else None)
        chronicle.save()
        return chronicle

    def to_json(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "name": self.name, "seats": self.seats,
                "seed": self.seed, "advanced": self.advanced, "chapters": [c.record() for c in self.chapters],
                "in_progress": self.in_progress}

    def save(self) -> None:
        """Write the chronicle atomically."""
        atomic_write(self.path, json.dumps(self.to_json(), ensure_ascii=False))

    # --- the campaign state (derived) ------------------------------------------------------

    @property
    def states(self) -> list[str]:
        return list(self.seats)

    @property
    def done(self) -> bool:
        """Every scenario that exists has been played (see :meth:`missing`)."""
        return self.next_scenario() is None

    def next_scenario(self) -> ScenarioEntry | None:
        """The next scenario to play, or None when the campaign has reached its end or a
        scenario that is not implemented yet."""
        i = len(self.chapters)
        if i >= len(self.data.scenarios) or not self.data.scenarios[i].implemented:
            return None
        return self.data.scenarios[i]

    def missing(self) -> list[ScenarioEntry]:
        """The scenarios not played because they are not implemented yet."""
        return [e for e in self.data.scenarios[len(self.chapters):] if not e.implemented]

    def chapter_seed(self, index: int) -> int:
        """The seed of the scenario ``index`` (0-based): derived from the campaign seed."""
        return self.seed * 10 + index + 1

    def next_rules(self) -> Ruleset:
        """The next scenario's ruleset with the carried starting positions."""
        entry = self.next_scenario()
        if entry is None:
            raise ChronicleError("the campaign has no next scenario to play")
        carried = self.chapters[-1].starting if self.chapters else None
        return self.data.rules(entry.id).with_starting(carried).with_hooks(
            ADVANCED_HOOKS if self.advanced else ()).with_nicknames(self.carried_nicknames())

    def carried_nicknames(self) -> dict[str, str] | None:
        """The nickname each state carries into the next scenario (CAMP-05: the latest
        one lies on its state board), as nickname ids; None before the first chapter."""
        return dict(self.chapters[-1].nickname_ids) if self.chapters else None

    def new_game(self) -> Game:
        """The next scenario's game (its options, seed and carried start)."""
        entry = self.next_scenario()
        if entry is None:
            raise ChronicleError("the campaign has no next scenario to play")
        return Game.new(self.states, seed=self.chapter_seed(len(self.chapters)),
                        options=dict(entry.options), scenario=self.next_rules())

    def finish(self, game: Game) -> Chapter:
        """Record the finished ``game`` as the next chapter and write the chronicle."""
        chapter = self._chapter(game, len(self.chapters))
        self.chapters.append(chapter)
        self.in_progress = None
        self.save()
        return chapter

    def link_autosave(self, path: str | None) -> None:
        """Name the autosave of the scenario in progress (the window calls this)."""
        self.in_progress = None if path is None else {"autosave": str(path)}
        self.save()

    def standings(self) -> dict[str, int]:
        """Chronicle points so far (CAMP-02)."""
        return {x: sum(c.points[x] for c in self.chapters) for x in self.states}

    def winner(self) -> str | None:
        """The campaign winner (CAMP-02) once the last scenario is played, else None:
        most points, then the better place in the last scenario, then its higher total."""
        if len(self.chapters) < len(self.data.scenarios) or not self.chapters:
            return None
        last = self.chapters[-1]
        totals = last.game.result()["scores"]
        pts = self.standings()
        return max(self.states, key=lambda x: (pts[x], -last.places[x], totals[x]["total"]))

    def _chapter(self, game: Game, index: int) -> Chapter:
        """Check that ``game`` is chapter ``index`` of this campaign and derive it."""
        entry = self.data.scenarios[index] if index < len(self.data.scenarios) else None
        if entry is None or not entry.implemented:
            raise ChronicleError(f"chapter {index + 1}: the campaign has no such scenario")
        if not game.is_over:
            raise ChronicleError(f"chapter {index + 1}: the game of '{entry.id}' is not over")
        expected_start = self.chapters[index - 1].starting if index else None
        expected_nicks = self.chapters[index - 1].nickname_ids if index else None
        setup = game.setup
        problems = [what for what, bad in (
            (f"its scenario is '{setup.get('scenario')}', not '{entry.id}'",
             setup.get("scenario") != entry.id),
            (f"its states are {setup.get('states')}, not {self.states}",
             setup.get("states") != self.states),
            (f"its seed is {setup.get('seed')}, not {self.chapter_seed(index)}",
             setup.get("seed") != self.chapter_seed(index)),
            ("its starting positions are not the ones the chronicle carried over",
             (setup.get("starting") or None) != (expected_start or None)),
            (f"its options are not the scenario's {dict(entry.options)}",
             setup.get("options") != GameOptions.from_json(dict(entry.options)).to_json()),
            ("its states' nicknames are not the ones the chronicle awarded",
             (setup.get("nicknames") or None) != (expected_nicks or None)),
            ("its advanced mode (terrain) is not the campaign's",
             list(setup.get("hooks") or ()) != list(ADVANCED_HOOKS if self.advanced else ())),
        ) if bad]
        if problems:
            raise ChronicleError(f"chapter {index + 1} ({entry.id}): " + "; ".join(problems))
        data = self.data
        place = places(game)
        values = qualities(game, data)
        led_by = led(values)
        nick = award_nicknames(values, place)
        nick_ids = {x: data.nickname(entry.id, q).id for x, q in nick.items()}
        points = chronicle_points(place, led_by, data)
        nxt = data.scenarios[index + 1] if index + 1 < len(data.scenarios) else None
        starting = reasons = None
        if nxt is not None and nxt.implemented:
            starting, reasons = carry_over(game, place, nick, data, data.rules(nxt.id))
        return Chapter(scenario=entry.id, seed=setup["seed"], game=game, places=place,
                       qualities=values, led=led_by, nicknames=nick, nickname_ids=nick_ids,
                       points=points, starting=starting, reasons=reasons)

    # --- opening ---------------------------------------------------------------------------

    @classmethod
    def load(cls, path: Path | str, data: CampaignData | None = None) -> Chronicle:
        """Open a chronicle and replay it; :class:`ChronicleError` (with a backup kept
        beside the file) for a corrupt, foreign, newer or inconsistent one."""
        path = Path(path)
        try:
            return cls._load(path, data or shipped_campaign())
        except ChronicleError as err:
            raise ChronicleError(f"{path.name}: {err}; {_backup(path)}",
                                 newer=err.newer) from None

    @classmethod
    def _load(cls, path: Path, data: CampaignData) -> Chronicle:
        try:
            raw = path.read_bytes()
        except OSError as err:
            raise ChronicleError(f"cannot be read ({err.strerror or err})") from None
        if len(raw) > MAX_CHRONICLE_BYTES:
            raise ChronicleError("is too large to be a chronicle")
        try:
            doc = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise ChronicleError("is damaged: it is not a JSON text") from None
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise ChronicleError("is not a Krestonostsy campaign chronicle")
        version = doc.get("version")
        if type(version) is not int or version < 1:
            raise ChronicleError("is damaged: its format version is missing")
        if version > VERSION:
            raise ChronicleError(f"was written by a newer version of the game (chronicle "
                                 f"format {version}; this version reads up to {VERSION}); "
                                 "update the game to open it", newer=True)
        seats, seed, chapters = doc.get("seats"), doc.get("seed"), doc.get("chapters")
        if not isinstance(seats, dict) or type(seed) is not int or not isinstance(chapters, list):
            raise ChronicleError("is damaged: 'seats', 'seed' or 'chapters' is missing")
        advanced = doc.get("advanced", False)
        if type(advanced) is not bool:
            raise ChronicleError("is damaged: 'advanced' must be true or false")
        name = doc.get("name")
        if name is not None and not (isinstance(name, str) and 0 < len(name.strip())
                                     <= MAX_NAME_LENGTH):
            raise ChronicleError("is damaged: its 'name' is not a text of 1 to "
                                 f"{MAX_NAME_LENGTH} characters")
        progress = doc.get("in_progress")
        if progress is not None and not (isinstance(progress, dict)
                                         and isinstance(progress.get("autosave"), str)):
            raise ChronicleError("is damaged: 'in_progress' names no autosave")
        try:
            check_lineup(data.rules(data.scenarios[0].id).content, list(seats))
        except ValueError as err:
            raise ChronicleError(f"is damaged: {err}") from None
        chronicle = cls(path, seats, seed, data, in_progress=progress, advanced=advanced,
                        name=name)
        for i, record in enumerate(chapters):
            if not isinstance(record, dict) or not isinstance(record.get("save"), dict):
                raise ChronicleError(f"is damaged: chapter {i + 1} has no save")
            sid = record["save"].get("setup", {}).get("scenario") \
                if isinstance(record["save"].get("setup"), dict) else None
            try:
                rules = data.rules(sid) if isinstance(sid, str) and any(
                    e.id == sid and e.implemented for e in data.scenarios) else None
                game = Game.from_json(record["save"], rules=rules)
            except (SaveError, ContentError) as err:
                raise ChronicleError(f"chapter {i + 1} does not replay: {err}") from None
            chapter = chronicle._chapter(game, i)
            stored = {k: record.get(k) for k in ("scenario", "seed", "result", "qualities",
                                                 "led", "nicknames", "points", "carry")}
            derived = json.loads(json.dumps({k: v for k, v in chapter.record().items()
                                             if k in stored}))
            if stored != derived:
                wrong = sorted(k for k in stored if stored[k] != derived[k])
                raise ChronicleError(f"chapter {i + 1} ({chapter.scenario}) does not match "
                                     f"its game (recorded {', '.join(wrong)} differ)")
            chronicle.chapters.append(chapter)
        return chronicle


def _backup(path: Path) -> str:
    """Copy a refused chronicle beside itself; the sentence naming the copy. A file
    refused again unchanged (the window lists the campaigns every time it shows them)
    keeps its first copy: no second one is made."""
    try:
        raw = path.read_bytes()
        for old in sorted(path.parent.glob(glob.escape(path.name) + ".bad-*")):
            if old.stat().st_size == len(raw) and old.read_bytes() == raw:
                return f"the file was kept as {old.name}"
    except OSError:
        pass
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(100):
        backup = path.with_name(f"{path.name}.bad-{stamp}" + (f"-{n}" if n else ""))
        if not backup.exists():
            break
    try:
        shutil.copy2(path, backup)
    except OSError as err:
        return f"no backup could be made ({err.strerror or err})"
    return f"the file was kept as {backup.name}"


def list_campaigns(folder: Path | str | None = None) -> list[Path]:
    """The chronicle files in the campaigns folder (several campaigns side by side)."""
    where = campaigns_dir(folder)
    return sorted(where.glob("*.json")) if where.is_dir() else []

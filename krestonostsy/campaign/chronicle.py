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
* ``in_progress``: the autosave of the scenario being played, if any (the window sets it);
* ``digest``: a check sum of all the rest (:func:`digest`), so a file changed outside
  the game is seen before anything is replayed.

Everything else — the standings, the nicknames, the next scenario's starting positions —
is **derived** by replaying the chapters (:meth:`Chronicle.load`), like a save is.

Opening is a pipeline like loading a save (``engine/saves.py``), each stage refusing with a
:class:`~.errors.ChronicleError` whose key says why (the window says it in the player's
language): 1. :func:`decode` — size limit, UTF-8, nesting depth, JSON; 2–3.
:func:`check_shape` — the version, then every field's type and range (seats that are a
line-up, each a human or a bot level; a seed whose chapter seeds are game seeds; no field
unknown or missing); the digest (:func:`read_document` is stages 1–3, all the window needs
to know which game a chronicle links); 4. the replay — each chapter's save replayed and its
recorded outcome and setup compared with the replayed game's. Before refusing, a copy is
kept beside the file (``<id>.json.bad-<time>``) and the error names it.
"""
from __future__ import annotations

import glob
import hashlib
import json
import os
import re
import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from ..content.errors import ContentError
from ..engine import Game, GameOptions, Ruleset, SaveError, check_lineup, nesting_depth
from ..files import atomic_write, remove_stale_temporary_files
from .carry import carry_over
from .data import CampaignData, ScenarioEntry, shipped_campaign
from .errors import ChronicleError
from .qualities import award_nicknames, chronicle_points, led, places, qualities

FORMAT = "krestonostsy-chronicle"
#: 2: the file carries its ``digest``; a version-1 file (without one) is still read.
VERSION = 2
CAMPAIGNS_DIR = "campaigns"
HUMAN = "human"
_ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
#: Four chapters of long 4-player games are ~2 MB; the limit is checked before reading.
MAX_CHRONICLE_BYTES = 64 * 1024 * 1024
#: A chapter's save sits 3 levels down and a save may nest 32 deep (the engine's limit);
#: anything deeper than this is not a chronicle (and never reaches the JSON parser).
MAX_DEPTH = 40
MAX_NAME_LENGTH = 80
MAX_PATH_LENGTH = 4096
#: Chapter seeds are ``seed × 10 + n`` (n ≤ 9) and must stay valid game seeds (< 2**63).
MAX_SEED = (2**63 - 10) // 10
DIGEST_LENGTH = 32
_DIGEST_RE = re.compile(rf"^[0-9a-f]{{{DIGEST_LENGTH}}}$")
_CONTROL_RE = re.compile(r"[\x00-\x1f]")
#: The top-level fields of the current format, all written every time.
FIELDS = ("format", "version", "name", "seats", "seed", "advanced", "chapters", "in_progress",
          "digest")
#: What a chapter records of its game besides the save (compared with the replay).
RECORDED = ("scenario", "seed", "result", "qualities", "led", "nicknames", "points", "carry")
ADVANCED_HOOKS = ("terrain",)
"""The rule changes of the advanced mode (CAMP-10), added to every scenario's own."""


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
        """A new campaign for ``seats`` (state -> ``"human"`` or a bot level, perhaps with a
        play style, in seat order), written at once; ``advanced``: the advanced mode
        (terrain, CAMP-10); ``name``: its name as the players gave it (default:
        ``campaign_id``). ``ValueError`` for an illegal line-up or seat, or a name too
        long."""
        from ..ai.levels import LEVELS
        from ..ai.styles import STYLED_LEVELS, style_ids

        data = data or shipped_campaign()
        states = list(seats)
        first = data.rules(data.scenarios[0].id)
        check_lineup(first.content, states)
        for state, seat in seats.items():
            if not is_seat(seat):
                raise ValueError(f"the seat of {state} must be 'human' or a bot level "
                                 f"({', '.join(LEVELS)}), at {', '.join(STYLED_LEVELS)} "
                                 f"perhaps with a play style ('hard:merchant'; styles: "
                                 f"{', '.join(style_ids()[1:])}), got {seat!r}")
        if type(seed) is not int or not 0 <= seed <= MAX_SEED:
            raise ValueError(f"the campaign seed must be a whole number from 0 to {MAX_SEED}")
        if name is not None and not is_name(name):
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
        """Write the chronicle atomically, sealed with its digest."""
        atomic_write(self.path, json.dumps(sealed(self.to_json()), ensure_ascii=False))

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
            raise ChronicleError("no_next")
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
            raise ChronicleError("no_next")
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
            raise ChronicleError("no_such_scenario", chapter=index + 1)
        chapter, scenario = index + 1, entry.id  # where, in each refusal
        if not game.is_over:
            raise ChronicleError("chapter_not_over", chapter=chapter, scenario=scenario)
        expected_start = self.chapters[index - 1].starting if index else None
        expected_nicks = self.chapters[index - 1].nickname_ids if index else None
        setup = game.setup
        if setup.get("scenario") != entry.id:
            raise ChronicleError("chapter_scenario", found=str(setup.get("scenario")),
                                 chapter=chapter, scenario=scenario)
        for key, bad in (
                ("chapter_states", setup.get("states") != self.states),
                ("chapter_seed", setup.get("seed") != self.chapter_seed(index)),
                ("chapter_starting", (setup.get("starting") or None) != (expected_start or None)),
                ("chapter_options",
                 setup.get("options") != GameOptions.from_json(dict(entry.options)).to_json()),
                ("chapter_nicknames", (setup.get("nicknames") or None) != (expected_nicks or None)),
                ("chapter_advanced", list(setup.get("hooks") or ())
                 != list(ADVANCED_HOOKS if self.advanced else ()))):
            if bad:
                raise ChronicleError(key, chapter=chapter, scenario=scenario)
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
        data = data or shipped_campaign()
        try:
            return cls._replay(path, read_document(path, data), data)
        except ChronicleError as err:
            err.file = path.name
            err.backup, err.backup_problem = _backup(path)
            raise

    @classmethod
    def _replay(cls, path: Path, doc: dict, data: CampaignData) -> Chronicle:
        """Stage 4: the chapters of a checked document replayed and compared with what
        the chronicle recorded of them."""
        chronicle = cls(path, doc["seats"], doc["seed"], data, in_progress=doc["in_progress"],
                        advanced=doc["advanced"], name=doc["name"])
        for i, record in enumerate(doc["chapters"]):
            setup = record["save"].get("setup")
            sid = setup.get("scenario") if isinstance(setup, dict) else None
            try:
                rules = data.rules(sid) if isinstance(sid, str) and any(
                    e.id == sid and e.implemented for e in data.scenarios) else None
                game = Game.from_json(record["save"], rules=rules)
            except (SaveError, ContentError) as err:
                raise ChronicleError("chapter_replay", cause=err, chapter=i + 1,
                                     detail=err) from None
            chapter = chronicle._chapter(game, i)
            stored = {k: record[k] for k in RECORDED}
            derived = json.loads(json.dumps({k: v for k, v in chapter.record().items()
                                             if k in stored}))
            if stored != derived:
                wrong = sorted(k for k in stored if stored[k] != derived[k])
                raise ChronicleError("chapter_record", chapter=i + 1,
                                     scenario=chapter.scenario, fields=", ".join(wrong))
            chronicle.chapters.append(chapter)
        return chronicle


# --- the loader's stages 1–3 (the replay is Chronicle._replay) ---------------------------------

def read_document(path: Path | str, data: CampaignData | None = None) -> dict:
    """Stages 1–3 of opening a chronicle, without replaying it: the file read within
    :data:`MAX_CHRONICLE_BYTES`, decoded (:func:`decode`), every field checked
    (:func:`check_shape`) and its digest compared. Returns the document with every field
    present; :class:`ChronicleError` otherwise. Cheap enough to run on every chronicle
    before every load of a save (the window asks which campaign a game belongs to)."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_CHRONICLE_BYTES:
            raise ChronicleError("too_large", limit=MAX_CHRONICLE_BYTES // 1_048_576)
        raw = path.read_bytes()
    except (OSError, ValueError) as err:  # ValueError: a path the system cannot name
        raise ChronicleError("unreadable", cause=err,
                             detail=getattr(err, "strerror", None) or err) from None
    doc = check_shape(decode(raw), data or shipped_campaign())
    if doc.get("digest") is not None and doc["digest"] != digest(doc):
        raise ChronicleError("digest_mismatch")
    return doc


def decode(raw: bytes) -> dict:
    """Stage 1: the JSON object of a chronicle's bytes — size, UTF-8, nesting depth (the
    parser never gets near its recursion limit), syntax, NaN/Infinity, numbers too long
    for Python to read, a key twice in one object."""
    if len(raw) > MAX_CHRONICLE_BYTES:
        raise ChronicleError("too_large", limit=MAX_CHRONICLE_BYTES // 1_048_576)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ChronicleError("not_utf8") from None
    if nesting_depth(text) > MAX_DEPTH:
        raise ChronicleError("too_deep", depth=MAX_DEPTH)
    try:
        doc = json.loads(text, parse_constant=_no_constant, object_pairs_hook=_no_twice)
    except (ValueError, RecursionError):  # JSONDecodeError, a 5,000-digit number, NaN
        raise ChronicleError("bad_json") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ChronicleError("not_a_chronicle")
    return doc


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number a chronicle holds")


def _no_twice(pairs: list) -> dict:
    """A JSON object whose every key appears once (the parser would keep the last of two
    silently: a file the game never writes)."""
    out = dict(pairs)
    if len(out) != len(pairs):
        raise ValueError("a key appears twice")
    return out


def check_shape(doc: dict, data: CampaignData) -> dict:
    """Stages 2–3: the version, then every field's type and range (the seats are a line-up
    of the campaign, each a human or a bot level; the seed leaves every chapter's seed a
    valid game seed; each chapter is a record with exactly :data:`RECORDED` and its save).
    A version-1 file (written before the digest) may lack the fields added since; the
    document returned has them all."""
    version = doc.get("version")
    if type(version) is not int or version < 1:
        raise ChronicleError("bad_version")
    if version > VERSION:
        raise ChronicleError("newer", version=version, current=VERSION)
    for key in doc:
        if key not in FIELDS or (key == "digest" and version < VERSION):
            raise ChronicleError("unknown_field", field=str(key)[:40])
    needed = FIELDS if version == VERSION else ("seats", "seed", "chapters")
    for key in needed:
        if key not in doc:
            raise ChronicleError("missing_field", field=key)
    doc = {"name": None, "advanced": False, "in_progress": None, "digest": None, **doc}
    seats = doc["seats"]
    if not isinstance(seats, dict):
        raise ChronicleError("seats_type")
    try:
        check_lineup(data.rules(data.scenarios[0].id).content, list(seats))
    except ValueError:
        raise ChronicleError("lineup") from None
    for state, seat in seats.items():
        if not is_seat(seat):
            raise ChronicleError("seat_kind", state=state)
    if type(doc["seed"]) is not int or not 0 <= doc["seed"] <= MAX_SEED:
        raise ChronicleError("seed_range", limit=MAX_SEED)
    if type(doc["advanced"]) is not bool:
        raise ChronicleError("advanced_type")
    if doc["name"] is not None and not is_name(doc["name"]):
        raise ChronicleError("name_type", limit=MAX_NAME_LENGTH)
    progress = doc["in_progress"]
    if progress is not None and not (isinstance(progress, dict) and set(progress) == {"autosave"}
                                     and _is_path(progress["autosave"])):
        raise ChronicleError("in_progress")
    if not isinstance(doc["chapters"], list):
        raise ChronicleError("chapters_type")
    for i, record in enumerate(doc["chapters"]):
        if not (isinstance(record, dict) and set(record) == set(RECORDED) | {"save"}
                and isinstance(record["save"], dict)):
            raise ChronicleError("chapter_type", chapter=i + 1)
    sealed = doc["digest"]
    if sealed is not None and not (type(sealed) is str and _DIGEST_RE.match(sealed)):
        raise ChronicleError("digest_type", length=DIGEST_LENGTH)
    return doc


def digest(doc: dict) -> str:
    """The check sum of a chronicle document: a hash of everything but the digest itself,
    in a canonical form (sorted keys), so any change made outside the game is seen."""
    body = {k: v for k, v in doc.items() if k != "digest"}
    text = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:DIGEST_LENGTH]


def sealed(doc: dict) -> dict:
    """``doc`` with its digest (what :meth:`Chronicle.save` writes)."""
    return {**doc, "digest": digest(doc)}


def is_seat(seat) -> bool:
    """A seat is ``"human"`` or a bot level, perhaps with a play style (``"hard"``,
    ``"hard:merchant"``: ``ai.levels.parse_seat_kind``), exactly as written (no other
    spelling: the balanced bot is the bare level, never ``"hard:balanced"``)."""
    from ..ai.levels import parse_seat_kind, seat_kind
    if type(seat) is not str:
        return False
    if seat == HUMAN:
        return True
    try:
        return seat_kind(*parse_seat_kind(seat)) == seat
    except ValueError:
        return False


def is_name(name) -> bool:
    return isinstance(name, str) and 0 < len(name.strip()) <= MAX_NAME_LENGTH


def _is_path(value) -> bool:
    """An autosave's path as the window writes it: a text a file system can name."""
    return (type(value) is str and 0 < len(value) <= MAX_PATH_LENGTH
            and not _CONTROL_RE.search(value))


def _backup(path: Path) -> tuple[str | None, str | None]:
    """Copy a refused chronicle beside itself: ``(the copy's name, None)``, or ``(None,
    why no copy could be made)``. A file refused again unchanged (the window lists the
    campaigns every time it shows them) keeps its first copy: no second one is made."""
    try:
        raw = path.read_bytes()
        for old in sorted(path.parent.glob(glob.escape(path.name) + ".bad-*")):
            if old.stat().st_size == len(raw) and old.read_bytes() == raw:
                return old.name, None
    except (OSError, ValueError):
        pass
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(100):
        backup = path.with_name(f"{path.name}.bad-{stamp}" + (f"-{n}" if n else ""))
        if not backup.exists():
            break
    try:
        shutil.copy2(path, backup)
    except (OSError, ValueError) as err:
        return None, str(getattr(err, "strerror", None) or err)
    return backup.name, None


def list_campaigns(folder: Path | str | None = None) -> list[Path]:
    """The chronicle files in the campaigns folder (several campaigns side by side)."""
    where = campaigns_dir(folder)
    return sorted(where.glob("*.json")) if where.is_dir() else []


def remove_stale_writes(folder: Path | str | None = None) -> int:
    """Delete the temporary files a killed chronicle write left in the campaigns folder
    (see :func:`~krestonostsy.files.remove_stale_temporary_files`); how many."""
    return remove_stale_temporary_files(campaigns_dir(folder))

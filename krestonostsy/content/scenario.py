"""Scenarios: ``data/scenarios/<id>.yaml``, what one kind of game is made of.

A scenario names

* its **content**: for every deck the card file (under ``cards/``) and how many cards it
  must hold (the loader refuses a deck of another size), and the card files a scenario
  adds to a deck (``add: [{file, count}]``, e.g. a campaign scenario's 8 events);
* its **setup recipe**: the numbers the setup uses (events for the game, raid tokens,
  open market slots as a formula of the player count, the last round), cities that are
  blocked in every line-up, outer cross cells blocked for the whole game, cities that
  start otherwise than printed (level, Saracens), and each state's starting position
  when it differs from the state boards (coins, units, cities held, sanctity cell,
  influence);
* its **components** beyond the base box (``components:``, each kind read and checked
  by its own module of ``content/components/``, e.g. the trade board, with the deck of
  its own cards when it has one);
* its **rule changes**: the names of hooks the engine implements
  (``krestonostsy.engine.ruleset.HOOKS``), switched on for games of this scenario only.

The base game is the scenario ``base``. Loading checks everything it can without the
engine (types, ranges, card files that exist, cities and states of the board) and raises
:class:`ContentError` as ``base.yaml:LINE: what is wrong``; the engine's
``Ruleset`` then checks the hook names and the market slots at the lines recorded here.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from .components import COMPONENTS
from .components import DECKS as COMPONENT_DECKS
from .components.spec import DeckSpec
from .errors import ContentError
from .yamlfile import Reader, read_yaml

SCENARIOS_DIR = "scenarios"
CARDS_DIR = "cards"
PLAYER_COUNTS = (2, 3, 4)
ID_RE = re.compile(r"^[a-z][a-z0-9_]*$")
_SLOTS_RE = re.compile(r"^\s*(?:(players)\s*(?:([+-])\s*(\d+))?|(\d+))\s*$")

# Every deck the rules use, and the extra counts a deck's file is checked against.
DECKS = ("events", "buildings", "tactics", "saracens", "governors", "bulls", "spies",
         "rescripts", "homs")
DECK_EXTRA_COUNTS = {"tactics": ("starting_per_state",), "governors": ("starting",)}
MAX_ROUNDS = 20
CROSS_ORDERS = ("build", "prayer", "muster", "march")  # the cross (engine/state.py)
MAX_INFLUENCE = 99


@dataclass(frozen=True)
class Slots:
    """Open slots of a market as a formula of the player count: ``per_player × n + plus``
    (written ``players + 1`` or ``3`` in the YAML)."""

    per_player: int
    plus: int

    def for_players(self, n: int) -> int:
        return self.per_player * n + self.plus

    def __str__(self) -> str:
        if not self.per_player:
            return str(self.plus)
        return "players" + (f" {'+' if self.plus > 0 else '-'} {abs(self.plus)}"
                            if self.plus else "")


@dataclass(frozen=True)
class SetupRecipe:
    """The numbers and pieces a scenario's setup uses (see ``engine/setup.py``)."""

    events: int  # SETUP-03: events drawn for the game, the rest go back to the box
    raid_tokens: int  # SETUP-04: raid tokens on the Saracen track
    last_round: int  # END-01.3: the era ends after this round
    open_market_slots: Mapping[str, Slots]  # SETUP-10/14/17
    blocked_cities: tuple[str, ...]  # cities that do not exist in any line-up
    starting: Mapping[str, StartingPosition]  # state -> its start, where not as printed
    cities: Mapping[str, CityStart] = field(default_factory=lambda: MappingProxyType({}))  # cities not as printed
    blocked_cross: tuple[str, ...] = ()  # orders whose outer cross cell is blocked


@dataclass(frozen=True)
class CityStart:
    """A city that starts otherwise than the map prints it (None = as printed)."""

    level: int | None = None
    saracens: int | None = None


@dataclass(frozen=True)
class StartingPosition:
    """A state's start where it differs from its state board (None/empty = as printed).

    ``units``: units in the capital; ``cities``: other cities held from the start, each
    with the units standing in it (a city absent in the line-up is not held, its units
    stay in supply); ``sanctity``: the cell of the state's piece on the sanctity track;
    ``influence``: influence points at the start (a campaign's carried advantage)."""

    coins: int | None = None
    units: int | None = None
    cities: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    sanctity: int | None = None
    influence: int = 0

    def get(self, key: str, default=None):
        """The printed-over value of ``coins``/``units`` (``default`` when not set)."""
        value = getattr(self, key)
        return default if value is None else value

    def to_json(self) -> dict:
        out: dict = {k: getattr(self, k) for k in ("coins", "units", "sanctity")
                     if getattr(self, k) is not None}
        if self.cities:
            out["cities"] = dict(self.cities)
        if self.influence:
            out["influence"] = self.influence
        return out


def _components(root: Reader, board, lines: dict) -> dict:
    out: dict = {}
    if not root.has("components"):
        return out
    for kind, r in root.entries("components", "component"):
        spec = COMPONENTS.get(kind)
        if spec is None:
            root.sub("components").fail(f"unknown component '{kind}' (known: "
                                        f"{', '.join(COMPONENTS)})", kind)
        r.where = f"component '{kind}'"
        lines[f"components.{kind}"] = r.line
        out[kind] = spec.read(r, board)
    return out


@dataclass(frozen=True)
class Scenario:
    """A scenario file, validated. ``lines`` maps ``hooks.<name>`` and
    ``open_market_slots.<market>`` to their lines, for the engine's own checks."""

    id: str
    name: str
    file: str
    decks: Mapping[str, DeckSpec]
    setup: SetupRecipe
    hooks: tuple[str, ...]
    lines: Mapping[str, int]
    components: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    def fail(self, key: str, message: str) -> ContentError:
        """A :class:`ContentError` at the line of ``key`` (see ``lines``)."""
        return ContentError(self.file, self.lines.get(key), message)


def scenario_ids(data_dir: Path) -> list[str]:
    """The ids of the scenarios in ``data_dir/scenarios`` (file names without .yaml)."""
    folder = Path(data_dir) / SCENARIOS_DIR
    return sorted(p.stem for p in folder.glob("*.yaml")) if folder.is_dir() else []


def scenario_path(data_dir: Path, scenario_id: str) -> Path:
    """The file of scenario ``scenario_id``; :class:`ContentError` if there is none."""
    if not isinstance(scenario_id, str) or not ID_RE.match(scenario_id):
        raise ContentError(f"{SCENARIOS_DIR}/", None,
                           f"'{scenario_id}' is not a scenario id (lowercase_with_underscores)")
    path = Path(data_dir) / SCENARIOS_DIR / f"{scenario_id}.yaml"
    if not path.is_file():
        known = ", ".join(scenario_ids(data_dir)) or "none"
        raise ContentError(f"{SCENARIOS_DIR}/{scenario_id}.yaml", None,
                           f"no scenario '{scenario_id}' (known scenarios: {known})")
    return path


def load_scenario(data_dir: Path, scenario_id: str, board) -> Scenario:
    """Read and check ``data_dir/scenarios/<scenario_id>.yaml`` against ``board``."""
    path = scenario_path(data_dir, scenario_id)
    file = path.name
    root = Reader(read_yaml(path), file, "scenario", line=1)  # the whole file: its line 1
    lines: dict[str, int] = {}
    sid = root.str("id")
    if sid != scenario_id:
        root.fail(f"id '{sid}' must be the file's name '{scenario_id}'", "id")
    name = root.str("name").strip()
    decks = _decks(root, Path(data_dir) / CARDS_DIR)
    setup = _setup(root.sub("setup"), board, decks, lines)
    components = _components(root, board, lines)
    for kind, spec in COMPONENTS.items():  # each kind against the decks it needs
        if spec.check is not None:
            spec.check(root, components.get(kind), decks)
    hooks: list[str] = []
    listed = root.list("hooks", [])
    item_lines = getattr(listed, "item_lines", None) or [root.line_of("hooks")] * len(listed)
    for item, line in zip(listed, item_lines, strict=True):
        if not isinstance(item, str) or not ID_RE.match(item):
            raise ContentError(file, line, "a hook is a name (lowercase_with_underscores), "
                               f"got {item!r}")
        if item in hooks:
            raise ContentError(file, line, f"hook '{item}' is listed twice")
        hooks.append(item)
        lines[f"hooks.{item}"] = line
    root.done()
    return Scenario(id=sid, name=name, file=file, decks=MappingProxyType(decks),
                    setup=setup, hooks=tuple(hooks), lines=MappingProxyType(lines),
                    components=MappingProxyType(components))


def _decks(root: Reader, cards_dir: Path) -> dict:
    cards = root.sub("cards", "cards")
    out = {}
    for deck in (*DECKS, *(d for d in COMPONENT_DECKS if cards.has(d))):
        r = cards.sub(deck, f"deck '{deck}'")
        file = _card_file(r, cards_dir, ())
        count = None if deck == "homs" else r.int("count", lo=1, hi=500)
        extra = {k: r.int(k, lo=0, hi=count or 0) for k in DECK_EXTRA_COUNTS.get(deck, ())}
        added: list[tuple[str, int]] = []
        if r.has("add"):
            if deck == "homs":
                r.fail("the Homs card is a single card: nothing can be added to it", "add")
            for a in r.readers("add", f"a card file added to '{deck}'"):
                added.append((_card_file(a, cards_dir, (file, *(f for f, _ in added))),
                              a.int("count", lo=1, hi=500)))
                a.done()
        r.done()
        out[deck] = DeckSpec(file=file, count=count, extra=MappingProxyType(extra),
                             add=tuple(added))
    cards.done()
    return out


def _card_file(r: Reader, cards_dir: Path, taken: tuple) -> str:
    """The ``file`` of a deck entry: a .yaml name in ``cards/`` that exists, used once."""
    file = r.str("file")
    if "/" in file or "\\" in file or not file.endswith(".yaml"):
        r.fail(f"'file' is '{file}': a .yaml file name in {CARDS_DIR}/", "file")
    if not (cards_dir / file).is_file():
        r.fail(f"missing card file {CARDS_DIR}/{file}", "file")
    if file in taken:
        r.fail(f"card file {CARDS_DIR}/{file} is named twice for this deck", "file")
    return file


def _setup(r: Reader, board, decks: dict, lines: dict) -> SetupRecipe:
    events = r.int("events", lo=1, hi=decks["events"].count)
    raid_tokens = r.int("raid_tokens", lo=1, hi=len(board.saracen_cells))
    last_round = r.int("last_round", lo=1, hi=MAX_ROUNDS)
    slots = {}
    m = r.sub("open_market_slots")
    lines["open_market_slots"] = r.line_of("open_market_slots")
    for market, value in m.node.items():
        m.used.add(market)
        lines[f"open_market_slots.{market}"] = m.line_of(market)
        slots[market] = _slots(m, market, value)
    blocked = []
    for cid in r.list("blocked_cities", []):
        if not isinstance(cid, str) or cid not in board.cities:
            r.fail(f"unknown city '{cid}' in 'blocked_cities'", "blocked_cities")
        if board.cities[cid].kind == "capital":
            r.fail(f"'{cid}' is a capital: a state cannot lose its capital before the game",
                   "blocked_cities")
        blocked.append(cid)
    cities = _city_starts(r, board, blocked)
    blocked_cross = []
    for order in r.list("blocked_cross", []):
        if order not in CROSS_ORDERS:
            r.fail(f"unknown order '{order}' in 'blocked_cross' (the orders: "
                   f"{', '.join(CROSS_ORDERS)})", "blocked_cross")
        if order in blocked_cross:
            r.fail(f"'{order}' is listed twice in 'blocked_cross'", "blocked_cross")
        blocked_cross.append(order)
    if len(blocked_cross) >= len(CROSS_ORDERS) - 1:
        r.fail("'blocked_cross' must leave at least two outer cells open (one per player "
               "and round, PLAN-09, for a game of 2)", "blocked_cross")
    starting = _starting_positions(r, board, blocked, cities)
    r.done()
    return SetupRecipe(events=events, raid_tokens=raid_tokens, last_round=last_round,
                       open_market_slots=MappingProxyType(slots),
                       blocked_cities=tuple(blocked), starting=MappingProxyType(starting),
                       cities=MappingProxyType(cities), blocked_cross=tuple(blocked_cross))


def _city_starts(r: Reader, board, blocked: list) -> dict[str, CityStart]:
    """``cities: {city: {level, saracens}}``: cities that start otherwise than printed."""
    out: dict = {}
    if not r.has("cities"):
        return out
    for cid, c in r.entries("cities", "city"):
        if cid not in board.cities:
            r.sub("cities").fail(f"unknown city '{cid}'", cid)
        if cid in blocked:
            c.fail(f"'{cid}' is in 'blocked_cities': a blocked city has no start")
        level = c.int("level", None, lo=1, hi=3)
        saracens = c.int("saracens", None, lo=0, hi=board.saracen_supply)
        if board.cities[cid].kind == "capital" and saracens:
            c.fail("a capital starts held by its state, without Saracens", "saracens")
        c.done()
        if level is None and saracens is None:
            c.fail("name its 'level' or its 'saracens' (or leave the city out)")
        out[cid] = CityStart(level=level, saracens=saracens)
    total = sum(city.saracens if cid not in out or out[cid].saracens is None
                else out[cid].saracens for cid, city in board.cities.items())
    if total > board.saracen_supply:
        r.fail(f"the cities start with {total} Saracens, but there are only "
               f"{board.saracen_supply}", "cities")
    return out


def _starting_positions(r: Reader, board, blocked: list, cities: Mapping) -> dict:
    """``starting: {state: {coins, units, cities, sanctity, influence}}`` (see
    :class:`StartingPosition`)."""
    out: dict = {}
    if not r.has("starting"):
        return out
    held: dict = {}
    for state, s in r.entries("starting", "starting"):
        if state not in board.states:
            r.sub("starting").fail(f"unknown state '{state}' (expected one of "
                                   f"{', '.join(board.states)})", state)
        s.where = f"starting '{state}'"
        coins = s.int("coins", None, lo=0, hi=99)
        units = s.int("units", None, lo=1, hi=board.units_per_state)
        sanctity = s.int("sanctity", None, lo=0, hi=board.sanctity_length - 1)
        influence = s.int("influence", 0, lo=0, hi=MAX_INFLUENCE)
        own: dict = {}
        if s.has("cities"):
            for cid, n in s.mapping("cities").items():
                where = f"'cities' of '{state}'"
                if cid not in board.cities:
                    s.fail(f"unknown city '{cid}' in {where}", "cities")
                if board.cities[cid].kind == "capital":
                    s.fail(f"'{cid}' is a capital: a state starts in its own capital only "
                           f"(its units are 'units')", "cities")
                if cid in blocked:
                    s.fail(f"'{cid}' is in 'blocked_cities' and cannot be held", "cities")
                if cid in held:
                    s.fail(f"'{cid}' is already held by '{held[cid]}'", "cities")
                if cid in cities and cities[cid].saracens:
                    s.fail(f"'{cid}' starts with Saracens ('cities'), it cannot be held",
                           "cities")
                if isinstance(n, bool) or not isinstance(n, int) or n < 1:
                    s.fail(f"a held city has at least 1 unit: '{cid}' has {n!r} in {where}",
                           "cities")
                held[cid] = state
                own[cid] = n
        s.done()
        in_capital = board.states[state].units if units is None else units
        if in_capital + sum(own.values()) > board.units_per_state:
            s.fail(f"'{state}' starts with {in_capital + sum(own.values())} units on the map, "
                   f"but a state has {board.units_per_state}")
        out[state] = StartingPosition(coins=coins, units=units, cities=MappingProxyType(own),
                                      sanctity=sanctity, influence=influence)
    return out


def with_starting(scenario: Scenario, board, extra: Mapping) -> Scenario:
    """``scenario`` with more starting positions (a campaign's carry-over, as JSON:
    ``{state: {coins, units, cities: {city: units}, sanctity, influence}}``).

    Per state, a value given in ``extra`` replaces the scenario's; held cities are added
    to the scenario's. The result is checked like the scenario file's own ``starting``
    (:class:`ContentError` naming the scenario file and the carry-over)."""
    merged: dict = {state: pos.to_json() for state, pos in scenario.setup.starting.items()}
    if not isinstance(extra, Mapping):
        raise ContentError(scenario.file, None, "the carried starting positions must be a "
                           f"mapping of states, got {type(extra).__name__}")
    for state, values in extra.items():
        if not isinstance(values, Mapping):
            raise ContentError(scenario.file, None, f"carried start of '{state}' must be a "
                               f"mapping, got {type(values).__name__}")
        mine = merged.setdefault(state, {})
        for key, value in values.items():
            if key == "cities" and isinstance(value, Mapping):
                mine["cities"] = {**mine.get("cities", {}), **value}
            else:
                mine[key] = value
    r = Reader({"starting": merged}, f"{scenario.file} (with carried starting positions)")
    starting = _starting_positions(r, board, list(scenario.setup.blocked_cities),
                                   scenario.setup.cities)
    return replace(scenario, setup=replace(scenario.setup,
                                           starting=MappingProxyType(starting)))


def _slots(m: Reader, market: str, value) -> Slots:
    text = str(value) if isinstance(value, int) and not isinstance(value, bool) else value
    match = _SLOTS_RE.match(text) if isinstance(text, str) else None
    if match is None:
        raise ContentError(m.file, m.line_of(market), f"{m.where}: '{market}' is {value!r}: "
                           "open slots are a number or 'players + N'")
    if match.group(1):
        plus = int(match.group(3) or 0) * (-1 if match.group(2) == "-" else 1)
        slots = Slots(per_player=1, plus=plus)
    else:
        slots = Slots(per_player=0, plus=int(match.group(4)))
    if any(slots.for_players(n) < 0 for n in PLAYER_COUNTS):
        m.fail(f"'{market}' is '{value}': fewer than 0 open slots with "
               f"{min(PLAYER_COUNTS)} players", market)
    return slots

"""Scenarios: ``data/scenarios/<id>.yaml``, what one kind of game is made of.

A scenario names

* its **content**: for every deck the card file (under ``cards/``) and how many cards it
  must hold (the loader refuses a deck of another size);
* its **setup recipe**: the numbers the setup uses (events for the game, raid tokens,
  open market slots as a formula of the player count, the last round), cities that are
  blocked in every line-up and the states' starting coins and units when they differ
  from the state boards;
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
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

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
STARTING_KEYS = ("coins", "units")
MAX_ROUNDS = 20


@dataclass(frozen=True)
class DeckSpec:
    """One deck of a scenario: its card file and the number of cards it must hold.

    ``count`` is None for a single card (the Homs card); ``extra`` holds the deck's other
    counts (``starting_per_state`` tactics, ``starting`` governors)."""

    file: str
    count: int | None
    extra: Mapping[str, int]


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
    starting: Mapping[str, Mapping[str, int]]  # state -> {coins, units} printed otherwise


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
    root = Reader(read_yaml(path), file, "scenario")
    lines: dict[str, int] = {}
    sid = root.str("id")
    if sid != scenario_id:
        root.fail(f"id '{sid}' must be the file's name '{scenario_id}'", "id")
    name = root.str("name").strip()
    decks = _decks(root, Path(data_dir) / CARDS_DIR)
    setup = _setup(root.sub("setup"), board, decks, lines)
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
                    setup=setup, hooks=tuple(hooks), lines=MappingProxyType(lines))


def _decks(root: Reader, cards_dir: Path) -> dict:
    cards = root.sub("cards", "cards")
    out = {}
    for deck in DECKS:
        r = cards.sub(deck, f"deck '{deck}'")
        file = r.str("file")
        if "/" in file or "\\" in file or not file.endswith(".yaml"):
            r.fail(f"'file' is '{file}': a .yaml file name in {CARDS_DIR}/", "file")
        if not (cards_dir / file).is_file():
            r.fail(f"missing card file {CARDS_DIR}/{file}", "file")
        count = None if deck == "homs" else r.int("count", lo=1, hi=500)
        extra = {k: r.int(k, lo=0, hi=count or 0) for k in DECK_EXTRA_COUNTS.get(deck, ())}
        r.done()
        out[deck] = DeckSpec(file=file, count=count, extra=MappingProxyType(extra))
    cards.done()
    return out


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
    starting = {}
    st = r.sub("starting") if r.has("starting") else None
    if st is not None:
        for state in st.node:
            if state not in board.states:
                st.fail(f"unknown state '{state}' (expected one of "
                        f"{', '.join(board.states)})", state)
            s = st.sub(state, f"starting '{state}'")
            values = {}
            if s.has("coins"):
                values["coins"] = s.int("coins", lo=0, hi=99)
            if s.has("units"):
                values["units"] = s.int("units", lo=1, hi=board.units_per_state)
            s.done()
            starting[state] = MappingProxyType(values)
    r.done()
    return SetupRecipe(events=events, raid_tokens=raid_tokens, last_round=last_round,
                       open_market_slots=MappingProxyType(slots),
                       blocked_cities=tuple(blocked), starting=MappingProxyType(starting))


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

"""The campaign's data: ``data/campaign/*.yaml`` (docs/campaign.md), validated.

* ``campaign.yaml``: the scenarios in order (CAMP-01) with their names, years, options and
  briefings (the story text, the special rules in the order a player meets them, the
  cities the briefing's map highlights, the new components); chronicle points (CAMP-02); the qualities as weighted measures (CAMP-03); the
  bulls' symbol bonus (CAMP-09); the carry-overs (CAMP-05..08).
* ``nicknames.yaml``: the 20 nickname cards, one per quality and scenario (CAMP-04).
* ``bull_symbols.yaml``: the quality on the left of each bull (BULL-05, CAMP-09).

Every problem is a :class:`ContentError` ``file:line: what is wrong``, like the card
files. A scenario is *implemented* when ``data/scenarios/<id>.yaml`` exists; the campaign
plays those and names the others.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType

from ..content.components import COMPONENTS
from ..content.errors import ContentError
from ..content.loader import load_content
from ..content.scenario import ID_RE, PLAYER_COUNTS, scenario_ids
from ..content.yamlfile import Reader, read_yaml
from ..engine import GameOptions
from ..resources import data_dir as shipped_data_dir
from .qualities import MEASURES, QUALITIES

CAMPAIGN_DIR = "campaign"
NICKNAME_ADVANTAGES = ("coins", "units", "sanctity", "influence")
RULE_ID_RE = re.compile(r"^CAMP-[A-Z0-9]+(?:-[A-Z0-9]+)*$")
"""A rule ID of docs/campaign.md §10 (``CAMP-05``, ``CAMP-S2-01``)."""


@dataclass(frozen=True)
class SpecialRule:
    """One rule a scenario changes, as its briefing tells it: a title, a text (both
    translatable) and the docs/campaign.md rule IDs behind it."""

    title: str
    text: str
    rules: tuple[str, ...]


@dataclass(frozen=True)
class ScenarioEntry:
    """One scenario of the campaign: its id, name, years, game options and briefing
    (``briefing`` is "" for a scenario not implemented yet): the story text, its special
    rules, the cities its map highlights and its new components (kinds of
    ``content.components.COMPONENTS``)."""

    id: str
    name: str
    years: str
    options: Mapping
    briefing: str
    implemented: bool
    special_rules: tuple[SpecialRule, ...] = ()
    highlight: tuple[str, ...] = ()
    components: tuple[str, ...] = ()


@dataclass(frozen=True)
class Nickname:
    id: str
    quality: str
    scenario: str
    name: str


@dataclass(frozen=True)
class CampaignData:
    """Everything ``data/campaign`` says (see the module docstring)."""

    name: str
    scenarios: tuple[ScenarioEntry, ...]
    place_points: Mapping[int, tuple[int, ...]]
    points_per_quality_led: int
    qualities: Mapping[str, Mapping[str, int]]  # quality -> {measure: weight}, in tie order
    quality_names: Mapping[str, str]
    bull_symbol_bonus: int
    bull_symbols: Mapping[str, str]
    fief_units: int
    lost_capital_units: int
    last_place: Mapping[str, int]
    nickname_advantage: Mapping[str, Mapping[str, int]]
    nicknames: tuple[Nickname, ...]
    data_dir: str | None  # the content folder (None: the shipped data)

    def rules(self, scenario: str):
        """The ruleset of ``scenario`` in this campaign's content folder."""
        from ..engine import load_ruleset
        return load_ruleset(scenario, self.data_dir)

    def scenario(self, sid: str) -> ScenarioEntry:
        for entry in self.scenarios:
            if entry.id == sid:
                return entry
        raise KeyError(sid)

    def nickname(self, scenario: str, quality: str) -> Nickname:
        for n in self.nicknames:
            if n.scenario == scenario and n.quality == quality:
                return n
        raise KeyError((scenario, quality))


def load_campaign(directory: Path | str | None = None) -> CampaignData:
    """Read and check ``directory/campaign`` (the shipped data by default)."""
    root_dir = Path(directory) if directory is not None else shipped_data_dir()
    folder = root_dir / CAMPAIGN_DIR
    if not folder.is_dir():
        raise ContentError(f"{CAMPAIGN_DIR}/", None, "missing folder (the campaign's data)")
    known = set(scenario_ids(root_dir))
    cities = tuple(load_content(root_dir, "base").board.cities)
    r = Reader(_read(folder, "campaign.yaml"), "campaign.yaml", "campaign")
    name = r.str("name").strip()
    scenarios: list[ScenarioEntry] = []
    for s in r.readers("scenarios", "scenario"):
        sid = s.str("id")
        if not ID_RE.match(sid):
            s.fail(f"'{sid}' is not a scenario id (lowercase_with_underscores)", "id")
        if any(e.id == sid for e in scenarios):
            s.fail(f"scenario '{sid}' is listed twice", "id")
        s.where = f"scenario '{sid}'"
        options = s.mapping("options", {})
        try:
            GameOptions.from_json(dict(options))
        except ValueError as err:
            s.fail(f"'options': {err}", "options")
        implemented = sid in known
        briefing = s.str("briefing", "").strip()
        if implemented and not briefing:
            s.fail("an implemented scenario needs its 'briefing'", "id")
        special = tuple(_special_rule(x) for x in s.readers("special_rules", "special rule")
                        ) if s.has("special_rules") else ()
        if implemented and not special:
            s.fail("an implemented scenario needs its 'special_rules' (what it changes)", "id")
        highlight = _names(s, "highlight", cities, "city")
        components = _names(s, "components", tuple(COMPONENTS), "component")
        entry = ScenarioEntry(id=sid, name=s.str("name").strip(), years=s.str("years"),
                              options=MappingProxyType(dict(options)), briefing=briefing,
                              implemented=implemented, special_rules=special,
                              highlight=highlight, components=components)
        s.done()
        scenarios.append(entry)
    if not scenarios or not scenarios[0].implemented:
        r.fail("the first scenario must exist in scenarios/ (the campaign starts with it)",
               "scenarios")
    p = r.sub("points")
    places: dict = {}
    table = p.mapping("places")
    for n in PLAYER_COUNTS:
        row = table.get(n)
        if not isinstance(row, list) or len(row) != n or not all(
                type(v) is int and v >= 0 for v in row) or sorted(row, reverse=True) != row:
            p.fail(f"'places' of {n} players must be {n} whole numbers, best first", "places")
        places[n] = tuple(row)
    extra = [k for k in table if k not in PLAYER_COUNTS]
    if extra:
        p.fail(f"'places' names {extra[0]!r} players (a campaign has 2 to 4)", "places")
    per_led = p.int("per_quality_led", lo=0, hi=20)
    p.done()
    qualities: dict = {}
    quality_names: dict = {}
    for q, qr in r.entries("qualities", "quality"):
        if q not in QUALITIES:
            r.sub("qualities").fail(f"unknown quality '{q}' (the qualities: "
                                    f"{', '.join(QUALITIES)})", q)
        quality_names[q] = qr.str("name").strip()
        measures = {}
        for m, w in qr.mapping("measures").items():
            if m not in MEASURES:
                qr.fail(f"unknown measure '{m}' (known: {', '.join(sorted(MEASURES))})",
                        "measures")
            if type(w) is not int or not 1 <= w <= 10:
                qr.fail(f"the weight of '{m}' must be a whole number 1..10, got {w!r}",
                        "measures")
            measures[m] = w
        if not measures:
            qr.fail("a quality is measured by at least one measure", "measures")
        qr.done()
        qualities[q] = MappingProxyType(measures)
    missing = [q for q in QUALITIES if q not in qualities]
    if missing:
        r.fail(f"'qualities' misses '{missing[0]}'", "qualities")
    bonus = r.int("bull_symbol_bonus", lo=0, hi=20)
    c = r.sub("carry")
    fief = c.int("fief_units", lo=0, hi=5)
    lost = c.int("lost_capital_units", lo=0, hi=5)
    last = _advantage(c.sub("last_place"))
    nick = {}
    for q, qr in c.entries("nickname", "nickname advantage of"):
        if q not in QUALITIES:
            c.sub("nickname").fail(f"unknown quality '{q}'", q)
        nick[q] = _advantage(qr)
    missing = [q for q in QUALITIES if q not in nick]
    if missing:
        c.fail(f"'nickname' misses the advantage of '{missing[0]}'", "nickname")
    c.done()
    r.done()
    nicknames = _nicknames(folder, [e.id for e in scenarios])
    symbols = _bull_symbols(root_dir, folder)
    return CampaignData(
        name=name, scenarios=tuple(scenarios), place_points=MappingProxyType(places),
        points_per_quality_led=per_led, qualities=MappingProxyType(qualities),
        quality_names=MappingProxyType(quality_names), bull_symbol_bonus=bonus,
        bull_symbols=MappingProxyType(symbols), fief_units=fief, lost_capital_units=lost,
        last_place=MappingProxyType(last), nickname_advantage=MappingProxyType(nick),
        nicknames=tuple(nicknames),
        data_dir=None if directory is None else str(root_dir))


@lru_cache(maxsize=2)
def shipped_campaign() -> CampaignData:
    """The shipped campaign data, loaded once per process."""
    return load_campaign(None)


def _read(folder: Path, file: str):
    path = folder / file
    if not path.is_file():
        raise ContentError(f"{CAMPAIGN_DIR}/{file}", None, "missing file")
    return read_yaml(path)


def _special_rule(r: Reader) -> SpecialRule:
    title = r.str("title").strip()
    text = " ".join(r.str("text").split())
    ids = r.list("rules")
    if not ids:
        r.fail("'rules' names at least one rule ID (docs/campaign.md §10)", "rules")
    for rid in ids:
        if not isinstance(rid, str) or not RULE_ID_RE.match(rid):
            r.fail(f"'{rid}' is not a campaign rule ID (CAMP-…, docs/campaign.md §10)",
                   "rules")
    r.done()
    return SpecialRule(title=title, text=text, rules=tuple(ids))


def _names(r: Reader, key: str, known: tuple, what: str) -> tuple[str, ...]:
    """The list ``key`` of ids among ``known`` (an empty list when absent)."""
    values = r.list(key, [])
    for v in values:
        if v not in known:
            r.fail(f"'{key}': unknown {what} {v!r} (known: {', '.join(known)})", key)
    if len(set(values)) != len(values):
        r.fail(f"'{key}' names a {what} twice", key)
    return tuple(values)


def _advantage(r: Reader) -> dict:
    out = {}
    for key in list(r.node):
        if key not in NICKNAME_ADVANTAGES:
            r.fail(f"unknown advantage '{key}' (known: {', '.join(NICKNAME_ADVANTAGES)})", key)
        out[key] = r.int(key, lo=1, hi=10)
    r.done()
    if not out:
        r.fail("an advantage names at least one of " + ", ".join(NICKNAME_ADVANTAGES))
    return out


def _nicknames(folder: Path, scenarios: list) -> list:
    r = Reader(_read(folder, "nicknames.yaml"), "nicknames.yaml", "nicknames")
    out: list[Nickname] = []
    for n in r.readers("nicknames", "nickname"):
        nid = n.str("id")
        if not ID_RE.match(nid) or any(x.id == nid for x in out):
            n.fail(f"'{nid}' is not a new id (lowercase_with_underscores, used once)", "id")
        n.where = f"nickname '{nid}'"
        quality = n.str("quality", choices=QUALITIES)
        scenario = n.str("scenario", choices=scenarios)
        if any(x.quality == quality and x.scenario == scenario for x in out):
            n.fail(f"a second nickname of '{quality}' for '{scenario}'", "quality")
        out.append(Nickname(id=nid, quality=quality, scenario=scenario,
                            name=n.str("name").strip()))
        n.done()
    r.done()
    for sid in scenarios:
        for q in QUALITIES:
            if not any(x.quality == q and x.scenario == sid for x in out):
                r.fail(f"no nickname of '{q}' for the scenario '{sid}' (one per quality "
                       "and scenario)", "nicknames")
    return out


def _bull_symbols(root_dir: Path, folder: Path) -> dict:
    r = Reader(_read(folder, "bull_symbols.yaml"), "bull_symbols.yaml", "bull symbols")
    bulls = set(load_content(root_dir, "base").bulls)
    symbols = {}
    for bull, q in r.mapping("symbols").items():
        if bull not in bulls:
            r.fail(f"unknown bull '{bull}'", "symbols")
        if q not in QUALITIES:
            r.fail(f"bull '{bull}': unknown quality '{q}'", "symbols")
        symbols[bull] = q
    missing = sorted(bulls - set(symbols))
    if missing:
        r.fail(f"bull '{missing[0]}' has no symbol (every bull shows one)", "symbols")
    r.done()
    return symbols

"""Scenario files (``data/scenarios/<id>.yaml``): the shipped one loads, a broken one gives
``file:line: what is wrong`` like the card files, and ``validate-data`` checks them all."""
from __future__ import annotations

import shutil

import pytest

from krestonostsy.cli import main as cli
from krestonostsy.content import ContentError, load_content
from krestonostsy.content.scenario import scenario_ids
from krestonostsy.resources import data_dir


@pytest.fixture
def data(tmp_path):
    """A copy of the shipped content (board, cards, scenarios; not the art)."""
    copy = tmp_path / "data"
    copy.mkdir()
    for name in ("map.yaml", "tracks.yaml"):
        shutil.copy(data_dir() / name, copy / name)
    for folder in ("cards", "scenarios"):
        shutil.copytree(data_dir() / folder, copy / folder)
    return copy


def edit(data, old: str, new: str, marker: str | None = None) -> int:
    """Replace ``old`` by ``new`` in scenarios/base.yaml; the line of ``marker`` (default:
    the first line of ``new``) in the edited text."""
    path = data / "scenarios" / "base.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text, f"test setup: {old!r} not in base.yaml"
    text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    marker = marker or new.splitlines()[0]
    return text[:text.index(marker)].count("\n") + 1


def load_error(data) -> str:
    with pytest.raises(ContentError) as info:
        load_content(data)
    return str(info.value)


def test_the_shipped_scenarios_load():
    assert {"base", "chronicle_beginning", "levantine_merchants", "vassal_of_my_vassal",
            "rise_of_the_crescent"} <= set(scenario_ids(data_dir()))  # + the campaign's (#11)
    content = load_content()
    assert content.scenario.id == "base" and content.scenario.hooks == ()


CASES = [
    # (name, old, new, marker, expected message after "base.yaml:LINE: ")
    ("unknown key", "hooks: []", "hooks: []\nrules: strict", "rules:",
     "scenario: unknown key 'rules'"),
    ("events beyond the deck", "  events: 6 ", "  events: 13 ", None,
     "setup: 'events' is 13, expected 1..12"),
    ("raid tokens beyond the track", "raid_tokens: 5", "raid_tokens: 6", None,
     "setup: 'raid_tokens' is 6, expected 1..5"),
    ("last round not a number", "last_round: 6", "last_round: six", None,
     "setup: 'last_round' must be a whole number, got str 'six'"),
    ("no last round", "  last_round: 6      # END-01.3: the era ends after the sixth round\n",
     "", "  events: 6", "setup: missing required key 'last_round'"),
    ("bad slot formula", "tactics_34: 3", "tactics_34: players * 2", None,
     "open_market_slots: 'tactics_34' is 'players * 2': open slots are a number or "
     "'players + N'"),
    ("negative slots", "tactics_34: 3", "tactics_34: players - 3", None,
     "'tactics_34' is 'players - 3': fewer than 0 open slots with 2 players"),
    ("unknown blocked city", "blocked_cities: []", "blocked_cities: [jaffa]", None,
     "setup: unknown city 'jaffa' in 'blocked_cities'"),
    ("a blocked capital", "blocked_cities: []", "blocked_cities: [edessa]", None,
     "setup: 'edessa' is a capital: a state cannot lose its capital before the game"),
    ("unknown starting state", "starting: {}", "starting: {cyprus: {coins: 3}}", None,
     "starting: unknown state 'cyprus' (expected one of jerusalem, tripoli, edessa, antioch)"),
    ("starting units out of range", "starting: {}", "starting: {edessa: {units: 40}}", None,
     "starting 'edessa': 'units' is 40, expected 1..15"),
    ("unknown card file", "{file: spies.yaml, count: 16}", "{file: spy.yaml, count: 16}",
     "spies:", "deck 'spies': missing card file cards/spy.yaml"),
    ("a card file elsewhere", "{file: spies.yaml, count: 16}",
     "{file: ../map.yaml, count: 16}", "spies:",
     "deck 'spies': 'file' is '../map.yaml': a .yaml file name in cards/"),
    ("a deck missing", "  bulls: {file: bulls.yaml, count: 16}\n", "", "  events: {file",
     "cards: missing required key 'bulls'"),
    ("a count out of range", "{file: spies.yaml, count: 16}", "{file: spies.yaml, count: 0}",
     "spies:", "deck 'spies': 'count' is 0, expected 1..500"),
    ("a hook that is no name", "hooks: []", "hooks: [Big Fleet]", None,
     "a hook is a name (lowercase_with_underscores), got 'Big Fleet'"),
    ("a hook listed twice", "hooks: []", "hooks:\n  - fleet\n  - fleet", "  - fleet\n  - fleet",
     "hook 'fleet' is listed twice"),
    ("the id is not the file's", "id: base", "id: basic", None,
     "scenario: id 'basic' must be the file's name 'base'"),
    ("YAML syntax", "hooks: []", "hooks: [", None, "YAML syntax"),
    # extra card files, cities that start otherwise, blocked cross cells, starting positions
    ("an added card file that does not exist", "{file: events.yaml, count: 12}",
     "{file: events.yaml, count: 12, add: [{file: more.yaml, count: 8}]}", "  events: {",
     "a card file added to 'events': missing card file cards/more.yaml"),
    ("a card file added twice", "{file: events.yaml, count: 12}",
     "{file: events.yaml, count: 12, add: [{file: events.yaml, count: 12}]}", "  events: {",
     "card file cards/events.yaml is named twice for this deck"),
    ("a card added to the Homs card", "homs: {file: homs.yaml}",
     "homs: {file: homs.yaml, add: [{file: spies.yaml, count: 16}]}", None,
     "the Homs card is a single card: nothing can be added to it"),
    ("a city start of an unknown city", "blocked_cities: []",
     "blocked_cities: []\n  cities: {jaffa: {level: 2}}", "  cities:",
     "cities: unknown city 'jaffa'"),
    ("a city level out of range", "blocked_cities: []",
     "blocked_cities: []\n  cities: {acre: {level: 4}}", "  cities:",
     "city acre: 'level' is 4, expected 1..3"),
    ("a city start naming nothing", "blocked_cities: []",
     "blocked_cities: []\n  cities: {acre: {}}", "  cities:",
     "city acre: name its 'level' or its 'saracens'"),
    ("more Saracens than the supply", "blocked_cities: []",
     "blocked_cities: []\n  cities: {acre: {saracens: 30}}", "  cities:",
     "'saracens' is 30, expected 0..25"),
    ("a blocked cross cell of no order", "blocked_cities: []",
     "blocked_cities: []\n  blocked_cross: [trade]", "  blocked_cross:",
     "setup: unknown order 'trade' in 'blocked_cross'"),
    ("too many blocked cross cells", "blocked_cities: []",
     "blocked_cities: []\n  blocked_cross: [build, prayer, march]", "  blocked_cross:",
     "'blocked_cross' must leave at least two outer cells open"),
    ("a capital held from the start", "starting: {}",
     "starting: {jerusalem: {cities: {tripoli: 1}}}", None,
     "'tripoli' is a capital: a state starts in its own capital only"),
    ("a city held by two states", "starting: {}",
     "starting:\n    jerusalem: {cities: {acre: 1}}\n    tripoli: {cities: {acre: 1}}",
     "    tripoli:", "'acre' is already held by 'jerusalem'"),
    ("more units than a state has", "starting: {}",
     "starting: {jerusalem: {units: 4, cities: {acre: 12}}}", None,
     "'jerusalem' starts with 16 units on the map, but a state has 15"),
    ("a held city without units", "starting: {}",
     "starting: {jerusalem: {cities: {acre: 0}}}", None,
     "a held city has at least 1 unit: 'acre' has 0"),
    ("a sanctity cell off the track", "starting: {}",
     "starting: {edessa: {sanctity: 99}}", None, "starting 'edessa': 'sanctity' is 99"),
    ("negative starting influence", "starting: {}",
     "starting: {edessa: {influence: -1}}", None, "'influence' is -1, expected 0..99"),
]


@pytest.mark.parametrize("name, old, new, marker, message", CASES, ids=[c[0] for c in CASES])
def test_a_broken_scenario_gives_file_and_line(data, name, old, new, marker, message):
    line = edit(data, old, new, marker)
    if name == "a hook listed twice":
        line += 1  # the second listing is the wrong one
    err = load_error(data)
    if name == "YAML syntax":
        assert err.startswith("base.yaml:") and message in err
        return
    assert err.startswith(f"base.yaml:{line}: "), err
    assert message in err, err


def test_a_deck_of_another_size_than_the_scenario_says_is_refused(data):
    edit(data, "{file: spies.yaml, count: 16}", "{file: spies.yaml, count: 15}")
    err = load_error(data)
    assert err.startswith("spies.yaml:") and "expected 15 spies, found 16" in err


def test_an_unknown_hook_is_caught_by_validate_data(data, capsys):
    line = edit(data, "hooks: []", "hooks: [genoese_fleets]")
    assert cli(["validate-data", str(data)]) == 1
    err = capsys.readouterr().err
    assert f"base.yaml:{line}: unknown hook 'genoese_fleets'" in err


def test_validate_data_checks_every_scenario(data, capsys):
    text = (data / "scenarios" / "base.yaml").read_text(encoding="utf-8")
    (data / "scenarios" / "short.yaml").write_text(
        text.replace("id: base", "id: short").replace("last_round: 6", "last_round: 0"),
        encoding="utf-8")
    assert cli(["validate-data", str(data)]) == 1
    assert "short.yaml:" in capsys.readouterr().err
    (data / "scenarios" / "short.yaml").write_text(
        text.replace("id: base", "id: short").replace("last_round: 6", "last_round: 4"),
        encoding="utf-8")
    assert cli(["validate-data", str(data)]) == 0
    out = capsys.readouterr().out
    assert "scenario base" in out and "scenario short" in out


def test_a_missing_scenario_folder_is_reported(data, capsys):
    shutil.rmtree(data / "scenarios")
    err = load_error(data)
    assert "no scenario 'base'" in err
    assert cli(["validate-data", str(data)]) == 1
    assert "no scenario in scenarios/" in capsys.readouterr().err


COMPONENT_CASES = [
    # (new components text, expected message)
    ("components:\n  fleet: {}\n", "unknown component 'fleet' (known: trade_board"),
    ("components:\n  trade_board: {republics: {amalfi: [red]}, cells: 5, harbours: [acre],"
     " income: 2, influence: [0, 0, 1, 2, 3, 4]}\n", "unknown republic 'amalfi'"),
    ("components:\n  trade_board: {republics: {genoa: [purple]}, cells: 5, harbours: [acre],"
     " income: 2, influence: [0, 0, 1, 2, 3, 4]}\n", "republic 'genoa' buys a list of"),
    ("components:\n  trade_board: {republics: {genoa: [red]}, cells: 5, harbours: [jaffa],"
     " income: 2, influence: [0, 0, 1, 2, 3, 4]}\n", "'jaffa' in 'harbours' is not a city"),
    ("components:\n  trade_board: {republics: {genoa: [red]}, cells: 5, harbours: [acre],"
     " income: 2, influence: [0, 1]}\n", "'influence' gives each cell 0..5 its influence"),
]


@pytest.mark.parametrize("text, message", COMPONENT_CASES, ids=[c[1][:30] for c in COMPONENT_CASES])
def test_a_broken_component_gives_file_and_line(data, text, message):
    line = edit(data, "hooks: []", text + "hooks: []", "  " + text.splitlines()[1].strip())
    err = load_error(data)
    assert err.startswith(f"base.yaml:{line}: "), err
    assert message in err, err

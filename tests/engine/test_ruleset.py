"""The per-game Ruleset: scenarios change the setup, the content and the rules of their own
games only (issue 7 §3). The test scenarios are built here in tmp_path, never shipped."""
from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest
import yaml

from krestonostsy.content import ContentError, load_content
from krestonostsy.engine import Game, SaveError, load_ruleset
from krestonostsy.engine.actions import Action
from krestonostsy.engine.board import player_w
from krestonostsy.engine.flow import STEPS, EngineError, Step
from krestonostsy.engine.registry import OPS as OP_HANDLERS
from krestonostsy.engine.ruleset import HOOKS, Hook, Layered, Ruleset
from krestonostsy.engine.saves import CURRENT, MIGRATIONS, parse
from krestonostsy.resources import data_dir

ALL4 = ["jerusalem", "tripoli", "edessa", "antioch"]
V1_SAVE = Path(__file__).parent / "data" / "save_v1.json"
# sha256 of the state the version-1 save above reached when it was written (format 1;
# re-recorded in the format-1 layout when the rules changed: canonical payments, TURN-10;
# and when the activation and order steps named their stages: only the stack frames differ)
V1_STATE = "4c12bc272deec7f927b233c89c93fb0fe9d5449cd8e902663fd64d0801e35dae"

SHORT = """\
id: short
name: A short test game
cards:
  events: {file: events_short.yaml, count: 8}
  buildings: {file: buildings.yaml, count: 26}
  tactics: {file: tactics.yaml, count: 58, starting_per_state: 5}
  saracens: {file: saracens.yaml, count: 20}
  governors: {file: governors.yaml, count: 20, starting: 4}
  bulls: {file: bulls.yaml, count: 16}
  spies: {file: spies.yaml, count: 16}
  rescripts: {file: rescripts.yaml, count: 32}
  homs: {file: homs.yaml}
setup:
  events: 4
  raid_tokens: 3
  last_round: 3
  open_market_slots:
    buildings_12: players
    tactics_12: 2
    governors: players + 1
    buildings_34: 1
    tactics_34: 3
  blocked_cities: [tadmor]
  starting:
    jerusalem: {coins: 9, units: 2}
hooks:
  - rich_income
"""


class RichIncome(Step):
    """The test hook's step: the income phase, after every player gains 10 coins."""

    name = "income_phase"

    def run(self, g, f):
        if not f.get("rich"):
            f["rich"] = True
            for x in list(g.s["players"]):  # a write: through the barrier (board.py)
                player_w(g, x)["coins"] += 10
        return STEPS["income_phase"].run(g, f)

    def act(self, g, f, action):
        STEPS["income_phase"].act(g, f, action)


def double_coins(g, f, op):
    """The test hook's op handler: gain_coins gains twice the amount."""
    OP_HANDLERS["gain_coins"](g, f, {**op, "amount": 2 * op["amount"]})


@pytest.fixture
def hooks(monkeypatch):
    """The test hooks, registered for one test."""
    monkeypatch.setitem(HOOKS, "rich_income", Hook(
        "rich_income", "every player gains 10 coins before income",
        steps={"income_phase": RichIncome()}))
    monkeypatch.setitem(HOOKS, "double_coins", Hook(
        "double_coins", "gain_coins gains double", ops={"gain_coins": double_coins},
        battle_ops={"strength": double_coins}))


@pytest.fixture(scope="module")
def data(tmp_path_factory) -> Path:
    """A content folder: the shipped board and cards, plus an 8-event card file."""
    root = tmp_path_factory.mktemp("scenario") / "data"
    shipped = data_dir()
    root.mkdir()
    for name in ("map.yaml", "tracks.yaml"):
        shutil.copy(shipped / name, root / name)
    shutil.copytree(shipped / "cards", root / "cards")
    shutil.copytree(shipped / "scenarios", root / "scenarios")
    events = yaml.safe_load((shipped / "cards" / "events.yaml").read_text(encoding="utf-8"))
    (root / "cards" / "events_short.yaml").write_text(
        yaml.safe_dump({"events": events["events"][:8]}, allow_unicode=True), encoding="utf-8")
    return root


def scenario(data: Path, text: str = SHORT, sid: str = "short") -> Ruleset:
    """Write ``text`` as the scenario ``sid`` (its id set to the file's name); its ruleset."""
    text = text.replace("id: short", f"id: {sid}")
    (data / "scenarios" / f"{sid}.yaml").write_text(text, encoding="utf-8")
    content = load_content(data, sid)
    return Ruleset(content.scenario, content)


def play(g: Game, seed: int = 1, until=lambda g: False) -> Game:
    rnd = random.Random(seed)
    while not g.is_over and not until(g):
        acts = g.legal_actions()
        g.apply(acts[rnd.randrange(len(acts))])
    return g


# --- the base game -----------------------------------------------------------------------

def test_the_base_game_is_the_scenario_base():
    g = Game.new(ALL4, seed=3)
    assert g.rules is load_ruleset("base") and g.rules.id == "base"
    assert g.setup["scenario"] == "base" and g.c is g.rules.content
    assert g.rules.steps is STEPS and g.rules.ops is OP_HANDLERS  # no hook: no overlay
    assert Game.new(ALL4, seed=3, scenario="base").state_json() == g.state_json()


@pytest.mark.rule("SETUP-03", "SETUP-04", "SETUP-10", "SETUP-14", "SETUP-17", "END-01")
def test_base_yaml_holds_the_base_numbers():
    recipe = load_ruleset("base").setup
    assert (recipe.events, recipe.raid_tokens, recipe.last_round) == (6, 5, 6)
    assert {m: [s.for_players(n) for n in (2, 3, 4)]
            for m, s in recipe.open_market_slots.items()} == {
        "buildings_12": [3, 4, 5], "tactics_12": [3, 4, 5], "governors": [3, 4, 5],
        "buildings_34": [3, 3, 3], "tactics_34": [3, 3, 3]}
    assert recipe.blocked_cities == () and dict(recipe.starting) == {}


# --- a scenario's setup recipe and content -------------------------------------------------

def test_a_scenario_sets_up_its_own_numbers(data, hooks):
    rules = scenario(data)
    g = Game.new(ALL4, seed=5, scenario=rules)
    s = g.s
    assert len(g.c.events) == 8  # its own card file, checked against its own count
    assert len(s["decks"]["events"]) + (s["event"] is not None) == 4
    assert len(s["saracen_track"]["tokens"]) == 3
    assert s["market_open"] == {"buildings_12": 4, "tactics_12": 2, "governors": 5,
                                "buildings_34": 1, "tactics_34": 3}
    assert [x is not None for x in s["markets"]["buildings_12"]] == [True] * 4 + [False]
    assert s["cities"]["tadmor"]["removed"]
    assert s["players"]["jerusalem"]["coins"] == 9
    assert s["cities"]["jerusalem"]["units"]["jerusalem"] == 2
    assert s["players"]["tripoli"]["coins"] == g.c.board.states["tripoli"].coins
    base = Game.new(ALL4, seed=5)
    assert not base.s["cities"]["tadmor"]["removed"]
    assert len(base.s["saracen_track"]["tokens"]) == 5


@pytest.mark.rule("END-01")
def test_a_scenario_ends_after_its_last_round(data, hooks):
    rules = scenario(data)
    for seed in (1, 2):
        g = play(Game.new(ALL4, seed=seed, scenario=rules), seed)
        assert g.s["round"] <= 3
        assert g.s["round"] == 3 or set(g.result()["end_conditions"]) - {"era"}


# --- hooks: rule changes for the scenario's games only ----------------------------------------

def test_a_hook_replaces_a_step_for_its_games_only(data, hooks):
    text = SHORT.replace("events: {file: events_short.yaml, count: 8}",
                         "events: {file: events.yaml, count: 12}")
    text = text.replace("  events: 4\n", "  events: 6\n").replace("last_round: 3",
                                                                   "last_round: 6")
    rules = scenario(data, text, "rich")
    rich = Game.new(ALL4, seed=7, scenario=rules)
    assert isinstance(rich.rules.steps["income_phase"], RichIncome)
    assert rich.rules.steps["planning_phase"] is STEPS["planning_phase"]  # the rest: base
    assert "income_phase" in rich.rules.steps and "no_such_step" not in rich.rules.steps
    plain = Game.new(ALL4, seed=7)  # a base game beside it is unchanged
    assert plain.rules.steps["income_phase"] is STEPS["income_phase"]

    def first_choice(g):  # the same choices in both games, up to round 2's first decision
        while not g.is_over and g.s["round"] < 2:
            g.apply(g.legal_actions()[0])
        return g

    first_choice(rich)
    # the same game without the hook: a scenario naming no hook, with the same recipe
    no_hook = scenario(data, text.replace("hooks:\n  - rich_income\n", "hooks: []\n"),
                       "nohook")
    other = first_choice(Game.new(ALL4, seed=7, scenario=no_hook))
    for x in ALL4:
        assert rich.s["players"][x]["coins"] == other.s["players"][x]["coins"] + 10


def test_a_hook_replaces_an_effect_handler_for_its_games_only(data, hooks):
    text = SHORT.replace("  - rich_income\n", "  - double_coins\n")
    g = Game.new(ALL4, seed=2, scenario=scenario(data, text, "doubled"))
    base = Game.new(ALL4, seed=2)
    assert g.rules.op_handler("gain_coins") is double_coins
    assert base.rules.op_handler("gain_coins") is OP_HANDLERS["gain_coins"]
    assert g.rules.op_handler("strength", in_battle=True) is double_coins
    assert base.rules.op_handler("strength", in_battle=True) is not double_coins
    assert g.rules.op_handler("pay_coins") is OP_HANDLERS["pay_coins"]  # the rest: base
    with pytest.raises(EngineError, match="no handler for effect op 'no_such_op'"):
        g.rules.op_handler("no_such_op")
    before = g.s["players"]["edessa"]["coins"]
    g.rules.op_handler("gain_coins")(g, {"player": "edessa", "ctx": {}},
                                     {"op": "gain_coins", "amount": 2})
    assert g.s["players"]["edessa"]["coins"] == before + 4


def test_layered_reads_the_live_base_registry():
    base = {"a": 1}
    table = Layered({"b": 2}, base)
    base["c"] = 3  # registered after the ruleset was built
    assert (table["a"], table["b"], table["c"]) == (1, 2, 3)
    assert "c" in table and "d" not in table and table.get("d", 0) == 0
    with pytest.raises(KeyError):
        table["d"]


# --- saves and undo remember the scenario ----------------------------------------------------

def test_a_scenario_game_saves_loads_clones_and_undoes_in_its_scenario(data, hooks):
    rules = scenario(data)
    g = play(Game.new(ALL4, seed=4, scenario=rules), 4,
             until=lambda g: g.s["round"] == 2 and g.can_undo)
    save = g.to_json()
    assert save["format_version"] == CURRENT and save["setup"]["scenario"] == "short"
    again = Game.from_json(json.dumps(save), rules=rules)
    assert again.state_json() == g.state_json() and again.rules is rules
    with pytest.raises(SaveError, match="scenario 'short'"):
        Game.from_json(save)  # not a shipped scenario: refused with a clear message
    with pytest.raises(SaveError, match="not of 'base'"):
        Game.from_json(save, rules=load_ruleset("base"))
    assert g.clone().rules is rules
    before = g.state_json()
    g.apply(g.legal_actions()[0])
    if g.can_undo:
        g.undo()
        assert g.state_json() == before and g.rules is rules


def test_a_version_1_save_migrates_to_the_base_scenario():
    raw = V1_SAVE.read_text(encoding="utf-8")
    assert json.loads(raw)["format_version"] == 1 and "scenario" not in raw
    assert sorted(MIGRATIONS) == list(range(1, CURRENT))  # an unbroken chain
    migrated = parse(raw)
    assert migrated["format_version"] == CURRENT
    assert migrated["setup"]["scenario"] == "base"
    g = Game.from_json(raw)
    import hashlib
    assert hashlib.sha256(g.state_json().encode()).hexdigest() == V1_STATE
    assert g.to_json()["format_version"] == CURRENT
    assert Game.from_json(g.to_json()).state_json() == g.state_json()


def test_a_save_naming_an_unknown_scenario_is_refused():
    save = Game.new(ALL4, seed=1).to_json()
    save["setup"]["scenario"] = "crescent"
    with pytest.raises(SaveError, match="scenario 'crescent' cannot be played.*no scenario"):
        Game.from_json(save)
    save["setup"]["scenario"] = 7
    with pytest.raises(SaveError, match="must name the scenario"):
        Game.from_json(save)


# --- a scenario's rule errors are load errors at their line -----------------------------------

def line_of(text: str, marker: str) -> int:
    return text[:text.index(marker)].count("\n") + 1


def load_error(data: Path, text: str) -> str:
    with pytest.raises(ContentError) as info:
        scenario(data, text, "bad")
    return str(info.value)


def test_an_unknown_hook_is_a_load_error_at_its_line(data, hooks):
    text = SHORT.replace("  - rich_income\n",
                                                         "  - rich_income\n  - free_lunch\n")
    err = load_error(data, text)
    assert err.startswith(f"bad.yaml:{line_of(text, '- free_lunch')}: unknown hook "
                          "'free_lunch' (known hooks: ")
    assert "rich_income" in err


def test_two_hooks_changing_one_step_is_a_load_error(data, hooks, monkeypatch):
    monkeypatch.setitem(HOOKS, "poor_income", Hook(
        "poor_income", "another income", steps={"income_phase": RichIncome()}))
    text = SHORT.replace("  - rich_income\n",
                                                         "  - rich_income\n  - poor_income\n")
    assert load_error(data, text) == (
        f"bad.yaml:{line_of(text, '- poor_income')}: hook 'poor_income' changes "
        "'income_phase' that an earlier hook changes too")


@pytest.mark.parametrize("old, new, marker, message", [
    ("    buildings_34: 1\n", "    buildings_34: players + 1\n", "buildings_34",
     "'buildings_34' is 'players + 1': 5 open slots, but the market has 3"),
    ("    tactics_34: 3\n", "    tactics_34: 3\n    spices: 2\n", "spices",
     "unknown market 'spices'"),
    ("    tactics_34: 3\n", "", "open_market_slots",
     "'open_market_slots' misses 'tactics_34'"),
])
def test_market_slots_the_markets_do_not_have_are_load_errors(data, hooks, old, new, marker,
                                                              message):
    text = SHORT.replace(old, new)
    err = load_error(data, text)
    assert err.startswith(f"bad.yaml:{line_of(text, marker)}: ") and message in err


def test_a_scenario_is_built_once_per_process():
    assert load_ruleset("base") is load_ruleset("base")
    assert load_ruleset("base", data_dir()) is load_ruleset("base", data_dir())
    with pytest.raises(ContentError, match="no scenario 'nope'"):
        Game.new(ALL4, seed=1, scenario="nope")


# --- extra card files, starting positions, city starts, blocked cross cells ---------------

POSITIONS = SHORT.replace(
    "  events: {file: events_short.yaml, count: 8}",
    "  events: {file: events.yaml, count: 12, add: [{file: events_short2.yaml, count: 2}]}"
).replace("  events: 4\n", "  events: 10\n").replace(
    "  blocked_cities: [tadmor]\n  starting:\n    jerusalem: {coins: 9, units: 2}\n",
    "  blocked_cities: [tadmor]\n"
    "  cities: {acre: {level: 2, saracens: 3}, apamea: {saracens: 0}}\n"
    "  blocked_cross: [march]\n"
    "  starting:\n"
    "    jerusalem: {coins: 9, units: 2, cities: {damascus: 2}, sanctity: 4, influence: 3}\n"
    "    edessa: {cities: {turbessel: 1}}\n").replace("hooks:\n  - rich_income\n", "hooks: []\n")


@pytest.fixture(scope="module")
def positions(data) -> Ruleset:
    """The test scenario with added events and starting positions (module-wide)."""
    events = yaml.safe_load((data / "cards" / "events.yaml").read_text(encoding="utf-8"))
    renamed = [{**e, "id": e["id"] + "_again"} for e in events["events"][:2]]
    (data / "cards" / "events_short2.yaml").write_text(
        yaml.safe_dump({"events": renamed}, allow_unicode=True), encoding="utf-8")
    return scenario(data, POSITIONS, "positions")


def test_a_scenario_adds_card_files_to_a_deck(positions):
    assert len(positions.content.events) == 14  # 12 of the base file + 2 added
    assert "events_short2.yaml" in positions.scenario.decks["events"].files
    g = Game.new(ALL4, seed=2, scenario=positions)
    assert len(g.s["decks"]["events"]) + (g.s["event"] is not None) == 10


def test_a_scenario_starts_cities_and_states_where_it_says(positions):
    g = Game.new(ALL4, seed=4, scenario=positions)
    s, board = g.s, g.c.board
    assert s["cities"]["acre"]["level"] == 2 and s["cities"]["acre"]["units"] == {"saracen": 3}
    assert s["cities"]["apamea"]["units"] == {}  # printed with Saracens, starts empty
    jer = s["players"]["jerusalem"]
    assert jer["cities"] == ["jerusalem", "damascus"] and jer["coins"] == 9
    assert s["cities"]["damascus"]["units"] == {"jerusalem": 2}
    assert s["cities"]["damascus"]["goods"] == 0  # its goods went to the warehouse, ready
    colour = board.cities["damascus"].sector(s["cities"]["damascus"]["level"]).goods[0]
    assert jer["goods"][colour][0] >= 1
    assert jer["units"] == board.units_per_state - 2 - 2
    assert s["sanctity"]["jerusalem"] == 4 and jer["influence"] == 3
    assert s["players"]["edessa"]["cities"] == ["edessa", "turbessel"]
    supply = board.saracen_supply - sum(c["units"].get("saracen", 0)
                                        for c in s["cities"].values())
    assert s["saracens"] == supply


def test_a_held_city_absent_in_the_line_up_is_not_held(positions):
    g = Game.new(["jerusalem", "edessa"], seed=1, scenario=positions)  # covers Tripoli…
    assert "damascus" in g.s["players"]["jerusalem"]["cities"]
    g2 = Game.new(["tripoli", "antioch"], seed=1, scenario=positions)
    assert all(len(p["cities"]) == 1 for p in g2.s["players"].values())


@pytest.mark.rule("PLAN-09")
def test_a_blocked_outer_cross_cell_is_never_offered(positions):
    for seed in (1, 2, 3):
        g = Game.new(ALL4[:3], seed=seed, scenario=positions)
        rnd = random.Random(seed)
        while not g.is_over:
            acts = g.legal_actions()
            assert Action("place_order", order="march", cell="outer") not in acts
            assert g.s["cross"]["march"]["outer"] is None  # nor taken by the automa
            g.apply(acts[rnd.randrange(len(acts))])


def test_carried_starting_positions_are_recorded_and_replayed_by_saves(positions):
    carried = positions.with_starting({"antioch": {"influence": 5, "cities": {"apamea": 2}},
                                       "jerusalem": {"influence": 1}})
    g = Game.new(ALL4, seed=6, scenario=carried)
    assert g.setup["starting"] == {"antioch": {"influence": 5, "cities": {"apamea": 2}},
                                   "jerusalem": {"influence": 1}}
    assert g.s["players"]["antioch"]["influence"] == 5
    assert "apamea" in g.s["players"]["antioch"]["cities"]
    jer = g.s["players"]["jerusalem"]  # the scenario's own start, with the influence replaced
    assert jer["influence"] == 1 and "damascus" in jer["cities"] and jer["coins"] == 9
    play(g, 3, until=lambda g: len(g.actions) > 60)
    back = Game.from_json(json.loads(json.dumps(g.to_json())), rules=positions)
    assert back.digest_verified and back.state_json() == g.state_json()
    assert back.rules.starting == g.rules.starting
    again = Game.new(ALL4, seed=6, scenario=g.rules)  # how undo and roll-back replay
    assert again.setup == g.setup and again.s["players"]["antioch"]["influence"] == 5


def test_a_bad_carried_start_is_refused_like_the_scenario_file(positions):
    with pytest.raises(ContentError, match="'damascus' is already held by 'jerusalem'"):
        positions.with_starting({"edessa": {"cities": {"damascus": 1}}})
    with pytest.raises(ContentError, match="positions.yaml \\(with carried starting positions"):
        positions.with_starting({"edessa": {"influence": "lots"}})


def test_the_base_game_records_no_carried_start():
    g = Game.new(ALL4, seed=1)
    assert "starting" not in g.setup and g.rules.starting is None
    assert g.rules.with_starting({}) is g.rules

"""Broken card files give ``file.yaml:LINE: what is wrong``, never a traceback."""
from __future__ import annotations

import shutil

import pytest

from krestonostsy.content.errors import ContentError
from krestonostsy.content.loader import load_content
from krestonostsy.resources import data_dir


@pytest.fixture
def data(tmp_path):
    copy = tmp_path / "data"
    shutil.copytree(data_dir(), copy)
    return copy


def edit(data, file, old, new, marker=None):
    """Replace the first ``old`` in cards/``file`` by ``new``; return the 1-based line of
    ``marker`` (default: the first line of ``new``) in the edited text."""
    path = data / "cards" / file
    text = path.read_text(encoding="utf-8")
    assert old in text, f"test setup: {old!r} not in {file}"
    pos = text.index(old)
    text = text[:pos] + new + text[pos + len(old):]
    path.write_text(text, encoding="utf-8")
    marker = marker if marker is not None else new.splitlines()[0] if new else None
    if not marker:
        return None
    return text.count("\n", 0, text.index(marker, pos)) + 1


def line_of(data, file, marker):
    text = (data / "cards" / file).read_text(encoding="utf-8")
    return text.count("\n", 0, text.index(marker)) + 1


def load_error(data) -> ContentError:
    with pytest.raises(ContentError) as info:
        load_content(data)
    return info.value


CASES = [
    # (name, file, old, new, expected fragment)
    ("wrong type", "tactics.yaml", "top: [{op: strength, amount: 3}]",
     "top: [{op: strength, amount: three}]", "'amount' of op 'strength' must be a whole number"),
    ("unknown op", "tactics.yaml", "{op: gain_sanctity, amount: 1}",
     "{op: gain_holiness, amount: 1}", "unknown op 'gain_holiness'"),
    ("unknown param nested in pay_for", "buildings.yaml",
     "then: [{op: restore_goods, amount: 1}]", "then: [{op: restore_goods, amont: 1}]",
     "unknown parameter 'amont' for op 'restore_goods'"),
    ("unknown op nested in choose", "events.yaml", "- [{op: pay_coins, amount: 2}]",
     "- [{op: pay_money, amount: 2}]", "unknown op 'pay_money'"),
    ("unknown op nested in if", "events.yaml", "then: [{op: gain_influence, amount: 1}]",
     "then: [{op: gain_fame, amount: 1}]", "unknown op 'gain_fame'"),
    ("missing op parameter", "tactics.yaml", "{op: draw_rescript, level: 1}",
     "{op: draw_rescript}", "op 'draw_rescript' needs parameter 'level'"),
    ("unknown metric", "governors.yaml", "metric: city_levels", "metric: city_level",
     "unknown metric 'city_level'"),
    ("unknown metric colour", "governors.yaml", '"goods:white"', '"goods:purple"',
     "unknown colour 'purple'"),
    ("metric without colours", "governors.yaml", "metric: city_levels", 'metric: "city_levels:red"',
     "metric 'city_levels' takes no colour"),
    ("unknown per metric", "tactics.yaml", 'per: "tactics_played:white"',
     'per: "tactics_playd:white"', "unknown metric 'tactics_playd'"),
    ("unknown colour in cost", "buildings.yaml", "cost: [yellow]", "cost: [purple]",
     "unknown colour 'purple'"),
    ("unknown order", "buildings.yaml", "order: muster, min: {hired: 4}",
     "order: mustering, min: {hired: 4}", "'order' is 'mustering'"),
    ("unknown trigger", "buildings.yaml", "trigger: {on: anytime}", "trigger: {on: sometimes}",
     "'on' is 'sometimes'"),
    ("unknown order fact", "buildings.yaml", "min: {hired: 4}", "min: {recruited: 4}",
     "unknown order fact 'recruited'"),
    ("spy with anytime trigger", "spies.yaml", "trigger: {on: after_battle, won: false}",
     "trigger: {on: anytime}", "'on' is 'anytime'"),
    ("unknown who", "saracens.yaml", "{op: pay_coins, amount: 3, who: opponent}",
     "{op: pay_coins, amount: 3, who: everyone}", "unknown target 'everyone'"),
    ("bad bishop restriction", "buildings.yaml", "only: train", "only: pray",
     "unknown value 'pray'"),
    ("op in the wrong context", "tactics.yaml", "top: [{op: smash, amount: 1}]",
     "top: [{op: extra_order, order: march}]", "op 'extra_order' cannot be used"),
    ("casualties not at the end of battle", "tactics.yaml",
     "bottom: {effect: [{op: casualties, amount: 1}], end_of_battle: true}",
     "bottom: [{op: casualties, amount: 1}]", "add 'end_of_battle: true'"),
    ("duplicate id in a deck", "spies.yaml", "id: herald_of_arms", "id: bedouin_guide",
     "duplicate id 'bedouin_guide' (already used at spies.yaml:"),
    ("duplicate id across decks", "rescripts.yaml", "id: indulgence", "id: bazaar",
     "duplicate id 'bazaar' (already used at buildings.yaml:"),
    ("id not lowercase", "bulls.yaml", "id: truce_of_god", "id: Truce_Of_God",
     "must be lowercase_with_underscores"),
    ("raid table gap", "events.yaml",
     "{from: 5, to: 6, effect: [{op: discard_units, amount: 1}]}",
     "{from: 6, to: 6, effect: [{op: discard_units, amount: 1}]}",
     "gap: no row covers difference 5"),
    ("raid table overlap", "events.yaml",
     "{from: 2, to: 4, effect: [{op: discard_units, amount: 2}]}",
     "{from: 1, to: 4, effect: [{op: discard_units, amount: 2}]}", "overlap"),
    ("raid table bounded", "events.yaml", "{from: 7, effect: []}",
     "{from: 7, to: 9, effect: []}", "the last raid row must leave out 'to'"),
    ("raid row without to in the middle", "events.yaml",
     "{from: 2, to: 3, effect: [{op: discard_units, amount: 2}]}",
     "{from: 2, effect: [{op: discard_units, amount: 2}]}", "only the last raid row"),
    ("unknown round modifier", "events.yaml", "modifiers: {hire_units: 1}",
     "modifiers: {hire_soldiers: 1}", "unknown round modifier 'hire_soldiers'"),
    ("unknown key", "tactics.yaml", "    name: Pursuit\n", "    name: Pursuit\n    colour: red\n",
     "unknown key 'colour'"),
    ("wrong level type", "rescripts.yaml", "level: 1", "level: one",
     "'level' must be a whole number"),
    ("rescript goods not matching level", "rescripts.yaml", "goods: [yellow]\n    timing: battle",
     "goods: [yellow, white]\n    timing: battle", "a level-1 rescript prints 1 good, found 2"),
    ("starting tactic with a cost", "tactics.yaml",
     "starting: antioch\n    cost: []", "starting: antioch\n    cost: [red]",
     "a starting tactic is level 0"),
    ("tiers not rising", "governors.yaml", "tiers: [[1, 1], [3, 2], [5, 3]]",
     "tiers: [[1, 1], [3, 2], [2, 3]]", "tiers must rise"),
    ("two scoring forms", "governors.yaml", "leader: true, influence: 2",
     "leader: true, influence: 2, per: 2", "exactly one of 'tiers', 'per' or 'leader'"),
    ("yaml syntax", "spies.yaml", "flavour: He tells everyone",
     "flavour: He tells: everyone", "YAML syntax"),
]


SECOND_LINE = {"unknown key": 1, "starting tactic with a cost": 1}


@pytest.mark.parametrize("name,file,old,new,fragment", CASES, ids=[c[0] for c in CASES])
def test_malformed_file_points_at_the_line(data, name, file, old, new, fragment):
    line = edit(data, file, old, new)
    line += SECOND_LINE.get(name, 0)  # the error is on the second line of `new`
    err = load_error(data)
    assert str(err).startswith(f"{file}:{line}: "), str(err)
    assert fragment in str(err)


def test_missing_required_key(data):
    edit(data, "tactics.yaml", "    flavour: Not noble, but well horsed and well paid.\n", "")
    err = load_error(data)
    line = line_of(data, "tactics.yaml", "- id: antioch_mounted_sergeants")
    assert str(err).startswith(f"tactics.yaml:{line}: ")
    assert "missing required key 'flavour'" in str(err)


def test_missing_raid_table(data):
    text = (data / "cards" / "events.yaml").read_text(encoding="utf-8")
    start = text.index("    raids:\n", text.index("id: pilgrim_fleet"))
    end = text.index("    flavour: Saewulf")
    (data / "cards" / "events.yaml").write_text(text[:start] + text[end:], encoding="utf-8")
    err = load_error(data)
    assert str(err).startswith(f"events.yaml:{line_of(data, 'events.yaml', '- id: pilgrim_fleet')}: ")
    assert "missing required key 'raids'" in str(err)


@pytest.mark.rule("BULL-04")
def test_bull_needs_two_goals(data):
    edit(data, "bulls.yaml",
         "      - {metric: saracen_cities_adjacent, tiers: [[1, 2], [2, 4], [3, 7]]}\n", "")
    text = (data / "cards" / "bulls.yaml").read_text(encoding="utf-8")
    goals = text.index("goals:", text.index("id: letter_to_the_armenians"))
    err = load_error(data)
    assert str(err).startswith(f"bulls.yaml:{text.count(chr(10), 0, goals) + 1}: ")
    assert "a bull has exactly 2 goals, found 1" in str(err)


def test_wrong_deck_count(data):
    text = (data / "cards" / "bulls.yaml").read_text(encoding="utf-8")
    start = text.index("  - id: urban_on_the_liberation")
    (data / "cards" / "bulls.yaml").write_text(text[:start], encoding="utf-8")
    err = load_error(data)
    assert str(err).startswith(f"bulls.yaml:{line_of(data, 'bulls.yaml', 'bulls:')}: ")
    assert "expected 16 bulls, found 15" in str(err)


@pytest.mark.rule("SETUP-11")
def test_wrong_starting_tactics_per_state(data):
    edit(data, "tactics.yaml", "starting: antioch", "starting: edessa")
    err = load_error(data)
    assert str(err).startswith(f"tactics.yaml:{line_of(data, 'tactics.yaml', 'tactics:')}: ")
    assert "expected 5 starting tactics for edessa, found 6" in str(err)


def test_two_starting_governors_for_one_state(data):
    line = edit(data, "governors.yaml", "starting: antioch", "starting: edessa")
    err = load_error(data)
    assert str(err).startswith(f"governors.yaml:{line}: ")
    assert "edessa already has a starting governor" in str(err)


def test_missing_card_file(data):
    (data / "cards" / "spies.yaml").unlink()
    err = load_error(data)
    assert "spies.yaml" in str(err) and "missing card file" in str(err)


def test_unknown_top_level_key(data):
    path = data / "cards" / "homs.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "extra: 1\n", encoding="utf-8")
    err = load_error(data)
    line = line_of(data, "homs.yaml", "extra: 1")
    assert str(err).startswith(f"homs.yaml:{line}: ") and "unknown key 'extra'" in str(err)


def test_each_player_event_needs_a_choice(data):
    line = edit(data, "events.yaml", "timing: immediate", "timing: each_player")
    err = load_error(data)
    assert "an each_player event must offer a choice" in str(err)
    assert str(err).startswith("events.yaml:") and int(str(err).split(":")[1]) > line


def test_bazaar_is_required(data):
    edit(data, "buildings.yaml", "id: bazaar", "id: grand_bazaar")
    err = load_error(data)
    assert "the level-0 deck must hold the Bazaar" in str(err)
    assert str(err).startswith(f"buildings.yaml:{line_of(data, 'buildings.yaml', 'buildings:')}: ")

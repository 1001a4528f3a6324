"""Saves own their errors (issue 6 §2): every way a file can be wrong ends in SaveError with
a sentence; a save that replays to another position is refused."""
from __future__ import annotations

import json
import random

import pytest

from krestonostsy.engine import Game, SaveError
from krestonostsy.engine.saves import MAX_SAVE_BYTES

PAIR = ["jerusalem", "tripoli"]


def _save(steps=40) -> dict:
    g = Game.new(PAIR, seed=9)
    rnd = random.Random(9)
    for _ in range(steps):
        acts = g.legal_actions()
        g.apply(acts[rnd.randrange(len(acts))])
    return g.to_json()


def _with(path, value):
    data = _save()
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return json.dumps(data)


@pytest.mark.parametrize("payload, words", [
    ("[" * 100_000 + "]" * 100_000, "nested deeper"),
    ('{"format_version": 1, "setup": {"states": [], "seed": ' + "9" * 5000 + "}}", "damaged"),
    ('{"format_version": 1, "setup": {"states": [], "seed": NaN}}', "'NaN'"),
    ('{"format_version": 1, "setup": {"states": [], "seed": Infinity}}', "'Infinity'"),
    ('{"format_version": 1, "setup": {"states": [], "seed": -Infinity}}', "'-Infinity'"),
])
def test_malformed_json_is_a_save_error(payload, words):
    with pytest.raises(SaveError, match=words):
        Game.from_json(payload)


@pytest.mark.parametrize("path, value, words", [
    (["format_version"], True, "format_version"),
    (["format_version"], "1", "format_version"),
    (["format_version"], 2**70, "newer version"),
    (["setup"], ["x"], "'setup' must be a mapping"),
    (["setup", "states"], "jerusalem", "setup.states"),
    (["setup", "seed"], "7", "setup.seed"),
    (["setup", "seed"], True, "setup.seed"),
    (["setup", "options"], "x", "setup.options"),
    (["setup", "options"], {"first_game": False, "bull_choice": "false"}, "bull_choice"),
    (["setup", "extra"], 1, "unknown setup field 'extra'"),
    (["actions"], {"kind": "pass"}, "'actions' must be a list"),
    (["actions", 3], None, "action 4 of 40"),
    (["actions", 3, "kind"], 1, "action 4 of 40"),
    (["content_version"], 5, "content_version"),
    (["ui"], "seats", "'ui'"),
    (["state_digest"], "0" * 32, "does not replay to the position that was saved"),
])
def test_wrong_types_anywhere_are_a_save_error_naming_the_field(path, value, words):
    with pytest.raises(SaveError, match=words):
        Game.from_json(_with(path, value))


def test_an_altered_action_list_that_stays_legal_is_refused_by_the_digest():
    data = _save()
    del data["actions"][-1]  # still a legal game, but not the one saved
    with pytest.raises(SaveError, match="does not replay to the position that was saved"):
        Game.from_json(json.dumps(data))


def test_a_save_without_a_digest_loads_but_is_not_verified():
    data = _save()
    del data["state_digest"]
    game = Game.from_json(json.dumps(data))
    assert game.digest_verified is None
    assert Game.from_json(json.dumps(_save())).digest_verified is True


def test_a_huge_save_is_refused_before_parsing():
    with pytest.raises(SaveError, match="too large"):
        Game.from_json(b" " * (MAX_SAVE_BYTES + 1))


@pytest.mark.parametrize("payload, key, params, sentence", [
    ('{"format_version": 2, "setup": {"sta', "bad_json",
     {"line": 1, "column": 33, "detail": "Unterminated string starting at"},
     "the save is damaged: not valid JSON at line 1, column 33 "
     "(Unterminated string starting at)"),
    (_with(["format_version"], 9), "newer", {"version": 9, "current": 2},
     "the save was made by a newer version of the game (save format 9, this version reads "
     "up to 2); update the game to open it"),
    (_with(["actions", 3, "kind"], 1), "illegal_action", {"step": 4, "total": 40},
     "the save does not replay: action 4 of 40 is not legal ("),
])
def test_a_save_error_is_a_key_with_parameters_and_its_english_sentence(payload, key, params,
                                                                        sentence):
    """The UI translates the key; ``str(err)`` stays the English sentence the CLI prints."""
    with pytest.raises(SaveError) as caught:
        Game.from_json(payload)
    err = caught.value
    assert isinstance(err, ValueError) and err.key == key
    assert params.items() <= {k: v for k, v in err.params.items()
                              if not isinstance(v, Exception)}.items()
    assert str(err).startswith(sentence)

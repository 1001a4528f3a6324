"""Game.clone() copies the state deeply (state.copy_state): equal, nothing mutable shared,
and any part that does not have the documented layout is still copied faithfully."""
import random

import pytest

from krestonostsy.engine import Game
from krestonostsy.engine.state import copy_state


def _containers(x, out):
    if isinstance(x, (dict, list)):
        out[id(x)] = x
        for v in (x.values() if isinstance(x, dict) else x):
            _containers(v, out)
    return out


def _assert_deep_copy(src, dst):
    assert dst == src
    assert list(dst) == list(src)  # same key order
    assert not (_containers(src, {}).keys() & _containers(dst, {}).keys())


@pytest.mark.parametrize("states", [["jerusalem", "tripoli"],
                                    ["jerusalem", "tripoli", "edessa"],
                                    ["jerusalem", "tripoli", "edessa", "antioch"]])
def test_clone_is_an_equal_independent_copy_all_game_long(states):
    rnd = random.Random(3)
    g = Game.new(states, seed=3)
    while not g.is_over:
        h = g.clone()
        _assert_deep_copy(g.s, h.s)
        assert h.state_json() == g.state_json()
        acts = g.legal_actions()
        g.apply(acts[rnd.randrange(len(acts))])


def test_copy_state_copies_unexpected_shapes_too():
    g = Game.new(["jerusalem", "edessa"], seed=1)
    s = g.s
    s["players"]["jerusalem"]["extra"] = {"nested": [[1, 2], {"a": [3]}]}
    s["cities"]["edessa"]["marks"] = [[1], [2]]
    s["cities"]["jerusalem"]["goods"] = ["yellow"]
    s["cross"]["build"]["note"] = [["x"]]
    s["decks"]["odd"] = 5
    s["newkey"] = {"deep": [{"x": [1]}]}
    shared = {"k": [1]}
    s["stack"].append({"s": "x", "ctx": shared})
    s["stack"].append({"s": "y", "ctx": shared})
    s["round"] = [1]  # a documented number that is not one
    c = copy_state(s)
    _assert_deep_copy(s, c)
    # sharing inside the flow stack survives the copy, as with marshal
    assert c["stack"][-1]["ctx"] is c["stack"][-2]["ctx"]

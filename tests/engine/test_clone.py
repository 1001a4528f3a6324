"""Game.clone() and copy-on-write.

A clone copies the state (state.copy_state) except the players' and cities' entries and
the parts of state.SHARED_PARTS (decks, discards, markets, the cross…), which it shares
with its source until one of the games writes one (board.player_w/city_w/part_w copy a
shared entry or part first). The guard: after a clone, no entry the two games shared may ever
change again, whoever moves on; and a source, its clones and their clones, all playing
different actions, each end exactly as the same game replayed alone from its set-up."""
import copy
import random

import pytest

from krestonostsy.engine import Game
from krestonostsy.engine import board as B
from krestonostsy.engine.state import SHARED_PARTS, copy_state

LINEUPS = [["jerusalem", "tripoli"],
           ["jerusalem", "tripoli", "edessa"],
           ["jerusalem", "tripoli", "edessa", "antioch"]]


def _containers(x, out):
    if isinstance(x, (dict, list)):
        out[id(x)] = x
        for v in (x.values() if isinstance(x, dict) else x):
            _containers(v, out)
    return out


def _cow_parts(s):
    out = {}
    for part in ("players", "cities"):
        for entry in s[part].values():
            _containers(entry, out)
    for part in SHARED_PARTS:
        _containers(s[part], out)
    return out


def _assert_deep_copy(src, dst):
    assert dst == src
    assert list(dst) == list(src)  # same key order
    assert not (_containers(src, {}).keys() & _containers(dst, {}).keys())


class Shared:
    """The entries two games share right after a clone, each with a deep copy taken then:
    ``check()`` fails if any of those objects has changed since (a write without the
    barrier, in either game)."""

    def __init__(self, g):
        self.entries = [(part, key, v, copy.deepcopy(v))
                        for part in ("players", "cities") for key, v in g.s[part].items()]
        self.entries += [(part, None, g.s[part], copy.deepcopy(g.s[part]))
                         for part in SHARED_PARTS]

    def check(self, where=""):
        for part, key, obj, snap in self.entries:
            name = part if key is None else f"{part}[{key!r}]"
            assert obj == snap, f"shared {name} changed in place {where}"


def _assert_clone(g, h):
    """``h`` equals ``g`` and shares nothing with it but the entries of players and
    cities and the parts of SHARED_PARTS (the objects themselves, not copies)."""
    assert h.s == g.s and list(h.s) == list(g.s)
    assert h.state_json() == g.state_json()
    shared = _containers(g.s, {}).keys() & _containers(h.s, {}).keys()
    assert shared <= _cow_parts(g.s).keys()
    for part in ("players", "cities"):
        assert h.s[part] is not g.s[part]
        for key, entry in g.s[part].items():
            assert h.s[part][key] is entry
    for part in SHARED_PARTS:
        assert h.s[part] is g.s[part]


def _random_action(g, rnd):
    acts = g.legal_actions()
    return acts[rnd.randrange(len(acts))]


@pytest.mark.parametrize("states", LINEUPS)
def test_a_clone_and_its_source_move_on_apart_without_touching_what_they_share(states):
    """Every position of a game: clone it, then the source and the clone each play a
    different random action; what they shared is unchanged and the clone's state is what
    the clone's own action makes of the position."""
    rnd = random.Random(3)
    g = Game.new(states, seed=3)
    while not g.is_over:
        h = g.clone()
        _assert_clone(g, h)
        shared = Shared(g)
        expected = Game(copy_state(g.s), g.rules, g.setup)  # the position, alone
        expected.log, expected.actions = list(g.log), list(g.actions)
        expected._decision = g.decision
        a = _random_action(h, rnd)
        h.apply(a)
        expected.apply(a)
        shared.check(f"after {a!r} on the clone")
        g.apply(_random_action(g, rnd))
        shared.check("after the source's own action")
        assert h.state_json() == expected.state_json()
        assert h.log == expected.log


def _entries(g):
    return {(part, key): id(v) for part in ("players", "cities") for key, v in g.s[part].items()}


@pytest.mark.parametrize("states", LINEUPS)
@pytest.mark.parametrize("seed", [11, 12])
def test_sources_clones_and_clones_of_clones_each_play_as_the_game_alone(states, seed):
    """A pool of games — a true game, its clones, clones of those — each moving on with its
    own random actions (and determinizations taken on the way, played a few actions): at
    the end every game is exactly the game its actions give when replayed alone from the
    set-up, and no entry shared at any clone has changed."""
    rnd = random.Random(seed)
    pool = [(Game.new(states, seed=seed), random.Random(seed))]
    guards = []
    steps = 0
    while steps < 900:
        live = [(g, r) for g, r in pool if not g.is_over]
        if not live:
            break
        g, r = live[rnd.randrange(len(live))]
        roll = rnd.random()
        if roll < 0.03 and len(pool) < 8:
            guards.append(Shared(g))
            h = g.clone()
            pool.append((h, random.Random(rnd.random())))
        elif roll < 0.04:
            guards.append(Shared(g))
            seat = g.s["states"][rnd.randrange(len(states))]
            d = g.determinize(seat, rnd.randrange(1000))
            for _ in range(rnd.randrange(1, 30)):
                if d.is_over:
                    break
                d.apply(_random_action(d, r))
        else:
            g.apply(_random_action(g, r))
        steps += 1
    assert len(pool) > 3  # the pool did grow
    for guard in guards:
        guard.check()
    for g, _r in pool:
        alone = Game.new(states, seed=seed)
        for a in g.actions:
            alone.apply(a)
        assert alone.to_json() == g.to_json()
        assert alone.state_json() == g.state_json()
        assert alone.log == g.log


def test_a_write_through_the_barrier_copies_a_shared_entry_once_and_only_there():
    g = Game.new(LINEUPS[2], seed=5)
    h = g.clone()
    before = Shared(g)
    p = B.player_w(h, "tripoli")
    assert p is not g.s["players"]["tripoli"] and p == g.s["players"]["tripoli"]
    assert B.player_w(h, "tripoli") is p  # owned now: no second copy
    p["coins"] += 5
    p["goods"].setdefault("red", [0, 0, 0])[0] += 1
    c = B.city_w(g, "edessa")  # the source copies its own too: it shares like the clone
    c["units"]["edessa"] = c["units"].get("edessa", 0) + 3
    c["bishops"].append(["edessa", 1, 99])
    before.check()
    assert h.s["players"]["tripoli"]["coins"] == g.s["players"]["tripoli"]["coins"] + 5
    assert h.s["cities"]["edessa"] != g.s["cities"]["edessa"]
    assert h.s["players"]["jerusalem"] is g.s["players"]["jerusalem"]  # still shared
    # a game never cloned writes in place
    fresh = Game.new(LINEUPS[0], seed=1)
    q = fresh.s["players"]["jerusalem"]
    assert B.player_w(fresh, "jerusalem") is q


def test_a_deep_clone_shares_nothing():
    g = Game.new(LINEUPS[2], seed=4)
    for _ in range(60):
        g.apply(g.legal_actions()[0])
    h = g.clone(share=False)
    _assert_deep_copy(g.s, h.s)
    h.s["players"]["edessa"]["coins"] += 7  # by hand: no barrier needed
    assert g.s["players"]["edessa"]["coins"] + 7 == h.s["players"]["edessa"]["coins"]


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
    # shared copy-on-write, an odd entry is still copied whole at its first write
    h = g.clone()
    p = B.player_w(h, "jerusalem")
    p["extra"]["nested"][1]["a"].append(4)
    city = B.city_w(h, "edessa")
    city["marks"][0].append(2)
    assert s["players"]["jerusalem"]["extra"] == {"nested": [[1, 2], {"a": [3]}]}
    assert s["cities"]["edessa"]["marks"] == [[1], [2]]
    j = B.city_w(h, "jerusalem")
    j["goods"].append("red")
    assert s["cities"]["jerusalem"]["goods"] == ["yellow"]

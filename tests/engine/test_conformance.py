"""Conformance: seeded random games with the invariants checked after every action.

By default a few games per player count run (CI); ``pytest --full-conformance`` plays
200 games for each of 2, 3 and 4 players.
"""
import json
import random

import pytest
from engine.census import doubled  # (as tests/campaign import this module)

from krestonostsy.engine import Game
from krestonostsy.engine.board import controller
from krestonostsy.tools.simulate import lineup

FEW = 4


def games_for(request):
    return 200 if request.config.getoption("--full-conformance") else FEW


def check_invariants(g: Game) -> None:
    s = g.s
    units_per_state = g.c.board.units_per_state
    battle = s.get("battle")
    pending = {f["s"] for f in s["stack"]}
    for pid, p in s["players"].items():
        on_map = sum(c["units"].get(pid, 0) for c in s["cities"].values())
        assert on_map + p["units"] == units_per_state, f"{pid} units not conserved"
        assert p["coins"] >= 0, f"{pid} has negative coins"
        for colour, row in p["goods"].items():
            assert min(row) >= 0, f"{pid} negative {colour} goods"
        in_battle = 0
        if battle:
            in_battle = sum(1 for slot in battle.get("slots", []) if slot.get("owner") == pid
                            and slot.get("card"))
            in_battle += sum(1 for slot in battle.get("slots", [])
                             if slot.get("cover_owner") == pid and slot.get("cover"))
        if "discard_tactics" not in pending and "order_muster" not in pending:
            assert len(p["tactics"]) + in_battle == 5, f"{pid} holds {len(p['tactics'])} tactics"
        if "rescript_limit" not in pending:
            assert len(p["rescripts"]) <= 3, f"{pid} holds {len(p['rescripts'])} rescripts"
        assert len(p["spies"]) <= 3
        assert len(p["buildings"]) <= 4 or "order_build" in pending
        for cid in p["cities"]:
            assert controller(g, cid) == pid, f"{pid} holds the token of {cid} it does not control"
    saracens = s["saracens"] + sum(c["units"].get("saracen", 0) for c in s["cities"].values())
    assert saracens == g.c.board.saracen_supply, "Saracen units not conserved"
    for cid, c in s["cities"].items():
        owners = [o for o, n in c["units"].items() if n > 0]
        if c.get("removed"):
            assert not owners
            continue
        busy = battle and battle.get("city") == cid or c.get("defender")
        if not busy:
            assert len(owners) <= 1, f"{cid} has several controllers: {owners}"
        assert 1 <= c["level"] <= 3
    assert not doubled(g), "a card lies in two places: " + "; ".join(doubled(g))
    if not g.is_over:
        assert g.legal_actions(), "no legal action while the game runs"


def play_checked(players: int, seed: int):
    rnd = random.Random(seed)
    g = Game.new(lineup(players, rnd), seed=seed)
    check_invariants(g)
    n = 0
    while not g.is_over:
        acts = g.legal_actions()
        g.apply(acts[rnd.randrange(len(acts))])
        check_invariants(g)
        n += 1
        assert n < 20000, "the game does not end"
    return g


@pytest.mark.rule("END-01", "TURN-03", "ACT-01")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_the_invariants_and_end(request, players):
    for i in range(games_for(request)):
        g = play_checked(players, seed=1000 * players + i)
        assert g.result()["winner"] in g.s["states"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_replay_save_clone_and_views(players):
    rnd = random.Random(players)
    g = Game.new(lineup(players, rnd), seed=77 + players)
    clone_at = 60
    clone = None
    clone_actions = []
    while not g.is_over:
        acts = g.legal_actions()
        a = acts[rnd.randrange(len(acts))]
        if len(g.actions) == clone_at:
            clone = g.clone()
        g.apply(a)
        if clone is not None:
            clone_actions.append(a)
        if len(g.actions) % 97 == 0 and not g.is_over:
            # no leaks: resampling what a player cannot see leaves their view unchanged
            viewer = g.s["states"][len(g.actions) % len(g.s["states"])]
            before = g.view(viewer)
            shuffled = g.determinize(viewer, seed=len(g.actions))
            after = shuffled.view(viewer)
            assert json.dumps(after, sort_keys=True) == json.dumps(before, sort_keys=True)
    final = g.state_json()
    # replay from the save is byte-identical
    save = json.dumps(g.to_json())
    again = Game.from_json(save)
    assert again.state_json() == final
    assert again.log == g.log
    # a clone played forward matches the original
    if clone is not None:
        for a in clone_actions:
            clone.apply(a)
        assert clone.state_json() == final

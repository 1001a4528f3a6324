
import pytest
from helpers import Waiter, choose, halted, kinds, make_game, run_step

from krestonostsy.content.loader import shipped_content
from krestonostsy.content.models import Rescript
from krestonostsy.engine import (
    modules,  # noqa: F401  (registers every step)
    registry,
)
from krestonostsy.engine.flow import STEPS
from krestonostsy.engine.triggers import battle_rescripts, raid_rescripts  # noqa: E402


def _r(rid, timing, effect, level=1, goods=("yellow",)):
    return Rescript(rid, rid, level, tuple(goods), timing, tuple(effect))


PROTECTION = _r("letter_of_protection", "battle", [{"op": "prevent_destruction"}])
TITHE = _r("tithe", "turn", [{"op": "gain_coins", "amount": 3}], goods=("white",))
BLESSING = _r("blessing", "battle", [{"op": "strength", "amount": 2}])
WALLS = _r("walls", "raid", [{"op": "raid_defence", "amount": 2}])
SPARE = [_r(f"x{i}", "income", [{"op": "gain_influence", "amount": 1}]) for i in range(3)]
CARDS = [PROTECTION, TITHE, BLESSING, WALLS, *SPARE]


def game(hand, player="jerusalem"):
    g = make_game(rescripts=CARDS)
    g.s["players"][player]["rescripts"] = list(hand)
    return g


def battle_state(g, attacker="antioch", defender="saracen", city="apamea"):
    g.s["battle"] = {"city": city, "attacker": attacker, "defender": defender,
                     "saracen_player": None, "marker": 0, "slots": [], "hands": {},
                     "no_destruction": False, "protected": [], "lost": []}


@pytest.mark.rule("RESCRIPT-01", "RESCRIPT-02", "TURN-10")
def test_turn_rescript_played_free_in_own_turn():
    g = game(["tithe", "letter_of_protection"])
    run_step(g, "own_turn", player="jerusalem")
    # only the rescript whose moment is "your turn" may be played for its effect
    assert [a.card for a in g.legal_actions() if a.kind == "play_rescript"] == ["tithe"]
    choose(g, "play_rescript", card="tithe")
    p = g.s["players"]["jerusalem"]
    assert p["coins"] == 4 + 3 and p["goods"]["white"] == [1, 0, 0]  # free: nothing paid
    assert p["rescripts"] == ["letter_of_protection"]
    assert g.s["discards"]["rescripts_1"] == ["tithe"]


@pytest.mark.rule("RESCRIPT-04", "PRAY-10")
def test_limit_three_discard_at_once():
    g = game(["tithe", "walls", "x0", "x1", "x2"])
    run_step(g, "rescript_limit", player="jerusalem")
    assert g.decision.params["n"] == 2
    choose(g, "discard_rescript", card="x0")
    choose(g, "discard_rescript", card="x1")
    assert halted(g)
    assert g.s["players"]["jerusalem"]["rescripts"] == ["tithe", "walls", "x2"]


@pytest.mark.rule("PRAY-10")
def test_over_the_limit_no_rescript_can_be_used():
    g = game(["tithe", "x0", "x1", "x2"])
    assert raid_rescripts(g, "jerusalem") == []
    run_step(g, "own_turn", player="jerusalem")
    # the window opens (holding rescripts is public) but no rescript can be played
    assert not [a for a in g.legal_actions() if a.kind == "play_rescript"]


@pytest.mark.rule("RESCRIPT-05", "BATTLE-12")
def test_battle_rescripts_only_in_your_own_battle():
    g = game(["letter_of_protection", "blessing", "tithe"], player="antioch")
    assert battle_rescripts(g, "antioch") == []  # no battle
    battle_state(g)
    assert battle_rescripts(g, "antioch") == ["letter_of_protection", "blessing"]
    g.s["players"]["tripoli"]["rescripts"] = ["letter_of_protection"]
    assert battle_rescripts(g, "tripoli") == []  # not Tripoli's battle
    run_step(g, "battle_rescripts", player="antioch", moment="before")
    assert kinds(g) == ["pass", "play_rescript"]
    choose(g, "pass")
    assert halted(g)


@pytest.mark.rule("EX-RESCRIPT-1", "RESCRIPT-01")
def test_letter_of_protection_keeps_the_city_level():
    g = game(["letter_of_protection"], player="antioch")
    battle_state(g)
    run_step(g, "battle_rescripts", player="antioch", moment="after")
    choose(g, "play_rescript", card="letter_of_protection")
    assert halted(g)
    assert g.s["battle"]["no_destruction"] is True
    assert g.s["players"]["antioch"]["rescripts"] == []


@pytest.mark.rule("EX-RESCRIPT-1", "RESCRIPT-03", "HOMS-02")
def test_letter_of_protection_spent_as_one_wood_in_own_turn():
    g = game(["letter_of_protection"])
    p = g.s["players"]["jerusalem"]
    p["coins"] = 0
    effects_ops = [{"op": "pay_for", "cost": ["yellow"],
                    "then": [{"op": "gain_influence", "amount": 1}]}]
    run_step(g, "effect", player="jerusalem", ops=effects_ops, ctx={"own_turn": True})
    choose(g, "pay_rescript", card="letter_of_protection")
    assert halted(g)
    assert p["influence"] == 1 and p["rescripts"] == []


def test_battle_rescript_effect_runs_for_the_players_side():
    g = game(["blessing"], player="jerusalem")
    battle_state(g, attacker="antioch", defender="jerusalem", city="tortosa")
    run_step(g, "play_rescript", player="jerusalem", card="blessing", ctx={})
    assert halted(g)
    assert g.s["battle"]["marker"] == -2  # towards the defender


def test_raid_rescript_adds_defence(monkeypatch):
    monkeypatch.setitem(STEPS, "raids", Waiter())
    g = game(["walls"])
    assert raid_rescripts(g, "jerusalem") == ["walls"]
    g.s["stack"] = [{"s": "halt"}, {"s": "raids", "player": "jerusalem", "target": "jerusalem"}]
    g.call("raid_rescripts", player="jerusalem", city="jerusalem")
    g._advance()
    choose(g, "play_rescript", card="walls")
    assert g.decision.prompt == "wait"  # the window closed by itself
    assert g.s["stack"][-1]["defence"] == 2


def test_rescript_ops_exist():
    for card in shipped_content().rescripts.values():
        for o in card.effect:
            assert o["op"] in registry.OPS

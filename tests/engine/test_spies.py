
import pytest
from helpers import ALL4, choose, halted, kinds, make_game, run_step

from krestonostsy.content.models import Spy
from krestonostsy.engine import modules  # noqa: F401  (registers every step)
from krestonostsy.engine.triggers import spy_placements  # noqa: E402


def _spy(sid, order="build", **trigger):
    return Spy(sid, sid, dict({"on": "after_order", "order": order}, **trigger),
               ({"op": "gain_coins", "amount": 2},))


SPIES = [_spy(f"s{i}") for i in range(8)] + [_spy("march_spy", order="march"),
                                             _spy("enh", enhanced=True),
                                             Spy("loser", "loser", {"on": "after_battle",
                                                                    "won": False},
                                                 ({"op": "gain_coins", "amount": 1},))]


def game(states=ALL4):
    return make_game(states, spies=SPIES)


def active(g, owner, *pairs):
    g.s["players"][owner]["spies"] = [{"card": c, "target": t, "used": False} for c, t in pairs]


@pytest.mark.rule("SPY-02", "SPY-09", "TURN-10")
def test_spies_in_hand_are_played_in_own_turn_with_the_targets_crest():
    g = game()
    p = g.s["players"]["jerusalem"]
    p["spies_hand"] = ["s0", "s1"]
    run_step(g, "own_turn", player="jerusalem")
    targets = {(a.card, a.player) for a in g.legal_actions() if a.kind == "play_spy"}
    assert targets == {(c, t) for c in ("s0", "s1") for t in ("tripoli", "edessa", "antioch")}
    choose(g, "play_spy", card="s0", player="edessa")
    assert p["spies"] == [{"card": "s0", "target": "edessa", "used": False}]
    assert p["spies_hand"] == ["s1"]  # the other stays in hand, hidden
    choose(g, "done")
    assert halted(g)


@pytest.mark.rule("SPY-03", "SPY-04", "SETUP-42")
@pytest.mark.parametrize("states,cap", [(ALL4, 1), (ALL4[:3], 2), (("jerusalem", "tripoli"), 3)])
def test_spies_per_opponent_by_player_count(states, cap):
    g = game(states)
    active(g, "jerusalem", *[(f"s{i}", "tripoli") for i in range(cap)])
    plays = spy_placements(g, "jerusalem", "s7")
    free_to_tripoli = [a for a in plays if a.player == "tripoli" and not a.get("discard")]
    assert free_to_tripoli == []  # the cells against Tripoli are full
    if len(states) > 2 and cap < 3:
        assert any(a.player != "tripoli" and not a.get("discard") for a in plays)


@pytest.mark.rule("SPY-03", "SPY-05")
def test_full_board_discard_one_active_spy_first():
    g = game(ALL4[:3])
    active(g, "jerusalem", ("s0", "tripoli"), ("s1", "tripoli"), ("s2", "edessa"))
    plays = {(a.player, a.get("discard")) for a in spy_placements(g, "jerusalem", "s7")}
    # 3 on the board: any spy may go to make room against Edessa; against Tripoli (2 of 2)
    # only a spy aimed at Tripoli frees a cell
    assert plays == {("edessa", "s0"), ("edessa", "s1"), ("edessa", "s2"),
                     ("tripoli", "s0"), ("tripoli", "s1")}
    g.s["players"]["jerusalem"]["spies_hand"] = ["s7"]
    run_step(g, "own_turn", player="jerusalem")
    choose(g, "play_spy", card="s7", player="tripoli", discard="s0")
    assert [s["card"] for s in g.s["players"]["jerusalem"]["spies"]] == ["s1", "s2", "s7"]
    assert g.s["discards"]["spies"] == ["s0"]


@pytest.mark.rule("SPY-06", "SPY-07", "SPY-08")
def test_spy_fires_when_its_target_resolves_the_order():
    g = game()
    active(g, "tripoli", ("s0", "jerusalem"))
    active(g, "edessa", ("s1", "antioch"), ("march_spy", "jerusalem"))
    run_step(g, "after_order", player="jerusalem", order="build", enhanced=False, facts={})
    assert g.decision.player == "tripoli"  # Edessa's spies do not match
    assert kinds(g) == ["pass", "use_spy"]
    choose(g, "use_spy", card="s0")
    assert halted(g)
    assert g.s["players"]["tripoli"]["coins"] == 3 + 2  # free bonus for the owner
    assert g.s["players"]["tripoli"]["spies"][0]["used"] is True  # ban side up
    assert any(e[0] == "spy_used" for e in g.log)  # announced
    run_step(g, "after_order", player="jerusalem", order="build", enhanced=False, facts={})
    assert halted(g)  # once per round


@pytest.mark.rule("SPY-06", "TURN-05")
def test_spy_owners_in_turn_order_and_may_pass():
    g = game()
    active(g, "tripoli", ("s0", "jerusalem"))
    active(g, "edessa", ("s1", "jerusalem"))
    g.s["sanctity"].update(edessa=15)  # Edessa is now first in turn order
    run_step(g, "after_order", player="jerusalem", order="build", enhanced=False, facts={})
    assert g.decision.player == "edessa"
    choose(g, "pass")
    assert g.decision.player == "tripoli"
    choose(g, "pass")
    assert halted(g)
    assert g.s["players"]["edessa"]["spies"][0]["used"] is False


def test_spy_trigger_filters_enhanced_and_battle():
    g = game()
    active(g, "tripoli", ("enh", "jerusalem"), ("loser", "jerusalem"))
    run_step(g, "after_order", player="jerusalem", order="build", enhanced=False, facts={})
    assert halted(g)
    run_step(g, "after_order", player="jerusalem", order="build", enhanced=True, facts={})
    assert [a.card for a in g.legal_actions() if a.kind == "use_spy"] == ["enh"]
    run_step(g, "after_battle", player="jerusalem", won=False)
    assert [a.card for a in g.legal_actions() if a.kind == "use_spy"] == ["loser"]


@pytest.mark.rule("CAPITAL-05")
def test_eliminated_players_use_no_spies():
    g = game()
    active(g, "tripoli", ("s0", "jerusalem"))
    g.s["players"]["tripoli"]["eliminated"] = True
    g.s["players"]["tripoli"]["spies_hand"] = ["s1"]
    run_step(g, "after_order", player="jerusalem", order="build", enhanced=False, facts={})
    assert halted(g)
    run_step(g, "own_turn", player="tripoli")
    assert halted(g)


@pytest.mark.rule("SPY-02")
def test_offer_spy_when_drawn():
    g = game()
    g.s["players"]["antioch"]["spies_hand"] = ["s3"]
    run_step(g, "offer_spy", player="antioch", card="s3")
    choose(g, "play_spy", card="s3", player="jerusalem")
    assert halted(g)
    assert g.s["players"]["antioch"]["spies"][0]["target"] == "jerusalem"

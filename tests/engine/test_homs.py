
import pytest
from helpers import choose, halted, make_game, run_step

from krestonostsy.engine import modules  # noqa: F401  (registers every step)


@pytest.mark.rule("HOMS-02", "GLOSS-17")
def test_spices_pay_a_card_effect_of_any_colour():
    g = make_game()
    p = g.s["players"]["jerusalem"]
    p["coins"], p["goods"] = 0, {"green": [1, 0, 0]}
    ops = [{"op": "pay_for", "cost": ["red"], "then": [{"op": "gain_coins", "amount": 2}]}]
    run_step(g, "effect", player="jerusalem", ops=ops, ctx={"own_turn": True})
    choose(g, "pay_good", colour="green")
    assert halted(g)
    assert p["coins"] == 2 and p["goods"]["green"] == [0, 1, 0]


@pytest.mark.rule("HOMS-02")
def test_spices_are_goods_for_restore_spend_and_block():
    g = make_game()
    p = g.s["players"]["jerusalem"]
    p["goods"] = {"green": [0, 1, 0]}
    run_step(g, "effect", player="jerusalem", ops=[{"op": "restore_goods", "amount": 1},
                                                   {"op": "block_goods", "amount": 1}], ctx={})
    assert halted(g)
    assert p["goods"]["green"] == [0, 0, 1]

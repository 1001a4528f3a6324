"""Paying goods costs (BUILD-05/06, HOMS-02, discounts, RESCRIPT-01..03, PRAY-10)."""
import pytest
from cardkit import game, kinds, rescript, set_goods
from helpers import choose, halted, result, run_step

from krestonostsy.engine.payment import can_pay, cover, max_extra_goods


def pay(g, cost, player="tripoli", **frame):
    frame.setdefault("own_turn", True)
    return run_step(g, "pay", player=player, cost=list(cost), **frame)


@pytest.mark.rule("BUILD-05", "BUILD-06", "GLOSS-05")
def test_coin_replaces_a_missing_good_and_spending_flips_the_token():
    g = game()
    set_goods(g, "tripoli", yellow=1)
    g.s["players"]["tripoli"]["coins"] = 3
    pay(g, ["yellow", "white"])
    # yellow: good or coin -> a real choice
    assert kinds(g) == ["pay_coin", "pay_good"]
    choose(g, "pay_good", colour="yellow")
    # white: no white good, so the coin is the only way: paid automatically
    assert halted(g)
    assert result(g) == {"paid": True, "discount_used": 0}
    p = g.s["players"]["tripoli"]
    assert p["goods"]["yellow"] == [0, 1, 0]  # spent, not discarded (BUILD-06)
    assert p["coins"] == 2


@pytest.mark.rule("HOMS-02", "GLOSS-17")
def test_spices_pay_for_any_colour():
    g = game()
    set_goods(g, "tripoli", green=1)
    g.s["players"]["tripoli"]["coins"] = 0
    pay(g, ["red"])
    assert halted(g)  # the only way: spices as red
    assert g.s["players"]["tripoli"]["goods"]["green"] == [0, 1, 0]


@pytest.mark.rule("BUILD-05")
def test_only_choices_that_keep_the_cost_payable_are_offered():
    g = game()
    # red + blue with one red, one spices, no coins: spices must go to blue
    set_goods(g, "tripoli", red=1, green=1)
    g.s["players"]["tripoli"]["coins"] = 0
    assert can_pay(g, "tripoli", ["red", "blue"])
    assert not can_pay(g, "tripoli", ["red", "blue", "white"])
    pay(g, ["red", "blue"])
    assert halted(g)
    assert g.s["players"]["tripoli"]["goods"] == {"red": [0, 1, 0], "green": [0, 1, 0]}


def test_cover_is_an_optimal_matching():
    assert cover(["red", "any"], {"red": 1, "green": 1}) == 2
    assert cover(["red", "blue", "any"], {"blue": 2, "green": 1}) == 3
    assert cover(["white", "white"], {"green": 1}) == 1
    assert cover(["any", "any"], {}) == 0


@pytest.mark.rule("BUILD-12", "MUSTER-07")
def test_discount_pays_a_requirement_without_good_or_coin():
    g = game()
    set_goods(g, "tripoli")
    g.s["players"]["tripoli"]["coins"] = 1
    pay(g, ["yellow", "blue", "red"], discount=2)
    assert kinds(g) == ["pay_coin", "pay_discount"]
    choose(g, "pay_discount")
    choose(g, "pay_coin")
    assert halted(g)  # the last one can only be discounted
    assert result(g) == {"paid": True, "discount_used": 2}
    assert g.s["players"]["tripoli"]["coins"] == 0


@pytest.mark.rule("RESCRIPT-01", "RESCRIPT-02", "RESCRIPT-03")
def test_rescript_spent_as_goods_in_own_turn_leftover_goods_usable_then_lost():
    r = rescript("two_goods", level=2, goods=("yellow", "red"))
    g = game(cards=[r])
    set_goods(g, "tripoli")
    p = g.s["players"]["tripoli"]
    p["coins"] = 0
    p["rescripts"] = ["two_goods"]
    pay(g, ["red", "yellow"])
    assert halted(g)  # only the rescript can pay: red from it, yellow from the same card
    assert p["rescripts"] == []
    assert "two_goods" in g.s["discards"]["rescripts_2"]
    # not own turn: a rescript is no payment
    g = game(cards=[r])
    set_goods(g, "tripoli")
    g.s["players"]["tripoli"].update(coins=0, rescripts=["two_goods"])
    assert not can_pay(g, "tripoli", ["red"], own_turn=False)
    assert can_pay(g, "tripoli", ["red"], own_turn=True)


@pytest.mark.rule("PRAY-10")
def test_no_rescript_payment_while_over_the_limit():
    cards = [rescript(f"r{i}", goods=("red",)) for i in range(4)]
    g = game(cards=cards)
    set_goods(g, "tripoli")
    g.s["players"]["tripoli"].update(coins=0, rescripts=[c.id for c in cards])
    assert not can_pay(g, "tripoli", ["red"], own_turn=True)
    g.s["players"]["tripoli"]["rescripts"].pop()
    assert can_pay(g, "tripoli", ["red"], own_turn=True)


def test_optional_payment_may_be_declined_and_extra_goods_limit():
    g = game()
    set_goods(g, "tripoli", yellow=1)
    g.s["players"]["tripoli"]["coins"] = 2
    assert max_extra_goods(g, "tripoli") == 3
    pay(g, ["any"], optional=True)
    assert "decline" in kinds(g)
    choose(g, "decline")
    assert result(g) == {"paid": False, "discount_used": 0}
    assert g.s["players"]["tripoli"]["coins"] == 2


def _payment_paths(g, limit=2000):
    """Every path of decisions through the payment in progress: {path: tokens spent}."""
    out = {}

    def walk(game, path):
        assert len(out) < limit
        if game.decision.prompt != "pay":
            p = game.s["players"]["tripoli"]
            out[path] = (tuple(sorted((c, r[0]) for c, r in p["goods"].items())), p["coins"])
            return
        for a in game.legal_actions():
            nxt = game.clone()
            nxt.apply(a)
            walk(nxt, path + (a,))
    walk(g, ())
    return out


@pytest.mark.rule("BUILD-05", "MUSTER-03", "MARCH-01")
def test_one_payment_is_one_path_whatever_the_order_of_its_tokens():
    """Paying the same tokens in another order is not another path of decisions (issue 7
    §4): each set of tokens that pays the cost is reached by exactly one path."""
    g = game()
    set_goods(g, "tripoli", red=2, blue=1, yellow=1)
    g.s["players"]["tripoli"]["coins"] = 2
    run_step(g, "pay", player="tripoli", cost=["any"] * 3, own_turn=False)
    paths = _payment_paths(g)
    results = list(paths.values())
    assert len(results) == len(set(results))  # no two paths pay the same tokens
    # every way to pay 3 from {red, red, blue, yellow, coin, coin} is still possible
    ways = {(r, b, y, 3 - r - b - y) for r in range(3) for b in range(2) for y in range(2)
            if 0 <= 3 - r - b - y <= 2}
    assert len(set(results)) == len(ways) == 10

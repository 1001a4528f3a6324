"""Prayer, the sanctity track, rescripts and bishops (PRAY-*, BISHOP-05/06, EX-PRAY-1)."""
import pytest
from cardkit import game, kinds, rescript, set_goods
from helpers import act, choose, halted, result, run_step

R1 = [rescript(f"r1_{i}", 1, ("yellow",)) for i in range(6)]
R2 = [rescript(f"r2_{i}", 2, ("red", "blue")) for i in range(3)]


def bishops_of(g, player):
    return [(cid, b) for cid, c in g.s["cities"].items() for b in c["bishops"] if b[0] == player]


@pytest.mark.rule("EX-PRAY-1", "GLOSS-19", "PRAY-02", "PRAY-03", "PRAY-04", "PRAY-05", "PRAY-06",
                  "PRAY-07", "BISHOP-05", "BISHOP-06")
def test_ex_pray_1_four_sanctity_jump_antioch_rescript_and_two_bishop_actions():
    g = game(cards=R1)
    s = g.s
    s["sanctity"]["antioch"] = 6  # a rescript cell, jumped by Jerusalem
    set_goods(g, "jerusalem", white=1)
    p = s["players"]["jerusalem"]
    p["coins"] = 1
    run_step(g, "order_prayer", player="jerusalem", enhanced=False)
    assert [a.n for a in g.legal_actions()] == [0, 1, 2]  # one good + one coin at most
    act(g, "extra_goods", n=2)
    # one good and one coin is the only way to pay 2: no decision (a payment is a set of
    # tokens, not an order of them)
    assert p["goods"]["white"] == [0, 1, 0] and p["coins"] == 0
    assert s["sanctity"]["jerusalem"] == 3 + 5  # 4 points, Antioch's cell for free
    assert len(p["rescripts"]) == 1           # cell 6 (jumped) gives a rescript
    assert g.decision.prompt == "bishop_action" and g.decision.params["left"] == 2
    # 1 train + 1 move, strictly in that order; the new bishop may move
    choose(g, "train_bishop", city="jerusalem", level=2)
    new = max(b[2] for _c, b in bishops_of(g, "jerusalem"))
    assert "train_bishop" in kinds(g)
    choose(g, "move_bishop", bishop=new, city="acre")
    assert halted(g)
    assert ("acre", ["jerusalem", 2, new]) in bishops_of(g, "jerusalem")
    assert result(g)["sanctity"] == 4 and result(g)["trained"] == 1


@pytest.mark.rule("BISHOP-06")
def test_no_train_after_a_move_and_each_bishop_moves_once():
    g = game()
    run_step(g, "bishop_actions", player="jerusalem", n=3, only=None)
    first = bishops_of(g, "jerusalem")[0][1][2]
    choose(g, "move_bishop", bishop=first, city="acre")
    assert "train_bishop" not in kinds(g)
    # that bishop cannot move again; no other bishop: the actions end
    assert halted(g)


@pytest.mark.rule("BISHOP-05")
def test_train_needs_a_bishop_city_or_own_city_and_supply():
    g = game()
    s = g.s
    s["cities"]["jerusalem"]["bishops"] = []
    s["players"]["jerusalem"]["cities"] = ["jerusalem", "acre"]
    run_step(g, "bishop_actions", player="jerusalem", n=1, only="train")
    assert {a.city for a in g.legal_actions() if a.kind == "train_bishop"} == {"jerusalem",
                                                                              "acre"}
    s["cities"]["baalbek"]["bishops"] = [["jerusalem", 1, 99]]
    run_step(g, "bishop_actions", player="jerusalem", n=1, only="train")
    assert {a.city for a in g.legal_actions() if a.kind == "train_bishop"} == {"baalbek"}
    s["players"]["jerusalem"]["bishops"] = {"1": 0, "2": 0}
    run_step(g, "bishop_actions", player="jerusalem", n=1, only="train")
    assert halted(g)


@pytest.mark.rule("PRAY-04", "AUTOMA-02")
def test_automa_pieces_are_jumped_for_free():
    g = game(("jerusalem", "tripoli"), cards=R1)
    s = g.s
    assert s["sanctity"]["antioch"] == 19 or s["sanctity"]["edessa"] == 19
    s["sanctity"]["jerusalem"] = 16
    run_step(g, "gain_sanctity", player="jerusalem", amount=3, defer=True)
    # 17 (1), 18 automa, 19 automa, 0 (2), 1 is Edessa's start? no: 1 is free in 2p (3)
    occupied = {c for p, c in s["sanctity"].items() if p != "jerusalem"}
    cells, left, cell = [], 3, 16
    while left:
        cell = (cell + 1) % 20
        cells.append(cell)
        if cell not in occupied:
            left -= 1
    assert s["sanctity"]["jerusalem"] == cell
    assert {18, 19} <= set(cells)


@pytest.mark.rule("PRAY-08")
def test_wrap_around_continues_from_the_first_cell():
    g = game(cards=R1)
    s = g.s
    s["sanctity"]["jerusalem"] = 18
    s["sanctity"]["antioch"] = 5
    run_step(g, "gain_sanctity", player="jerusalem", amount=3, defer=True)
    # 19, then 0, 1 (Edessa on 1 is jumped), 2 Tripoli jumped, 3 -> ends on 3
    assert s["sanctity"]["jerusalem"] == 3
    # cell 19 is a rescript cell
    assert len(s["players"]["jerusalem"]["rescripts"]) == 1
    assert result(g) == {"bishop_actions": 0}


@pytest.mark.rule("PRAY-09", "RESCRIPT-04")
def test_enhanced_prayer_extra_bishop_action_and_level_2_rescript():
    g = game(cards=R1 + R2)
    s = g.s
    set_goods(g, "jerusalem")
    s["players"]["jerusalem"]["coins"] = 0
    run_step(g, "order_prayer", player="jerusalem", enhanced=True)
    # 2 sanctity: 3 -> 5 (cell 4 free, cell 5 bishop bonus) = 1 + 1 enhanced
    assert s["sanctity"]["jerusalem"] == 5
    assert g.decision.params["left"] == 2
    hand = s["players"]["jerusalem"]["rescripts"]
    assert len(hand) == 1 and hand[0].startswith("r2_")


@pytest.mark.rule("PRAY-10")
def test_over_three_rescripts_discard_at_once():
    g = game(cards=R1)
    s = g.s
    s["players"]["jerusalem"]["rescripts"] = ["r1_0", "r1_1", "r1_2"]
    s["decks"]["rescripts_1"] = ["r1_3"]
    s["sanctity"]["jerusalem"] = 5
    run_step(g, "gain_sanctity", player="jerusalem", amount=1)
    assert g.decision.prompt == "rescript_limit"
    assert len(g.legal_actions()) == 4
    choose(g, "discard_rescript", card="r1_0")
    assert halted(g)
    assert s["players"]["jerusalem"]["rescripts"] == ["r1_1", "r1_2", "r1_3"]
    assert "r1_0" in s["discards"]["rescripts_1"]

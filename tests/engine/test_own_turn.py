"""Own-turn effects during one's own order (TURN-10, ACT-04, BLDG-04, RESCRIPT-01):
«непосредственно до, после или во время активации своего жетона приказа»."""
import pytest
from cardkit import building, clear_markets, game, set_goods
from helpers import choose, halted, run_step

from krestonostsy.content.loader import shipped_content
from krestonostsy.content.models import Rescript
from krestonostsy.engine.triggers import OWN_TURN_ACTION

# a "turn" rescript that restores 2 spent goods (SYM-38 restore_goods, RESCRIPT-01)
RESTORER = Rescript("restorer", "restorer", 1, ("white",), "turn",
                    ({"op": "restore_goods", "amount": 2},))
KEEP = building("keep", ("blue", "red"))  # a level-II building


def kinds(g):
    return sorted({a.kind for a in g.legal_actions()})


def start_order(g, player, order):
    """The whole order activation (own-turn window before it, the order, reactions)."""
    run_step(g, "order", player=player, order=order, enhanced=False)
    if g.decision.prompt == "own_turn":  # the window before the order: not used here
        choose(g, "done")


@pytest.mark.rule("TURN-10", "GLOSS-13", "ACT-04", "RESCRIPT-01", "BUILD-03", "BUILD-04", "BUILD-05")
def test_goods_spent_on_the_upgrade_are_restored_and_reused_for_the_building():
    g = game(cards=(KEEP, RESTORER))
    clear_markets(g)
    s = g.s
    s["markets"]["buildings_12"][0] = "keep"
    s["cities"]["tripoli"]["level"] = 2          # upgrade costs yellow, blue, red
    set_goods(g, "tripoli", yellow=1, blue=1, red=1)
    p = s["players"]["tripoli"]
    p["coins"] = 0
    p["rescripts"] = ["restorer"]
    start_order(g, "tripoli", "build")
    assert g.decision.prompt == "build"
    choose(g, "upgrade", city="tripoli")
    for colour in ("yellow", "blue", "red"):
        if g.decision.prompt == "pay":
            choose(g, "pay_good", colour=colour)
    assert s["cities"]["tripoli"]["level"] == 3
    assert p["goods"]["blue"] == [0, 1, 0] and p["goods"]["red"] == [0, 1, 0]
    # nothing left to pay for the Keep: without TURN-10 only "done" would remain
    assert "build_building" not in kinds(g)
    assert OWN_TURN_ACTION in g.legal_actions()
    g.apply(OWN_TURN_ACTION)
    assert g.decision.prompt == "own_turn"
    choose(g, "play_rescript", card="restorer")
    choose(g, "restore_good", colour="blue")
    choose(g, "restore_good", colour="red")
    # the window closes by itself: nothing else to use this turn
    # the same order, the same menu, now with the restored goods
    assert g.decision.prompt == "build" and "build_building" in kinds(g)
    assert "upgrade" not in kinds(g)  # one upgrade per order: still the same activation
    choose(g, "build_building")
    choose(g, "take_card", card="keep")
    while g.decision.prompt == "pay":
        g.apply(g.legal_actions()[0])
    assert {"card": "keep", "used": False} in p["buildings"]
    assert p["goods"]["blue"] == [0, 1, 0] and p["goods"]["red"] == [0, 1, 0]


@pytest.mark.rule("TURN-10", "BLDG-03", "BLDG-04", "MARCH-01")
def test_the_bazaar_may_be_used_in_the_middle_of_a_march():
    bazaar = shipped_content().buildings["bazaar"]  # its effect as the content says
    g = game(cards=(bazaar,))
    s = g.s
    s["modifiers"] = {}
    p = s["players"]["antioch"]
    p["buildings"] = [{"card": "bazaar", "used": False}]
    set_goods(g, "antioch", yellow=2)
    p["coins"] = 0
    start_order(g, "antioch", "march")
    assert g.decision.prompt == "march_target"
    assert OWN_TURN_ACTION in g.legal_actions()
    choose(g, "march_target", city="turbessel")
    while g.decision.prompt != "march_move":
        assert OWN_TURN_ACTION in g.legal_actions(), g.decision.prompt
        g.apply(g.legal_actions()[0])
    mark = len(g.log)
    g.apply(OWN_TURN_ACTION)
    choose(g, "use_building", card="bazaar")
    while g.decision.prompt not in ("own_turn", "march_move"):  # the Bazaar's payment
        g.apply(g.legal_actions()[0])
    if g.decision.prompt == "own_turn":
        choose(g, "done")
    assert p["buildings"] == [{"card": "bazaar", "used": True}]
    # its effect ran: paid with a good, then a spent good restored (the Bazaar trades goods)
    assert "good_restored" in [key for key, _params, _vis in g.log[mark:]]
    assert g.decision.prompt == "march_move"  # back in the same march
    # nothing left to use in this turn (the Bazaar is banned, no rescript, no spy)
    assert OWN_TURN_ACTION not in g.legal_actions()


@pytest.mark.rule("TURN-10")
def test_no_own_turn_window_in_another_players_order_nor_without_cards():
    g = game(cards=(RESTORER,))
    clear_markets(g)
    s = g.s
    s["modifiers"] = {}
    s["players"]["tripoli"]["rescripts"] = []
    s["players"]["tripoli"]["spies_hand"] = []
    s["players"]["tripoli"]["buildings"] = []
    s["players"]["edessa"]["rescripts"] = ["restorer"]
    start_order(g, "tripoli", "march")
    while not halted(g):
        assert OWN_TURN_ACTION not in g.legal_actions()
        g.apply(g.legal_actions()[-1])


@pytest.mark.rule("TURN-10", "MARKET-02")
def test_a_blind_draw_not_affordable_yet_may_be_paid_after_an_own_turn_effect():
    g = game(cards=(KEEP, RESTORER))
    clear_markets(g)
    s = g.s
    s["decks"]["buildings_12"] = ["keep"]  # the blind draw: blue, red
    set_goods(g, "tripoli", blue=(0, 1, 0), red=(0, 1, 0))
    p = s["players"]["tripoli"]
    p["coins"] = 0
    p["rescripts"] = ["restorer"]
    start_order(g, "tripoli", "build")
    choose(g, "build_building")
    choose(g, "draw_blind", market="buildings_12")
    assert g.decision.prompt == "blind_draw_unaffordable"
    assert kinds(g) == ["own_turn", "return_card"]
    g.apply(OWN_TURN_ACTION)
    choose(g, "play_rescript", card="restorer")  # restores the 2 spent goods
    while g.decision.prompt == "pay":
        g.apply(g.legal_actions()[0])
    assert {"card": "keep", "used": False} in p["buildings"]
    assert s["decks"]["buildings_12"] == []


@pytest.mark.rule("MARKET-02")
def test_a_blind_draw_not_affordable_goes_back_when_no_own_turn_effect_is_possible():
    g = game(cards=(KEEP,))
    clear_markets(g)
    s = g.s
    s["decks"]["buildings_12"] = ["keep"]
    set_goods(g, "tripoli")
    p = s["players"]["tripoli"]
    p["coins"] = 0
    p["rescripts"], p["spies_hand"], p["buildings"] = [], [], []
    start_order(g, "tripoli", "build")
    choose(g, "build_building")
    choose(g, "draw_blind", market="buildings_12")
    assert s["decks"]["buildings_12"] == ["keep"] and p["buildings"] == []

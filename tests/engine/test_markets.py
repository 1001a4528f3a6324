"""Markets and decks (MARKET-01..03, DISCARD-01/04, GLOSS-06)."""
import pytest
from cardkit import building, clear_markets, game, governor, set_goods
from helpers import choose, halted, result, run_step

from krestonostsy.engine.decks import discard, draw
from krestonostsy.engine.markets import fill_markets

CARDS = tuple(building(f"b{i}", ("red",) * (1 + i % 2)) for i in range(6))


def setup(**kw):
    g = game(cards=CARDS, **kw)
    clear_markets(g)
    return g


@pytest.mark.rule("MARKET-02")
def test_blind_draw_affordable_must_be_paid():
    g = setup()
    s = g.s
    s["decks"]["buildings_12"] = ["b0", "b1"]  # top: b1 costs red, red
    set_goods(g, "tripoli", red=2)
    s["players"]["tripoli"]["coins"] = 0
    barrier = s["barrier"]
    run_step(g, "take_card", player="tripoli", markets=["buildings_12"], optional=True)
    choose(g, "draw_blind", market="buildings_12")
    assert halted(g) and result(g) == "b1"
    assert s["players"]["tripoli"]["goods"]["red"] == [0, 2, 0]
    assert s["barrier"] > barrier  # a reveal: no undo across it


@pytest.mark.rule("MARKET-02")
def test_blind_draw_unaffordable_goes_back_and_the_action_is_used():
    g = setup()
    s = g.s
    s["decks"]["buildings_12"] = ["b0", "b1"]
    s["markets"]["buildings_12"][0] = "b2"  # costs red: affordable
    set_goods(g, "tripoli", red=1)
    s["players"]["tripoli"]["coins"] = 0
    run_step(g, "take_card", player="tripoli", markets=["buildings_12"], optional=False)
    choose(g, "draw_blind", market="buildings_12")
    assert halted(g) and result(g) is None
    assert s["decks"]["buildings_12"] == ["b0", "b1"]
    assert s["markets"]["buildings_12"][0] == "b2"


@pytest.mark.rule("MARKET-01", "MARKET-03")
def test_governor_market_take_no_refill_and_unaffordable_cards_not_offered():
    g = game(cards=(governor("gv1", {"metric": "coins", "per": 3, "influence": 1}),
                    *CARDS))
    clear_markets(g)
    s = g.s
    s["markets"]["governors"][2] = "gv1"
    s["markets"]["buildings_12"][0] = "b1"  # red, red
    set_goods(g, "tripoli")
    s["players"]["tripoli"]["coins"] = 1
    run_step(g, "take_card", player="tripoli", markets=["governors", "buildings_12"],
             optional=True)
    cards = {a.get("card") for a in g.legal_actions()}
    assert cards == {"gv1", None}
    choose(g, "take_card", card="gv1")
    assert result(g) == "gv1"
    assert s["markets"]["governors"] == [None] * 5


@pytest.mark.rule("DISCARD-04", "DISCARD-01")
def test_empty_deck_is_rebuilt_from_its_discards():
    g = setup()
    s = g.s
    s["decks"]["buildings_12"] = []
    discard(g, "b0")
    discard(g, "b2")
    assert s["discards"]["buildings_12"] == ["b0", "b2"]
    card = draw(g, "buildings_12")
    assert card in ("b0", "b2")
    assert s["discards"]["buildings_12"] == []
    assert len(s["decks"]["buildings_12"]) == 1
    assert draw(g, "buildings_12") is not None
    assert draw(g, "buildings_12") is None


@pytest.mark.rule("GLOSS-06", "SETUP-10", "SETUP-14", "SETUP-17")
def test_fill_respects_player_count_and_high_markets_cap():
    for states, open_n in ((("jerusalem", "tripoli"), 3),
                           (("jerusalem", "tripoli", "edessa"), 4),
                           (("jerusalem", "tripoli", "edessa", "antioch"), 5)):
        g = game(states, cards=CARDS)
        clear_markets(g)
        s = g.s
        s["decks"]["governors"] = [f"g{i}" for i in range(9)]
        s["decks"]["tactics_34"] = [f"t{i}" for i in range(9)]
        fill_markets(g)
        assert sum(c is not None for c in s["markets"]["governors"]) == open_n
        assert sum(c is not None for c in s["markets"]["tactics_34"]) == 3

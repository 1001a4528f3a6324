"""Setting up a game (SETUP-*), the line-up rules, and the starting turn order."""
import pytest

from krestonostsy.content.loader import shipped_content
from krestonostsy.engine import load_ruleset
from krestonostsy.engine.options import GameOptions
from krestonostsy.engine.setup import new_state

ALL4 = ["jerusalem", "tripoli", "edessa", "antioch"]


def state(states=ALL4, seed=3, **opts):
    return new_state(load_ruleset("base"), list(states), seed, GameOptions(**opts))


@pytest.mark.rule("TURN-01", "SETUP-30")
def test_lineups_allowed_and_refused():
    for pair in (["jerusalem", "tripoli"], ["tripoli", "antioch"], ["antioch", "edessa"],
                 ["jerusalem", "edessa"]):
        state(pair)
    with pytest.raises(ValueError, match="cannot play a 2-player game"):
        state(["jerusalem", "antioch"])
    with pytest.raises(ValueError, match="cannot play a 2-player game"):
        state(["tripoli", "edessa"])
    with pytest.raises(ValueError, match="2 to 4"):
        state(["jerusalem"])
    with pytest.raises(ValueError, match="unknown state"):
        state(["jerusalem", "byzantium"])


@pytest.mark.rule("SETUP-22", "SETUP-23", "SETUP-24", "SETUP-25", "SETUP-26", "HOMS-04")
def test_map_setup_four_players():
    s = state()
    cities = s["cities"]
    for cap, units in (("jerusalem", 4), ("tripoli", 5), ("edessa", 5), ("antioch", 6)):
        assert cities[cap]["units"] == {cap: units}
        assert cities[cap]["level"] == 1
        assert cities[cap]["bishops"] and cities[cap]["bishops"][0][:2] == [cap, 1]
        assert cities[cap]["goods"] == 0
    assert cities["homs"]["level"] == 3 and cities["homs"]["units"] == {"saracen": 2}
    assert cities["homs"]["goods"] == 1
    for c in ("aleppo", "apamea", "baalbek", "damascus"):
        assert cities[c]["units"] == {"saracen": 2} and cities[c]["level"] == 2
    for c in ("turbessel", "tortosa", "acre", "tadmor"):
        assert cities[c]["units"] == {"saracen": 1} and cities[c]["level"] == 2
        assert cities[c]["goods"] == 1
    on_map = sum(c["units"].get("saracen", 0) for c in cities.values())
    assert on_map == 14
    assert s["saracens"] == 25 - 14


@pytest.mark.rule("SETUP-29", "EX-SETUP-1", "SETUP-19", "AUTOMA-09")
def test_two_player_map_jerusalem_tripoli():
    s = state(["jerusalem", "tripoli"])
    for c in ("edessa", "antioch", "turbessel"):
        assert s["cities"][c]["removed"]
        assert s["cities"][c]["units"] == {} and s["cities"][c]["goods"] == 0
    on_map = sum(c["units"].get("saracen", 0) for c in s["cities"].values())
    assert on_map == 13  # SETUP-24: 13 in a 2-player game
    # two automa pieces on the two rightmost cells, all 10 automa tokens
    length = shipped_content().board.sanctity_length
    assert sorted(s["sanctity"][p] for p in s["automa"]["pieces"]) == [length - 2, length - 1]
    assert len(s["automa"]["supply"]) == 10


@pytest.mark.rule("SETUP-28", "AUTOMA-01", "AUTOMA-02")
def test_three_player_map():
    s = state(["jerusalem", "tripoli", "edessa"])
    assert s["cities"]["antioch"]["removed"]
    assert not s["cities"]["turbessel"]["removed"]
    length = shipped_content().board.sanctity_length
    assert s["automa"]["pieces"] == ["antioch"]
    assert s["sanctity"]["antioch"] == length - 1
    assert sorted(s["automa"]["supply"]) == sorted(["build", "prayer", "muster", "march", "boost"])


@pytest.mark.rule("TURN-08", "SETUP-18")
def test_starting_order_on_the_sanctity_track():
    s = state()
    order = sorted(ALL4, key=lambda p: -s["sanctity"][p])
    assert order == ["jerusalem", "tripoli", "edessa", "antioch"]


@pytest.mark.rule("SETUP-33", "SETUP-35", "SETUP-37", "SETUP-39", "SETUP-34")
def test_player_areas():
    s = state()
    board = shipped_content().board
    for x in ALL4:
        p = s["players"][x]
        assert p["coins"] == board.states[x].coins
        assert p["orders"] == ["build", "prayer", "muster", "march"]
        assert p["cities"] == [x]
        assert p["goods"] == {board.states[x].colour: [1, 0, 0]}
        assert p["units"] == 15 - board.states[x].units
        assert p["bishops"]["1"] + p["bishops"]["2"] == 9


@pytest.mark.rule("SETUP-03", "SETUP-04", "SETUP-21", "END-01")
def test_decks_and_tracks():
    s = state()
    assert len(s["decks"]["events"]) == 6
    assert len(s["saracen_track"]["tokens"]) == 5
    content = shipped_content()
    levels = {content.rescripts[r].level for r in s["decks"]["rescripts_1"]}
    assert levels <= {1}
    assert {content.rescripts[r].level for r in s["decks"]["rescripts_2"]} <= {2}


@pytest.mark.rule("SETUP-10", "SETUP-14", "SETUP-17", "GLOSS-06", "SETUP-08", "SETUP-09")
@pytest.mark.parametrize("states,open_low", [(ALL4, 5), (ALL4[:3], 4),
                                              (["jerusalem", "tripoli"], 3)])
def test_market_cells_closed_by_player_count(states, open_low):
    s = state(states)
    for name in ("buildings_12", "tactics_12", "governors"):
        slots = s["markets"][name]
        assert all(x is None for x in slots[open_low:])
        if shipped_content().buildings:
            assert all(x is not None for x in slots[:open_low])
    for name in ("buildings_34", "tactics_34"):
        assert len(s["markets"][name]) == 3


@pytest.mark.rule("SETUP-36", "SETUP-11")
def test_starting_tactics_in_hand():
    content = shipped_content()
    s = state()
    for x in ALL4:
        hand = s["players"][x]["tactics"]
        assert len(hand) == 5
        assert all(content.tactics[t].starting == x for t in hand)


@pytest.mark.rule("SETUP-16", "SETUP-40", "SETUP-38", "BULL-02", "GOV-02")
def test_first_game_versus_experienced_setup():
    content = shipped_content()
    first = state(first_game=True)
    for x in ALL4:
        gov = first["cities"][x]["governor"]
        assert content.governors[gov].starting == x
        assert first["players"][x]["bull"] is not None
        assert first["players"][x]["bull_choices"] == []
    assert not any(content.governors[g].starting for g in first["decks"]["governors"])
    exp = state(first_game=False)
    for x in ALL4:
        assert exp["cities"][x]["governor"] is None
        assert len(exp["players"][x]["governor_choices"]) == 2
        assert len(exp["players"][x]["bull_choices"]) == 2
        assert exp["players"][x]["bull"] is None
    single = state(first_game=False, bull_choice=False)
    assert all(single["players"][x]["bull"] for x in ALL4)


@pytest.mark.rule("SETUP-06", "BUILD-10")
def test_bazaar_on_top_of_the_face_up_level_0_deck():
    content = shipped_content()
    s = state()
    top = s["decks"]["buildings_0"][-1]
    assert content.buildings[top].cost == ()
    assert content.buildings[top].trigger["on"] == "anytime"


def test_same_seed_same_setup_and_different_seed_differs():
    assert state(seed=5) == state(seed=5)
    assert state(seed=5)["decks"] != state(seed=6)["decks"]


@pytest.mark.rule("SETUP-05", "SETUP-15")
def test_saracen_and_spy_decks_full_and_shuffled():
    s = state()
    assert sorted(s["decks"]["saracens"]) == sorted(shipped_content().saracens)
    assert len(s["decks"]["spies"]) == 16
    assert s["decks"]["saracens"] != sorted(s["decks"]["saracens"])


@pytest.mark.rule("SETUP-20", "SETUP-43", "SETUP-02", "SETUP-32")
def test_no_track_bonus_at_setup_and_empty_player_zones():
    s = state(["jerusalem", "tripoli", "edessa"])
    assert set(s["players"]) == {"jerusalem", "tripoli", "edessa"}  # unused boards out
    for p in s["players"].values():
        assert p["rescripts"] == [] and p["spies"] == [] and p["buildings"] == []
        assert p["spies_hand"] == [] and p["influence"] == 0
    # the automa piece sits on a bonus cell but gains nothing (SETUP-20): no draws
    assert len(s["decks"]["rescripts_1"]) == sum(
        1 for r in shipped_content().rescripts.values() if r.level == 1)


@pytest.mark.rule("SETUP-27", "BUILD-01")
def test_city_tokens_start_on_their_starting_sector():
    s = state()
    for cid, city in shipped_content().board.cities.items():
        assert s["cities"][cid]["level"] == city.start_level

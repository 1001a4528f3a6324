"""Qualities, nicknames, places and chronicle points of a finished scenario (CAMP-02..04,
CAMP-09), and the carry-overs they produce (CAMP-05..08)."""
from __future__ import annotations

import pytest

from krestonostsy.ai.levels import make_bot
from krestonostsy.ai.play import play
from krestonostsy.campaign.carry import carry_over
from krestonostsy.campaign.data import shipped_campaign
from krestonostsy.campaign.qualities import (
    MEASURES,
    QUALITIES,
    award_nicknames,
    chronicle_points,
    led,
    places,
    qualities,
)
from krestonostsy.engine import Game

ALL4 = ["jerusalem", "tripoli", "edessa", "antioch"]


def finished(states=ALL4, seed=7, scenario="chronicle_beginning") -> Game:
    g = Game.new(states, seed=seed, scenario=scenario, options={"first_game": True})
    play(g, {x: make_bot("easy") for x in states}, seed=seed)
    return g


@pytest.fixture(scope="module")
def game() -> Game:
    return finished()


@pytest.mark.rule("CAMP-03")
def test_each_measure_reads_the_public_log_and_the_final_state(game):
    log = game.log_for(None)
    for x in ALL4:
        assert MEASURES["cities_taken"](game, x, log) == sum(
            1 for k, p, _ in game.log if k == "city_gained" and p["player"] == x)
        assert MEASURES["battles_started"](game, x, log) == sum(
            1 for k, p, _ in game.log if k == "battle_started" and p["player"] == x)
        assert MEASURES["coins"](game, x, log) == game.s["players"][x]["coins"]
        assert 0 <= MEASURES["peaceful_rounds"](game, x, log) <= game.s["round"]


@pytest.mark.rule("CAMP-03")
def test_peaceful_rounds_count_rounds_without_an_attack_or_a_lost_city():
    log = [("round_started", {"round": 1}, None),
           ("battle_started", {"player": "edessa", "city": "aleppo"}, None),
           ("round_started", {"round": 2}, None),
           ("city_lost", {"player": "jerusalem", "city": "acre"}, None),
           ("round_started", {"round": 3}, None)]
    assert MEASURES["peaceful_rounds"](None, "edessa", log) == 2
    assert MEASURES["peaceful_rounds"](None, "jerusalem", log) == 2
    assert MEASURES["peaceful_rounds"](None, "tripoli", log) == 3


@pytest.mark.rule("CAMP-03", "CAMP-09", "BULL-05")
def test_qualities_are_weighted_measures_plus_the_scoring_bulls_symbol(game):
    data = shipped_campaign()
    values = qualities(game, data)
    log = game.log_for(None)
    for x in ALL4:
        for q in QUALITIES:
            raw = sum(w * MEASURES[m](game, x, log) for m, w in data.qualities[q].items())
            bull = game.s["players"][x]["bull"]
            bonus = data.bull_symbol_bonus if (game.result()["scores"][x]["bull"] > 0
                                               and data.bull_symbols[bull] == q) else 0
            assert values[x][q] == raw + bonus


@pytest.mark.rule("CAMP-04")
def test_nicknames_go_by_share_each_quality_once():
    values = {"jerusalem": {"prudence": 10, "piety": 9, "leadership": 0, "belligerence": 0,
                            "moderation": 4},
              "tripoli": {"prudence": 5, "piety": 9, "leadership": 2, "belligerence": 0,
                          "moderation": 4},
              "edessa": {"prudence": 0, "piety": 0, "leadership": 0, "belligerence": 0,
                         "moderation": 0}}
    place = {"jerusalem": 1, "tripoli": 2, "edessa": 3}
    nick = award_nicknames(values, place)
    # jerusalem and tripoli share piety and moderation at 1.0; the better place takes
    # prudence first (quality order), tripoli piety, edessa the first quality left
    assert nick == {"jerusalem": "prudence", "tripoli": "piety", "edessa": "leadership"}
    assert led(values) == {"jerusalem": ["prudence", "piety", "moderation"],
                           "tripoli": ["piety", "leadership", "moderation"], "edessa": []}


@pytest.mark.rule("CAMP-02")
def test_chronicle_points_by_place_with_shared_places_and_led_qualities():
    data = shipped_campaign()
    led_by = {"jerusalem": ["prudence"], "tripoli": [], "edessa": ["piety", "leadership"],
              "antioch": []}
    assert chronicle_points({"jerusalem": 1, "tripoli": 2, "edessa": 2, "antioch": 4},
                            led_by, data) == {"jerusalem": 6, "tripoli": 3, "edessa": 5,
                                              "antioch": 1}
    assert chronicle_points({"jerusalem": 2, "tripoli": 1}, {"jerusalem": [], "tripoli": []},
                            data) == {"jerusalem": 2, "tripoli": 5}


@pytest.mark.rule("SCORE-02", "CAMP-02")
def test_places_follow_the_scoring_order(game):
    place = places(game)
    assert sorted(place.values())[0] == 1
    assert place[game.result()["winner"]] == 1
    totals = {x: r["total"] for x, r in game.result()["scores"].items()}
    for x in ALL4:
        for y in ALL4:
            if totals[x] > totals[y]:
                assert place[x] < place[y]


@pytest.mark.rule("CAMP-05", "CAMP-06", "CAMP-07", "CAMP-08")
def test_carry_overs_are_starting_positions_over_the_next_scenario(game):
    data = shipped_campaign()
    nxt = game.rules  # the first scenario again stands for "the next one" here
    place = places(game)
    nick = award_nicknames(qualities(game, data), place)
    starting, reasons = carry_over(game, place, nick, data, nxt)
    board = game.c.board
    last = max(place.values())
    for x in ALL4:
        change = starting.get(x, {})
        info = board.states[x]
        want = {"coins": info.coins, "units": info.units,
                "sanctity": board.sanctity_start[x], "influence": 0}
        for key, n in data.nickname_advantage[nick[x]].items():
            want[key] += n
        lost = any(k == "city_lost" and p["player"] == x and p["city"] == info.capital
                   for k, p, _ in game.log)
        if lost:
            want["units"] -= data.lost_capital_units
        if place[x] == last:
            for key, n in data.last_place.items():
                want[key] += n
        for key in ("coins", "influence"):
            assert change.get(key, {"coins": info.coins, "influence": 0}[key]) == want[key]
        # sanctity is movement (CAMP-05, PRAY-04): as many free cells as points, up to and
        # including the one it ends on; the occupied cells on the way are jumped
        start = board.sanctity_start[x]
        cell = change.get("sanctity", start)
        others = {board.sanctity_start[y] for y in ALL4 if y != x}
        free = [c for c in range(start + 1, cell + 1) if c not in others]
        assert len(free) == want["sanctity"] - start and cell not in others
        fief = [c for c in game.s["players"][x]["cities"] if board.cities[c].kind != "capital"
                and c not in ("acre", "tortosa")]  # the next scenario starts these Saracen
        if fief:
            (kept,) = change["cities"]
            assert kept in fief and game.s["cities"][kept]["level"] == max(
                game.s["cities"][c]["level"] for c in fief)
            assert ["CAMP-06", kept] in reasons[x]
        else:
            assert "cities" not in change
        assert reasons[x][0] == ["CAMP-05", nick[x]]
    nxt.with_starting(starting)  # a valid start for the next scenario

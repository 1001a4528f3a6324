"""Battles: battle.py (BATTLE-01..25, TACTIC-02/03, EX-BATTLE-1, EX-TACTIC-1, §14.10,
§14.13, §14.21, §14.22)."""
import pytest
from helpers import choose, give, halted, result, run_step
from helpers import game_without_modifiers as new_game

from krestonostsy.engine import battle as BT


def move_in(g, player, city, n, frm=None):
    """Units of ``player`` enter ``city`` (from ``frm`` or the supply), as a march does."""
    if frm:
        g.s["cities"][frm]["units"][player] -= n
    else:
        g.s["players"][player]["units"] -= n
    g.s["cities"][city]["units"][player] = g.s["cities"][city]["units"].get(player, 0) + n


def set_saracens(g, city, n):
    old = g.s["cities"][city]["units"].get("saracen", 0)
    g.s["saracens"] += old - n
    g.s["cities"][city]["units"]["saracen"] = n


def hand(g, player, cards):
    """Give ``player`` exactly these tactics (5 cards)."""
    g.s["players"][player]["tactics"] = list(cards)


def stack_saracen_deck(g, top):
    deck = g.s["decks"]["saracens"]
    for c in top:
        deck.remove(c)
    deck.extend(reversed(top))  # top = last


def play(g, card):
    choose(g, "play_tactic", card=card)


def cancel(g, half):
    choose(g, "cancel_half", half=half)


def finish(g):
    while not halted(g):
        g.apply(g.legal_actions()[0])


STARTING = {p: None for p in ("jerusalem", "tripoli", "edessa", "antioch")}


def starting(g, player):
    return sorted(t for t, c in g.c.tactics.items() if c.starting == player)


# --- the worked examples ---------------------------------------------------------------

@pytest.mark.rule("EX-BATTLE-1", "MUSTER-01", "SETUP-31", "BATTLE-02", "BATTLE-04", "BATTLE-05", "BATTLE-06",
                  "BATTLE-07", "BATTLE-08", "BATTLE-09", "BATTLE-10", "BATTLE-13",
                  "BATTLE-25", "EVENT-10", "GLOSS-10")
def test_ex_battle_1_antioch_attacks_apamea():
    g = new_game(seed=5)
    g.s["round"] = 2
    g.s["saracen_track"]["strength"] = 1  # bonus 1 revealed at the end of round 2's events
    give(g, "antioch", "turbessel", 3)
    give(g, "tripoli", "tortosa", 1)  # Tripoli's Tortosa is the closest to Apamea
    g.s["cities"]["antioch"]["units"]["antioch"] = 5
    g.s["players"]["antioch"]["units"] = 15 - 5 - 3
    # the march: 4 from Antioch and 2 from Turbessel (6 moves)
    move_in(g, "antioch", "apamea", 4, frm="antioch")
    move_in(g, "antioch", "apamea", 2, frm="turbessel")
    stack_saracen_deck(g, ["apamean_archers"])
    hand(g, "antioch", ["fiery_volley"] + starting(g, "antioch")[:4])
    run_step(g, "battle", attacker="antioch", city="apamea", enhanced=False)
    b = g.s["battle"]
    assert b["saracen_player"] == "tripoli"
    # Stage 1: 6 − (2 Saracens + 2 walls + 1 track) = +1 for the attacker
    assert b["marker"] == 1
    # Maneuver 1: the Saracens (defender) go first: Tripoli plays Apamean archers
    assert g.decision.player == "tripoli" and g.decision.prompt == "battle_play"
    play(g, "apamean_archers")
    assert g.decision.player == "antioch"
    cancel(g, "bottom")
    slot = b["slots"][0]
    assert slot["cancelled"] == "bottom" and slot["cover_owner"] == "antioch"
    assert slot["cover"] in starting(g, "antioch")  # Fiery volley is still in hand
    assert len(g.s["players"]["antioch"]["tactics"]) == 4
    # +2 strength and rout 2: Antioch chooses where the 2 units flee
    assert g.decision.player == "antioch" and g.decision.prompt == "retreat_to"
    choose(g, "retreat_to", city="turbessel")
    assert g.s["cities"]["apamea"]["units"]["antioch"] == 4
    assert g.s["cities"]["turbessel"]["units"]["antioch"] == 3
    assert b["marker"] == -3  # 3 in the defender's favour
    # Maneuver 2: Antioch plays Fiery volley; the Saracens cover the bottom (smash 2)
    assert g.decision.player == "antioch" and g.decision.prompt == "battle_play"
    play(g, "fiery_volley")
    assert g.decision.player == "tripoli"
    cancel(g, "bottom")
    assert b["slots"][1]["cover_owner"] == "saracen"
    # +2 strength and Apamea loses a level, so 1 wall bonus: 3 steps towards Antioch
    assert g.s["cities"]["apamea"]["level"] == 1
    assert b["marker"] == 0
    assert g.s["cities"]["apamea"]["units"]["saracen"] == 2
    # the battle continues with the third maneuver (the Saracens')
    assert g.decision.player == "tripoli" and g.decision.prompt == "battle_play"


def _tactic_battle(g):
    """Edessa attacks Jerusalem's Tadmor; maneuvers 1-2 are already played (EX-TACTIC-1)."""
    give(g, "jerusalem", "tadmor", 2)
    g.s["cities"]["edessa"]["units"]["edessa"] = 9
    g.s["players"]["edessa"]["units"] = 15 - 9
    move_in(g, "edessa", "tadmor", 8, frm="edessa")
    js = starting(g, "jerusalem")
    es = starting(g, "edessa")
    hand(g, "jerusalem", ["flame_of_faith", "baldwins_defence"] + js[:3])
    hand(g, "edessa", ["flower_of_chivalry"] + es[:4])
    run_step(g, "battle", attacker="edessa", city="tadmor", enhanced=False)
    b = g.s["battle"]
    f = g.s["stack"][-1]
    # the defender played Flame of faith, the attacker Flower of chivalry (covers: starting)
    for card, side, owner, cover_owner, cover in (
            ("flame_of_faith", "defender", "jerusalem", "edessa", es[3]),
            ("flower_of_chivalry", "attacker", "edessa", "jerusalem", js[2])):
        g.s["players"][owner]["tactics"].remove(card)
        g.s["players"][cover_owner]["tactics"].remove(cover)
        b["slots"].append({"no": len(b["slots"]) + 1, "card": card, "side": side,
                           "owner": owner, "cancelled": "bottom", "cover": cover,
                           "cover_side": BT.other(side), "cover_owner": cover_owner,
                           "face_up": True, "resolved": True, "lost": False})
        b["maneuvers"][side] += 1
    f["m"] = 2
    f["at"] = "maneuver"
    b["marker"] = 0
    g._advance()
    assert g.decision.player == "jerusalem" and g.decision.prompt == "battle_play"
    return b


@pytest.mark.rule("EX-TACTIC-1", "TACTIC-02", "TACTIC-03", "GLOSS-17")
def test_ex_tactic_1_baldwins_defence_top_is_plus_seven():
    g = new_game(seed=2)
    b = _tactic_battle(g)
    play(g, "baldwins_defence")
    assert BT.tactics_played(g, "white") == 2 and BT.tactics_played(g, "blue") == 2
    cancel(g, "bottom")
    assert b["marker"] == -7


@pytest.mark.rule("EX-TACTIC-1", "TACTIC-02", "BATTLE-10")
def test_ex_tactic_1_baldwins_defence_bottom_is_smash_five():
    g = new_game(seed=2)
    b = _tactic_battle(g)
    play(g, "baldwins_defence")
    cancel(g, "top")
    assert g.s["cities"]["tadmor"]["units"]["edessa"] == 8 - 5
    assert b["marker"] == -5


# --- stages ---------------------------------------------------------------------------------

def saracen_battle(g, city="tortosa", n=4, enhanced=False, frm="antioch", attacker="antioch"):
    g.s["cities"][frm]["units"][attacker] = n + 1
    g.s["players"][attacker]["units"] = 15 - n - 1
    move_in(g, attacker, city, n, frm=frm)
    run_step(g, "battle", attacker=attacker, city=city, enhanced=enhanced)
    return g.s["battle"]


@pytest.mark.rule("BATTLE-04", "MARCH-04")
def test_stage_one_strength_walls_track_and_enhanced():
    g = new_game()
    g.s["saracen_track"]["strength"] = 2
    b = saracen_battle(g, n=4, enhanced=True)
    # 4 + 2 enhanced − (1 Saracen + 2 walls + 2 track)
    assert b["marker"] == 6 - 5


@pytest.mark.rule("BATTLE-04")
def test_event_modifiers_change_battle_strength():
    g = new_game()
    g.s["modifiers"] = {"attacker_strength": 1}
    b = saracen_battle(g, n=4)
    assert b["marker"] == 5 - 3


@pytest.mark.rule("BATTLE-02")
def test_closest_opponent_plays_the_saracens_and_ties_are_chosen_by_the_attacker():
    g = new_game()
    # Baalbek: Tripoli's capital is adjacent; give Jerusalem Acre (also adjacent)
    give(g, "jerusalem", "acre", 2)
    g.s["cities"]["tortosa"]["units"]["antioch"] = 3
    g.s["players"]["antioch"]["units"] -= 3
    g.s["saracens"] += 1
    del g.s["cities"]["tortosa"]["units"]["saracen"]
    g.s["players"]["antioch"]["cities"].append("tortosa")
    move_in(g, "antioch", "baalbek", 2, frm="tortosa")
    run_step(g, "battle", attacker="antioch", city="baalbek", enhanced=False)
    assert g.decision.player == "antioch" and g.decision.prompt == "saracen_player"
    assert {a.player for a in g.legal_actions()} == {"tripoli", "jerusalem"}
    choose(g, "saracen_player", player="jerusalem")
    assert g.s["battle"]["saracen_player"] == "jerusalem"
    assert g.decision.player == "jerusalem"  # the Saracens maneuver first
    assert len(g.s["battle"]["saracen_hand"]) == 5


@pytest.mark.rule("BATTLE-02")
def test_two_player_opponent_always_plays_the_saracens():
    g = new_game(states=("jerusalem", "edessa"))
    b = saracen_battle(g, city="aleppo", n=4, frm="edessa", attacker="edessa")
    assert b["saracen_player"] == "jerusalem"


@pytest.mark.rule("BATTLE-03")
def test_saracen_deck_reshuffles_when_empty():
    g = new_game()
    deck = g.s["decks"]["saracens"]
    g.s["discards"]["saracens"] = deck[:-2]
    del deck[:-2]
    b = saracen_battle(g)
    assert len(b["saracen_hand"]) == 5
    assert g.s["discards"]["saracens"] == []


@pytest.mark.rule("BATTLE-05", "BATTLE-11", "BATTLE-14")
def test_two_maneuvers_each_from_the_defender_then_the_winner():
    g = new_game(seed=3)
    b = saracen_battle(g, n=4)
    seen = []
    while g.decision.prompt in ("battle_play", "battle_cancel", "retreat_to",
                                "battle_reinforce", "battle_rescripts"):
        if g.decision.prompt == "battle_play":
            seen.append(g.decision.player)
        g.apply(g.legal_actions()[0])
        if not g.s.get("battle") or g.s["battle"]["stage"] != "maneuvers":
            break
    if g.s["battle"] and not g.s["battle"]["winner"]:
        pytest.skip("ended early")
    assert seen[:4] == ["tripoli", "antioch", "tripoli", "antioch"][:len(seen)]
    assert b["maneuvers"]["attacker"] <= 2 and b["maneuvers"]["defender"] <= 2


@pytest.mark.rule("BATTLE-14")
def test_a_tie_goes_to_the_attacker():
    g = new_game()
    b = saracen_battle(g, n=3)  # 3 − (1 + 2) = 0
    assert b["marker"] == 0
    g.s["battle"]["slots"] = []
    f = g.s["stack"][-1]
    f["m"] = 4
    f["at"] = "maneuver"
    g._advance()
    finish(g)
    assert result(g) == {"winner": "antioch", "attacker_won": True}


@pytest.mark.rule("BATTLE-11")
def test_battle_ends_at_once_when_a_side_has_no_units():
    g = new_game(seed=1)
    hand(g, "antioch", ["crossbow_volley"] + starting(g, "antioch")[:4])
    b = saracen_battle(g, n=2)  # Tortosa holds 1 Saracen
    # the Saracens maneuver: play anything, Antioch cancels
    play(g, g.legal_actions()[0].card)
    while g.decision.player == "antioch" and g.decision.prompt != "battle_play":
        g.apply(g.legal_actions()[0])
    if g.decision.prompt != "battle_play":
        pytest.skip("battle ended in maneuver 1")
    play(g, "crossbow_volley")
    cancel(g, "bottom")  # Tripoli cancels the bottom: top smash 1 kills the last Saracen
    assert b["winner"] == "attacker"
    assert b["maneuvers"]["attacker"] == 1
    finish(g)
    assert result(g)["attacker_won"]
    assert "tortosa" in g.s["players"]["antioch"]["cities"]


@pytest.mark.rule("BATTLE-22", "BATTLE-23", "BATTLE-24")
def test_after_an_attacker_win_retreat_destruction_and_trophies():
    g = new_game()
    g.s["cities"]["tortosa"]["governor"] = None
    set_saracens(g, "tortosa", 3)
    b = saracen_battle(g, n=6)  # 6 − (3 + 2) = +1
    b["slots"] = []
    g.s["stack"][-1]["m"] = 4
    g.s["stack"][-1]["at"] = "maneuver"
    g._advance()
    finish(g)
    c = g.s["cities"]["tortosa"]
    # Saracens: 1 discarded, 2 retreat to an adjacent Saracen city (Apamea or Baalbek)
    assert "saracen" not in c["units"]
    assert g.s["cities"]["apamea"]["units"]["saracen"] + \
        g.s["cities"]["baalbek"]["units"]["saracen"] == 2 + 2 + 2
    assert c["level"] == 1  # destruction
    assert "tortosa" in g.s["players"]["antioch"]["cities"]
    assert g.s["players"]["antioch"]["goods"]["blue"] == [1, 0, 0]
    assert c["governor"] is not None  # appointed from the market


@pytest.mark.rule("BATTLE-22", "BATTLE-23")
def test_after_a_defender_win_the_attacker_retreats_and_the_city_still_loses_a_level():
    g = new_game()
    set_saracens(g, "tortosa", 5)
    b = saracen_battle(g, n=3)  # 3 − (5 + 2) = −4
    b["slots"] = []
    g.s["stack"][-1]["m"] = 4
    g.s["stack"][-1]["at"] = "maneuver"
    g._advance()
    finish(g)
    c = g.s["cities"]["tortosa"]
    assert c["units"] == {"saracen": 5}
    assert g.s["cities"]["antioch"]["units"]["antioch"] == 1 + 2  # 1 discarded
    assert c["level"] == 1
    assert result(g) == {"winner": "saracen", "attacker_won": False}


@pytest.mark.rule("BATTLE-23")
def test_destruction_can_be_prevented():
    g = new_game()
    b = saracen_battle(g, n=6)
    b["slots"] = []
    b["no_destruction"] = True
    g.s["stack"][-1]["m"] = 4
    g.s["stack"][-1]["at"] = "maneuver"
    g._advance()
    finish(g)
    assert g.s["cities"]["tortosa"]["level"] == 2


def test_destruction_never_goes_below_level_one():
    """§14.10: a level-1 city stays at level 1."""
    g = new_game()
    g.s["cities"]["tortosa"]["level"] = 1
    b = saracen_battle(g, n=6)
    b["slots"] = []
    g.s["stack"][-1]["m"] = 4
    g.s["stack"][-1]["at"] = "maneuver"
    g._advance()
    finish(g)
    assert g.s["cities"]["tortosa"]["level"] == 1


def _end_battle_with_slots(g, slots, marker):
    b = g.s["battle"]
    for sl in slots:
        b["slots"].append(dict({"no": len(b["slots"]) + 1, "cancelled": "top", "cover": None,
                                "cover_side": None, "cover_owner": None, "face_up": True,
                                "resolved": False, "lost": False}, **sl))
    b["marker"] = marker
    g.s["stack"][-1]["m"] = 4
    g.s["stack"][-1]["at"] = "maneuver"
    g._advance()
    return b


@pytest.mark.rule("BATTLE-15", "BATTLE-16", "BATTLE-18", "MUSTER-06", "DISCARD-01")
def test_own_end_of_battle_casualties_may_be_declined_or_used():
    g = new_game(seed=4)
    ant = starting(g, "antioch")
    g.s["players"]["antioch"]["personal_discard"] = ant[3:]
    hand(g, "antioch", ant[:3] + ["night_vigil", "turcopoles"])
    b = saracen_battle(g, n=6)
    # Antioch played two non-starting tactics; Tripoli's Saracens have an uncovered
    # casualties bottom (Apamean archers): it cannot be declined
    for c in ("night_vigil", "turcopoles"):
        g.s["players"]["antioch"]["tactics"].remove(c)
    b["saracen_hand"].remove(b["saracen_hand"][0])
    _end_battle_with_slots(g, [
        {"card": "night_vigil", "side": "attacker", "owner": "antioch", "cancelled": "bottom",
         "resolved": True},
        {"card": "apamean_archers", "side": "defender", "owner": "saracen"},
        {"card": "turcopoles", "side": "attacker", "owner": "antioch", "cancelled": "bottom",
         "resolved": True},
    ], marker=1)
    # the Saracen casualties 2 ran without asking: both non-starting tactics lost
    assert sorted(b["lost"]) == ["night_vigil", "turcopoles"]
    # Antioch recovers 2 starting tactics of its choice (it has exactly 2)
    finish(g)
    p = g.s["players"]["antioch"]
    assert len(p["tactics"]) == 5 and p["personal_discard"] == []
    assert "night_vigil" in g.s["discards"]["tactics_12"]
    assert "apamean_archers" in g.s["discards"]["saracens"]


@pytest.mark.rule("BATTLE-15")
def test_an_own_end_of_battle_effect_may_be_declined():
    g = new_game(seed=4)
    hand(g, "antioch", ["oath_of_the_templars"] + starting(g, "antioch")[:4])
    b = saracen_battle(g, n=6)
    g.s["players"]["antioch"]["tactics"].remove("oath_of_the_templars")
    _end_battle_with_slots(g, [{"card": "oath_of_the_templars", "side": "attacker",
                                "owner": "antioch"}], marker=1)
    assert g.decision.player == "antioch" and g.decision.prompt == "battle_end_effect"
    choose(g, "decline_effect")
    assert b["lost"] == []


@pytest.mark.rule("BATTLE-17", "BATTLE-21", "GLOSS-11", "GLOSS-14")
def test_saracen_casualties_go_to_the_box_and_protection_spares_a_card():
    g = new_game(seed=6)
    hand(g, "antioch", ["oath_of_the_templars"] + starting(g, "antioch")[:4])
    b = saracen_battle(g, n=6)
    g.s["players"]["antioch"]["tactics"].remove("oath_of_the_templars")
    sar = b["saracen_hand"][:2]
    for c in sar:
        b["saracen_hand"].remove(c)
    b["protected"].append(sar[0])
    _end_battle_with_slots(g, [
        {"card": sar[0], "side": "defender", "owner": "saracen", "resolved": True},
        {"card": sar[1], "side": "defender", "owner": "saracen", "resolved": True},
        {"card": "oath_of_the_templars", "side": "attacker", "owner": "antioch"},
    ], marker=1)
    choose(g, "use_effect")
    # casualties 2 against 2 Saracen cards, one protected: only the other is lost
    assert b["lost"] == [sar[1]]
    finish(g)
    assert sar[1] not in g.s["discards"]["saracens"] and sar[1] not in g.s["decks"]["saracens"]
    assert sar[0] in g.s["discards"]["saracens"]


def test_a_starting_tactic_drawn_as_casualty_cancels_it():
    """§14.21: a starting tactic picked as a casualty cancels that casualty."""
    g = new_game(seed=7)
    st = starting(g, "antioch")
    hand(g, "antioch", st)
    b = saracen_battle(g, n=6)
    g.s["players"]["antioch"]["tactics"].remove(st[0])
    b["saracen_hand"].remove("apamean_archers") if "apamean_archers" in b["saracen_hand"] \
        else g.s["decks"]["saracens"].remove("apamean_archers")
    _end_battle_with_slots(g, [
        {"card": st[0], "side": "attacker", "owner": "antioch", "cancelled": "bottom",
         "resolved": True},
        {"card": "apamean_archers", "side": "defender", "owner": "saracen"}], marker=1)
    assert b["lost"] == []
    finish(g)
    assert sorted(g.s["players"]["antioch"]["tactics"]) == st


@pytest.mark.rule("BATTLE-10")
def test_reinforcement_moves_non_last_units_from_adjacent_cities():
    g = new_game(seed=8)
    give(g, "antioch", "apamea", 3)
    b = saracen_battle(g, n=4)
    g.s["cities"]["antioch"]["units"]["antioch"] += 2
    g.s["players"]["antioch"]["units"] -= 2
    before = b["marker"]
    g.s["stack"][-1]["at"] = "post"  # run the op between maneuvers
    from krestonostsy.engine import registry
    from krestonostsy.engine.ops import battle as battle_ops
    assert registry.handler_for("reinforce", True) is battle_ops.battle_op_reinforce
    BT.run_ops(g, "attacker", [{"op": "reinforce", "amount": 3}], None)
    g._advance()
    assert g.decision.prompt == "battle_reinforce"
    assert {a.city for a in g.legal_actions() if a.kind == "reinforce_from"} == \
        {"antioch", "apamea"}
    choose(g, "reinforce_from", city="apamea")
    choose(g, "reinforce_from", city="apamea")
    # Apamea keeps its last unit: only Antioch can still send
    assert {a.city for a in g.legal_actions() if a.kind == "reinforce_from"} == {"antioch"}
    choose(g, "stop_reinforce")
    assert b["marker"] == before + 2
    assert g.s["cities"]["tortosa"]["units"]["antioch"] == 6


@pytest.mark.rule("BATTLE-10", "GLOSS-10")
def test_routed_units_without_an_own_neighbour_are_destroyed():
    g = new_game(seed=8)
    b = saracen_battle(g, n=4)
    g.s["stack"][-1]["at"] = "post"
    g.s["cities"]["antioch"]["units"] = {"saracen": 1}  # Antioch lost (artificially)
    g.s["players"]["antioch"]["units"] += 1
    g.s["saracens"] -= 1
    BT.run_ops(g, "defender", [{"op": "rout", "amount": 2}], None)
    g._advance()
    assert g.s["cities"]["tortosa"]["units"]["antioch"] == 2
    assert b["marker"] == (4 - 3) - 2


@pytest.mark.rule("BATTLE-19", "BATTLE-17")
def test_a_lost_tactic_still_resolves_its_end_of_battle_ability():
    g = new_game(seed=9)
    ant = starting(g, "antioch")
    g.s["players"]["antioch"]["personal_discard"] = ant[4:]
    hand(g, "antioch", ["oath_of_the_templars"] + ant[:4])
    b = saracen_battle(g, n=6)
    g.s["players"]["antioch"]["tactics"].remove("oath_of_the_templars")
    if "apamean_archers" in b["saracen_hand"]:
        b["saracen_hand"].remove("apamean_archers")
    else:
        g.s["decks"]["saracens"].remove("apamean_archers")
    _end_battle_with_slots(g, [
        {"card": "apamean_archers", "side": "defender", "owner": "saracen"},
        {"card": "oath_of_the_templars", "side": "attacker", "owner": "antioch"}], marker=1)
    # the Saracen casualties took Oath of the Templars, whose own casualties still resolve
    assert b["lost"] == ["oath_of_the_templars"]
    assert g.decision.prompt == "battle_end_effect" and g.decision.player == "antioch"
    choose(g, "use_effect")
    assert b["lost"] == ["oath_of_the_templars", "apamean_archers"]
    finish(g)
    assert "apamean_archers" not in g.s["discards"]["saracens"]
    assert "oath_of_the_templars" in g.s["discards"]["tactics_34"]
    assert len(g.s["players"]["antioch"]["tactics"]) == 5

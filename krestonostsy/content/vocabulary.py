"""The declarative effect vocabulary: every operation a card may use.

This table is the contract between the content files (``data/cards/*.yaml``), the
content loader (which validates every op against it), the card-text generator (one
template per op) and the engine (``krestonostsy/engine/ops/``, one module per section
below, implements each op exactly once). It mirrors the rulebook's symbol list (SYM-*, data/rules/glossary.yaml).

An *effect* is a list of ops; each op is a mapping ``{op: <name>, <param>: <value>...}``.
Ops run in order for the card's owner ("you"). Parameter types:

``int``      a whole number ≥ 0
``amount``   an int, or ``{base: 3, per: <metric>, each: 2}`` = base + each × metric
             (metrics: see :data:`METRICS`; e.g. ``tactics_played:white``)
``colour``   yellow | white | blue | red | green | any
``colours``  a list of colour
``order``    build | prayer | muster | march
``who``      you | opponent (opponent: the other side of the current battle, or the
             player the effect is aimed at)
``metric``   one of :data:`METRICS` (optionally ``:colour``)
``ops``      a nested effect (list of ops)
``bool``     true / false
``level``    1 | 2

Contexts say where an op makes sense: ``battle`` (tactic and Saracen abilities and battle
rescripts), ``turn`` (buildings, spies, rescripts and the Homs card in the owner's own
turn), ``event`` (event cards and raid tables, applied to a player), ``raid`` (raid
rescripts, played when one of your cities is raided), ``any``.
"""
from __future__ import annotations

from dataclasses import dataclass, field

COLOURS = ("yellow", "white", "blue", "red", "green")
COST_COLOURS = COLOURS + ("any",)
ORDERS = ("build", "prayer", "muster", "march")
REPUBLICS = ("genoa", "pisa", "venice")  # the trade board's tracks (docs/campaign.md §7)

# What a player can be counted on, for governors, bulls, "per" amounts and conditions.
METRICS = {
    "goods": "goods tokens in the warehouse (ready, spent or blocked); ':colour' for one colour",
    "ready_goods": "unspent goods in the warehouse",
    "units_on_map": "the player's units on the map",
    "bishops_on_map": "the player's bishops on the map",
    "bishop_levels_on_map": "total level of the player's bishops on the map",
    "cities": "cities the player controls",
    "city_levels": "total level of the player's cities",
    "capital_level": "the level of the player's capital",
    "central_cities": "central cities (Aleppo, Apamea, Baalbek, Damascus, Homs) controlled",
    "holy_lands": "holy lands the player holds",
    "buildings": "buildings on the player's board; ':colour' for one colour",
    "tactics_in_hand": "tactics among the 5 in hand; ':colour' for one colour",
    "high_tactics_in_hand": "level III-IV tactics in hand",
    "coins": "coins held",
    "rescripts": "rescripts held",
    "spies_active": "active spies on the player's board",
    "governors": "governors in the player's cities",
    "sanctity_rank": "4 for the rightmost piece on the sanctity track, down to 1",
    "tactics_played": "tactics played face up in this battle so far, both sides; ':colour'",
    "units_in_battle": "the player's units in the current battle",
    "warlord_adjacent": "the player's cities adjacent to the warlord's city (CAMP-S4-06)",
    "saracen_cities_adjacent": "Saracen cities adjacent to the player's cities",
    "harbours": "harbour cities of the trade board the player controls (0 without it)",
    "trade_cells": "the player's cells on all trade tracks together (0 without the board)",
}


@dataclass(frozen=True)
class OpSpec:
    name: str
    params: dict  # param -> type, a trailing '?' marks an optional param
    contexts: tuple
    doc: str = ""
    choices: tuple = field(default=())  # engine decisions this op may ask for


def _op(name, contexts, doc, **params):
    return OpSpec(name=name, params=params, contexts=tuple(contexts.split()), doc=doc)


OPS: dict[str, OpSpec] = {spec.name: spec for spec in [
    # --- resources -------------------------------------------------------------------
    _op("gain_coins", "any", "You take `amount` coins from the supply (SYM-31).",
        amount="amount", who="who?"),
    _op("pay_coins", "any", "Pay `amount` coins to the supply, as many as you have (SYM-32).",
        amount="amount", who="who?"),
    _op("steal_coins", "any", "The opponent pays you `amount` coins, as many as they have.",
        amount="amount"),
    _op("gain_influence", "any", "Gain `amount` influence, kept secret (SYM-30).",
        amount="amount", who="who?"),
    _op("gain_sanctity", "any", "Gain `amount` sanctity and move your piece at once (PRAY-03).",
        amount="amount", who="who?"),
    _op("lose_sanctity", "any",
        "Move the piece `amount` cells left (never below cell 0, occupied cells skipped).",
        amount="amount", who="who?"),
    _op("restore_goods", "any", "Flip up to `amount` of your spent, unblocked goods back (GLOSS-03).",
        amount="amount", who="who?"),
    _op("spend_goods", "any",
        "The target flips `amount` ready goods of its choice to spent (SYM-39), as many as it has.",
        amount="amount", who="who?"),
    _op("block_goods", "any",
        "The target blocks `amount` goods of its choice: they become spent and are not restored "
        "in the next Income phase (GLOSS-04, SYM-40).", amount="amount", who="who?"),
    # --- cards -------------------------------------------------------------------------
    _op("draw_rescript", "any", "Take the top rescript of level `level` (SYM-64, SYM-68).",
        level="level", who="who?"),
    _op("draw_spy", "any", "Take the top spy card (SYM-67).", who="who?"),
    _op("discard_rescript", "any", "The target discards a rescript of its choice, if it has one.",
        who="who?"),
    _op("discard_tactic", "any",
        "The target discards `amount` non-starting tactics of its choice from hand and takes "
        "starting tactics back from its personal discard (BATTLE-20).", amount="amount",
        who="who?"),
    _op("discard_building", "any", "The target discards one of its buildings (chooser: the "
        "Saracen player for Saracen cards, else the target).", who="who?"),
    _op("replace_governor", "turn",
        "Discard a governor from one of your cities and take one from the market (SYM-66).",),
    # --- cities, units, bishops --------------------------------------------------------
    _op("upgrade_city", "any", "Raise one of your cities by 1 level for free (SYM-12); "
        "`capital: true` means the capital.", capital="bool?"),
    _op("destroy_city", "any", "Lower a city by 1 level, never below 1 (SYM-13). In battle: the "
        "battle city (BATTLE-25); in a raid table: the raided city; else one of the target's.",
        who="who?"),
    _op("prevent_destruction", "battle", "This battle's city is not lowered at its end "
        "(cancels BATTLE-23)."),
    _op("place_units", "turn event raid", "Place `amount` units from your supply into your cities "
        "(SYM-20), split as you like.", amount="amount"),
    _op("discard_units", "any", "The target removes `amount` non-last units (GLOSS-08) from "
        "one city (the raided city in a raid table; else its choice) to its supply.",
        amount="amount", who="who?"),
    _op("move_units", "turn", "Move up to `amount` of your non-last units between adjacent cities "
        "you control (SYM-50).", amount="amount"),
    _op("bombard", "turn battle", "Destroy `amount` non-last Saracen units in Saracen cities "
        "adjacent to your cities (GLOSS-09, SYM-55).", amount="amount"),
    _op("bishop_actions", "any", "Gain `amount` bishop actions: train or move (BISHOP-05). "
        "`only: train|move` restricts them.", amount="amount", only="str?"),
    _op("holy_land_check", "any", "Reveal contested cities now; nothing else (BISHOP-03)."),
    _op("extra_order", "turn", "Carry out a basic `order` now, without a token (BLDG-06).",
        order="order"),
    # --- battle ------------------------------------------------------------------------
    _op("strength", "battle", "+`amount` strength for your side (BATTLE-10).",
        amount="amount"),
    _op("smash", "battle", "The opponent returns `amount` units in the battle to its supply "
        "(SYM-53); +1 strength each.", amount="amount"),
    _op("rout", "battle", "`amount` of the opponent's battle units flee to one adjacent city of "
        "theirs (SYM-54); +1 strength each.", amount="amount"),
    _op("reinforce", "battle", "Move up to `amount` of your non-last units from adjacent cities "
        "into the battle; +1 strength each.", amount="amount"),
    _op("add_units", "battle", "Add up to `amount` units from your supply to the battle (SYM-20 on "
        "tactics); +1 strength each.", amount="amount"),
    _op("raid_defence", "raid", "In the current raid on your city: +`amount` to the city's "
        "strength (RAID-08), before the difference is taken (raid rescripts).",
        amount="amount"),
    _op("casualties", "battle", "End of battle: the opponent loses `amount` (max 2) random "
        "unprotected face-up tactics (BATTLE-16..21).", amount="amount"),
    # --- campaign components (engine/ops/campaign.py) -----------------------------------
    _op("trade", "any", "Advance `amount` cells on `republic`'s trade track (any or absent: "
        "your choice, cell by cell); nothing without the trade board (CAMP-S2-02).",
        amount="int", republic="str?"),
    _op("lose_trade", "any", "The target's marker drops `amount` cells on `republic`'s trade "
        "track, or without one on its highest track (ties: the board's order), never below "
        "0; nothing without the trade board or against the Saracens (CAMP-S2-05).",
        amount="amount", republic="str?", who="who?"),
    # --- oaths of «Вассал моего вассала» (engine/ops/oaths.py) -----------------------------
    _op("swear", "any", "You may offer an oath card from your hand to another state, which "
        "accepts or refuses; you are the lord (CAMP-S3-02). Nothing without oaths."),
    _op("break_oath", "turn", "Break one of your oaths, paying `cost` influence (absent: the "
        "scenario's price), and gain its betrayal (CAMP-S3-03).", cost="int?"),
    _op("draw_oath", "any", "Take `amount` oath cards from the oath deck into your hand "
        "(CAMP-S3-02).", amount="int"),
    # --- warlord (engine/ops/warlord.py: «Rise of the Crescent», CAMP-S4-*) ---------------
    _op("warlord_move", "warlord", "The warlord moves `amount` cities along the shortest path "
        "towards the city `towards` (SYM-86, SYM-91), never into a crusader city; off the "
        "map he enters first (CAMP-S4-02).", towards="str", amount="int"),
    _op("warlord_attack", "warlord", "The warlord attacks the crusader city next on his way "
        "with the non-last Saracens of his city and `amount` more from the supply, a battle "
        "whose Saracen hand is the top of the Saracen deck, face up (SYM-92); with nothing "
        "to attack, `amount` Saracens join his city (CAMP-S4-03).", amount="int"),
    # --- structure ---------------------------------------------------------------------
    _op("choose", "any", "Choose one of `options` (each an effect) (SYM-85).", options="opslist"),
    _op("if", "any", "If you have at least `at_least` of `metric`, do `then`, otherwise `else` "
        "(SYM-80, SYM-84).", metric="metric", at_least="int", then="ops", **{"else": "ops?"}),
    _op("may", "any", "You may do `then` (SYM-80): an optional effect.", then="ops"),
    _op("pay_for", "turn any", "You may pay `cost` (goods, coins instead) to do `then`.",
        cost="colours", then="ops"),
]}

# Triggers of buildings (yours) and spies (the targeted opponent's action).
TRIGGERS = {
    "after_order": "after `order` is fully resolved (BLDG-02); filters: enhanced, min",
    "anytime": "at any moment of your own turn, once per round (Bazaar, BLDG-04)",
    "after_battle": "after a battle you fought is over; filter: won (true/false)",
}

# Counters an order reports when it is fully resolved; triggers may ask for a minimum
# (e.g. Training ground: ``min: {hired: 4}``).
ORDER_FACTS = ("hired", "moved", "upgraded", "built", "learned", "sanctity", "trained",
               "battle", "won")

# Event-card round modifiers the engine knows (timing: round).
ROUND_MODIFIERS = {
    "free_stacking": "placing on an occupied inner cell costs nothing this round",
    "stacking_cost": "placing on an occupied inner cell costs this many coins per token",
    "prayer_sanctity": "basic prayer gives this much extra sanctity",
    "hire_units": "basic hire places this many extra units",
    "march_moves": "basic march gives this many extra moves",
    "build_discount": "every build order has this much extra discount",
    "raid_strength": "raids this round get this much extra strength",
    "defence": "crusader cities get this much extra defence in raids and battles",
    "no_outer_cells": "no token may be placed in an outer cell this round",
    "attacker_strength": "attackers get this much extra strength in battles",
    "warlord_rests": "the warlord's card this round does nothing (CAMP-S4-02)",
}

GOVERNOR_SCORING = ("per", "tiers", "leader")

"""The game state: one plain, JSON-serialisable dict. This module documents its layout.

Everything the rules need lives here; nothing lives in Python objects. Keys::

    v            int   state format version
    rng          int   the generator (see rng.py); barrier: int, bumped by every random draw
                       or hidden-information reveal (undo never crosses it)
    options      dict  game options (see GameOptions in options.py)
    states       [id]  participating states in seat order
    round        int   1..6 (0 before the first round)
    phase        str   setup | event | planning | activation | income | over
    automa       dict  {"pieces": [state ids of automa sanctity pieces], "supply": [tokens],
                        "aside": [tokens]} — empty pieces in a 4-player game
    players      {id: player dict}:
        coins, influence                   ints (influence is secret, TURN-09)
        units                              units in the supply (not on the map)
        bishops                            {"1": n, "2": n} bishops in the supply by level
        orders                             order types in the supply
        tactics                            hand: 5 tactic ids (MUSTER-05)
        personal_discard                   starting tactics set aside (MUSTER-06)
        rescripts                          rescript ids (≤ 3, PRAY-10)
        spies_hand                         spy ids drawn, not yet played (SPY-09)
        spies                              [{"card", "target", "used"}] active spies (≤ 3)
        buildings                          [{"card", "used"}] building cells (≤ 4)
        bull                               bull id; bull_choices: ids to keep 1 of (setup)
        goods                              {colour: [ready, spent, blocked]} warehouse tokens
        cities                             city ids, capital first (CAPITAL-02)
        eliminated                         bool (CAPITAL-05)
        outer_used                         bool: placed in an outer cell this round (PLAN-09)
        homs_used                          bool: used the Homs card this round (HOMS-01)
    cities       {id: city dict}:
        level                              1..3
        units                              {owner: n}; owner is a state id or "saracen"
        bishops                            [[owner, level, bishop_no]] (level is secret)
        goods                              goods tokens lying on the map (city not a player's)
        governor                           governor id or None (in a player's city token)
        removed                            True for cities that do not exist (2–3 players)
    saracens     int   Saracen units in the supply
    sanctity     {piece: cell} sanctity pieces (players and automa pieces)
    saracen_track {"tokens": [colour…], "next": index of the face-up token (or None),
                   "strength": n, "units": n}  accumulated bonuses (EVENT-09)
    event        current event id or None; modifiers: dict of round modifiers
    cross        {order: {"inner": [[owner, enhanced], …] bottom→top,
                          "outer": [owner, enhanced] or None}}
    markets      {"buildings_12": [id|None]*5, "buildings_34": [..]*3, "tactics_12": […]*5,
                  "tactics_34": […]*3, "governors": […]*5}; slots past the player count
                  are closed (None and never filled, SETUP-10/14/17)
    decks        {name: [ids]}  top = last; names: events, saracens, buildings_0,
                  buildings_12, buildings_34, tactics_12, tactics_34, governors, spies,
                  rescripts_1, rescripts_2
    discards     {name: [ids]}  face-up under each deck (DISCARD-01)
    homs_card    holder state id or None
    stack        the flow (see flow.py)
    next_bishop  int   counter giving bishops unique numbers
"""
from __future__ import annotations

CROSS_ORDERS = ("build", "prayer", "muster", "march")  # activation order, ACT-01
MARKET_SIZES = {"buildings_12": 5, "buildings_34": 3, "tactics_12": 5, "tactics_34": 3,
                "governors": 5}
SARACEN = "saracen"
AUTOMA = "automa"

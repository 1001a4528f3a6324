"""The game log panel: renders ``game.log`` entries ``(event_key, params, visibility)``
in the current language. Names in an entry are links; hovering one emits
``idsHovered([...ids])`` (``city:edessa``, ``player:tripoli``, ``card:…``) so the table can
highlight them, and ``idsHovered([])`` when the pointer leaves.

Every log key the engine emits has a template below (``TEMPLATES``: key → function of the
params returning a translated format string). Unknown keys are rendered generically:
the key made readable, then its parameters.
"""
from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import QUrl, Signal
from PySide6.QtGui import QFont, QTextCursor
from PySide6.QtWidgets import QLabel, QTextBrowser, QVBoxLayout, QWidget

from .. import i18n
from ..content.text import REPUBLIC_NAMES, TERRAIN_NAMES
from ..engine import PARAMS
from ..i18n import N_, _, ngettext
from .names import (
    CITY_NAMES,
    STATE_NAMES,
    building_gives,
    card_name,
    city_name,
    good_name,
    order_name,
    readable,
    state_name,
)
from .seat_kinds import bot_name


def _n(p: dict, key: str = "n") -> int:
    try:
        return int(p.get(key) or 0)
    except (TypeError, ValueError):
        return 0


def _cell(p):
    return (_("{player} places an order “{order}” in an outer cell of the cross (enhanced)")
            if p.get("cell") == "outer" else
            _("{player} places an order “{order}” in an inner cell of the cross"))


# key → function(params) returning the translated template (str.format fields = params)
TEMPLATES: dict[str, Callable[[dict], str]] = {
    # rounds and setup
    "round_started": lambda p: _("Round {round} begins"),
    "bull_kept": lambda p: _("{player} keeps a bull"),
    "bull_returned": lambda p: _("{player} removes the bull “{card}” from the game"),
    "governor_appointed": lambda p: _("{player}: governor “{card}” is appointed to the city "
                                      "{city}"),
    "governor_discarded": lambda p: _("{player}: governor “{card}” leaves the city {city}"),
    "game_over": lambda p: _("The game is over. Winner: {winner}"),
    "player_eliminated": lambda p: _("{player} has lost every city and leaves the game"),
    "deck_reshuffled": lambda p: _("The deck “{deck}” is reshuffled"),
    # events and raids
    "event_revealed": lambda p: _("Event revealed: “{card}”"),
    "event_boxed": lambda p: _("The event “{card}” is removed from the game"),
    "raid_token_revealed": lambda p: _("Raid token revealed: {colour}"),
    "saracen_bonus": lambda p: ngettext("Saracen track bonus: strength {strength}, {units} "
                                        "unit per city",
                                        "Saracen track bonus: strength {strength}, {units} "
                                        "units per city", _n(p, "units")),
    "saracens_reinforced": lambda p: _("Saracens reinforce the cities ({colour}): {cities}"),
    "saracen_supply_empty": lambda p: _("The Saracen supply is empty: no reinforcement for "
                                        "the city {city}"),
    "raid": lambda p: ngettext("Raid on the city {city} ({player}): {n} Saracen attacks",
                               "Raid on the city {city} ({player}): {n} Saracens attack",
                               _n(p)),
    "raid_skipped": lambda p: _("No Saracen moves: no raid on the city {city}"),
    "raid_strength": lambda p: _("Raid on the city {city}: Saracens {raid} against defence "
                                 "{defence} (difference {difference})"),
    "raid_defence": lambda p: _("{player}: the defence of the city {city} rises by {n}"),
    "raid_no_result": lambda p: _("The raid on the city {city} has no effect (difference "
                                  "{difference})"),
    "raid_captured": lambda p: _("The Saracens capture the city {city} ({player})"),
    "raiders_returned": lambda p: _("The raiders leave the city {city} and go back"),
    # planning and orders
    "order_placed": _cell,
    "placement_skipped": lambda p: _("{player} places no order"),
    "order_skipped": lambda p: _("{player} skips the order “{order}”"),
    "order_started": lambda p: (_("{player} carries out the enhanced order “{order}”")
                                if p.get("enhanced") else
                                _("{player} carries out the order “{order}”")),
    "stack_payment": lambda p: ngettext(
        "{payer} pays {coins} coin to the owner of the occupied cell ({owner}) for the order "
        "“{order}”",
        "{payer} pays {coins} coins to the owner of the occupied cell ({owner}) for the order "
        "“{order}”", _n(p, "coins")),
    # paying
    "paid": lambda p: (_("{player} pays with goods: {spent}") if p.get("spent") else
                       _("{player} pays")),
    "good_spent": lambda p: _("{player} spends {colour}"),
    "good_blocked": lambda p: _("{player}: {colour} is blocked"),
    "good_restored": lambda p: _("{player} restores {colour}"),
    "coins_gained": lambda p: ngettext("{player} gains {n} coin", "{player} gains {n} coins",
                                       _n(p)),
    "coins_paid": lambda p: ngettext("{player} pays {n} coin", "{player} pays {n} coins",
                                     _n(p)),
    "coins_stolen": lambda p: ngettext("{player} takes {n} coin from {victim}",
                                       "{player} takes {n} coins from {victim}", _n(p)),
    "trade_advanced": lambda p: ngettext("{player} climbs {n} cell on the trade track of "
                                         "{republic} (cell {cell})", "{player} climbs {n} "
                                         "cells on the trade track of {republic} (cell "
                                         "{cell})", _n(p)),
    "trade_lost": lambda p: ngettext("{player} loses {n} cell on the trade track of "
                                     "{republic} (cell {cell})", "{player} loses {n} "
                                     "cells on the trade track of {republic} (cell "
                                     "{cell})", _n(p)),
    "fleet_income": lambda p: ngettext("The fleet of {republic} pays {player} {coins} coin",
                                       "The fleet of {republic} pays {player} {coins} coins",
                                       _n(p, "coins")),
    "trade_privileges": lambda p: ngettext("{player}'s trade privileges: {n} influence",
                                           "{player}'s trade privileges: {n} influence",
                                           _n(p)),
    "oath_offered": lambda p: _("{player} offers the oath {card} to {vassal}"),
    "oath_sworn": lambda p: _("{vassal} swears the oath {card}: now the vassal of {lord}"),
    "oath_refused": lambda p: _("{vassal} refuses the oath {card} of {lord}"),
    "oath_broken": lambda p: _("{player} breaks the oath {card} ({lord} lord, {vassal} "
                               "vassal)"),
    "oath_drawn": lambda p: ngettext("{player} takes {n} oath card",
                                     "{player} takes {n} oath cards", _n(p)),
    "oath_taken": lambda p: _("{player} takes the oath card {card}"),
    "tribute_paid": lambda p: ngettext("{player} pays {lord} {coins} coin of tribute",
                                       "{player} pays {lord} {coins} coins of tribute",
                                       _n(p, "coins")),
    "oath_protection": lambda p: _("{protectors} protect {city} of {player}: +{n} to the "
                                   "city's strength"),
    "regent_named": lambda p: _("{player} names {regent} regent"),
    "regency_ended": lambda p: _("The regency of {regent} over {player} ends"),
    "regency_influence": lambda p: ngettext("{player}, regent of {ward}, gains {n} influence",
                                            "{player}, regent of {ward}, gains {n} influence",
                                            _n(p)),
    "terrain_effect": lambda p: _("Terrain of {city} ({terrain}): the strength marker "
                                  "moves {n}, now {marker}"),
    # «Rise of the Crescent»: the warlord (CAMP-S4-*)
    "warlord_card": lambda p: _("The warlord's card “{card}” is turned: his target is {city}"),
    "warlord_turn": lambda p: _("The warlord acts: “{card}”, towards {city}"),
    "warlord_rests": lambda p: _("The warlord does not act: “{card}” is discarded"),
    "warlord_moved": lambda p: ngettext("The warlord moves from {frm} to {city} with {n} "
                                        "Saracen", "The warlord moves from {frm} to {city} "
                                        "with {n} Saracens", _n(p)),
    "warlord_attacks": lambda p: ngettext("The warlord attacks {city} of {player} from {frm} "
                                          "with {n} Saracen", "The warlord attacks {city} of "
                                          "{player} from {frm} with {n} Saracens", _n(p)),
    "warlord_levy": lambda p: ngettext("{n} Saracen joins the warlord in {city}",
                                       "{n} Saracens join the warlord in {city}", _n(p)),
    "warlord_no_army": lambda p: _("The warlord has no army to attack {city}"),
    "warlord_took": lambda p: _("The warlord takes {city} from {player}"),
    "warlord_entered": lambda p: _("The warlord enters the map at {city}"),
    "warlord_absent": lambda p: _("The warlord finds no Saracen city to enter"),
    "warlord_driven_out": lambda p: _("The warlord is driven out of {city} and leaves the map"),
    "city_fell": lambda p: _("{city} has fallen: the era ends after this round; every state "
                             "but {player} loses influence"),
    "fall_influence_lost": lambda p: ngettext("{player} loses {n} influence point",
                                              "{player} loses {n} influence points", _n(p)),
    "settlers_arrived": lambda p: ngettext("Settlers arrive: {player} places {n} unit in "
                                           "{city}", "Settlers arrive: {player} places {n} "
                                           "units in {city}", _n(p)),
    "taxes": lambda p: ngettext("{player} collects {coins} coin of income",
                                "{player} collects {coins} coins of income", _n(p, "coins")),
    "influence_gained": lambda p: (
        ngettext("{player} gains {total} influence (governors {governors}, holy lands "
                 "{holy_lands})",
                 "{player} gains {total} influence (governors {governors}, holy lands "
                 "{holy_lands})", _n(p, "total"))
        if "total" in p else
        ngettext("{player} gains {n} influence", "{player} gains {n} influence", _n(p))),
    # markets and cards
    "markets_refilled": lambda p: ngettext("The markets are refilled: {n} new card",
                                           "The markets are refilled: {n} new cards", _n(p)),
    "card_taken": lambda p: _("{player} takes “{card}” from the market"),
    "blind_draw": lambda p: _("{player} draws “{card}” blind from the deck"),
    "blind_draw_returned": lambda p: _("{player} cannot pay and puts “{card}” back on the "
                                       "deck"),
    "building_built": lambda p: _("{player} builds “{card}”"),
    "building_discarded": lambda p: _("{player} discards the building “{card}”"),
    "building_used": lambda p: _("{player} uses the building “{card}”"),
    "tactic_learned": lambda p: _("{player} takes the tactic “{card}”"),
    "tactic_discarded": lambda p: _("{player} discards the tactic “{card}”"),
    "tactic_recovered": lambda p: _("{player} takes back the tactic “{card}”"),
    "starting_tactic_taken_back": lambda p: _("{player} takes back the starting tactic "
                                              "“{card}”"),
    "rescript_drawn": lambda p: _("{player} draws a level {level} rescript"),
    "rescript_drawn_card": lambda p: _("{player} draws the rescript “{card}”"),
    "rescript_played": lambda p: _("{player} plays the rescript “{card}”"),
    "rescript_discarded": lambda p: _("{player} discards the rescript “{card}”"),
    "rescript_spent_as_goods": lambda p: _("{player} spends the rescript “{card}” as goods"),
    "spy_drawn": lambda p: _("{player} draws a spy"),
    "spy_drawn_card": lambda p: _("{player} draws the spy “{card}”"),
    "spy_played": lambda p: _("{player} sends the spy “{card}” to {target}"),
    "spy_used": lambda p: _("{player}'s spy “{card}” acts against {target}"),
    "spy_discarded": lambda p: _("{player} discards the spy “{card}”"),
    "effect_chosen": lambda p: (_("{player} chooses: {effect}") if p.get("effect") else
                                _("{player} makes a choice")),
    # an op the engine has no handler for: its id is not a word for players
    "op_skipped": lambda p: _("An effect of the card is skipped"),
    # cities
    "city_upgraded": lambda p: _("{player} raises the city {city} to level {level}"),
    "city_destroyed": lambda p: _("The city {city} is destroyed down to level {level}"),
    "city_level": lambda p: _("The city {city} changes from level {old} to level {level}"),
    "city_gained": lambda p: _("{player} takes the city {city}"),
    "city_lost": lambda p: _("{player} loses the city {city}"),
    "capital_moved": lambda p: _("{player} moves the capital to the city {city}"),
    "destruction_prevented": lambda p: _("The city {city} is not destroyed"),
    "destruction_will_be_prevented": lambda p: _("The city {city} will not be destroyed in "
                                                 "this battle"),
    # units
    "unit_placed": lambda p: _("{player} places a unit in the city {city}"),
    "units_placed": lambda p: ngettext("{player} places {n} unit in the city {city}",
                                       "{player} places {n} units in the city {city}", _n(p)),
    "units_moved": lambda p: ngettext("{player} moves {n} unit from {frm} to {to}",
                                      "{player} moves {n} units from {frm} to {to}", _n(p)),
    "units_marched": lambda p: ngettext("{player} marches {n} unit from {frm} to {city}",
                                        "{player} marches {n} units from {frm} to {city}",
                                        _n(p)),
    "units_retreated": lambda p: ngettext("{player}: {n} unit retreats from {frm} to {city}",
                                          "{player}: {n} units retreat from {frm} to {city}",
                                          _n(p)),
    "units_destroyed": lambda p: ngettext("{player} loses {n} unit in the city {city}",
                                          "{player} loses {n} units in the city {city}",
                                          _n(p)),
    "units_discarded": lambda p: ngettext("{player} discards {n} unit from the city {city}",
                                          "{player} discards {n} units from the city {city}",
                                          _n(p)),
    "march_moves_bought": lambda p: ngettext("{player} buys {n} extra move",
                                             "{player} buys {n} extra moves", _n(p)),
    "march_target": lambda p: _("{player} marches on the city {city}"),
    # why a bot chose what it chose (the bot harness's entries: krestonostsy.ai.reasons)
    # ({bot}: its level and play style, "Edessa (Hard · Merchant)"; seat_kinds.bot_name)
    "bot_attacks": lambda p: _("{player} ({bot}) attacks {city}: strength {strength} "
                               "against {defence}"),
    "bot_order_searched": lambda p: ngettext(
        "{player} ({bot}) chooses the order “{order}”: best in {n} of {total} simulated "
        "round", "{player} ({bot}) chooses the order “{order}”: best in {n} of {total} "
        "simulated rounds", _n(p, "total")),
    # a bot playing a style says its signature decisions in its words (ai.reasons.in_style)
    "bot_pious_prays": lambda p: _("The Pious ({player}) chooses the order “Prayer”: holy "
                                   "lands held: {n}"),
    "bot_pious_bishop": lambda p: _("The Pious ({player}) places a bishop in the city {city}"),
    "bot_merchant_order": lambda p: _("The Merchant ({player}) chooses the order “Build”: "
                                      "coins in the treasury: {n}"),
    "bot_merchant_builds": lambda p: _("The Merchant ({player}) builds “{card}”, its "
                                       "building no. {n} (the card: {gives})"),
    "bot_merchant_governor": lambda p: _("The Merchant ({player}) takes the governor "
                                         "“{card}” for its cities"),
    "bot_conqueror_order": lambda p: _("The Conqueror ({player}) chooses the order "
                                       "“{order}”: cities held: {n} of {goal} for hegemony"),
    "bot_conqueror_attacks": lambda p: _("The Conqueror ({player}) attacks {city}: strength "
                                         "{strength} against {defence}"),
    "bombarded": lambda p: ngettext("{player} bombards the city {city}: {n} Saracen falls",
                                    "{player} bombards the city {city}: {n} Saracens fall",
                                    _n(p)),
    # bishops and sanctity
    "bishop_trained": lambda p: _("{player} trains a bishop in the city {city}"),
    "bishop_trained_level": lambda p: _("{player}'s bishop now has level {level}"),
    "bishop_moved": lambda p: _("{player} moves a bishop from {frm} to {to}"),
    "bishops_revealed": lambda p: _("The bishops in the city {city} are revealed"),
    "holy_land_revealed": lambda p: (_("The city {city} is a holy land of {holder}")
                                     if p.get("holder") else
                                     _("The city {city} is nobody's holy land: a tie")),
    "sanctity_moved": lambda p: ngettext("{player} gains {amount} sanctity ({frm} → {to})",
                                         "{player} gains {amount} sanctity ({frm} → {to})",
                                         _n(p, "amount")),
    "sanctity_lost": lambda p: _("{player} loses sanctity ({frm} → {to})"),
    # battle
    "battle_started": lambda p: _("{player} attacks the city {city}, defended by "
                                  "{defender}"),
    "saracens_played_by": lambda p: _("{player} plays the Saracens in the battle for {city}"),
    "tactic_played": lambda p: _("{player} plays the tactic “{card}”"),
    "tactic_cancelled": lambda p: _("The {half} of the tactic “{card}” is cancelled"),
    "battle_strength": lambda p: _("Battle for {city}: strength marker at {marker}"),
    "battle_strength_gain": lambda p: ngettext("{player} gains {n} strength (marker {marker})",
                                               "{player} gains {n} strength (marker "
                                               "{marker})", _n(p)),
    "battle_units_added": lambda p: ngettext("{player} adds {n} unit to the battle",
                                             "{player} adds {n} units to the battle", _n(p)),
    "battle_reinforced": lambda p: _("{player} sends reinforcements from {frm} to {city}"),
    "battle_smash": lambda p: ngettext("Smash: {player} loses {n} unit",
                                       "Smash: {player} loses {n} units", _n(p)),
    "battle_rout": lambda p: ngettext("Rout: {n} unit of {player} flees",
                                      "Rout: {n} units of {player} flee", _n(p)),
    "battle_retreat": lambda p: ngettext("{player} retreats from {city} with {n} unit",
                                         "{player} retreats from {city} with {n} units", _n(p)),
    "battle_no_units": lambda p: _("The {side} has no units left in the battle for {city}"),
    "battle_won": lambda p: _("{player} wins the battle for {city}"),
    "casualties": lambda p: (_("{player} loses tactics: {cards}") if p.get("cards") else
                             _("{player} loses no tactics")),
    "casualty_cancelled": lambda p: _("{player} keeps the tactic “{card}” (protection)"),
    "end_effect": lambda p: _("{player}: end-of-battle ability of “{card}”"),
    "end_effect_declined": lambda p: _("{player} does not use the end-of-battle ability of "
                                       "“{card}”"),
}

# The Saracens are many: where they are the subject (or the defender) the sentence is
# written for them, so the verb agrees in both languages ("the Saracens win", «сарацины
# побеждают»), instead of a state's template with "Saracens" put in.
SARACEN_TEMPLATES: dict[str, Callable[[dict], str]] = {
    "battle_started": lambda p: (
        _("The Saracens attack the city {city}, held by {defender}")
        if p.get("player") == "saracen" else  # the warlord's attack (CAMP-S4-03)
        _("{player} attacks the city {city}, held by the Saracens")),
    "battle_reinforced": lambda p: _("The Saracens send reinforcements from {frm} to {city}"),
    "battle_retreat": lambda p: ngettext("The Saracens retreat from {city} with {n} unit",
                                         "The Saracens retreat from {city} with {n} units",
                                         _n(p)),
    "battle_rout": lambda p: ngettext("Rout: {n} Saracen unit flees",
                                      "Rout: {n} Saracen units flee", _n(p)),
    "battle_smash": lambda p: ngettext("Smash: the Saracens lose {n} unit",
                                       "Smash: the Saracens lose {n} units", _n(p)),
    "battle_strength_gain": lambda p: ngettext("The Saracens gain {n} strength (marker "
                                               "{marker})",
                                               "The Saracens gain {n} strength (marker "
                                               "{marker})", _n(p)),
    "battle_units_added": lambda p: ngettext("The Saracens add {n} unit to the battle",
                                             "The Saracens add {n} units to the battle",
                                             _n(p)),
    "battle_won": lambda p: _("The Saracens win the battle for {city}"),
    "casualties": lambda p: (_("The Saracens lose tactics: {cards}") if p.get("cards") else
                             _("The Saracens lose no tactics")),
    "end_effect": lambda p: _("The Saracens: end-of-battle ability of “{card}”"),
    "tactic_played": lambda p: _("The Saracens play the tactic “{card}”"),
    "units_destroyed": lambda p: ngettext("The Saracens lose {n} unit in the city {city}",
                                          "The Saracens lose {n} units in the city {city}",
                                          _n(p)),
    "units_retreated": lambda p: ngettext("The Saracens: {n} unit retreats from {frm} to "
                                          "{city}",
                                          "The Saracens: {n} units retreat from {frm} to "
                                          "{city}", _n(p)),
}


def _template_of(key: str, params: dict) -> Callable[[dict], str] | None:
    if key in SARACEN_TEMPLATES and "saracen" in (params.get("player"),
                                                  params.get("defender")):
        return SARACEN_TEMPLATES[key]
    return TEMPLATES.get(key)


WORDS = {  # values of params that are words
    "attacker": N_("attacker"), "defender": N_("defender"),
    "top": N_("top ability"), "bottom": N_("bottom ability"),
    "inner": N_("inner cell"), "outer": N_("outer cell"),
}
MARKETS = {
    "buildings_0": N_("level 0 buildings"), "buildings_12": N_("level I–II buildings"),
    "buildings_34": N_("level III–IV buildings"), "tactics_12": N_("level I–II tactics"),
    "tactics_34": N_("level III–IV tactics"), "governors": N_("governors"),
    "rescripts_1": N_("level I rescripts"), "rescripts_2": N_("level II rescripts"),
    "spies": N_("spies"), "events": N_("events"), "saracens": N_("Saracen cards"),
    "bulls": N_("bulls"),
}

# a colour on its own ("the raid colour is yellow"): context "colour", because the card
# texts use the same English words as adjectives of a plural noun ("yellow tactics")
COLOURS = {"yellow": N_("yellow"), "white": N_("white"), "blue": N_("blue"),
           "red": N_("red"), "green": N_("green")}
COLOUR_CONTEXT = "colour"

# log keys by what they name: the action parameters as engine.actions.PARAMS declares
# them, and the keys only log entries use (a log's "target" is the player spied on)
_DECLARED = {kind: {k for k, p in PARAMS.items() if p.kind == kind}
             for kind in ("player", "city", "card")}
PLAYER_KEYS = _DECLARED["player"] | {"winner", "defender", "holder", "victim", "payer",
                                     "owner", "by", "attacker", "target", "lord", "vassal",
                                     "regent", "ward", "protectors"}
CITY_KEYS = _DECLARED["city"] | {"frm", "capital"}
CARD_KEYS = _DECLARED["card"] | {"other"}


def _element(key: str, value, event: str = "") -> tuple[str, str | None]:
    """(display text, highlight id or None) of one param."""
    if isinstance(value, bool):
        return (_("yes") if value else _("no")), None
    if key == "effect":
        return _effect_text(value), None
    if key == "bot":  # the seat kind of a bot's reason (controller.BotReason)
        return bot_name(str(value)), None
    if key == "gives":  # a building's card text (reasons.merchant's "builds")
        return building_gives(value) or "—", None
    if key in ("frm", "to") and event.startswith("sanctity") and isinstance(value, int):
        return str(value + 1), None  # the track's cells are numbered from 1
    if isinstance(value, (int, float)):
        return str(value), None
    if value is None:
        return "—", None
    if isinstance(value, (list, tuple)):
        if key == "cards":
            return ", ".join(card_name(v) for v in value), None
        if key == "spent":
            return ", ".join(good_name(v) for v in value), None
        if key == "cities":
            return ", ".join(city_name(v) for v in value), None
        return ", ".join(_element(key, v)[0] for v in value), None
    if isinstance(value, dict):
        return ", ".join(f"{city_name(k) if k in CITY_NAMES else state_name(k)}: {v}"
                         for k, v in value.items()), None
    value = str(value)
    if key in PLAYER_KEYS and (value in STATE_NAMES or value in ("saracen", "automa")):
        return state_name(value), f"player:{value}"
    if key in CITY_KEYS and value in CITY_NAMES:
        return city_name(value), f"city:{value}"
    if key in PLAYER_KEYS and value in CITY_NAMES:
        return city_name(value), f"city:{value}"
    if key in CARD_KEYS:
        return card_name(value), f"card:{value}"
    if key == "colour" and event.startswith("good_"):
        return good_name(value), None
    if key == "colour" and value in COLOURS:
        return i18n.pgettext(COLOUR_CONTEXT, COLOURS[value]), None
    if key == "good":
        return good_name(value), None
    if key == "order":
        return order_name(value), None
    if key == "republic" and value in REPUBLIC_NAMES:  # the trade board's tracks
        return _(REPUBLIC_NAMES[value]), None
    if key == "terrain" and value in TERRAIN_NAMES:  # the advanced mode (CAMP-10)
        return _(TERRAIN_NAMES[value]), None
    if key in ("market", "deck"):
        return (_(MARKETS[value]) if value in MARKETS else readable(value)), f"market:{value}"
    if value in WORDS:
        return _(WORDS[value]), None
    return readable(value), None


def _effect_text(effect) -> str:
    """What a chosen option of a card does, in the current language."""
    from ..content.text import effect_text
    ops = [effect] if isinstance(effect, dict) else list(effect or [])
    try:
        text = effect_text(ops, i18n.current_language())
    except (KeyError, TypeError, ValueError):
        return "—"
    return text[:1].lower() + text[1:]  # "Antioch chooses: gain 2 coins"


class _Fields(dict):
    def __missing__(self, key):
        return "?"


def render_entry(key: str, params: dict | None, markup: bool = False) -> tuple[str, list]:
    """The text of one log entry in the current language and the ids it names.

    With ``markup`` the text is HTML and each name is a link ``ids:<id>``."""
    params = dict(params or {})
    fields = _Fields()
    ids: list[str] = []
    for k, v in params.items():
        text, ident = _element(k, v, key)
        if ident:
            ids.append(ident)
        if markup:
            text = html.escape(text)
            if ident:
                text = f'<a href="ids:{html.escape(ident)}">{text}</a>'
        fields[k] = text
    template_of = _template_of(key, params)
    if template_of is not None:
        try:
            template = template_of(params)
        except Exception:
            template = None
    else:
        template = None
    if template is None:  # an unknown key (or a broken template): still readable
        shown = [f"{readable(k)}: {{{k}}}" for k in params]
        template = readable(key) + (" — " + ", ".join(shown) if shown else "")
    if markup:
        template = html.escape(template, quote=False)
    try:
        text = template.format_map(fields)
    except (ValueError, IndexError, AttributeError):
        text = template
    return text, ids


def _redundant(entries: list, index: int) -> bool:
    """A ``city_level`` entry right next to the upgrade/destruction that caused it."""
    try:
        key, params = entries[index][0], entries[index][1]
        if key != "city_level":
            return False
        for j in (index - 1, index + 1):
            if 0 <= j < len(entries):
                k, p = entries[j][0], entries[j][1]
                if k in ("city_upgraded", "city_destroyed") and p.get("city") == \
                        params.get("city"):
                    return True
    except (TypeError, IndexError, AttributeError):
        return False
    return False


# Entries that belong together are shown as one line: consecutive entries of the same key
# (or of its one-unit form) with the same values of the named params add up their count,
# "places 7 units in Jerusalem" rather than seven lines. key → (shown key, same, count).
GROUPS: dict[str, tuple[str, tuple[str, ...], str]] = {
    "unit_placed": ("units_placed", ("player", "city"), "n"),
    "units_placed": ("units_placed", ("player", "city"), "n"),
    "units_destroyed": ("units_destroyed", ("player", "city"), "n"),
    "units_discarded": ("units_discarded", ("player", "city"), "n"),
    "coins_gained": ("coins_gained", ("player",), "n"),
    "coins_paid": ("coins_paid", ("player",), "n"),
    "battle_smash": ("battle_smash", ("player",), "n"),
}


def group_entries(entries) -> list[tuple[str, dict, int]]:
    """The rows the log shows: ``(key, params, entries it stands for)``, with consecutive
    entries that belong together merged (see ``GROUPS``) and redundant ones dropped."""
    rows: list[tuple[str, dict, int]] = []
    last_vis: object = object()
    for index, entry in enumerate(entries):
        try:
            key, params = entry[0], dict(entry[1] or {})
            vis = entry[2] if len(entry) > 2 else None
        except (TypeError, IndexError):
            continue
        if _redundant(entries, index):
            if rows:
                k, p, n = rows[-1]
                rows[-1] = (k, p, n + 1)
            continue
        group = GROUPS.get(key)
        if group is not None:
            shown, same, count = group
            amount = 1 if key == "unit_placed" else _n(params, count)
            params = {**{k: params.get(k) for k in same}, count: amount}
            if rows and vis == last_vis:
                k, p, n = rows[-1]
                if k == shown and all(p.get(f) == params.get(f) for f in same):
                    rows[-1] = (k, {**p, count: _n(p, count) + amount}, n + 1)
                    continue
            key = shown
        rows.append((key, params, 1))
        last_vis = vis
    return rows


def _row_html(key: str, params: dict) -> str:
    from .table.art import bold_family
    text, _ids = render_entry(key, params, markup=True)
    if key in ("round_started", "game_over"):
        # EB Garamond has no bold face: a plain <b> would fall back to a sans-serif
        bold = f"<span style=\"font-family:'{bold_family()}'; font-weight:bold\">"
        top = "margin-top:8px; " if key == "round_started" else ""
        return f'<p style="{top}margin-left:0">{bold}{text}</span></p>'
    return f'<p style="margin:1px 0 1px 8px">{text}</p>'


class LogPanel(QWidget):
    """The log dock's contents. ``idsHovered(list)`` on link hover.

    New entries are appended to the document (the whole log is rendered again only when
    it changed otherwise: an undo, a language switch, another viewer), so a long game
    costs the same per action as a short one."""

    idsHovered = Signal(list)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("logPanel")
        self.entries: list = []
        self.rows: list[tuple[str, dict, int]] = []
        self.full_renders = 0  # how often the whole document was rebuilt (tests, benchmarks)
        self.browser = QTextBrowser(objectName="logBrowser")
        self.browser.setOpenLinks(False)
        self.browser.setOpenExternalLinks(False)
        self.browser.highlighted.connect(self._on_hover)
        self.browser.anchorClicked.connect(self._on_hover)
        self.browser.setStyleSheet("QTextBrowser { background: #f8f1de; color: #2b2118; "
                                   "font-size: 11pt; }")
        # EB Garamond hinted at text sizes draws a tall, odd "u" (Jerusalem, units)
        font = QFont(self.browser.font())
        font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
        self.browser.setFont(font)
        self.browser.document().setDefaultFont(font)
        self.browser.document().setDefaultStyleSheet(
            "a { color: #6b3b12; text-decoration: none; }")
        self.empty = QLabel(objectName="logEmpty", wordWrap=True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.browser)
        layout.addWidget(self.empty)
        self.retranslate()
        i18n.add_listener(self._on_language)

    def set_entries(self, entries) -> None:
        """Show ``entries``. Only a continuation of the entries shown is appended; anything
        else is rendered anew. A log of the same length ending alike may be another
        viewer's (hot-seat, a game loaded): the whole shown prefix must be the same, not its
        last entry only, or the previous player's private lines would stay on screen."""
        new = list(entries or ())
        old = self.entries
        if len(new) >= len(old) and new[:len(old)] == old:
            if len(new) > len(old):
                self._append(new)
            return
        self.entries = new
        self.render()

    def _append(self, new: list) -> None:
        """Render only what changed at the end: the last row again (a new entry may join
        its group) and the rows after it."""
        start = len(self.entries) - (self.rows[-1][2] if self.rows else 0)
        tail = group_entries(new[start:]) if start >= 0 else None
        if tail is None or start < 0:
            self.entries = new
            self.render()
            return
        doc = self.browser.document()
        if self.rows:
            cursor = QTextCursor(doc.lastBlock())
            cursor.select(QTextCursor.SelectionType.BlockUnderCursor)
            cursor.removeSelectedText()
            if doc.blockCount() == 1 and not doc.firstBlock().text():
                doc.clear()
            self.rows.pop()
        self.entries = new
        for key, params, n in tail:
            self.browser.append(_row_html(key, params))
            self.rows.append((key, params, n))
        self._scroll_to_end()

    def _on_language(self, _lang: str) -> None:
        self.retranslate()

    def retranslate(self) -> None:
        self.empty.setText(_("Nothing has happened yet."))
        self.render()

    def texts(self) -> list[str]:
        """Plain text of every row (for tests and accessibility)."""
        return [render_entry(key, params)[0] for key, params, _n in group_entries(self.entries)]

    def render(self) -> None:
        self.full_renders += 1
        self.rows = group_entries(self.entries)
        self.browser.setHtml("".join(_row_html(key, params) for key, params, _n in self.rows))
        self._scroll_to_end()

    def _scroll_to_end(self) -> None:
        self.browser.moveCursor(QTextCursor.MoveOperation.End)
        self.browser.ensureCursorVisible()
        self.empty.setVisible(not self.rows)

    def _on_hover(self, url: QUrl) -> None:
        text = url.toString() if isinstance(url, QUrl) else str(url or "")
        if text.startswith("ids:"):
            self.idsHovered.emit([i for i in text[4:].split(",") if i])
        else:
            self.idsHovered.emit([])

    def leaveEvent(self, event) -> None:
        self.idsHovered.emit([])
        super().leaveEvent(event)

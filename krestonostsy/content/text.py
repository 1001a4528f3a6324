"""Card rules text, generated from the effect data through translatable templates.

Because the text a player reads is produced from the same data the engine executes,
the two can never disagree (docs/rules.md, "Cards are data"). There is one template per
op (:data:`OP_TEMPLATES`), per trigger, per metric and per round modifier; numbers go
through ``ngettext`` so Russian gets its three plural forms (1 монета, 2 монеты,
5 монет).

Translator interface
--------------------
Every function takes a *translator*: any object with

* ``gettext(message: str) -> str`` and
* ``ngettext(singular: str, plural: str, n: int) -> str``

— a :class:`gettext.GNUTranslations`, :class:`babel.support.Translations`,
``krestonostsy.i18n.translator(lang)``, or :class:`CatalogTranslator` below. Given a
language code instead (``card_text(card, "ru")``), the project's translator
``krestonostsy.i18n.translator(lang)`` is used (all domains merged, switchable at run
time); without that module, :func:`translator` reads the content catalog
``translations/<lang>/LC_MESSAGES/content.po`` (domain ``content``) alone and records any
msgid it cannot find in ``.missing`` (used by the tests). Card names and flavour are
msgids of the same catalog (``card_name`` / ``card_flavour``).

Templates are marked with ``N_`` / ``NP_`` so ``pybabel extract -k N_ -k NP_:1,2`` finds
them; YAML names and flavour are extracted by :mod:`.extract`.
"""
from __future__ import annotations

import gettext as _gettext
from functools import lru_cache, singledispatch
from pathlib import Path
from typing import Any, Protocol

from .models import (
    Building,
    Bull,
    Event,
    Governor,
    HomsCard,
    Oath,
    Rescript,
    SaracenTactic,
    Spy,
    Tactic,
    WarlordCard,
)

DOMAIN = "content"


def N_(message: str) -> str:  # noqa: N802 - gettext marker
    """Mark a template for extraction; it is translated when used."""
    return message


def NP_(singular: str, plural: str) -> tuple:  # noqa: N802 - gettext marker
    """Mark a plural template pair for extraction."""
    return (singular, plural)


class Translator(Protocol):
    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...


# ------------------------------------------------------------------------- vocabulary
COLOUR_WORDS = {  # colour adjectives as they qualify a plural noun ("white tactics")
    "yellow": N_("yellow"), "white": N_("white"), "blue": N_("blue"), "red": N_("red"),
    "green": N_("green"),
}
GOODS = {
    "yellow": N_("wood"), "white": N_("candles"), "blue": N_("steel"), "red": N_("horses"),
    "green": N_("spices"), "any": N_("any good"),
}
ORDER_NAMES = {
    "build": N_("Build"), "prayer": N_("Prayer"), "muster": N_("Muster"), "march": N_("March"),
}
STATE_NAMES = {
    "jerusalem": N_("Jerusalem"), "tripoli": N_("Tripoli"), "edessa": N_("Edessa"),
    "antioch": N_("Antioch"),
}
METRIC_LABELS = {
    "goods": N_("goods in your warehouse"),
    "ready_goods": N_("unspent goods in your warehouse"),
    "units_on_map": N_("your units on the map"),
    "bishops_on_map": N_("your bishops on the map"),
    "bishop_levels_on_map": N_("total level of your bishops on the map"),
    "cities": N_("your cities"),
    "city_levels": N_("total level of your cities"),
    "capital_level": N_("level of your capital"),
    "central_cities": N_("your central cities"),
    "holy_lands": N_("your holy lands"),
    "buildings": N_("your buildings"),
    "tactics_in_hand": N_("tactics in your hand"),
    "high_tactics_in_hand": N_("level III–IV tactics in your hand"),
    "coins": N_("your coins"),
    "rescripts": N_("your rescripts"),
    "spies_active": N_("your active spies"),
    "governors": N_("your governors"),
    "sanctity_rank": N_("your place on the sanctity track (4 = rightmost)"),
    "tactics_played": N_("tactics played in this battle"),
    "units_in_battle": N_("your units in this battle"),
    "saracen_cities_adjacent": N_("Saracen cities next to your cities"),
    "harbours": N_("your harbour cities"),
    "trade_cells": N_("your cells on the trade tracks"),
    "warlord_adjacent": N_("your cities next to the warlord"),
}
COLOUR_METRIC_LABELS = {
    "goods": N_("%(colour)s goods in your warehouse"),
    "buildings": N_("your %(colour)s buildings"),
    "tactics_in_hand": N_("%(colour)s tactics in your hand"),
    "tactics_played": N_("%(colour)s tactics played in this battle"),
}
FACT_LABELS = {
    "hired": N_("units hired"), "moved": N_("moves made"), "upgraded": N_("cities upgraded"),
    "built": N_("buildings built"), "learned": N_("tactics learned"),
    "sanctity": N_("sanctity gained"), "trained": N_("bishops trained"),
    "battle": N_("battles fought"), "won": N_("battles won"),
}

CITY_NAMES = {
    "jerusalem": N_("Jerusalem"), "tripoli": N_("Tripoli"), "edessa": N_("Edessa"),
    "antioch": N_("Antioch"), "turbessel": N_("Turbessel"), "tadmor": N_("Tadmor"),
    "acre": N_("Acre"), "tortosa": N_("Tortosa"), "aleppo": N_("Aleppo"),
    "apamea": N_("Apamea"), "baalbek": N_("Baalbek"), "damascus": N_("Damascus"),
    "homs": N_("Homs"),
}
"""The cities of the map, as a warlord card names its target (data/map.yaml)."""

REPUBLIC_NAMES = {"genoa": N_("Genoa"), "pisa": N_("Pisa"), "venice": N_("Venice")}
"""The trade board's republics (content/vocabulary.REPUBLICS)."""
TERRAIN_NAMES = {"harbour": N_("harbour"), "rivers": N_("rivers"), "forests": N_("forests"),
                 "mountains": N_("mountains"), "deserts": N_("deserts")}
"""SYM-93: the terrain types (content/board.TERRAINS)."""

# One template per op. Plural pairs take ``n``; every template may use %(n)s.
OP_TEMPLATES: dict[str, Any] = {  # a template, or (singular, plural)
    "gain_coins": NP_("Gain %(n)s coin", "Gain %(n)s coins"),
    "pay_coins": NP_("Pay %(n)s coin", "Pay %(n)s coins"),
    "steal_coins": NP_("Take %(n)s coin from the opponent", "Take %(n)s coins from the opponent"),
    "gain_influence": NP_("Gain %(n)s influence point", "Gain %(n)s influence points"),
    "gain_sanctity": NP_("Gain %(n)s sanctity point", "Gain %(n)s sanctity points"),
    "lose_sanctity": NP_("Move back %(n)s cell on the sanctity track",
                         "Move back %(n)s cells on the sanctity track"),
    "restore_goods": NP_("Restore %(n)s spent good", "Restore %(n)s spent goods"),
    "spend_goods": NP_("Spend %(n)s good", "Spend %(n)s goods"),
    "block_goods": NP_("Block %(n)s good", "Block %(n)s goods"),
    "draw_rescript": N_("Take the top level-%(level)s rescript"),
    "trade": NP_("Climb %(n)s cell on a trade track of your choice",
                 "Climb %(n)s cells on trade tracks of your choice"),
    "trade_on": NP_("Climb %(n)s cell on the trade track of %(republic)s",
                    "Climb %(n)s cells on the trade track of %(republic)s"),
    "lose_trade": NP_("Lose %(n)s cell on the highest trade track",
                      "Lose %(n)s cells on the highest trade track"),
    "lose_trade_on": NP_("Lose %(n)s cell on the trade track of %(republic)s",
                         "Lose %(n)s cells on the trade track of %(republic)s"),
    "draw_spy": N_("Take the top spy card"),
    "swear": N_("You may offer one of your oath cards to another state"),
    "break_oath": NP_("Break one of your oaths for %(n)s influence point and gain its betrayal",
                      "Break one of your oaths for %(n)s influence points and gain its betrayal"),
    "break_oath_price": N_("Break one of your oaths at the usual price and gain its betrayal"),
    "break_oath_free": N_("Break one of your oaths without paying influence and gain its betrayal"),
    "draw_oath": NP_("Take %(n)s oath card", "Take %(n)s oath cards"),
    "discard_rescript": N_("Discard a rescript"),
    "discard_tactic": NP_("Discard %(n)s non-starting tactic", "Discard %(n)s non-starting tactics"),
    "discard_building": N_("Discard a building"),
    "replace_governor": N_("Replace the governor of one of your cities with one from the market"),
    "upgrade_city": N_("Upgrade one of your cities by 1 level"),
    "upgrade_capital": N_("Upgrade your capital by 1 level"),
    "destroy_city": N_("Destroy the city by 1 level"),
    "prevent_destruction": N_("The city is not destroyed at the end of this battle"),
    "place_units": NP_("Place %(n)s unit in your cities", "Place %(n)s units in your cities"),
    "discard_units": NP_("Discard %(n)s non-last unit from the city",
                         "Discard %(n)s non-last units from the city"),
    "move_units": NP_("Move up to %(n)s non-last unit between your adjacent cities",
                      "Move up to %(n)s non-last units between your adjacent cities"),
    "bombard": NP_("Bombard %(n)s: destroy %(n)s non-last Saracen unit next to your cities",
                   "Bombard %(n)s: destroy %(n)s non-last Saracen units next to your cities"),
    "bishop_actions": NP_("Gain %(n)s bishop action", "Gain %(n)s bishop actions"),
    "bishop_train": NP_("Train %(n)s bishop", "Train %(n)s bishops"),
    "bishop_move": NP_("Move %(n)s bishop", "Move %(n)s bishops"),
    "holy_land_check": N_("Check the holy lands now"),
    "extra_order": N_("Carry out a basic «%(order)s» order"),
    "strength": N_("+%(n)s strength"),
    "smash": N_("Smash %(n)s"),
    "rout": N_("Rout %(n)s"),
    "reinforce": N_("Reinforcement %(n)s"),
    "add_units": NP_("Add up to %(n)s unit from your supply to the battle",
                     "Add up to %(n)s units from your supply to the battle"),
    "casualties": N_("Casualties %(n)s"),
    "warlord_move": NP_("The warlord moves %(n)s city towards %(city)s",
                        "The warlord moves %(n)s cities towards %(city)s"),
    "warlord_attack": NP_("he attacks the crusader city on his way with the Saracens of his "
                          "city but one and %(n)s more; with nothing to attack, %(n)s "
                          "Saracen joins him",
                          "he attacks the crusader city on his way with the Saracens of his "
                          "city but one and %(n)s more; with nothing to attack, %(n)s "
                          "Saracens join him"),
    "raid_defence": N_("+%(n)s to the strength of the raided city"),
    "choose": N_("Choose one: %(options)s"),
    "if": N_("If %(label)s ≥ %(n)s: %(then)s"),
    "may": N_("You may: %(then)s"),
    "pay_for": N_("You may pay %(cost)s → %(then)s"),
}
OR = N_(" or ")
OTHERWISE = N_("; otherwise: %(else)s")
OPPONENT = N_("Opponent: %(effect)s")
PER = N_("(+%(each)s × %(label)s)")
NO_EFFECT = N_("no effect")
GOODS_JOIN = " + "

ROUND_MODIFIER_TEMPLATES: dict[str, Any] = {  # a template, or (singular, plural)
    "free_stacking": N_("Placing an order on an occupied inner cell costs nothing"),
    "stacking_cost": NP_("Placing an order on an occupied inner cell costs %(n)s coin per covered token",
                         "Placing an order on an occupied inner cell costs %(n)s coins per covered token"),
    "prayer_sanctity": NP_("A basic prayer gives %(n)s more sanctity point",
                           "A basic prayer gives %(n)s more sanctity points"),
    "hire_units": NP_("A basic hire places %(n)s more unit", "A basic hire places %(n)s more units"),
    "march_moves": NP_("A basic march gives %(n)s more move", "A basic march gives %(n)s more moves"),
    "build_discount": NP_("Every build order gets a discount of %(n)s more good",
                          "Every build order gets a discount of %(n)s more goods"),
    "raid_strength": N_("Raids have +%(n)s strength"),
    "defence": N_("Crusader cities have +%(n)s defence in raids and battles"),
    "no_outer_cells": N_("No order may be placed in an outer cell"),
    "attacker_strength": N_("Attackers have +%(n)s strength in battles"),
    "warlord_rests": N_("The warlord does not act: his card is discarded"),
}
EVENT_TIMINGS = {
    "immediate": N_("Every player, in turn order:"),
    "each_player": N_("Each player decides, in turn order:"),
    "round": N_("Until the end of the round:"),
}
RESCRIPT_TIMINGS = {
    "battle": N_("In your battle, before or after your maneuver"),
    "turn": N_("In your turn"),
    "raid": N_("When one of your cities is raided"),
    "income": N_("In the Income phase"),
}
T: dict[str, Any] = {  # a template, or (singular, plural)
    "cost": N_("Cost: %(goods)s"),
    "free": N_("Cost: free"),
    "starting_tactic": N_("Starting tactic of %(state)s"),
    "starting_governor": N_("Starting governor of %(state)s"),
    "top": N_("Top: %(effect)s"),
    "bottom": N_("Bottom: %(effect)s"),
    "end_of_battle": N_("at the end of the battle: %(effect)s"),
    "protection": N_("Protection"),
    "after_order": N_("After your «%(order)s» order"),
    "after_order_enhanced": N_("After your enhanced «%(order)s» order"),
    "after_order_basic": N_("After your basic «%(order)s» order"),
    "anytime": N_("Once per round, at any moment of your turn"),
    "after_battle": N_("After a battle you fought"),
    "after_battle_won": N_("After a battle you won"),
    "after_battle_lost": N_("After a battle you lost"),
    "spy_after_order": N_("After the targeted opponent's «%(order)s» order"),
    "spy_after_order_enhanced": N_("After the targeted opponent's enhanced «%(order)s» order"),
    "spy_after_order_basic": N_("After the targeted opponent's basic «%(order)s» order"),
    "spy_after_battle": N_("After a battle of the targeted opponent"),
    "spy_after_battle_won": N_("After a battle the targeted opponent won"),
    "spy_after_battle_lost": N_("After a battle the targeted opponent lost"),
    "fact": N_("%(label)s ≥ %(n)s"),
    "trigger_effect": N_("%(trigger)s → %(effect)s"),
    "income": N_("Each Income phase: %(scoring)s"),
    "tier": NP_("%(at)s+ → %(n)s influence point", "%(at)s+ → %(n)s influence points"),
    "per": NP_("%(n)s influence point for every %(per)s of: %(label)s",
               "%(n)s influence points for every %(per)s of: %(label)s"),
    "max": N_("(at most %(max)s)"),
    "leader": NP_("Leader in: %(label)s → %(n)s influence point",
                  "Leader in: %(label)s → %(n)s influence points"),
    "goal": N_("Goal %(i)s — %(label)s: %(tiers)s"),
    "bull_rule": N_("At the end of the game, score the one goal that gives you most."),
    "rescript_goods": N_("Or discard in your turn as goods: %(goods)s"),
    "timing_effect": N_("%(timing)s: %(effect)s"),
    "raids": N_("Raid results (city strength − raid strength):"),
    "raid_row": N_("%(range)s: %(effect)s"),
    "oath_lord": N_("Lord: %(effect)s"),
    "oath_vassal": N_("Vassal: %(effect)s"),
    "oath_tribute": NP_("Tribute: the vassal pays the lord %(n)s coin every Income",
                        "Tribute: the vassal pays the lord %(n)s coins every Income"),
    "oath_betrayal": N_("Betrayal: %(effect)s"),
    "homs": N_("While you control Homs, once per round you may place 1 of your orders in an "
               "inner cell enhanced side up, without drawing a spy. It is carried out this "
               "round as an enhanced order."),
}
ROMAN = {0: "0", 1: "I", 2: "II", 3: "III", 4: "IV"}


# --------------------------------------------------------------------- translators
class CatalogTranslator:
    """gettext/ngettext over one compiled catalog; records msgids it could not find."""

    def __init__(self, translations: _gettext.NullTranslations | None = None):
        self._t = translations or _gettext.NullTranslations()
        self._catalog = getattr(self._t, "_catalog", {})
        self.missing: set = set()

    def gettext(self, message: str) -> str:
        if not self._catalog.get(message):
            self.missing.add(message)
        return self._t.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        if not self._catalog.get((singular, 0)):
            self.missing.add(singular)
        return self._t.ngettext(singular, plural, n)


class IdentityTranslator:
    """The English text, straight from the msgids (no catalog needed)."""

    missing: set = set()

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural


def catalog_path(lang: str, translations_dir: Path | None = None) -> Path:
    if translations_dir is None:
        from ..resources import translations_dir as default_dir

        translations_dir = default_dir()
    return Path(translations_dir) / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@lru_cache(maxsize=8)
def _load(lang: str, translations_dir: str | None) -> _gettext.NullTranslations:
    from ..i18n import load_catalog  # the one .mo/.po loading rule of the game

    return load_catalog(catalog_path(lang, Path(translations_dir) if translations_dir else None))


def translator(lang: str, translations_dir: Path | None = None) -> CatalogTranslator:
    """A fresh :class:`CatalogTranslator` for ``lang`` over the content catalog."""
    return CatalogTranslator(_load(lang, str(translations_dir) if translations_dir else None))


def _tr(lang_or_translator: Any) -> Translator:
    if isinstance(lang_or_translator, str):
        try:
            from .. import i18n
        except ImportError:
            return translator(lang_or_translator)
        return i18n.translator(lang_or_translator)
    if lang_or_translator is None:
        return IdentityTranslator()
    return lang_or_translator


# ------------------------------------------------------------------------ helpers
def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:] if text[:1].isupper() and not text[1:2].isupper() else text


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def _fmt(tr: Translator, template, n: int | None = None, **params) -> str:
    if isinstance(template, tuple):
        text = tr.ngettext(template[0], template[1], n if n is not None else 0)
    else:
        text = tr.gettext(template)
    if n is not None:
        params.setdefault("n", n)
    return text % params if params else text


def metric_label(metric: str, tr: Translator) -> str:
    """The metric as a lowercase noun phrase: 'white tactics played in this battle'."""
    name, _, colour = metric.partition(":")
    if colour:
        return _fmt(tr, COLOUR_METRIC_LABELS[name], colour=tr.gettext(COLOUR_WORDS[colour]))
    return tr.gettext(METRIC_LABELS[name])


def goods_text(goods, tr: Translator) -> str:
    return GOODS_JOIN.join(tr.gettext(GOODS[g]) for g in goods)


def order_name(order: str, tr: Translator) -> str:
    return tr.gettext(ORDER_NAMES[order])


def _amount(value, tr: Translator) -> tuple[int, str]:
    """(number used for the template and its plural, suffix for a 'per' amount)."""
    if isinstance(value, dict):
        suffix = " " + _fmt(tr, PER, each=value["each"], label=metric_label(value["per"], tr))
        return value["base"], suffix
    return value, ""


# --------------------------------------------------------------------------- effects
def op_text(op: dict, tr: Translator) -> str:
    """The text of one op, starting with a capital letter."""
    name = op["op"]
    suffix = ""
    if name == "choose":
        options = [_lower_first(effect_text(o, tr)) for o in op["options"]]
        text = _fmt(tr, OP_TEMPLATES["choose"], options=tr.gettext(OR).join(options))
    elif name == "if":
        text = _fmt(tr, OP_TEMPLATES["if"], label=metric_label(op["metric"], tr),
                    n=op["at_least"], then=_lower_first(effect_text(op["then"], tr)))
        if op.get("else"):
            otherwise: dict[str, Any] = {"else": _lower_first(effect_text(op["else"], tr))}
            text += _fmt(tr, OTHERWISE, **otherwise)
    elif name == "may":
        text = _fmt(tr, OP_TEMPLATES["may"], then=_lower_first(effect_text(op["then"], tr)))
    elif name == "pay_for":
        text = _fmt(tr, OP_TEMPLATES["pay_for"], cost=goods_text(op["cost"], tr),
                    then=_lower_first(effect_text(op["then"], tr)))
    elif name == "draw_rescript":
        text = _fmt(tr, OP_TEMPLATES[name], level=ROMAN[op["level"]])
    elif name in ("trade", "lose_trade"):
        n, suffix = _amount(op["amount"], tr)
        republic = op.get("republic", "any")
        text = _fmt(tr, OP_TEMPLATES[name], n) if republic == "any" else _fmt(
            tr, OP_TEMPLATES[name + "_on"], n, republic=tr.gettext(REPUBLIC_NAMES[republic]))
    elif name == "break_oath":
        cost = op.get("cost")
        text = (_fmt(tr, OP_TEMPLATES["break_oath_price"]) if cost is None else
                _fmt(tr, OP_TEMPLATES["break_oath_free"]) if cost == 0 else
                _fmt(tr, OP_TEMPLATES["break_oath"], cost))
    elif name == "extra_order":
        text = _fmt(tr, OP_TEMPLATES[name], order=order_name(op["order"], tr))
    elif name == "warlord_move":
        text = _fmt(tr, OP_TEMPLATES[name], op["amount"],
                    city=tr.gettext(CITY_NAMES[op["towards"]]))
    elif name == "upgrade_city":
        text = _fmt(tr, OP_TEMPLATES["upgrade_capital" if op.get("capital") else "upgrade_city"])
    elif name == "bishop_actions":
        key = {"train": "bishop_train", "move": "bishop_move"}.get(op.get("only", ""), name)
        n, suffix = _amount(op["amount"], tr)
        text = _fmt(tr, OP_TEMPLATES[key], n)
    elif "amount" in op:
        n, suffix = _amount(op["amount"], tr)
        text = _fmt(tr, OP_TEMPLATES[name], n)
    else:
        text = _fmt(tr, OP_TEMPLATES[name])
    text += suffix
    if op.get("who") == "opponent":
        text = _fmt(tr, OPPONENT, effect=_lower_first(text))
    return text


def effect_text(effect, lang_or_translator: Any = None) -> str:
    """The text of an effect (a list of ops), e.g. 'Smash 1; +1 strength'."""
    tr = _tr(lang_or_translator)
    if not effect:
        return _upper_first(tr.gettext(NO_EFFECT))
    parts = [op_text(op, tr) for op in effect]
    return "; ".join([parts[0]] + [_lower_first(p) for p in parts[1:]])


# ----------------------------------------------------------------------------- cards
def _cost_line(cost, tr: Translator) -> str:
    return _fmt(tr, T["cost"], goods=goods_text(cost, tr)) if cost else tr.gettext(T["free"])


def _ability_text(ability, key: str, tr: Translator) -> str:
    text = effect_text(ability.effect, tr)
    if ability.end_of_battle:
        text = _upper_first(_fmt(tr, T["end_of_battle"], effect=_lower_first(text)))
    if ability.protection:
        text += ". " + tr.gettext(T["protection"])
    return _fmt(tr, T[key], effect=text)


def trigger_text(trigger: dict, tr: Translator, spy: bool = False) -> str:
    prefix = "spy_" if spy else ""
    on = trigger["on"]
    if on == "anytime":
        return tr.gettext(T["anytime"])
    if on == "after_battle":
        won = trigger.get("won")
        key = "after_battle" + ("" if won is None else "_won" if won else "_lost")
        return tr.gettext(T[prefix + key])
    enhanced = trigger.get("enhanced")
    key = "after_order" + ("" if enhanced is None else "_enhanced" if enhanced else "_basic")
    text = _fmt(tr, T[prefix + key], order=order_name(trigger["order"], tr))
    facts = [_fmt(tr, T["fact"], label=tr.gettext(FACT_LABELS[f]), n=n)
             for f, n in trigger.get("min", {}).items()]
    if facts:
        text += " (" + ", ".join(facts) + ")"
    return text


def scoring_text(scoring: dict, tr: Translator) -> str:
    label = metric_label(scoring["metric"], tr)
    if "tiers" in scoring:
        tiers = "; ".join(_fmt(tr, T["tier"], n, at=at) for at, n in scoring["tiers"])
        return f"{_upper_first(label)}: {tiers}"
    if scoring.get("leader"):
        return _fmt(tr, T["leader"], scoring["influence"], label=label)
    text = _fmt(tr, T["per"], scoring["influence"], per=scoring["per"], label=label)
    if "max" in scoring:
        text += " " + _fmt(tr, T["max"], max=scoring["max"])
    return text


def _range(row) -> str:
    if row.high is None:
        return f"{row.low}+"
    return str(row.low) if row.high == row.low else f"{row.low}–{row.high}"


def card_lines(card, lang_or_translator: Any = None) -> list[str]:
    """The rules text of a card as a list of lines (no name, no flavour)."""
    return _card_lines(card, _tr(lang_or_translator))


@singledispatch
def _card_lines(card, tr) -> list[str]:
    """The lines of one kind of card, registered per card class below."""
    raise TypeError(f"not a card: {card!r}")


@_card_lines.register
def _(card: Tactic, tr) -> list[str]:
    if card.starting:
        first = _fmt(tr, T["starting_tactic"], state=tr.gettext(STATE_NAMES[card.starting]))
    else:
        first = _cost_line(card.cost, tr)
    return [first, _ability_text(card.top, "top", tr), _ability_text(card.bottom, "bottom", tr)]


@_card_lines.register
def _(card: SaracenTactic, tr) -> list[str]:
    return [_ability_text(card.top, "top", tr), _ability_text(card.bottom, "bottom", tr)]


@_card_lines.register
def _(card: Building, tr) -> list[str]:
    return [_cost_line(card.cost, tr),
            _fmt(tr, T["trigger_effect"], trigger=trigger_text(card.trigger, tr),
                 effect=_lower_first(effect_text(card.effect, tr)))]


@_card_lines.register
def _(card: Spy, tr) -> list[str]:
    return [_fmt(tr, T["trigger_effect"], trigger=trigger_text(card.trigger, tr, spy=True),
                 effect=_lower_first(effect_text(card.effect, tr)))]


@_card_lines.register
def _(card: Governor, tr) -> list[str]:
    lines = []
    if card.starting:
        lines.append(_fmt(tr, T["starting_governor"], state=tr.gettext(STATE_NAMES[card.starting])))
    lines.append(_fmt(tr, T["income"], scoring=_lower_first(scoring_text(card.scoring, tr))))
    return lines


@_card_lines.register
def _(card: Bull, tr) -> list[str]:
    lines = []
    for i, goal in enumerate(card.goals, 1):
        tiers = "; ".join(_fmt(tr, T["tier"], n, at=at) for at, n in goal.tiers)
        lines.append(_fmt(tr, T["goal"], i=i, label=metric_label(goal.metric, tr), tiers=tiers))
    lines.append(tr.gettext(T["bull_rule"]))
    return lines


@_card_lines.register
def _(card: Rescript, tr) -> list[str]:
    return [_fmt(tr, T["timing_effect"], timing=tr.gettext(RESCRIPT_TIMINGS[card.timing]),
                 effect=_lower_first(effect_text(card.effect, tr))),
            _fmt(tr, T["rescript_goods"], goods=goods_text(card.goods, tr))]


@_card_lines.register
def _(card: Event, tr) -> list[str]:
    lines = [tr.gettext(EVENT_TIMINGS[card.timing])]
    if card.effect:
        lines.append(effect_text(card.effect, tr))
    for key, value in card.modifiers.items():
        lines.append(modifier_text(key, value, tr))
    lines.append(tr.gettext(T["raids"]))
    for row in card.raid_table:
        lines.append(_fmt(tr, T["raid_row"], range=_range(row),
                          effect=_lower_first(effect_text(row.effect, tr))))
    return lines


@_card_lines.register
def _(card: HomsCard, tr) -> list[str]:
    return [tr.gettext(T["homs"])]


@_card_lines.register
def _(card: Oath, tr) -> list[str]:
    lines = [_fmt(tr, T[key], effect=_lower_first(effect_text(effect, tr)))
             for key, effect in (("oath_lord", card.lord), ("oath_vassal", card.vassal))
             if effect]
    if card.tribute:
        lines.append(_fmt(tr, T["oath_tribute"], card.tribute))
    lines.append(_fmt(tr, T["oath_betrayal"], effect=_lower_first(effect_text(card.betrayal, tr))))
    return lines


@_card_lines.register
def _(card: WarlordCard, tr) -> list[str]:
    return [effect_text(card.effect, tr)]


def modifier_text(key: str, value, lang: Any = "en") -> str:
    """One round modifier of an event (``g.s["modifiers"]``), as a sentence."""
    tr = _tr(lang)
    template = ROUND_MODIFIER_TEMPLATES[key]
    n = None if isinstance(value, bool) else value
    return _fmt(tr, template, n) if n is not None else tr.gettext(template)


def card_text(card, lang: Any = "en") -> str:
    """The full rules text of ``card`` in ``lang`` ('en', 'ru' or a translator object)."""
    return "\n".join(card_lines(card, lang))


def card_name(card, lang: Any = "en") -> str:
    return _tr(lang).gettext(card.name)


def card_flavour(card, lang: Any = "en") -> str:
    return _tr(lang).gettext(card.flavour) if card.flavour else ""

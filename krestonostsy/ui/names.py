"""Display names of the ids the UI shows: states, cities, goods, orders, phases, cards.

Content names (cards, and the map if the content catalog has them) come from the content
catalog through :func:`krestonostsy.i18n._`; the few fixed words the UI needs everywhere
are marked here so they are in ``messages.po`` too. Unknown ids are shown readably.
"""
from __future__ import annotations

from ..content.models import Building
from ..content.text import CITY_NAMES, GOODS, ORDER_NAMES, STATE_NAMES, card_lines
from ..engine import PARAMS
from ..i18n import N_, _, current_language

# what a payment can be made with (the log's "pays with goods: …"): the goods, a coin, and
# a discount from a card or an event (engine/payment.py)
GOOD_NAMES = {**GOODS, "coin": N_("coin"), "discount": N_("discount")}

PHASE_NAMES = {
    "setup": N_("Setup"),
    "event": N_("Events"),
    "planning": N_("Planning"),
    "activation": N_("Activation"),
    "income": N_("Income"),
    "over": N_("Game over"),
}

SIDE_NAMES = {"saracen": N_("Saracens"), "automa": N_("Automa")}


def readable(ident) -> str:
    """An unknown id shown as words: ``tactics_12`` → ``Tactics 12``."""
    text = str(ident).replace("_", " ").replace(":", " ").strip()
    return text[:1].upper() + text[1:]


def state_name(state) -> str:
    if state in STATE_NAMES:
        return _(STATE_NAMES[state])
    if state in SIDE_NAMES:
        return _(SIDE_NAMES[state])
    return readable(state)


def city_name(city) -> str:
    if city in CITY_NAMES:
        return _(CITY_NAMES[city])
    return readable(city)


def good_name(colour) -> str:
    return _(GOOD_NAMES[colour]) if colour in GOOD_NAMES else readable(colour)


def order_name(order) -> str:
    return _(ORDER_NAMES[order]) if order in ORDER_NAMES else readable(order)


def phase_name(phase) -> str:
    return _(PHASE_NAMES[phase]) if phase in PHASE_NAMES else readable(phase)


_content = None


def show_content(content) -> None:
    """Name cards from ``content``: the controller passes the shown game's (``game.c``)."""
    global _content
    _content = content


def shown_content():
    """The shown game's content; before any game, the base scenario's ruleset's."""
    global _content
    if _content is None:
        try:
            from ..engine import load_ruleset
            _content = load_ruleset("base").content
        except Exception:
            _content = False
    return _content or None


def card_name(card_id, content=None) -> str:
    """The translated name of a card (any type), or the id made readable; from
    ``content`` (default: the shown game's)."""
    content = content if content is not None else shown_content()
    if content is not None:
        try:
            card = content.card(card_id)
            name = getattr(card, "name", None)
            if name:
                return _(name)
        except Exception:
            pass
    return readable(card_id)


def building_gives(card_id, content=None) -> str | None:
    """What a building card gives, as its card says, in the current language and starting
    in lower case ("after a Build order: gain 1 coin"); None for anything else."""
    content = content if content is not None else shown_content()
    try:
        card = content.card(card_id) if content is not None else None
    except KeyError:  # no such card
        return None
    if not isinstance(card, Building):
        return None
    line = card_lines(card, current_language())[-1]  # the cost line comes first
    return line[:1].lower() + line[1:]


def name_of(kind: str, ident) -> str:
    """Name of an element by the param that carries it: an action parameter's declared
    kind (``engine.actions.PARAMS``), a kind itself, or a key of a log or prompt."""
    declared = PARAMS.get(kind)
    if declared is not None:
        kind = declared.kind
    if kind in ("player", "state", "winner", "attacker", "defender", "owner", "by",
                "from_player", "to_player"):
        return state_name(ident)
    if kind in ("city", "source", "target", "to", "frm", "capital"):
        return city_name(ident)
    if kind in ("card", "other", "building", "tactic", "governor", "bull", "rescript",
                "spy", "event"):
        return card_name(ident)
    if kind in ("colour", "good", "color"):
        return good_name(ident)
    if kind == "order":
        return order_name(ident)
    if kind == "phase":
        return phase_name(ident)
    return str(ident)

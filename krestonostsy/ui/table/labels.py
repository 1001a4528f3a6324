"""Words the table shows: names of states, cities, orders, cards; prompts; action labels.

Every user-visible string goes through ``_()`` with an English msgid. Card names and card
text come from the content (``krestonostsy.content.text.card_text`` when it exists).
"""
from __future__ import annotations

from ...i18n import N_, _, current_language, ngettext

STATE_NAMES = {"jerusalem": N_("Jerusalem"), "tripoli": N_("Tripoli"),
               "edessa": N_("Edessa"), "antioch": N_("Antioch")}
CITY_NAMES = dict(STATE_NAMES, aleppo=N_("Aleppo"), apamea=N_("Apamea"),
                  baalbek=N_("Baalbek"), damascus=N_("Damascus"), homs=N_("Homs"),
                  turbessel=N_("Turbessel"), tortosa=N_("Tortosa"), acre=N_("Acre"),
                  tadmor=N_("Tadmor"))
ORDER_NAMES = {"build": N_("Build"), "prayer": N_("Prayer"), "muster": N_("Muster"),
               "march": N_("March"), "boost": N_("Boost")}
GOODS_NAMES = {"yellow": N_("wood"), "white": N_("candles"), "blue": N_("steel"),
               "red": N_("horses"), "green": N_("spices"), "any": N_("any good")}
PHASE_NAMES = {"setup": N_("Setup"), "event": N_("Event phase"),
               "planning": N_("Planning phase"), "activation": N_("Activation phase"),
               "income": N_("Income phase"), "over": N_("Game over")}
MARKET_NAMES = {"buildings_0": N_("Buildings 0"), "buildings_12": N_("Buildings I–II"),
                "buildings_34": N_("Buildings III–IV"), "tactics_12": N_("Tactics I–II"),
                "tactics_34": N_("Tactics III–IV"), "governors": N_("Governors")}
DECK_NAMES = {"events": N_("Events"), "saracens": N_("Saracen cards"),
              "buildings_0": N_("Buildings 0"), "buildings_12": N_("Buildings I–II"),
              "buildings_34": N_("Buildings III–IV"), "tactics_12": N_("Tactics I–II"),
              "tactics_34": N_("Tactics III–IV"), "governors": N_("Governors"),
              "spies": N_("Spies"), "rescripts_1": N_("Rescripts I"),
              "rescripts_2": N_("Rescripts II"), "bulls": N_("Bulls")}

# Prompts the engine may ask (decision["prompt"]); unknown keys are humanised.
PROMPTS = {
    "keep_bull": N_("Keep one of your two bulls"),
    "choose_start_governor": N_("Choose the governor of {city}"),
    "place_order": N_("Place an order token on the cross"),
    "planning": N_("Place an order token on the cross"),
    "activate": N_("Carry out your order"),
    "build": N_("Build: upgrade a city and/or build a building"),
    "prayer": N_("Prayer: gain sanctity"),
    "muster": N_("Muster: hire units and/or learn tactics"),
    "march": N_("March: choose a target and move units"),
    "battle": N_("Battle: play a tactic"),
    "raid_order": N_("Choose the order of your raids"),
    "retreat": N_("Choose where to retreat"),
    "bishop_action": N_("Bishop action: train or move a bishop"),
    "discard_tactic": N_("Discard a tactic"),
    "discard_rescript": N_("Discard a rescript"),
    "choose_governor": N_("Choose a governor"),
    "halt": N_("Halted"),
}
# Action kinds (Action.kind) for buttons and popup menus; unknown kinds are humanised.
ACTIONS = {
    "keep_bull": N_("Keep this bull"),
    "choose_governor": N_("Choose this governor"),
    "place_order": N_("Place {order} ({cell})"),
    "pass": N_("Pass"),
    "done": N_("Done"),
    "end_turn": N_("End turn"),
    "finish": N_("Finish"),
    "skip": N_("Skip"),
    "confirm": N_("Confirm"),
    "cancel": N_("Cancel"),
    "back": N_("Back"),
    "upgrade_city": N_("Upgrade {city}"),
    "build_building": N_("Build {card}"),
    "hire": N_("Hire units in {city}"),
    "learn_tactic": N_("Learn {card}"),
    "march_target": N_("March on {city}"),
    "move_units": N_("Move units from {frm} to {to}"),
    "play_tactic": N_("Play {card}"),
    "train_bishop": N_("Train a bishop in {city}"),
    "move_bishop": N_("Move a bishop to {to}"),
    "halt": N_("Halt"),
}
CANCEL_KINDS = ("cancel", "back", "undo")
CELL_NAMES = {"inner": N_("inner cell"), "outer": N_("outer cell, enhanced")}


def state_name(sid: str | None) -> str:
    if sid == "saracen":
        return _("Saracens")
    if sid == "automa":
        return _("Automa")
    return _(STATE_NAMES.get(sid, str(sid)))


def city_name(cid: str | None) -> str:
    return _(CITY_NAMES.get(cid, str(cid)))


def order_name(order: str | None) -> str:
    return _(ORDER_NAMES.get(order, str(order)))


def goods_name(colour: str) -> str:
    return _(GOODS_NAMES.get(colour, colour))


def humanise(key: str) -> str:
    return key.replace("_", " ").strip().capitalize()


# --- cards --------------------------------------------------------------------------------

def _content():
    try:
        from ...content.loader import shipped_content
        return shipped_content()
    except Exception:  # content still being written: draw ids
        return None


def card(card_id: str):
    c = _content()
    if c is None or card_id is None:
        return None
    try:
        return c.card(card_id)
    except KeyError:
        return None


def card_name(card_id: str | None) -> str:
    if card_id is None:
        return ""
    obj = card(card_id)
    if obj is not None and getattr(obj, "name", None):
        return _(obj.name)
    return humanise(str(card_id))


def card_text(card_id: str | None) -> str:
    """Full text of a card for tooltips (name + generated text + flavour)."""
    if card_id is None:
        return ""
    obj = card(card_id)
    name = card_name(card_id)
    if obj is None:
        return name
    body = ""
    try:
        from ...content.text import card_text as _card_text
        body = _card_text(obj, current_language())
    except Exception:
        body = ""
    parts = [f"<b>{name}</b>"]
    if body and body.strip() != name:
        parts.append(body.replace("\n", "<br>"))
    flavour = getattr(obj, "flavour", "")
    if flavour:
        parts.append(f"<i>{_(flavour)}</i>")
    return "<br>".join(parts)


def card_level(card_id: str | None) -> int | None:
    obj = card(card_id)
    try:
        return int(obj.level) if obj is not None else None
    except Exception:
        return None


def card_cost(card_id: str | None) -> tuple:
    obj = card(card_id)
    return tuple(getattr(obj, "cost", ()) or ()) if obj is not None else ()


def card_colours(card_id: str | None) -> tuple:
    obj = card(card_id)
    try:
        return tuple(obj.colours) if obj is not None else ()
    except Exception:
        return ()


# --- prompts and actions --------------------------------------------------------------------

def _fmt_value(key: str, value) -> str:
    if isinstance(value, str):
        if key in ("city", "source", "target", "to", "frm") and value in CITY_NAMES:
            return city_name(value)
        if key in ("player", "owner", "state") or value in STATE_NAMES:
            return state_name(value)
        if key == "order":
            return order_name(value)
        if key == "cell":
            return _(CELL_NAMES.get(value, value))
        if key in ("card",):
            return card_name(value)
        if key in ("colour", "good"):
            return goods_name(value)
        if key == "market":
            return _(MARKET_NAMES.get(value, value))
        return _(humanise(value)) if "_" in value else value
    if isinstance(value, (list, tuple)):
        return ", ".join(_fmt_value(key, v) for v in value)
    return str(value)


class _Params(dict):
    def __missing__(self, key):
        return "…"


def prompt_text(decision: dict | None) -> str:
    if not decision:
        return ""
    key = decision.get("prompt") or ""
    params = decision.get("params") or {}
    template = _(PROMPTS[key]) if key in PROMPTS else _(humanise(key))
    values = _Params({k: _fmt_value(k, v) for k, v in params.items()})
    try:
        return template.format_map(values)
    except (ValueError, IndexError):
        return template


def action_label(action) -> str:
    """A short readable label for an engine Action."""
    kind = action.kind
    params = dict(action.params)
    values = _Params({k: _fmt_value(k, v) for k, v in params.items()})
    if kind in ACTIONS:
        try:
            label = _(ACTIONS[kind]).format_map(values)
        except (ValueError, IndexError):
            label = _(ACTIONS[kind])
        used = {k for k in params if "{" + k + "}" in ACTIONS[kind]}
    else:
        label = _(humanise(kind))
        used = set()
    rest = [values[k] for k in sorted(params) if k not in used]
    if rest:
        label += " — " + ", ".join(rest)
    return label


def coins_text(n: int) -> str:
    return ngettext("{n} coin", "{n} coins", n).format(n=n)

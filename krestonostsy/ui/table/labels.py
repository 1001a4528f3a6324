"""Words the table shows: names of states, cities, orders, cards; prompts; action labels.

Every user-visible string goes through ``_()`` with an English msgid. Card names and card
text come from the content (``krestonostsy.content.text.card_text`` when it exists).
"""
from __future__ import annotations

from ...engine import ANSWERS, DECISIONS, PARAMS
from ...i18n import N_, _, current_language, ngettext
from ..names import CITY_NAMES, GOOD_NAMES, STATE_NAMES
from ..names import ORDER_NAMES as _ORDERS

ORDER_NAMES = {**_ORDERS, "boost": N_("Boost")}  # the automa's boost token too
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

# The prompt bar's words: each kind of decision's own (engine/decisions.py, the one place a
# kind is declared) and the window's own questions (ui/controller.py: safe turns); a key
# that is neither is humanised.
PROMPTS = {
    **{kind.prompt: kind.text for kind in DECISIONS.values()},
    # ``battle_play`` when the player is asked for the Saracens (BATTLE-02: the closest
    # opponent plays their cards): their cards, not the player's own hand
    "battle_play_saracen": N_("Battle for {city}: as the Saracens, play one of "
                              "their cards"),
    # {cost}: what it pays and to whom ("" when nothing); {reveal}: what it draws
    "confirm_end_turn": N_("{action}{cost}: this ends your turn. End the turn, or take it "
                           "back?"),
    "confirm_end_turn_hidden": N_("{action}{cost}: this ends your turn. {reveal} End the "
                                  "turn, or take it back?"),
    "confirm_reveal": N_("{action}{cost}. {reveal} Go on, or take it back?"),
}
# What is being paid for (the ``reason`` of the ``pay`` prompt).
PAY_REASONS = {"upgrade": N_("the upgrade"), "build": N_("the building"),
               "learn": N_("the tactic"), "prayer": N_("the prayer"),
               "hire": N_("the units"), "march_moves": N_("the moves"),
               "card": N_("the card"), "effect": N_("the effect")}
TAKE_REASONS = {"build": N_("build"), "learn": N_("learn"), "effect": N_("card effect")}
# Action kinds' labels for buttons and popup menus: the engine's answers (ANSWERS in
# engine/decisions.py) and the window's own; unknown kinds are humanised.
ACTIONS = {
    **ANSWERS,
    "end_turn": N_("End turn"),
    "cancel": N_("Cancel"),
    "back": N_("Back"),
    "take_back": N_("Take back"),
    # ``move_bishop`` that names where the bishop comes from
    "move_bishop_from": N_("Move the bishop from {frm} to {city}"),
}
HALVES = {"top": N_("top"), "bottom": N_("bottom")}
# Prompts whose answers are buttons even when they name something on the table (a drawn
# spy: "play it now" / "keep it"; a yes/no question; the end of a turn).
BUTTON_PROMPTS = frozenset({"play_drawn_spy", "may", "battle_end_effect", "confirm_end_turn",
                            "confirm_end_turn_hidden", "confirm_reveal"})
CONFIRM_PROMPTS = ("confirm_end_turn", "confirm_end_turn_hidden", "confirm_reveal")
CANCEL_KINDS = ("cancel", "back", "undo", "take_back")
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
    return _(GOOD_NAMES.get(colour, colour))


def humanise(key: str) -> str:
    return key.replace("_", " ").strip().capitalize()


# --- cards --------------------------------------------------------------------------------

def _content():
    """The shown game's content (``names.show_content``)."""
    from ..names import shown_content
    return shown_content()


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


def card_text_lines(card_id: str | None) -> list[str]:
    """A card's rules text without its name, line by line (plain text, the card's
    language): what a card laid large on the table shows beside or under its name."""
    obj = card(card_id) if card_id else None
    if obj is None:
        return []
    try:
        from ...content.text import card_lines
        return list(card_lines(obj, current_language()))
    except Exception:  # a card the text generator does not know: its name only
        return []


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

# how a value of each declared kind of action parameter (engine.actions.PARAMS) reads
_NAMERS = {"city": city_name, "card": card_name, "player": state_name, "order": order_name,
           "colour": goods_name}


def _fmt_value(key: str, value) -> str:
    if isinstance(value, bool) or value is None:
        return ""
    declared = PARAMS.get(key)  # an action parameter: its declared kind decides
    if declared is not None and isinstance(value, str) and declared.kind in _NAMERS:
        return _NAMERS[declared.kind](value)
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
        if key in ("colour", "good", "need"):
            return goods_name(value)
        if key == "market":
            return _(MARKET_NAMES.get(value, value))
        if key == "half":
            return _(HALVES.get(value, value))
        return _(humanise(value)) if "_" in value else value
    if isinstance(value, (list, tuple)):
        return ", ".join(x for x in (_fmt_value(key, v) for v in value) if x)
    if key == "level" and isinstance(value, int):
        from .art import roman
        return roman(value)
    if key == "option" and isinstance(value, int):
        return str(value + 1)
    return str(value)


class _Params(dict):
    def __missing__(self, key):
        return "…"


def _prompt_values(key: str, params: dict) -> _Params:
    values = _Params({k: _fmt_value(k, v) for k, v in params.items()})
    if key == "pay":
        reason = params.get("reason")
        values["reason"] = _(PAY_REASONS[reason]) if reason in PAY_REASONS else (
            _(humanise(reason)) if reason else _("the cost"))
        left = params.get("left")
        if isinstance(left, (list, tuple)):
            counts: dict = {}
            for c in left:
                counts[c] = counts.get(c, 0) + 1
            values["left"] = ", ".join(
                (f"{n}× " if n > 1 else "") + goods_name(c) for c, n in counts.items())
    elif key in CONFIRM_PROMPTS:
        from ...engine import Action
        asked = params.get("asked") if isinstance(params.get("asked"), dict) else {}
        try:
            values["action"] = action_label(Action.from_json(params.get("action") or {}),
                                            effects=asked.get("effects"))
        except (TypeError, ValueError, KeyError):
            values["action"] = _("Your choice")
        outcome = params.get("outcome") if isinstance(params.get("outcome"), dict) else {}
        kind = (params.get("action") or {}).get("kind") if isinstance(params.get("action"),
                                                                        dict) else None
        cost = "" if _pays_itself(kind) else cost_text(outcome)
        values["cost"] = f" — {cost}" if cost else ""
        values["reveal"] = reveal_text(outcome)
    elif key == "take_card":
        reason = params.get("reason")
        values["reason"] = _(TAKE_REASONS[reason]) if reason in TAKE_REASONS else (
            _(humanise(reason)) if reason else "")
    return values


# What the table shows now, for labels that need it (where a bishop stands).
_CONTEXT: dict = {"bishops": {}, "levels": {}, "effects": [], "prompt": "",
                  "saracen_turn": False, "outcomes": {}}


def set_view(view: dict | None) -> None:
    """Remember what labels may need from the view being drawn (called by the scene)."""
    bishops, levels = {}, {}
    for cid, cv in ((view or {}).get("cities") or {}).items():
        for b in (cv or {}).get("bishops") or ():
            if isinstance(b, dict) and b.get("no") is not None:
                bishops[b["no"]] = cid
                if isinstance(b.get("level"), int):  # known only to its owner
                    levels[b["no"]] = b["level"]
    _CONTEXT["bishops"], _CONTEXT["levels"] = bishops, levels
    decision = (view or {}).get("decision") or {}
    params = decision.get("params") or {}
    _CONTEXT["prompt"] = decision.get("prompt") or ""
    battle = (view or {}).get("battle") or {}
    _CONTEXT["saracen_turn"] = isinstance(battle, dict) and \
        battle.get(battle.get("active") or "") == "saracen"
    _CONTEXT["effects"] = list(params.get("effects") or []) \
        if decision.get("prompt") == "choose_effect" else []
    # what each choice costs or draws, as the engine said (safe_turns.outcomes_of)
    _CONTEXT["outcomes"] = {_action_key(a): o for a, o in decision.get("outcomes") or ()
                            if isinstance(a, dict) and isinstance(o, dict)}


def _action_key(action_json: dict) -> str:
    import json
    return json.dumps(action_json, sort_keys=True)


def outcome_of(action) -> dict | None:
    """The engine's outcome of ``action`` in the view being drawn (its cost, its draws),
    or None when it costs nothing and can be taken back."""
    return _CONTEXT["outcomes"].get(_action_key(action.to_json())) if _CONTEXT["outcomes"] \
        else None


def cost_text(outcome: dict) -> str:
    """What an action pays and to whom, e.g. "pay 2 coins: 1 to Tripoli, 1 to the automa";
    "" when it pays nothing. ``outcome`` is ``engine.preview.Outcome.to_json()``."""
    parts = []
    shares = [p for p in outcome.get("payments") or () if p.get("to") and p.get("coins")]
    if len(shares) == 1:
        parts.append(_("pay {coins} to {whom}").format(coins=coins_text(shares[0]["coins"]),
                                                       whom=_recipient(shares[0]["to"])))
    elif shares:
        each = ", ".join(_("{n} to {whom}").format(n=p["coins"], whom=_recipient(p["to"]))
                         for p in shares)
        parts.append(_("pay {coins}: {shares}").format(
            coins=coins_text(sum(p["coins"] for p in shares)), shares=each))
    for p in outcome.get("payments") or ():
        if p.get("to"):
            continue
        what = ([coins_text(p["coins"])] if p.get("coins") else []) + \
            [goods_name(c) for c in p.get("goods") or ()]
        if what:
            parts.append(_("pay {what}").format(what=", ".join(what)))
    due = list(outcome.get("due") or ())
    if due:
        counts: dict = {}
        for c in due:
            counts[c] = counts.get(c, 0) + 1
        parts.append(_("then pay {what}").format(what=", ".join(
            (f"{n}× " if n > 1 else "") + goods_name(c) for c, n in counts.items())))
    return "; ".join(parts)


def _pays_itself(kind) -> bool:
    """An answer to the ``pay`` step ("Pay: red", "Pay a coin"): its label is its cost."""
    return isinstance(kind, str) and kind.startswith("pay_")


def _recipient(to: str) -> str:
    return _("the automa") if to == "automa" else state_name(to)


def reveal_text(outcome: dict) -> str:
    """The sentence that says what an action draws and that it cannot be taken back."""
    draws = [d for d in outcome.get("draws") or () if isinstance(d, str)]
    if draws == ["spies"]:
        return _("This draws a spy card and cannot be taken back.")
    if draws:
        return ngettext("This draws from the deck {decks} and cannot be taken back.",
                        "This draws from the decks {decks} and cannot be taken back.",
                        len(draws)).format(decks=_deck_names(draws))
    return _("A random draw follows, and it cannot be taken back.")


def _deck_names(decks) -> str:
    """Deck names in quotes (the language's own: “…” or «…»)."""
    return ", ".join(_("“{deck}”").format(deck=_(DECK_NAMES[d]) if d in DECK_NAMES else d)
                     for d in decks)


def outcome_note(outcome: dict, cost: bool = True) -> str:
    """The short note a choice's label and its place's hover carry: what it costs (unless
    ``cost`` is off: a way to pay says it itself), what it draws ("pay 1 coin to Tripoli",
    "draws a spy card, cannot be taken back")."""
    parts = [cost_text(outcome)] if cost and cost_text(outcome) else []
    if outcome.get("reveals"):
        draws = [d for d in outcome.get("draws") or () if isinstance(d, str)]
        if draws == ["spies"]:
            drawn = _("draws a spy card")
        elif draws:
            drawn = _("draws from {decks}").format(decks=_deck_names(draws))
        else:
            drawn = _("a random draw follows")
        parts.append(_("{what}, cannot be taken back").format(what=drawn))
    return "; ".join(parts)


def prompt_text(decision: dict | None) -> str:
    if not decision:
        return ""
    key = decision.get("prompt") or ""
    params = decision.get("params") or {}
    if key == "retreat_to" and isinstance(params.get("n"), int):
        return ngettext("{n} unit leaves {frm}: choose where it goes",
                        "{n} units leave {frm}: choose where they go",
                        params["n"]).format_map(_prompt_values(key, params))
    if key == "battle_play" and _CONTEXT.get("saracen_turn"):
        key = "battle_play_saracen"
    template = _(PROMPTS[key]) if key in PROMPTS else _(humanise(key))
    values = _prompt_values(key, params)
    try:
        text = template.format_map(values)
    except (ValueError, IndexError):
        text = template
    text = text.replace(" ()", "")
    lead = lead_text(decision.get("lead"))
    # a prompt that already names it ("Battle for Acre: play a tactic…") says it once
    return f"{lead}. {text}" if lead and not text.startswith(lead) else text


# Why the prompt changed: what ended or began since the player's previous decision
# (``decision["lead"]`` = a log entry ``{"key", "params"}`` chosen by the controller).
LEADS = {
    "order_started": N_("Your order “{order}” is next"),
    "round_started": N_("Round {round} begins"),
    "battle_started": N_("Battle for {city}"),
    "event_revealed": N_("Event “{card}”"),
}


def lead_text(lead: dict | None) -> str:
    if not isinstance(lead, dict) or lead.get("key") not in LEADS:
        return ""
    params = lead.get("params") or {}
    values = _Params({k: _fmt_value(k, v) for k, v in params.items()})
    return _(LEADS[lead["key"]]).format_map(values)


def onlooker_text(decision: dict | None) -> str:
    """What the prompt bar says of another player's decision: why it is asked now (a
    battle, an event, a new round), never the question itself — that speaks to the one
    who decides («Вы взяли шпиона…» read as if the bot's question were the viewer's)."""
    lead = (decision or {}).get("lead")
    if isinstance(lead, dict) and lead.get("key") == "order_started":
        return ""  # "your order is next": the viewer's own, not the decider's
    return lead_text(lead)


def _counted(kind: str, n: int, values: dict) -> str | None:
    """Labels of actions that carry a number (Russian has three plural forms)."""
    if kind == "march_move":
        return ngettext("Move {n} unit from {city}", "Move {n} units from {city}", n).format_map(values)
    if kind == "move_units":
        return ngettext("Move {n} unit from {source} to {to}", "Move {n} units from {source} to {to}",
                        n).format_map(values)
    if kind == "extra_goods":
        if n == 0:
            return _("No extra goods")
        return ngettext("+{n} good", "+{n} goods", n).format(n=n)
    if kind == "buy_moves":
        if n == 0:
            return _("No extra moves")
        return ngettext("+{n} move", "+{n} moves", n).format(n=n)
    return None


def action_label(action, effects: list | None = None) -> str:
    """A short readable label for an engine Action. ``effects``: the options of the
    "choose one" decision it answers, when that is not the decision shown (a
    confirmation names the option chosen by what it does, never "Option 1")."""
    effects = list(effects) if effects else _CONTEXT["effects"]
    kind = action.kind
    params = dict(action.params)
    values = _Params({k: _fmt_value(k, v) for k, v in params.items()})
    n = params.get("n")
    counted = _counted(kind, n, values) if isinstance(n, int) else None
    if counted is not None:
        label = counted
        used = set(params)
    elif kind == "choose" and isinstance(params.get("option"), int) \
            and params["option"] < len(effects):
        label = _effect_label(effects[params["option"]])
        used = set(params)
    elif kind == "decline" and _CONTEXT["prompt"] == "may":
        label = _("No, skip it")
        used = set(params)
    elif kind == "end_turn" and _CONTEXT["prompt"] == "confirm_reveal":
        label = _("Go on")  # the held step is played and the turn goes on
        used = set(params)
    elif kind == "decline" and _CONTEXT["prompt"] == "offer_oath":
        label = _("Offer no oath")
        used = set(params)
    elif kind == "move_bishop" and params.get("bishop") in _CONTEXT["bishops"]:
        values["frm"] = city_name(_CONTEXT["bishops"][params["bishop"]])
        label = _(ACTIONS["move_bishop_from"]).format_map(values)
        used = set(params)
    elif kind in ACTIONS:
        try:
            label = _(ACTIONS[kind]).format_map(values)
        except (ValueError, IndexError):
            label = _(ACTIONS[kind])
        used = {k for k in params if "{" + k + "}" in ACTIONS[kind]}
    else:
        label = _(humanise(kind))
        used = set()
    if kind == "move_bishop" and params.get("bishop") in _CONTEXT["levels"]:
        label += " — " + _("level {n}").format(n=_fmt_value("level", _CONTEXT["levels"][params["bishop"]]))
    if kind == "train_bishop" and "level" in params:
        label += " — " + _("level {n}").format(n=values["level"])
        used.add("level")
    if kind == "block_good" and params.get("spent"):
        label += " (" + _("spent") + ")"
    used |= {"slot", "spent"}  # a market slot is the card itself; spent is told above
    rest = [values[k] for k in sorted(params) if k not in used and values[k]]
    if rest:
        label += " — " + ", ".join(rest)
    outcome = outcome_of(action)
    note = outcome_note(outcome, cost=not _pays_itself(kind)) if outcome else ""
    if note:
        label += " — " + note
    return label


def _effect_label(effect) -> str:
    """What one option of a "choose one" card does, in the current language."""
    from ...content.text import effect_text
    from ...i18n import current_language
    ops = [effect] if isinstance(effect, dict) else list(effect or [])
    try:
        return effect_text(ops, current_language())
    except (KeyError, TypeError, ValueError):
        return _("Option {option}").format(option="?")


CARD_KINDS = {"tactic": N_("Tactic"), "bull": N_("Bull"), "rescript": N_("Rescript"),
              "spy": N_("Spy"), "building": N_("Building"), "governor": N_("Governor")}


def card_kind_name(kind: str) -> str:
    return _(CARD_KINDS[kind]) if kind in CARD_KINDS else _(humanise(kind))


def units_text(n: int) -> str:
    return ngettext("{n} unit", "{n} units", n).format(n=n)


def coins_text(n: int) -> str:
    return ngettext("{n} coin", "{n} coins", n).format(n=n)


def supply_token_hint(key: str, viewer: str | None, legal) -> str:
    """What a click on one of the viewer's own order tokens in the supply tells them
    (item key ``piece:order:<state>:<order>:supply``); "" for any other item."""
    parts = key.split(":")
    if len(parts) != 5 or parts[:2] != ["piece", "order"] or parts[4] != "supply" \
            or parts[2] != viewer:
        return ""
    order = parts[3]
    if any(a.kind == "place_order" and a.get("order") == order for a in legal or ()):
        return _("Click a highlighted cell of the cross to place your “{order}” order "
                 "there").format(order=order_name(order))
    return _("Your “{order}” order token: in the planning phase you place it on the cross; "
             "it is carried out in the activation phase").format(order=order_name(order))

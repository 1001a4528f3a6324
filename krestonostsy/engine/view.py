"""What one player may see: ``game.view(player)`` (determinization is in determinize.py).

The view is built from a **whitelist** of the state (DESIGN: hidden information lives only
here). Hidden from others (TURN-09): influence, bull, bishop levels, rescripts, tactic
hands, spies in hand; deck orders are hidden from everyone (only counts are shown).
The face-up level-0 building deck shows its top card (SETUP-06).

Layout of a view (all plain data)::

    viewer, round, last_round (the round after which the era ends: 6, or the scenario's),
    phase, states, turn_order, automa_pieces, event, modifiers,
    decision: {player, prompt, params, rules} (params: the deciding player sees all of
              them, everyone else only the public ones its kind declares; the actions
              only for the deciding player; rules: the rule IDs behind the prompt,
              public; both from :mod:`.decisions`),
    cities:  {id: {level, units: {owner: n}, bishops: [{owner, level|None, no}],
                   goods (on the map), governor, removed, controller}}
    players: {id: {coins, units (supply), bishops_supply (own only: {"1","2"}; others: total),
                   orders, tactics (own: ids; others: count), personal_discard (count),
                   rescripts (own: ids; others: count), spies_hand (own: ids; others: count),
                   spies, buildings, goods, cities, eliminated, influence (own only),
                   bull (own only), bull_choices/governor_choices (own only)}}
    sanctity, saracen_track {revealed: [colours removed], current, hidden: n, strength, units},
    cross, markets, market_open, decks: {name: count}, discards: {name: [ids] face up},
    buildings_0_top, homs_card, battle (see battle.py; hands filtered), result (at the end),
    components: {kind: ...} (only in a scenario with components of its own, e.g. the
              trade board; each kind shown by its module's ``view`` hook,
              ``engine/components/``)
    hooks:    [names] the rule changes of this game (the scenario's hooks and those
              switched on beyond them, e.g. ``terrain``); absent when there are none
    nicknames: {state: nickname id} the nicknames a campaign's states carry (CAMP-05);
              absent when none
"""
from __future__ import annotations

from .board import controller
from .components import COMPONENTS
from .decisions import public_params, rules_of
from .state import State, saracen_hand_open
from .table import Table

HIDDEN = None  # a level/card the viewer may not see
HIDDEN_CARD = "?"  # a face-down card whose identity the viewer does not know


def decision_view(d, viewer: str | None) -> dict:
    """The decision as ``viewer`` sees it: whitelisted params for everyone, all params and
    the legal actions for the deciding player only; the rule IDs behind the prompt for
    everyone (they follow from the prompt, which is public)."""
    rules = list(rules_of(d.prompt))
    if viewer is not None and d.player == viewer:
        return {"player": d.player, "prompt": d.prompt, "params": dict(d.params),
                "rules": rules, "actions": [a.to_json() for a in d.actions]}
    public = public_params(d.prompt)
    return {"player": d.player, "prompt": d.prompt,
            "params": {k: v for k, v in d.params.items() if k in public}, "rules": rules}


def _player_view(s: State, pid: str, viewer: str | None) -> dict:
    p = s["players"][pid]
    own = viewer == pid
    out = {
        "coins": p["coins"], "units": p["units"], "orders": list(p["orders"]),
        "spies": [dict(x) for x in p["spies"]],
        "buildings": [dict(x) for x in p["buildings"]],
        "goods": {k: list(v) for k, v in p["goods"].items()},
        "cities": list(p["cities"]), "eliminated": p["eliminated"],
        "outer_used": p["outer_used"], "homs_used": p["homs_used"],
        "personal_discard": len(p["personal_discard"]),
    }
    if own:
        out.update(tactics=list(p["tactics"]), rescripts=list(p["rescripts"]),
                   spies_hand=list(p["spies_hand"]), influence=p["influence"], bull=p["bull"],
                   bull_choices=list(p["bull_choices"]),
                   governor_choices=list(p["governor_choices"]),
                   bishops_supply=dict(p["bishops"]),
                   personal_discard_cards=list(p["personal_discard"]))
    else:
        out.update(tactics=len(p["tactics"]), rescripts=len(p["rescripts"]),
                   spies_hand=len(p["spies_hand"]), influence=HIDDEN, bull=HIDDEN,
                   bishops_supply=sum(p["bishops"].values()))
    return out


def _battle_view(battle: dict | None, viewer: str | None,
                 open_hand: bool = False) -> dict | None:
    """The battle as ``viewer`` sees it: the Saracen hand only for the Saracen player
    (for everyone when it lies face up: a battle against the warlord, SYM-92), and a
    face-down cover card only for the player it was taken from (BATTLE-08)."""
    if not battle:
        return None
    saracen_player = battle.get("saracen_player")

    def knows(owner):
        return owner == viewer or (owner == "saracen" and saracen_player == viewer
                                   and viewer is not None)

    out = {k: v for k, v in battle.items() if k not in ("saracen_hand", "slots", "returned")}
    for key in ("slots", "returned"):
        if key in battle:
            out[key] = [{**slot, "cover": slot.get("cover") if knows(slot.get("cover_owner"))
                         else (HIDDEN_CARD if slot.get("cover") else None)}
                        for slot in battle[key]]
    if "saracen_hand" in battle:
        sh = battle["saracen_hand"]
        out["saracen_hand"] = list(sh) if open_hand or knows("saracen") else len(sh)
    return out


def make_view(g: Table, viewer: str | None) -> dict:
    s = g.s
    d = g.decision
    cities = {}
    for cid, c in s["cities"].items():
        cities[cid] = {
            "level": c["level"], "units": dict(c["units"]), "goods": c["goods"],
            "governor": c["governor"], "removed": c.get("removed", False),
            "controller": controller(g, cid),
            "bishops": [{"owner": o, "level": lvl if o == viewer else HIDDEN,
                         "no": no} for o, lvl, no in c["bishops"]],
        }
    track = s["saracen_track"]
    nxt = track["next"]
    view = {
        "viewer": viewer, "round": s["round"], "last_round": g.rules.last_round,
        "phase": s["phase"],
        "states": list(s["states"]),
        "turn_order": sorted(s["states"], key=lambda p: -s["sanctity"][p]),
        "automa_pieces": list(s["automa"]["pieces"]),
        "automa": {"supply": len(s["automa"]["supply"]), "aside": list(s["automa"]["aside"])},
        "event": s["event"], "modifiers": dict(s["modifiers"]),
        "decision": None,
        "cities": cities,
        "players": {pid: _player_view(s, pid, viewer) for pid in s["states"]},
        "sanctity": dict(s["sanctity"]),
        "saracen_track": {"current": track["tokens"][nxt] if nxt is not None and
                          nxt < len(track["tokens"]) else None,
                          "position": nxt, "cells": len(track["tokens"]),
                          "strength": track["strength"], "units": track["units"]},
        "cross": {o: {"inner": [list(t) for t in cell["inner"]],
                      "outer": list(cell["outer"]) if cell["outer"] else None}
                  for o, cell in s["cross"].items()},
        "markets": {k: list(v) for k, v in s["markets"].items()},
        "market_open": dict(s["market_open"]),
        "decks": {k: len(v) for k, v in s["decks"].items()},
        "discards": {k: list(v) for k, v in s["discards"].items()},
        "buildings_0_top": s["decks"]["buildings_0"][-1] if s["decks"]["buildings_0"] else None,
        "homs_card": s["homs_card"],
        "battle": _battle_view(s.get("battle"), viewer, saracen_hand_open(s)),
        "result": s.get("result"),
    }
    if s.get("components"):  # absent in the base game: its views stay as they were
        view["components"] = {kind: COMPONENTS[kind].view(part, viewer)
                              for kind, part in s["components"].items()}
    hooks = (*g.rules.scenario.hooks, *g.rules.extra_hooks)
    if hooks:  # absent in the base game, like the components
        view["hooks"] = list(hooks)
    if g.rules.nicknames:
        view["nicknames"] = dict(g.rules.nicknames)
    if d is not None:
        view["decision"] = decision_view(d, viewer)
    return view

"""Card conservation: where every card of a game lies, and whether each lies in one place.

A card is a physical thing: at any moment it lies in exactly one **place** — a deck, a
discard pile, a market slot, the current event, a hand (tactics, rescripts, spies, set-up
choices, the set-aside starting tactics), a player's bull, building or spy cell, a city's
governor, the battle (the Saracen hand, a slot's card or its face-down cover) or a
scenario component's hands, deck and piles. Cards that left the game (events left in the
box, Saracen cards lost in battle) lie nowhere.

Some parts of the state only *name* a card that lies elsewhere; they are **records**, not
places, and are never counted:

* the flow's frames (``stack``) and the game's result;
* the battle's ``returned``, ``lost`` and ``protected`` lists;
* the battle board once everyone took their cards back (BATTLE-22, the battle step past its
  ``cards`` stage): its cards and covers then lie in hands and discard piles, the board is
  what the players saw played — and a player's lost tactics, already discarded, stay named
  there until the starting tactics replacing them are back in hand (``recover_starting``).

:func:`faults` says what is wrong with a game (a card in two places) and with a
determinization of it (that, or another multiset of cards than the true game's: each
hidden card may only be swapped with another of the same back, the events of the deck
excepted, which may come out of the box).
"""
from __future__ import annotations

from collections import Counter

from krestonostsy.engine import Game

#: Stages of a battle step after BATTLE-22 (the cards went back): its board is a record.
CARDS_RETURNED = frozenset(("destroy", "trophies", "after", "done"))
BATTLE_STEPS = frozenset(("battle", "warlord_battle"))

_HAND_LISTS = ("tactics", "personal_discard", "rescripts", "spies_hand", "bull_choices",
               "governor_choices")


def _oath_places(part: dict) -> list[tuple[str, str]]:
    out = [(f"oaths.hands.{q}", c) for q, hand in part["hands"].items() for c in hand]
    out += [("oaths.deck", c) for c in part["deck"]]
    out += [("oaths.discard", c) for c in part["discard"]]
    for pile in ("sworn", "broken"):
        out += [(f"oaths.{pile}", o["card"]) for o in part[pile]]
    return out


def _warlord_places(part: dict) -> list[tuple[str, str]]:
    out = [("warlord.card", part["card"])] if part.get("card") else []
    out += [("warlord.deck", c) for c in part["deck"]]
    return out + [("warlord.discard", c) for c in part["discard"]]


#: The places of each kind of scenario component (a kind not named here holds no card).
COMPONENT_PLACES = {"oaths": _oath_places, "warlord": _warlord_places}


def cards_returned(g: Game) -> bool:
    """Is a battle on whose cards already went back to their owners (BATTLE-22)?"""
    return any(f["s"] in BATTLE_STEPS and f.get("at") in CARDS_RETURNED
               for f in g.s["stack"])


def places(g: Game) -> list[tuple[str, str]]:
    """Every card lying in a place of ``g``: ``[(place, card)]``, records left out."""
    s = g.s
    out: list[tuple[str, str]] = []
    for kind in ("decks", "discards", "markets"):
        for name, cards in s[kind].items():
            out += [(f"{kind}.{name}", c) for c in cards if c is not None]
    if s.get("event"):
        out.append(("event", s["event"]))
    for q, p in s["players"].items():
        for field in _HAND_LISTS:
            out += [(f"{q}.{field}", c) for c in p.get(field) or ()]
        if p.get("bull"):
            out.append((f"{q}.bull", p["bull"]))
        for field in ("spies", "buildings"):
            out += [(f"{q}.{field}", x["card"]) for x in p[field]]
    for cid, c in s["cities"].items():
        if c.get("governor"):
            out.append((f"{cid}.governor", c["governor"]))
    b = s.get("battle")
    if b:
        out += [("battle.saracen_hand", c) for c in b["saracen_hand"]]
        if not cards_returned(g):
            for i, slot in enumerate(b["slots"]):
                out.append((f"battle.slots[{i}].card", slot["card"]))
                if slot.get("cover"):
                    out.append((f"battle.slots[{i}].cover", slot["cover"]))
    for kind, part in (s.get("components") or {}).items():
        reader = COMPONENT_PLACES.get(kind)
        if reader is not None:
            out += reader(part)
    return out


def census(g: Game) -> Counter:
    """How many places each card lies in."""
    return Counter(c for _where, c in places(g))


def doubled(g: Game) -> list[str]:
    """The cards lying in more than one place, each with its places."""
    where: dict[str, list[str]] = {}
    for place, card in places(g):
        where.setdefault(card, []).append(place)
    return [f"{card} lies in {' and '.join(at)}" for card, at in where.items() if len(at) > 1]


def faults(true: Game, sample: Game | None = None) -> list[str]:
    """What breaks conservation: in ``true`` (a card in two places) or, given a
    ``sample`` determinized from it, in the sample (a card in two places, a card gained or
    lost). Empty when all is well."""
    if sample is None:
        return doubled(true)
    out = doubled(sample)
    events = set(true.c.events)
    have, had = census(sample), census(true)
    for c in (have - had) + (had - have):
        if c in events:
            continue  # the deck's events may come out of the box
        out.append(f"{c}: {had[c]} in the true game, {have[c]} in the sample")
    n_have = sum(n for c, n in have.items() if c in events)
    n_had = sum(n for c, n in had.items() if c in events)
    if n_have != n_had:
        out.append(f"{n_had} events in the true game, {n_have} in the sample")
    return out

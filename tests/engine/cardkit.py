"""Test content: the shipped board plus a few cards defined here, so rules tests do not
depend on the card decks (their definitions mirror data/cards/*.yaml where named)."""
from __future__ import annotations

from dataclasses import replace

import krestonostsy.engine.modules  # noqa: F401  (registers the steps)
from krestonostsy.content.board import load_board
from krestonostsy.content.loader import Content
from krestonostsy.content.models import (
    Ability,
    Building,
    Bull,
    BullGoal,
    Governor,
    Rescript,
    Spy,
    Tactic,
)
from krestonostsy.engine import Game

ALL4 = ("jerusalem", "tripoli", "edessa", "antioch")

def building(cid, cost=(), trigger=None, effect=()):
    return Building(cid, cid, tuple(cost), trigger or {"on": "after_order", "order": "march"},
                    tuple(effect))


def tactic(cid, cost=(), starting=None):
    nothing = Ability(effect=())
    return Tactic(cid, cid, tuple(cost), nothing, nothing, starting=starting)


def rescript(cid, level=1, goods=("yellow",), timing="turn"):
    return Rescript(cid, cid, level, tuple(goods), timing, ())


def spy(cid):
    return Spy(cid, cid, {"on": "after_order", "order": "build"}, ())


def governor(cid, scoring, starting=None):
    return Governor(cid, cid, scoring, starting=starting)


def bull(cid, *goals):
    return Bull(cid, cid, tuple(BullGoal(m, tuple(tuple(t) for t in tiers))
                                for m, tiers in goals))


def starting_tactics():
    return [tactic(f"{s}_start_{i}", starting=s) for s in ALL4 for i in range(5)]


_BASE = []


def base_content():
    """The shipped board with no card decks: tests add exactly the cards they need."""
    if not _BASE:
        from krestonostsy.resources import data_dir
        _BASE.append(Content(board=load_board(data_dir())))
    return _BASE[0]


def content_with(*cards):
    base = base_content()
    tables = {name: dict(getattr(base, name)) for name in
              ("buildings", "tactics", "governors", "rescripts", "bulls", "spies")}
    kinds = {Building: "buildings", Tactic: "tactics", Governor: "governors",
             Rescript: "rescripts", Bull: "bulls", Spy: "spies"}
    for card in cards:
        tables[kinds[type(card)]][card.id] = card
    have = {t.starting for t in tables["tactics"].values() if t.starting}
    for t in starting_tactics():
        if t.starting not in have:
            tables["tactics"][t.id] = t
    return replace(base, **tables)


def game(states=ALL4, cards=(), seed=1, **options) -> Game:
    return Game.new(list(states), seed=seed, options=options or None,
                    content=content_with(*cards))


def clear_markets(g):
    for slots in g.s["markets"].values():
        for i in range(len(slots)):
            slots[i] = None
    for name in g.s["decks"]:
        if name.startswith(("buildings", "tactics", "governors")):
            g.s["decks"][name] = []
            g.s["discards"][name] = []


def set_goods(g, player, **colours):
    """Warehouse: colour=n ready goods, or colour=(ready, spent, blocked)."""
    goods = {}
    for c, v in colours.items():
        goods[c] = list(v) if isinstance(v, tuple) else [v, 0, 0]
    g.s["players"][player]["goods"] = goods


def kinds(g):
    return sorted({a.kind for a in g.legal_actions()})

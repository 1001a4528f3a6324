"""Bots never cheat: a bot's choice is a function of what its seat may know and its seed.

For seeded positions of 2, 3 and 4 players at every kind of decision, and every level in
every play style it plays (``hard:merchant``…, issue 30 §6):
the action chosen with the same bot seed is identical in the true game ``A`` and in
``B = A.determinize(seat, s)``, a world the seat cannot tell apart from ``A``.

Two versions:

* with the engine's own ``determinize`` (leak-free since issue 7 §1: what it returns is a
  function of the seat's knowledge and the seed) — the real guarantee;
* with a stand-in ``determinize`` that depends only on the seat's information and the seed
  (sorted pools, then shuffled) and also resamples other players' hidden influence: every
  level must pass it too, which shows the bots read nothing but the view, the legal
  actions and the determinizations the harness gives them.
"""
from __future__ import annotations

import random

import pytest

from krestonostsy.ai import STYLED_LEVELS, decide, make_bot, parse_seat_kind, style_ids
from krestonostsy.engine import Game, rng

from .positions import at, positions

TINY = {"hard": {"iterations": 6, "seconds": None},
        "expert": {"iterations": 4, "seconds": None, "processes": 1},
        "expert-2026-11": {"iterations": 4, "seconds": None, "processes": 1}}
LEVELS = ("random", "novice", "easy", "normal", "hard", "expert", "expert-2026-11")
KINDS = LEVELS + tuple(f"{level}:{sid}" for level in STYLED_LEVELS for sid in style_ids()[1:])
"""Every seat kind a bot can play: each level, and each styled level in each style."""


def _cases():
    for kind in KINDS:
        for players in (2, 3, 4):
            yield pytest.param(kind, players, id=f"{kind}-{players}p")


def _differences(kind: str, players: int) -> list:
    bot = make_bot(kind, **TINY.get(parse_seat_kind(kind)[0], {}))
    out = []
    for pos in positions(players):
        a = at(players, pos)
        seat = a.decision.player
        b = a.determinize(seat, 4242)
        if b.legal_actions() != a.legal_actions():
            continue  # see test_legal_actions_are_public
        for seed in (1, 2):
            if decide(bot, a, seed) != decide(bot, b, seed):
                out.append(pos[0])
    return out


@pytest.mark.parametrize("level,players", list(_cases()))
def test_same_choice_in_indistinguishable_worlds(level, players):
    assert _differences(level, players) == []


def fair_determinize(g: Game, seat: str, seed: int) -> Game:
    """A determinize that depends only on what ``seat`` may know and ``seed``: every
    pool it resamples (as the engine's does) is sorted before it is shuffled."""
    h = g.clone(share=False)  # edited by hand below: shares nothing with g
    s = h.s
    r = random.Random(seed)
    s["rng"] = rng.seed_state(seed)
    others = [p for p in s["states"] if p != seat]
    c = h.c
    families = {  # a hand, which deck a card of it belongs to, the decks of that kind
        "tactics": (lambda t: None if c.tactics[t].starting else c.tactics[t].deck,
                    ("tactics_12", "tactics_34")),
        "rescripts": (lambda x: f"rescripts_{c.rescripts[x].level}",
                      ("rescripts_1", "rescripts_2")),
        "spies_hand": (lambda _x: "spies", ("spies",)),
    }
    for fld, (deck_of, decks) in families.items():
        slots = [(p, i, deck_of(card)) for p in others
                 for i, card in enumerate(s["players"][p][fld]) if deck_of(card)]
        for d in decks:
            mine = [(p, i) for p, i, dd in slots if dd == d]
            pool = sorted([s["players"][p][fld][i] for p, i in mine] + s["decks"][d])
            r.shuffle(pool)
            for p, i in mine:
                s["players"][p][fld][i] = pool.pop()
            s["decks"][d] = pool
    for name in ("events", "saracens", "buildings_12", "buildings_34", "governors"):
        s["decks"][name] = sorted(s["decks"][name])
        r.shuffle(s["decks"][name])
    holders = [p for p in others if s["players"][p]["bull"]]
    bulls = sorted([s["players"][p]["bull"] for p in holders] + s["decks"]["bulls"])
    r.shuffle(bulls)
    for p in holders:
        s["players"][p]["bull"] = bulls.pop()
    s["decks"]["bulls"] = bulls
    for p in others:
        places = [b for cid in sorted(s["cities"]) for b in s["cities"][cid]["bishops"]
                  if b[0] == p and not s["cities"][cid].get("revealed")]
        sup = s["players"][p]["bishops"]
        levels = sorted([b[1] for b in places] + [1] * sup["1"] + [2] * sup["2"])
        r.shuffle(levels)
        for b in places:
            b[1] = levels.pop()
        sup["1"], sup["2"] = levels.count(1), levels.count(2)
        s["players"][p]["influence"] = r.randrange(0, 40)  # hidden: any value will do
    h._decision = None
    h._advance()
    return h


@pytest.mark.parametrize("players", (2, 3, 4))
@pytest.mark.parametrize("level", KINDS)
def test_same_choice_with_a_fair_determinize(level, players, monkeypatch):
    monkeypatch.setattr(Game, "determinize", fair_determinize)
    assert _differences(level, players) == []


def test_legal_actions_are_public():
    """The legal actions of a decision are public to the decider: the same in every world
    the decider cannot tell apart (here over every position of a few whole games).

    Known exception not met by these games: a card that makes another player choose which
    of the target's rescripts is discarded (``op_discard`` kind ``rescript`` with a chooser
    other than the target, e.g. the Saracen player) names the target's hidden rescripts."""
    bad = []
    for players in (2, 3, 4):
        for seed in range(4):
            g = Game.new(["jerusalem", "tripoli", "edessa", "antioch"][:players] if players != 3
                         else ["tripoli", "edessa", "antioch"], seed=seed)
            rnd = random.Random(seed)
            while not g.is_over:
                d = g.decision
                if len(d.actions) > 1 and g.determinize(d.player, 9).legal_actions() != d.actions:
                    bad.append(d.prompt)
                g.apply(d.actions[rnd.randrange(len(d.actions))])
    assert bad == []

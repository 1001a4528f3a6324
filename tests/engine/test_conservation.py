"""Card conservation (issue 31 §1): a determinization is a world that can exist.

In every position of seeded random games — every scenario shipped, 2, 3 and 4 players —
each card lies in exactly one place of the true game, and in every determinization of
that position, for every seat, each card lies in exactly one place and the cards are the
true game's (a hidden card only swapped with another of the same back; the deck's events
may come out of the box). Places and records: ``census.py``.

``test_determinize.py`` proves that a sample depends only on what the seat may know and
keeps its view; a sample dealing one hidden card twice passes both (two true games that
look alike are dealt the same double card, and a view shows hidden hands as counts), so
conservation is its own test. By default one game per scenario and player count runs,
its battles in full and a share of the other positions, every seat; ``--full-conformance``
plays :data:`FULL` games per scenario and player count (1,005 games), every position, for
one seat in turn (the next position's for the next seat).
"""
from __future__ import annotations

import random
from collections import Counter

import pytest
from census import cards_returned, faults

from krestonostsy.content.scenario import scenario_ids
from krestonostsy.engine import Game
from krestonostsy.resources import data_dir
from krestonostsy.tools.simulate import lineup

SCENARIOS = scenario_ids(data_dir())
FULL = 67  # x 5 scenarios x 3 player counts = 1,005 games
EVERY = 6  # outside battles, the fast run checks one position in EVERY


def play_and_check(scenario: str, players: int, game_no: int, every: int,
                   stats: Counter) -> list[str]:
    """Play one seeded random game; check each checked position and its determinization
    for every seat (``every`` > 1: one position in ``every`` outside battles) or, with
    ``every`` = 1, for one seat in turn. Returns the faults found (each saying where)."""
    seed = 100_000 * (1 + SCENARIOS.index(scenario)) + 1_000 * players + game_no
    rnd = random.Random(seed)
    g = Game.new(lineup(players, rnd), seed=seed, scenario=scenario)
    found: list[str] = []
    while True:
        battle = g.s.get("battle")
        if every == 1 or battle or len(g.actions) % every == 0:
            stats["positions"] += 1
            stats["after_cards_went_back"] += bool(battle) and cards_returned(g)
            where = f"{scenario} {players}p seed {seed} at action {len(g.actions)}"
            found += [f"{where}, true game: {x}" for x in faults(g)]
            states = g.s["states"]
            for p in states if every > 1 else [states[len(g.actions) % len(states)]]:
                h = g.determinize(p, len(g.actions))
                stats["determinizations"] += 1
                found += [f"{where}, {p}'s determinization: {x}" for x in faults(g, h)]
        if g.is_over:
            break
        acts = g.legal_actions()
        g.apply(acts[rnd.randrange(len(acts))])
    stats["games"] += 1
    return found


def test_the_reproduction_deals_no_card_twice():
    """The issue's position: after a battle with face-down covers, the covers named by
    the battle's record (``returned``) are back in Antioch's hand and were dealt again."""
    g = Game.new(["antioch", "edessa"], seed=6)
    r = random.Random(6)
    while len(g.actions) < 55:
        a = g.decision.actions
        g.apply(a[r.randrange(len(a))])
    assert cards_returned(g) and any(sl["cover"] for sl in g.s["battle"]["returned"])
    for seed in range(40):
        h = g.determinize("edessa", seed)
        hand = h.s["players"]["antioch"]["tactics"]
        assert len(set(hand)) == len(hand), sorted(hand)
        assert faults(g, h) == []
        # the record still shows a face-down cover, named by a card now in that hand
        for slot in h.s["battle"]["returned"]:
            if slot["cover_owner"] == "antioch":
                assert slot["cover"] in hand


@pytest.mark.rule("BATTLE-22", "TURN-09")
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_card_lies_in_one_place_in_every_determinization(request, scenario, players):
    full = request.config.getoption("--full-conformance")
    stats: Counter = Counter()
    found: list[str] = []
    for i in range(FULL if full else 1):
        found += play_and_check(scenario, players, i, 1 if full else EVERY, stats)
    if full:  # the figures docs/reliability.md gives (pytest -s shows them)
        print(f"\nconservation {scenario} {players}p: {dict(stats)}, "
              f"{len(found)} violations")
    assert not found, f"{len(found)} violations, the first: " + "\n".join(found[:5])
    assert stats["determinizations"] > 20 * players

"""Seeded positions for the bot tests: the first position of every kind of decision
(prompt) met in random games of 2, 3 and 4 players, with more than one legal action."""
from __future__ import annotations

import functools
import random

from krestonostsy.engine import Game

LINEUPS = {2: ["jerusalem", "tripoli"], 3: ["tripoli", "edessa", "antioch"],
           4: ["jerusalem", "tripoli", "edessa", "antioch"]}


@functools.cache
def positions(players: int, games: int = 3) -> tuple:
    """``((prompt, actions played from the start, seed), ...)`` — replay with :func:`at`."""
    seen = {}
    for seed in range(games):
        g = Game.new(LINEUPS[players], seed=seed)
        rnd = random.Random(seed)
        played = []
        while not g.is_over:
            d = g.decision
            if len(d.actions) > 1 and d.prompt not in seen:
                seen[d.prompt] = (d.prompt, tuple(played), seed)
            a = d.actions[rnd.randrange(len(d.actions))]
            played.append(a)
            g.apply(a)
    return tuple(seen.values())


def at(players: int, position) -> Game:
    _prompt, played, seed = position
    g = Game.new(LINEUPS[players], seed=seed)
    for a in played:
        g.apply(a)
    return g

"""What a finished scenario says about each state: its place, its qualities (CAMP-03,
SYM-94), its nickname (CAMP-04) and its chronicle points (CAMP-02).

Everything is read from the game's final state and its **public** log (``log_for(None)``:
what every player saw), never from hidden information. A quality is a weighted sum of
*measures* (``MEASURES``: a count of log entries, a scoring metric, or a small function;
the weights are data in ``data/campaign/campaign.yaml``). A bull that scored adds the
bonus to the quality shown on its left (BULL-05, CAMP-09).
"""
from __future__ import annotations

from collections.abc import Callable

from ..engine import metric

QUALITIES = ("prudence", "piety", "leadership", "belligerence", "moderation")
"""SYM-94, in the tie order of the nicknames."""

Measure = Callable[..., int]
MEASURES: dict[str, Measure] = {}
"""measure name -> ``fn(game, state, public_log) -> int``."""


def _measure(name: str):
    def deco(fn: Measure) -> Measure:
        MEASURES[name] = fn
        return fn
    return deco


def _count(log, key: str, player: str) -> int:
    return sum(1 for k, p, _ in log if k == key and p.get("player") == player)


def _counted(key: str) -> Measure:
    """The measure that counts the state's ``key`` entries of the public log."""
    return lambda g, x, log: _count(log, key, x)


def _metric(name: str) -> Measure:
    """The measure that is the scoring metric ``name`` (engine/scoring.py) at the end."""
    return lambda g, x, log: metric(g, x, name)


MEASURES.update({
    "cities_upgraded": _counted("city_upgraded"),
    "buildings_built": _counted("building_built"),
    "battles_started": _counted("battle_started"),
    "cities_taken": _counted("city_gained"),
    "bishops_on_map": _metric("bishops_on_map"),
    "governors": _metric("governors"),
    "cities_held": _metric("cities"),
})


@_measure("coins")
def _coins(g, x, log) -> int:
    return g.player(x)["coins"]


@_measure("sanctity_advanced")
def _sanctity_advanced(g, x, log) -> int:
    return sum(int(p.get("amount", 0)) for k, p, _ in log
               if k == "sanctity_moved" and p.get("player") == x)


@_measure("peaceful_rounds")
def _peaceful_rounds(g, x, log) -> int:
    """Rounds in which ``x`` started no battle and lost no city."""
    peaceful, calm = 0, None
    for k, p, _ in log:
        if k == "round_started":
            peaceful += bool(calm)
            calm = True
        elif k in ("battle_started", "city_lost") and p.get("player") == x:
            calm = False
    return peaceful + bool(calm)


def places(g) -> dict[str, int]:
    """Each state's place, 1 = the winner (SCORE-02's order: total, conditions met,
    sanctity); states equal in all three share the better place."""
    scores = g.result()["scores"]
    pos = g.sanctity

    def key(x):
        row = scores[x]
        return (row["total"], (row["hegemony"] > 0) + (row["righteousness"] > 0), pos[x])

    return {x: 1 + sum(key(y) > key(x) for y in scores) for x in scores}


def qualities(g, data) -> dict[str, dict[str, int]]:
    """CAMP-03/09: ``{state: {quality: value}}`` of a finished game."""
    log = g.log_for(None)
    scores = g.result()["scores"]
    out: dict[str, dict[str, int]] = {}
    for x in g.states:
        row = {q: sum(w * MEASURES[m](g, x, log) for m, w in data.qualities[q].items())
               for q in QUALITIES}
        bull = g.player(x).get("bull")
        if bull and scores[x]["bull"] > 0 and bull in data.bull_symbols:
            row[data.bull_symbols[bull]] += data.bull_symbol_bonus
        out[x] = row
    return out


def led(values: dict[str, dict[str, int]]) -> dict[str, list[str]]:
    """The qualities each state led (the highest value, at least 1; ties all lead)."""
    best = {q: max(v[q] for v in values.values()) for q in QUALITIES}
    return {x: [q for q in QUALITIES if best[q] >= 1 and v[q] == best[q]]
            for x, v in values.items()}


def award_nicknames(values: dict[str, dict[str, int]], place: dict[str, int]) -> dict[str, str]:
    """CAMP-04: one quality per state, the one it showed most relative to the others.

    share = value ÷ the highest value of that quality (0 when nobody has any); pairs are
    taken best share first (ties: the better place, then :data:`QUALITIES` order), each
    quality once. Returns ``{state: quality}``."""
    best = {q: max(v[q] for v in values.values()) for q in QUALITIES}
    pairs = sorted(((values[x][q] / best[q] if best[q] > 0 else 0.0, x, q)
                    for x in values for q in QUALITIES),
                   key=lambda t: (-t[0], place[t[1]], QUALITIES.index(t[2]), t[1]))
    out: dict[str, str] = {}
    taken: set = set()
    for _share, x, q in pairs:
        if x not in out and q not in taken:
            out[x] = q
            taken.add(q)
    return out


def chronicle_points(place: dict[str, int], led_by: dict[str, list[str]], data) -> dict:
    """CAMP-02: points by place (ties share the better place's) + per quality led."""
    table = data.place_points[len(place)]
    return {x: table[place[x] - 1] + data.points_per_quality_led * len(led_by[x])
            for x in place}

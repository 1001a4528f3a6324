"""``krestonostsy simulate``: play seeded random legal games headless and report."""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter

from ..content import ContentError
from ..engine import Game, load_ruleset
from . import UsageError, run_alone, tally

ALL = ("jerusalem", "tripoli", "edessa", "antioch")
PAIRS = (("jerusalem", "tripoli"), ("tripoli", "antioch"), ("antioch", "edessa"),
         ("jerusalem", "edessa"))


def lineup(players: int, rnd: random.Random) -> list[str]:
    if players == 4:
        return list(ALL)
    if players == 3:
        absent = rnd.choice(ALL)
        return [s for s in ALL if s != absent]
    return list(rnd.choice(PAIRS))


def play_random(game: Game, rnd: random.Random, max_actions: int = 20000) -> int:
    """Play random legal actions to the end; returns the number of actions."""
    n = 0
    while not game.is_over:
        acts = game.legal_actions()
        game.apply(acts[rnd.randrange(len(acts))])
        n += 1
        if n > max_actions:
            raise RuntimeError(f"game did not end within {max_actions} actions")
    return n


def run(players: int, games: int, seed: int, scenario: str = "base",
        advanced: bool = False) -> dict:
    # loaded before the clock starts: only play is timed; the advanced mode adds terrain
    rules = load_ruleset(scenario).with_hooks(("terrain",) if advanced else ())
    rnd = random.Random(seed)
    total_actions = 0
    ends: Counter = Counter()
    wins: Counter = Counter()
    start = time.perf_counter()
    for i in range(games):
        states = lineup(players, rnd)
        game = Game.new(states, seed=seed * 100003 + i, scenario=rules)
        total_actions += play_random(game, random.Random(seed * 7919 + i))
        result = game.result()
        for cond in result.get("end_conditions", []):
            ends[cond] += 1
        wins[result["winner"]] += 1
    seconds = time.perf_counter() - start
    return {"scenario": rules.id, "players": players, "games": games, "actions": total_actions,
            "mean_actions": total_actions / max(1, games), "seconds": round(seconds, 3),
            "actions_per_second": round(total_actions / seconds, 1) if seconds else 0.0,
            "end_conditions": dict(ends), "wins": dict(wins)}


def add_arguments(ap: argparse.ArgumentParser) -> None:
    """The options of ``krestonostsy simulate``."""
    ap.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--scenario", default="base",
                    help="the scenario to play (data/scenarios/<id>.yaml; default: base)")
    ap.add_argument("--advanced", action="store_true",
                    help="the advanced mode: terrain changes battles for cities (CAMP-10)")
    ap.add_argument("--json", action="store_true", help="print one JSON object last")


def command(a: argparse.Namespace) -> int:
    if a.games < 1:
        raise UsageError("--games must be at least 1")
    try:
        load_ruleset(a.scenario)
    except ContentError as err:
        print(f"simulate: {err}", file=sys.stderr)
        return 1
    try:
        r = run(a.players, a.games, a.seed, a.scenario, a.advanced)
    except Exception as err:  # a failing game must be reported, not hidden
        print(f"simulate: a game failed: {type(err).__name__}: {err}", file=sys.stderr)
        return 1
    print(f"games: {r['games']} ({r['players']} players, scenario {r['scenario']})")
    print(f"mean actions per game: {r['mean_actions']:.1f}")
    print(f"actions/s: {r['actions_per_second']:.0f} ({r['actions']} actions in {r['seconds']} s)")
    print(tally("end conditions", r["end_conditions"]))
    print(tally("wins", r["wins"]))
    if a.json:
        print(json.dumps(r, sort_keys=True))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(run_alone(sys.modules[__name__]))

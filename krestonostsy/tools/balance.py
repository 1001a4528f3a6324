"""``krestonostsy balance``: self-play statistics for balancing the content.

Plays seeded self-play games (``--bot LEVEL``: any bot level, all seats the same level;
random by default) of one scenario (``--scenario ID``, a file of ``data/scenarios/``; the
base game by default) for every line-up (the four 2-player pairs, the four 3-player sets,
the 4-player game; ``--players N`` keeps those of N players) and reports, per line-up,
each state's win rate with its 95 % Wilson interval and mean score parts; then, over all
games, how often each end condition ended a game, and for the cards a player can acquire
(buildings, tactics, governors) how often the holder at the end won, against the base
rate. ``--progress`` prints one line per finished game to stderr, so a long run (hard
bots) can be watched and a cut-short run still says what it played. Random players are a
weak proxy for people, so read random-play numbers as a smoke alarm for outliers, not as
a verdict.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict

from ..ai import LEVELS, make_bot
from ..ai.play import play as play_with_bots
from ..content.errors import ContentError
from ..engine import Game, load_ruleset
from . import run_alone, tally
from .tournament import wilson

PAIRS = (("jerusalem", "tripoli"), ("tripoli", "antioch"), ("antioch", "edessa"),
         ("jerusalem", "edessa"))
ALL = ("jerusalem", "tripoli", "edessa", "antioch")
LINEUPS = [list(p) for p in PAIRS] + [[s for s in ALL if s != x] for x in ALL] + [list(ALL)]


def lineups(players: int | None = None) -> list[list[str]]:
    """The line-ups played: all nine, or those of ``players`` players."""
    return [lu for lu in LINEUPS if players is None or len(lu) == players]


def play(states, seed, level: str = "random", scenario: str = "base", bot_seed: int = 0):
    """One game of ``scenario`` for ``states`` with a bot of ``level`` in every seat; the
    bots' seed is ``bot_seed`` (the game's number), never the game's (``ai.play.play``)."""
    g = Game.new(states, seed=seed, scenario=scenario)
    bot = make_bot(level)
    play_with_bots(g, {s: bot for s in states}, bot_seed)
    return g


def holdings(g, player):
    p = g.player(player)
    cards = [b["card"] for b in p["buildings"]] + list(p["tactics"])
    cards += [g.city(c)["governor"] for c in p["cities"] if g.city(c)["governor"]]
    return [c for c in cards if not (c in g.c.tactics and g.c.tactics[c].starting)]


def run(games: int, seed: int, level: str = "random", scenario: str = "base",
        players: int | None = None, progress=None) -> dict:
    """Play ``games`` games of every line-up (of ``players`` players, or all); the
    report (see the module docstring). ``progress(text)`` hears of every game played."""
    reports: list[dict] = []  # one per line-up
    end_conditions: Counter[str] = Counter()
    held: defaultdict[str, list[int]] = defaultdict(lambda: [0, 0])  # card -> [held, won]
    for lineup in lineups(players):
        wins: Counter[str] = Counter()
        parts: defaultdict[str, defaultdict[str, float]] = defaultdict(lambda: defaultdict(float))
        for i in range(games):
            g = play(lineup, seed * 1_000_003 + i, level, scenario, bot_seed=i)
            r = g.result()
            wins[r["winner"]] += 1
            if progress is not None:
                progress(f"{scenario} {'/'.join(lineup)} game {i + 1}/{games}: "
                         f"{r['winner']} wins")
            end_conditions.update(r.get("end_conditions", []))
            for s, sc in r["scores"].items():
                for k, v in sc.items():
                    if isinstance(v, (int, float)):
                        parts[s][k] += v
                for card in holdings(g, s):
                    held[card][0] += 1
                    held[card][1] += r["winner"] == s
        reports.append({
            "states": lineup,
            "win_rate": {s: round(wins[s] / games, 3) for s in lineup},
            "ci95": {s: [round(x, 3) for x in wilson(wins[s], games)] for s in lineup},
            "mean": {s: {k: round(v / games, 2) for k, v in parts[s].items()} for s in lineup},
        })
    return {"level": level, "scenario": scenario, "games": games, "lineups": reports,
            "end_conditions": dict(end_conditions),
            "cards": {c: {"held": h, "win_rate": round(w / h, 3)} for c, (h, w) in held.items()}}


def add_arguments(ap: argparse.ArgumentParser) -> None:
    """The options of ``krestonostsy balance``."""
    ap.add_argument("--games", type=int, default=100, help="games per line-up")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bot", default="random", choices=list(LEVELS),
                    help="the bot level in every seat")
    ap.add_argument("--scenario", default="base",
                    help="the scenario to play (data/scenarios/<id>.yaml; default: base)")
    ap.add_argument("--players", type=int, choices=(2, 3, 4),
                    help="only the line-ups of this many players (default: all nine)")
    ap.add_argument("--progress", action="store_true",
                    help="one line per finished game on stderr")
    ap.add_argument("--json", action="store_true")


def command(a: argparse.Namespace) -> int:
    try:
        load_ruleset(a.scenario)
    except ContentError as err:
        print(f"balance: scenario {a.scenario!r}: {err}", file=sys.stderr)
        return 2
    progress = (lambda text: print(text, file=sys.stderr, flush=True)) if a.progress else None
    try:
        r = run(a.games, a.seed, a.bot, a.scenario, a.players, progress)
    except Exception as err:  # report, never a bare traceback
        print(f"balance: a game failed: {type(err).__name__}: {err}", file=sys.stderr)
        return 1
    if a.json:
        print(json.dumps(r, sort_keys=True))
        return 0
    print(f"self-play of {r['scenario']} with {r['level']} bots, {a.games} games per line-up")
    for lu in r["lineups"]:
        print(" vs ".join(lu["states"]) + ":")
        for s in lu["states"]:
            m = lu["mean"][s]
            lo, hi = lu["ci95"][s]
            print(f"  {s:10} wins {lu['win_rate'][s]:5.1%} (95 % CI {lo:5.1%}–{hi:5.1%})  "
                  f"total {m.get('total', 0):5.1f}  "
                  f"influence {m.get('influence', 0):5.1f}  bull {m.get('bull', 0):4.1f}")
    print(tally("end conditions", r["end_conditions"]))
    cards = sorted(r["cards"].items(), key=lambda kv: -kv[1]["win_rate"])
    enough = [(c, v) for c, v in cards if v["held"] >= 20]
    print("cards held at the end (≥ 20 times), best and worst win rates:")
    for c, v in enough[:8] + [("…", None)] + enough[-8:]:
        print(f"  {c:34} " + (f"{v['win_rate']:5.1%} of {v['held']}" if v else ""))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(run_alone(sys.modules[__name__]))

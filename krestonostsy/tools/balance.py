"""``krestonostsy balance``: self-play statistics for balancing the content.

Plays seeded self-play games (``--bot LEVEL``: any bot level, all seats the same level;
random by default) for every line-up (the four 2-player pairs, the four
3-player sets, the 4-player game) and reports, per line-up, each state's win rate and mean
score parts; then, over all games, how often each end condition ended a game, and for the
cards a player can acquire (buildings, tactics, governors) how often the holder at the end
won, against the base rate. Random players are a weak proxy for people, so read the
numbers as a smoke alarm for outliers, not as a verdict.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict

from ..ai import LEVELS, make_bot
from ..ai.play import play as play_with_bots
from ..engine import Game

PAIRS = (("jerusalem", "tripoli"), ("tripoli", "antioch"), ("antioch", "edessa"),
         ("jerusalem", "edessa"))
ALL = ("jerusalem", "tripoli", "edessa", "antioch")
LINEUPS = [list(p) for p in PAIRS] + [[s for s in ALL if s != x] for x in ALL] + [list(ALL)]


def play(states, seed, level: str = "random"):
    """One game of ``states`` with a bot of ``level`` in every seat."""
    g = Game.new(states, seed=seed)
    bot = make_bot(level)
    play_with_bots(g, {s: bot for s in states}, seed)
    return g


def holdings(g, player):
    p = g.s["players"][player]
    cards = [b["card"] for b in p["buildings"]] + list(p["tactics"])
    cards += [g.s["cities"][c]["governor"] for c in p["cities"] if g.s["cities"][c]["governor"]]
    return [c for c in cards if not (c in g.c.tactics and g.c.tactics[c].starting)]


def run(games: int, seed: int, level: str = "random") -> dict:
    report = {"level": level, "lineups": [], "end_conditions": Counter(), "cards": {}}
    held = defaultdict(lambda: [0, 0])  # card -> [held at the end, of which won]
    for lineup in LINEUPS:
        wins = Counter()
        parts = defaultdict(lambda: Counter())
        for i in range(games):
            g = play(lineup, seed * 1_000_003 + i, level)
            r = g.result()
            wins[r["winner"]] += 1
            for c in r.get("end_conditions", []):
                report["end_conditions"][c] += 1
            for s, sc in r["scores"].items():
                for k, v in sc.items():
                    if isinstance(v, (int, float)):
                        parts[s][k] += v
                for card in holdings(g, s):
                    held[card][0] += 1
                    held[card][1] += r["winner"] == s
        report["lineups"].append({
            "states": lineup,
            "win_rate": {s: round(wins[s] / games, 3) for s in lineup},
            "mean": {s: {k: round(v / games, 2) for k, v in parts[s].items()} for s in lineup},
        })
    report["cards"] = {c: {"held": h, "win_rate": round(w / h, 3)} for c, (h, w) in held.items()}
    report["end_conditions"] = dict(report["end_conditions"])
    return report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="krestonostsy balance", description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=100, help="games per line-up")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bot", default="random", choices=list(LEVELS),
                    help="the bot level in every seat")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    try:
        r = run(a.games, a.seed, a.bot)
    except Exception as err:  # report, never a bare traceback
        print(f"balance: a game failed: {type(err).__name__}: {err}", file=sys.stderr)
        return 1
    if a.json:
        print(json.dumps(r, sort_keys=True))
        return 0
    print(f"self-play with {r['level']} bots, {a.games} games per line-up")
    for lu in r["lineups"]:
        print(" vs ".join(lu["states"]) + ":")
        for s in lu["states"]:
            m = lu["mean"][s]
            print(f"  {s:10} wins {lu['win_rate'][s]:5.1%}  total {m.get('total', 0):5.1f}  "
                  f"influence {m.get('influence', 0):5.1f}  bull {m.get('bull', 0):4.1f}")
    print("end conditions: " + ", ".join(f"{k} {v}" for k, v in sorted(r["end_conditions"].items())))
    cards = sorted(r["cards"].items(), key=lambda kv: -kv[1]["win_rate"])
    enough = [(c, v) for c, v in cards if v["held"] >= 20]
    print("cards held at the end (≥ 20 times), best and worst win rates:")
    for c, v in enough[:8] + [("…", None)] + enough[-8:]:
        print(f"  {c:34} " + (f"{v['win_rate']:5.1%} of {v['held']}" if v else ""))
    return 0

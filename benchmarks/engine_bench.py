"""Engine speed: random-playout actions/s and games/s, clone(), legal_actions()+apply()
and determinize().

Run: ``python benchmarks/engine_bench.py [--games N]``. Single-threaded. Targets (issue 2):
≥ 20,000 actions/s and clone() < 50 µs on a 2-core machine; determinize() (issue 7)
≤ 100 µs for 4 players and never more than 4× a clone(). Never asserted in tests.
"""
from __future__ import annotations

import argparse
import pathlib
import random
import statistics
import sys
import time

# run from a checkout without installing: the package sits one folder up
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from krestonostsy.engine import Game  # noqa: E402
from krestonostsy.tools.simulate import lineup, play_random  # noqa: E402


def bench_playouts(players: int, games: int) -> tuple[float, float]:
    rnd = random.Random(players)
    actions = 0
    start = time.perf_counter()
    for i in range(games):
        g = Game.new(lineup(players, rnd), seed=i)
        actions += play_random(g, random.Random(i))
    seconds = time.perf_counter() - start
    return actions / seconds, games / seconds


def midgame(players: int, steps: int = 150) -> Game:
    rnd = random.Random(5)
    g = Game.new(lineup(players, rnd), seed=5)
    for _ in range(steps):
        if g.is_over:
            break
        acts = g.legal_actions()
        g.apply(acts[rnd.randrange(len(acts))])
    return g


def bench_clone(g: Game, n: int = 2000) -> float:
    start = time.perf_counter()
    for _ in range(n):
        g.clone()
    return (time.perf_counter() - start) / n * 1e6


def bench_step(g: Game, n: int = 2000) -> float:
    """µs per legal_actions() + apply() on clones of a mid-game position."""
    rnd = random.Random(1)
    total = 0.0
    done = 0
    while done < n:
        h = g.clone()
        for _ in range(50):
            if h.is_over:
                break
            t = time.perf_counter()
            acts = h.legal_actions()
            h.apply(acts[rnd.randrange(len(acts))])
            total += time.perf_counter() - t
            done += 1
    return total / done * 1e6


def midgame_positions(players: int, games: int = 8) -> list[Game]:
    """Mid-game positions (between actions 80 and 320) of seeded random games."""
    out = []
    for i in range(games):
        rnd = random.Random(100 + i)
        g = Game.new(lineup(players, rnd), seed=100 + i)
        while not g.is_over and len(g.actions) < 320:
            acts = g.legal_actions()
            g.apply(acts[rnd.randrange(len(acts))])
            if len(g.actions) % 60 == 20 and len(g.actions) > 80 and not g.is_over:
                out.append(g.clone())
    return out


def bench_determinize(players: int, n: int = 40) -> tuple[float, float]:
    """Median µs of determinize() over mid-game positions and every seat, and the median
    ratio to clone() of the same position (timed alternately, so load hits both)."""
    times, ratios = [], []
    for g in midgame_positions(players):
        for seat in g.s["states"]:
            g.determinize(seat, 0)  # the seat's log reading is cached after the first call
            det = clone = 0.0
            for _rep in range(4):
                t = time.perf_counter()
                for i in range(n):
                    g.determinize(seat, i)
                det += time.perf_counter() - t
                t = time.perf_counter()
                for _ in range(n):
                    g.clone()
                clone += time.perf_counter() - t
            times.append(det / (4 * n) * 1e6)
            ratios.append(det / clone)
    return statistics.median(times), statistics.median(ratios)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--cold", action="store_true",
                    help="do not warm up: the first timing then includes importing the "
                         "rules modules and loading the content (~0.2 s)")
    a = ap.parse_args()
    if not a.cold:  # one-time start-up costs are not playout speed
        Game.new(lineup(2, random.Random(0)), seed=0)
    print(f"{'players':>7} {'actions/s':>10} {'games/s':>8} {'clone µs':>9} {'act µs':>7} "
          f"{'determinize µs':>15} {'÷ clone':>8}")
    for players in (2, 3, 4):
        aps, gps = bench_playouts(players, a.games)
        g = midgame(players)
        det, ratio = bench_determinize(players)
        print(f"{players:>7} {aps:>10.0f} {gps:>8.2f} {bench_clone(g):>9.1f} "
              f"{bench_step(g):>7.1f} {det:>15.1f} {ratio:>8.2f}")


if __name__ == "__main__":
    main()

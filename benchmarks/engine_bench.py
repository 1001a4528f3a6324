"""Engine speed: random-playout actions/s and games/s, clone(), legal_actions()+apply()
and determinize().

Run: ``python benchmarks/engine_bench.py [--games N] [--runs N] [--cpu] [--players 4]
[--compiled]`` (``--compiled``: the engine compiled by ``packaging/compile_engine.py``).
Single-threaded. Every figure is the median of ``--runs`` passes (default 3). ``--cpu``
times with the process's CPU clock instead of the wall clock: on a shared machine the
wall clock also counts the time spent waiting for a core, the CPU clock only the time
the engine ran (both are the same on a quiet machine).

Targets (issue 7 §5 and §1, never asserted in tests): random playout ≥ 40,000 actions/s
for 2, 3 and 4 players; clone() ≤ 25 µs and legal_actions()+apply() ≤ 20 µs for 4 players;
determinize() ≤ 100 µs for a 4-player mid-game state and never more than 4× a clone().
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

import engine_path

CLOCK = time.perf_counter  # --cpu: time.process_time
# run from a checkout without installing (the source, or with --compiled the mypyc build)
COMPILED = engine_path.use()

from krestonostsy.engine import Game  # noqa: E402
from krestonostsy.tools.simulate import lineup, play_random  # noqa: E402


def bench_playouts(players: int, games: int) -> tuple[float, float]:
    rnd = random.Random(players)
    actions = 0
    start = CLOCK()
    for i in range(games):
        g = Game.new(lineup(players, rnd), seed=i)
        actions += play_random(g, random.Random(i))
    seconds = CLOCK() - start
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
    start = CLOCK()
    for _ in range(n):
        g.clone()
    return (CLOCK() - start) / n * 1e6


def bench_step(g: Game, n: int = 2000) -> float:
    """µs per legal_actions() + apply() on clones of a mid-game position: up to 50
    actions from each clone, timed as one stretch (reading the process clock costs
    ~0.7 µs on this machine, too much to read it around every action)."""
    rnd = random.Random(1)
    total = 0.0
    done = 0
    while done < n:
        h = g.clone()
        k = 0
        t = CLOCK()
        while k < 50 and not h.is_over:
            acts = h.legal_actions()
            h.apply(acts[rnd.randrange(len(acts))])
            k += 1
        total += CLOCK() - t
        done += k
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
                t = CLOCK()
                for i in range(n):
                    g.determinize(seat, i)
                det += CLOCK() - t
                t = CLOCK()
                for _ in range(n):
                    g.clone()
                clone += CLOCK() - t
            times.append(det / (4 * n) * 1e6)
            ratios.append(det / clone)
    return statistics.median(times), statistics.median(ratios)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--runs", type=int, default=3,
                    help="passes over every measurement; the medians are printed")
    ap.add_argument("--cpu", action="store_true",
                    help="time with the process's CPU clock (a shared, loaded machine)")
    ap.add_argument("--players", type=int, nargs="+", choices=(2, 3, 4), default=[2, 3, 4])
    ap.add_argument("--cold", action="store_true",
                    help="do not warm up: the first timing then includes importing the "
                         "rules modules and loading the content (~0.2 s)")
    ap.add_argument("--compiled", action="store_true", help=engine_path.HELP)
    a = ap.parse_args()
    engine_path.check(COMPILED)
    if a.games < 1 or a.runs < 1:
        ap.error("--games and --runs must be at least 1")
    global CLOCK
    if a.cpu:
        CLOCK = time.process_time
    if not a.cold:  # one-time start-up costs are not playout speed
        Game.new(lineup(2, random.Random(0)), seed=0)
    print(f"{'players':>7} {'actions/s':>10} {'games/s':>8} {'clone µs':>9} {'act µs':>7} "
          f"{'determinize µs':>15} {'÷ clone':>8}")
    for players in a.players:
        g = midgame(players)
        rows = []
        for _ in range(a.runs):  # one pass = every figure once, so load hits them alike
            aps, gps = bench_playouts(players, a.games)
            det, ratio = bench_determinize(players)
            rows.append((aps, gps, bench_clone(g), bench_step(g), det, ratio))
        aps, gps, clone, step, det, ratio = (statistics.median(col) for col in zip(*rows, strict=True))
        print(f"{players:>7} {aps:>10.0f} {gps:>8.2f} {clone:>9.1f} "
              f"{step:>7.1f} {det:>15.1f} {ratio:>8.2f}", flush=True)


if __name__ == "__main__":
    main()

"""Where a clone's time goes, and how often play writes each part of the state.

Run: ``python benchmarks/state_parts.py [--games N] [--players 2,3,4]``.

1. The CPU time (µs, best of 5 passes) of copying each top-level part of a 4-player
   mid-game state the way ``state.copy_state`` does (a deep copy: ``rebase()``,
   ``clone(share=False)``), and of the whole ``clone()``, which shares the players',
   the cities' entries and the parts of ``state.SHARED_PARTS`` copy-on-write
   (``copy_state(share=True)``); and what a first write then costs: one player, one city
   (``board.player_w``/``city_w``).
2. Random play (``--games`` seeded games per player count): after each action, which parts
   differ from a copy taken before it — per action, how many players, cities, decks… changed
   (``one``: each changed entry counted; ``any``: the part as a whole). This is the data a
   copy-on-write design needs: a part that play rarely writes need not be copied by a clone,
   if the ops that write it copy it first. Nothing here is asserted.
"""
from __future__ import annotations

import argparse
import collections
import pathlib
import random
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from krestonostsy.engine import Game  # noqa: E402
from krestonostsy.engine import state as S  # noqa: E402

SEATS = ["jerusalem", "tripoli", "edessa", "antioch"]
BY_ENTRY = ("players", "cities", "decks", "discards", "markets")


def cpu_us(f, *args, n: int = 5000) -> float:
    best = float("inf")
    for _ in range(5):
        t0 = time.process_time()
        for _ in range(n):
            f(*args)
        best = min(best, (time.process_time() - t0) / n)
    return best * 1e6


def copy_costs() -> None:
    g = Game.new(SEATS, seed=5)
    rnd = random.Random(5)
    for _ in range(250):
        acts = g.legal_actions()
        g.apply(acts[rnd.randrange(len(acts))])
    s = g.s
    print(f"4 players, round {s['round']}, {len(g.log)} log entries, {len(g.actions)} actions")
    print(f"  clone()                {cpu_us(g.clone):6.2f} µs  (copy-on-write)")
    print(f"  copy_state(share=True) {cpu_us(S.copy_state, s, True):6.2f} µs")
    print(f"  a first write: copy_player {cpu_us(S.copy_player, s['players']['edessa']):.2f} µs, "
          f"copy_city {cpu_us(S.copy_city, s['cities']['edessa']):.2f} µs")
    print(f"  copy_state (deep)      {cpu_us(S.copy_state, s):6.2f} µs")
    for k, h in S._TOP.items():
        print(f"    {k:20} {cpu_us(h, s[k]):6.2f} µs")
    rest = {k: s[k] for k in S._REST if k in s and type(s[k]) not in S._ATOMS}
    print(f"    {'+'.join(rest):20} {cpu_us(S._copy_rest, rest):6.2f} µs")


def write_rates(games: int, counts: list[int]) -> None:
    cnt: collections.Counter = collections.Counter()
    acts_n = 0
    for players in counts:
        for seed in range(games):
            g = Game.new(SEATS[:players], seed=seed)
            rnd = random.Random(seed)
            while not g.is_over:
                before = S.copy_state(g.s)
                acts = g.legal_actions()
                g.apply(acts[rnd.randrange(len(acts))])
                acts_n += 1
                s = g.s
                for k in s.keys() | before.keys():
                    if k in BY_ENTRY:
                        cnt[k + " (one)"] += sum(s[k][i] != before[k].get(i) for i in s[k])
                        cnt[k + " (any)"] += s[k] != before[k]
                    else:
                        cnt[k] += s.get(k) != before.get(k)
    print(f"random play, {acts_n} actions ({games} games each of {counts} players): "
          "parts changed per action")
    for k, v in sorted(cnt.items(), key=lambda x: -x[1]):
        print(f"    {k:20} {v / acts_n:.3f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--players", default="2,3,4")
    a = ap.parse_args()
    copy_costs()
    write_rates(a.games, [int(x) for x in a.players.split(",")])


if __name__ == "__main__":
    main()

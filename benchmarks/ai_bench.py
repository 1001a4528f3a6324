"""Decision time per bot level and play style (reported in the README; never asserted in a
test).

    python benchmarks/ai_bench.py [--levels novice,easy,normal,hard,expert]
                                  [--styles balanced,pious,merchant,conqueror]
                                  [--decisions 40] [--compiled]

Every level is measured in every style of ``--styles`` it has (styles apply at normal,
hard and expert: ``hard``, ``hard:pious``…; the others are balanced only). For each seat
kind, plays seeded 4-player games with that kind in every seat and times every
decision the bot is asked (decisions with one legal action are answered by the harness
at once and are timed separately: "instant"). Prints p50/p95/max in milliseconds of the
clock, and the p50/p95 of the processor time the deciding thread used ("cpu": what the
decision costs on a machine with nothing else to do — on a shared, loaded machine the
clock can be several times more), and the targets of issue 8 (novice/easy/normal ≤ 50 ms
p95, hard ≤ 1.2 s, expert ≤ 3 s). The expert's trees run in worker processes, whose
processor time the deciding thread does not see: for it, read the clock. ``--compiled``:
the engine compiled by ``packaging/compile_engine.py``, as the frozen game runs it (the
expert's worker processes import it too). The first line says the load average, which a
shared machine's clock times depend on.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

import engine_path

# run from a checkout without installing (the source, or with --compiled the mypyc build)
COMPILED = engine_path.use()

from krestonostsy.ai import decide, make_bot, mix  # noqa: E402
from krestonostsy.ai.levels import parse_seat_kind, seat_kind  # noqa: E402
from krestonostsy.ai.styles import BALANCED, STYLED_LEVELS, style_ids  # noqa: E402
from krestonostsy.engine import Game  # noqa: E402

CHEAP_LEVELS = ("random", "novice", "easy", "normal")  # timed over 10× the decisions
TARGET_P95_MS = {"random": 50, "novice": 50, "easy": 50, "normal": 50, "hard": 1200,
                 "expert": 3000}


def target_p95(level: str) -> int:
    """The p95 target of ``level``; the expert's reference and candidates (``expert-…``)
    have the expert's."""
    return TARGET_P95_MS["expert" if level.startswith("expert-") else level]


def seat_kinds(levels: list[str], styles: list[str]) -> list[str]:
    """Every level in every style of ``styles`` it has, the balanced one first."""
    out = []
    for level in levels:
        out.append(level)
        if level in STYLED_LEVELS:
            out += [seat_kind(level, s) for s in styles if s != BALANCED]
    return out


def bench(kind: str, decisions: int, seed: int) -> dict:
    level, _style = parse_seat_kind(kind)
    bot = make_bot(kind)
    times, cpu, instant = [], [], []
    game_no = 0
    while len(times) < decisions:
        g = Game.new(["jerusalem", "tripoli", "edessa", "antioch"], seed=seed + game_no)
        k = 0
        while not g.is_over and len(times) < decisions:
            start, start_cpu = time.perf_counter(), time.thread_time()
            a = decide(bot, g, mix(seed, game_no, k))
            ms = (time.perf_counter() - start) * 1000
            if len(g.legal_actions()) == 1:
                instant.append(ms)
            else:
                times.append(ms)
                cpu.append((time.thread_time() - start_cpu) * 1000)
            g.apply(a)
            k += 1
        game_no += 1
    times.sort()
    cpu.sort()
    instant.sort()

    def pct(xs, q):
        return round(xs[min(len(xs) - 1, int(q * len(xs)))], 2) if xs else 0.0
    return {"kind": kind, "level": level, "decisions": len(times), "p50": pct(times, 0.5),
            "p95": pct(times, 0.95), "max": round(times[-1], 2),
            "cpu_p50": pct(cpu, 0.5), "cpu_p95": pct(cpu, 0.95),
            "instant_max": pct(instant, 1.0), "target_p95": target_p95(level)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--levels", default="novice,easy,normal,hard,expert")
    ap.add_argument("--styles", default=",".join(style_ids()),
                    help="the play styles measured at the levels that have them")
    ap.add_argument("--decisions", type=int, default=40,
                    help="timed decisions per level (cheap levels take 10× as many)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--compiled", action="store_true", help=engine_path.HELP)
    a = ap.parse_args()
    engine_path.check(COMPILED)
    print("load average (1, 5, 15 min) at the start: "
          + " ".join(f"{x:.2f}" for x in os.getloadavg()), flush=True)
    rows = []
    for kind in seat_kinds(a.levels.split(","), a.styles.split(",")):
        level = parse_seat_kind(kind)[0]
        n = a.decisions * (10 if level in CHEAP_LEVELS else 1)
        r = bench(kind, n, a.seed)
        rows.append(r)
        ok = "meets" if r["p95"] <= r["target_p95"] else "MISSES"
        print(f"{kind:17} {r['decisions']:5} decisions  p50 {r['p50']:8.1f} ms  "
              f"p95 {r['p95']:8.1f} ms  max {r['max']:8.1f} ms  cpu p50 {r['cpu_p50']:8.1f} "
              f"p95 {r['cpu_p95']:8.1f} ms  (target p95 ≤ "
              f"{r['target_p95']} ms: {ok}; one-action decisions ≤ {r['instant_max']} ms)",
              flush=True)
    print("load average (1, 5, 15 min) at the end: "
          + " ".join(f"{x:.2f}" for x in os.getloadavg()), flush=True)
    if a.json:
        print(json.dumps(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""How each play style plays, measured: the style against the balanced bot of its level.

    python benchmarks/ai_styles.py [--level normal] [--styles pious,merchant,conqueror]
                                   [--against KIND] [--games 100] [--seed 1] [--bot-seed 0]
                                   [--jobs 2] [--json] [--progress] [--rows FILE]
    python benchmarks/ai_styles.py --summarize FILE   # the games a (stopped) run saved

For each style, ``--games`` two-player games of ``<level>:<style>`` against ``<level>``
(the balanced bot of the same level) or ``--against`` another seat kind. The games are
the tournament's (``krestonostsy.tools.tournament.schedule``: duplicate-seeded deals, both
seat rotations, the bots' seeds from ``--bot-seed``), so ``--level hard --against normal
--games 200 --seed 1`` plays exactly the games of ``krestonostsy tournament --bots
hard:<style>,normal --players 2 --games 200 --seed 1``, and reports the same wins (with
their 95 % Wilson interval) besides the figures. From every
finished game's public log and final state it counts, per seat: the orders placed by type,
prayers carried out, bishops placed, buildings built, cities raised, governors appointed,
battles started, cities taken, and at the end cities, holy lands and buildings held, coins
in the treasury, hegemony and righteousness reached (the seat's own END-01 condition), and
who won.

Prints each figure's mean per game for the style's seat and the balanced seat, each with a
95 % interval (normal approximation over games), and the ratio style / balanced with a
95 % bootstrap interval (games resampled, seeded). A figure whose ratio interval lies
wholly above 1 (or below) differs in a way the games show; ``SIGNATURES`` names the
figures each style must move (docs/ai.md, "Play styles"). Never asserted in a test: the
run is too long.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import Counter

import engine_path

engine_path.use()

from krestonostsy.ai import make_bot, seat_kind  # noqa: E402
from krestonostsy.ai.play import play  # noqa: E402
from krestonostsy.engine import Game  # noqa: E402
from krestonostsy.engine.scoring import (  # noqa: E402
    HEGEMONY_CITIES,
    RIGHTEOUSNESS_LANDS,
    holy_land_counts,
)
from krestonostsy.tools.tournament import played, schedule, wilson  # noqa: E402

Z95 = 1.959964
ORDERS = ("build", "muster", "prayer", "march")
FIGURES = (*(f"orders_{o}" for o in ORDERS), "prayers", "bishops", "buildings", "upgrades",
           "governors", "battles", "cities_taken", "cities_end", "holy_lands_end",
           "buildings_end", "coins_end", "hegemony", "righteousness", "won")
SIGNATURES = {
    "pious": ("orders_prayer", "prayers", "bishops", "holy_lands_end"),
    "merchant": ("orders_build", "buildings"),
    "conqueror": ("orders_muster", "orders_march", "battles", "cities_taken"),
}
"""The figures each style is meant to move (up), checked by the report."""

# log entries counted for the seat they name: key → figure
COUNTED = {
    "bishop_trained": "bishops",
    "building_built": "buildings",
    "city_upgraded": "upgrades",
    "battle_started": "battles",
    "city_gained": "cities_taken",
    "governor_appointed": "governors",
}


def figures(game, seat: str) -> dict[str, float]:
    """The figures of ``seat`` in the finished ``game`` (public log and final state)."""
    out: Counter[str] = Counter()
    for key, params, _visibility in game.log:
        if params.get("player") != seat:
            continue
        if key == "order_placed":
            out[f"orders_{params['order']}"] += 1
        elif key == "order_started" and params.get("order") == "prayer":
            out["prayers"] += 1
        elif key in COUNTED:
            out[COUNTED[key]] += 1
    cities = len(game.s["players"][seat]["cities"])
    lands = holy_land_counts(game).get(seat, 0)
    out["cities_end"] = cities
    out["buildings_end"] = len(game.s["players"][seat]["buildings"])
    out["coins_end"] = game.s["players"][seat]["coins"]
    out["holy_lands_end"] = lands
    out["hegemony"] = int(cities >= HEGEMONY_CITIES)
    out["righteousness"] = int(lands >= RIGHTEOUSNESS_LANDS)
    out["won"] = int(game.result()["winner"] == seat)
    return {f: float(out[f]) for f in FIGURES}


_BOTS: dict = {}


def play_one(job) -> dict:
    """One game of the schedule: ``{seat kind: figures}`` (also run in worker processes)."""
    _deal, _rot, states, kinds, game_seed, bots_seed = job
    game = Game.new(states, seed=game_seed)
    seats = {}
    for s, kind in kinds.items():
        if kind not in _BOTS:
            _BOTS[kind] = make_bot(kind)
        seats[s] = _BOTS[kind]
    play(game, seats, bots_seed)
    return {kind: figures(game, s) for s, kind in kinds.items()}


def mean_ci(xs: list[float]) -> tuple[float, float, float]:
    """Mean and its 95 % interval (normal approximation)."""
    n = len(xs)
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n)
    return m, m - half, m + half


def ratio_ci(a: list[float], b: list[float], seed: int,
             rounds: int = 2000) -> tuple[float | None, float | None, float | None]:
    """sum(a) / sum(b) and its 95 % bootstrap interval, the games resampled in pairs."""
    n = len(a)
    if sum(b) == 0:
        return None, None, None
    rnd = random.Random(seed)
    ratios = []
    for _ in range(rounds):
        idx = [rnd.randrange(n) for _ in range(n)]
        sb = sum(b[i] for i in idx)
        ratios.append(sum(a[i] for i in idx) / sb if sb else math.inf)
    ratios.sort()
    return sum(a) / sum(b), ratios[int(0.025 * rounds)], ratios[int(0.975 * rounds) - 1]


def run_style(level: str, style_id: str, games: int, seed: int, bot_seed: int, jobs: int,
              progress: bool, against: str | None = None, rows_file: str | None = None) -> dict:
    """Play the style's games; each finished game's figures are appended to ``rows_file``
    (one JSON line) when given, so a run stopped early can still be reported
    (``--summarize``)."""
    styled, balanced = seat_kind(level, style_id), against or level
    plan = schedule([styled, balanced], 2, games, seed, bot_seed)
    rows: list[dict] = []
    sink = open(rows_file, "a", encoding="utf-8") if rows_file else None  # noqa: SIM115

    def done(r: dict) -> None:
        rows.append(r)
        if sink:
            sink.write(json.dumps({"style": style_id, "kind": styled, "against": balanced,
                                   "seed": seed, "row": r}) + "\n")
            sink.flush()
        if progress:
            wins = sum(int(x[styled]["won"]) for x in rows)
            print(f"{styled} vs {balanced}: game {len(rows)}/{len(plan)}, {styled} wins {wins}",
                  file=sys.stderr, flush=True)

    try:
        for r in played(plan, play_one, jobs):
            done(r)
    finally:
        if sink:
            sink.close()
    return summary(rows, style_id, styled, balanced, seed)


def summary(rows: list[dict], style_id: str, styled: str, balanced: str, seed: int) -> dict:
    """The report of one style over the games ``rows`` (``{seat kind: figures}`` each)."""
    out: dict = {"style": style_id, "kind": styled, "against": balanced, "seed": seed,
                 "games": len(rows), "figures": {}}
    for i, f in enumerate(FIGURES):
        a = [r[styled][f] for r in rows]
        b = [r[balanced][f] for r in rows]
        ratio, lo, hi = ratio_ci(a, b, seed + i)
        out["figures"][f] = {"style": [round(x, 3) for x in mean_ci(a)],
                             "balanced": [round(x, 3) for x in mean_ci(b)],
                             "ratio": [None if x is None else round(x, 3)
                                       for x in (ratio, lo, hi)]}
    sig = {}
    for f in SIGNATURES.get(style_id, ()):
        _r, lo, _hi = out["figures"][f]["ratio"]
        sig[f] = lo is not None and lo > 1.0
    out["signature"] = sig
    wins = sum(int(r[styled]["won"]) for r in rows)
    out["wins"] = wins
    out["win_ci95"] = [round(x, 4) for x in wilson(wins, len(rows))]
    return out


def from_rows(path: str) -> list[dict]:
    """The reports of the games saved by ``--rows`` in ``path``, per style."""
    runs: dict = {}
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            x = json.loads(line)
            key = (x["style"], x["kind"], x["against"], x["seed"])
            runs.setdefault(key, []).append(x["row"])
    return [summary(rows, *key) for key, rows in runs.items()]


def show(r: dict) -> None:
    lo, hi = r["win_ci95"]
    print(f"{r['kind']} against {r['against']}: {r['games']} games, seed {r['seed']}: "
          f"{r['kind']} wins {r['wins']} = {r['wins'] / r['games']:.1%} "
          f"(95% CI {lo:.1%}–{hi:.1%})")
    print(f"  {'figure':16} {'style (95% CI)':>24} {'balanced (95% CI)':>24} "
          f"{'ratio (95% CI)':>22}")
    for f, v in r["figures"].items():
        s, b, q = v["style"], v["balanced"], v["ratio"]
        ratio = (f"{q[0]:.2f} ({q[1]:.2f}–{q[2]:.2f})" if q[0] is not None else "—")
        mark = "*" if f in r["signature"] else " "
        print(f" {mark}{f:16} {s[0]:7.2f} ({s[1]:6.2f}–{s[2]:6.2f}) "
              f"{b[0]:7.2f} ({b[1]:6.2f}–{b[2]:6.2f}) {ratio:>22}")
    shown = [f for f, ok in r["signature"].items() if ok]
    print(f"  signature figures shown (ratio's 95% interval above 1): "
          f"{', '.join(shown) or 'none'} of {', '.join(r['signature'])}", flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--level", default="normal", choices=("normal", "hard", "expert"))
    ap.add_argument("--styles", default=",".join(SIGNATURES))
    ap.add_argument("--against", default=None,
                    help="the opponent's seat kind (default: the balanced bot of --level)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bot-seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--progress", action="store_true")
    ap.add_argument("--rows", default=None,
                    help="append each finished game's figures to this file (JSON lines)")
    ap.add_argument("--summarize", default=None, metavar="ROWS",
                    help="play nothing: report the games saved by --rows in ROWS")
    a = ap.parse_args(argv)
    if a.summarize:
        report = from_rows(a.summarize)
    else:
        report = [run_style(a.level, sid.strip(), a.games, a.seed, a.bot_seed, a.jobs,
                            a.progress, a.against, a.rows)
                  for sid in a.styles.split(",") if sid.strip()]
    for r in report:
        show(r)
    if a.json:
        print(json.dumps({"level": a.level, "seed": a.seed, "bot_seed": a.bot_seed,
                          "styles": report}, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())

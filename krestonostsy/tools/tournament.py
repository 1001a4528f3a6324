"""``krestonostsy tournament``: bots against bots, duplicate-seeded, seats rotated.

    krestonostsy tournament --bots hard,normal --players 2 --games 200 --seed 1 [--bot-seed 0]
                            [--jobs 2] [--json] [--figures]

Each **deal** is a random legal line-up of states and a game seed. The bots are given to
the seats in every rotation of the line-up, so each deal is played once per rotation and
no bot profits from a lucky deal or seat (``--games`` is rounded up to whole deals). With
fewer bots than players the list is repeated (``hard,normal`` in a 4-player game: two of
each); ``--bots hard,normal,normal,normal`` is one hard bot against three normal ones. A
bot is a seat kind: a level, or a level in a play style (``hard:merchant``, docs/ai.md).

``--seed`` makes the deals; the bots' own randomness comes from ``--bot-seed`` alone (each
game's bots get ``mix(bot seed, deal, rotation)``), so no bot ever receives a number from
which a game seed — and with it every hidden card — could be computed. The same two
numbers play the same tournament.

Prints each level's wins with a 95 % (Wilson) confidence interval and its fair share, the
mean game length and each level's decision time (p50/p95/max, milliseconds).
``--jobs J`` plays the games in J processes (the results do not change); ``--json`` ends
with one JSON object; ``--progress`` writes a line per finished game to stderr (its
winner and the running tally), so a long run can be followed. A run stopped with Ctrl+C
(SIGINT) ends with the same report over the games finished so far (``"stopped": true`` and
``"planned"`` in the JSON): the schedule does not depend on ``--games``, so those are the
first games of the full run, deal by deal.

A long run can be played in parts: ``--rows FILE`` appends each finished game to FILE as
one JSON line and skips the games FILE already holds (the same command continues a run
that was stopped), ``--from-deal D`` plays the schedule from deal D on (the same games as
in the whole run), and ``--report FILE…`` plays nothing and reports the games of those
files together (a game saved twice counts once).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from collections import Counter

from ..ai import LEVELS, make_bot, mix, parse_seat_kind, style_ids
from ..ai.play import play
from ..engine import Game
from . import UsageError, run_alone, tally
from .simulate import lineup

Z95 = 1.959964


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + Z95 ** 2 / n
    mid = (p + Z95 ** 2 / (2 * n)) / den
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


def percentile(sorted_values: list, q: float) -> float:
    if not sorted_values:
        return 0.0
    i = min(len(sorted_values) - 1, max(0, math.ceil(q * len(sorted_values)) - 1))
    return sorted_values[i]


def schedule(bots: list, players: int, games: int, seed: int, bot_seed: int = 0) -> list:
    """``[(deal, rotation, states, {state: level}, game seed, bots' seed)]`` for the whole
    tournament: the deals from ``seed``, the bots' seeds from ``bot_seed`` alone."""
    seats = [bots[i % len(bots)] for i in range(players)]
    rnd = random.Random(seed)
    deals = -(-games // players)
    out = []
    for deal in range(deals):
        states = lineup(players, rnd)
        rnd.shuffle(states)
        game_seed = mix(seed, deal) % 2_000_000_000
        for rot in range(players):
            levels = {s: seats[(i + rot) % players] for i, s in enumerate(states)}
            out.append((deal, rot, states, levels, game_seed, mix(bot_seed, deal, rot)))
    return out


_BOTS: dict = {}


def _bot(level: str):
    if level not in _BOTS:
        _BOTS[level] = make_bot(level)
    return _BOTS[level]


def play_one(job) -> dict:
    """One game of the schedule (also run in worker processes)."""
    deal, rot, states, levels, game_seed, bots_seed = job
    game = Game.new(states, seed=game_seed)
    seats = {s: _bot(lv) for s, lv in levels.items()}
    played = play(game, seats, bots_seed)
    r = game.result()
    return {"deal": deal, "rotation": rot, "winner_level": levels[r["winner"]],
            "winner": r["winner"], "actions": len(game.actions), "round": game.round,
            "end_conditions": r.get("end_conditions", []), "times": played.times}


def played(plan: list, play_game, jobs: int = 1):
    """The results of ``play_game(job)`` for each job of ``plan``, in the plan's order, as
    they finish; in ``jobs`` processes when more than one (``play_game`` must then be a
    module-level function: the processes are spawned)."""
    if jobs <= 1:
        for job in plan:
            yield play_game(job)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn")) as ex:
        yield from ex.map(play_game, plan)


def run(bots: list, players: int, games: int, seed: int, jobs: int = 1,
        progress=None, bot_seed: int = 0, from_deal: int = 0, rows: str | None = None) -> dict:
    """Play the tournament's schedule from deal ``from_deal`` on (its first deals were played
    by an earlier run); with ``rows``, append each finished game to that file as one JSON
    line, so that runs of parts of a schedule can be reported together (:func:`report`),
    and play only the games the file does not hold yet: a stopped run continues where it
    stopped, and its report covers the games of both."""
    saved: dict = {}
    if rows and os.path.exists(rows):
        key, saved = saved_games([rows])
        if key is not None and key != (tuple(bots), players, seed, bot_seed):
            raise UsageError(f"--rows: {rows} holds the games of another tournament ({key})")
    whole = [job for job in schedule(bots, players, games, seed, bot_seed)
             if job[0] >= from_deal]
    results = [saved[job[:2]] for job in whole if job[:2] in saved]
    plan = [job for job in whole if job[:2] not in saved]
    start = time.perf_counter()
    stopped = False
    sink = open(rows, "a", encoding="utf-8") if rows else None  # noqa: SIM115 - closed below

    def finished(r: dict) -> None:
        results.append(r)
        if sink is not None:
            sink.write(json.dumps({"bots": bots, "players": players, "seed": seed,
                                   "bot_seed": bot_seed, **r}, sort_keys=True) + "\n")
            sink.flush()
        if progress:
            progress(results, len(whole))

    try:
        for r in played(plan, play_one, jobs):
            finished(r)
    except KeyboardInterrupt:  # stopped by hand: report the games finished so far
        stopped = True
        if not results:
            raise
    finally:
        if sink is not None:
            sink.close()
    return summary(results, bots, players, seed, bot_seed, len(whole), stopped,
                   time.perf_counter() - start)


def summary(results: list, bots: list, players: int, seed: int, bot_seed: int,
            planned: int, stopped: bool, seconds: float) -> dict:
    """The report over the games ``results`` (:func:`play_one`'s dicts)."""
    n = len(results)
    wins = Counter(r["winner_level"] for r in results)
    levels = list(dict.fromkeys(bots))
    seats_of = Counter(bots[i % len(bots)] for i in range(players))
    times: dict = {}
    for r in results:
        for lv, ts in r["times"].items():
            times.setdefault(lv, []).extend(ts)
    decision_ms = {}
    for lv in levels:
        ts = sorted(times.get(lv, []))
        decision_ms[lv] = {"n": len(ts), "p50": round(percentile(ts, 0.5), 2),
                           "p95": round(percentile(ts, 0.95), 2),
                           "max": round(ts[-1], 2) if ts else 0.0}
    ends = Counter(c for r in results for c in r["end_conditions"])
    rotations = Counter(r["deal"] for r in results)
    return {
        "bots": bots, "players": players, "seed": seed, "bot_seed": bot_seed, "games": n,
        "deals": len(rotations),
        # a stopped run or one part of a run can hold deals with only some rotations
        "whole_deals": sum(1 for k in rotations.values() if k == players),
        "wins": {lv: wins.get(lv, 0) for lv in levels},
        "win_rate": {lv: round(wins.get(lv, 0) / n, 4) for lv in levels},
        "ci95": {lv: [round(x, 4) for x in wilson(wins.get(lv, 0), n)] for lv in levels},
        "fair_share": {lv: round(seats_of[lv] / players, 4) for lv in levels},
        "mean_actions": round(sum(r["actions"] for r in results) / n, 1),
        "decision_ms": decision_ms,
        "end_conditions": dict(ends),
        "seconds": round(seconds, 1),
        "planned": planned, "stopped": stopped,
    }


def saved_games(paths: list) -> tuple:
    """``(tournament, {(deal, rotation): game})`` of the games saved by runs with ``--rows``
    in ``paths`` (the files of one tournament: the same bots, players and seeds; a game saved
    twice counts once); the tournament is ``(bots, players, seed, bot seed)``, None when the
    files hold no game. UsageError names a line that is not a game or is another
    tournament's."""
    games: dict = {}
    first = None
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            for no, line in enumerate(fh, 1):
                try:
                    r = json.loads(line)
                    key = (r["bots"], r["players"], r["seed"], r["bot_seed"])
                    games[(r["deal"], r["rotation"])] = r
                except (ValueError, KeyError, TypeError) as err:
                    raise UsageError(f"{path}:{no}: not a game of a tournament ({err})") \
                        from None
                key = (tuple(key[0]), *key[1:])
                if first is None:
                    first = key
                elif key != first:
                    raise UsageError(f"{path}:{no}: a game of another tournament "
                                     f"({key}, not {first})")
    return first, games


def report(paths: list) -> dict:
    """The report over the games saved by runs with ``--rows`` (:func:`saved_games`)."""
    first, games = saved_games(paths)
    if first is None:
        raise UsageError("--report: no games in " + ", ".join(paths))
    bots, players, seed, bot_seed = list(first[0]), first[1], first[2], first[3]
    results = [games[k] for k in sorted(games)]
    return summary(results, bots, players, seed, bot_seed, len(results), False, 0.0)


def _print_progress(results: list, total: int) -> None:
    r = results[-1]
    tally = Counter(x["winner_level"] for x in results)
    print(f"game {len(results)}/{total} (deal {r['deal']}, rotation {r['rotation']}): "
          f"{r['winner_level']} ({r['winner']}) wins in {r['actions']} actions; so far "
          + ", ".join(f"{lv} {n}" for lv, n in sorted(tally.items())),
          file=sys.stderr, flush=True)


def add_arguments(ap: argparse.ArgumentParser) -> None:
    """The options of ``krestonostsy tournament``."""
    ap.add_argument("--bots",
                    help=f"comma-separated seat kinds, one per seat: a level "
                         f"({', '.join(LEVELS)}), optionally with a play style "
                         f"(hard:merchant; styles: {', '.join(style_ids())})")
    ap.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    ap.add_argument("--games", type=int, default=20, help="games in all (whole deals)")
    ap.add_argument("--seed", type=int, default=1, help="makes the deals")
    ap.add_argument("--bot-seed", type=int, default=0,
                    help="the bots' own randomness (independent of the deals)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--json", action="store_true", help="end with one JSON object")
    ap.add_argument("--progress", action="store_true",
                    help="a line per finished game on stderr (winner, running tally)")
    ap.add_argument("--from-deal", type=int, default=0, metavar="D",
                    help="play the schedule from deal D on (an earlier run played the rest)")
    ap.add_argument("--rows", metavar="FILE",
                    help="append each finished game to FILE (one JSON line), for --report; "
                         "the games FILE holds already are not played again")
    ap.add_argument("--report", nargs="+", metavar="FILE",
                    help="play nothing: report the games saved with --rows in FILE…")


def command(a: argparse.Namespace) -> int:
    if a.report:
        return _print_report(report(a.report), a.json)
    bots = [b.strip() for b in (a.bots or "").split(",") if b.strip()]
    if not bots:
        raise UsageError(f"--bots: no bot given; choose from {', '.join(LEVELS)}")
    for b in bots:
        try:
            parse_seat_kind(b)
        except ValueError as err:
            raise UsageError(f"--bots: {err}") from None
    if len(bots) > a.players:
        raise UsageError(f"--bots: {len(bots)} bots for {a.players} players")
    if a.games < 1 or a.jobs < 1 or a.from_deal < 0:
        raise UsageError("--games and --jobs must be at least 1, --from-deal at least 0")
    try:
        r = run(bots, a.players, a.games, a.seed, a.jobs,
                progress=_print_progress if a.progress else None, bot_seed=a.bot_seed,
                from_deal=a.from_deal, rows=a.rows)
    except OSError as err:
        raise UsageError(f"--rows: cannot write {a.rows}: {err.strerror or err}") from None
    except UsageError:
        raise
    except Exception as err:  # a failing game is reported, never hidden
        print(f"tournament: a game failed: {type(err).__name__}: {err}", file=sys.stderr)
        return 1
    if r["stopped"]:
        print(f"stopped by hand after {r['games']} of {r['planned']} games: the report covers "
              f"the games finished (a deal is complete only with all its rotations)")
    return _print_report(r, a.json)


def _print_report(r: dict, as_json: bool) -> int:
    bots, players = r["bots"], r["players"]
    deals = f"{r['deals']} deal" + ("" if r["deals"] == 1 else "s")
    if r["whole_deals"] == r["deals"]:
        games = f"{r['games']} games ({deals} × {players} seat rotations)"
    else:
        games = (f"{r['games']} games from {deals} ({r['whole_deals']} of them with all "
                 f"{players} seat rotations)")
    print(f"{games}, {players} players, seed {r['seed']}: {', '.join(bots)}")
    for lv in r["wins"]:
        lo, hi = r["ci95"][lv]
        print(f"  {lv:7} wins {r['wins'][lv]:5} = {r['win_rate'][lv]:6.1%}  "
              f"95% CI {lo:6.1%}–{hi:6.1%}  (fair share {r['fair_share'][lv]:.0%})")
    print(f"mean game length: {r['mean_actions']} actions")
    for lv, t in r["decision_ms"].items():
        print(f"  {lv:7} decision ms: p50 {t['p50']}  p95 {t['p95']}  max {t['max']}  "
              f"({t['n']} decisions)")
    print(tally("end conditions", r["end_conditions"]))
    if as_json:
        print(json.dumps(r, sort_keys=True))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(run_alone(sys.modules[__name__]))

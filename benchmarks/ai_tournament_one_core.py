"""``krestonostsy tournament`` with the expert's trees searched one after the other in the
tournament's own process (``processes=1``) instead of two worker processes per decision
(every search level of ``levels.SEARCH_LEVELS`` alike).

    nice -n 10 python benchmarks/ai_tournament_one_core.py --bots expert,hard --players 2 \\
        --games 200 --seed 1 --json --progress

The trees depend only on their root worlds and seeds, so the decisions — and the games — are
the same as with the worker processes (``test_expert_trees_in_processes_choose_as_in_one_process``);
only one core is used per game, which a shared machine needs. ``--compiled``: the engine
compiled by ``packaging/compile_engine.py``, as the frozen game runs it. ``--jobs J`` plays
the games
in J forked processes (the patched level is inherited; the tournament's own ``spawn`` would
start them without it), each on one core. Stop it with ``kill -INT``: the tournament then
reports the games finished. ``--variant NAME=LEVEL:key=value,…`` adds a bot named NAME:
the search level LEVEL with those budget settings (:func:`variant`).
"""
from __future__ import annotations

import dataclasses
import json
import multiprocessing
import signal
import sys
from dataclasses import replace

import engine_path

# run from a checkout without installing (the source, or with --compiled the mypyc build)
COMPILED = engine_path.use()
engine_path.check(COMPILED)

from krestonostsy.ai import levels  # noqa: E402
from krestonostsy.cli import main  # noqa: E402

for name, (cls, budget, weights) in levels.SEARCH_LEVELS.items():
    levels.LEVELS[name] = levels._searcher(cls, replace(budget, processes=1), weights)


def variant(spec: str) -> str:
    """``NAME=LEVEL:key=value,…``: a search level with other budget settings, playing
    under a name of its own (a pilot of a candidate that is not a level yet), e.g.
    ``--variant big=expert:iterations=1200``."""
    name, _, rest = spec.partition("=")
    level, _, settings = rest.partition(":")
    if not name or level not in levels.SEARCH_LEVELS:
        raise SystemExit(f"--variant {spec!r}: NAME=LEVEL:key=value,… with LEVEL one of "
                         f"{', '.join(levels.SEARCH_LEVELS)}")
    cls, budget, weights = levels.SEARCH_LEVELS[level]
    fields = [f.name for f in dataclasses.fields(budget)]
    changes = {}
    for item in filter(None, settings.split(",")):
        key, _, value = item.partition("=")
        if key not in fields:
            raise SystemExit(f"--variant {spec!r}: no budget setting {key!r} "
                             f"(settings: {', '.join(fields)})")
        changes[key] = json.loads(value)
    named = type(cls.__name__, (cls,), {"level": name})
    levels.LEVELS[name] = levels._searcher(named, replace(budget, processes=1, **changes),
                                           weights)
    return name


def _args(argv: list) -> list:
    """The tournament's arguments: ``--compiled`` dropped, each ``--variant`` made."""
    out, it = [], iter(argv)
    for a in it:
        if a == "--variant":
            variant(next(it, ""))
        elif a.startswith("--variant="):
            variant(a.partition("=")[2])
        elif a != "--compiled":
            out.append(a)
    return out


_get_context = multiprocessing.get_context
multiprocessing.get_context = lambda method=None: _get_context("fork")

if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.default_int_handler)
    raise SystemExit(main(["tournament", *_args(sys.argv[1:])]))

"""``krestonostsy campaign``: play a campaign headless with bots (docs/campaign.md).

    krestonostsy campaign --players N --bots LEVELS --seed S [--advanced] [--json] [--dir DIR]
    krestonostsy campaign --open FILE [--json]       replay and show a chronicle

``--bots`` is one level for every seat or one per seat (``normal,easy,hard``). The
campaign plays every scenario that exists, prints each one's result, nicknames and the
carry-overs, names the scenarios not implemented yet, and writes the chronicle in the
user data folder (``--dir``, default ``$KRESTONOSTSY_DATA_DIR`` or the game's folder).
"""
from __future__ import annotations

import argparse
import json
import sys

from ..campaign.chronicle import Chapter, Chronicle, ChronicleError
from ..campaign.data import shipped_campaign
from ..campaign.play import play_next
from ..content import ContentError
from . import UsageError, run_alone

LINEUPS = {4: ["jerusalem", "tripoli", "edessa", "antioch"],
           3: ["jerusalem", "tripoli", "edessa"], 2: ["jerusalem", "tripoli"]}


REASONS = {"CAMP-05": "CAMP-05 nickname of {}", "CAMP-06": "CAMP-06 keeps {} as its fief",
           "CAMP-07": "CAMP-07 lost its capital {}", "CAMP-08": "CAMP-08 last place ({})"}
"""How the carry-over reasons (rule ID, detail) read in the command's output."""


def chapter_json(c: Chapter, data) -> dict:
    out = c.record()
    del out["save"]
    out["nickname_names"] = {x: data.nickname(c.scenario, q).name for x, q in c.nicknames.items()}
    return out


def _print_chapter(i: int, c: Chapter, chronicle: Chronicle) -> None:
    data = chronicle.data
    entry = data.scenario(c.scenario)
    result = c.game.result()
    print(f"Scenario {i}: {entry.name} ({entry.years}) — {c.scenario}, seed {c.seed}")
    for x in sorted(c.places, key=lambda x: c.places[x]):
        nick = data.nickname(c.scenario, c.nicknames[x]).name
        led = ", ".join(c.led[x]) or "-"
        print(f"  {c.places[x]}. {x} {nick}: score {result['scores'][x]['total']}, "
              f"chronicle points +{c.points[x]} (led: {led})")
    if c.starting is None:
        print("  carries over: nothing (no next scenario to play)")
        return
    for x, why in (c.reasons or {}).items():
        start = c.starting.get(x, {})
        print(f"  carries over for {x}: {json.dumps(start, ensure_ascii=False)} "
              f"({'; '.join(REASONS[rule].format(detail) for rule, detail in why)})")


def add_arguments(ap: argparse.ArgumentParser) -> None:
    """The options of ``krestonostsy campaign``."""
    ap.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    ap.add_argument("--bots", default="normal",
                    help="a bot level for every seat, or one per seat: normal,easy,hard")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--dir", default=None, help="the user data folder (campaigns/ inside)")
    ap.add_argument("--name", default=None, help="the campaign's file name (default: time)")
    ap.add_argument("--advanced", action="store_true",
                    help="the advanced mode: terrain changes battles for cities (CAMP-10)")
    ap.add_argument("--open", default=None, metavar="FILE", help="replay a chronicle")
    ap.add_argument("--json", action="store_true", help="print one JSON object last")


def command(a: argparse.Namespace) -> int:
    try:
        data = shipped_campaign()
        if a.open:
            chronicle = Chronicle.load(a.open, data)
            played = list(chronicle.chapters)
        else:
            levels = a.bots.split(",")
            if len(levels) not in (1, a.players):
                raise UsageError(f"--bots names {len(levels)} levels for {a.players} seats")
            states = LINEUPS[a.players]
            seats = {x: levels[0] if len(levels) == 1 else levels[i]
                     for i, x in enumerate(states)}
            chronicle = Chronicle.new(seats, a.seed, folder=a.dir, campaign_id=a.name,
                                      data=data, advanced=a.advanced)
            played = []
            while chronicle.next_scenario() is not None:
                played.append(play_next(chronicle))
                if not a.json:
                    _print_chapter(len(played), played[-1], chronicle)
    except (ChronicleError, ContentError, ValueError) as err:
        print(f"campaign: {err}", file=sys.stderr)
        return 1
    if a.open and not a.json:
        for i, c in enumerate(played, start=1):
            _print_chapter(i, c, chronicle)
    missing = chronicle.missing()
    standings = chronicle.standings()
    winner = chronicle.winner()
    if a.json:
        print(json.dumps({"chronicle": str(chronicle.path), "seats": chronicle.seats,
                          "seed": chronicle.seed, "advanced": chronicle.advanced,
                          "scenarios": [chapter_json(c, data) for c in played],
                          "not_implemented": [e.id for e in missing],
                          "standings": standings, "winner": winner}, ensure_ascii=False))
        return 0
    print("Chronicle points: " + ", ".join(f"{x} {n}" for x, n in
                                           sorted(standings.items(), key=lambda t: -t[1])))
    if missing:
        print("Not implemented yet (the campaign stops here): "
              + ", ".join(f"{e.name} ({e.id})" for e in missing))
    print(f"Campaign winner: {winner}" if winner else
          "No campaign winner yet: the campaign is not complete.")
    print(f"Chronicle: {chronicle.path}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(run_alone(sys.modules[__name__]))

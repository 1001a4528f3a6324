"""``krestonostsy replay SAVE.json``: replay a saved game and verify it."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..content import ContentError
from ..engine import Game, SaveError


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="krestonostsy replay",
                                 description="Replay a saved game and check every action.")
    ap.add_argument("save", type=Path)
    a = ap.parse_args(argv)
    try:
        raw = a.save.read_bytes()
    except OSError as err:
        print(f"replay: cannot read {a.save}: {err.strerror or err}", file=sys.stderr)
        return 2
    try:
        game = Game.from_json(raw)
    except SaveError as err:
        print(f"replay: {a.save}: {err}", file=sys.stderr)
        return 1
    except ContentError as err:
        print(f"replay: the game's content is broken: {err}", file=sys.stderr)
        return 1
    state = "over" if game.is_over else f"waiting for {game.decision.player}"
    print(f"{a.save}: {len(game.actions)} actions replayed and verified; round "
          f"{game.s['round']}, game {state}")
    if game.is_over:
        r = game.result()
        print(f"winner: {r['winner']}")
    return 0

"""``krestonostsy replay SAVE.json``: replay a saved game and verify it.

Exit status: 0 when every action replays and the final position is the one saved (or the
save is too old to carry a digest — then the output says it could not be compared);
1 when the save is refused (the message says why; never a traceback); 2 when the file
cannot be read.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..content import ContentError
from ..engine import MAX_SAVE_BYTES, Game, SaveError
from . import run_alone


def add_arguments(ap: argparse.ArgumentParser) -> None:
    """The options of ``krestonostsy replay``."""
    ap.add_argument("save", type=Path)


def command(a: argparse.Namespace) -> int:
    try:
        if a.save.stat().st_size > MAX_SAVE_BYTES:
            print(f"replay: {a.save}: the file is too large to be a save (a save is at most "
                  f"{MAX_SAVE_BYTES // 1_048_576} MB)", file=sys.stderr)
            return 1
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
    d = game.decision
    state = "over" if d is None else f"waiting for {d.player}"
    if game.digest_verified:
        check = "replayed and verified (the final position is the one saved)"
    else:
        check = ("replayed, every action legal; not verified: the save is from an older "
                 "version and carries no digest of the saved position")
        if game.content_mismatch:
            check += ", and it names other card data than this game's"
    print(f"{a.save}: {len(game.actions)} actions {check}; round {game.round}, "
          f"game {state}")
    if game.is_over:
        r = game.result()
        print(f"winner: {r['winner']}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(run_alone(sys.modules[__name__]))

"""``krestonostsy validate-data [DIR]``: check YAML content; ``file:line`` errors."""
from __future__ import annotations

import argparse
import sys

from ..content import ContentError, load_content


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="krestonostsy validate-data",
                                 description="Check the game's YAML content.")
    ap.add_argument("dir", nargs="?", default=None, help="content folder (default: shipped data)")
    a = ap.parse_args(argv)
    try:
        content = load_content(a.dir)
    except ContentError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    counts = {"events": len(content.events), "buildings": len(content.buildings),
              "tactics": len(content.tactics), "saracen cards": len(content.saracens),
              "governors": len(content.governors), "bulls": len(content.bulls),
              "spies": len(content.spies), "rescripts": len(content.rescripts)}
    print("content OK: 13 cities; " + ", ".join(f"{v} {k}" for k, v in counts.items()))
    return 0

"""Behaviour fingerprint of the rules engine: a safety net for refactoring and speed work.

Plays seeded random games (``--games`` per player count, default 20, for 2, 3 and 4
players; random choices from ``random.Random(seed)``) and prints a sha256 of every game's
final ``game.state_json()``, of its log and of the sequence of decisions (player, prompt,
params and the legal actions in order, plus every player's and a spectator's view every
25 actions), then one combined hash. Same engine behaviour = same combined hash.

``--via-clone`` plays every action on a fresh ``game.clone()`` instead; the hash must not
change. The clone must equal its source and share no mutable object with it except the
players' and cities' entries and the parts of ``state.SHARED_PARTS`` (copy-on-write,
``board.player_w``/``city_w``/``part_w``), and after the action the source must still
equal itself at the clone: a write to a shared entry without the barrier would change it.

``--compiled`` plays the engine compiled by ``packaging/compile_engine.py``: the hash must
be the Python source's (``.ci/run`` checks it).

Run: ``python benchmarks/behaviour_fingerprint.py [--games N] [--quiet] [--via-clone]
[--compiled]``.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random

import engine_path

# run from a checkout without installing (the source, or with --compiled the mypyc build)
COMPILED = engine_path.use()

from krestonostsy.engine import Game  # noqa: E402
from krestonostsy.engine.state import SHARED_PARTS  # noqa: E402
from krestonostsy.tools.simulate import lineup  # noqa: E402


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _dump(data) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), default=repr)


def _containers(x, out: dict) -> dict:
    if isinstance(x, (dict, list)):
        out[id(x)] = x
        for v in (x.values() if isinstance(x, dict) else x):
            _containers(v, out)
    return out


def _cow_parts(s: dict) -> dict:
    """The containers shared copy-on-write: the players' and cities' entries and the
    parts of SHARED_PARTS, with everything inside them."""
    out: dict = {}
    for part in ("players", "cities"):
        for entry in s[part].values():
            _containers(entry, out)
    for part in SHARED_PARTS:
        if part in s:
            _containers(s[part], out)
    return out


def check_clone(game: Game) -> tuple[Game, str]:
    """A clone of ``game``, checked: equal state, no shared mutable object but the
    copy-on-write entries; and the source's state as JSON, for :func:`check_source`."""
    before = game.state_json()
    copy = game.clone()
    if copy.state_json() != before or copy.s != game.s:
        raise AssertionError("clone differs from its source")
    shared = _containers(game.s, {}).keys() & _containers(copy.s, {}).keys()
    stray = shared - _cow_parts(game.s).keys()
    if stray:
        raise AssertionError(f"clone shares {len(stray)} mutable objects with its source "
                             f"outside the copy-on-write parts")
    return copy, before


def check_source(source: Game, before: str) -> None:
    """After an action on the clone, the source (which did not move) is unchanged."""
    if source.state_json() != before:
        raise AssertionError("an action on a clone changed its source: a write to a "
                             "shared part without board.player_w/city_w/part_w")


def play(players: int, index: int, via_clone: bool = False) -> tuple[str, str, str, int]:
    """One seeded game: (state hash, log hash, decisions hash, number of actions)."""
    seed = players * 1000 + index
    rnd = random.Random(seed)
    game = Game.new(lineup(players, rnd), seed=seed)
    decisions = hashlib.sha256()
    n = 0
    while not game.is_over:
        source = before = None
        if via_clone:
            source = game
            game, before = check_clone(game)
        d = game.decision
        acts = game.legal_actions()
        decisions.update(_dump([d.player, d.prompt, d.params,
                                [a.to_json() for a in acts]]).encode())
        if n % 25 == 0:
            for who in [None, *game.s["states"]]:
                decisions.update(_dump(game.view(who)).encode())
        game.apply(acts[rnd.randrange(len(acts))])
        if source is not None:
            check_source(source, before)
        n += 1
        if n > 20000:
            raise RuntimeError(f"game {players}p #{index} did not end")
    decisions.update(_dump(game.result()).encode())
    return _sha(game.state_json()), _sha(_dump(game.log)), decisions.hexdigest(), n


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20, help="games per player count")
    ap.add_argument("--quiet", action="store_true", help="print only the combined hash")
    ap.add_argument("--via-clone", action="store_true",
                    help="play every action on a checked clone of the game")
    ap.add_argument("--compiled", action="store_true", help=engine_path.HELP)
    a = ap.parse_args()
    engine_path.check(COMPILED)
    combined = hashlib.sha256()
    for players in (2, 3, 4):
        for i in range(a.games):
            state_h, log_h, dec_h, n = play(players, i, a.via_clone)
            combined.update(f"{players}:{i}:{n}:{state_h}:{log_h}:{dec_h}\n".encode())
            if not a.quiet:
                print(f"{players}p #{i:<3} actions {n:>5}  state {state_h[:16]}  "
                      f"log {log_h[:16]}  decisions {dec_h[:16]}")
    print(f"combined {combined.hexdigest()}")


if __name__ == "__main__":
    main()

"""Find the tutorial's seed and record its game: ``python -m krestonostsy.tools.tutorial_script``.

The guided first game (``data/tutorial/first_game.yaml``) must never depend on luck: the
seed, the newcomer's scripted actions and the opponent's recorded moves give the same game
every time. This tool plays seeded two-state games (Jerusalem, the newcomer, against a
Novice bot playing Tripoli) with the lesson's plan for the newcomer and keeps the first
seed in which every kind of step the lesson teaches happens within two rounds:

* round 1: the event; an enhanced March in an outer cell (a spy is drawn and played on the
  opponent); a Prayer in an
  inner cell stacked on another token (a coin is paid); the income; the end-of-round check;
* round 2: a raid on the newcomer's city; Build (the capital's upgrade) and Muster (hire
  units) in inner cells; the enhanced March attacks a Saracen
  city and a battle is fought in which the newcomer cancels a half of a Saracen card and
  plays a tactic whose other half is covered by a blind draw, and wins; the income.

It prints the seed and the game's actions, each with who decided it and the prompt: the
newcomer's become the lesson's steps (by hand: each needs a hint and a target), the bot's
the ``opponent_moves`` of the YAML. Re-run it when a change of the rules or the content
breaks the lesson (``tests/ui/test_tutorial.py`` says so) and rewrite the steps it changed.
"""
from __future__ import annotations

import argparse
import json
import sys

from ..ai import decide, make_bot, mix
from ..engine import Action, Decision, Game
from . import run_alone

HUMAN, BOT = "jerusalem", "tripoli"
STATES = [HUMAN, BOT]
# the newcomer's plan on the cross: round → the placements in order
PLAN = {1: [("march", "outer"), ("prayer", "inner")],
        2: [("build", "inner"), ("muster", "inner")]}
LAST_ROUND = 2
PREFER = ("pay_good", "pay_coin")


def newcomer(game: Game, d: Decision, placed: dict[int, int]) -> Action | None:
    """The newcomer's choice at the decision ``d`` of ``game`` (None: the plan cannot be
    followed)."""
    acts = list(d.actions)
    kinds = {a.kind: a for a in acts}
    rnd = game.round
    if d.prompt == "place_order":
        n = placed.get(rnd, 0)
        order, cell = PLAN[rnd][n]
        want = Action("place_order", order=order, cell=cell)
        return want if want in acts else None
    if d.prompt == "build":
        upgrade = Action("upgrade", city=HUMAN)
        return upgrade if upgrade in acts else kinds.get("done")
    if d.prompt == "play_drawn_spy":
        return next((a for a in acts if a.kind == "play_spy"), None)
    if d.prompt == "march_governor":
        return kinds.get("end_march")
    if d.prompt == "take_card":
        taken = [a for a in acts if a.kind == "take_card"]
        free = [a for a in taken if a.get("market") == "buildings_0"]
        return next(iter(free or taken), None)
    if d.prompt == "muster":
        return kinds.get("hire") or kinds.get("done")
    if d.prompt in ("hire_goods", "prayer_goods", "march_goods"):
        return Action("extra_goods", n=0) if Action("extra_goods", n=0) in acts else acts[0]
    if d.prompt == "bishop_action":
        trains = [a for a in acts if a.kind == "train_bishop" and a.get("level") == 2]
        return trains[0] if trains else kinds.get("done")
    if d.prompt == "march_target":
        saracen = [a for a in acts if a.kind == "march_target"
                   and game.city(a.get("city")).get("units", {}).get("saracen", 0) > 0]
        return saracen[0] if saracen else None
    if d.prompt == "march_move":
        moves = [a for a in acts if a.kind == "march_move"]
        return max(moves, key=lambda a: a.get("n")) if moves else kinds.get("end_march")
    if d.prompt == "battle_cancel":
        return acts[0]
    if d.prompt == "battle_play":
        return acts[0]
    if d.prompt == "choose_effect":
        return acts[0]
    for kind in ("done", "pass", *PREFER):
        if kind in kinds:
            return kinds[kind]
    return acts[0]


def play(seed: int) -> tuple[Game, list[tuple[int, str, str, Action]]] | None:
    """The two rounds of ``seed`` with the lesson's plan, or None when the plan fails."""
    game = Game.new(STATES, seed=seed)
    bot = make_bot("novice")
    record: list[tuple[int, str, str, Action]] = []
    placed: dict[int, int] = {}
    # on to the newcomer's first decision after the lesson's rounds (the last hint is shown
    # there, and the opponent's moves up to it are recorded too)
    while (d := game.decision) is not None and not (game.round > LAST_ROUND
                                                     and d.player == HUMAN):
        if d.player == HUMAN:
            action = newcomer(game, d, placed)
            if action is None:
                return None
            if action.kind == "place_order":
                placed[game.round] = placed.get(game.round, 0) + 1
        else:
            action = decide(bot, game, mix(seed, len(game.actions)))
        record.append((len(game.actions), d.player, d.prompt, action))
        game.apply(action)
    return game, record


def teaches_everything(game: Game, newcomer_actions: list[Action]) -> bool:
    """Every kind of step of the lesson happened (see the module's docstring) in ``game``,
    whose newcomer played ``newcomer_actions``."""
    log = game.log
    keys = [k for k, _p, _v in log]
    starts = [i for i, k in enumerate(keys) if k == "round_started"]
    if len(starts) < 3:
        return False
    r1, r2 = log[starts[0]:starts[1]], log[starts[1]:starts[2]]

    def has(entries, key, **want):
        return any(k == key and all(p.get(x) == y for x, y in want.items())
                   for k, p, _v in entries)
    return (has(r1, "stack_payment", payer=HUMAN)
            and has(r1, "spy_drawn", player=HUMAN)
            and has(r2, "raid", player=HUMAN)
            and has(r2, "battle_started", player=HUMAN)
            and has(r2, "battle_won", player=HUMAN)
            and any(a.kind == "cancel_half" for a in newcomer_actions)
            and any(a.kind == "play_tactic" for a in newcomer_actions)
            and has(r2, "order_started", player=HUMAN, order="build")
            and has(r2, "order_started", player=HUMAN, order="muster")
            and has(r2, "order_started", player=HUMAN, order="march"))


def add_arguments(ap: argparse.ArgumentParser) -> None:
    """The options of ``python -m krestonostsy.tools.tutorial_script``."""
    ap.add_argument("--first", type=int, default=1, help="the first seed tried")
    ap.add_argument("--tries", type=int, default=2000)


def command(args: argparse.Namespace) -> int:
    for seed in range(args.first, args.first + args.tries):
        found = play(seed)
        if found is None:
            continue
        game, record = found
        if not teaches_everything(game, [a for _i, p, _pr, a in record if p == HUMAN]):
            continue
        print(f"seed: {seed}  (tried {seed - args.first + 1})")
        for i, player, prompt, action in record:
            print(f"{i:3d} {player:10s} {prompt:22s} {json.dumps(action.to_json())}")
        return 0
    print("no seed teaches every step", file=sys.stderr)
    return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(run_alone(sys.modules[__name__]))

"""Playing whole games with bots in every seat (tournaments, balance, tests)."""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from .seat import Bot, decide, mix


@dataclass
class Played:
    """A finished game and what its bots spent: ``times[kind]`` (a seat kind: ``"hard"``,
    ``"hard:merchant"``) lists the milliseconds of
    every decision a bot was asked (one-action decisions are answered by the harness and
    not counted)."""

    game: object
    times: dict = field(default_factory=dict)


def play(game, seats: dict, seed: int, max_actions: int = 20_000) -> Played:
    """Play ``game`` to the end, ``seats[state]`` (a :class:`Bot`) deciding for each
    state; the k-th decision of a seat uses the seed ``mix(seed, seat number, k)``.

    ``seed`` is the bots' own number, independent of the deal: never the game's seed
    nor anything computed from it (the game seed determines every hidden card, and a bot
    must not receive a number from which they can be computed). A tool takes it from an
    option of its own (``tournament --bot-seed``) or a constant."""
    order = {s: i for i, s in enumerate(game.s["states"])}
    counters = {s: 0 for s in order}
    out = Played(game)
    for _ in range(max_actions):
        d = game.decision
        if d is None:
            return out
        bot: Bot = seats[d.player]
        k = counters[d.player]
        counters[d.player] = k + 1
        if len(d.actions) == 1:
            game.apply(d.actions[0])
            continue
        start = time.perf_counter()
        action = decide(bot, game, mix(seed, order[d.player], k))
        out.times.setdefault(bot.kind, []).append((time.perf_counter() - start) * 1000)
        game.apply(action)
    raise RuntimeError(f"the game did not end within {max_actions} actions")

"""The harness between a game and a bot: what a seat may know, and nothing else.

A bot never receives the true game. :func:`decide` hands it a :class:`Knowledge`:

* ``view`` — ``game.view(seat)``, the seat's own view;
* ``actions`` — the legal actions of the seat's decision (public to the decider);
* ``world(k)`` — the k-th determinization ``game.determinize(seat, seed_k)``: a copy in
  which everything the seat cannot see is resampled. Every look-ahead a bot does runs on
  such copies.

The bot returns one of ``actions``. A decision with one legal action is answered by the
harness at once, without asking the bot. Bots hold no game between decisions: the
knowledge object is dropped when :func:`decide` returns.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine.actions import Action


def mix(*parts: int) -> int:
    """A 63-bit seed from several integers (deterministic across runs and processes)."""
    h = 0x9E3779B97F4A7C15
    for x in parts:
        h ^= (int(x) & 0xFFFFFFFFFFFFFFFF) + 0x9E3779B97F4A7C15 + ((h << 6) & 0xFFFFFFFFFFFFFFFF) + (h >> 2)
        h &= 0xFFFFFFFFFFFFFFFF
        h = (h * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        h ^= h >> 31
    return h & 0x7FFFFFFFFFFFFFFF


@dataclass(frozen=True)
class Knowledge:
    """What the deciding seat may know (see the module docstring)."""

    seat: str
    prompt: str
    params: dict
    actions: tuple
    view: dict
    seed: int
    _sample: Callable = field(repr=False, compare=False)

    def world(self, k: int = 0):
        """The k-th determinization of the seat's information set (a fresh copy)."""
        return self._sample(mix(self.seed, 0xD37, k))

    def rng(self, salt: int = 0) -> random.Random:
        """The bot's own generator for this decision."""
        return random.Random(mix(self.seed, salt))


class Bot:
    """A level: ``choose(knowledge) -> Action`` (one of ``knowledge.actions``)."""

    level = ""

    def choose(self, knowledge: Knowledge) -> Action:  # pragma: no cover - interface
        raise NotImplementedError


class BotError(RuntimeError):
    """A bot answered with an action that is not legal (a bug in the bot)."""


def knowledge_of(game, seed: int) -> Knowledge:
    """The seat's knowledge at ``game``'s current decision (the harness side)."""
    d = game.decision
    if d is None:
        raise BotError("the game is over: there is no decision to make")
    seat = d.player
    return Knowledge(seat=seat, prompt=d.prompt, params=dict(d.params), actions=d.actions,
                     view=game.view(seat), seed=seed,
                     _sample=lambda s: game.determinize(seat, s))


def decide(bot: Bot, game, seed: int) -> Action:
    """The action ``bot`` plays at ``game``'s current decision, with its ``seed``."""
    d = game.decision
    if d is None:
        raise BotError("the game is over: there is no decision to make")
    if len(d.actions) == 1:
        return d.actions[0]
    action = bot.choose(knowledge_of(game, seed))
    if action not in d.actions:
        raise BotError(f"{bot.level} bot answered {action!r}, not legal at "
                       f"'{d.prompt}' for {d.player}")
    return action

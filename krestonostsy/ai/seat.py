"""The harness between a game and a bot: what a seat may know, and nothing else.

A bot never receives the true game. :func:`decide` hands it a :class:`Knowledge`:

* ``view`` — ``game.view(seat)``, the seat's own view;
* ``actions`` — the legal actions of the seat's decision (public to the decider);
* ``world(k)`` — the k-th determinization ``game.determinize(seat, seed_k)``: a copy in
  which everything the seat cannot see is resampled. Every look-ahead a bot does runs on
  such copies;
* ``check()`` — raises :class:`Cancelled` once the caller no longer wants the answer
  (``decide(..., cancelled=flag.is_set)``: closing the game, undo, load, quit). Bots call
  it at every step of their look-ahead (the search at every iteration and playout move),
  so a cancel stops them at once.

The bot returns one of ``actions``. A decision with one legal action is answered by the
harness at once, without asking the bot. Bots hold no game between decisions: the
knowledge object is dropped when :func:`decide` returns.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..engine.actions import Action
from .reasons import Reason

if TYPE_CHECKING:
    from .styles import Style


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
    cancelled: Callable[[], bool] = field(default=lambda: False, repr=False, compare=False)

    def world(self, k: int = 0):
        """The k-th determinization of the seat's information set (a fresh copy)."""
        self.check()
        return self._sample(mix(self.seed, 0xD37, k))

    def check(self) -> None:
        """:class:`Cancelled` if the answer is no longer wanted."""
        if self.cancelled():
            raise Cancelled

    def rng(self, salt: int = 0) -> random.Random:
        """The bot's own generator for this decision."""
        return random.Random(mix(self.seed, salt))


class Bot:
    """A level: ``choose(knowledge) -> Action`` (one of ``knowledge.actions``). A level that
    can say why overrides :meth:`choose_explained` too."""

    level = ""
    style = "balanced"  # the play style's id (``styles.py``); set by :meth:`styled`

    @property
    def kind(self) -> str:
        """The seat kind this bot plays: ``"hard"`` (balanced) or ``"hard:merchant"``."""
        return self.level if self.style == "balanced" else f"{self.level}:{self.style}"

    def styled(self, style: Style) -> Bot:
        """This bot leaned by a play ``style`` (levels that weigh positions override it)."""
        raise ValueError(f"the {self.level} level plays balanced only: play styles apply "
                         "at normal, hard and expert")

    def choose(self, knowledge: Knowledge) -> Action:  # pragma: no cover - interface
        raise NotImplementedError

    def choose_explained(self, knowledge: Knowledge) -> tuple[Action, Reason | None]:
        """The action and, where the level has one, a :class:`~.reasons.Reason` for the
        log (the same action as :meth:`choose`)."""
        return self.choose(knowledge), None


class Cancelled(Exception):
    """The bot's answer is no longer wanted (the position changed, the game closed): the
    bot stops where it is, raising this from :meth:`Knowledge.check`."""


class BotError(RuntimeError):
    """A bot answered with an action that is not legal (a bug in the bot)."""


def knowledge_of(game, seed: int, cancelled: Callable[[], bool] | None = None) -> Knowledge:
    """The seat's knowledge at ``game``'s current decision (the harness side)."""
    d = game.decision
    if d is None:
        raise BotError("the game is over: there is no decision to make")
    seat = d.player
    return Knowledge(seat=seat, prompt=d.prompt, params=dict(d.params), actions=d.actions,
                     view=game.view(seat), seed=seed,
                     _sample=lambda s: game.determinize(seat, s),
                     cancelled=cancelled or (lambda: False))


def decide(bot: Bot, game, seed: int, cancelled: Callable[[], bool] | None = None) -> Action:
    """The action ``bot`` plays at ``game``'s current decision, with its ``seed``;
    :class:`Cancelled` as soon as ``cancelled()`` is true while the bot thinks."""
    return decide_explained(bot, game, seed, cancelled)[0]


def decide_explained(bot: Bot, game, seed: int,
                     cancelled: Callable[[], bool] | None = None) -> tuple[Action, Reason | None]:
    """:func:`decide` with the bot's reason for the log (None where it has none; always
    None for a decision with one legal action, which the bot is not asked)."""
    d = game.decision
    if d is None:
        raise BotError("the game is over: there is no decision to make")
    if len(d.actions) == 1:
        return d.actions[0], None
    action, reason = bot.choose_explained(knowledge_of(game, seed, cancelled))
    if action not in d.actions:
        raise BotError(f"{bot.kind} bot answered {action!r}, not legal at "
                       f"'{d.prompt}' for {d.player}")
    return action, reason

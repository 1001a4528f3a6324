"""The rules flow: an explicit stack of steps stored in the state.

Modelled on Rally the Troops' call/goto/end framework. The state holds
``state["stack"]``, a list of *frames*; each frame is a plain dict naming its step
(``{"s": "build", "player": "edessa", ...}``) plus that step's locals. Because the whole
flow is data, a game can be saved, cloned and replayed at any point.

A step is a class registered with :func:`step`. The engine repeatedly calls
``run(g, f)`` on the top frame:

* ``run`` either does automatic work and changes the stack (``g.call`` a child step,
  ``g.goto`` another step, ``g.ret`` to return to the caller), **or**
* returns a :class:`Decision`: who must choose, the prompt key + params, and the legal
  actions. ``run`` must not change the state when it returns a decision (it is called
  again freely), so it may be used to enumerate actions.

When a player picks one of the actions, the engine calls ``act(g, f, action)`` and then
runs again. A child's return value lands in the parent frame as ``f["ret"]``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

from .actions import Action

if TYPE_CHECKING:
    from .game import Game

STEPS: dict[str, Step] = {}
_NO_PARAMS: dict = {}  # marker: Decision() without params gets a new empty dict


class EngineError(RuntimeError):
    """An internal inconsistency of the rules engine (a bug, never a player's mistake)."""


@dataclass(frozen=True)
class Decision:
    """What the game is waiting for: ``player`` must pick one of ``actions``."""

    player: str
    prompt: str
    params: dict = field(default_factory=dict)
    actions: tuple[Action, ...] = ()

    def __init__(self, player: str, prompt: str, params: dict = _NO_PARAMS,
                 actions: tuple[Action, ...] = ()):
        # the generated frozen __init__ calls object.__setattr__ per field; one decision
        # is built per action played, so fill the instance dict directly (same result)
        d = self.__dict__
        d["player"] = player
        d["prompt"] = prompt
        d["params"] = {} if params is _NO_PARAMS else params
        d["actions"] = actions


class Step:
    """Base class of a rules step. Subclasses set ``name`` and implement ``run``/``act``."""

    name = ""

    def run(self, g: Game, f: dict) -> Decision | None:  # pragma: no cover - interface
        raise NotImplementedError

    def act(self, g: Game, f: dict, action: Action) -> None:  # pragma: no cover - interface
        raise EngineError(f"step {self.name} takes no actions")


S = TypeVar("S", bound=Step)


def step(cls: type[S]) -> type[S]:
    """Class decorator: register a :class:`Step` subclass under its ``name``."""
    if not cls.name or cls.name in STEPS:
        raise EngineError(f"bad or duplicate step name {cls.name!r}")
    STEPS[cls.name] = cls()
    return cls

"""The rules flow: an explicit stack of steps stored in the state.

Modelled on Rally the Troops' call/goto/end framework. The state holds
``state["stack"]``, a list of *frames*; each frame is a plain dict naming its step
(``{"s": "build", "player": "edessa", ...}``) plus that step's locals. Because the whole
flow is data, a game can be saved, cloned and replayed at any point.

A step is a class registered with :func:`step`. The engine repeatedly calls
``run(g, f)`` on the top frame (by default it dispatches on the frame's stage
``f["at"]`` to the method ``at_<stage>``, the first stage being :attr:`Step.start`):

* ``run`` either does automatic work and changes the stack (``g.call`` a child step,
  ``g.goto`` another step, ``g.ret`` to return to the caller), **or**
* returns a :class:`Decision`: who must choose, the prompt key + params, and the legal
  actions. ``run`` must not change the state when it returns a decision (it is called
  again freely), so it may be used to enumerate actions.

When a player picks one of the actions, the engine calls ``act(g, f, action)`` (by
default the method ``on_<kind>`` of the action's kind, Rally the Troops' one handler per
verb) and then runs again. A child's return value lands in the parent frame as ``f["ret"]``.
"""
from __future__ import annotations

from typing import Any, Final, TypeVar

from .actions import Action

T = TypeVar("T")
STEPS: dict[str, Step] = {}


def interpreted(cls: type[T]) -> type[T]:
    """Keep ``cls`` a plain Python class when the engine is compiled with mypyc (any class
    decorator does: mypyc compiles only undecorated classes and dataclasses to native
    ones). Needed by the bases of the steps (the steps are registered by a decorator, and
    a plain class cannot derive from a native one) and by classes that rely on an instance
    ``__dict__`` (``Decision``). Its methods are compiled either way."""
    return cls


_NO_PARAMS: dict = {}  # marker: Decision() without params gets a new empty dict


@interpreted  # mypyc cannot derive a native class from a built-in exception
class EngineError(RuntimeError):
    """An internal inconsistency of the rules engine (a bug, never a player's mistake)."""


class Decision:
    """What the game is waiting for: ``player`` must pick one of ``actions``.

    ``prompt`` is the key of the question asked (labelled in both languages,
    ``ui/table/labels.py``) and ``params`` fills it in. A value object: the engine never changes
    one after building it (a new decision replaces it), and neither may its readers.
    A plain class, not a dataclass: one is built per action played, and compiled (mypyc)
    its fields are C slots."""

    player: Final[str]
    prompt: Final[str]
    params: Final[dict]
    actions: Final[tuple[Action, ...]]

    def __init__(self, player: str, prompt: str, params: dict = _NO_PARAMS,
                 actions: tuple[Action, ...] = ()):
        self.player = player
        self.prompt = prompt
        self.params = {} if params is _NO_PARAMS else params
        self.actions = actions

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Decision) and self.player == other.player
                and self.prompt == other.prompt and self.params == other.params
                and self.actions == other.actions)

    __hash__ = None  # type: ignore[assignment]  # (params is a dict: equal, not hashable)

    def __repr__(self) -> str:
        return (f"Decision(player={self.player!r}, prompt={self.prompt!r}, "
                f"params={self.params!r}, actions={self.actions!r})")


@interpreted
class Step:
    """Base class of a rules step. Subclasses set ``name`` and either write the stages of
    their flow as methods ``at_<stage>(g, f)`` (``start`` names the first; a stage moves
    on by setting ``f["at"]``) and one handler ``on_<kind>(g, f, action)`` per kind of
    action they offer, or override ``run``/``act`` themselves. A stage or a kind without
    its method is an :class:`EngineError` (a renamed stage fails loudly)."""

    name = ""
    start = ""
    """The stage a new frame begins at (stored in ``f["at"]`` on the first run)."""
    _stages: dict = {}
    _verbs: dict = {}

    def run(self, g: Any, f: dict) -> Decision | None:  # g: the Game (no import back)
        at = f.get("at")
        if at is None:
            at = f["at"] = self.start
        stage = self._stages.get(at)
        if stage is None:
            raise EngineError(f"step {self.name} has no stage {at!r}")
        return stage(self, g, f)

    def act(self, g: Any, f: dict, action: Action) -> None:
        handler = self._verbs.get(action.kind)
        if handler is None:
            raise EngineError(f"step {self.name} takes no {action.kind!r} action")
        handler(self, g, f, action)


def innermost(stack: list[dict[str, Any]], name: str) -> dict[str, Any] | None:
    """The innermost frame of the step ``name`` on the flow ``stack`` (the one nearest
    the top), or None."""
    i = len(stack)
    while i:  # from the top, by index (mypyc cannot compile reversed() of this list)
        i -= 1
        frame = stack[i]
        step_name: str = frame["s"]
        if step_name == name:
            return frame
    return None


S = TypeVar("S", bound=Step)


def step(cls: type[S]) -> type[S]:
    """Class decorator: register a :class:`Step` subclass under its ``name`` (one
    instance), with its ``at_<stage>`` and ``on_<kind>`` methods in lookup tables."""
    if not cls.name or cls.name in STEPS:
        raise EngineError(f"bad or duplicate step name {cls.name!r}")
    names = {n for klass in cls.__mro__ for n in vars(klass)}
    cls._stages = {n[3:]: getattr(cls, n) for n in names if n.startswith("at_")}
    cls._verbs = {n[3:]: getattr(cls, n) for n in names if n.startswith("on_")}
    STEPS[cls.name] = cls()
    return cls

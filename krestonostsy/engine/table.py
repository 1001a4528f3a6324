"""The table: what a rule sees of a game.

Every step, effect op and hook of the engine receives the game as ``g``, a :class:`Table`:

* ``g.s`` — the state, plain data (``state.py``); ``g.c`` — the cards and the board
  (``content``); ``g.rules`` — the scenario's rules (``ruleset.py``); ``g.setup`` — what
  recreates the start;
* ``g.log`` — the log entries, ``(event_key, params, visibility)``; ``g.actions`` — the
  actions played; ``g.decision`` and ``g.decider`` — what is asked now, and of whom;
* the flow's three moves, ``g.call``, ``g.goto`` and ``g.ret`` (``flow.py``).

:class:`~krestonostsy.engine.game.Game` is a table with the public API on top (``new``,
``apply``, undo, ``clone``, saves, views), as python-chess's ``Board`` is a ``BaseBoard``
with the rules of play on top. The rule modules import this module, never ``game.py``, so
the engine's imports run one way: the game above the rules, the rules above the table.

A base class rather than a ``typing.Protocol``: compiled by mypyc the table is a native
class, so ``g.s`` through it is a read of a C slot, as through ``Game`` itself; through a
protocol every such read would be a lookup by name.
"""
from __future__ import annotations

from typing import Any

from ..content import Content
from .actions import Action
from .flow import Decision, EngineError
from .ruleset import Ruleset
from .state import State


class Table:
    """One game as its rules see it. See the module docstring."""

    def __init__(self, state: State, rules: Ruleset, setup: dict):
        self.s: State = state
        self.rules = rules  # the scenario's rules: steps, effect handlers, setup recipe
        self.c: Content = rules.content
        # {"states", "seed", "options", "scenario"}: enough to recreate the start
        self.setup = setup
        self.log: list = []
        self.actions: list[Action] = []
        self._decision: Decision | None = None
        # {"viewer", "seed"} for a game made by determinize() (no history), else None
        self.determinized: dict | None = None
        # The players and cities this game may write in place (copy-on-write, see
        # board.player_w): None = all (a game never cloned); clone() empties both games' sets.
        self._own_p: set | None = None
        self._own_c: set | None = None
        self._own_parts: set | None = None  # the same for decks, discards… (board.part_w)
        # determinize's caches, by viewer (determinize.knowledge and _layout)
        self._knowledge: dict = {}
        self._layouts: dict = {}

    # --- the flow (used by steps) ---------------------------------------------------------

    def call(self, step: str, **frame: Any) -> None:
        """Push a child step; its ``ret`` value lands in the caller's frame as ``ret``."""
        if step not in self.rules.steps:
            raise EngineError(f"unknown step {step!r}")
        frame["s"] = step
        self.s["stack"].append(frame)

    def goto(self, step: str, **frame: Any) -> None:
        """Replace the current step by another one."""
        self.s["stack"].pop()
        self.call(step, **frame)

    def ret(self, value: Any = None) -> None:
        """End the current step and hand ``value`` to the caller."""
        stack = self.s["stack"]
        stack.pop()
        if stack:
            stack[-1]["ret"] = value

    # --- what is asked ----------------------------------------------------------------------

    @property
    def decision(self) -> Decision | None:
        """What the game waits for, or None when the game is over."""
        return self._decision

    @property
    def decider(self) -> str:
        """The player who must choose now (an action handler's player);
        :class:`EngineError` when the game is over."""
        d = self._decision
        if d is None:
            raise EngineError("the game is over: nobody decides")
        return d.player

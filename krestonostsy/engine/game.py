"""The public API of the rules engine: :class:`Game`.

Other code (the UI, bots, scripts) uses only this class::

    game = Game.new(["jerusalem", "edessa"], seed=7)
    while not game.is_over:
        d = game.decision              # who must choose, what is asked, the legal actions
        game.apply(d.actions[0])       # IllegalAction if not legal now
    print(game.result())

The state is plain data (``state.py``); the flow is a stack of steps (``flow.py``);
all randomness comes from the state's own generator (``rng.py``), so the same seed and
the same actions always give the same game.
"""
from __future__ import annotations

import json

from ..content import Content
from .actions import Action, IllegalAction
from .flow import Decision, EngineError
from .options import GameOptions
from .ruleset import Ruleset, load_ruleset
from .saves import CURRENT as FORMAT_VERSION
from .state import copy_state
from .triggers import DURING_ORDER_STEPS, during_order

_MAX_AUTO_STEPS = 100_000


class Game:
    """One game of «Крестоносцы». See the module docstring."""

    def __init__(self, state: dict, rules: Ruleset, setup: dict):
        self.s = state
        self.rules = rules  # the scenario's rules: steps, effect handlers, setup recipe
        self.c = rules.content
        # {"states", "seed", "options", "scenario"}: enough to recreate the start
        self.setup = setup
        self.log: list = []
        self.actions: list[Action] = []
        self._decision: Decision | None = None
        # One (player, barrier) pair per action played: enough to tell whether undo is
        # allowed. Undo itself replays the game, so play never pays for snapshots.
        self._undo_marks: list = []

    # --- creation ------------------------------------------------------------------------

    @classmethod
    def new(cls, states, seed: int = 0, options: GameOptions | dict | None = None,
            scenario: str | Ruleset = "base", content: Content | None = None) -> Game:
        """A new game of ``scenario`` for the given states (2–4 of jerusalem, tripoli,
        edessa, antioch).

        ``scenario`` is a shipped scenario's id (``data/scenarios/<id>.yaml``) or a
        :class:`Ruleset` (e.g. ``load_ruleset(id, data_dir)``); ``content`` replaces its
        cards (tests build their own). Raises ``ValueError`` for an illegal line-up (e.g. a
        2-player pair that is not allowed, SETUP-30) and ``ContentError`` for a scenario
        that does not load.
        """
        from .setup import new_state

        if isinstance(options, dict) or options is None:
            options = GameOptions.from_json(options)
        rules = scenario if isinstance(scenario, Ruleset) else load_ruleset(scenario)
        if content is not None:
            rules = rules.with_content(content)
        setup = {"states": list(states), "seed": int(seed), "options": options.to_json(),
                 "scenario": rules.id}
        game = cls(new_state(rules, list(states), int(seed), options), rules, setup)
        game._advance()
        return game

    # --- the flow (used by steps) ---------------------------------------------------------

    def call(self, step: str, **frame) -> None:
        """Push a child step; its ``ret`` value lands in the caller's frame as ``ret``."""
        if step not in self.rules.steps:
            raise EngineError(f"unknown step {step!r}")
        frame["s"] = step
        self.s["stack"].append(frame)

    def goto(self, step: str, **frame) -> None:
        """Replace the current step by another one."""
        self.s["stack"].pop()
        self.call(step, **frame)

    def ret(self, value=None) -> None:
        """End the current step and hand ``value`` to the caller."""
        stack = self.s["stack"]
        stack.pop()
        if stack:
            stack[-1]["ret"] = value

    def _advance(self) -> None:
        stack = self.s["stack"]
        steps = self.rules.steps
        for _ in range(_MAX_AUTO_STEPS):
            if not stack:
                self._decision = None
                return
            frame = stack[-1]
            d = steps[frame["s"]].run(self, frame)
            if d is not None:
                if not d.actions:
                    raise EngineError(f"step {frame['s']} offers no action ({d.prompt})")
                if frame["s"] in DURING_ORDER_STEPS:  # TURN-10
                    d = during_order(self, d)
                self._decision = d
                return
        raise EngineError("the flow did not reach a decision (endless automatic steps)")

    # --- playing ---------------------------------------------------------------------------

    @property
    def decision(self) -> Decision | None:
        """What the game waits for, or None when the game is over."""
        return self._decision

    @property
    def is_over(self) -> bool:
        return self._decision is None

    def legal_actions(self) -> tuple[Action, ...]:
        return self._decision.actions if self._decision else ()

    def apply(self, action: Action | dict) -> None:
        """Play ``action`` for the deciding player; :class:`IllegalAction` if not legal."""
        if isinstance(action, dict):
            try:
                action = Action.from_json(action)
            except ValueError as err:
                raise IllegalAction(str(err)) from err
        d = self._decision
        if d is None:
            raise IllegalAction("the game is over: no action is possible")
        for legal in d.actions:  # usually the very object offered: no __eq__ calls
            if legal is action:
                break
        else:
            if action not in d.actions:
                raise IllegalAction(self._explain_illegal(action, d))
        self._undo_marks.append((d.player, self.s["barrier"], self._order_token()))
        if action.kind == "own_turn":  # TURN-10: the window during one's order
            self.call("own_turn", player=d.player)
        else:
            frame = self.s["stack"][-1]
            self.rules.steps[frame["s"]].act(self, frame, action)
        self.actions.append(action)
        self._advance()

    def _explain_illegal(self, action: Action, d: Decision) -> str:
        kinds = sorted({a.kind for a in d.actions})
        if action.kind not in kinds:
            return (f"'{action.kind}' is not possible now: {d.player} must answer "
                    f"'{d.prompt}' with one of: {', '.join(kinds)}")
        return (f"{action!r} is not legal now (prompt '{d.prompt}' for {d.player}); "
                f"legal {action.kind} actions: "
                + ", ".join(repr(a) for a in d.actions if a.kind == action.kind)[:600])

    # --- undo (DESIGN: never across a random draw, a reveal, or a change of player) --------

    @property
    def can_undo(self) -> bool:
        """True when the last action was the current player's own, with no random draw,
        reveal or change of the deciding player since (RTT's rule)."""
        if not self._undo_marks or self._decision is None:
            return False
        player, barrier, _order = self._undo_marks[-1]
        return player == self._decision.player and barrier == self.s["barrier"]

    def undo(self) -> None:
        """Take back the last action (see :attr:`can_undo`) by replaying the game."""
        if not self.can_undo:
            raise IllegalAction("nothing to undo here")
        self._replay_without(1)

    def _order_token(self):
        """Which order activation the game is in: (round, position of the ``order`` frame,
        player, order), or None outside one. Marks which actions belong to one order."""
        stack = self.s["stack"]
        for i in range(len(stack) - 1, -1, -1):
            f = stack[i]
            if f.get("s") == "order":
                return (self.s["round"], i, f.get("player"), f.get("order"))
        return None

    def _cancellable(self) -> int:
        """How many of the last actions can be taken back to cancel the current order."""
        d = self._decision
        token = self._order_token() if d is not None else None
        if token is None:
            return 0
        n = 0
        barrier = self.s["barrier"]
        for player, mark_barrier, mark_token in reversed(self._undo_marks):
            if player != d.player or mark_barrier != barrier or mark_token != token:
                break
            n += 1
        return n

    @property
    def can_cancel_order(self) -> bool:
        """True when the deciding player is part-way through one of their orders (a march
        with several moves, a payment…) and every choice made in it can be taken back."""
        return self._cancellable() > 0

    def cancel_order(self) -> None:
        """Take back every choice made in the current order, back to its first decision
        (the same limits as :meth:`undo`: no random draw, reveal or other player between)."""
        n = self._cancellable()
        if not n:
            raise IllegalAction("no order in progress to cancel")
        self._replay_without(n)

    def _replay_without(self, n: int) -> None:
        again = Game.new(self.setup["states"], self.setup["seed"], self.setup["options"],
                         scenario=self.rules)
        for a in self.actions[:-n]:
            again.apply(a)
        self.s, self.log, self.actions = again.s, again.log, again.actions
        self._undo_marks, self._decision = again._undo_marks, again._decision

    # --- copies, saves ---------------------------------------------------------------------

    def _snapshot(self) -> dict:
        """A deep copy of the state (``state.copy_state``: the parts with the documented
        layout by ``list.copy``/``dict.copy``, the rest by one marshal round trip)."""
        return copy_state(self.s)

    def clone(self) -> Game:
        """An independent copy (for bots' look-ahead). The log and history are shared
        copy-on-append: the clone gets its own list objects."""
        g = Game.__new__(Game)
        g.s = self._snapshot()
        g.rules = self.rules
        g.c = self.c
        g.setup = self.setup
        g.log = list(self.log)
        g.actions = list(self.actions)
        g._decision = self._decision
        g._undo_marks = list(self._undo_marks)
        return g

    def state_json(self) -> str:
        """The whole raw state as canonical JSON (tests compare these byte for byte)."""
        return json.dumps(self.s, sort_keys=True, separators=(",", ":"))

    def to_json(self) -> dict:
        """A save: ``{format_version, content_version, setup, actions}``."""
        return {"format_version": FORMAT_VERSION, "content_version": self.c.version,
                "game": "krestonostsy", "setup": self.setup,
                "actions": [a.to_json() for a in self.actions]}

    @classmethod
    def from_json(cls, data, content: Content | None = None,
                  rules: Ruleset | None = None) -> Game:
        """Load a save by replaying it; :class:`SaveError` says what is wrong.

        The save names its scenario; ``rules`` gives that scenario's ruleset when it is not
        a shipped one (a save naming another scenario is refused)."""
        from .saves import load_save
        return load_save(cls, data, content, rules)

    # --- views and results -------------------------------------------------------------------

    def view(self, player: str | None = None) -> dict:
        """What ``player`` may see (None = a spectator). See view.py."""
        from .view import make_view
        return make_view(self, player)

    def log_for(self, player: str | None) -> list:
        """The log entries ``player`` may read (None = a spectator: public ones only).

        Each entry is ``(event_key, params, visibility)``; private entries (a card drawn,
        a bull returned…) are visible only to the players named in ``visibility``."""
        return [e for e in self.log if e[2] is None or (player is not None and player in e[2])]

    def result(self) -> dict:
        """Final scores and the winner (SCORE-01/02); only when the game is over."""
        if not self.is_over:
            raise EngineError("the game is not over")
        return self.s["result"]

    def determinize(self, player: str, seed: int) -> Game:
        """A copy in which everything ``player`` cannot see is resampled (for AI search)."""
        from .view import determinize
        return determinize(self, player, seed)

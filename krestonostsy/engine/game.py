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
from typing import Any

from ..content import Content
from .actions import Action, IllegalAction, _value_repr
from .battle import deciding_for_saracens
from .determinize import determinize
from .flow import Decision, EngineError
from .modules import load_ruleset
from .options import GameOptions
from .ruleset import Ruleset
from .saves import CURRENT as FORMAT_VERSION
from .saves import load_save, state_digest
from .setup import new_state
from .state import City, Player, State, copy_state
from .table import Table
from .triggers import asked
from .view import make_view

_MAX_AUTO_STEPS = 100_000


def _as_action(value: object) -> Action:
    """What :meth:`Game.apply` accepts besides an :class:`Action`: its JSON form. Anything
    else is refused with :class:`IllegalAction` (never an AttributeError further down)."""
    if isinstance(value, Action):
        return _whole(value)
    if isinstance(value, dict):
        return Action.from_json(value)
    raise IllegalAction(f"not an action: expected an Action or its JSON object, got "
                        f"{type(value).__name__}")


def _whole(action: Action) -> Action:
    """``action``, or :class:`IllegalAction` for an object that never was constructed
    (``object.__new__(Action)``, which only the Python source lets one make)."""
    try:
        action.kind, action.params  # noqa: B018 (read to see that they are set)
    except AttributeError:
        raise IllegalAction("not an action: an Action that was never constructed "
                            "(no kind)") from None
    return action


def _player(where: str, player: object, expected: str = "a state's id") -> str:
    """A player argument of the public API, checked before use (the compiled engine would
    refuse a wrong type with a bare TypeError where the source might accept it): a text,
    or ``ValueError`` naming the call and the value."""
    if type(player) is not str:
        raise ValueError(f"{where}: the player must be {expected}, got {_value_repr(player)}")
    return player


def _viewer(where: str, player: object) -> str | None:
    """A viewer argument: a state's id, or None for a spectator (see :func:`_player`)."""
    return None if player is None else _player(where, player, "a state's id or None")


class Game(Table):
    """One game of «Крестоносцы». See the module docstring; what the rules see of it (the
    state, the rules, the log, the flow's moves) is its :class:`~.table.Table`."""

    def __init__(self, state: State, rules: Ruleset, setup: dict):
        super().__init__(state, rules, setup)
        # One (player, barrier) pair per action played: enough to tell whether undo is
        # allowed. Undo itself replays the game, so play never pays for snapshots.
        self._undo_marks: list = []
        # Where apply's roll-back replays from: None = the start of the game (setup), or
        # (actions played, state, log, undo marks) recorded by rebase().
        self._base: tuple | None = None
        # set by loading a save (saves.game_from_json)
        self.content_mismatch = False
        self.digest_verified: bool | None = None

    # --- creation ------------------------------------------------------------------------

    # A parameter ending in ``| Any`` is checked by the function itself, which refuses a
    # wrong value with a clear error (IllegalAction, ValueError, SaveError): a save, a caller
    # or a fuzzer may pass anything. The ``Any`` keeps the compiled engine (mypyc) from
    # refusing a wrong type first with a bare TypeError; the types before it say what is
    # expected.

    @classmethod
    def new(cls, states: list[str] | tuple[str, ...] | Any, seed: int | Any = 0,
            options: GameOptions | dict | None | Any = None,
            scenario: str | Ruleset | Any = "base", content: Content | None | Any = None
            ) -> Game:
        """A new game of ``scenario`` for the given states (2–4 of jerusalem, tripoli,
        edessa, antioch).

        ``scenario`` is a shipped scenario's id (``data/scenarios/<id>.yaml``) or a
        :class:`Ruleset` (e.g. ``load_ruleset(id, data_dir)``); ``content`` replaces its
        cards (tests build their own). Raises ``ValueError`` with a message for an illegal
        line-up (e.g. a 2-player pair that is not allowed, SETUP-30), a seed that is not a
        whole number, options of the wrong type or with unknown names
        (:meth:`GameOptions.from_json`), a scenario that is neither an id nor a
        :class:`Ruleset` or content that is not a :class:`Content`, and ``ContentError``
        for a scenario that does not load.
        """
        if not isinstance(states, (list, tuple)) or not all(type(s) is str for s in states):
            raise ValueError(f"the states must be a list of names, got {states!r:.80}")
        if type(seed) is not int:
            raise ValueError(f"the seed must be a whole number, got {type(seed).__name__}")
        if not isinstance(options, GameOptions):
            options = GameOptions.from_json(options)
        if not isinstance(scenario, (str, Ruleset)):
            raise ValueError(f"the scenario must be a scenario id or a Ruleset, got "
                             f"{type(scenario).__name__}")
        if content is not None and not isinstance(content, Content):
            raise ValueError(f"the content must be a Content, got {type(content).__name__}")
        rules = scenario if isinstance(scenario, Ruleset) else load_ruleset(scenario)
        if content is not None:
            rules = rules.with_content(content)
        setup = {"states": list(states), "seed": seed, "options": options.to_json(),
                 "scenario": rules.id}
        if rules.starting:  # starting positions carried in beyond the scenario file
            setup["starting"] = rules.starting
        if rules.extra_hooks:  # rule changes switched on beyond the scenario's (terrain)
            setup["hooks"] = list(rules.extra_hooks)
        if rules.nicknames:  # the nicknames a campaign's states carry (CAMP-05)
            unknown = sorted(set(rules.nicknames) - set(states))
            if unknown:
                raise ValueError(f"a nickname for {unknown[0]!r}, which does not play")
            setup["nicknames"] = dict(rules.nicknames)
        game = cls(new_state(rules, list(states), seed, options), rules, setup)
        game._advance()
        return game

    # --- the flow ----------------------------------------------------------------------------

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
                self._decision = asked(self, frame, d)
                return
        raise EngineError("the flow did not reach a decision (endless automatic steps)")

    # --- playing ---------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self._decision is None

    def legal_actions(self) -> tuple[Action, ...]:
        return self._decision.actions if self._decision else ()

    def apply(self, action: Action | dict | Any) -> None:
        """Play ``action`` for the deciding player.

        :class:`IllegalAction` (with a message) when it is not legal now or is not an action
        at all; matching is type-exact (``1.0`` or ``True`` never stand for ``1``). The call
        is all-or-nothing: if the engine fails inside a legal action, the game is restored
        to exactly what it was before the call (state, log, history, undo marks, decision)
        and :class:`EngineError` names the action (see :meth:`_restore`).
        """
        if type(action) is not Action:
            action = _as_action(action)
        d = self._decision
        if d is None:
            raise IllegalAction("the game is over: no action is possible")
        for legal in d.actions:  # usually the very object offered: no __eq__ calls
            if legal is action:
                break
        else:
            _whole(action)  # (an offered action is whole: only a stranger is checked)
            for legal in d.actions:
                if legal == action:
                    action = legal  # keep the engine's own object (exact types) in the history
                    break
            else:
                raise IllegalAction(self._explain_illegal(action, d))
        if self._base is None and self.determinized:
            self.rebase()  # the first move of a determinized game: roll back to here
        played, log_length = len(self.actions), len(self.log)
        self._undo_marks.append((d.player, self.s["barrier"], self._order_token()))
        try:
            if action.kind == "own_turn":  # TURN-10: the window during one's order
                self.call("own_turn", player=d.player)
            else:
                frame = self.s["stack"][-1]
                self.rules.steps[frame["s"]].act(self, frame, action)
            self.actions.append(action)
            self._advance()
        except Exception as err:
            self._restore(d, played, log_length)
            raise EngineError(f"engine fault while applying {action!r} (prompt '{d.prompt}' "
                              f"for {d.player}); the game is unchanged: "
                              f"{type(err).__name__}: {err}") from err

    def _restore(self, decision: Decision, played: int, log_length: int) -> None:
        """Put the game back to just before a failed :meth:`apply`.

        Plays cost no snapshot: the state before the call is rebuilt by replaying
        ``self.actions`` (which the failed action never joined) from the replay base, exactly
        as :meth:`undo` does; the engine is deterministic, so this gives back the very
        state. The base is the start of the game (:meth:`new`, :meth:`from_json`, undo) or,
        for a game whose state was edited outside :meth:`apply` (determinize, a test's set-up),
        the snapshot :meth:`rebase` took then. The log, the undo marks and the decision are
        cut back / restored directly; the replayed log must agree with them, otherwise the
        state was edited without :meth:`rebase` and an :class:`EngineError` says so.
        """
        del self.actions[played:]
        del self.log[log_length:]
        del self._undo_marks[played:]
        base = self._base
        if base is None:
            again = Game.new(self.setup["states"], self.setup["seed"], self.setup["options"],
                             scenario=self.rules)
            start = 0
        else:
            start, state, log, marks = base
            again = Game(copy_state(state), self.rules, self.setup)
            again.log, again.actions = list(log), list(self.actions[:start])
            again._undo_marks = list(marks)
            again._advance()
        try:
            for a in self.actions[start:]:
                again.apply(a)
        except (IllegalAction, EngineError) as err:
            raise EngineError(f"the game could not be restored after an engine fault: the "
                              f"replay failed ({err})") from err
        if again.log != self.log or again._decision is None \
                or again._decision.actions != decision.actions:
            raise EngineError("the game could not be restored after an engine fault: its "
                              "state was changed outside Game.apply without Game.rebase()")
        self.s = again.s
        self._own_p, self._own_c, self._own_parts = again._own_p, again._own_c, again._own_parts
        self._decision = decision

    def rebase(self) -> None:
        """Record the current position as the replay base of :meth:`apply`'s roll-back.

        Call it after changing ``self.s`` by hand (determinization, a test setting up a
        position): from then on a failed action rolls back to this position plus the
        actions played since. One state copy (~50 µs); play itself never copies."""
        self._base = (len(self.actions), copy_state(self.s), list(self.log),
                      list(self._undo_marks))

    def _explain_illegal(self, action: Action, d: Decision) -> str:
        kinds = sorted({a.kind for a in d.actions})
        if type(action.kind) is not str or action.kind not in kinds:
            return (f"{_value_repr(action.kind)} is not possible now: {d.player} must answer "
                    f"'{d.prompt}' with one of: {', '.join(kinds)}")
        return (f"{action!r} is not legal now (prompt '{d.prompt}' for {d.player}); "
                f"legal {action.kind} actions: "
                + ", ".join(repr(a) for a in d.actions if a.kind == action.kind)[:600])

    # --- undo (DESIGN: never across a random draw, a reveal, or a change of player) --------

    @property
    def can_undo(self) -> bool:
        """True when the last action was the current player's own, with no random draw,
        reveal or change of the deciding player since (RTT's rule)."""
        if not self._undo_marks or self._decision is None or self.determinized:
            return False
        player, barrier, _order = self._undo_marks[-1]
        return player == self._decision.player and barrier == self.s["barrier"]

    def undo(self) -> None:
        """Take back the last action (see :attr:`can_undo`) by replaying the game."""
        if not self.can_undo:
            raise IllegalAction(self._no_undo_reason())
        self._replay_without(1)

    def _no_undo_reason(self) -> str:
        if self.determinized:
            return ("a determinized game has no history to take back: it can only be "
                    "played forward (undo the true game instead)")
        return "nothing to undo here"

    def _order_token(self) -> tuple[int, int, str | None, str | None] | None:
        """Which order activation the game is in: (round, position of the ``order`` frame,
        player, order), or None outside one. Marks which actions belong to one order."""
        stack = self.s["stack"]
        i = len(stack)
        while i:  # from the top (runs once per action played: kept to a bare loop)
            i -= 1
            f = stack[i]
            name: str = f["s"]  # every frame names its step (``call``); typed: a C compare
            if name == "order":
                return (self.s["round"], i, f.get("player"), f.get("order"))
        return None

    def _cancellable(self) -> int:
        """How many of the last actions can be taken back to cancel the current order."""
        d = self._decision
        token = self._order_token() if d is not None and not self.determinized else None
        if d is None or token is None:
            return 0
        n = 0
        barrier = self.s["barrier"]
        marks = self._undo_marks
        for i in range(len(marks) - 1, -1, -1):  # (mypyc 2.4 cannot compile reversed() here)
            player, mark_barrier, mark_token = marks[i]
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
            raise IllegalAction(self._no_undo_reason() if self.determinized
                                else "no order in progress to cancel")
        self._replay_without(n)

    def _replay_without(self, n: int) -> None:
        again = Game.new(self.setup["states"], self.setup["seed"], self.setup["options"],
                         scenario=self.rules)
        for a in self.actions[:-n]:
            again.apply(a)
        self.s, self.log, self.actions = again.s, again.log, again.actions
        self._own_p, self._own_c, self._own_parts = again._own_p, again._own_c, again._own_parts
        self._undo_marks, self._decision = again._undo_marks, again._decision
        self._base = None

    # --- copies, saves ---------------------------------------------------------------------

    def _snapshot(self) -> State:
        """A deep copy of the state (``state.copy_state``: the parts with the documented
        layout by ``list.copy``/``dict.copy``, the rest by one marshal round trip)."""
        return copy_state(self.s)

    def clone(self, share: bool | Any = True) -> Game:
        """An independent copy (for bots' look-ahead). The players and cities are shared
        copy-on-write: both games write them only through ``board.player_w``/``city_w``,
        which copy a shared entry first; the rest of the state is copied; the log and
        history get their own list objects. ``share=False``: a deep copy of everything,
        for code that edits the copy's ``s`` by hand (a test setting up a position)."""
        if type(share) is not bool:
            raise ValueError(f"clone: share must be True or False, got {_value_repr(share)}")
        g = Game(self.s, self.rules, self.setup)
        if share:
            g.s = copy_state(self.s, share=True)
            # the players, cities and parts are shared now: neither game may write them in
            # place
            self._own_p, self._own_c, self._own_parts = set(), set(), set()
            g._own_p, g._own_c, g._own_parts = set(), set(), set()
        else:
            g.s = copy_state(self.s)
            g._own_p = g._own_c = g._own_parts = None
        g.rules = self.rules
        g.c = self.c
        g.setup = self.setup
        g.log = list(self.log)
        g.actions = list(self.actions)
        g._decision = self._decision
        g._undo_marks = list(self._undo_marks)
        g.determinized = self.determinized
        g._base = self._base  # never mutated: shared safely
        return g

    def state_json(self) -> str:
        """The whole raw state as canonical JSON (tests compare these byte for byte)."""
        return json.dumps(self.s, sort_keys=True, separators=(",", ":"))

    def to_json(self) -> dict:
        """A save: ``{format_version, content_version, setup, actions, state_digest}``
        (see saves.py; the digest lets loading check it reached the same position).

        A determinized game has no true history, so it is not a save: its ``to_json()``
        is the position ``{format_version, content_version, "game":
        "krestonostsy-determinized", determinized: {viewer, seed}, setup: {states, options,
        scenario} (no seed), state, actions}`` — the sampled state as it is now and the actions
        played on it since it was made. ``Game.from_json`` refuses it."""
        if self.determinized:
            return {"format_version": FORMAT_VERSION, "content_version": self.c.version,
                    "game": "krestonostsy-determinized", "determinized": self.determinized,
                    "setup": self.setup, "state": self.s,
                    "actions": [a.to_json() for a in self.actions]}
        return {"format_version": FORMAT_VERSION, "content_version": self.c.version,
                "game": "krestonostsy", "setup": self.setup,
                "actions": [a.to_json() for a in self.actions],
                "state_digest": state_digest(self)}

    @classmethod
    def from_json(cls, data: str | bytes | dict | Any, content: Content | None | Any = None,
                  rules: Ruleset | None | Any = None) -> Game:
        """Load a save by replaying it; :class:`SaveError` says what is wrong.

        The save names its scenario; ``rules`` gives that scenario's ruleset when it is not
        a shipped one (a save naming another scenario is refused). ``ValueError`` for
        ``content`` or ``rules`` of another type."""
        if content is not None and not isinstance(content, Content):
            raise ValueError(f"the content must be a Content, got {type(content).__name__}")
        if rules is not None and not isinstance(rules, Ruleset):
            raise ValueError(f"the rules must be a Ruleset, got {type(rules).__name__}")
        return load_save(cls, data, content, rules)

    # --- views and results -------------------------------------------------------------------

    def view(self, player: str | None | Any = None) -> dict:
        """What ``player`` may see (None = a spectator). See view.py. ``ValueError`` for a
        player that is neither a text nor None."""
        return make_view(self, _viewer("view", player))

    def log_for(self, player: str | None | Any) -> list:
        """The log entries ``player`` may read (None = a spectator: public ones only).

        Each entry is ``(event_key, params, visibility)``; private entries (a card drawn,
        a bull returned…) are visible only to the players named in ``visibility``.
        ``ValueError`` for a player that is neither a text nor None."""
        viewer = _viewer("log_for", player)
        return [e for e in self.log if e[2] is None or (viewer is not None and viewer in e[2])]

    def result(self) -> dict:
        """Final scores and the winner (SCORE-01/02); only when the game is over."""
        if not self.is_over:
            raise EngineError("the game is not over")
        return self.s["result"]

    # --- the position, read (what the UI, the bots and the tools ask; never ``s``) ---------
    #
    # Read only: a player or a city is the game's own data (a clone may share it), handed
    # out to be read; only :meth:`apply` changes a game.

    @property
    def round(self) -> int:
        """The round being played (1 to the scenario's last)."""
        return self.s["round"]

    @property
    def phase(self) -> str | None:
        """The phase of the round under way (``planning``, ``orders``…; TURN-01)."""
        return self.s.get("phase")

    @property
    def states(self) -> tuple[str, ...]:
        """The states that play, in their order at the table."""
        return tuple(self.s["states"])

    @property
    def options(self) -> GameOptions:
        """The game's options (its rulebook variants, :class:`GameOptions`)."""
        return GameOptions.from_json(self.s["options"])

    @property
    def barrier(self) -> int:
        """How many random draws and reveals the game has made: what undo never crosses
        (a change of it between two positions means something was drawn or shown)."""
        return self.s["barrier"]

    def player(self, state: str) -> Player:
        """The board of ``state`` (coins, cities, hand…; the layout in ``state.py``);
        read only."""
        return self.s["players"][state]

    def city(self, city: str) -> City:
        """The city ``city`` (level, owner, units, bishops…; ``state.py``); read only."""
        return self.s["cities"][city]

    @property
    def sanctity(self) -> dict[str, Any]:
        """The sanctity track: each state's cell (PRAY-04); read only."""
        return self.s["sanctity"]

    @property
    def battle(self) -> dict | None:
        """The battle under way (its sides, slots, cards; ``battle.py``), or None; read
        only."""
        return self.s.get("battle")

    def component(self, name: str) -> dict | None:
        """The part of a scenario component (``oaths``, the trade board…) in this game, or
        None when its scenario has none; read only."""
        return (self.s.get("components") or {}).get(name)

    @property
    def deciding_for_saracens(self) -> bool:
        """The decision asked now is one its player makes for the Saracen side of a
        battle (BATTLE-02; see :func:`.battle.deciding_for_saracens`)."""
        return deciding_for_saracens(self)

    def position(self) -> tuple[State, dict, list]:
        """This game as plain data for another process: ``(state, setup, log)``;
        :meth:`at_position` plays on from it (no history: nothing to undo)."""
        return self.s, self.setup, self.log

    @classmethod
    def at_position(cls, position: tuple[State, dict, list] | Any) -> Game:
        """A game playing on from :meth:`position`'s data, with the ruleset of the
        scenario its set-up names (a bot's search in a worker process)."""
        state, setup, log = position
        g = cls(state, load_ruleset(setup.get("scenario", "base")), setup)
        g.log = list(log)
        g._advance()  # recompute the decision; run() never changes the state at a decision
        return g

    def determinize(self, player: str | Any, seed: int | Any) -> Game:
        """A new game as ``player`` sees this one, every hidden part freshly sampled from
        ``seed`` (for AI search): it carries no true history and cannot be undone. The
        contract is in determinize.py. ``ValueError`` for a player that is not one of the
        game's states or a seed that is not a whole number (``True``, ``1.5`` are not)."""
        viewer = _player("determinize", player)
        if type(seed) is not int:
            raise ValueError(f"determinize: the seed must be a whole number, got "
                             f"{type(seed).__name__}")
        return determinize(self, viewer, seed)

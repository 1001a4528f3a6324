"""The rules of one game: its scenario, its content, and the steps and effect handlers it
plays with.

Every :class:`~krestonostsy.engine.game.Game` holds a :class:`Ruleset` (``g.rules``) and
``g.c`` is its content. The engine looks up steps (``g.rules.steps[name]``) and effect op
handlers (``g.rules.ops``, ``g.rules.battle_ops``) through it, never through the
process-wide registries directly, so a scenario changes the rules of its own games only.

A scenario (``data/scenarios/<id>.yaml``, see ``content/scenario.py``) switches rule
changes on by naming **hooks**. A hook is a named bundle of replacements written in Python
and registered in :data:`HOOKS` (``register_hook``): steps by name (a new step, or one
that replaces a base step — e.g. another income phase), and effect op handlers by name
(for every context, or for battles only). Its games see the base registries with the
hook's entries on top (:class:`Layered`); games of other scenarios never see them.

Modelled on python-chess's variants (a variant = a small set of overrides of the
standard board) and Rally the Troops' ``setup(seed, scenario, options)``.

The base game is the scenario ``base``: it names no hook, so its games use the base
registries themselves (the hot path ``Game._advance`` pays one attribute lookup).

This module stands below the rules (the table, ``table.py``, holds a ruleset): it reads
the registries, and ``modules.py`` fills them. A ruleset is made by ``modules.load_ruleset``
(the package's ``load_ruleset``), which imports every rule first; one made here directly
knows only the hooks registered so far.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping

from ..content import Content
from ..content.scenario import Scenario, with_starting
from .flow import STEPS, EngineError
from .hook import HOOKS, Hook, hook_step, register_hook  # noqa: F401  (their home)
from .registry import BATTLE_OPS, OPS
from .state import MARKET_SIZES


class Layered:
    """A scenario's own entries over a live base registry (``steps``, ``ops``).

    Supports what the engine uses: ``table[name]``, ``name in table`` and
    ``table.get(name)``. The base registry is read live, so a step registered later
    (or replaced by a test's ``monkeypatch``) is seen as in the base game.

    Not a ``dict`` subclass: the compiled engine (mypyc) reads a value typed ``dict``
    with the C dict functions, which skip a subclass's own ``__contains__``."""

    __slots__ = ("own", "base")

    def __init__(self, own: Mapping, base: dict):
        self.own = dict(own)
        self.base = base

    def __getitem__(self, key):
        own = self.own
        return own[key] if key in own else self.base[key]

    def __contains__(self, key) -> bool:
        return key in self.own or key in self.base

    def get(self, key, default=None):
        own = self.own
        return own[key] if key in own else self.base.get(key, default)


class Ruleset:
    """The scenario and content of one game, with its view of the rule registries.

    ``scenario``: the :class:`~krestonostsy.content.scenario.Scenario`; ``content``: the
    cards and board the game uses; ``setup``: the scenario's setup recipe;
    ``last_round``: the round after which the era ends; ``steps``/``ops``/``battle_ops``:
    the registries this game looks up (the base ones, with the scenario's hooks on top).
    A ruleset is immutable and shared by every game of its scenario (and their clones).

    Raises :class:`ContentError` at the scenario file's line for an unknown hook, two
    hooks replacing the same thing, or open market slots the markets do not have.
    """

    __slots__ = ("scenario", "content", "setup", "last_round", "steps", "ops", "battle_ops",
                 "starting", "extra_hooks", "nicknames")

    def __init__(self, scenario: Scenario, content: Content, starting: Mapping | None = None,
                 hooks: tuple[str, ...] = (), nicknames: Mapping | None = None):
        _check_markets(scenario)
        if starting:
            scenario = with_starting(scenario, content.board, starting)
        self.scenario = scenario
        self.content = content
        # the starting positions given beyond the scenario file (a campaign's carry-over),
        # as plain JSON: recorded in the game's setup and saves so a replay rebuilds them
        self.starting = _plain(starting) if starting else None
        # hooks switched on beyond the scenario's own (the advanced mode's ``terrain``):
        # recorded in the game's setup and saves too
        self.extra_hooks = tuple(hooks)
        # the nickname each state carries from a campaign's earlier scenario (state ->
        # nickname id, CAMP-05): shown on its state board, recorded in setup and saves.
        # Its advantage is a starting position (above); the engine only keeps the name.
        self.nicknames = _nicknames(nicknames)
        for name in self.extra_hooks:
            if name not in HOOKS:
                raise ValueError(f"unknown hook '{name}' (known hooks: "
                                 f"{', '.join(sorted(HOOKS))})")
            if name in scenario.hooks or self.extra_hooks.count(name) > 1:
                raise ValueError(f"hook '{name}' is switched on twice")
        self.setup = scenario.setup
        self.last_round = scenario.setup.last_round
        steps: dict = {}
        ops: dict = {}
        battle_ops: dict = {}
        for name in (*scenario.hooks, *self.extra_hooks):
            hook = HOOKS.get(name)
            if hook is None:
                known = ", ".join(sorted(HOOKS)) or "none"
                raise scenario.fail(f"hooks.{name}", f"unknown hook '{name}' (known hooks: "
                                                     f"{known})")
            for table, own in ((steps, hook.steps), (ops, hook.ops),
                               (battle_ops, hook.battle_ops)):
                for key, value in own.items():
                    if key in table:
                        raise scenario.fail(f"hooks.{name}", f"hook '{name}' changes '{key}' "
                                                             "that an earlier hook changes too")
                    table[key] = value
        self.steps = Layered(steps, STEPS) if steps else STEPS
        self.ops = Layered(ops, OPS) if ops else OPS
        self.battle_ops = Layered(battle_ops, BATTLE_OPS) if battle_ops else BATTLE_OPS

    def op_handler(self, name: str, in_battle: bool = False) -> Callable:
        """The handler of effect op ``name`` in this game's rules: its in-battle variant
        first while ``in_battle``; :class:`EngineError` if there is none."""
        if in_battle:
            h = self.battle_ops.get(name)
            if h is not None:
                return h
        h = self.ops.get(name)
        if h is None:
            raise EngineError(f"no handler for effect op {name!r}")
        return h

    @property
    def id(self) -> str:
        return self.scenario.id

    def with_content(self, content: Content) -> Ruleset:
        """This scenario's rules with other cards (tests and tools build their own)."""
        if content is self.content:
            return self
        return Ruleset(self._file_scenario, content, self.starting, self.extra_hooks,
                       self.nicknames)

    def with_starting(self, starting: Mapping | None) -> Ruleset:
        """This scenario's rules with more starting positions (see
        ``content.scenario.with_starting``; a campaign's carry-over). ``None`` or ``{}``
        gives the scenario as its file says. :class:`ContentError` for a bad position."""
        if not starting and not self.starting:
            return self
        return Ruleset(self._file_scenario, self.content, starting, self.extra_hooks,
                       self.nicknames)

    def with_hooks(self, hooks) -> Ruleset:
        """This scenario's rules with ``hooks`` switched on beyond its own (e.g.
        ``("terrain",)``, the advanced mode); ``()`` or None: only its own.
        ``ValueError`` for an unknown hook or one switched on twice."""
        hooks = tuple(hooks or ())
        if hooks == self.extra_hooks:
            return self
        return Ruleset(self._file_scenario, self.content, self.starting, hooks, self.nicknames)

    def with_nicknames(self, nicknames: Mapping | None) -> Ruleset:
        """This scenario's rules with the nicknames the states carry (state -> nickname
        id, a campaign's CAMP-05); ``None`` or ``{}``: none. ``ValueError`` for a mapping
        that is not of names to names."""
        if _nicknames(nicknames) == self.nicknames:
            return self
        return Ruleset(self._file_scenario, self.content, self.starting, self.extra_hooks,
                       nicknames)

    @property
    def _file_scenario(self) -> Scenario:
        """The scenario as its file says (before any carried starting positions)."""
        if not self.starting:
            return self.scenario
        base = self.content.scenario
        if base is None or base.id != self.scenario.id:
            raise EngineError("the ruleset's content does not carry its scenario file")
        return base

    def __repr__(self) -> str:
        return f"Ruleset({self.scenario.id!r}, hooks={[*self.scenario.hooks, *self.extra_hooks]})"


def _nicknames(nicknames: Mapping | None) -> dict[str, str] | None:
    """``nicknames`` as a plain dict (None when empty); ``ValueError`` when it is not a
    mapping of state names to nickname ids."""
    if not nicknames:
        return None
    if not isinstance(nicknames, Mapping) or not all(
            type(k) is str and type(v) is str and v for k, v in nicknames.items()):
        raise ValueError(f"nicknames map states to nickname ids, got {nicknames!r:.80}")
    return dict(nicknames)


def _check_markets(scenario: Scenario) -> None:
    slots = scenario.setup.open_market_slots
    for market in slots:
        if market not in MARKET_SIZES:
            raise scenario.fail(f"open_market_slots.{market}", f"unknown market '{market}' "
                                f"(the markets: {', '.join(MARKET_SIZES)})")
    for market, size in MARKET_SIZES.items():
        if market not in slots:
            raise scenario.fail("open_market_slots", f"'open_market_slots' misses '{market}'")
        most = max(slots[market].for_players(n) for n in (2, 3, 4))
        if most > size:
            raise scenario.fail(f"open_market_slots.{market}",
                                f"'{market}' is '{slots[market]}': {most} open slots, but the "
                                f"market has {size}")


def _plain(value):
    """A JSON copy of carried starting positions (mappings → dicts)."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value

"""Card effects: the ``effect`` step and the helpers every op handler shares.

The handlers themselves live in ``engine/ops/``, one module per section of
:data:`krestonostsy.content.vocabulary.OPS` (resources, cards, cities, battle,
structure); ``engine/modules.py`` installs their tables into ``engine/registry.py``,
where the ``effect`` step looks each op up by name through the game's ruleset
(``g.rules.op_handler``: those tables with its scenario's hooks on top; the in-battle
variant first while ``ctx["battle"]``). An op without a handler is an
:class:`EngineError` at once.

The ``effect`` step (frame: ``player``, ``ops``, ``ctx``) runs the ops in order for
``player`` (the card's owner, "you"). A handler ``handler(g, f, op)`` either changes the
state at once or pushes a child step (a choice, a payment, a nested effect); the effect
step continues with the next op when the child returns.

``ctx`` keys (all optional):

``opponent``  the target of ``who: opponent`` (the other side of a battle, the player a
              spy was aimed at, ...); ``"saracen"`` or None means no player
``city``      the city the effect is about (the raided city, the battle city)
``raid``      True while a raid table is applied (RAID-09)
``battle``    True for effects inside a battle (tactics, battle rescripts)
``chooser``   who makes the target's choices (BATTLE-15: the Saracen player for Saracen
              cards); by default the target chooses
``own_turn``  True when the effect runs in its owner's own turn (TURN-10)
``source``, ``card``  where the effect comes from (for the log)

Rule IDs: SYM-83 (amounts), BATTLE-15 (chooser).
"""
from __future__ import annotations

import json
import marshal

from . import board as B
from .flow import Step, interpreted, step
from .scoring import metric as scoring_metric
from .table import Table

COLOURS = B.GOOD_COLOURS


# --- small helpers -----------------------------------------------------------------------

_LEAVES = frozenset((str, int, bool, float, type(None)))


def plain(value):
    """Content effect data (tuples, frozen mappings) as plain JSON-able lists and dicts."""
    t = type(value)
    if t in _LEAVES:  # the common cases first, by exact type (same result as below)
        return value
    if t is dict:
        return {k if type(k) is str else str(k): v if type(v) in _LEAVES else plain(v)
                for k, v in value.items()}
    if t is tuple or t is list:
        return [v if type(v) in _LEAVES else plain(v) for v in value]
    if isinstance(value, dict) or hasattr(value, "items"):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value


def metric(g: Table, player: str, name: str) -> int:
    """A vocabulary metric of ``player`` (``scoring.metric``); 0 for the Saracens."""
    if not is_player(g, player):
        return 0
    return int(scoring_metric(g, player, name))


def amount(g: Table, f: dict, value) -> int:
    """Evaluate an ``amount``: an int, or ``{base, per: metric[:colour], each}``
    (SYM-83: base + each × metric of the effect's owner)."""
    if value is None:
        return 1
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    base = int(value.get("base", 0))
    per = value.get("per")
    each = int(value.get("each", 1))
    n = base + (each * metric(g, f["player"], per) if per else 0)
    if value.get("max") is not None:
        n = min(n, int(value["max"]))
    return max(0, n)


def is_player(g: Table, who) -> bool:
    return isinstance(who, str) and who in g.s["players"]


def target_of(g: Table, f: dict, o: dict):
    """The player an op is aimed at: ``who: opponent`` = ``ctx["opponent"]``, else you."""
    if o.get("who", "you") == "opponent":
        t = f.get("ctx", {}).get("opponent")
    else:
        t = f["player"]
    return t if is_player(g, t) else None


def chooser_of(f: dict, target: str) -> str:
    """Who makes the target's choices (BATTLE-15: the Saracen player for Saracen cards)."""
    return f.get("ctx", {}).get("chooser") or target


def bishop_totals(g: Table, city: str) -> dict:
    """{owner: total bishop level} in a city."""
    totals: dict = {}
    for owner, level, _no in g.s["cities"][city]["bishops"]:
        totals[owner] = totals.get(owner, 0) + level
    return totals


_EFFECT_DATA: dict = {}
"""id(content effect tuple) -> (the tuple, its plain form marshalled); content is frozen."""


def effect_data(ops) -> list:
    """A content effect (tuples of op mappings) as fresh plain lists/dicts for a frame.

    Frames must hold JSON data; converting a card's effect once and copying the cached
    result is what keeps effect-heavy steps (battles, events) cheap."""
    if type(ops) is tuple:
        hit = _EFFECT_DATA.get(id(ops))
        if hit is None or hit[0] is not ops:
            data = json.loads(json.dumps(list(ops)))
            hit = _EFFECT_DATA[id(ops)] = (ops, marshal.dumps(data))
        return marshal.loads(hit[1])
    return json.loads(json.dumps(list(ops)))


def activation_cost(card_effect) -> list | None:
    """The cost of a card whose effect starts with ``pay_for`` (None otherwise)."""
    if card_effect and card_effect[0].get("op") == "pay_for":
        return list(card_effect[0].get("cost") or [])
    return None


@interpreted
class OneOf(Step):
    """A choice that repeats one shape: with no option the step is over, with one (no real
    choice, see :meth:`no_choice`) it is applied at once, with several the chooser is
    asked. Subclasses give :meth:`options`, :meth:`ask`, :meth:`chosen` and
    :meth:`apply`; :meth:`nothing` and :meth:`no_choice` have defaults."""

    def options(self, g: Table, f: dict) -> list:  # pragma: no cover - interface
        raise NotImplementedError

    def ask(self, g: Table, f: dict, options: list):  # pragma: no cover - interface
        """The decision among ``options`` (or None after applying one without asking)."""
        raise NotImplementedError

    def chosen(self, a):
        """The option an action names (by default its city)."""
        return a.city

    def apply(self, g: Table, f: dict, option) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    def nothing(self, g: Table, f: dict):
        """No option is left: the step returns."""
        g.ret()
        return None

    def no_choice(self, f: dict, options: list) -> bool:
        return len(options) == 1

    def run(self, g: Table, f):
        opts = self.options(g, f)
        if not opts:
            return self.nothing(g, f)
        if self.no_choice(f, opts):
            self.apply(g, f, opts[0])
            return None
        return self.ask(g, f, opts)

    def act(self, g: Table, f, a):
        self.apply(g, f, self.chosen(a))


# --- the effect step ----------------------------------------------------------------------

@step
class EffectStep(Step):
    """Run a list of effect ops in order. Frame: player, ops, ctx. Returns None.

    ``ops`` is a list of plain op dicts (:func:`effect_data`, :func:`plain`, or part of
    another effect frame's ops), kept as given: no op handler changes an op. Anything
    else (a card's own tuple of frozen mappings) is converted first."""

    name = "effect"

    def run(self, g: Table, f):
        if "i" not in f:
            f["i"] = 0
            ops = f.get("ops") or []
            if type(ops) is not list or any(type(o) is not dict for o in ops):
                ops = plain(ops)
            f["ops"] = ops
            f["ctx"] = plain(f.get("ctx") or {})
        f.pop("ret", None)
        ops = f["ops"]
        if f["i"] >= len(ops):
            g.ret()
            return None
        o = ops[f["i"]]
        f["i"] += 1
        g.rules.op_handler(o["op"], bool(f["ctx"].get("battle")))(g, f, o)
        return None

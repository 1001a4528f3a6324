"""Actions: the small value objects a player (or a bot) chooses from.

An :class:`Action` has a ``kind`` and keyword parameters, e.g.
``Action("place_order", order="build", cell="outer")``. It is hashable and has a JSON
form ``{"kind": "place_order", "order": "build", "cell": "outer"}``.

:data:`PARAMS` declares every parameter an action may carry, once: its name and the kind
of thing it names (city, card, player, order, cell, market + slot, bishop, number…).
:attr:`Action.targets` reads it to name the board elements the action is about
(``city:edessa``, ``cross:build:inner``, ``market:buildings:2``, ``card:<id>``,
``choice:<value>``…) so the UI can highlight every legal action generically; the UI's
labels and names read it to render a value.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, NamedTuple


class Param(NamedTuple):
    """How an action parameter is read: ``kind`` of thing it names; ``target``: whether
    it is the board element the action points at (``Action.targets``)."""

    kind: str
    target: bool = True


PARAMS: dict[str, Param] = {
    "city": Param("city"),
    "source": Param("city"),             # move_units: from
    "to": Param("city"),                 # move_units: to
    "card": Param("card"),
    "discard": Param("card", False),     # play_spy: the active spy discarded first
    "back": Param("card", False),        # discard: the starting tactic taken back
    "player": Param("player"),
    "order": Param("order"),
    "cell": Param("cell"),               # a cell of the cross sector ``order``
    "market": Param("market", False),    # the market of ``slot``
    "slot": Param("slot"),               # a slot of ``market``
    "bishop": Param("bishop"),
    "half": Param("half"),               # top | bottom of a tactic in battle
    "colour": Param("colour", False),
    "n": Param("number", False),
    "level": Param("number", False),
    "option": Param("number", False),
    "spent": Param("flag", False),
    "homs": Param("flag", False),
}
"""Every action parameter, declared once (name -> :class:`Param`)."""

#: The types an action's parameter may have. Matching is type-exact: ``1.0``, ``True`` and
#: ``"1"`` never match ``1`` (a bool is not a number here).
PARAM_TYPES = (str, int, bool, type(None))
MAX_PARAMS = 16  # the engine's actions have at most a handful
MAX_TEXT = 200  # the longest id or word an action carries is far shorter
MAX_INT = 2**31  # card slots, counts, options: all small


class IllegalAction(ValueError):
    """Raised by :meth:`Game.apply` for an action that is not legal now, or for anything
    that is not an action at all (``None``, a text, a malformed JSON form…)."""


def _value_repr(value: Any) -> str:
    """``repr`` of a parameter that never fails or explodes: texts are cut, big numbers and
    containers are summarised (a hostile value must not crash an error message)."""
    kind = type(value)
    if kind is str:
        return repr(value if len(value) <= 60 else value[:57] + "...")
    if kind is int and -MAX_INT <= value <= MAX_INT or kind in (bool, type(None)):
        return repr(value)
    if kind is int:
        return f"<int of {value.bit_length()} bits>"
    if kind is float:
        return repr(value)
    size = len(value) if isinstance(value, (list, tuple, dict, set)) else None
    return f"<{kind.__name__}{'' if size is None else f' of {size}'}>"


def _same_types(a: tuple, b: tuple) -> bool:
    """True when two equal parameter tuples also agree on every value's exact type."""
    for (_ka, va), (_kb, vb) in zip(a, b, strict=True):
        if type(va) is not type(vb):
            return False
    return True


class Action:
    """``Action(kind, **params)``: ``kind`` a non-empty text, else :class:`IllegalAction`.

    The action is made whole in ``__new__`` (there is no ``__init__``), so no Action exists
    without its kind and parameters: ``Action.__new__(Action)`` is refused like
    ``Action()``, and ``Action.__new__(Action, "done")`` is ``Action("done")`` — the same on
    the Python source and the compiled engine, whose native classes run the constructor
    in ``__new__`` too. An object made by ``object.__new__(Action)`` (the compiled engine
    refuses that call itself) is refused by :meth:`Game.apply` and fails on any use with
    the compiled engine's AttributeError."""

    __slots__ = ("kind", "params", "_hash")
    kind: str
    params: tuple[tuple[str, Any], ...]
    _hash: int

    def __new__(cls, kind: str | Any = None, **params: Any) -> Action:
        # ``| Any``: a wrong kind is refused here, with a message, and not by the compiled
        # engine's own TypeError first (see Game.new)
        if type(kind) is not str or not kind:
            raise IllegalAction(f"not an action: 'kind' must be a word, got {_value_repr(kind)}")
        self = object.__new__(cls)
        self.kind = kind
        # most actions have 0-2 params: skip the sort when it cannot change anything.
        # The pairs are gathered by a loop (tuple(params.items()) costs the compiled engine
        # ~1,000 instructions, more than the rest of the action). The hash is computed on
        # first use (most actions are never hashed).
        items = [(key, value) for key, value in params.items()]
        n = len(items)
        if n == 2:
            if items[1][0] < items[0][0]:
                items.reverse()
        elif n > 2:
            items.sort()  # by name: the names are unique, so values are never compared
        self.params = tuple(items)
        return self

    def __getattr__(self, name: str) -> Any:
        # the unset slot of the lazily computed hash, and the special names that copy and
        # pickle probe for before the slots exist, are never parameters
        if name == "_hash" or name.startswith("__"):
            raise AttributeError(name)
        if name in ("kind", "params"):  # unset: an object that never was constructed
            raise AttributeError(f"attribute '{name}' of 'Action' undefined")
        for key, value in self.params:
            if key == name:
                return value
        raise AttributeError(name)

    def get(self, name: str, default: Any = None) -> Any:
        for key, value in self.params:
            if key == name:
                return value
        return default

    def __eq__(self, other: object) -> bool:
        # type-exact: Python's == alone lets 1.0 and True equal 1 (and hash alike)
        return (self is other or isinstance(other, Action) and self.kind == other.kind
                and self.params == other.params and _same_types(self.params, other.params))

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:  # not computed yet (__getattr__ raises it for "_hash")
            h = self._hash = hash((self.kind, self.params))
            return h

    def __reduce__(self) -> tuple[Callable[[dict], Action], tuple[dict]]:
        """Pickle/copy support: rebuild from the JSON form (bots may ship actions to
        worker processes)."""
        return (Action.from_json, (self.to_json(),))

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={_value_repr(v)}" for k, v in self.params[:MAX_PARAMS])
        if len(self.params) > MAX_PARAMS:
            args += f", … {len(self.params) - MAX_PARAMS} more"
        return f"Action({_value_repr(self.kind)}{', ' if args else ''}{args})"

    def to_json(self) -> dict:
        data = {"kind": self.kind}
        data.update(self.params)
        return data

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """The action of a JSON form; :class:`IllegalAction` (a ``ValueError``) saying what
        is wrong for anything else. Only flat ``{"kind": word, name: text | whole number |
        true/false | null}`` objects are actions."""
        if not isinstance(data, dict):
            raise IllegalAction(f"not an action: expected an object with a 'kind', "
                                f"got {_value_repr(data)}")
        kind = data.get("kind")
        if type(kind) is not str or not kind or len(kind) > MAX_TEXT:
            raise IllegalAction(f"not an action: 'kind' must be a word, got {_value_repr(kind)}")
        if len(data) > MAX_PARAMS + 1:
            raise IllegalAction(f"not an action: {len(data) - 1} parameters (at most "
                                f"{MAX_PARAMS})")
        params = {}
        for key, value in data.items():
            if key == "kind":
                continue
            if type(key) is not str or not key.isidentifier() or len(key) > MAX_TEXT:
                raise IllegalAction(f"not an action: bad parameter name {_value_repr(key)}")
            if type(value) not in PARAM_TYPES or type(value) is str and len(value) > MAX_TEXT \
                    or type(value) is int and not -MAX_INT <= value <= MAX_INT:
                raise IllegalAction(f"not an action: parameter '{key}' of '{kind}' must be a "
                                    f"word, a whole number, true/false or null, got "
                                    f"{_value_repr(value)}")
            params[key] = value
        return cls(kind, **params)

    @property
    def targets(self) -> tuple[str, ...]:
        """Board elements this action names (see module docstring and :data:`PARAMS`)."""
        out = []
        for key, value in self.params:
            param = PARAMS.get(key)
            if value is None or param is None or not param.target:
                continue
            kind = param.kind
            if kind == "cell":
                if self.get("order"):
                    out.append(f"cross:{self.get('order')}:{value}")
            elif kind == "slot":
                if self.get("market"):
                    out.append(f"market:{self.get('market')}:{value}")
            elif kind == "half":
                out.append(f"battle:half:{value}")
            elif kind != "order":
                out.append(f"{kind}:{value}")
        if not out:
            out.append(f"choice:{self.kind}")
        return tuple(out)


@cache
def bare(kind: str) -> Action:
    """The action ``kind`` without parameters (``done``, ``pass``, ``skip``, ``pay_coin``…),
    built once per kind. The steps offer these at most of their decisions; an action is an
    immutable value, so one object serves every game (``bare("done") == Action("done")``).
    """
    return Action(kind)

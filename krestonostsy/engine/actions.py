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


class IllegalAction(ValueError):
    """Raised by :meth:`Game.apply` for an action that is not legal now."""


class Action:
    __slots__ = ("kind", "params", "_hash")

    def __init__(self, kind: str, **params: Any):
        self.kind = kind
        # most actions have 0-2 params: skip the sort when it cannot change anything.
        # The hash is computed on first use (most actions are never hashed).
        items = tuple(params.items())
        n = len(items)
        if n == 2:
            if items[1][0] < items[0][0]:
                items = (items[1], items[0])
        elif n > 2:
            items = tuple(sorted(items))
        self.params = items

    def __getattr__(self, name: str) -> Any:
        # the unset slot of the lazily computed hash, and the special names that copy and
        # pickle probe for before the slots exist, are never parameters
        if name == "_hash" or name.startswith("__"):
            raise AttributeError(name)
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
        return (self is other or isinstance(other, Action) and self.kind == other.kind
                and self.params == other.params)

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:  # not computed yet (__getattr__ raises it for "_hash")
            h = self._hash = hash((self.kind, self.params))
            return h

    def __reduce__(self):
        """Pickle/copy support: rebuild from the JSON form (bots may ship actions to
        worker processes)."""
        return (Action.from_json, (self.to_json(),))

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.params)
        return f"Action({self.kind!r}{', ' if args else ''}{args})"

    def to_json(self) -> dict:
        data = {"kind": self.kind}
        data.update(self.params)
        return data

    @classmethod
    def from_json(cls, data: dict) -> Action:
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise ValueError(f"not an action: {data!r}")
        params = {k: v for k, v in data.items() if k != "kind"}
        return cls(data["kind"], **params)

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

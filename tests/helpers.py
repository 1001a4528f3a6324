"""Helpers for rules tests: build a game, set up a situation, run one step in isolation."""
from __future__ import annotations

from krestonostsy.engine import Action, Game

ALL4 = ("jerusalem", "tripoli", "edessa", "antioch")


def new_game(states=ALL4, seed=1, **options) -> Game:
    return Game.new(list(states), seed=seed, options=options or None)


def run_step(g: Game, step: str, **frame) -> Game:
    """Replace the flow by ``step`` alone (over a ``halt`` sentinel) and run it to its
    first decision. When the step ends, ``halted(g)`` is true and ``result(g)`` is its
    return value."""
    g.s["stack"] = [{"s": "halt"}]
    g.call(step, **frame)
    g._advance()
    return g


def halted(g: Game) -> bool:
    return g.decision is not None and g.decision.prompt == "halt"


def result(g: Game):
    return g.s["stack"][0].get("ret") if g.s["stack"] else None


def choose(g: Game, kind: str, **params) -> None:
    """Apply the one legal action of ``kind`` whose params include ``params``."""
    matches = [a for a in g.legal_actions() if a.kind == kind
               and all(a.get(k) == v for k, v in params.items())]
    if len(matches) != 1:
        raise AssertionError(f"{len(matches)} actions match {kind} {params}; legal: "
                             f"{list(g.legal_actions())}")
    g.apply(matches[0])


def act(g: Game, kind: str, **params) -> None:
    g.apply(Action(kind, **params))

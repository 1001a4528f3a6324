"""Helpers for rules tests: build a game, set up a situation, run one step in isolation."""
from __future__ import annotations

from krestonostsy.ai.seat import Bot
from krestonostsy.engine import Action, Game
from krestonostsy.engine.flow import Decision, Step

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


# --- test content and stand-in steps (shared by the effect/trigger tests) ----------------

def make_game(states=ALL4, seed=1, **cards):
    """A game at setup with extra cards (``buildings=[Building...]`` etc.), not advanced."""
    import dataclasses

    from krestonostsy.engine import load_ruleset
    from krestonostsy.engine.options import GameOptions
    from krestonostsy.engine.setup import new_state

    rules = load_ruleset("base")
    content = rules.content
    extra = {k: {**getattr(content, k), **{c.id: c for c in v}} for k, v in cards.items()}
    rules = rules.with_content(dataclasses.replace(content, **extra))
    opts = GameOptions()
    setup = {"states": list(states), "seed": seed, "options": opts.to_json(),
             "scenario": rules.id}
    return Game(new_state(rules, list(states), seed, opts), rules, setup)


def game_without_modifiers(*args, **kw) -> Game:
    """A game at its first decision, without the round-1 event's modifiers."""
    g = new_game(*args, **kw)
    g.s["modifiers"] = {}
    return g


def give(g: Game, player: str, city: str, n: int) -> None:
    """Put ``n`` of ``player``'s units (and nothing else) in ``city`` and give them its
    token; supplies are adjusted so units stay conserved."""
    c = g.s["cities"][city]
    for owner, k in list(c["units"].items()):
        if owner == "saracen":
            g.s["saracens"] += k
        else:
            g.s["players"][owner]["units"] += k
    c["units"] = {player: n}
    g.s["players"][player]["units"] -= n
    for p in g.s["players"].values():
        if city in p["cities"]:
            p["cities"].remove(city)
    g.s["players"][player]["cities"].append(city)
    c["goods"] = 0


def calls(g: Game, name: str) -> list:
    """Frames recorded by a ``record``-ed stand-in step (see tests/conftest.py)."""
    return [c for c in g.s.get("calls", []) if c["step"] == name]


def kinds(g: Game) -> list:
    return sorted({a.kind for a in g.legal_actions()})


class Waiter(Step):
    """Stands in for a step that is under way: it just waits."""

    name = "waiter"

    def run(self, g, f):
        return Decision("-", "wait", {}, (Action("wait"),))


class Spy(Bot):
    """Plays the first legal action and records every seed it receives."""

    level = "spy"

    def __init__(self):
        self.seeds: list[int] = []

    def choose(self, knowledge):
        self.seeds.append(knowledge.seed)
        return knowledge.actions[0]

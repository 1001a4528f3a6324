"""The cheap heuristic policy: a prior score in 0..1 for each legal action.

It is what the novice plays (with noise), what search playouts play, and the progressive
bias of the search tree. It must be fast (it runs at every decision of every playout), so
it looks only at the action and a few public numbers of the position, plus the deciding
player's own hand — never another player's secrets.

One small scoring function per action kind (a registry, :data:`SCORERS`); a kind without
one scores 0.5. "Stop" actions (``done``, ``pass``, ``skip``, ``decline``…) score low
where the same decision offers something useful, so the policy never wastes an order it
could use; :func:`hopeless` tells an attack that cannot win.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..engine import adjacent, units_on_map

STOP_KINDS = frozenset(("done", "pass", "skip", "decline", "end_moves", "end_march",
                        "stop_reinforce", "keep"))
# actions that open a window of optional choices and then ask the same decision again
# (TURN-10's own-turn effects during an order): worth nothing on their own, so they score
# 0.1, below every stop action — a policy that preferred opening the window to closing it
# would go round in circles (open, close, open…)
WINDOW_KINDS = frozenset(("own_turn",))

ORDER_BASE = {"build": 0.62, "muster": 0.6, "prayer": 0.55, "march": 0.58}
PAY_ORDER = {"pay_discount": 0.95, "pay_good": 0.8, "pay_rescript_good": 0.55,
             "pay_coin": 0.6, "pay_rescript": 0.4, "decline": 0.05}

SCORERS: dict = {}


def scorer(*kinds):
    def register(fn):
        for k in kinds:
            SCORERS[k] = fn
        return fn
    return register


def _level(world, card) -> int:
    try:
        return len(world.c.card(card).cost)
    except (KeyError, AttributeError):
        return 0


def attack_strength(world, player: str, city: str) -> tuple[int, int]:
    """(the player's units next to ``city`` and in it, the other units in ``city``):
    public numbers of the map."""
    here = world.city(city)
    mine = here["units"].get(player, 0) + sum(
        world.city(n)["units"].get(player, 0) for n in adjacent(world, city))
    others = sum(k for o, k in here["units"].items() if o != player)
    return mine, others + here["level"] - 1


def hopeless(world, player: str, action) -> bool:
    """True for a march on a city whose defence is far stronger than every unit the
    player could bring (public units and city level)."""
    if action.kind != "march_target":
        return False
    mine, theirs = attack_strength(world, player, action.city)
    return theirs >= mine + 3


@scorer("place_order")
def _place_order(world, player, a):
    p = world.player(player)
    base = ORDER_BASE.get(a.order, 0.5)
    if a.order == "build" and p["coins"] + sum(x[0] for x in p["goods"].values()) < 2:
        base -= 0.2
    if a.order == "muster" and p["units"] < 2:
        base -= 0.25
    if a.order == "march" and units_on_map(world, player) < 3:
        base -= 0.2
    return base + (0.05 if a.get("cell") == "outer" else 0.0)


@scorer(*PAY_ORDER)
def _pay(world, player, a):
    return PAY_ORDER[a.kind]


@scorer("play_tactic", "take_card", "learn_extra")
def _card_level(world, player, a):
    card = a.get("card")
    return 0.5 + 0.1 * _level(world, card) if card else 0.5


@scorer("discard_tactic", "discard_building", "discard_rescript")
def _discard_weakest(world, player, a):
    return 0.8 - 0.12 * _level(world, a.card)


@scorer("upgrade")
def _upgrade(world, player, a):
    return 0.85


@scorer("build_building", "hire", "train_bishop", "draw_blind")
def _useful(world, player, a):
    return 0.75


@scorer("learn", "build_extra", "move_bishop", "play_spy", "use_spy", "use_building",
        "replace_governor")
def _fair(world, player, a):
    return 0.65


@scorer("march_target")
def _march_target(world, player, a):
    mine, theirs = attack_strength(world, player, a.city)
    margin = mine - theirs
    return max(0.05, min(0.95, 0.5 + 0.1 * margin + 0.05 * world.city(a.city)["level"]))


@scorer("march_move", "move_units")
def _move(world, player, a):
    return 0.5 + 0.05 * min(a.get("n", 1), 6)


@scorer("place_unit", "retreat_to", "discard_units")
def _own_city(world, player, a):
    own = a.city in world.player(player)["cities"]
    return 0.7 if own == (a.kind != "discard_units") else 0.4


@scorer("extra_goods", "buy_moves")
def _some(world, player, a):
    return 0.55 + 0.05 * min(a.n, 3) - (0.1 if a.n > 3 else 0.0)


# --- «Вассал моего вассала»'s oaths (docs/campaign.md §8): public numbers and the seat's
# own oath hand only

def _oath(world, card):
    oaths = getattr(world.c, "oaths", None) or {}
    return oaths.get(card)


def _threat(world, player: str, other: str) -> int:
    """How much of ``other``'s realm ``player`` could attack: its cities next to
    ``player``'s whose public defence ``player``'s adjacent units beat."""
    mine = set(world.player(player)["cities"])
    n = 0
    for c in world.player(other)["cities"]:
        if any(a in mine for a in adjacent(world, c)):
            units, defence = attack_strength(world, player, c)
            n += units > defence + 1
    return n


@scorer("offer_oath")
def _offer_oath(world, player, a):
    """A lord gains its tribute every Income and peace with the vassal: offer the card
    with the highest tribute to a state one would not attack anyway."""
    card = _oath(world, a.card)
    tribute = card.tribute if card else 0
    return 0.55 + 0.05 * tribute - 0.15 * min(_threat(world, player, a.player), 2)


@scorer("accept_oath")
def _accept_oath(world, player, a):
    """Accept a cheap oath (low tribute) unless the lord's cities are worth marching on:
    the vassal swears peace with its lord."""
    d = world.decision
    card = _oath(world, d.params.get("card")) if d is not None else None
    lord: str | None = d.params.get("lord") if d is not None else None
    tribute = card.tribute if card else 1
    threat = _threat(world, player, lord) if lord is not None and lord in world.states else 0
    return 0.65 - 0.08 * tribute - 0.2 * min(threat, 2)


@scorer("refuse_oath")
def _refuse_oath(world, player, a):
    return 0.45


@scorer("break_oath")
def _break_oath(world, player, a):
    """Breaking costs influence: worth it only to attack the partner's weak cities."""
    part = world.component("oaths") or {}
    for o in part.get("sworn", ()):
        if o["card"] == a.card:
            other = o["vassal"] if o["lord"] == player else o["lord"]
            return 0.12 + 0.3 * min(_threat(world, player, other), 2)
    return 0.1


@scorer("name_regent")
def _name_regent(world, player, a):
    """The strongest protector: the candidate with the most units on the map (a lord
    already bound to the ward counts double)."""
    part = world.component("oaths") or {}
    lord = any(o["lord"] == a.player and o["vassal"] == player for o in part.get("sworn", ()))
    return min(0.95, 0.4 + 0.03 * units_on_map(world, a.player) + (0.2 if lord else 0.0))


@dataclass(frozen=True)
class Tilt:
    """A play style's leaning in the cheap policy (``data/ai/styles.yaml``, ``priors``):
    multipliers of the prior score, per action kind (``actions``) and, for an order
    placement, per order type (``orders``: build, muster, prayer, march). A kind or order
    not named keeps its score (×1)."""

    actions: Mapping[str, float] = field(default_factory=dict)
    orders: Mapping[str, float] = field(default_factory=dict)

    def apply(self, action, score: float) -> float:
        """``score`` (the balanced prior of ``action``) leaned the style's way."""
        m = self.actions.get(action.kind, 1.0)
        if action.kind == "place_order":
            m *= self.orders.get(action.order, 1.0)
        return score * m


Tilts = Mapping[str, Tilt]
"""The tilts of the seats that play a style, by seat (a search leans only its own seat's
choices; every other player is imagined as balanced)."""


def prior(world, player: str, action, tilt: Tilt | None = None) -> float:
    """The cheap score of ``action`` for ``player`` (the decider) in ``world``, leaned by
    ``tilt`` (the player's style) when given."""
    if action.kind in STOP_KINDS:
        score = 0.2
    elif action.kind in WINDOW_KINDS:
        score = 0.1
    else:
        fn = SCORERS.get(action.kind)
        score = fn(world, player, action) if fn else 0.5
    return score if tilt is None else tilt.apply(action, score)


def priors(world, player: str, actions, tilt: Tilt | None = None) -> list[float]:
    """Scores for all ``actions``; a stop action scores 0.2 only if something else is
    offered (a lone stop is simply the answer)."""
    return [prior(world, player, a, tilt) for a in actions]


PLAYOUT_RANDOMNESS = 0.15  # ε: the share of a playout's choices made at random


def playout_choice(world, rnd, tilts: Tilts | None = None,
                   randomness: float = PLAYOUT_RANDOMNESS) -> object:
    """The playout policy: the best prior with a little randomness (ε-greedy, ε =
    ``randomness``); a seat named in ``tilts`` leans its choices its style's way."""
    d = world.decision
    acts = d.actions
    if len(acts) == 1:
        return acts[0]
    if rnd.random() < randomness:
        return acts[rnd.randrange(len(acts))]
    scores = priors(world, d.player, acts, tilts.get(d.player) if tilts else None)
    best = max(scores)
    top = [a for a, s in zip(acts, scores, strict=True) if s >= best - 1e-9]
    return top[rnd.randrange(len(top))] if len(top) > 1 else top[0]

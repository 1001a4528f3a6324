"""Why a bot chose what it chose: a short reason for the log ("attacks Damascus: strength
6 against 3"), made by the bot harness, never by the engine's rules.

A :class:`Reason` is a log key and its parameters, like an engine log entry, so the log
panel shows it in the player's language (its templates: ``ui/log_panel.py``). Reasons read
only what the deciding seat may know: public numbers of the map and the bot's own search.
Levels that have reasons: normal (its attacks), hard and expert (their attacks and their
searched order placements); the others explain nothing.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .policy import attack_strength


@dataclass(frozen=True)
class Reason:
    """A log entry of the bot harness: ``key`` (a log panel template) and ``params``."""

    key: str
    params: dict = field(default_factory=dict)

    def entry(self) -> tuple:
        """The reason as a public log entry ``(key, params, None)``."""
        return (self.key, dict(self.params), None)


def attack(world, seat: str, action) -> Reason | None:
    """A march on a city the seat does not hold: the strength the seat can bring against
    the city's defence (public units and the city's level)."""
    if action.kind != "march_target" or action.city in world.player(seat)["cities"]:
        return None
    mine, theirs = attack_strength(world, seat, action.city)
    return Reason("bot_attacks", {"player": seat, "city": action.city, "strength": mine,
                                  "defence": theirs})


def searched_order(seat: str, action, visits: dict) -> Reason | None:
    """An order placement chosen by a search: how many of its simulated rounds went
    through the chosen placement."""
    if action.kind != "place_order":
        return None
    total = sum(visits.values())
    if not total:
        return None
    return Reason("bot_order_searched", {"player": seat, "order": action.order,
                                         "n": visits.get(action, 0), "total": total})

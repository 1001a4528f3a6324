"""Why a bot chose what it chose: a short reason for the log ("attacks Damascus: strength
6 against 3"), made by the bot harness, never by the engine's rules.

A :class:`Reason` is a log key and its parameters, like an engine log entry, so the log
panel shows it in the player's language (its templates: ``ui/log_panel.py``). Reasons read
only what the deciding seat may know: public numbers of the map and the bot's own search.
Levels that have reasons: normal (its attacks), hard and expert (their attacks and their
searched order placements); the others explain nothing. A bot that plays a style
(``styles.py``) says its style's signature decisions in its own words (:func:`in_style`).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..engine import HEGEMONY_CITIES
from .evaluation import _holy_lands
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


# --- reasons in style: a style's signature decisions, said in its words ------------------

StyleReason = Callable[[Any, str, Any], "Reason | None"]
"""``fn(world, seat, action) -> Reason | None``: the reason of one signature decision."""


def _pious_prayer(world, seat: str, action) -> Reason | None:
    if action.kind != "place_order" or action.order != "prayer":
        return None
    lands = _holy_lands(world.view(seat)).get(seat, 0)
    return Reason("bot_pious_prays", {"player": seat, "n": lands})


def _pious_bishop(world, seat: str, action) -> Reason | None:
    if action.kind != "train_bishop":
        return None
    return Reason("bot_pious_bishop", {"player": seat, "city": action.city})


def _merchant_order(world, seat: str, action) -> Reason | None:
    if action.kind != "place_order" or action.order != "build":
        return None
    return Reason("bot_merchant_order", {"player": seat,
                                         "n": world.player(seat)["coins"]})


def _merchant_takes(world, seat: str, action) -> Reason | None:
    if action.kind != "take_card":
        return None
    if action.market.startswith("buildings"):
        built = len(world.player(seat)["buildings"])
        return Reason("bot_merchant_builds", {"player": seat, "card": action.card,
                                              "n": built + 1, "gives": action.card})
    if action.market == "governors":
        return Reason("bot_merchant_governor", {"player": seat, "card": action.card})
    return None


def _conqueror_order(world, seat: str, action) -> Reason | None:
    if action.kind != "place_order" or action.order not in ("muster", "march"):
        return None
    return Reason("bot_conqueror_order", {"player": seat, "order": action.order,
                                          "n": len(world.player(seat)["cities"]),
                                          "goal": HEGEMONY_CITIES})


def _conqueror_attack(world, seat: str, action) -> Reason | None:
    found = attack(world, seat, action)
    return Reason("bot_conqueror_attacks", found.params) if found else None


STYLE_REASONS: dict[str, tuple[StyleReason, ...]] = {
    "pious": (_pious_prayer, _pious_bishop),
    "merchant": (_merchant_order, _merchant_takes),
    "conqueror": (_conqueror_order, _conqueror_attack),
}
"""The signature decisions each style explains in its words (log templates
``bot_<style>_…``, ``ui/log_panel.py``); a style not named here explains like the
balanced bot."""


def in_style(style_id: str, seat: str, action, world: Callable[[], Any]) -> Reason | None:
    """The reason a bot of style ``style_id`` gives for ``action`` when it is one of the
    style's signature decisions, else None. ``world()`` gives a determinization of the
    seat's information set, asked for only when the style has reasons; the reasons read
    public numbers and the seat's own."""
    makers = STYLE_REASONS.get(style_id)
    if not makers:
        return None
    w = world()
    for make in makers:
        found = make(w, seat, action)
        if found is not None:
            return found
    return None

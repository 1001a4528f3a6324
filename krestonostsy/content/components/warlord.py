"""«Восход полумесяца»'s warlord as a scenario file gives him (``components: warlord`` and
the ``warlord`` deck); played by ``engine/components/warlord.py``."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..yamlfile import Reader
from .spec import ComponentSpec

if TYPE_CHECKING:
    from .spec import DeckSpec


@dataclass(frozen=True)
class Warlord:
    """«Восход полумесяца»'s warlord (SYM-91, docs/campaign.md §9): the city the piece
    starts in, and the city whose fall ends the era (CAMP-S4-05: Edessa 1144) with the
    influence every state but its last defender loses. The warlord cards are the
    scenario's ``warlord`` deck."""

    start: str
    fall_city: str
    fall_influence: int


def read(r: Reader, board) -> Warlord:
    start = r.str("start")
    if start not in board.cities:
        r.fail(f"unknown city '{start}' in 'start'", "start")
    if board.cities[start].kind == "capital":
        r.fail(f"'{start}' is a capital: the warlord starts in a Saracen city", "start")
    fall = r.sub("fall", "the warlord's 'fall'")
    city = fall.str("city")
    if city not in board.cities:
        fall.fail(f"unknown city '{city}' in 'city'", "city")
    influence = fall.int("influence", lo=0, hi=10)
    fall.done()
    r.done()
    return Warlord(start=start, fall_city=city, fall_influence=influence)


def check(root: Reader, data: Warlord | None, decks: Mapping[str, DeckSpec]) -> None:
    """The warlord and his cards go together."""
    if data is not None and "warlord" not in decks:
        root.sub("components").fail("the warlord needs his cards: add a 'warlord' deck "
                                    "under 'cards'", "warlord")
    if data is None and "warlord" in decks:
        root.sub("cards").fail("warlord cards without the warlord: add 'warlord' under "
                               "'components'", "warlord")


SPEC = ComponentSpec("warlord", read, deck="warlord", check=check)

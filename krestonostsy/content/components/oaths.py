"""«Вассал моего вассала»' oaths as a scenario file gives them (``components: oaths`` and
the ``oaths`` deck); played by ``engine/components/oaths.py``."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..yamlfile import Reader
from .spec import ComponentSpec

if TYPE_CHECKING:
    from .spec import DeckSpec

STATES = 4  # the deck must deal a full hand to each of the 4 states


@dataclass(frozen=True)
class Oaths:
    """«Вассал моего вассала»' oaths (docs/campaign.md §8): the oath cards (the scenario's
    ``oaths`` deck) dealt ``per_state`` to each state; the influence a state pays to
    break an oath (``break_cost``); the strength a protector adds to a raided city of its
    vassal or ward (``protection``); the influence a regent gains at each Income
    (``regency_influence``)."""

    per_state: int
    break_cost: int
    protection: int
    regency_influence: int


def read(r: Reader, board) -> Oaths:
    out = Oaths(per_state=r.int("per_state", lo=1, hi=4), break_cost=r.int("break_cost", lo=0,
                hi=10), protection=r.int("protection", lo=0, hi=5),
                regency_influence=r.int("regency_influence", lo=0, hi=5))
    r.done()
    return out


def check(root: Reader, data: Oaths | None, decks: Mapping[str, DeckSpec]) -> None:
    """The component and its deck go together, and the deck deals every state a hand."""
    if (data is not None) != ("oaths" in decks):
        root.fail("the component 'oaths' and the deck 'oaths' (cards:) go together: name "
                  "both or neither", "components" if root.has("components") else "cards")
    count = decks["oaths"].count if "oaths" in decks else None
    if data is not None and count is not None and count < data.per_state * STATES:
        root.fail(f"the oath deck holds {count} cards: too few to deal "
                  f"{data.per_state} to each of {STATES} states", "cards")


SPEC = ComponentSpec("oaths", read, deck="oaths", check=check)

"""«Восход полумесяца»'s warlord (SYM-91, CAMP-S4-*, docs/campaign.md §9): his piece on
the map, his face-up card and target, his face-down deck and the played cards. His ops
are ``engine/ops/warlord.py``, his steps the ``zengi`` hook's."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...content.components import warlord
from .. import rng
from ..state import State
from .component import Component

if TYPE_CHECKING:
    from ..stream import Stream


def setup(data: warlord.Warlord, states: list[str]) -> dict:
    """The warlord in his start city, no card face up yet (CAMP-S4-01)."""
    return {"city": data.start, "card": None, "target": None, "deck": [], "discard": []}


def deal(s: State, part: dict, content) -> None:
    """The warlord cards, shuffled face down (CAMP-S4-01; the first is turned in the
    Event phase of round 1)."""
    part["deck"] = sorted(content.warlord)
    rng.shuffle(s, part["deck"])


def view(part: dict, viewer: str | None) -> dict:
    """Where he stands, his face-up card and target, the played cards; the face-down deck
    is only a count (its order is hidden)."""
    return {"city": part["city"], "card": part["card"], "target": part["target"],
            "deck": len(part["deck"]), "discard": list(part["discard"])}


def sample(part: dict, states: list[str], viewer: str, r: Stream) -> None:
    """The order of the face-down deck, drawn again (CAMP-S4-01)."""
    if len(part["deck"]) > 1:
        hidden = sorted(part["deck"])
        r.shuffle(hidden)
        part["deck"] = hidden


COMPONENT = Component(warlord.SPEC, setup, deal=deal, view=view, sample=sample)

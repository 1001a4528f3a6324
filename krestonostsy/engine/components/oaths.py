"""«Вассал моего вассала»' oaths (CAMP-S3-*, docs/campaign.md §8): the oath hands, the
face-down deck, the sworn and broken oaths, the regents. Its part of the state (the shape
is described in ``engine/ops/oaths.py``, which holds its ops; the ``oaths_and_regency``
hook its steps)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...content.components import oaths
from .. import rng
from ..state import State
from .component import Component

if TYPE_CHECKING:
    from ..stream import Stream


def setup(data: oaths.Oaths, states: list[str]) -> dict:
    """CAMP-S3-01: nothing sworn yet, every hand empty until the deal."""
    return {"deck": [], "hands": {x: [] for x in states}, "sworn": [], "broken": [],
            "regents": {}, "discard": []}


def deal(s: State, part: dict, content) -> None:
    """CAMP-S3-01: the oath deck shuffled and ``per_state`` cards dealt to each state in
    the line-up's order."""
    per_state = content.scenario.components["oaths"].per_state
    deck = sorted(content.oaths)
    rng.shuffle(s, deck)
    for x in part["hands"]:
        part["hands"][x] = [deck.pop() for _ in range(min(per_state, len(deck)))]
    part["deck"] = deck


def view(part: dict, viewer: str | None) -> dict:
    """A hand is shown to its owner as card ids and to everyone else as a count; the deck
    as a count; sworn and broken oaths, the regents and the refused cards are public."""
    return {"hands": {x: list(hand) if x == viewer else len(hand)
                      for x, hand in part["hands"].items()},
            "sworn": [dict(o) for o in part["sworn"]],
            "broken": [dict(o) for o in part["broken"]],
            "regents": dict(part["regents"]),
            "deck": len(part["deck"]), "discard": list(part["discard"])}


def sample(part: dict, states: list[str], viewer: str, r: Stream) -> None:
    """The other states' oath hands and the face-down oath deck are pooled, shuffled and
    dealt again, every hand and the deck keeping its size. Sworn, broken and refused oaths
    are public and stay."""
    hands = part["hands"]
    others = [q for q in states if q != viewer and hands.get(q)]
    pool = sorted([c for q in others for c in hands[q]] + part["deck"])
    r.shuffle(pool)
    at = 0
    for q in others:
        n = len(hands[q])
        hands[q] = pool[at:at + n]
        at += n
    part["deck"] = pool[at:]


COMPONENT = Component(oaths.SPEC, setup, deal=deal, view=view, sample=sample)

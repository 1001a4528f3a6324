"""A kind of scenario component as the engine plays it: one :class:`Component` per kind,
declared in the kind's own module of this package (``trade_board.py``, ``oaths.py``,
``warlord.py``) and listed in :data:`krestonostsy.engine.components.COMPONENTS`.

A component's part of the state is ``g.s["components"][kind]`` (absent in the base game,
whose state layout stays as it was). The engine calls a component's hooks at four moments,
naming no kind itself:

* **setup** (``engine/setup.py``): its initial part from the scenario's data;
* **deal** (setup, once every part of the state is set up): its cards shuffled and dealt
  with the game's generator;
* **view** (``engine/view.py``): what a seat sees of it — a whitelist like the rest of the
  view;
* **sample** (``engine/determinize.py``): its hidden parts drawn again for a seat, from
  what that seat may know and the determinization's stream alone.

Its rules (ops, a hook's steps) stay where every rule lives (``engine/ops/``,
``engine/hooks/``); its data is read by the content layer (``spec``,
``content/components/<kind>.py``); the table draws it (``ui/table/components.py``).
"""
from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...content.components.spec import ComponentSpec
from ..state import State

if TYPE_CHECKING:
    from ..stream import Stream


def public_view(part: dict, viewer: str | None) -> dict:
    """A component everyone sees whole (e.g. the trade board's tracks)."""
    return copy.deepcopy(part)


@dataclass(frozen=True)
class Component:
    """One kind of scenario component, with the engine's hooks for it.

    ``spec``: how the scenario file gives it (its name ``kind``, its reader and its deck);
    ``setup(data, states) -> part``: its initial part, from ``rules.scenario.components
    [kind]`` and the line-up; ``deal(s, part, content)``: its cards dealt with the
    game's generator (``rng``) once the state is set up (None: nothing to deal);
    ``view(part, viewer) -> dict``: what ``viewer`` sees of it (plain data; default: all
    of it); ``sample(part, states, viewer, stream)``: its hidden parts sampled again in
    place for ``viewer`` (None: it hides nothing)."""

    spec: ComponentSpec
    setup: Callable[[Any, list[str]], dict]
    deal: Callable[[State, dict, Any], None] | None = None
    view: Callable[[dict, str | None], dict] = public_view
    sample: Callable[[dict, list[str], str, Stream], None] | None = None

    @property
    def kind(self) -> str:
        """The component's name in a scenario file and in ``s["components"]``."""
        return self.spec.kind

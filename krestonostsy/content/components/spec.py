"""What the content layer knows of one kind of scenario component: its name in a scenario
file, how its part of the file is read and checked, and the deck of its own cards.

The engine plays the component (``engine/components/<kind>.py``, whose
:class:`~krestonostsy.engine.components.component.Component` names this spec); the content
layer only reads it, so ``load_content`` and ``validate-data`` check a scenario file
without the engine.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..board import Board
    from ..yamlfile import Reader


@dataclass(frozen=True)
class DeckSpec:
    """One deck of a scenario: its card file and the number of cards it must hold.

    ``count`` is None for a single card (the Homs card); ``extra`` holds the deck's other
    counts (``starting_per_state`` tactics, ``starting`` governors)."""

    file: str
    count: int | None
    extra: Mapping[str, int]
    add: tuple[tuple[str, int], ...] = ()  # more card files of this deck: (file, count)

    @property
    def files(self) -> tuple[str, ...]:
        """Every card file of the deck: its own, then the added ones."""
        return (self.file, *(f for f, _ in self.add))


@dataclass(frozen=True)
class ComponentSpec:
    """One kind of scenario component as a scenario file names it.

    ``read(r, board)`` checks the component's entry (``r`` is a :class:`Reader` on
    ``components.<kind>``; ``file:line`` errors through ``r.fail``) and returns its data,
    a frozen value the engine reads as ``rules.scenario.components[kind]``.
    ``check(root, data, decks)`` checks it against the scenario's decks once everything
    is read, for every scenario (``data`` is None when the scenario lacks the component:
    a deck of its cards without it is refused there). ``deck``: the name of the deck of
    the component's own cards under ``cards:`` (None: it has none)."""

    kind: str
    read: Callable[[Reader, Board], Any]
    deck: str | None = None
    check: Callable[[Reader, Any, Mapping[str, DeckSpec]], None] | None = None

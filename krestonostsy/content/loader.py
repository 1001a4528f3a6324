"""Load and validate all content: the board plus every card deck."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ..resources import data_dir as default_data_dir
from .board import Board, load_board
from .errors import ContentError
from .models import (
    Building,
    Bull,
    Event,
    Governor,
    HomsCard,
    Rescript,
    SaracenTactic,
    Spy,
    Tactic,
)

# Full deck counts (RULES.md §2). The loader refuses content that does not match.
DECK_COUNTS = {
    "events": 12,
    "buildings": 26,
    "tactics": 58,
    "starting_tactics_per_state": 5,
    "governors": 20,
    "starting_governors": 4,
    "bulls": 16,
    "spies": 16,
    "rescripts": 32,
    "saracens": 20,
}


@dataclass(frozen=True)
class Content:
    """Everything the rules need to know about the physical game, validated."""

    board: Board
    events: dict[str, Event] = field(default_factory=dict)
    buildings: dict[str, Building] = field(default_factory=dict)
    tactics: dict[str, Tactic] = field(default_factory=dict)
    saracens: dict[str, SaracenTactic] = field(default_factory=dict)
    governors: dict[str, Governor] = field(default_factory=dict)
    bulls: dict[str, Bull] = field(default_factory=dict)
    spies: dict[str, Spy] = field(default_factory=dict)
    rescripts: dict[str, Rescript] = field(default_factory=dict)
    homs: HomsCard | None = None
    version: str = ""

    def card(self, card_id: str):
        """Any card by id (ids are unique across all decks)."""
        for table in (self.tactics, self.buildings, self.governors, self.rescripts,
                      self.spies, self.saracens, self.bulls, self.events):
            if card_id in table:
                return table[card_id]
        if self.homs is not None and self.homs.id == card_id:
            return self.homs
        raise KeyError(card_id)


def load_content(directory: Path | str | None = None) -> Content:
    """Load and validate the content in ``directory`` (the shipped ``data/`` by default).

    Raises :class:`ContentError` (``file:line: message``) on any problem.
    """
    path = Path(directory) if directory is not None else default_data_dir()
    if not path.is_dir():
        raise ContentError(str(path), None, "not a folder")
    from .cards import load_cards  # local import: cards.py depends on this module's constants

    board = load_board(path)
    cards = load_cards(path, board)
    return Content(board=board, **cards)


@lru_cache(maxsize=1)
def shipped_content() -> Content:
    """The game's own content, loaded once per process."""
    return load_content(None)

"""Load and validate all content: the board, the scenario and the card decks it names."""
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
    Oath,
    Rescript,
    SaracenTactic,
    Spy,
    Tactic,
    WarlordCard,
)
from .scenario import CARDS_DIR, SCENARIOS_DIR, Scenario, load_scenario


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
    oaths: dict[str, Oath] = field(default_factory=dict)  # «Вассал моего вассала» only
    warlord: dict[str, WarlordCard] = field(default_factory=dict)  # «Восход полумесяца»
    version: str = ""
    scenario: Scenario | None = None  # the scenario this content was loaded for

    def card(self, card_id: str):
        """Any card by id (ids are unique across all decks)."""
        for table in (self.tactics, self.buildings, self.governors, self.rescripts,
                      self.spies, self.saracens, self.bulls, self.events, self.oaths,
                      self.warlord):
            if card_id in table:
                return table[card_id]
        if self.homs is not None and self.homs.id == card_id:
            return self.homs
        raise KeyError(card_id)


def load_content(directory: Path | str | None = None, scenario: str = "base") -> Content:
    """Load and validate the content of ``scenario`` in ``directory`` (the shipped
    ``data/`` by default): the board, the scenario file and the card files it names, each
    deck checked against the scenario's counts.

    Raises :class:`ContentError` (``file:line: message``) on any problem.
    """
    path = Path(directory) if directory is not None else default_data_dir()
    if not path.is_dir():
        raise ContentError(str(path), None, "not a folder")
    from .cards import content_version, load_cards  # local: cards.py is the heavy part

    try:
        board = load_board(path)
        chosen = load_scenario(path, scenario, board)
        cards = load_cards(path, board, chosen.decks)
    except ContentError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError, IndexError, RecursionError) as err:
        # a shape no check above foresaw: still one error type, never a traceback
        raise ContentError(str(path), None, f"malformed content ({type(err).__name__}: "
                                            f"{str(err)[:200]})") from err
    files = ["map.yaml", "tracks.yaml", f"{SCENARIOS_DIR}/{chosen.file}",
             *(f"{CARDS_DIR}/{file}" for spec in chosen.decks.values()
               for file in spec.files)]
    return Content(board=board, version=content_version(path, set(files)), scenario=chosen,
                   **cards)


@lru_cache(maxsize=8)
def shipped_content(scenario: str = "base") -> Content:
    """The content of a shipped scenario, loaded once per process (timed as
    ``span:content`` by the start-up trace, ``krestonostsy/startup_trace.py``)."""
    from ..startup_trace import span
    with span("content"):
        return load_content(None, scenario)

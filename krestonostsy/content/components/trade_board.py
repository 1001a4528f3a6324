"""«Левантийские торговцы»' trade board as a scenario file gives it (``components:
trade_board``); played by ``engine/components/trade_board.py``."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from ..vocabulary import COLOURS as GOOD_COLOURS
from ..vocabulary import REPUBLICS
from ..yamlfile import Reader
from .spec import ComponentSpec


@dataclass(frozen=True)
class TradeBoard:
    """«Левантийские торговцы»' trade board (docs/campaign.md §7): one track per Italian
    republic, cells 0..``cells``, with the goods colours that republic buys; the harbour
    cities that let a state trade; the coins each Income pays a track's leader; the
    influence each cell is worth at the end (``influence[cell]``)."""

    republics: Mapping[str, tuple[str, ...]]
    cells: int
    harbours: tuple[str, ...]
    income: int
    influence: tuple[int, ...]


def read(r: Reader, board) -> TradeBoard:
    republics: dict = {}
    for name, colours in r.mapping("republics").items():
        if name not in REPUBLICS:
            r.fail(f"unknown republic {name!r} (the republics: {', '.join(REPUBLICS)})",
                   "republics")
        if not isinstance(colours, list) or not colours or any(
                c not in GOOD_COLOURS for c in colours) or len(set(colours)) != len(colours):
            r.fail(f"republic '{name}' buys a list of different goods colours (of "
                   f"{', '.join(GOOD_COLOURS)}), got {colours!r}", "republics")
        republics[name] = tuple(colours)
    if not 1 <= len(republics) <= 4:
        r.fail(f"a trade board has 1 to 4 republics, found {len(republics)}", "republics")
    cells = r.int("cells", lo=1, hi=9)
    harbours = []
    for cid in r.list("harbours"):
        if cid not in board.cities or cid in harbours:
            r.fail(f"'{cid}' in 'harbours' is not a city of the map (or is listed twice)",
                   "harbours")
        harbours.append(cid)
    if not harbours:
        r.fail("'harbours' names at least one city", "harbours")
    income = r.int("income", lo=0, hi=10)
    influence = r.list("influence")
    if len(influence) != cells + 1 or any(type(v) is not int or not 0 <= v <= 10
                                          for v in influence) or sorted(influence) != influence:
        r.fail(f"'influence' gives each cell 0..{cells} its influence (0..10, never "
               f"decreasing): {cells + 1} whole numbers", "influence")
    r.done()
    return TradeBoard(republics=MappingProxyType(republics), cells=cells,
                      harbours=tuple(harbours), income=income, influence=tuple(influence))


SPEC = ComponentSpec("trade_board", read)

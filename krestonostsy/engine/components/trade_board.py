"""«Левантийские торговцы»' trade board (CAMP-S2-*, docs/campaign.md §7): one track per
Italian republic, a marker per state on each. Public as a whole; nothing to deal or
sample. Its rules: ``engine/ops/campaign.py`` (trade) and the ``italian_fleets`` hook."""
from __future__ import annotations

from ...content.components import trade_board
from .component import Component


def setup(data: trade_board.TradeBoard, states: list[str]) -> dict:
    """Every state's trade marker on cell 0 of each republic's track (CAMP-S2-01)."""
    return {"tracks": {republic: {x: 0 for x in states} for republic in data.republics}}


COMPONENT = Component(trade_board.SPEC, setup)

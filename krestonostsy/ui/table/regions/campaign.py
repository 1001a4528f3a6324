"""A campaign's marks on the table: a scenario's components (the trade board, the oaths,
the warlord) in the battle board's strip between battles, and its marks on the map
(terrain, harbours, the warlord's march). ``components.py`` draws them, a drawer per
component."""
from __future__ import annotations

from .. import components as COMP
from .base import R_BATTLE, Region, Section


class Campaign(Region):
    """The scenario's strip and its marks on the map: a section each."""

    def plan(self, v: dict, viewer: str | None) -> dict[str, Section]:
        return {"scenario_strip": Section(self._scenario_strip),
                "campaign_map": Section(self._campaign_map)}

    def _scenario_strip(self, v: dict) -> None:
        COMP.draw_strip(self.scene, v, R_BATTLE)

    def _campaign_map(self, v: dict) -> None:
        COMP.draw_map_marks(self.scene, v)

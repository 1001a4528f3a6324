"""Terrain, the advanced mode (CAMP-10, SYM-93; the city tokens' «Эффекты местности»,
docs/campaign.md §5): a city's terrain changes the strength marker of a battle for it
at BATTLE-04 stage 1 (raids ignore terrain).

=========  ==============================================================================
harbour    a state defending it gets +1 (supplied by sea); the Saracens do not
rivers     the attacker's enhanced-march bonus is +1 instead of +2 (MARCH-04, the crossing)
forests    the attacker −1 unless it holds a city adjacent to it
mountains  the defender +1
deserts    the attacker −1 when the Saracens defend
=========  ==============================================================================

Switched on by a scenario naming the hook ``terrain``, or for any game by
``Ruleset.with_hooks(("terrain",))`` — the campaign's advanced mode, and the option of
single games (recorded in the game's setup as ``hooks``).
"""
from __future__ import annotations

from .. import board as B
from ..battle import Battle
from ..hook import Hook, hook_step, register_hook
from ..state import SARACEN
from ..table import Table


def _harbour(g: Table, b) -> int:
    return -1 if b["defender"] != SARACEN else 0


def _rivers(g: Table, b) -> int:
    return -1 if b["enhanced"] else 0


def _forests(g: Table, b) -> int:
    att = b["attacker"]
    if att == SARACEN:  # the warlord's Saracens attack from a Saracen city next to it
        return 0 if any(B.controller(g, c) == SARACEN for c in B.adjacent(g, b["city"])) else -1
    mine = g.s["players"][att]["cities"]
    return 0 if any(c in mine for c in B.adjacent(g, b["city"])) else -1


def _mountains(g: Table, b) -> int:
    return -1


def _deserts(g: Table, b) -> int:
    return -1 if b["defender"] == SARACEN else 0


TERRAIN_EFFECTS = {"harbour": _harbour, "rivers": _rivers, "forests": _forests,
                   "mountains": _mountains, "deserts": _deserts}
"""terrain -> its change of the strength marker (+ for the attacker), one per SYM-93 type."""


def terrain_effect(g: Table, b: dict) -> int:
    """The change the battle city's terrain makes to the marker of battle ``b``."""
    return TERRAIN_EFFECTS[g.c.board.cities[b["city"]].terrain](g, b)


def apply_terrain(g: Table, b: dict) -> None:
    """Change battle ``b``'s marker by its city's terrain after stage 1, and log it."""
    change = terrain_effect(g, b)
    if change:
        b["marker"] += change
        B.log(g, "terrain_effect", city=b["city"],
              terrain=g.c.board.cities[b["city"]].terrain, n=change, marker=b["marker"])


@hook_step
class TerrainBattle(Battle):
    """The battle with the terrain's change after stage 1 (BATTLE-04)."""

    def at_deal(self, g: Table, f):
        super().at_deal(g, f)
        apply_terrain(g, g.s["battle"])


TERRAIN = register_hook(Hook("terrain", "CAMP-10: terrain changes the battle for a city",
                             steps={"battle": TerrainBattle()}))

"""Frozen content objects for every card type.

Effects are tuples of op mappings as described in :mod:`.vocabulary`; they are validated
at load time and never mutated. ``name`` and ``flavour`` are English msgids, translated
through the gettext catalogs (``translations/``).
"""
from __future__ import annotations

from dataclasses import dataclass, field

Effect = tuple  # tuple of op dicts


@dataclass(frozen=True)
class Ability:
    """One half (top or bottom) of a tactic or Saracen card."""

    effect: Effect
    end_of_battle: bool = False  # SYM-57: waits for stage 4A
    protection: bool = False  # SYM-28: the card gains protection when this half resolves


@dataclass(frozen=True)
class Tactic:
    """A tactic card (карта тактики). ``level`` = number of goods in ``cost``."""

    id: str
    name: str
    cost: tuple
    top: Ability
    bottom: Ability
    starting: str | None = None  # state id for the 20 level-0 starting tactics
    flavour: str = ""

    @property
    def level(self) -> int:
        return len(self.cost)

    @property
    def colours(self) -> tuple:
        """Colours of the card (TACTIC-03: starting tactics are colourless)."""
        return tuple(sorted({c for c in self.cost if c not in ("any", "green")}))

    @property
    def deck(self) -> str:
        return "starting" if self.starting else ("tactics_12" if self.level <= 2 else "tactics_34")


@dataclass(frozen=True)
class SaracenTactic:
    """A Saracen card (карта сарацин): colourless, top and bottom abilities."""

    id: str
    name: str
    top: Ability
    bottom: Ability
    flavour: str = ""


@dataclass(frozen=True)
class Building:
    """A building card (карта постройки). ``deck``: buildings_0 | buildings_12 | buildings_34."""

    id: str
    name: str
    cost: tuple
    trigger: dict  # {"on": after_order|anytime|after_battle, ...filters}
    effect: Effect
    flavour: str = ""

    @property
    def level(self) -> int:
        return len(self.cost)

    @property
    def colours(self) -> tuple:
        return tuple(sorted({c for c in self.cost if c not in ("any", "green")}))

    @property
    def deck(self) -> str:
        if self.level == 0:
            return "buildings_0"
        return "buildings_12" if self.level <= 2 else "buildings_34"


@dataclass(frozen=True)
class Governor:
    """A governor card (карта наместника): influence each Income phase if its condition holds.

    ``scoring`` is one of ``{metric, per, influence}`` (influence × ⌊count / per⌋,
    optionally ``max``), ``{metric, tiers: ((at_least, influence), ...)}`` (best tier
    reached) or ``{metric, leader: true, influence}`` (GLOSS-07).
    """

    id: str
    name: str
    scoring: dict
    starting: str | None = None
    flavour: str = ""


@dataclass(frozen=True)
class BullGoal:
    metric: str
    tiers: tuple  # ((at_least, influence), ...) ascending


@dataclass(frozen=True)
class Bull:
    """A papal bull (булла): two goals; at the end the best one met scores (§14.17)."""

    id: str
    name: str
    goals: tuple  # two BullGoal
    flavour: str = ""


@dataclass(frozen=True)
class Spy:
    """A spy card (карта шпиона): triggers on the targeted opponent's action (SPY-06)."""

    id: str
    name: str
    trigger: dict
    effect: Effect
    flavour: str = ""


@dataclass(frozen=True)
class Rescript:
    """A rescript (рескрипт): an effect at ``timing``, or spent as its printed goods."""

    id: str
    name: str
    level: int
    goods: tuple
    timing: str  # battle | turn | raid | income
    effect: Effect
    flavour: str = ""


@dataclass(frozen=True)
class RaidResult:
    low: int
    high: int | None  # None = no upper bound
    effect: Effect


@dataclass(frozen=True)
class Event:
    """An event card (карта события) and its raid results table (EVENT-01)."""

    id: str
    name: str
    timing: str  # immediate | each_player | round
    effect: Effect  # applied to each player in turn order (immediate / each_player)
    modifiers: dict = field(default_factory=dict)  # round modifiers (timing: round)
    raid_table: tuple = ()  # RaidResult, covering every difference ≥ 1
    flavour: str = ""

    def raid_result(self, difference: int) -> RaidResult:
        for row in self.raid_table:
            if difference >= row.low and (row.high is None or difference <= row.high):
                return row
        raise KeyError(difference)


@dataclass(frozen=True)
class Oath:
    """An oath card of «Вассал моего вассала» (docs/campaign.md §8, CAMP-S3-02..04): a
    lord offers it to another state; sworn, ``lord`` runs for the lord and ``vassal``
    for the vassal (each with the other as ``opponent``), the vassal pays ``tribute``
    coins to its lord at every Income; whoever breaks it gains ``betrayal``."""

    id: str
    name: str
    lord: Effect
    vassal: Effect
    tribute: int
    betrayal: Effect
    flavour: str = ""


@dataclass(frozen=True)
class WarlordCard:
    """A warlord card (карта полководца, SYM-91; «Восход полумесяца», docs/campaign.md §9):
    turned one per Event phase, it names the city the warlord marches towards (SYM-86)
    and the Saracens he levies for the attack (``value``)."""

    id: str
    name: str
    target: str  # a city id of the map
    value: int  # 1..4
    flavour: str = ""

    @property
    def effect(self) -> Effect:
        """What the card does, in the effect vocabulary (CAMP-S4-02/03): the warlord
        moves one city towards ``target``, then attacks with ``value``. The engine runs
        exactly these ops and the card text is generated from them."""
        return ({"op": "warlord_move", "towards": self.target, "amount": 1},
                {"op": "warlord_attack", "amount": self.value})


@dataclass(frozen=True)
class HomsCard:
    id: str
    name: str
    flavour: str = ""

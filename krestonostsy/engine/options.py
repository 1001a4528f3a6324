"""Game options: the rulebook's variants and the configurable readings of docs/rules-decisions.md."""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from .flow import interpreted


@interpreted  # __post_init__ refuses a wrong value by name: no TypeError from mypyc before it
@dataclass(frozen=True)
class GameOptions:
    """Options chosen when a game is created; stored in the state and in saves.

    first_game          starting governors with the state crests (SETUP-16/40) and one
                        random bull (SETUP-38, BULL-02) — the beginners' setup.
    bull_choice         with first_game off: deal 2 bulls and keep 1 (BULL-02); set False to
                        deal 1 bull even in an experienced game (§14.4: configurable).
    raid_without_movers "resolve": a raid in which no Saracen moves still resolves with
                        strength 0 + bonuses (§14.8 reading); "skip": no raid at all.
    computer_saracens   False (the rulebook's way, BATTLE-02: the closest opponent plays
                        the Saracens' battle cards) or True: the computer plays them, so a
                        hot-seat battle against the Saracens needs no hand-off at every
                        manoeuvre. A table option, not a rule: the engine still asks the
                        closest opponent, and the window lets a normal-level bot answer for
                        the Saracen side (``ai.saracens``).
    """

    first_game: bool = True
    bull_choice: bool = True
    raid_without_movers: str = "resolve"
    computer_saracens: bool = False

    def to_json(self) -> dict:
        """Every option, except the table options (:data:`TABLE_OPTIONS`) left at their
        default: they do not change the rules, so a game without them keeps the state (and
        the saves) it always had."""
        return {name: value for name, value in asdict(self).items()
                if name not in TABLE_OPTIONS or value != TABLE_OPTIONS[name]}

    def __post_init__(self) -> None:
        for name, value in asdict(self).items():
            allowed = ALLOWED[name]
            # type-exact: "false" (a text) or 0 must not pass for False
            if not any(type(value) is type(a) and value == a for a in allowed):
                raise ValueError(f"game option '{name}' must be one of "
                                 f"{', '.join(repr(a) for a in allowed)}, got {value!r:.60}")

    @classmethod
    def from_json(cls, data: dict | None | Any) -> GameOptions:
        """Options from their JSON form (None = all defaults); ``ValueError`` naming the
        option for anything that is not a mapping, an unknown name or a wrong value."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise ValueError(f"game options must be a mapping of names to values, got "
                             f"{type(data).__name__}")
        unknown = sorted(str(k) for k in set(data) - set(ALLOWED))
        if unknown:
            raise ValueError(f"unknown game option '{unknown[0]:.60}' (known: "
                             f"{', '.join(ALLOWED)})")
        return cls(**data)

    @classmethod
    def describe(cls) -> list[tuple[str, object, tuple]]:
        """(name, default, allowed values) for every option — for the new-game dialog."""
        return [(f.name, f.default, ALLOWED[f.name]) for f in fields(cls)]


#: Every option's allowed values (checked type-exactly by GameOptions).
ALLOWED: dict[str, tuple] = {"first_game": (True, False), "bull_choice": (True, False),
                             "raid_without_movers": ("resolve", "skip"),
                             "computer_saracens": (False, True)}

#: Options the engine's rules never read (the window's), with their defaults.
TABLE_OPTIONS: dict[str, object] = {"computer_saracens": False}

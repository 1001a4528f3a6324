"""Game options: the rulebook's variants and the configurable readings of RULES.md §14."""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields


@dataclass(frozen=True)
class GameOptions:
    """Options chosen when a game is created; stored in the state and in saves.

    first_game          starting governors with the state crests (SETUP-16/40) and one
                        random bull (SETUP-38, BULL-02) — the beginners' setup.
    bull_choice         with first_game off: deal 2 bulls and keep 1 (BULL-02); set False to
                        deal 1 bull even in an experienced game (§14.4: configurable).
    raid_without_movers "resolve": a raid in which no Saracen moves still resolves with
                        strength 0 + bonuses (§14.8 reading); "skip": no raid at all.
    """

    first_game: bool = True
    bull_choice: bool = True
    raid_without_movers: str = "resolve"

    def to_json(self) -> dict:
        return asdict(self)

    def __post_init__(self) -> None:
        for name, value in asdict(self).items():
            allowed = ALLOWED[name]
            # type-exact: "false" (a text) or 0 must not pass for False
            if not any(type(value) is type(a) and value == a for a in allowed):
                raise ValueError(f"game option '{name}' must be one of "
                                 f"{', '.join(repr(a) for a in allowed)}, got {value!r:.60}")

    @classmethod
    def from_json(cls, data: dict | None) -> GameOptions:
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
                             "raid_without_movers": ("resolve", "skip")}

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

    @classmethod
    def from_json(cls, data: dict | None) -> GameOptions:
        data = dict(data or {})
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown game option '{unknown[0]}'")
        opts = cls(**data)
        if opts.raid_without_movers not in ("resolve", "skip"):
            raise ValueError("raid_without_movers must be 'resolve' or 'skip'")
        return opts

    @classmethod
    def describe(cls) -> list[tuple[str, object, tuple]]:
        """(name, default, allowed values) for every option — for the new-game dialog."""
        out = []
        for f in fields(cls):
            allowed = (True, False) if isinstance(f.default, bool) else ("resolve", "skip")
            out.append((f.name, f.default, allowed))
        return out

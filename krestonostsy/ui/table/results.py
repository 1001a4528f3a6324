"""What a battle and a round came to, read from the log a viewer may see (no Qt).

The table shows two short notices drawn from these: the result banner of a battle
(:class:`BattleResult`) and the summary of a finished round (:class:`RoundSummary`).
Both are read from the structured entries ``(key, params, visibility)`` the engine
logged, as given to the viewer (``Game.log_for(viewer)``), never from the state: a
viewer learns nothing here that their log does not already tell them (another state's
influence, for one, stays secret).

Each result carries ``at``: the index of the entry that closed it (the battle's winner,
the next round's start), so the table can tell a new result from one it has shown.
"""
from __future__ import annotations

from dataclasses import dataclass, field

# entries that open a new stretch of play: a battle's entries end before them
_AFTER_BATTLE = ("battle_started", "order_started", "round_started", "game_over")
# units a side loses for good in a battle: (log key, the count in its params)
_LOSSES = {"battle_smash": "n", "units_destroyed": "n"}


@dataclass(frozen=True)
class BattleResult:
    """A finished battle: who fought, who won, units lost by each side, the city."""

    at: int
    city: str
    attacker: str
    defender: str
    winner: str
    lost: dict[str, int]  # attacker/defender id -> units lost (to the supply)
    captured: bool  # the attacker took the city (BATTLE-24)
    level: tuple[int, int] | None = None  # the city's level (before, after), if it changed

    def involves(self, viewer: str | None) -> bool:
        """The viewer fought in it (its notice then waits for their click)."""
        return viewer is not None and viewer in (self.attacker, self.defender)


@dataclass(frozen=True)
class Raid:
    city: str
    player: str
    n: int  # Saracen units attacking
    captured: bool


@dataclass(frozen=True)
class RoundSummary:
    """A finished round: its event, raids, income per state, and the market refill."""

    at: int
    round: int
    event: str | None
    raids: tuple[Raid, ...]
    coins: dict[str, int]  # state -> coins of income (public, INCOME-01)
    influence: dict[str, int] = field(default_factory=dict)  # only what the viewer read
    refilled: int = 0  # cards dealt into the markets

    def involves(self, viewer: str | None) -> bool:
        """The viewer plays in the round (its income, its raids): every player does."""
        return viewer is not None and (viewer in self.coins or viewer in self.influence
                                       or any(r.player == viewer for r in self.raids))


def last_battle(entries: list) -> BattleResult | None:
    """The last battle of ``entries`` that has a winner, or None."""
    won = _last_index(entries, "battle_won")
    if won is None:
        return None
    start = _last_index(entries[:won], "battle_started")
    if start is None:
        return None
    _k, sp, _v = entries[start]
    attacker, defender, city = sp.get("player"), sp.get("defender"), sp.get("city")
    winner = entries[won][1].get("player")
    end = next((i for i in range(won + 1, len(entries))
                if entries[i][0] in _AFTER_BATTLE), len(entries))
    lost = {attacker: 0, defender: 0}
    captured, level = False, None
    for key, p, _vis in entries[start:end]:
        who = p.get("player")
        if key in _LOSSES and who in lost:
            lost[who] += int(p.get(_LOSSES[key]) or 0)
        elif key == "battle_retreat" and who in lost:
            lost[who] += 1  # BATTLE-22: the loser discards one unit before retreating
        elif key == "city_gained" and p.get("city") == city and who == attacker:
            captured = True
        elif key == "city_level" and p.get("city") == city:
            level = (int(p.get("old") or 0), int(p.get("level") or 0))
    return BattleResult(at=won, city=city, attacker=attacker, defender=defender,
                        winner=winner, lost=lost, captured=captured, level=level)


def last_round(entries: list) -> RoundSummary | None:
    """The last finished round of ``entries`` (a new round began or the game ended)."""
    ends = [i for i, e in enumerate(entries) if e[0] in ("round_started", "game_over")]
    for stop in reversed(ends):
        start = _last_index(entries[:stop], "round_started")
        if start is not None:
            return _summary(entries, start, stop)
    return None


def _summary(entries: list, start: int, stop: int) -> RoundSummary:
    event, raids, coins, influence, refilled = None, [], {}, {}, 0
    for i in range(start, stop):
        key, p, _vis = entries[i]
        if key == "event_revealed":
            event = p.get("card")
        elif key == "raid":
            taken = any(e[0] == "raid_captured" and e[1].get("city") == p.get("city")
                        for e in entries[i + 1:stop])
            raids.append(Raid(p.get("city"), p.get("player"), int(p.get("n") or 0), taken))
        elif key == "taxes":
            coins[p["player"]] = coins.get(p["player"], 0) + int(p.get("coins") or 0)
        elif key == "influence_gained" and "total" in p:  # the income phase's (INCOME-03)
            influence[p["player"]] = influence.get(p["player"], 0) + int(p["total"])
        elif key == "markets_refilled":
            refilled += int(p.get("n") or 0)
    return RoundSummary(at=stop, round=int(entries[start][1].get("round") or 0),
                        event=event, raids=tuple(raids), coins=coins, influence=influence,
                        refilled=refilled)


def _last_index(entries: list, key: str) -> int | None:
    for i in range(len(entries) - 1, -1, -1):
        if entries[i][0] == key:
            return i
    return None

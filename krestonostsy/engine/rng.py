"""Deterministic randomness kept inside the game state.

All randomness of a game comes from one 64-bit integer stored in ``state["rng"]``
(a SplitMix64 generator). It is plain data, so saving, cloning and replaying a game
reproduce every shuffle and draw exactly: same seed + same actions = same game.
Never use the :mod:`random` module for the rules. (determinize.py samples hidden cards for
search from its own seeded stream, ``determinize.Stream``; the game it returns plays on
with this generator.)
"""
from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from .state import State

T = TypeVar("T")
_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state."""
    return (int(seed) * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK


def _next(state: State) -> int:
    x = (state["rng"] + 0x9E3779B97F4A7C15) & _MASK
    state["rng"] = x
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def below(state: State, n: int) -> int:
    """A uniform integer in ``range(n)``; marks the state as past an undo barrier."""
    if n <= 0:
        raise ValueError("below() needs n > 0")
    state["barrier"] += 1
    return _next(state) % n


def shuffle(state: State, items: list) -> None:
    """Shuffle ``items`` in place (Fisher-Yates) with the state's generator."""
    if len(items) < 2:
        return
    state["barrier"] += 1
    # _next() inlined (the same SplitMix64 steps): shuffles run for every deck at set-up
    x = state["rng"]
    for i in range(len(items) - 1, 0, -1):
        x = (x + 0x9E3779B97F4A7C15) & _MASK
        z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        j = (z ^ (z >> 31)) % (i + 1)
        items[i], items[j] = items[j], items[i]
    state["rng"] = x


def pick(state: State, items: list[T]) -> T:
    """One element of a non-empty list, chosen at random."""
    return items[below(state, len(items))]

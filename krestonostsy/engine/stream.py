"""The random numbers of a determinization (:class:`Stream`): a function of its seed alone.

Its own module so that the scenario components' samplers (``engine/components/``) and
``determinize.py``, which calls them, both import it from below.
"""
from __future__ import annotations

from hashlib import shake_128


class Stream:
    """The random numbers of one determinization, a function of its seed alone: bytes read
    in order from SHAKE-128 of the seed (FIPS 202: the same bytes on every platform and
    Python version). One C call makes a whole sample's worth; a ``random.Random`` would
    cost as much to seed as the whole sample takes to draw. Reading past the bytes made so
    far makes a longer output, which begins with the same bytes.

    A number below ``k`` is drawn by rejection, so it is exactly uniform: a byte ``b`` is
    kept when ``b < 256 - 256 % k`` and gives ``b % k`` (about one byte per number for the
    small ranges of a sample; wider ranges take as many bytes as they need). Bytes, not
    wider words, because a byte is a small integer that neither the interpreter nor the
    compiled engine has to allocate."""

    __slots__ = ("_key", "_raw", "_at")

    def __init__(self, seed: int, expect: int = 32):
        self._key = b"krestonostsy determinize %d" % seed
        self._raw = shake_128(self._key).digest(max(expect, 32))
        self._at = 0

    def _grow(self) -> bytes:
        """The stream made twice as long (its beginning unchanged)."""
        self._raw = shake_128(self._key).digest(2 * len(self._raw))
        return self._raw

    def _room(self, n: int) -> bytes:
        """The stream, long enough for ``n`` more bytes."""
        while len(self._raw) - self._at < n:
            self._grow()
        return self._raw

    def below(self, k: int) -> int:
        """A number in ``range(k)``, ``k >= 1``."""
        size = ((k - 1).bit_length() + 7) // 8 or 1  # whole bytes enough for k - 1
        span = 1 << (8 * size)
        limit = span - span % k
        while True:
            raw = self._room(size)
            at = self._at
            self._at = at + size
            v = int.from_bytes(raw[at:at + size], "little")
            if v < limit:
                return v % k

    def shuffle(self, items: list, lo: int = 0, hi: int = -1) -> None:
        """Shuffle ``items[lo:hi]`` (all of ``items`` by default) in place: Fisher–Yates,
        a number below ``i + 1`` for each place ``i`` of the slice but the first."""
        if hi < 0:
            hi = len(items)
        n = hi - lo
        if n < 2:
            return
        if n > 256:  # wider than a byte: the general draw
            for i in range(hi - 1, lo, -1):
                j = lo + self.below(i - lo + 1)
                items[i], items[j] = items[j], items[i]
            return
        # below() for one byte, written out: a sample makes ~100 of these
        raw = self._room(n)  # a byte for each place; a rejection makes its own room
        at = self._at
        limits = _BYTE_LIMITS
        for i in range(hi - 1, lo, -1):
            k = i - lo  # a number below k + 1
            b = raw[at]
            at += 1
            if b >= limits[k]:  # rejected: the next byte that is not
                self._at = at
                b = self._byte_under(limits[k], k - 1)
                raw = self._raw
                at = self._at
            j = lo + b % (k + 1)
            items[i], items[j] = items[j], items[i]
        self._at = at

    def _byte_under(self, limit: int, room: int) -> int:
        """The next byte below ``limit``, leaving room for ``room`` bytes after it."""
        while True:
            b = self._room(room + 1)[self._at]
            self._at += 1
            if b < limit:
                return b


_BYTE_LIMITS = tuple(256 - 256 % (i + 1) for i in range(256))
"""For a number below ``i + 1`` ≤ 256: the bytes below ``_BYTE_LIMITS[i]`` are kept."""

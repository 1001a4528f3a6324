"""An opt-in check of the copy-on-write barrier over any test run (a pytest plugin)::

    PYTHONPATH=tests/engine pytest -p cow_guard tests/engine tests/ai …

Every successful ``Game.apply`` is played as if the game had just been cloned: all its
players and cities are marked shared (``g._own_p``/``g._own_c`` emptied, as
``Game.clone()`` does), a deep copy of each entry is taken, and after the action every one
of those entry objects must still equal its copy. An engine write to a player or a city
that does not go through ``board.player_w``/``city_w`` changes a shared entry and fails
the action with an AssertionError naming the entry and the action. Since every entry is
replaced by the game's own copy at its first write, a rule that reads a stale reference
(taken before a write elsewhere copied the entry) plays differently, and the tests' own
assertions catch it.

Not for the default run: it costs a deep copy of every player and city per action. For a
game that was never cloned, the entries the action copied are written back into the
original dicts afterwards, so a test's reference to a player or city dict stays live (one
to a list inside it may not).
"""
from __future__ import annotations

import copy

from krestonostsy.engine.game import Game
from krestonostsy.engine.state import SHARED_PARTS

_apply = Game.apply


def _guarded_apply(self: Game, action) -> None:
    s = self.s
    ps, cs = s.get("players"), s.get("cities")
    if type(ps) is not dict or type(cs) is not dict:
        return _apply(self, action)
    # a game never cloned (owned sets None) holds its entries alone: they are written back
    # after the action (below); a cloned game's entries may be shared: never touched
    exclusive = self._own_p is None and self._own_c is None and self._own_parts is None
    self._own_p, self._own_c, self._own_parts = set(), set(), set()
    before = [("players", k, v, copy.deepcopy(v)) for k, v in ps.items()]
    before += [("cities", k, v, copy.deepcopy(v)) for k, v in cs.items()]
    parts = [(k, s[k], copy.deepcopy(s[k])) for k in SHARED_PARTS if k in s]
    _apply(self, action)
    for part, key, obj, snap in before:
        if obj != snap:
            raise AssertionError(f"cow_guard: {action!r} changed the shared entry "
                                 f"{part}[{key!r}] in place (a write without "
                                 f"board.player_w/city_w)")
    for part, obj, snap in parts:
        if obj != snap:
            raise AssertionError(f"cow_guard: {action!r} changed the shared part "
                                 f"{part!r} in place (a write without board.part_w)")
    if not exclusive or self.s is not s:
        return None
    # the tests keep references to player and city dicts across actions: the entries the
    # action copied go back into the original objects (which no other game holds), so
    # those references stay live, and the game owns all its entries again
    for part, key, obj, _snap in before:
        new = s[part].get(key)
        if new is not None and new is not obj:
            obj.clear()
            obj.update(new)
            s[part][key] = obj
    for part, obj, _snap in parts:
        new = s.get(part)
        if new is not None and new is not obj:
            if type(obj) is dict:
                obj.clear()
                obj.update(new)
            else:
                obj[:] = new
            s[part] = obj
    self._own_p = self._own_c = self._own_parts = None
    return None


Game.apply = _guarded_apply  # type: ignore[method-assign]

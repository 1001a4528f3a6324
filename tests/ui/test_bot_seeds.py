"""Bot seats have seeds of their own (issue 31 §2): a bot never receives the game's seed —
which makes every hidden card — nor a number computed from it; the seat's seed is saved
with the seat, so a resumed game's bots answer as before, and saves without it load."""
from __future__ import annotations

import json
import threading

import pytest

pytest.importorskip("PySide6")

from helpers import Spy  # noqa: E402

from krestonostsy.engine import Game  # noqa: E402
from krestonostsy.ui.controller import BotSeat, GameController  # noqa: E402
from krestonostsy.ui.saves import UnreadableSave, read_save  # noqa: E402

TWO = ["jerusalem", "tripoli"]


def _received(game_seed: int, seat_seed: int, decisions: int = 6) -> list[tuple[int, int]]:
    """``(actions played, seed received)`` at the first decisions of the deciding seat's
    bot in a game of ``game_seed``."""
    game = Game.new(TWO, seed=game_seed)
    seat = BotSeat("novice", seed=seat_seed)
    seat.bot = spy = Spy()
    out = []
    while len(out) < decisions:
        d = game.decision
        if len(d.actions) > 1:
            before = len(spy.seeds)
            action = seat.choose(game, threading.Event())
            out.append((len(game.actions), spy.seeds[before]))
        else:
            action = d.actions[0]
        game.apply(action)
    return out


def test_a_bot_receives_its_seats_seed_never_the_games():
    """The seeds a bot receives at a position are the same whatever the game's seed (a
    function of its seat's seed and the number of actions played), and never the game's
    seed itself."""
    a, b = _received(game_seed=11, seat_seed=5), _received(game_seed=12, seat_seed=5)
    common = dict(a).keys() & dict(b).keys()
    assert common and all(dict(a)[n] == dict(b)[n] for n in common)
    assert not {11, 12} & {s for _n, s in a + b}
    other = dict(_received(game_seed=11, seat_seed=6))  # another seat: other numbers
    assert all(other[n] != s for n, s in a)


def test_a_new_bot_seat_draws_its_own_seed():
    seeds = {BotSeat("novice").seed for _ in range(20)}
    assert len(seeds) == 20 and all(0 <= s < 2 ** 63 for s in seeds)


def test_the_seats_seeds_are_saved_and_restored(qtbot, tmp_path, store):
    c = GameController(store, autosave=False)
    c.new_game(TWO, 7, seats={"jerusalem": "easy", "tripoli": "human"})
    c.stop_bot()
    seeds = c.seat_seeds()
    assert set(seeds) == {"jerusalem", "saracen"}
    path = c.save(tmp_path / "s.json")
    assert read_save(path)[1]["seat_seeds"] == seeds
    c.close_game()
    c.load(path)
    assert c.seat_seeds() == seeds and c.seats["jerusalem"].seed == seeds["jerusalem"]
    c.close_game()
    assert c.wait_for_bots(20_000)

    old = json.loads(path.read_text(encoding="utf-8"))
    del old["ui"]["seat_seeds"]  # a save of an older version: new seeds, same seats
    path.write_text(json.dumps(old), encoding="utf-8")
    c.load(path)
    assert c.seat_kinds() == {"jerusalem": "easy", "tripoli": "human"}
    assert set(c.seat_seeds()) == {"jerusalem", "saracen"}
    c.close_game()
    assert c.wait_for_bots(20_000)


@pytest.mark.parametrize("bad", [{"jerusalem": "5"}, {"jerusalem": True}, [5],
                                 {"jerusalem": -1}, {"jerusalem": 2 ** 63}])
def test_a_damaged_seat_seed_refuses_the_save(tmp_path, store, bad, qapp):
    c = GameController(store, autosave=False)
    c.new_game(TWO, 7, seats={"jerusalem": "easy", "tripoli": "human"})
    c.stop_bot()
    path = c.save(tmp_path / "s.json")
    c.close_game()
    data = json.loads(path.read_text(encoding="utf-8"))
    data["ui"]["seat_seeds"] = bad
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(UnreadableSave):
        read_save(path)

"""The tools give bots seeds of their own (issue 31 §2): never the game's seed, which makes
every hidden card, nor a number computed from it. The window's bot seats: tests/ui/
test_bot_seeds.py."""
from __future__ import annotations

from helpers import Spy

from krestonostsy.ai.play import play
from krestonostsy.ai.seat import mix
from krestonostsy.engine import Game
from krestonostsy.tools import tournament


def _seeds_received(game_seed: int, bot_seed: int) -> list[int]:
    game = Game.new(["jerusalem", "tripoli"], seed=game_seed)
    spies = {s: Spy() for s in game.s["states"]}
    play(game, spies, bot_seed)
    return spies["jerusalem"].seeds[:20]


def test_play_gives_the_bots_only_their_own_seed():
    """Two deals, one bots' seed: every number a seat receives is one of the numbers of
    that seat and the bots' seed (its k-th decision: ``mix(bot seed, seat, k)``)."""
    own = {mix(9, 0, k) for k in range(5000)}  # jerusalem is seat 0
    a, b = _seeds_received(3, bot_seed=9), _seeds_received(4, bot_seed=9)
    assert len(a) == len(b) == 20 and set(a) <= own and set(b) <= own
    assert not set(_seeds_received(3, bot_seed=10)) & own


def _bots_seeds_of_a_tournament(seed: int, bot_seed: int, monkeypatch) -> list[int]:
    """The seed ``play`` got for each game of a tournament (the games not played)."""
    got: list[int] = []

    def record(game, seats, bots_seed, **_kw):
        got.append(bots_seed)
        assert bots_seed != game.setup["seed"]
        raise _Stop

    monkeypatch.setattr(tournament, "play", record)
    for job in tournament.schedule(["novice", "random"], 2, 6, seed, bot_seed):
        try:
            tournament.play_one(job)
        except _Stop:
            pass
    return got


class _Stop(Exception):
    pass


def test_a_tournaments_bots_seeds_do_not_depend_on_its_deals(monkeypatch):
    """``--seed`` makes the deals and ``--bot-seed`` the bots' numbers: other deals, the
    same bots' seeds; another bots' seed, other numbers."""
    deals_1 = [job[4] for job in tournament.schedule(["novice", "random"], 2, 6, 1)]
    deals_2 = [job[4] for job in tournament.schedule(["novice", "random"], 2, 6, 2)]
    assert deals_1 != deals_2
    first = _bots_seeds_of_a_tournament(1, 0, monkeypatch)
    assert first == _bots_seeds_of_a_tournament(2, 0, monkeypatch)
    assert len(set(first)) == len(first) == 6  # one per game
    assert first != _bots_seeds_of_a_tournament(1, 1, monkeypatch)


def test_a_campaigns_bots_seeds_do_not_depend_on_its_seed(monkeypatch, tmp_path):
    """The campaign seed makes every chapter's deal: the bots' seed never comes from it."""
    from krestonostsy.campaign import Chronicle
    from krestonostsy.campaign import play as campaign_play

    got: list[int] = []

    def record(game, seats, bots_seed, **_kw):
        got.append(bots_seed)
        raise _Stop

    monkeypatch.setattr(campaign_play, "play", record)
    for seed in (5, 6):
        c = Chronicle.new({"antioch": "novice", "edessa": "novice"}, seed=seed,
                          folder=tmp_path / str(seed), campaign_id="c")
        try:
            campaign_play.play_next(c)
        except _Stop:
            pass
    assert len(got) == 2 and got[0] == got[1]

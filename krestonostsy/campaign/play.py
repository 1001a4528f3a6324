"""A campaign played by bots, scenario after scenario (the ``krestonostsy campaign``
command, the campaign tests). Every seat must be a bot level here; a human seat is
played in the window."""
from __future__ import annotations

from ..ai.levels import make_bot
from ..ai.play import play
from ..ai.seat import mix
from .chronicle import HUMAN, Chapter, Chronicle

MAX_ACTIONS = 20_000


def play_next(chronicle: Chronicle, bot_options: dict | None = None,
              bot_seed: int = 0) -> Chapter:
    """Play the next scenario of ``chronicle`` with its bots and record it (the chronicle
    is written when it ends). ``bot_options`` go to every bot (e.g. search budgets). The
    bots' seed comes from ``bot_seed`` and the chapter's number, never from the campaign
    seed, which makes every chapter's deal (``ai.play.play``)."""
    humans = [x for x, seat in chronicle.seats.items() if seat == HUMAN]
    if humans:
        raise ValueError(f"{', '.join(humans)} is played by a human: play it in the window")
    game = chronicle.new_game()
    seats = {x: make_bot(level, **(bot_options or {})) for x, level in chronicle.seats.items()}
    play(game, seats, mix(bot_seed, len(chronicle.chapters)), max_actions=MAX_ACTIONS)
    return chronicle.finish(game)


def play_campaign(chronicle: Chronicle, bot_options: dict | None = None) -> list[Chapter]:
    """Play every remaining scenario that exists; the chapters played."""
    played = []
    while chronicle.next_scenario() is not None:
        played.append(play_next(chronicle, bot_options))
    return played

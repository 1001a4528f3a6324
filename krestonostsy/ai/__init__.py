"""Computer opponents (pure Python, never Qt): see docs/ai.md.

    from krestonostsy.ai import make_bot, decide
    bot = make_bot("normal")
    game.apply(decide(bot, game, seed=7))

:func:`decide` is the harness: it gives the bot only what the deciding seat may know
(``seat.py``). Levels (``levels.py``): random, novice, easy, normal, hard, expert.
"""
from .ismcts import release_workers
from .levels import LEVELS, make_bot
from .reasons import Reason
from .seat import Bot, BotError, Cancelled, Knowledge, decide, decide_explained, mix

__all__ = ["LEVELS", "Bot", "BotError", "Cancelled", "Knowledge", "Reason", "decide",
           "decide_explained", "make_bot", "mix", "release_workers"]

"""Computer opponents (pure Python, never Qt): see docs/ai.md.

    from krestonostsy.ai import make_bot, decide
    bot = make_bot("normal")
    game.apply(decide(bot, game, seed=7))

:func:`decide` is the harness: it gives the bot only what the deciding seat may know
(``seat.py``). Levels (``levels.py``): random, novice, easy, normal, hard, expert.
Play styles (``styles.py``, ``data/ai/styles.yaml``) lean normal, hard and expert:
``make_bot("hard:merchant")`` is ``make_bot("hard", style="merchant")``.
"""
from .ismcts import release_workers
from .levels import LEVELS, make_bot, parse_seat_kind, seat_kind
from .reasons import Reason
from .seat import Bot, BotError, Cancelled, Knowledge, decide, decide_explained, mix
from .styles import BALANCED, STYLED_LEVELS, STYLES, Style, style, style_ids

__all__ = ["BALANCED", "LEVELS", "STYLED_LEVELS", "STYLES", "Bot", "BotError", "Cancelled",
           "Knowledge", "Reason", "Style", "decide", "decide_explained", "make_bot", "mix",
           "parse_seat_kind", "release_workers", "seat_kind", "style", "style_ids"]

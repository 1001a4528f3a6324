"""The rules engine of «Крестоносцы»: pure Python, no Qt (a test enforces it). The
frozen game runs it compiled by mypyc (packaging/compile_engine.py): the same source, the
same games, about 1.5× as fast.

Public API: :class:`Game`, :class:`Action`, :class:`IllegalAction`, :class:`GameOptions`,
:class:`SaveError`.
"""
from . import game as _game
from .actions import Action, IllegalAction
from .errors import SaveError
from .game import Game
from .options import GameOptions

COMPILED: bool = not (_game.__file__ or "").endswith(".py")
"""Whether this engine was compiled with mypyc (its modules are C extensions)."""

__all__ = ["COMPILED", "Action", "Game", "GameOptions", "IllegalAction", "SaveError"]

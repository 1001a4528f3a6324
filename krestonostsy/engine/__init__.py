"""The rules engine of «Крестоносцы»: pure Python, no Qt (a test enforces it).

Public API: :class:`Game`, :class:`Action`, :class:`IllegalAction`, :class:`GameOptions`,
:class:`SaveError`.
"""
from .actions import Action, IllegalAction
from .errors import SaveError
from .game import Game
from .options import GameOptions

__all__ = ["Action", "Game", "GameOptions", "IllegalAction", "SaveError"]

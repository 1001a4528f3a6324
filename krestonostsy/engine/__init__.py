"""The rules engine of «Крестоносцы»: pure Python, no Qt (a test enforces it). The
frozen game runs it compiled by mypyc (packaging/compile_engine.py): the same source, the
same games, about 1.5× as fast.

Public API: :class:`Game`, :class:`Action`, :class:`IllegalAction`, :class:`GameOptions`,
:class:`SaveError`, and a scenario's rules: :class:`Ruleset`, :func:`load_ruleset` (both
from ``modules.py``, which assembles every rule first).

Each name is imported from its module when first asked for (PEP 562), not with the
package: a module that needs only :mod:`.actions` or :mod:`.errors` (the window's start
screen, which names actions and reads save summaries) then does not load :mod:`.game` and
the content's modules with it — most of the time the game took to show its first screen.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .actions import Action, IllegalAction
    from .errors import SaveError
    from .game import Game
    from .modules import load_ruleset
    from .options import GameOptions
    from .ruleset import Ruleset

    COMPILED: bool

# public name -> the module (of this package) that defines it
_HOMES = {"Action": "actions", "IllegalAction": "actions", "SaveError": "errors",
          "Game": "game", "GameOptions": "options", "Ruleset": "modules",
          "load_ruleset": "modules"}

__all__ = ["COMPILED", "Action", "Game", "GameOptions", "IllegalAction", "Ruleset", "SaveError",
           "load_ruleset"]


def _attribute(name: str) -> object:
    """The module's ``__getattr__`` (PEP 562): the public name ``name``, imported now."""
    if name == "COMPILED":
        # Whether this engine was compiled with mypyc (its modules are C extensions).
        game = importlib.import_module(f"{__name__}.game")
        return not (game.__file__ or "").endswith(".py")
    if name in _HOMES:
        return getattr(importlib.import_module(f"{__name__}.{_HOMES[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# Set through globals(), not ``def __getattr__``: mypyc 1.x compiles a module-level function
# of that name into a module that crashes when imported (a segmentation fault, checked with
# a two-module package); the hook set this way works the same compiled or not.
globals()["__getattr__"] = _attribute

"""The rules engine of «Крестоносцы»: pure Python, no Qt (a test enforces it). The
frozen game runs it compiled by mypyc (packaging/compile_engine.py): the same source, the
same games, about 1.5× as fast.

This package's names are the engine's whole public surface: the UI, the bots, the
campaign and the tools import them from here and never from a module inside
(tests/test_architecture.py holds it). :class:`Game` is the game — play it with
``apply``, read it with its properties (``round``, ``player(state)``, ``view(state)``…);
the rest are the few rules and measures they share with the engine: a scenario's rules
(:func:`load_ruleset`), what an action would do (:func:`preview_action`), the save format, the
set-up a campaign carries on, and the measures the bots weigh.

Each name is imported from its module when first asked for (PEP 562), not with the
package: a module that needs only :mod:`.actions` or :mod:`.errors` (the window's start
screen, which names actions and reads save summaries) then does not load :mod:`.game` and
the content's modules with it — most of the time the game took to show its first screen.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .actions import PARAMS, Action, IllegalAction
    from .board import adjacent, units_on_map
    from .decisions import ANSWERS, DECISIONS, rules_of, searched_by
    from .errors import SAVE_ERRORS, SaveError
    from .flow import Decision
    from .game import Game
    from .income import governors_income
    from .modules import load_ruleset
    from .options import GameOptions
    from .prayer import sanctity_move
    from .preview import Outcome
    from .preview import preview as preview_action
    from .ruleset import Ruleset
    from .saves import CURRENT as SAVE_FORMAT
    from .saves import MAX_SAVE_BYTES, nesting_depth
    from .saves import decode as decode_save
    from .saves import parse as parse_save
    from .scoring import (
        CONDITION_BONUS,
        HEGEMONY_CITIES,
        RIGHTEOUSNESS_LANDS,
        bull_score,
        influence_by_round,
        influence_sources,
        metric,
    )
    from .setup import check_lineup, removed_cities, sanctity_cells
    from .state import SARACEN

    COMPILED: bool

# the module of this package that defines each public name
_HOMES = {
    # the game and its actions
    "Game": "game", "Decision": "flow", "Action": "actions", "IllegalAction": "actions",
    "PARAMS": "actions",
    "GameOptions": "options", "SARACEN": "state",
    # a scenario's rules (from modules.py, which assembles every rule first)
    "Ruleset": "modules", "load_ruleset": "modules",
    # what an action would do; the rules behind a decision
    "preview_action": "preview", "Outcome": "preview", "rules_of": "decisions",
    # every kind of decision, declared once
    "DECISIONS": "decisions", "ANSWERS": "decisions", "searched_by": "decisions",
    # saves
    "SaveError": "errors", "SAVE_ERRORS": "errors", "SAVE_FORMAT": "saves",
    "MAX_SAVE_BYTES": "saves", "decode_save": "saves", "parse_save": "saves",
    "nesting_depth": "saves",
    # the set-up a campaign carries from one scenario to the next
    "check_lineup": "setup", "removed_cities": "setup", "sanctity_cells": "setup",
    "sanctity_move": "prayer",
    # measures of a position (the bots' evaluation, the campaign's qualities, the charts)
    "adjacent": "board", "units_on_map": "board", "governors_income": "income",
    "metric": "scoring", "bull_score": "scoring", "influence_by_round": "scoring",
    "influence_sources": "scoring", "CONDITION_BONUS": "scoring",
    "HEGEMONY_CITIES": "scoring", "RIGHTEOUSNESS_LANDS": "scoring",
}
# a public name that its module spells otherwise (never a module's own name: once that
# module is loaded, the package's attribute of that name is the module)
_NAMES_THERE = {"SAVE_FORMAT": "CURRENT", "decode_save": "decode", "parse_save": "parse",
                "preview_action": "preview"}

__all__ = ["ANSWERS", "Action", "COMPILED", "CONDITION_BONUS", "DECISIONS", "Decision", "Game",
           "GameOptions", "HEGEMONY_CITIES", "IllegalAction", "MAX_SAVE_BYTES", "Outcome",
           "PARAMS", "RIGHTEOUSNESS_LANDS", "Ruleset", "SARACEN", "SAVE_ERRORS", "SAVE_FORMAT",
           "SaveError", "adjacent", "bull_score", "check_lineup", "decode_save",
           "governors_income", "influence_by_round", "influence_sources", "load_ruleset", "metric",
           "nesting_depth", "parse_save", "preview_action", "removed_cities", "rules_of",
           "sanctity_cells", "sanctity_move", "searched_by", "units_on_map"]


def _attribute(name: str) -> object:
    """The module's ``__getattr__`` (PEP 562): the public name ``name``, imported now."""
    if name == "COMPILED":
        # Whether this engine was compiled with mypyc (its modules are C extensions).
        game = importlib.import_module(f"{__name__}.game")
        return not (game.__file__ or "").endswith(".py")
    if name in _HOMES:
        module = importlib.import_module(f"{__name__}.{_HOMES[name]}")
        return getattr(module, _NAMES_THERE.get(name, name))
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# Set through globals(), not ``def __getattr__``: mypyc 1.x compiles a module-level function
# of that name into a module that crashes when imported (a segmentation fault, checked with
# a two-module package); the hook set this way works the same compiled or not.
globals()["__getattr__"] = _attribute

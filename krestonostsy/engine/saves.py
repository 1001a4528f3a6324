"""Saves: ``{format_version, content_version, game, setup, actions}``; loading replays them.

A save never stores raw state: it stores the setup and the actions, and loading replays
and checks every action, so a save can never put the engine into an impossible state.
Older formats migrate through :data:`MIGRATIONS`, an ordered chain of small functions.
"""
from __future__ import annotations

import json
from typing import NoReturn

from .actions import Action, IllegalAction
from .errors import SaveError

CURRENT = 2


def _v1_scenario(data: dict) -> dict:
    """Version 1 → 2: the setup names the game's scenario (``setup.scenario``); every
    version-1 save is a game of the base game."""
    setup = data.get("setup")
    if isinstance(setup, dict):
        setup = {**setup, "scenario": "base"}
    return {**data, "setup": setup, "format_version": 2}


# format_version N -> function turning a version-N save dict into a version-(N+1) dict.
MIGRATIONS: dict = {1: _v1_scenario}


def _fail(message: str) -> NoReturn:
    raise SaveError(message)


def parse(data) -> dict:
    if isinstance(data, (bytes, bytearray)):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            _fail("the save is not a text file (not UTF-8)")
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as err:
            _fail(f"the save is damaged: not valid JSON at line {err.lineno}, "
                  f"column {err.colno} ({err.msg})")
    if not isinstance(data, dict):
        _fail("the save is damaged: expected a JSON object")
    if data.get("game") not in (None, "krestonostsy") or "setup" not in data:
        _fail("this file is not a Krestonostsy save")
    version = data.get("format_version")
    if not isinstance(version, int) or version < 1:
        _fail("the save is damaged: no valid format_version")
    if version > CURRENT:
        _fail(f"the save was made by a newer version of the game (save format {version}, "
              f"this version reads up to {CURRENT}); update the game to open it")
    while version < CURRENT:
        data = MIGRATIONS[version](data)
        version = data["format_version"]
    return data


def load_save(cls, data, content=None, rules=None):
    from .options import GameOptions

    data = parse(data)
    setup = data["setup"]
    if not isinstance(setup, dict) or not isinstance(setup.get("states"), list):
        _fail("the save is damaged: 'setup' must name the states")
    scenario = _scenario(setup, rules)
    try:
        options = GameOptions.from_json(setup.get("options"))
        game = cls.new(setup["states"], seed=int(setup.get("seed", 0)), options=options,
                       scenario=scenario, content=content)
    except (TypeError, ValueError) as err:
        _fail(f"the save's setup is not valid: {err}")
    # other card data (content_version differs): the replay below checks every action
    actions = data.get("actions")
    if not isinstance(actions, list):
        _fail("the save is damaged: 'actions' must be a list")
    for i, raw in enumerate(actions, start=1):
        try:
            game.apply(Action.from_json(raw))
        except (IllegalAction, ValueError) as err:
            _fail(f"the save does not replay: action {i} of {len(actions)} is not legal "
                  f"({err})")
    return game


def _scenario(setup: dict, rules):
    """The scenario a save names: ``rules`` when it is that scenario's, else its id (a
    shipped scenario, loaded by ``Game.new``)."""
    from ..content import ContentError
    from .ruleset import load_ruleset

    sid = setup.get("scenario")
    if not isinstance(sid, str):
        _fail("the save is damaged: 'setup' must name the scenario")
    if rules is not None:
        if rules.id != sid:
            _fail(f"the save is a game of the scenario '{sid}', not of '{rules.id}'")
        return rules
    try:
        return load_ruleset(sid)
    except ContentError as err:
        _fail(f"the save's scenario '{sid}' cannot be played by this version: {err}")

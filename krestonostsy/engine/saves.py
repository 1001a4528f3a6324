"""Saves: ``{format_version, content_version, game, setup, actions, state_digest}``;
loading replays them.

A save never stores raw state: it stores the setup and the actions, and loading replays
and checks every action, so a save can never put the engine into an impossible state.
``state_digest`` (a hash of the final state) lets the loader tell that the replay reached
the very position that was saved (other card data, another rules version or an edited
action list that happens to stay legal would not).

Loading is a pipeline, each stage owning its errors, every one a :class:`SaveError` whose
key (:data:`~.errors.SAVE_ERRORS`) says what is wrong — ``str(err)`` is the English sentence,
the UI shows it in the player's language:

1. :func:`decode` — bytes/text to a JSON object: size limit (:data:`MAX_SAVE_BYTES`, the one
   limit of every loader), UTF-8, JSON syntax, nesting depth, huge numbers, NaN/Infinity;
2. the version check and :data:`MIGRATIONS`, an ordered chain of small functions turning a
   version-N dict into a version-(N+1) dict (they run before any validation of the shape);
3. :func:`check_shape` — every field of the *current* format has the right type;
4. the replay: setup, then every action through :meth:`Game.apply`; then the digest.
"""
from __future__ import annotations

import hashlib
import json
import math
import re
from typing import NoReturn

from .actions import Action, IllegalAction
from .errors import SaveError

CURRENT = 2

#: Nothing legitimate comes near this (a long 4-player game is ~200 KB). The UI, the CLI and
#: :func:`decode` all refuse bigger files *before* reading them whole.
MAX_SAVE_BYTES = 32 * 1024 * 1024
#: A save is at most 4 levels deep ({"actions": [{...}]}, ui.seats); anything much deeper
#: is not a save, and refusing it early keeps the JSON parser away from its recursion limit.
MAX_DEPTH = 32
MAX_ACTIONS = 100_000  # ~200 times the longest game seen



def _v1_scenario(data: dict) -> dict:
    """Version 1 → 2: the setup names the game's scenario (``setup.scenario``); every
    version-1 save is a game of the base game."""
    setup = data.get("setup")
    if isinstance(setup, dict):
        setup = {**setup, "scenario": "base"}
    return {**data, "setup": setup, "format_version": 2}


# format_version N -> function turning a version-N save dict into a version-(N+1) dict.
MIGRATIONS: dict = {1: _v1_scenario}


def _fail(key: str, **params: object) -> NoReturn:
    """Refuse the save for the reason ``key`` of :data:`~.errors.SAVE_ERRORS`."""
    raise SaveError(key, **params)


def _refuse_constant(name: str):
    _fail("bad_constant", name=name)


def nesting_depth(text: str) -> int:
    """The deepest nesting of brackets outside strings (a linear scan, no recursion)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        elif ch in "]}":
            depth -= 1
    return deepest


def decode(data) -> dict:
    """Stage 1: the JSON object of a save given as bytes, text or an already parsed dict."""
    if isinstance(data, (bytes, bytearray)):
        if len(data) > MAX_SAVE_BYTES:
            _fail("too_large_mb", size=len(data) // 1_048_576,
                  limit=MAX_SAVE_BYTES // 1_048_576)
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError:
            _fail("not_utf8")
    if isinstance(data, str):
        if len(data) > MAX_SAVE_BYTES:
            _fail("too_large", limit=MAX_SAVE_BYTES // 1_048_576)
        if nesting_depth(data) > MAX_DEPTH:
            _fail("too_deep", depth=MAX_DEPTH)
        try:
            data = json.loads(data, parse_constant=_refuse_constant)
        except SaveError:
            raise
        except json.JSONDecodeError as err:
            _fail("bad_json", line=err.lineno, column=err.colno, detail=err.msg)
        except (ValueError, RecursionError) as err:  # e.g. a 5,000-digit integer
            _fail("bad_value", detail=err)
    if not isinstance(data, dict):
        _fail("not_object")
    return data


def parse(data) -> dict:
    """Stages 1–3: a current-format save dict whose every field has the right type."""
    data = decode(data)
    if data.get("game") not in (None, "krestonostsy") or "setup" not in data:
        _fail("not_a_save")
    version = data.get("format_version")
    if type(version) is not int or version < 1:
        _fail("bad_version")
    if version > CURRENT:
        _fail("newer", version=version, current=CURRENT)
    while version < CURRENT:
        data = MIGRATIONS[version](data)
        version = data["format_version"]
    check_shape(data)
    return data


def _is_json_value(value, depth: int = 0) -> bool:
    """Plain JSON data (no float infinities, bounded depth) — for the free-form ``ui``."""
    if depth > MAX_DEPTH:
        return False
    if isinstance(value, float):
        return math.isfinite(value)
    if value is None or isinstance(value, (str, int, bool)):
        return True
    if isinstance(value, list):
        return all(_is_json_value(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _is_json_value(v, depth + 1) for k, v in value.items())
    return False


# Each check of a ``setup`` field: None when the value is right, else the key of the error.

def _check_states(value) -> str | None:
    if not isinstance(value, list) or not all(type(s) is str for s in value):
        return "setup_states"
    return None


def _check_seed(value) -> str | None:
    if type(value) is not int or not 0 <= value < 2**63:
        return "setup_seed"
    return None


def _check_options(value) -> str | None:
    if value is not None and not isinstance(value, dict):
        return "setup_options"
    return None


def _check_scenario(value) -> str | None:
    if type(value) is not str or not re.fullmatch(r"[a-z0-9_]{1,60}", value):
        return "setup_scenario"
    return None


#: The fields of ``setup`` in the current format and their checks (a new field is one
#: entry here plus a migration that fills it in older saves, as ``_v1_scenario`` does).
def _check_starting(value) -> str | None:
    if value is not None and not isinstance(value, dict):
        return "setup_starting"
    return None


def _check_hooks(value) -> str | None:
    if value is not None and not (isinstance(value, list)
                                  and all(type(h) is str for h in value)):
        return "setup_hooks"
    return None


def _check_nicknames(value) -> str | None:
    if value is not None and not (isinstance(value, dict) and all(
            type(k) is str and type(v) is str and v for k, v in value.items())):
        return "setup_nicknames"
    return None


SETUP_FIELDS = {"states": _check_states, "seed": _check_seed, "options": _check_options,
                "scenario": _check_scenario, "starting": _check_starting,
                "hooks": _check_hooks, "nicknames": _check_nicknames}
REQUIRED_SETUP = ("states", "scenario")
TOP_LEVEL = {"format_version", "content_version", "game", "setup", "actions", "state_digest",
             "ui"}


def check_shape(data: dict) -> None:
    """Stage 3: refuse a save whose fields have the wrong types, saying which field."""
    unknown = sorted(str(k) for k in data if k not in TOP_LEVEL)
    if unknown:
        _fail("unknown_field", field=f"{unknown[0]:.40}")
    if data.get("content_version") is not None and type(data["content_version"]) is not str:
        _fail("content_version_type")
    if data.get("state_digest") is not None and type(data["state_digest"]) is not str:
        _fail("digest_type")
    if "ui" in data and not (isinstance(data["ui"], dict) and _is_json_value(data["ui"])):
        _fail("ui_type")
    setup = data["setup"]
    if not isinstance(setup, dict):
        _fail("setup_type")
    for key in REQUIRED_SETUP:
        if key not in setup:
            _fail(SETUP_FIELDS[key](None) or "setup_missing", field=key)
    for key, value in setup.items():
        check = SETUP_FIELDS.get(key)
        if check is None:
            _fail("unknown_setup_field", field=f"{key:.40}")
        problem = check(value)
        if problem:
            _fail(problem)
    actions = data.get("actions")
    if not isinstance(actions, list):
        _fail("actions_type")
    if len(actions) > MAX_ACTIONS:
        _fail("too_many_actions", count=len(actions))


def state_digest(game) -> str:
    """A short hash of the whole state (``Game.state_json``), stored in every save."""
    return hashlib.sha256(game.state_json().encode()).hexdigest()[:32]


def load_save(cls, data, content=None, rules=None):
    """Stages 1–4 (see the module docstring): the replayed game, or :class:`SaveError`.

    The game carries ``content_mismatch`` (the save names other card data) and
    ``digest_verified`` (True: the replay reached the saved state; None: the save has no
    digest, made by an older version). A digest that differs is refused."""
    from .flow import EngineError
    from .options import GameOptions

    data = parse(data)
    setup = data["setup"]
    scenario = _scenario(setup, rules)
    try:
        options = GameOptions.from_json(setup.get("options"))
        game = cls.new(setup["states"], seed=setup.get("seed", 0), options=options,
                       scenario=scenario, content=content)
    except (TypeError, ValueError, EngineError) as err:
        _fail("bad_setup", detail=err)
    game.content_mismatch = data.get("content_version") not in (None, "", game.c.version)
    actions = data["actions"]
    for i, raw in enumerate(actions, start=1):
        try:
            game.apply(Action.from_json(raw))
        except IllegalAction as err:
            _fail("illegal_action", step=i, total=len(actions), detail=err)
        except EngineError as err:
            _fail("engine_fault", step=i, total=len(actions), detail=err)
    digest = data.get("state_digest")
    if digest is not None and digest != state_digest(game):
        _fail("digest_mismatch")
    game.digest_verified = True if digest is not None else None
    return game


def _scenario(setup: dict, rules):
    """The scenario a save names: ``rules`` when it is that scenario's, else its id (a
    shipped scenario, loaded by ``Game.new``)."""
    from ..content import ContentError
    from .modules import load_ruleset

    sid = setup["scenario"]  # present and a scenario id: check_shape
    if rules is not None and rules.id != sid:
        _fail("other_scenario", scenario=sid, expected=rules.id)
    try:
        # starting positions carried in beyond the scenario file (a campaign's carry-over)
        # and hooks switched on beyond its own (the advanced mode's terrain), and the
        # nicknames the states carry (CAMP-05)
        return (rules or load_ruleset(sid)).with_starting(setup.get("starting")) \
            .with_hooks(setup.get("hooks")).with_nicknames(setup.get("nicknames"))
    except (ContentError, ValueError) as err:
        _fail("unknown_scenario", scenario=sid, detail=err)

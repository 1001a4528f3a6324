"""Errors of the engine's boundary that several modules raise (imports nothing).

A :class:`SaveError` is a key of :data:`SAVE_ERRORS` and the parameters of its template:
``str(err)`` is the English sentence (the CLI, ``krestonostsy replay`` and logs print it),
and the UI renders the same key in the player's language through its catalogs (the English
template is the msgid). The engine never translates anything itself."""
from __future__ import annotations

_DAMAGED = "the save is damaged: "

#: Every reason a save can be refused for: key -> English template (``str.format`` fields).
#: A new reason is one entry here plus its Russian and English catalog entries.
SAVE_ERRORS: dict[str, str] = {
    # stage 1: bytes and JSON (engine/saves.py decode)
    "too_large_mb": "the file is too large to be a save ({size} MB; a save is at most "
                    "{limit} MB)",
    "too_large": "the file is too large to be a save (a save is at most {limit} MB)",
    "not_utf8": "the save is not a text file (not UTF-8)",
    "too_deep": _DAMAGED + "its data is nested deeper than {depth} levels",
    "bad_json": _DAMAGED + "not valid JSON at line {line}, column {column} ({detail})",
    "bad_constant": _DAMAGED + "'{name}' is not a number a save can hold",
    "bad_value": _DAMAGED + "{detail}",
    "not_object": _DAMAGED + "expected a JSON object",
    # stage 2: what the file is and its version
    "not_a_save": "this file is not a Krestonostsy save",
    "bad_version": _DAMAGED + "no valid format_version (a whole number from 1)",
    "newer": "the save was made by a newer version of the game (save format {version}, "
             "this version reads up to {current}); update the game to open it",
    # stage 3: the shape of the current format (engine/saves.py check_shape)
    "unknown_field": _DAMAGED + "unknown field '{field}'",
    "content_version_type": _DAMAGED + "'content_version' must be a text",
    "digest_type": _DAMAGED + "'state_digest' must be a text",
    "ui_type": _DAMAGED + "'ui' must be a mapping of plain values",
    "setup_type": _DAMAGED + "'setup' must be a mapping",
    "setup_missing": _DAMAGED + "no setup.{field}",
    "unknown_setup_field": _DAMAGED + "unknown setup field '{field}'",
    "setup_states": _DAMAGED + "'setup.states' must be a list of state names",
    "setup_seed": _DAMAGED + "'setup.seed' must be a whole number from 0",
    "setup_options": _DAMAGED + "'setup.options' must be a mapping",
    "setup_scenario": _DAMAGED + "'setup' must name the scenario (a lowercase id)",
    "setup_starting": _DAMAGED + "'setup.starting' must be a mapping of states",
    "setup_hooks": _DAMAGED + "'setup.hooks' must be a list of hook names",
    "setup_nicknames": _DAMAGED + "'setup.nicknames' must map states to nickname ids",
    "actions_type": _DAMAGED + "'actions' must be a list",
    "too_many_actions": _DAMAGED + "{count} actions (a game has far fewer)",
    # stage 4: the replay (engine/saves.py load_save)
    "other_scenario": "the save is a game of the scenario '{scenario}', not of '{expected}'",
    "unknown_scenario": "the save's scenario '{scenario}' cannot be played by this version: "
                        "{detail}",
    "bad_setup": "the save's setup is not valid: {detail}",
    "illegal_action": "the save does not replay: action {step} of {total} is not legal "
                      "({detail})",
    "engine_fault": "the save cannot be replayed: action {step} of {total} hits an engine "
                    "fault ({detail})",
    "digest_mismatch": "the save does not replay to the position that was saved (it was "
                       "made with other card data or another version of the rules, or its "
                       "actions were altered)",
    # the UI's part of a save (ui/saves.py): the ``ui`` mapping and its summary line
    "ui_value": "the 'ui' part of the save has a wrong value",
    "summary_format": "the save's summary names no valid save format",
    "summary_states": "the save's summary has no list of states",
    "summary_round": "the save's summary has a round that is not a whole number",
    "summary_phase": "the save's summary has a phase that is not a text",
    "summary_actions": "the save's summary has a number of actions that is not whole",
}


class SaveError(ValueError):
    """A save file cannot be loaded: corrupt, foreign, newer, or its replay fails.

    ``key`` names the reason in :data:`SAVE_ERRORS`, ``params`` fills its template;
    ``str(err)`` is the English sentence."""

    def __init__(self, key: str, **params: object):
        self.key = key
        self.params = params
        super().__init__(SAVE_ERRORS[key].format(**params))

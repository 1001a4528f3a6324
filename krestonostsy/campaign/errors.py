"""Why a chronicle is refused (imports nothing, like the engine's ``errors.py``).

A :class:`ChronicleError` is a key of :data:`CHRONICLE_ERRORS` and the parameters of its
template: ``str(err)`` is the English sentence (the ``campaign`` command and the logs print
it), and the window renders the same key in the player's language through its catalogs
(the English template is the msgid; ``ui/campaign/story.py`` ``chronicle_error_text``).
A parameter named ``detail`` may carry the error underneath (a chapter's save refused by
the engine, the system's reason a file cannot be read): ``cause`` keeps it, so the window
renders it in the player's language too.
"""
from __future__ import annotations

_DAMAGED = "the chronicle is damaged: "

#: Every reason a chronicle can be refused for: key -> English template.
#: A new reason is one entry here plus its Russian and English catalog entries.
CHRONICLE_ERRORS: dict[str, str] = {
    # stage 1: the file and its JSON (chronicle.py decode)
    "unreadable": "the chronicle cannot be read ({detail})",
    "too_large": "the file is too large to be a chronicle (a chronicle is at most {limit} MB)",
    "not_utf8": "the chronicle is not a text file (not UTF-8)",
    "too_deep": _DAMAGED + "its data is nested deeper than {depth} levels",
    "bad_json": _DAMAGED + "it is not a JSON text",
    # stage 2: what the file is and its version
    "not_a_chronicle": "this file is not a Krestonostsy campaign chronicle",
    "bad_version": _DAMAGED + "its format version is missing",
    "newer": "the chronicle was written by a newer version of the game (chronicle format "
             "{version}; this version reads up to {current}); update the game to open it",
    # stage 3: every field's type and range (chronicle.py check_shape)
    "unknown_field": _DAMAGED + "unknown field '{field}'",
    "missing_field": _DAMAGED + "the field '{field}' is missing",
    "seats_type": _DAMAGED + "'seats' must map each state to its seat",
    "seat_kind": _DAMAGED + "the seat of {state} is neither a human nor a bot level",
    "lineup": _DAMAGED + "its states are not a line-up the campaign can be played with",
    "seed_range": _DAMAGED + "its seed must be a whole number from 0 to {limit}",
    "advanced_type": _DAMAGED + "'advanced' must be true or false",
    "name_type": _DAMAGED + "its name must be a text of 1 to {limit} characters",
    "in_progress": _DAMAGED + "'in_progress' does not name an autosave",
    "chapters_type": _DAMAGED + "'chapters' must be a list",
    "chapter_type": _DAMAGED + "chapter {chapter} is not a recorded scenario",
    "digest_type": _DAMAGED + "its check sum must be a text of {length} hexadecimal digits",
    "digest_mismatch": _DAMAGED + "its contents do not match their check sum (the file "
                                  "was changed outside the game)",
    # stage 4: the chapters replayed (chronicle.py Chronicle._chapter)
    "chapter_replay": "chapter {chapter} of the chronicle does not replay: {detail}",
    "no_such_scenario": "chapter {chapter}: the campaign has no such scenario",
    "chapter_not_over": "chapter {chapter}: the game of '{scenario}' is not over",
    "chapter_scenario": "chapter {chapter}: its game is of the scenario '{found}', not "
                        "'{scenario}'",
    "chapter_states": "chapter {chapter} ({scenario}): its game is not played by the "
                      "campaign's states",
    "chapter_seed": "chapter {chapter} ({scenario}): its game's seed is not the one the "
                    "campaign gives it",
    "chapter_starting": "chapter {chapter} ({scenario}): its starting positions are not the "
                        "ones the chronicle carried over",
    "chapter_options": "chapter {chapter} ({scenario}): its options are not the scenario's",
    "chapter_nicknames": "chapter {chapter} ({scenario}): its states' nicknames are not the "
                         "ones the chronicle awarded",
    "chapter_advanced": "chapter {chapter} ({scenario}): its advanced mode (terrain) is not "
                        "the campaign's",
    "chapter_record": "chapter {chapter} ({scenario}) does not match its game (recorded "
                      "{fields} differ)",
    "no_next": "the campaign has no next scenario to play",
}


class ChronicleError(Exception):
    """A chronicle that cannot be opened or written: ``key`` names the reason in
    :data:`CHRONICLE_ERRORS`, ``params`` fills its template, ``cause`` is the error a
    ``detail`` parameter came from (or None). ``file`` and ``backup`` are set when a file
    was refused: its name, and the name of the copy kept beside it (None: no copy could be
    made, ``backup_problem`` says why). ``str(err)`` is the English sentence."""

    def __init__(self, key: str, *, cause: BaseException | None = None, **params: object):
        self.key = key
        self.params = params
        self.cause = cause
        self.file: str | None = None
        self.backup: str | None = None
        self.backup_problem: str | None = None
        super().__init__(CHRONICLE_ERRORS[key].format(**params))

    @property
    def newer(self) -> bool:
        """Refused because a newer version of the game wrote it (the window says so)."""
        return self.key == "newer"

    def __str__(self) -> str:
        text = CHRONICLE_ERRORS[self.key].format(**self.params)
        if self.file is None:
            return text
        kept = (f"the file was kept as {self.backup}" if self.backup is not None
                else f"no backup could be made ({self.backup_problem})")
        return f"{self.file}: {text}; {kept}"

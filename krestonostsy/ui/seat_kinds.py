"""Who plays a state, in the window's words: the seat kinds and how each is named.

A seat kind is ``"human"``, a bot level of ``krestonostsy.ai`` (``"hard"``: the balanced
bot, as every bot was before play styles) or a level with a play style
(``"hard:merchant"``; ``ai.levels.parse_seat_kind``). Styles apply at the levels of
``ai.styles.STYLED_LEVELS`` (normal, hard, expert); their names and one-line descriptions
are data (``data/ai/styles.yaml``), read when first asked for — the start screen imports
this module, and must not wait for the bots (README, "Performance": start-up).

Two names of a bot seat, one for each place it is shown:

* :func:`seat_label` beside a state in a list or on its board: "Hard (bot) · Merchant";
* :func:`bot_name` in the parentheses after a state, in the log and the prompt bar:
  "Edessa (Hard · Merchant) attacks Damascus".
"""
from __future__ import annotations

from dataclasses import dataclass

from .. import i18n
from ..i18n import N_, _

HUMAN = "human"
# The levels offered in the new-game dialog, weakest first ("random" is a baseline for
# tournaments, not an opponent).
BOT_LEVELS = ("novice", "easy", "normal", "hard", "expert")
# Every seat kind the window knows without a style, with its label (register_seat_type
# adds to it): the labels of the level choices and of the seats shown in lists.
SEAT_LABELS: dict[str, str] = {HUMAN: N_("Human"), "novice": N_("Novice (bot)"),
                               "easy": N_("Easy (bot)"), "normal": N_("Normal (bot)"),
                               "hard": N_("Hard (bot)"), "expert": N_("Expert (bot)")}
# What each seat is like, for the new-game dialog (docs/ai.md, "The levels"; the times are
# README's "Bots" table).
SEAT_NOTES: dict[str, str] = {
    HUMAN: N_("A person at this computer"),
    "novice": N_("Makes clear mistakes; answers at once"),
    "easy": N_("Looks one move ahead, not always at the best; answers at once"),
    "normal": N_("Looks one move ahead with the choices that follow it; answers at once"),
    "hard": N_("Plays out where its orders go and what it attacks; up to a second"),
    "expert": N_("Also plays out almost every other choice, on two processor cores; up "
                 "to about three seconds"),
}


def level_names() -> dict[str, str]:
    """Each level's name after a state's ("Edessa (Hard)"), in the current language (in
    Russian an adjective of the bot: its own context, apart from other "Normal"s)."""
    return {"novice": i18n.pgettext("bot level", "Novice"),
            "easy": i18n.pgettext("bot level", "Easy"),
            "normal": i18n.pgettext("bot level", "Normal"),
            "hard": i18n.pgettext("bot level", "Hard"),
            "expert": i18n.pgettext("bot level", "Expert")}


@dataclass(frozen=True)
class StyleChoice:
    """A play style as the dialogs offer it: its id, name and one line of what it plays
    for, in the current language."""

    id: str
    name: str
    description: str


def styled_levels() -> tuple[str, ...]:
    """The levels a play style applies to (``ai.styles.STYLED_LEVELS``)."""
    from ..ai.styles import STYLED_LEVELS
    return STYLED_LEVELS


def style_choices() -> list[StyleChoice]:
    """Every shipped play style, the balanced one (the default) first."""
    from ..ai.styles import STYLES
    lang = i18n.current_language()
    return [StyleChoice(s.id, s.name(lang), s.description(lang)) for s in STYLES.values()]


def default_style() -> str:
    """The style of a bot chosen without one: the balanced bot."""
    from ..ai.styles import BALANCED
    return BALANCED


def seat_kind(level: str, style: str | None) -> str:
    """The seat kind of a level with a style (the balanced one, or none: the bare level,
    as older saves and chronicles write it)."""
    if style is None or style == default_style() or level not in styled_levels():
        return level
    from ..ai.levels import seat_kind as ai_seat_kind
    return ai_seat_kind(level, style)


def split_kind(kind: str) -> tuple[str, str | None]:
    """``(level or "human", style id or None)`` as written: ``"hard:merchant"`` is
    ``("hard", "merchant")``, ``"hard"`` is ``("hard", None)``. Not checked."""
    level, sep, style = kind.partition(":")
    return level, (style if sep else None)


def seat_problem(kind) -> str | None:
    """Why ``kind`` is not a seat the window can make (in English, for a log and a save's
    error), or None when it is one: a kind of :data:`SEAT_LABELS`, or a bot level with a
    play style it has."""
    if type(kind) is not str:
        return f"a seat is a text, not {type(kind).__name__}"
    if kind in SEAT_LABELS:
        return None
    from ..ai.levels import parse_seat_kind  # a style, or an unknown word: the bots know
    try:
        parse_seat_kind(kind)
    except ValueError as err:
        return str(err)
    return None


def is_seat_kind(kind) -> bool:
    return seat_problem(kind) is None


def style_name(style: str) -> str:
    """A play style's name in the current language (an unknown id made readable)."""
    from ..ai.styles import STYLES
    found = STYLES.get(style)
    return found.name(i18n.current_language()) if found else style.replace("_", " ").title()


def _styled(name: str, kind: str) -> str:
    """``name`` with the style of ``kind`` after it, when it has one besides the balanced."""
    _level, style = split_kind(kind)
    if style is None or style == default_style():
        return name
    return _("{seat} · {style}").format(seat=name, style=style_name(style))


def seat_label(kind: str) -> str:
    """Who plays a state, shown beside it: "Human", "Hard (bot)", "Hard (bot) ·
    Merchant"."""
    level, _style = split_kind(kind)
    label = SEAT_LABELS.get(level)
    return _styled(_(label) if label else level, kind)


def bot_name(kind: str) -> str:
    """A bot seat's level and style, in the parentheses after its state's name: "Hard",
    "Hard · Merchant" ("bot" for a seat type of no level)."""
    name = level_names().get(split_kind(kind)[0])
    return _styled(name, kind) if name else _("bot")

"""Play styles: how a bot leans, as data (``data/ai/styles.yaml``; docs/ai.md, "Play styles").

A **style** changes what a level wants, never how hard it thinks: the level keeps its
search and its budget, and the style multiplies

* the level's **evaluation weights** (``weights``: one multiplier per term of
  :data:`~krestonostsy.ai.evaluation.FEATURES`; a term not named keeps ×1), so the
  pious bot values holy lands more and the conqueror its chances against neighbours;
* the **cheap policy's priors** (``priors``: per action kind and per order type, a
  :class:`~krestonostsy.ai.policy.Tilt`), which order the search's first visits and play
  the seat's own moves in its playouts.

Multipliers rather than absolute weights: the same style applies to the hand-written
weights (normal, hard) and to the expert's fitted ones. A search leans only its own
seat's choices; it imagines every other player as balanced.

``balanced`` is today's bot and the default: it must name no weight and no prior, so a
balanced seat is exactly the bot without a style. Styles apply at :data:`STYLED_LEVELS`;
the weaker levels are balanced only. Seat kinds: ``"hard"`` (balanced) or
``"hard:merchant"`` (``krestonostsy.ai.levels.parse_seat_kind``).
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ..content.errors import ContentError
from ..content.yamlfile import Reader, read_yaml
from ..i18n import LANGUAGES, SOURCE_LANGUAGE
from ..resources import data_dir
from .evaluation import FEATURES, Weights
from .policy import ORDER_BASE, SCORERS, STOP_KINDS, WINDOW_KINDS, Tilt

STYLES_FILE = "ai/styles.yaml"
BALANCED = "balanced"
STYLED_LEVELS = ("normal", "hard", "expert")
"""The levels a style applies to: the ones that weigh positions by the evaluation and
lean on the priors in a look-ahead or a search (novice and easy stay balanced)."""

MAX_MULTIPLIER = 10.0
POLICY_KINDS = frozenset(SCORERS) | STOP_KINDS | WINDOW_KINDS
"""The action kinds a style may lean: those the cheap policy scores."""


@dataclass(frozen=True)
class Style:
    """One play style: its id, its name and one-line description in every language, the
    multipliers of the evaluation's terms (``weights``) and the policy's leaning
    (``priors``)."""

    id: str
    names: Mapping[str, str]
    descriptions: Mapping[str, str]
    weights: Mapping[str, float] = field(default_factory=dict)
    priors: Tilt = field(default_factory=Tilt)

    def name(self, lang: str) -> str:
        """The style's name in ``lang`` (English for a language the game does not have)."""
        return self.names.get(lang) or self.names[SOURCE_LANGUAGE]

    def description(self, lang: str) -> str:
        """The style's one-line description in ``lang``."""
        return self.descriptions.get(lang) or self.descriptions[SOURCE_LANGUAGE]

    @property
    def balanced(self) -> bool:
        """True for a style that changes nothing (the bot without a style)."""
        return not self.weights and not self.priors.actions and not self.priors.orders

    def weigh(self, weights: Weights) -> Weights:
        """A level's evaluation ``weights`` leaned this style's way (each term times its
        multiplier; the logistic's scale unchanged)."""
        if not self.weights:
            return weights
        return weights.reweighed(tuple(w * self.weights.get(f, 1.0)
                                       for f, w in zip(FEATURES, weights.values, strict=True)))

    @property
    def tilt(self) -> Tilt | None:
        """The policy's leaning, or None for a style that leans nowhere."""
        return self.priors if self.priors.actions or self.priors.orders else None


def _texts(r: Reader, key: str) -> dict[str, str]:
    """``{lang: text}`` with every language of the game, each a non-empty text."""
    sub = r.sub(key, f"{r.where}: {key}")
    out = {lang: sub.str(lang) for lang in LANGUAGES}
    sub.done()
    return out


def _multipliers(r: Reader, key: str, known: frozenset[str] | tuple[str, ...],
                 what: str) -> dict[str, float]:
    """``{name: multiplier}`` of the mapping ``key`` (absent: none), every name one of
    ``known`` and every multiplier a number in 0..MAX_MULTIPLIER."""
    if not r.has(key):
        r.used.add(key)
        return {}
    sub = r.sub(key, f"{r.where}: {key}")
    out = {}
    for name, value in sub.node.items():
        sub.used.add(name)
        if name not in known:
            sub.fail(f"unknown {what} '{name}', expected one of: {', '.join(sorted(known))}",
                     name)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            sub.fail(f"'{name}' must be a number (a multiplier), got "
                     f"{type(value).__name__} {value!r}", name)
        if not 0 <= value <= MAX_MULTIPLIER:
            sub.fail(f"'{name}' is {value}, expected a multiplier in 0..{MAX_MULTIPLIER:g}",
                     name)
        out[str(name)] = float(value)
    return out


def _style(sid: str, r: Reader) -> Style:
    names = _texts(r, "name")
    descriptions = _texts(r, "description")
    weights = _multipliers(r, "weights", FEATURES, "evaluation term")
    priors = Tilt()
    if r.has("priors"):
        p = r.sub("priors", f"{r.where}: priors")
        priors = Tilt(actions=_multipliers(p, "actions", POLICY_KINDS, "action kind"),
                      orders=_multipliers(p, "orders", tuple(ORDER_BASE), "order"))
        p.done()
    else:
        r.used.add("priors")
    r.done()
    return Style(sid, names, descriptions, weights, priors)


def load_styles(path: Path) -> dict[str, Style]:
    """Every style of the file at ``path``, ``balanced`` first; a malformed file raises
    :class:`ContentError` (``styles.yaml:LINE: what is wrong``)."""
    root = Reader(read_yaml(path), path.name, "")
    out: dict[str, Style] = {}
    for sid, r in root.entries("styles", "style"):
        if not isinstance(sid, str) or not sid.isidentifier() or sid != sid.lower():
            r.fail("a style's id must be a lower-case word")
        out[sid] = _style(sid, r)
    root.done()
    if BALANCED not in out:
        raise ContentError(path.name, root.line_of("styles"),
                           f"styles: the default style '{BALANCED}' is missing")
    if not out[BALANCED].balanced:
        raise ContentError(path.name, root.node["styles"].key_lines[BALANCED],
                           f"style {BALANCED}: the default is the bot without a style; "
                           "it names no weights and no priors")
    return {BALANCED: out.pop(BALANCED), **out}


@cache
def _shipped() -> dict[str, Style]:
    return load_styles(data_dir() / STYLES_FILE)


class _Styles(Mapping[str, Style]):
    """The shipped styles by id, ``balanced`` first, read on first use."""

    def __getitem__(self, sid: str) -> Style:
        return _shipped()[sid]

    def __iter__(self) -> Iterator[str]:
        return iter(_shipped())

    def __len__(self) -> int:
        return len(_shipped())


STYLES: Mapping[str, Style] = _Styles()


def style_ids() -> tuple[str, ...]:
    """The ids of the shipped styles, ``balanced`` first."""
    return tuple(STYLES)


def style(sid: str) -> Style:
    """The shipped style ``sid``; an unknown id raises ValueError naming the choices."""
    try:
        return STYLES[sid]
    except KeyError:
        raise ValueError(f"unknown play style {sid!r}: choose one of "
                         f"{', '.join(style_ids())}") from None

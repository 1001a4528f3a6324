"""The one place that assembles the rules: every module with steps is imported here (one
module per section of the rulebook), every hook of ``engine/hooks/``, and every effect-op
table of ``engine/ops/`` is installed into ``engine/registry.py``; nothing else registers
anything. A missing module is an ImportError, a duplicate op an EngineError.

The registries (``flow.STEPS``, ``registry.OPS``, ``hook.HOOKS``) sit below the rules and
are filled by this importer, so no rule module imports another one upward.
:func:`load_ruleset` hands out a scenario's rules from here: whoever holds a
:class:`~.ruleset.Ruleset` made by it holds every rule assembled (``game.py`` imports it
from here for the same reason)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..content.loader import load_content, shipped_content
from . import (  # noqa: F401  (each defines steps with @step)
    activation,
    battle,
    build,
    cities,
    effects,
    events,
    income,
    march,
    markets,
    muster,
    payment,
    planning,
    prayer,
    raids,
    registry,
    rounds,
    scoring,
    triggers,
)
from .hooks import (  # noqa: F401  (hooks)
    chronicle_beginning,
    levantine_merchants,
    rise_of_the_crescent,
    terrain,
    vassal_of_my_vassal,
)
from .ops import battle as battle_ops
from .ops import campaign as campaign_ops
from .ops import cards, oaths, resources, structure
from .ops import cities as city_ops
from .ops import warlord as warlord_ops
from .ruleset import Ruleset

OP_MODULES = (resources, cards, city_ops, battle_ops, structure, campaign_ops, oaths,
              warlord_ops)
"""The op modules, one per section of content/vocabulary.py."""

for _module in OP_MODULES:
    registry.install(_module.OPS, getattr(_module, "BATTLE_OPS", None))


@lru_cache(maxsize=16)
def _cached(scenario_id: str, data_dir: str | None) -> Ruleset:
    content = shipped_content(scenario_id) if data_dir is None \
        else load_content(data_dir, scenario_id)
    assert content.scenario is not None  # load_content always records its scenario
    return Ruleset(content.scenario, content)


def load_ruleset(scenario_id: str = "base", data_dir: Path | str | None = None) -> Ruleset:
    """The ruleset of scenario ``scenario_id`` in ``data_dir`` (the shipped data by
    default), loaded once per process; :class:`ContentError` says what is wrong."""
    return _cached(scenario_id, None if data_dir is None else str(Path(data_dir).resolve()))

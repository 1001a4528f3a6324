"""The one place that assembles the rules: every module with steps is imported here (one
module per section of the rulebook), and every effect-op table of ``engine/ops/`` is
installed into ``engine/registry.py``. ``Game.new`` imports this module; nothing else
registers anything. A missing module is an ImportError, a duplicate op an EngineError."""
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
from .hooks import chronicle_beginning, levantine_merchants, terrain  # noqa: F401  (hooks)
from .ops import battle as battle_ops
from .ops import campaign as campaign_ops
from .ops import cards, resources, structure
from .ops import cities as city_ops

OP_MODULES = (resources, cards, city_ops, battle_ops, structure, campaign_ops)
"""The op modules, one per section of content/vocabulary.py."""

for _module in OP_MODULES:
    registry.install(_module.OPS, getattr(_module, "BATTLE_OPS", None))

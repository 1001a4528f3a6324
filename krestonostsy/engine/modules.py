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

OP_MODULES = (resources, cards, city_ops, battle_ops, structure, campaign_ops, oaths,
              warlord_ops)
"""The op modules, one per section of content/vocabulary.py."""

for _module in OP_MODULES:
    registry.install(_module.OPS, getattr(_module, "BATTLE_OPS", None))

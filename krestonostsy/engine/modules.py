"""Import every rules module so that its steps are registered (one module per section)."""
from importlib import import_module

MODULES = ("rounds", "events", "raids", "planning", "activation", "payment", "markets",
           "build", "prayer", "muster", "march", "battle", "income", "scoring", "effects",
           "triggers", "cities")

for _name in MODULES:
    try:
        import_module(f"{__package__}.{_name}")
    except ModuleNotFoundError as _err:  # a module not written yet during development
        if _err.name != f"{__package__}.{_name}":
            raise

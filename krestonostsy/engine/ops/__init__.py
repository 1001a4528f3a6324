"""The effect ops, one module per section of ``content/vocabulary.py`` (resources, cards,
cities, battle, structure). Each module keeps its handlers in a plain ``OPS`` table
(``BATTLE_OPS`` for in-battle variants); ``engine/modules.py`` installs them into
``engine/registry.py``, where the ``effect`` step looks them up by name."""

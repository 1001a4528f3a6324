"""The regions of the table, each a module owning its items and laying them out from the
player's view (``base.Region``): ``tracks`` (round plate, sanctity and Saracen tracks), ``map``, ``cross`` (the order cross), ``event``, ``markets``, ``battle_board`` and ``campaign`` (a scenario's components, drawn by ``components.py``); the rest are still laid out by
``scene.py``'s own methods. ``notices`` reads the log for a battle's result and a round's
summary. ``layout`` lays them out click by click, ``cards`` lays a card. ``scene.py``
composes them.
"""

"""The regions of the table, each a module owning its items and laying them out from the
player's view (``base.Region``): ``tracks`` (round plate, sanctity and Saracen tracks),
``map``, ``cross`` (the order cross), ``event``, ``markets``, ``battle_board``,
``campaign`` (a scenario's components, drawn by ``components.py``) and ``state_boards``
(with ``board_parts``); ``notices`` reads the log for a battle's result and a round's
summary. ``layout`` lays them out click by click, ``cards`` lays a card. ``scene.py``
composes them.
"""

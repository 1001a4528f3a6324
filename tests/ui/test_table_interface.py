"""The window asks the table only through ``ui/table/interface.py: GameTable`` (issue 29
§5: no ``hasattr`` guessing): the table and the tests' stand-in offer all of it."""
import inspect

import pytest
from app_fixtures import FakeTable

from krestonostsy.ui.table.interface import GameTable
from krestonostsy.ui.table.view import TableView

SIGNALS = sorted(GameTable.__annotations__)
METHODS = sorted(n for n, v in vars(GameTable).items()
                 if inspect.isfunction(v) and not n.startswith("_"))


def test_the_interface_names_the_signals_and_the_calls_of_the_window():
    assert SIGNALS == ["actionChosen", "glossaryRequested", "rulesRequested"]
    assert {"show_view", "prepare_view", "set_thinking", "show_hint", "set_speed",
            "render_to_image"} <= set(METHODS)


@pytest.mark.parametrize("table", [TableView, FakeTable])
def test_a_table_offers_every_member_with_its_parameters(table):
    for name in SIGNALS:
        assert hasattr(table, name), f"{table.__name__} has no signal {name}"
    for name in METHODS:
        wanted = list(inspect.signature(getattr(GameTable, name)).parameters)
        offered = list(inspect.signature(getattr(table, name)).parameters)
        assert offered == wanted, f"{table.__name__}.{name}{offered}: the interface says {wanted}"

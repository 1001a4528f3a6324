"""Scenario components are declared once (issue 29 §2): each kind is one module of
``engine/components/`` whose :class:`Component` holds its setup, deal, view and sample
hooks and names its reader (``content/components/<kind>.py``); setup, the view and the
determinization name no kind. These tests hold the registry whole: a kind the content
reads is a kind the engine plays, a component holding cards hides them and samples them,
and the conservation census knows where they lie."""
from __future__ import annotations

import pytest
from census import COMPONENT_PLACES

from krestonostsy.content import components as content_components
from krestonostsy.content.scenario import scenario_ids
from krestonostsy.engine import Game, load_ruleset
from krestonostsy.engine.components import COMPONENTS
from krestonostsy.engine.components.component import public_view
from krestonostsy.resources import data_dir

STATES = ["jerusalem", "tripoli", "edessa", "antioch"]


def test_the_engine_plays_every_kind_the_content_reads():
    assert list(COMPONENTS) == list(content_components.COMPONENTS)
    for kind, component in COMPONENTS.items():
        assert component.kind == kind
        assert component.spec is content_components.COMPONENTS[kind]


@pytest.mark.parametrize("kind", [k for k, c in COMPONENTS.items() if c.spec.deck])
def test_a_component_with_cards_hides_and_samples_them(kind):
    """Cards of a component's own deck lie face down somewhere (a deck, a hand): its view
    may not show the part whole, the determinization must draw them again, and the
    census of tests/engine/test_conservation.py must know its places."""
    component = COMPONENTS[kind]
    assert component.view is not public_view, f"{kind}: a view hook that hides its cards"
    assert component.sample is not None, f"{kind}: a sample hook for its hidden cards"
    assert kind in COMPONENT_PLACES, f"{kind}: its places in tests/engine/census.py"


@pytest.mark.parametrize("scenario", [s for s in scenario_ids(data_dir())
                                      if load_ruleset(s).scenario.components])
def test_each_shipped_component_is_set_up_shown_and_sampled_by_its_own_hooks(scenario):
    """A game of every scenario with components: its state holds exactly the scenario's
    components, each seat's view of a kind is that kind's ``view`` of its part, and a
    determinization keeps what the seat sees of it."""
    g = Game.new(STATES, seed=5, scenario=scenario)
    kinds = list(g.rules.scenario.components)
    assert list(g.s["components"]) == kinds
    for viewer in (*STATES, None):
        shown = g.view(viewer)["components"]
        assert shown == {k: COMPONENTS[k].view(g.s["components"][k], viewer) for k in kinds}
    for viewer in STATES:
        assert g.determinize(viewer, 11).view(viewer)["components"] == \
            g.view(viewer)["components"]

"""The deck module (engine/decks.py): one draw, one discard, one reshuffle, one
"which deck is this card's", and the undo barrier decided there (DISCARD-01/04,
MARKET-02, INCOME-02)."""
import random

import pytest
from cardkit import building, clear_markets, game

from krestonostsy.engine import Game, decks


def _hidden_cards_shown(before: Game, after: Game) -> set:
    """Cards lying in a market after an action that were in a face-down deck before."""
    hidden = {c for name, cards in before.s["decks"].items()
              if name not in decks.FACE_UP_DECKS for c in cards}
    shown = {c for slots in after.s["markets"].values() for c in slots if c}
    return shown & hidden


@pytest.mark.rule("INCOME-02", "DISCARD-04")
def test_undo_never_crosses_a_market_refill_from_a_face_down_deck():
    """A refill shows a card nobody knew: the action that led to it cannot be taken back,
    even when its player decides next (an income rescript). A saved game loaded just
    before the refill, then the same action, gives the same."""
    found = 0
    for players, seed in ((2, 1), (3, 1), (3, 5)):
        rnd = random.Random(seed)
        g = Game.new(["jerusalem", "edessa", "tripoli", "antioch"][:players], seed=seed)
        while not g.is_over:
            acts = g.legal_actions()
            a = acts[rnd.randrange(len(acts))]
            before = g.clone()
            g.apply(a)
            if (not g.is_over and _hidden_cards_shown(before, g)
                    and g.decision.player == before.decision.player):
                loaded = Game.from_json(before.to_json())
                loaded.apply(a)
                assert not loaded.can_undo and not g.can_undo, (players, seed, a)
                assert not g.can_cancel_order
                found += 1
    assert found >= 3  # the scenario happens in these games


@pytest.mark.rule("DISCARD-04")
def test_every_draw_from_a_face_down_deck_sets_the_barrier():
    g = game(cards=tuple(building(f"b{i}", ("red",)) for i in range(3)))
    clear_markets(g)
    s = g.s
    s["decks"]["buildings_12"] = ["b0", "b1"]
    barrier = s["barrier"]
    assert decks.draw(g, "buildings_12") == "b1"
    assert s["barrier"] > barrier


@pytest.mark.rule("SETUP-06", "DISCARD-01")
def test_the_face_up_deck_is_no_barrier_and_takes_discards_at_the_bottom():
    g = game(cards=tuple(building(f"z{i}") for i in range(3)))
    s = g.s
    s["decks"]["buildings_0"] = ["z0", "z1"]
    barrier = s["barrier"]
    assert decks.draw(g, "buildings_0") == "z1"
    assert s["barrier"] == barrier  # everybody saw that card already
    decks.discard(g, "z2")
    assert s["decks"]["buildings_0"] == ["z2", "z0"]


@pytest.mark.rule("DISCARD-01", "DISCARD-04")
def test_an_empty_deck_is_rebuilt_from_its_discards():
    g = game(cards=tuple(building(f"b{i}", ("red",)) for i in range(3)))
    s = g.s
    s["decks"]["buildings_12"] = []
    s["discards"]["buildings_12"] = []
    decks.discard(g, "b0")
    decks.discard(g, "b2")
    assert decks.deck_of(g.c, "b2") == "buildings_12"
    assert decks.draw(g, "buildings_12") in {"b0", "b2"}
    assert s["discards"]["buildings_12"] == []
    assert decks.draw(g, "buildings_12") is not None
    assert decks.draw(g, "buildings_12") is None


def test_a_card_of_no_deck_is_a_clear_error():
    g = game(cards=())
    with pytest.raises(KeyError, match="nope"):
        decks.deck_of(g.c, "nope")

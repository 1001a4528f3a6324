"""Decks and discard piles: the only place that draws, discards, reshuffles and knows
which deck a card belongs to (DISCARD-01..04, MARKET-02, SETUP-06).

The state keeps ``decks`` (``{name: [ids]}``, top = last) and ``discards`` (the face-up
pile under each deck). Every deck is face down except ``buildings_0`` (SETUP-06: the
level-0 buildings lie face up, the Bazaar on top), which takes its discards at the
bottom of the deck itself.

The undo barrier is decided here, once: **every card taken from a face-down deck is a
reveal** (to its drawer at least: a market refill, a blind draw, a rescript, a spy, a
Saracen card), so :func:`draw` bumps ``state["barrier"]`` and undo never crosses it.
Reshuffling is random and bumps it too (through :mod:`rng`). Taking the top card of
the face-up deck shows nothing new and sets no barrier.

Imports nothing of the rules (only the log helper and the generator), so every rules
module may use it.
"""
from __future__ import annotations

from . import board as B
from . import rng
from .table import Table

FACE_UP_DECKS = ("buildings_0",)
"""Decks lying face up: their top card is public, drawing it reveals nothing."""


def deck_of(content, card: str) -> str:
    """The deck (and discard pile) ``card`` belongs to; ``KeyError`` naming the card for
    a card of no deck."""
    c = content
    if card in c.buildings:
        return c.buildings[card].deck
    if card in c.tactics:
        return c.tactics[card].deck
    if card in c.governors:
        return "governors"
    if card in c.rescripts:
        return "rescripts_2" if c.rescripts[card].level == 2 else "rescripts_1"
    if card in c.spies:
        return "spies"
    if card in c.saracens:
        return "saracens"
    raise KeyError(f"card {card!r} belongs to no deck")


def reshuffle(g: Table, deck: str) -> bool:
    """DISCARD-04: an empty ``deck`` is rebuilt from its discard pile (shuffled unless
    the deck lies face up). False when there is nothing to rebuild it from."""
    s = g.s
    pile = s["discards"].get(deck)
    if not pile:
        return False
    pile = B.part_w(g, "discards")[deck]
    cards = B.part_w(g, "decks").setdefault(deck, [])
    cards.extend(pile)
    pile.clear()
    if deck not in FACE_UP_DECKS:
        rng.shuffle(s, cards)
    B.log(g, "deck_reshuffled", deck=deck)
    return True


def draw(g: Table, deck: str) -> str | None:
    """The top card of ``deck`` (a market refill, a blind draw, a rescript, a spy…), or
    None when the deck and its discards are empty. A card from a face-down deck is a
    reveal: no undo across it."""
    s = g.s
    cards = s["decks"].get(deck)
    if not cards and not reshuffle(g, deck):
        return None
    cards = B.part_w(g, "decks")[deck]
    if deck not in FACE_UP_DECKS:
        s["barrier"] += 1
    return cards.pop()


def put_back(g: Table, deck: str, card: str) -> None:
    """Return a drawn card on top of its deck (MARKET-02: an unaffordable blind draw)."""
    B.part_w(g, "decks")[deck].append(card)


def discard(g: Table, card: str, deck: str | None = None) -> None:
    """DISCARD-01: ``card`` goes face up under its deck (``deck`` names it when the card
    may belong to none, e.g. a test's card); the face-up deck takes it at the bottom."""
    if deck is None:
        deck = deck_of(g.c, card)
    if deck in FACE_UP_DECKS:
        B.part_w(g, "decks")[deck].insert(0, card)
    else:
        B.part_w(g, "discards").setdefault(deck, []).append(card)

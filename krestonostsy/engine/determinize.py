"""Determinization for AI search: ``game.determinize(player, seed)``.

A search bot may not look at what its seat cannot see, yet the engine needs a complete
state to play forward. :func:`determinize` gives it one: a new :class:`~.game.Game` in
which everything ``player`` cannot see is **freshly sampled** from what ``player`` has
seen, and nothing else of the true game survives.

The contract (tests/engine/test_determinize.py proves it position by position):

* **A function of the seat's knowledge and the seed.** For two true games ``A`` and ``B``
  that ``player`` cannot tell apart (same ``view(player)``, same ``log_for(player)``),
  ``A.determinize(player, s)`` and ``B.determinize(player, s)`` are identical: state,
  decision, log and ``to_json()``. ``determinize(player, s).view(player) ==
  view(player)``, whoever is deciding.
* **What is sampled.** Other players' tactic hands, set-aside starting tactics (only once
  one was taken back in secret: until then the public discards name them), rescripts,
  spies in hand, bulls (and set-up bull/governor choices); the hidden parts of a
  scenario's components (each kind's ``sample`` hook, ``engine/components/``: others'
  oath hands and the oath deck, the warlord deck's order); every deck order (the face-up
  level-0 building deck keeps its top card); which events were left in the box; the
  Saracen battle hand and face-down covers the player did not lay (on the board; once
  the cards went back, BATTLE-22, the battle's record ``returned`` names for such a cover
  a card now lying in its owner's hand or the Saracen discard: a record is no place, and
  every card lies in exactly one place — tests/engine/test_conservation.py); other players'
  bishop levels (on the map and in supply, keeping each player's counts of level I and
  II); other players' influence totals; the raid tokens not yet turned up. A card is
  only ever replaced by a card of the same back (a tactic of the same deck or the same
  state's starting tactics, a rescript of the same level…), so every count the player
  knows — hand sizes, deck sizes, levels drawn — is kept.
* **What is kept as the player knows it.** Everything the view shows; bishop levels
  revealed in a holy-land check (public log) and starting bishops (level I) stay as
  they are; a bull the player returned at set-up stays in the bull deck; starting tactics
  seen set aside stay set aside.
* **The flow.** Frames on the stack that name a hidden card are rewritten to the card now
  lying where it lay, and the pending decision is rebuilt from the new state — never by
  re-running the flow. A sample in which the deciding player could not be asked the same
  visible question (e.g. an own-turn window that needs a playable rescript) is rejected
  and drawn again from the same :class:`Stream`.
* **No true history.** The sample's numbers (a :class:`Stream`) and the new game's
  generator come from ``seed`` alone, its log is
  ``log_for(player)``, it has no action list before this point, no set-up seed and no
  undo (``undo``/``cancel_order`` raise :class:`~.actions.IllegalAction`). Its
  ``to_json()`` is a *position*, not a save (see :meth:`Game.to_json`).

Influence totals of others are not public at all: they are drawn uniformly within
``INFLUENCE_SPREAD`` of the player's own total (never below 0) — a neutral guess a bot
may replace with its own model.
"""
from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar, cast

from . import rng
from .components import COMPONENTS
from .decks import deck_of
from .flow import Decision, EngineError
from .state import (
    SARACEN,
    SHARED_PARTS,
    State,
    copy_city,
    copy_state,
    saracen_hand_open,
)
from .stream import Stream
from .table import Table
from .triggers import asked

if TYPE_CHECKING:
    from ..content import Content

G = TypeVar("G", bound=Table)  # the game's own class: a Game's sample is a Game

INFLUENCE_SPREAD = 2
MAX_SAMPLES = 200  # samples tried for a deciding player whose question depends on them

_REVEALS = ("bishops_revealed", "holy_land_revealed")
_HAND_FIELDS = ("tactics", "rescripts", "spies_hand", "bull_choices", "governor_choices")


# --- card backs -------------------------------------------------------------------------

_BACKS: dict[int, tuple[Content, dict[str, str]]] = {}


def card_backs(content: Content) -> dict[str, str]:
    """``{card id: back}``: which face-down cards look alike (the deck a card belongs
    to; a state's starting tactics are known by its crest). Cached per content."""
    hit = _BACKS.get(id(content))
    if hit is not None and hit[0] is content:
        return hit[1]
    backs: dict[str, str] = {}
    for table in (content.buildings, content.tactics, content.governors, content.rescripts,
                  content.spies, content.saracens):
        for cid in table:
            backs[cid] = deck_of(content, cid)
    for tid, t in content.tactics.items():
        if t.starting:  # no deck: each state's own five, known by its crest
            backs[tid] = f"start:{t.starting}"
    for name in ("bulls", "events"):  # dealt or turned up from their own decks
        for cid in getattr(content, name):
            backs[cid] = name
    _BACKS[id(content)] = (content, backs)
    return backs


# --- what the player knows from the log ------------------------------------------------------

class Knowledge:
    """What ``viewer`` has read in the log, beyond the current view: the log itself, the
    bishop levels ever shown (by bishop number), the events turned up, and the bulls the
    viewer put back. Built incrementally and cached on the game (the log only grows)."""

    __slots__ = ("viewer", "source", "seen", "log", "order", "levels", "events", "pinned",
                 "set_aside", "starting")

    def __init__(self, g: Table, viewer: str):
        self.viewer = viewer
        self.source = g.log
        self.seen = 0
        self.log: list = []
        # bishop numbers in each city, in the order of the city's list (as in the log)
        self.order: dict[str, list[int]] = {}
        self.levels: dict[int, int] = {}
        capitals = {x: g.c.board.states[x].capital for x in g.s["states"]}
        for no, x in enumerate(g.s["states"], start=1):  # set-up: one level-I bishop each
            self.order.setdefault(capitals[x], []).append(no)
            self.levels[no] = 1
        self.events: set[str] = set()
        self.pinned: set[str] = set()
        # starting tactics each player was seen setting aside (MUSTER-06, a public
        # discard); taking one back is private, so the set is exact only while its size
        # is the player's personal-discard count
        self.set_aside: dict[str, list[str]] = {}
        self.starting = {tid for tid, t in g.c.tactics.items() if t.starting}

    def update(self) -> None:
        viewer = self.viewer
        for entry in self.source[self.seen:]:
            key, params, vis = entry
            if vis is not None and viewer not in vis:
                continue
            self.log.append(entry)
            if key == "bishop_trained":
                self.order.setdefault(params["city"], []).append(params["bishop"])
            elif key == "bishop_moved":
                self.order[params["frm"]].remove(params["bishop"])
                self.order.setdefault(params["to"], []).append(params["bishop"])
            elif key in _REVEALS:
                nos = self.order.get(params["city"], [])
                shown = params["bishops"]
                if len(nos) != len(shown):
                    raise EngineError(f"the log's bishops of {params['city']} do not match "
                                      f"its {key} entry")
                for no, (_owner, level) in zip(nos, shown, strict=True):
                    self.levels[no] = level
            elif key == "tactic_discarded" and params["card"] in self.starting:
                self.set_aside.setdefault(params["player"], []).append(params["card"])
            elif key == "event_revealed":
                self.events.add(params["card"])
            elif key == "bull_returned" and params["player"] == viewer:
                self.pinned.add(params["card"])
        self.seen = len(self.source)


def knowledge(g: Table, viewer: str) -> Knowledge:
    """The viewer's :class:`Knowledge` of ``g``, brought up to date (cached on ``g``)."""
    cache = g._knowledge
    k = cache.get(viewer)
    if k is None or k.source is not g.log or k.seen > len(g.log):
        k = cache[viewer] = Knowledge(g, viewer)
    if k.seen < len(g.log):
        k.update()
    return k


# --- sampling ---------------------------------------------------------------------------------

def _hidden_places(s: State, viewer: str, k: Knowledge) -> tuple[list, list]:
    """The hidden places of ``s`` outside decks, in state order, each named by where it
    lies: ``[(where, cards)]`` for lists of cards (other hands, set-aside starting tactics
    once taken back in secret, the Saracen hand; ``where`` is ``("hand", player, field)``
    or ``("saracen_hand",)``) and ``[(where, card)]`` for places of one card (a bull,
    ``("bull", player)``; a face-down cover on the battle board, ``("cover", "slots",
    index)``). The battle's ``returned`` slots are no place: their covers went back to
    their owners (BATTLE-22, see :func:`_returned_covers`)."""
    players = cast(dict[str, dict[str, Any]], s["players"])  # read by field name
    lists: list[tuple[tuple, list[str]]] = []
    ones: list[tuple[tuple, str]] = []
    for q in s["states"]:
        if q != viewer:
            p = players[q]
            for field in _HAND_FIELDS:
                if p[field]:
                    lists.append((("hand", q, field), p[field]))
            # set-aside starting tactics: known while no private take-back has happened
            if p["personal_discard"] and len(p["personal_discard"]) != len(
                    k.set_aside.get(q, ())):
                lists.append((("hand", q, "personal_discard"), p["personal_discard"]))
            if p["bull"] is not None:
                ones.append((("bull", q), p["bull"]))
    battle = s.get("battle")
    if battle:
        knows_saracen = battle.get("saracen_player") == viewer
        if not (knows_saracen or saracen_hand_open(s)) and battle["saracen_hand"]:
            lists.append((("saracen_hand",), battle["saracen_hand"]))
        for i, slot in enumerate(battle["slots"]):
            if slot.get("cover") is None:
                continue
            owner = slot.get("cover_owner")
            if not (owner == viewer or (owner == SARACEN and knows_saracen)):
                ones.append((("cover", "slots", i), slot["cover"]))
    return lists, ones


def _returned_covers(s: State, viewer: str, backs: dict[str, str]) -> tuple:
    """The covers named by the battle's record ``returned`` that ``viewer`` did not see:
    ``((index, owner, back), …)``. After stage 4B (BATTLE-22) the cards of the battle
    board went back — a player's cover to the hand it was drawn from, a Saracen cover
    face up to the Saracen discard — and ``returned`` is the record of the board the view
    shows (a hidden cover as a face-down card). Such a cover is no place of its own: the
    card lies in that hand or pile, so a sample names there a card of the cover's back
    (:func:`_name_returned_covers`). Pooled as a place, it was dealt twice."""
    battle = s.get("battle")
    if not battle or not battle.get("returned"):
        return ()
    knows_saracen = battle.get("saracen_player") == viewer
    out = []
    for i, slot in enumerate(battle["returned"]):
        owner = slot.get("cover_owner")
        if slot.get("cover") is not None and not (
                owner == viewer or (owner == SARACEN and knows_saracen)):
            out.append((i, owner, backs[slot["cover"]]))
    return tuple(out)


class _Layout(NamedTuple):
    """What a determinization of a position for a viewer does not draw at random, the
    same for every seed. The free cards of every back lie in ``cards`` in a canonical
    order, back after back (``spans``: each back's ``(start, stop)`` in ``cards``); a
    sample orders each back's cards at random and then deals them by index: each hidden
    place gets the indices in ``lists`` / ``ones`` (a back's first free cards, in state
    order), each deck a slice (``decks``: ``(back, start, stop, top, pinned)`` — the
    face-up level-0 deck keeps its ``top``; the bulls the viewer put back, ``pinned``, are
    shuffled in again). ``refs`` are the card ids the flow's frames name, ``ref_at`` /
    ``ref_fixed`` where each one's replacement lies (an index into the sample, or a card
    that stays). ``returned``: the covers of the battle's record the viewer did not see
    (:func:`_returned_covers`), ``backs`` the content's :func:`card_backs`."""

    refs: frozenset[str]
    cards: tuple[str, ...]
    spans: tuple[tuple[int, int], ...]
    lists: tuple[tuple[tuple, tuple[int, ...]], ...]
    ones: tuple[tuple[tuple, int], ...]
    decks: tuple[tuple[str, int, int, str | None, tuple[str, ...] | None], ...]
    ref_at: tuple[tuple[str, int], ...]
    ref_fixed: tuple[tuple[str, str], ...]
    bishops: tuple  # _bishop_places
    returned: tuple  # _returned_covers
    backs: dict[str, str]
    draws: int  # about as many numbers as a sample draws from its Stream


def _layout(g: Table, viewer: str, k: Knowledge) -> _Layout:
    """``viewer``'s :class:`_Layout` of ``g``, cached on ``g`` until the position changes
    (another decision, action or log entry): a search bot determinizes one position once
    per iteration, and most of the sampling's work is this canonical part."""
    cache = g._layouts
    mark = (g.decision, len(g.actions), len(g.log))
    hit = cache.get(viewer)
    if hit is not None and hit[0][0] is mark[0] and hit[0][1:] == mark[1:]:
        return hit[1]
    s = g.s
    backs = card_backs(g.c)
    refs = frozenset(_card_refs(s["stack"], backs, set()))
    lists, ones = _hidden_places(s, viewer, k)
    by_back: defaultdict[str, list[str]] = defaultdict(list)  # the hidden places' cards
    for _where, lst in lists:
        for card in lst:
            by_back[backs[card]].append(card)
    for _where, card in ones:
        by_back[backs[card]].append(card)
    held = {b: len(v) for b, v in by_back.items()}
    # the free cards of each back in a canonical order: the result depends on which
    # cards are free, never on where they were
    decks = s["decks"]
    cards: list[str] = []
    spans: list[tuple[int, int]] = []
    start: dict[str, int] = {}
    plan = []
    ref_at: list[tuple[str, int]] = []
    ref_fixed: list[tuple[str, str]] = []
    for b in sorted(held.keys() | decks.keys()):
        deck = decks.get(b)
        if b == "events":  # which events lie in the deck and which in the box: unknown
            in_play = k.events | {s["event"]}
            free = [e for e in g.c.events if e not in in_play]
        else:
            free = by_back.get(b, [])
            if deck:
                # the face-up level-0 deck keeps its top; a bull the viewer put back stays
                free = free + (deck[:-1] if b == "buildings_0" else deck)
                if b == "bulls" and k.pinned:
                    free = [c for c in free if c not in k.pinned]
        free.sort()
        start[b] = len(cards)
        cards += free
        if len(free) > 1:
            spans.append((start[b], len(cards)))
        if deck is None:
            continue
        lo, hi = len(cards) - len(free) + held.get(b, 0), len(cards)
        top = pinned = None
        if b == "events":
            hi = min(hi, lo + len(deck))
        elif b == "buildings_0" and deck:
            top = deck[-1]
        elif b == "bulls" and k.pinned:
            pinned = tuple(c for c in deck if c in k.pinned)
        plan.append((b, lo, hi, top, pinned))
        if pinned is None:  # (the pinned bulls' deck is renamed after its shuffle)
            for j, old in enumerate(deck):
                if old in refs:
                    if lo + j < hi:
                        ref_at.append((old, lo + j))
                    elif top is not None and lo + j == hi:
                        ref_fixed.append((old, top))
    # the deal: each hidden place takes its back's next free cards, in state order
    nxt = dict(start)

    def deal(card: str) -> int:
        b = backs[card]
        at = nxt[b]
        nxt[b] = at + 1
        if card in refs:
            ref_at.append((card, at))
        return at

    list_at = tuple((where, tuple(deal(c) for c in lst)) for where, lst in lists)
    one_at = tuple((where, deal(card)) for where, card in ones)
    bishops = _bishop_places(s, viewer, k)
    returned = _returned_covers(s, viewer, backs)
    draws = (sum(hi - lo - 1 for lo, hi in spans) + len(s["states"])
             + len(s["saracen_track"]["tokens"]) + len(returned)
             + sum(ones + twos - 1 for _q, _spots, ones, twos in bishops[1]))
    lay = _Layout(refs, tuple(cards), tuple(spans), list_at, one_at, tuple(plan),
                  tuple(ref_at), tuple(ref_fixed), bishops, returned, backs, draws)
    cache[viewer] = (mark, lay)
    return lay


def _sample(s: State, viewer: str, lay: _Layout, r: Stream) -> dict[str, str]:
    """Resample every hidden part of ``s`` in place; returns ``{old card: new card}`` for
    the cards the flow's frames name (``lay.refs``). ``s`` shares its players and cities
    with the true game (``copy_state(share=True)``): each other player is replaced by a
    shallow copy whose hidden lists, bull, bishop supply and influence are then replaced
    (the rest of it stays shared, so the new game does not own it: its first write copies
    it whole, ``board.player_w``), and each city with a bishop of unknown level by its own
    copy (``_sample_bishops``)."""
    mixed: list[str] = list(lay.cards)  # the free cards of each back in a random order
    for lo, hi in lay.spans:
        r.shuffle(mixed, lo, hi)
    # (typed: the compiled engine then uses the dict's own get and set)
    players = cast(dict[str, dict[str, Any]], s["players"])
    for q in s["states"]:
        if q != viewer:
            players[q] = players[q].copy()
    battle: dict = s.get("battle") or {}  # (its places are in the layout only if it is on)
    for where, idx in lay.lists:
        if where[0] == "hand":
            players[where[1]][where[2]] = [mixed[i] for i in idx]
        else:
            battle["saracen_hand"] = [mixed[i] for i in idx]
    for where, i in lay.ones:
        if where[0] == "bull":
            players[where[1]]["bull"] = mixed[i]
        else:
            battle[where[1]][where[2]]["cover"] = mixed[i]
    sigma: dict[str, str] = {old: mixed[i] for old, i in lay.ref_at}
    sigma.update(lay.ref_fixed)
    decks: dict[str, list[str]] = s["decks"].copy()  # shared with the true game: its own map
    s["decks"] = decks
    for b, lo, hi, top, pinned in lay.decks:
        rest = mixed[lo:hi]
        if top is not None:
            rest.append(top)
        elif pinned is not None:
            rest += pinned
            r.shuffle(rest)
            sigma.update((old, new) for old, new in zip(decks[b], rest, strict=False)
                         if old in lay.refs)
        decks[b] = rest

    if lay.returned:
        _name_returned_covers(s, lay, r)
    _sample_bishops(s, lay.bishops, r)
    for kind, part in (s.get("components") or {}).items():
        sample = COMPONENTS[kind].sample
        if sample is not None:
            sample(part, s["states"], viewer, r)
    own_influence = players[viewer]["influence"]
    low = max(0, own_influence - INFLUENCE_SPREAD)
    for q in s["states"]:
        if q != viewer:
            players[q]["influence"] = low + r.below(own_influence + INFLUENCE_SPREAD - low + 1)
    track = s["saracen_track"]  # shared with the true game: copied before a change
    nxt = track["next"]
    first_hidden = nxt + 1 if nxt is not None else (len(track["tokens"])
                                                     if track.get("boxed") else 0)
    if first_hidden < len(track["tokens"]) - 1:
        track = s["saracen_track"] = SHARED_PARTS["saracen_track"](track)
        hidden = sorted(track["tokens"][first_hidden:])
        r.shuffle(hidden)
        track["tokens"][first_hidden:] = hidden
    return sigma


def _name_returned_covers(s: State, lay: _Layout, r: Stream) -> None:
    """Name each cover of the battle's record that the viewer did not see
    (``lay.returned``) by a card lying where that cover went back (BATTLE-22): the
    owner's hand as sampled, or the face-up Saracen discard. A card of the cover's back,
    drawn at random, each named once; never one the board shows played face up while
    another fits (a cover was drawn from the hand, not played)."""
    battle = s["battle"]
    record = battle["returned"]
    shown = {sl["card"] for sl in record} | {sl["card"] for sl in battle["slots"]}
    named: set[str] = set()
    backs = lay.backs
    for i, owner, back in lay.returned:
        lying: list[str] = (s["discards"]["saracens"] if owner == SARACEN
                            else s["players"][owner]["tactics"])
        fits = [c for c in lying if backs.get(c) == back and c not in named]
        if not fits:
            raise EngineError(f"determinize: the battle's record names a cover of {owner} "
                              f"({back}) that is neither in its hand nor discarded")
        best = [c for c in fits if c not in shown] or fits
        card = best[r.below(len(best))]
        named.add(card)
        record[i]["cover"] = card


def _card_refs(x: Any, backs: dict[str, str], out: set[str]) -> set[str]:
    """The card ids named anywhere inside ``x`` (the flow's frames)."""
    if type(x) is dict:
        x = x.values()
    for v in x:
        t = type(v)
        if t is str:
            if v in backs:
                out.add(v)
        elif t is dict or t is list:
            _card_refs(v, backs, out)
    return out


def _bishop_places(s: State, viewer: str, k: Knowledge) -> tuple:
    """Where the other players' bishops of a level ``viewer`` does not know stand, and what
    is to be dealt there: ``(cities to copy, ((player, ((city, index), …), ones, twos),
    …))`` — each player's unknown levels pooled with the levels of its supply (counts
    kept), players whose pool holds one level only left out (nothing to hide)."""
    known = k.levels
    places: dict[str, list] = {q: [] for q in s["states"] if q != viewer}
    cities: list[str] = []
    levels: dict[str, list[int]] = {q: [0, 0] for q in places}
    for cid, c in s["cities"].items():
        for i, b in enumerate(c["bishops"]):
            if b[0] != viewer and b[2] not in known:
                if not cities or cities[-1] != cid:
                    cities.append(cid)
                places[b[0]].append((cid, i))
                levels[b[0]][b[1] - 1] += 1
    deal = []
    for q, spots in places.items():
        if not spots:
            continue  # all in supply (or known): a count the viewer sees, nothing to hide
        sup = s["players"][q]["bishops"]
        ones, twos = sup["1"] + levels[q][0], sup["2"] + levels[q][1]
        if ones and twos:
            deal.append((q, tuple(spots), ones, twos))
    return tuple(cities), tuple(deal)


def _sample_bishops(s: State, places: tuple, r: Stream) -> None:
    """Other players' unknown bishop levels (``_bishop_places``), dealt at random from
    each player's pool; what is left is its supply."""
    cities = s["cities"]
    for cid in places[0]:  # its own copy before a level is resampled
        cities[cid] = copy_city(cities[cid])
    players = s["players"]
    for q, spots, ones, twos in places[1]:
        levels: list[int] = [1] * ones + [2] * twos
        r.shuffle(levels)
        n = 0
        for cid, i in spots:
            cities[cid]["bishops"][i][1] = levels[n]
            n += 1
        rest = levels[n:]
        p = players[q]  # _sample's shallow copy: its supply is still shared
        sup: dict[str, int] = p["bishops"].copy()
        p["bishops"] = sup
        sup["2"] = rest.count(2)
        sup["1"] = len(rest) - sup["2"]


def _rename(x: Any, sigma: dict[str, str], seen: set[int]) -> Any:
    """Rewrite, in place, every hidden card id inside frames (each container once)."""
    if type(x) is dict:
        if id(x) in seen:
            return x
        seen.add(id(x))
        for key, v in x.items():
            if type(v) is str:
                if v in sigma:
                    x[key] = sigma[v]
            elif type(v) in (dict, list):
                _rename(v, sigma, seen)
    elif type(x) is list:
        if id(x) in seen:
            return x
        seen.add(id(x))
        for i, v in enumerate(x):
            if type(v) is str:
                if v in sigma:
                    x[i] = sigma[v]
            elif type(v) in (dict, list):
                _rename(v, sigma, seen)
    return x


def _renamed(value: Any, sigma: dict[str, str]) -> Any:
    """``value`` (a decision's params) with hidden card ids renamed, as a new object."""
    t = type(value)
    if t is str:
        return sigma.get(value, value)
    if t is dict:
        return {k: _renamed(v, sigma) for k, v in value.items()}
    if t is list:
        return [_renamed(v, sigma) for v in value]
    return value


def _same_question(new: Decision | None, old: Decision, viewer: str,
                   sigma: dict[str, str]) -> bool:
    """Whether the rebuilt decision asks what the viewer saw asked (who, what, the
    shown params; for the viewer's own decision, the same number of choices)."""
    if new is None or not new.actions or new.player != old.player or \
            new.prompt != old.prompt:
        return False
    if new.params != (_renamed(old.params, sigma) if sigma else old.params):
        return False
    return old.player != viewer or len(new.actions) == len(old.actions)


def _sampled_game(g: G, viewer: str, seed: int, k: Knowledge, lay: _Layout,
                  r: Stream) -> tuple[G, dict[str, str]]:
    """One sample: the new game (no decision yet) and its renaming of frame cards."""
    s = copy_state(g.s, share=True)
    sigma = _sample(s, viewer, lay, r)
    if sigma:
        _rename(s["stack"], sigma, set())
    s["rng"] = rng.seed_state(seed)  # the play from here on: from the seed alone
    s["barrier"] = 0  # no undo, and nothing of the true game's count of draws
    # the set-up without its seed: the line-up, the options and the scenario are public
    h = type(g)(s, g.rules, {key: v for key, v in g.setup.items() if key != "seed"})
    # copy-on-write (board.player_w): the cities and parts _sample replaced are h's own;
    # the players it resampled are shallow copies that still share their other
    # containers, so h owns no player (its first write to one copies it whole); the rest
    # is shared with g, which from now on may not write it in place either
    src, mine = cast(dict, g.s), cast(dict, s)  # the parts by name
    h._own_p = set()
    h._own_c = set(lay.bishops[0])
    h._own_parts = {k for k in SHARED_PARTS if k in mine and mine[k] is not src.get(k)}
    g._own_p, g._own_c, g._own_parts = set(), set(), set()
    h.log = list(k.log)
    h.determinized = {"viewer": viewer, "seed": seed}
    return h, sigma


def determinize(g: G, viewer: str, seed: int) -> G:
    """A new game equal to ``g`` as ``viewer`` sees it, its hidden parts sampled with a
    generator seeded by ``seed`` alone (see the module docstring for the contract)."""
    if viewer not in g.s["states"]:
        raise ValueError(f"determinize: {viewer!r} is not a player of this game "
                         f"(players: {', '.join(g.s['states'])})")
    k = knowledge(g, viewer)
    lay = _layout(g, viewer, k)
    r = Stream(seed, lay.draws * 5 // 4 + 32)
    old = g.decision
    if old is None:  # the game is over: nothing to ask
        return _sampled_game(g, viewer, seed, k, lay, r)[0]
    for _ in range(MAX_SAMPLES):
        h, sigma = _sampled_game(g, viewer, seed, k, lay, r)
        frame = h.s["stack"][-1]
        try:
            new = h.rules.steps[frame["s"]].run(h, frame)
            if new is not None and new.actions:
                new = asked(h, frame, new)
        except (EngineError, LookupError, ValueError):
            continue  # this sample contradicts the position: draw another
        if _same_question(new, old, viewer, sigma):
            h._decision = new
            return h
    raise EngineError(f"determinize: no sample of the hidden cards lets {old.player} be "
                      f"asked '{old.prompt}' as {viewer} saw it")

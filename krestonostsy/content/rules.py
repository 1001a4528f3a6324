"""The rules reference and the glossary: the whole game in our own words, as data.

``data/rules/reference.yaml`` tells the game section by section, like the rulebook; every
paragraph names the rule IDs (docs/rules.md) it explains. ``data/rules/glossary.yaml`` explains
every keyword and symbol of the cards and prompts. Both are written in Russian and English
side by side (:class:`Text`) and validated at load like the other content: a problem is a
:class:`ContentError` ``file:line: what is wrong``.

In a text, ``[[BATTLE-16]]`` links to the paragraph that carries that rule ID and
``[[g:rout]]`` to a glossary entry; the window turns them into links.

A glossary entry's ``keys`` say which parts of the card data make a card text use its word
(``op:smash``, ``metric:holy_lands``, ``mark:protection``…). :func:`card_keys` walks a card
the way the text generator (:mod:`.text`) does and yields exactly those keys, so a card
preview can list the keywords of that card, and a test can prove that every key the card
texts can produce has an entry (:func:`all_card_keys`).
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache, singledispatch
from pathlib import Path

from . import text as T
from . import vocabulary as V
from .errors import ContentError
from .models import (
    Building,
    Bull,
    Event,
    Governor,
    HomsCard,
    Oath,
    Rescript,
    SaracenTactic,
    Spy,
    Tactic,
    WarlordCard,
)
from .yamlfile import Reader, read_yaml

LANGUAGES = ("ru", "en")
RULES_DIR = "rules"
REFERENCE_FILE = "reference.yaml"
GLOSSARY_FILE = "glossary.yaml"

#: The pieces the window can draw next to a paragraph, from the table's own art
#: (krestonostsy/ui/rules_window.py draws each; a test checks it draws them all).
PICTURES = (
    "unit_jerusalem", "unit_tripoli", "unit_edessa", "unit_antioch", "saracen", "automa",
    "bishop_jerusalem", "bishop_tripoli", "bishop_edessa", "bishop_antioch",
    "order_build", "order_prayer", "order_muster", "order_march", "cross",
    "goods", "good_yellow", "good_white", "good_blue", "good_red", "good_green",
    "spent_good", "blocked_good", "coin", "influence", "ban", "rescript", "spy",
    "card_tactic", "card_building", "card_governor", "card_bull", "card_event", "card_homs",
)

#: Markings of a card text that are not ops, metrics or triggers: a cost line, the
#: protection of an ability, an end-of-battle ability, a starting card, a tier or a
#: leader condition, a "per" amount, a rescript's goods, a raid table, the two halves of a
#: tactic, a bull's goals and the Homs card's rule.
MARKS = ("cost", "protection", "end_of_battle", "starting_tactic", "starting_governor", "tier",
         "leader", "per", "rescript_goods", "raid_table", "top_bottom", "bull_goal", "homs")

#: Where every kind of key comes from (the universe a card text can use).
KEY_SOURCES: dict[str, tuple] = {
    "op": tuple(V.OPS), "metric": tuple(V.METRICS), "trigger": tuple(V.TRIGGERS),
    "modifier": tuple(V.ROUND_MODIFIERS), "good": tuple(V.COST_COLOURS),
    "timing": tuple(T.RESCRIPT_TIMINGS), "event": tuple(T.EVENT_TIMINGS), "mark": MARKS,
}

# e.g. BATTLE-16, EX-RAID-1, and a campaign scenario's own rules CAMP-S2-01
RULE_ID = re.compile(r"^(?:EX-)?[A-Z]+(?:-[A-Z][0-9]+)?-[0-9]+$")
ENTRY_ID = re.compile(r"^[a-z][a-z0-9_]*$")
LINK = re.compile(r"\[\[(g:)?([A-Za-z0-9_-]+)\]\]")


@dataclass(frozen=True)
class Text:
    """One text in both languages."""

    ru: str
    en: str

    def get(self, lang: str) -> str:
        """The text in ``lang`` (English for a language we do not write)."""
        return self.ru if lang == "ru" else self.en


@dataclass(frozen=True)
class Paragraph:
    """One paragraph of the reference: its rule IDs, its text, the pieces it shows."""

    rules: tuple[str, ...]
    text: Text
    pictures: tuple[str, ...] = ()
    line: int = 0

    @property
    def anchor(self) -> str:
        """The paragraph's own anchor: its first rule ID."""
        return self.rules[0]


@dataclass(frozen=True)
class Section:
    id: str
    title: Text
    paragraphs: tuple[Paragraph, ...]


@dataclass(frozen=True)
class GlossaryEntry:
    id: str
    term: Text
    rules: tuple[str, ...]
    text: Text
    keys: tuple[str, ...] = ()
    pictures: tuple[str, ...] = ()


@dataclass(frozen=True)
class RulesBook:
    """The reference (sections of paragraphs) and the glossary, with their indexes."""

    sections: tuple[Section, ...]
    glossary: tuple[GlossaryEntry, ...]

    def paragraphs(self) -> Iterator[tuple[Section, Paragraph]]:
        for section in self.sections:
            for paragraph in section.paragraphs:
                yield section, paragraph

    def rule_ids(self) -> frozenset[str]:
        """Every rule ID the reference explains."""
        return frozenset(r for _s, p in self.paragraphs() for r in p.rules)

    def paragraph_for(self, rule_id: str) -> Paragraph | None:
        """The home paragraph of ``rule_id``: the first that names it first, else the first
        that names it at all (None when no paragraph does)."""
        return _home(self).get(rule_id)

    def section_of(self, paragraph: Paragraph) -> Section:
        for section, p in self.paragraphs():
            if p is paragraph:
                return section
        raise KeyError(paragraph.anchor)

    def entry(self, entry_id: str) -> GlossaryEntry | None:
        return next((e for e in self.glossary if e.id == entry_id), None)

    def entry_for_key(self, key: str) -> GlossaryEntry | None:
        return next((e for e in self.glossary if key in e.keys), None)

    def keywords(self, card) -> list[GlossaryEntry]:
        """The glossary entries of the words ``card``'s text uses, in the order they come."""
        out: list[GlossaryEntry] = []
        for key in card_keys(card):
            entry = self.entry_for_key(key)
            if entry is not None and entry not in out:
                out.append(entry)
        return out


@lru_cache(maxsize=4)
def _home(book: RulesBook) -> dict[str, Paragraph]:
    home: dict[str, Paragraph] = {}
    for _s, p in book.paragraphs():
        home.setdefault(p.anchor, p)
    for _s, p in book.paragraphs():
        for r in p.rules:
            home.setdefault(r, p)
    return home


# ----------------------------------------------------------------------------- loading
def _text(r: Reader) -> Text:
    """The ``ru`` and ``en`` texts of ``r``, both required; whitespace runs become one space."""
    return Text(**{lang: " ".join(r.str(lang).split()) for lang in LANGUAGES})


def _rule_list(r: Reader, key: str, required: bool = True) -> tuple[str, ...]:
    ids = r.list(key) if required else r.list(key, [])
    if required and not ids:
        r.fail(f"'{key}' must name at least one rule ID", key)
    for rid in ids:
        if not isinstance(rid, str) or not RULE_ID.match(rid):
            r.fail(f"'{rid}' is not a rule ID (like BATTLE-10)", key)
    if len(set(ids)) != len(ids):
        r.fail("a rule ID is named twice", key)
    return tuple(ids)


def _pictures(r: Reader) -> tuple[str, ...]:
    names = r.list("pictures", [])
    for name in names:
        if name not in PICTURES:
            r.fail(f"unknown picture '{name}' (known: {', '.join(PICTURES)})", "pictures")
    return tuple(names)


def _keys(r: Reader) -> tuple[str, ...]:
    keys = r.list("keys", [])
    for key in keys:
        kind, _, name = str(key).partition(":")
        if kind not in KEY_SOURCES:
            r.fail(f"key '{key}' must start with one of: "
                   + ", ".join(k + ":" for k in KEY_SOURCES), "keys")
        if name not in KEY_SOURCES[kind]:
            r.fail(f"key '{key}': '{name}' is not a known {kind} "
                   f"(known: {', '.join(KEY_SOURCES[kind])})", "keys")
    return tuple(keys)


def _read_reference(path: Path) -> tuple[tuple[Section, ...], list[tuple[Text, str, int]]]:
    file = f"{RULES_DIR}/{REFERENCE_FILE}"
    top = Reader(read_yaml(path), file)
    sections: list[Section] = []
    texts: list[tuple[Text, str, int]] = []
    seen: set[str] = set()
    for sr in top.readers("sections", "section"):
        sid = sr.str("id")
        if not ENTRY_ID.match(sid) or sid in seen:
            sr.fail(f"section id '{sid}' must be a unique lowercase word", "id")
        seen.add(sid)
        sr.where = f"section {sid}"
        title = _text(sr.sub("title"))
        paragraphs: list[Paragraph] = []
        for pr in sr.readers("paragraphs", f"section {sid}: paragraph"):
            p = Paragraph(rules=_rule_list(pr, "rules"), text=_text(pr),
                          pictures=_pictures(pr), line=pr.line or 0)
            pr.done()
            paragraphs.append(p)
            texts.append((p.text, file, pr.line or 0))
        if not paragraphs:
            sr.fail("a section needs at least one paragraph", "paragraphs")
        sr.done()
        sections.append(Section(sid, title, tuple(paragraphs)))
    top.done()
    return tuple(sections), texts


def _read_glossary(path: Path) -> tuple[tuple[GlossaryEntry, ...], list[tuple[Text, str, int]]]:
    file = f"{RULES_DIR}/{GLOSSARY_FILE}"
    top = Reader(read_yaml(path), file)
    entries: list[GlossaryEntry] = []
    texts: list[tuple[Text, str, int]] = []
    owner: dict[str, str] = {}
    for er in top.readers("entries", "entry"):
        eid = er.str("id")
        if not ENTRY_ID.match(eid) or any(e.id == eid for e in entries):
            er.fail(f"entry id '{eid}' must be a unique lowercase word", "id")
        er.where = f"entry {eid}"
        entry = GlossaryEntry(id=eid, term=_text(er.sub("term")),
                              rules=_rule_list(er, "rules"), text=_text(er),
                              keys=_keys(er), pictures=_pictures(er))
        for key in entry.keys:
            if key in owner:
                er.fail(f"key '{key}' already belongs to entry '{owner[key]}'", "keys")
            owner[key] = eid
        er.done()
        entries.append(entry)
        texts.append((entry.text, file, er.line or 0))
    top.done()
    return tuple(entries), texts


def load_rules(directory: Path | str | None = None) -> RulesBook:
    """Load and check ``rules/reference.yaml`` and ``rules/glossary.yaml`` of ``directory``
    (the shipped ``data/`` by default). Raises :class:`ContentError` on any problem: a
    missing language, an unknown picture or key, a link to a rule ID no paragraph carries
    or to a glossary entry that does not exist, a glossary entry naming a rule ID that is
    not in the reference (SYM-* symbols excepted: they are the glossary's own)."""
    if directory is None:
        from ..resources import data_dir

        directory = data_dir()
    folder = Path(directory) / RULES_DIR
    sections, texts = _read_reference(folder / REFERENCE_FILE)
    glossary, gtexts = _read_glossary(folder / GLOSSARY_FILE)
    book = RulesBook(sections, glossary)
    known = book.rule_ids()
    entry_ids = {e.id for e in glossary}
    for entry in glossary:
        for rid in entry.rules:
            if rid not in known and not rid.startswith("SYM-"):
                raise ContentError(f"{RULES_DIR}/{GLOSSARY_FILE}", None,
                                   f"entry {entry.id}: rule {rid} is in no paragraph of "
                                   f"{REFERENCE_FILE}")
    for text, file, line in texts + gtexts:
        for lang in LANGUAGES:
            for is_entry, target in LINK.findall(text.get(lang)):
                if is_entry and target not in entry_ids:
                    raise ContentError(file, line, f"[{lang}] link to unknown glossary entry "
                                                   f"'{target}'")
                if not is_entry and target not in known:
                    raise ContentError(file, line, f"[{lang}] link to rule {target}, which "
                                                   "no paragraph carries")
        if LINK.findall(text.ru) != LINK.findall(text.en):
            raise ContentError(file, line, "the Russian and English texts must have the "
                                           "same links in the same order")
    return book


@lru_cache(maxsize=2)
def shipped_rules() -> RulesBook:
    """The shipped reference and glossary, loaded once per process."""
    return load_rules(None)


# ---------------------------------------------------------------------- card keywords
def _effect_keys(effect) -> Iterator[str]:
    for op in effect or ():
        name = op["op"]
        yield f"op:{name}"
        amount = op.get("amount")
        if isinstance(amount, dict):
            yield "mark:per"
            yield f"metric:{amount['per'].partition(':')[0]}"
        if "metric" in op:
            yield f"metric:{op['metric'].partition(':')[0]}"
        if name == "pay_for":
            yield from (f"good:{c}" for c in op["cost"])
        for key in ("then", "else"):
            if op.get(key):
                yield from _effect_keys(op[key])
        for option in op.get("options", ()):
            yield from _effect_keys(option)


def _ability_keys(ability) -> Iterator[str]:
    yield from _effect_keys(ability.effect)
    if ability.end_of_battle:
        yield "mark:end_of_battle"
    if ability.protection:
        yield "mark:protection"


def _scoring_keys(scoring: dict) -> Iterator[str]:
    yield f"metric:{scoring['metric'].partition(':')[0]}"
    if "tiers" in scoring:
        yield "mark:tier"
    elif scoring.get("leader"):
        yield "mark:leader"


def _cost_keys(cost) -> Iterator[str]:
    if cost:
        yield "mark:cost"
        yield from (f"good:{c}" for c in cost)


def card_keys(card) -> list[str]:
    """The keys of the words ``card``'s generated text uses (see the module docstring),
    in text order, each once."""
    return list(dict.fromkeys(_card_keys(card)))


@singledispatch
def _card_keys(card) -> Iterator[str]:
    """The keys of one kind of card, registered per card class below."""
    raise TypeError(f"not a card: {card!r}")


@_card_keys.register
def _(card: Tactic) -> Iterator[str]:
    if card.starting:
        yield "mark:starting_tactic"
    else:
        yield from _cost_keys(card.cost)
    yield from _tactic_sides(card)


@_card_keys.register
def _(card: SaracenTactic) -> Iterator[str]:
    yield from _tactic_sides(card)


def _tactic_sides(card) -> Iterator[str]:
    yield "mark:top_bottom"
    yield from _ability_keys(card.top)
    yield from _ability_keys(card.bottom)


@_card_keys.register
def _(card: Building) -> Iterator[str]:
    yield from _cost_keys(card.cost)
    yield f"trigger:{card.trigger['on']}"
    yield from _effect_keys(card.effect)


@_card_keys.register
def _(card: Spy) -> Iterator[str]:
    yield f"trigger:{card.trigger['on']}"
    yield from _effect_keys(card.effect)


@_card_keys.register
def _(card: Governor) -> Iterator[str]:
    if card.starting:
        yield "mark:starting_governor"
    yield from _scoring_keys(card.scoring)


@_card_keys.register
def _(card: Bull) -> Iterator[str]:
    yield "mark:bull_goal"
    for goal in card.goals:
        yield from (f"metric:{goal.metric.partition(':')[0]}", "mark:tier")


@_card_keys.register
def _(card: Rescript) -> Iterator[str]:
    yield f"timing:{card.timing}"
    yield from _effect_keys(card.effect)
    yield "mark:rescript_goods"
    yield from (f"good:{c}" for c in card.goods)


@_card_keys.register
def _(card: Event) -> Iterator[str]:
    yield f"event:{card.timing}"
    yield from _effect_keys(card.effect)
    yield from (f"modifier:{m}" for m in card.modifiers)
    yield "mark:raid_table"
    for row in card.raid_table:
        yield from _effect_keys(row.effect)


@_card_keys.register
def _(card: HomsCard) -> Iterator[str]:
    yield "mark:homs"


@_card_keys.register
def _(card: WarlordCard) -> Iterator[str]:
    yield from _effect_keys(card.effect)


@_card_keys.register
def _(card: Oath) -> Iterator[str]:
    """Offered and sworn (swear), the terms, broken (betrayal)."""
    yield "op:swear"
    yield from _effect_keys(card.lord)
    yield from _effect_keys(card.vassal)
    yield "op:break_oath"
    yield from _effect_keys(card.betrayal)


def all_card_keys() -> frozenset[str]:
    """Every key a card text can produce: each op, metric, trigger, round modifier, good,
    rescript and event timing, and marking the generator knows."""
    return frozenset(f"{kind}:{name}" for kind, names in KEY_SOURCES.items() for name in names)

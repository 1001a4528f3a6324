"""Opening a chronicle is a pipeline like loading a save (issue 31 §3): size, depth, JSON,
version, every field's type and range, the seats' kinds, a digest, then the replay. Every
refusal is a :class:`ChronicleError` whose reason reads in Russian and English, and a
damaged chronicle never stops anything else: not the campaign list, not a save's load."""
from __future__ import annotations

import json
import os
import time

import pytest

from krestonostsy import i18n
from krestonostsy.campaign.chronicle import (
    MAX_DEPTH,
    VERSION,
    Chronicle,
    ChronicleError,
    read_document,
    remove_stale_writes,
    sealed,
)
from krestonostsy.campaign.errors import CHRONICLE_ERRORS
from krestonostsy.campaign.play import play_next
from krestonostsy.files import TEMP_PREFIX, TEMP_SUFFIX, atomic_write


@pytest.fixture(scope="module")
def chronicle(all_chapter_data, tmp_path_factory) -> Chronicle:
    """A two-player campaign with its first chapter played and the second in progress."""
    c = Chronicle.new({"jerusalem": "novice", "tripoli": "easy"}, seed=12,
                      folder=tmp_path_factory.mktemp("userdata"), campaign_id="one",
                      data=all_chapter_data)
    play_next(c)
    c.link_autosave("/somewhere/saves/autosave-000000000007-abc.json")
    return c


@pytest.fixture
def doc(chronicle) -> dict:
    """A fresh copy of the chronicle's document, as the file holds it."""
    return json.loads(chronicle.path.read_text(encoding="utf-8"))


def refusal(tmp_path, data, text: str | bytes) -> ChronicleError:
    path = tmp_path / "c.json"
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    with pytest.raises(ChronicleError) as info:
        Chronicle.load(path, data)
    return info.value


def edited(doc: dict) -> str:
    """A document edited outside the game and sealed again (the digest is no secret): the
    checks under the digest must still see what is wrong."""
    return json.dumps(sealed(doc))


@pytest.mark.rule("CAMP-11")
def test_the_written_chronicle_is_sealed_and_opens(chronicle, doc, all_chapter_data):
    assert doc["version"] == VERSION and doc == sealed(doc)
    again = Chronicle.load(chronicle.path, all_chapter_data)
    assert again.to_json() == {k: v for k, v in doc.items() if k != "digest"}


@pytest.mark.rule("CAMP-11")
def test_a_chronicle_nested_2000_deep_is_refused_as_damaged_not_a_recursion_error(
        doc, tmp_path, all_chapter_data):
    doc["name"] = "x"
    text = edited(doc).replace('"name": "x"', '"name": ' + "[" * 2000 + "]" * 2000)
    err = refusal(tmp_path, all_chapter_data, text)
    assert err.key == "too_deep" and err.params == {"depth": MAX_DEPTH}
    with pytest.raises(ChronicleError, match="nested deeper"):
        read_document(tmp_path / "c.json", all_chapter_data)


@pytest.mark.rule("CAMP-11")
def test_a_key_written_twice_is_refused_not_read_as_its_last_value(doc, tmp_path,
                                                                  all_chapter_data):
    text = edited(doc)
    twice = text.replace('"seed": ', '"seed": 1, "seed": ', 1)
    assert json.loads(twice)["seed"] == doc["seed"]  # what a plain parser would accept
    assert refusal(tmp_path, all_chapter_data, twice).key == "bad_json"


@pytest.mark.rule("CAMP-11")
def test_a_nul_byte_in_the_linked_autosave_is_refused_as_damaged(doc, tmp_path,
                                                                 all_chapter_data):
    doc["in_progress"] = {"autosave": "/saves/auto\x00save.json"}
    assert refusal(tmp_path, all_chapter_data, edited(doc)).key == "in_progress"


@pytest.mark.rule("CAMP-11")
@pytest.mark.parametrize("seed", [10**4299, -1, 1.5, "7", True, None])
def test_a_seed_out_of_range_or_of_another_type_is_refused(doc, tmp_path, all_chapter_data,
                                                           seed):
    """A 4,300-digit seed once escaped as a ValueError from formatting a chapter's seed."""
    doc["seed"] = seed
    assert refusal(tmp_path, all_chapter_data, edited(doc)).key == "seed_range"


@pytest.mark.rule("CAMP-11")
@pytest.mark.parametrize("seat", [5, True, None, ["human"], {"level": "easy"}])
def test_a_seat_of_another_type_is_refused_at_once_not_later(doc, tmp_path,
                                                             all_chapter_data, seat):
    doc["seats"]["tripoli"] = seat
    err = refusal(tmp_path, all_chapter_data, edited(doc))
    assert err.key == "seat_kind" and err.params == {"state": "tripoli"}


@pytest.mark.rule("CAMP-11")
@pytest.mark.parametrize("seat", ["Hard", "HUMAN", "", " easy", "god", "hard:gambler",
                                  "easy:merchant", "hard:balanced", "hard:"])
def test_an_unknown_seat_text_is_refused_not_made_a_human(doc, tmp_path, all_chapter_data,
                                                         seat):
    doc["seats"]["jerusalem"] = seat
    assert refusal(tmp_path, all_chapter_data, edited(doc)).key == "seat_kind"


@pytest.mark.rule("CAMP-11")
@pytest.mark.parametrize("where, value, key", [
    (["cheat"], 1, "unknown_field"),
    (["chapters", 0, "cheat"], 1, "chapter_type"),
    (["in_progress", "cheat"], 1, "in_progress"),
    (["advanced"], "false", "advanced_type"),
    (["name"], "", "name_type"),
    (["chapters"], {}, "chapters_type"),
    (["seats"], ["jerusalem", "tripoli"], "seats_type"),
    (["digest"], 5, "digest_type"),
])
def test_a_field_added_or_retyped_is_refused_not_ignored(doc, tmp_path, all_chapter_data,
                                                        where, value, key):
    node = doc
    for step in where[:-1]:
        node = node[step]
    node[where[-1]] = value
    text = edited(doc) if where != ["digest"] else json.dumps(doc)
    assert refusal(tmp_path, all_chapter_data, text).key == key


@pytest.mark.rule("CAMP-11")
def test_a_field_left_out_of_a_current_chronicle_is_refused(doc, tmp_path, all_chapter_data):
    for key in ("name", "advanced", "in_progress", "digest", "seats"):
        cut = {k: v for k, v in doc.items() if k != key}
        text = json.dumps(cut) if key == "digest" else edited(cut)
        err = refusal(tmp_path, all_chapter_data, text)
        assert (err.key, err.params) == ("missing_field", {"field": key})


@pytest.mark.rule("CAMP-11")
def test_a_version_1_chronicle_written_before_the_digest_still_opens(doc, tmp_path,
                                                                    all_chapter_data):
    old = {k: v for k, v in doc.items() if k not in ("digest", "name", "advanced")}
    old["version"] = 1
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old), encoding="utf-8")
    c = Chronicle.load(path, all_chapter_data)
    assert c.name == "old" and not c.advanced and len(c.chapters) == 1
    old["digest"] = sealed(doc)["digest"]  # a version-1 file has none to give
    assert refusal(tmp_path, all_chapter_data, json.dumps(old)).key == "unknown_field"


@pytest.mark.rule("CAMP-11")
def test_every_refusal_names_the_file_and_the_copy_kept(doc, tmp_path, all_chapter_data):
    doc["seed"] += 1
    err = refusal(tmp_path, all_chapter_data, json.dumps(doc))
    assert err.key == "digest_mismatch"
    copies = sorted(tmp_path.glob("c.json.bad-*"))
    assert err.file == "c.json" and [err.backup] == [p.name for p in copies]
    assert str(err).startswith("c.json: the chronicle is damaged: its contents do not match")


class _Store:
    """The save store's one call linked_game makes: the game of an autosave's name."""

    def game_of(self, path):
        return path.name.rsplit("-", 1)[-1].removesuffix(".json")


@pytest.mark.rule("CAMP-11")
def test_the_game_a_damaged_chronicle_links_is_none_and_never_an_exception(
        chronicle, doc, tmp_path):
    from krestonostsy.ui.campaign.flow import linked_game
    assert linked_game(chronicle.path, _Store()) == "abc"
    bad = {"nested": "[" * 2000 + "]" * 2000,
           "nul": edited({**doc, "in_progress": {"autosave": "a\x00b"}}),
           "seed": edited({**doc, "seed": 10**4299}),
           "seats": edited({**doc, "seats": {"jerusalem": 5, "tripoli": "easy"}}),
           "text": "\udcff".encode("utf-8", "surrogatepass"),
           "altered": json.dumps({**doc, "seed": 3})}
    for name, text in bad.items():
        path = tmp_path / f"{name}.json"
        path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
        assert linked_game(path, _Store()) is None, name
    assert linked_game(tmp_path / "gone.json", _Store()) is None


@pytest.mark.rule("CAMP-11")
def test_what_a_killed_chronicle_write_left_is_removed_and_a_write_in_progress_kept(tmp_path):
    folder = tmp_path / "campaigns"
    atomic_write(folder / "c.json", "{}")
    old = folder / f"{TEMP_PREFIX}killed{TEMP_SUFFIX}"
    young = folder / f"{TEMP_PREFIX}writing{TEMP_SUFFIX}"
    old.write_text("{half", encoding="utf-8")
    young.write_text("{half", encoding="utf-8")
    an_hour_ago = time.time() - 3600
    os.utime(old, (an_hour_ago, an_hour_ago))
    assert remove_stale_writes(tmp_path) == 1
    assert sorted(p.name for p in folder.iterdir()) == sorted(["c.json", young.name])


def test_every_chronicle_error_reads_as_a_sentence_in_russian_and_english():
    """Each reason has both translations with no field the English one lacks; the
    Russian one has no English word left in it."""
    import re
    import string

    from krestonostsy.ui.campaign.story import chronicle_error_text
    i18n.reload_catalogs()
    problems = []
    try:
        for lang in ("ru", "en"):
            tr = i18n.translator(lang)
            i18n.set_language(lang)
            for key, template in CHRONICLE_ERRORS.items():
                fields = {f for _t, f, _s, _c in string.Formatter().parse(template) if f}
                found = tr.messages.get((None, template))
                if not isinstance(found, str) or (lang == "ru" and found == template):
                    problems.append(f"{lang}: no translation of {key!r}")
                    continue
                err = ChronicleError(key, **{f: 7 for f in fields})
                err.file, err.backup = "c.json", "c.json.bad-1"
                text = chronicle_error_text(err)
                if not text[0].isupper() or not text.endswith("."):
                    problems.append(f"{lang} {key}: not a sentence: {text!r}")
                if lang == "ru" and re.search(r"[A-Za-z]{2,}", text.replace("c.json", "")
                                              .replace(".bad-1", "")):
                    problems.append(f"ru {key}: English words in {text!r}")
    finally:
        i18n.set_language("ru")
    assert not problems, "\n".join(problems)


def test_every_reason_in_the_table_is_raised_and_every_reason_raised_is_in_it():
    """No reason without its sentences, no sentence no chronicle can reach."""
    import ast
    from pathlib import Path

    import krestonostsy
    def calls(tree):
        return [n for n in ast.walk(tree) if isinstance(n, ast.Call)
                and getattr(n.func, "id", None) == "ChronicleError"]

    raised, unread = set(), []
    for path in Path(krestonostsy.__file__).parent.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        # a key from a loop over (key, …) pairs: the loop's text keys
        looped = {id(c): {t.elts[0].value for t in ast.walk(loop.iter)
                          if isinstance(t, ast.Tuple) and t.elts
                          and isinstance(t.elts[0], ast.Constant)}
                  for loop in ast.walk(tree) if isinstance(loop, ast.For)
                  for c in calls(loop) if c.args and isinstance(c.args[0], ast.Name)}
        for call in calls(tree):
            first = call.args[0] if call.args else None
            if isinstance(first, ast.Constant):
                raised.add(first.value)
            elif id(call) in looped:
                raised |= looped[id(call)]
            else:
                unread.append(f"{path.name}:{call.lineno}")
    assert not unread and raised == set(CHRONICLE_ERRORS), (unread, raised ^ set(CHRONICLE_ERRORS))

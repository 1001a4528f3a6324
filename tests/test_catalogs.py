"""The gettext catalogs agree with each other (the UI and content domains are merged at
run time, so one English word must read the same in both)."""
from babel.messages.pofile import read_po

from krestonostsy.resources import translations_dir


def test_same_msgid_same_translation_across_domains():
    for lang_dir in translations_dir().iterdir():
        seen: dict = {}
        for po in sorted((lang_dir / "LC_MESSAGES").glob("*.po")):
            with po.open("rb") as fh:
                catalog = read_po(fh)
            for msg in catalog:
                if not msg.id or not msg.string or msg.pluralizable:
                    continue
                key = (msg.id, msg.context)
                if key in seen and seen[key][1] != msg.string:
                    raise AssertionError(
                        f"{lang_dir.name}: '{msg.id}' is '{seen[key][1]}' in {seen[key][0]} "
                        f"but '{msg.string}' in {po.name}")
                seen.setdefault(key, (po.name, msg.string))


def _entry_keys(text: str) -> list[tuple[str | None, str]]:
    """(msgctxt, msgid) of every entry of a .po file, in order, as written."""
    import re
    keys, context = [], None
    for line in text.splitlines():
        if m := re.match(r'msgctxt "(.*)"$', line):
            context = m[1]
        elif m := re.match(r'msgid "(.*)"$', line):
            keys.append((context, m[1]))
            context = None
    return keys


def test_no_catalog_defines_a_message_twice():
    """Branches append their entries; two appending the same message make a catalog that
    msgfmt refuses ("duplicate message definition") and that babel silently resolves."""
    for po in sorted(translations_dir().glob("*/LC_MESSAGES/*.po")):
        keys = [k for k in _entry_keys(po.read_text(encoding="utf-8")) if k[1]]
        twice = sorted({k for k in keys if keys.count(k) > 1})
        assert not twice, f"{po}: defined twice: {twice}"

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

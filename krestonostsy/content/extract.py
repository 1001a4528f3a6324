"""Babel extraction method for the card YAML files: every ``name`` and ``flavour``.

Use it from a Babel mapping file; a dotted ``module.function`` is accepted as the method
(``module:function`` is not, because the mapping syntax splits on the first colon)::

    # babel-content.cfg
    [python: krestonostsy/content/text.py]
    [krestonostsy.content.extract.extract_yaml: data/cards/*.yaml]

    PYTHONPATH=. pybabel extract -F babel-content.cfg --no-default-keywords -k N_ -k NP_:1,2 -o content.pot .
    pybabel update -i content.pot -d translations -D content

``--no-default-keywords`` matters: text.py calls ``tr.gettext(T["key"])`` at run time,
and the default ``gettext`` keyword would extract the dictionary keys.

Each message carries a translator comment naming the card (``tactics baldwins_defence name``)
so translators know what they are translating. Options (``[... : path]`` followed by
``keys = name, flavour``) may name other keys to extract.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import yaml

DEFAULT_KEYS = ("name", "flavour")


def _walk(node: yaml.Node, keys: tuple, context: list) -> Iterator[tuple[int, str, list]]:
    if isinstance(node, yaml.MappingNode):
        card_id = None
        for key_node, value_node in node.value:
            if getattr(key_node, "value", None) == "id" and isinstance(value_node, yaml.ScalarNode):
                card_id = value_node.value
        label = context + ([card_id] if card_id else [])
        for key_node, value_node in node.value:
            key = getattr(key_node, "value", None)
            if key in keys and isinstance(value_node, yaml.ScalarNode) and value_node.value.strip():
                comment = " ".join(label + [key]) if label else key
                yield value_node.start_mark.line + 1, value_node.value.strip(), [comment]
            else:
                sub = context + [key] if isinstance(key, str) and not card_id else label
                yield from _walk(value_node, keys, sub)
    elif isinstance(node, yaml.SequenceNode):
        for child in node.value:
            yield from _walk(child, keys, context)


def extract_yaml(fileobj, keywords: Any, comment_tags: Any, options: dict) -> Iterator[tuple]:
    """Babel extraction method: yields ``(lineno, funcname, message, comments)``."""
    keys = tuple(k.strip() for k in (options or {}).get("keys", ",".join(DEFAULT_KEYS)).split(",")
                 if k.strip())
    data = fileobj.read()
    if isinstance(data, bytes):
        data = data.decode((options or {}).get("encoding", "utf-8"))
    root = yaml.compose(data, Loader=yaml.SafeLoader)
    if root is None:
        return
    for lineno, message, comments in _walk(root, keys, []):
        yield lineno, None, message, comments

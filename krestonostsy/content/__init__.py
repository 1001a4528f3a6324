"""Game content (map, tracks, cards) loaded from the YAML files in ``data/``.

Loading validates everything into frozen objects; a bad file raises
:class:`ContentError` whose message is ``file:line: what is wrong``.

``Content`` and ``load_content`` are imported from :mod:`.loader` when first asked for
(PEP 562): a module that needs only the words of :mod:`.text` does not load the YAML
reader and every model with them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import ContentError

if TYPE_CHECKING:
    from .loader import Content, load_content

__all__ = ["Content", "ContentError", "load_content"]


def __getattr__(name: str) -> object:
    if name in ("Content", "load_content"):
        from . import loader
        return getattr(loader, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

"""Game content (map, tracks, cards) loaded from the YAML files in ``data/``.

Loading validates everything into frozen objects; a bad file raises
:class:`ContentError` whose message is ``file:line: what is wrong``.
"""
from .errors import ContentError
from .loader import Content, load_content

__all__ = ["Content", "ContentError", "load_content"]

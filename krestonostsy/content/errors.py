"""The one error type of content loading: ``file:line: what is wrong``."""
from __future__ import annotations


class ContentError(ValueError):
    """A content file is malformed. ``str(err)`` is ``file:line: message``."""

    def __init__(self, file: str, line: int | None, message: str):
        self.file = file
        self.line = line
        self.message = message
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: {message}")

"""Writing the player's files safely (saves, pictures, campaign chronicles): Qt-free, so
the engine-side campaign and the window share one way to do it."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

#: a file being written; never matches ``*.json``, so it is never listed as a save
TEMP_PREFIX, TEMP_SUFFIX = ".tmp-", ".part"


def atomic_write(path: Path | str, data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8, or bytes) to ``path`` through a temporary file in
    the same folder: a crash leaves the old file or the new one, never half of one."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data.encode("utf-8") if isinstance(data, str) else data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise

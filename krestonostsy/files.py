"""Writing the player's files safely (saves, pictures, campaign chronicles): Qt-free, so
the engine-side campaign and the window share one way to do it."""
from __future__ import annotations

import os
import tempfile
import time
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


#: A younger temporary file may be another window's write in progress.
STALE_TEMP_SECONDS = 60


def remove_stale_temporary_files(folder: Path | str,
                                 older_than: float = STALE_TEMP_SECONDS) -> int:
    """Delete the temporary files a killed :func:`atomic_write` left in ``folder`` (older
    than ``older_than`` seconds); returns how many were removed. Never raises: a file that
    cannot be removed stays for the next time."""
    folder = Path(folder)
    if not folder.is_dir():
        return 0
    removed = 0
    limit = time.time() - older_than
    for tmp in folder.glob(f"{TEMP_PREFIX}*"):
        try:
            if tmp.is_file() and tmp.stat().st_mtime <= limit:
                tmp.unlink()
                removed += 1
        except OSError:
            pass
    return removed

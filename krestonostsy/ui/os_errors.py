"""Why the disk refused, in the player's language.

A save, an autosave, a rename or a chronicle that cannot be written fails with an
``OSError`` whose words come from the operating system, in English whatever the
interface's language ("[Errno 28] No space left on device"). The common causes are said
here in words a player can act on; any other keeps the system's own words.
"""
from __future__ import annotations

import errno

from ..i18n import N_, _

#: errno name → what it means for the player (translated when said). By name: a platform
#: without one of them (Windows lacks some POSIX codes) simply leaves it out.
_REASONS_BY_NAME: dict[str, str] = {
    "ENOSPC": N_("the disk is full"),
    "EDQUOT": N_("the disk is full"),
    "EACCES": N_("access is denied"),
    "EPERM": N_("access is denied"),
    "EROFS": N_("the disk can only be read"),
    "ENOENT": N_("there is no such file or folder"),
    "ENOTDIR": N_("a part of the path is a file, not a folder"),
    "EISDIR": N_("it is a folder, not a file"),
    "ELOOP": N_("the path's links lead round in a circle"),
    "ENAMETOOLONG": N_("the name is too long"),
    "EEXIST": N_("a file of that name is already there"),
    "EIO": N_("the disk could not be read or written"),
    "EBUSY": N_("another program is using the file"),
}
REASONS: dict[int, str] = {getattr(errno, name): reason
                           for name, reason in _REASONS_BY_NAME.items()
                           if hasattr(errno, name)}


def os_error_text(err: BaseException, with_path: bool = True) -> str:
    """``err`` for the player: the reason in their language and, with ``with_path``, the
    file it concerns ("the disk is full (/home/…/autosave-….json)"). An error that is not
    an ``OSError``, or one of another cause, keeps its own words."""
    if not isinstance(err, OSError):
        return str(err)
    reason = REASONS.get(err.errno or 0)
    text = _(reason) if reason else (err.strerror or str(err))
    if with_path and err.filename:
        text += f" ({err.filename})"
    return text

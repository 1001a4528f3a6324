"""The ``krestonostsy`` command.

    krestonostsy                         open the game window
    krestonostsy --version               print the version (and whether the rules engine is compiled)
    krestonostsy --screenshot OUT.png [--players N] [--seed S] [--steps K]
                 [--lang ru|en] [--size 1600x1000]
    krestonostsy simulate …              play seeded random games (krestonostsy.tools.simulate)
    krestonostsy replay SAVE.json        replay and verify a save (krestonostsy.tools.replay)
    krestonostsy validate-data           check the YAML content (krestonostsy.tools.validate)
    krestonostsy balance [--games N]     self-play statistics per line-up (krestonostsy.tools.balance)
    krestonostsy tournament --bots …     bots against bots, seats rotated (krestonostsy.tools.tournament)
    krestonostsy campaign --players N --bots LEVELS --seed S [--json]
                                         a campaign played by bots (krestonostsy.tools.campaign)
"""
from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Iterable

SUBCOMMANDS = {
    "simulate": "krestonostsy.tools.simulate",
    "replay": "krestonostsy.tools.replay",
    "validate-data": "krestonostsy.tools.validate",
    "balance": "krestonostsy.tools.balance",
    "tournament": "krestonostsy.tools.tournament",
    "campaign": "krestonostsy.tools.campaign",
}

USAGE = __doc__.split("\n", 2)[2]


def _dispatch(name: str, argv: list[str]) -> int:
    module_name = SUBCOMMANDS[name]
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as err:
        if err.name and module_name.startswith(err.name):
            print(f"krestonostsy: '{name}' is not available in this build", file=sys.stderr)
            return 2
        raise
    entry = getattr(module, "main", None)
    if entry is None:
        print(f"krestonostsy: '{name}' is not available in this build", file=sys.stderr)
        return 2
    code = entry(argv)
    return int(code or 0)


def engine_compiled(folders: Iterable[str] | None = None) -> bool:
    """Whether the rules engine is the one compiled by mypyc, told without importing it
    (importing the engine imports the content's modules too: most of what ``--version``
    used to spend). The compiled engine's ``game`` module is an extension module
    (``game.cpython-311-x86_64-linux-gnu.so``, ``game.cp311-win_amd64.pyd`` …) in the
    engine's folder, which Python imports in preference to ``game.py`` beside it — what
    ``engine.COMPILED`` then reports. ``folders``: where to look (default: the engine
    folder of each of this package's folders). Plain ``os.path``: even ``pathlib`` is a
    noticeable import here."""
    from importlib.machinery import EXTENSION_SUFFIXES
    if folders is None:
        package = sys.modules[__package__]
        folders = [os.path.join(folder, "engine") for folder in package.__path__]
    return any(os.path.isfile(os.path.join(folder, "game" + suffix))
               for folder in folders for suffix in EXTENSION_SUFFIXES)


def main(argv: list[str] | None = None) -> int:
    from . import startup_trace
    startup_trace.mark("main")
    # First of all: in a frozen app a child process of multiprocessing (bots may use them)
    # starts this very program; freeze_support() runs the child's work and exits there.
    # Elsewhere it does nothing, and importing multiprocessing would only slow the start.
    if getattr(sys, "frozen", False):
        import multiprocessing
        multiprocessing.freeze_support()
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in SUBCOMMANDS:
        return _dispatch(argv[0], argv[1:])
    if argv and argv[0] in ("-h", "--help", "help"):
        print("usage:\n" + USAGE)
        return 0
    if argv and argv[0] == "--version":
        from . import __version__
        print(f"krestonostsy {__version__}")
        print(f"rules engine: {'compiled' if engine_compiled() else 'python'}")
        return 0
    if any(a == "--screenshot" or a.startswith("--screenshot=") for a in argv):
        from .ui.screenshot import main as screenshot_main
        return screenshot_main(argv)
    if argv:
        print(f"krestonostsy: unknown arguments: {' '.join(argv)}\nusage:\n{USAGE}",
              file=sys.stderr)
        return 2
    from .ui.preflight import display_problem
    problem = display_problem()
    if problem:
        print(problem, file=sys.stderr)
        return 1
    from .ui.app import main as gui_main
    return gui_main(sys.argv[:1])


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

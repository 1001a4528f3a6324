"""The ``krestonostsy`` command: the game window, or one of the subcommands.

    krestonostsy                       open the game window
    krestonostsy --help                the options and the subcommands, a line each
    krestonostsy SUBCOMMAND --help     a subcommand's options
    krestonostsy --version             print the version (and whether the rules engine is compiled)
    krestonostsy --screenshot OUT.png  draw a screen without a window (its options: ``--help``)

One parser, with a subparser per entry of :data:`SUBCOMMANDS`. A subcommand is a tool
module (:mod:`krestonostsy.tools`: ``add_arguments(parser)`` and ``command(args)``), and
only the chosen one is imported, for its options: listing the subcommands, ``--version``
and the window's start load neither the engine nor the bots.
"""
from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse

# subcommand -> its line in ``krestonostsy --help``; its tool module is
# ``krestonostsy.tools.<subcommand>``, dashes written as underscores
SUBCOMMANDS = {
    "simulate": "play seeded random legal games headless",
    "replay": "replay a saved game and verify it",
    "validate-data": "check the game's content (file:line errors)",
    "balance": "self-play statistics per line-up",
    "tournament": "bots against bots, seats rotated",
    "campaign": "play a campaign with bots, or replay one",
}


def tool_module(subcommand: str) -> str:
    """The name of the tool module behind ``subcommand``."""
    return f"{__package__}.tools.{subcommand.replace('-', '_')}"


def parser(chosen: str | None = None) -> argparse.ArgumentParser:
    """The command's parser. Every subcommand has its subparser (its line in ``--help``);
    the options are added to the ``chosen`` one only, whose tool module is imported for
    them (:class:`ModuleNotFoundError` when the build lacks it)."""
    import argparse

    from .tools import attach, description

    ap = argparse.ArgumentParser(prog="krestonostsy",
                                 description="The board game «Крестоносцы» (Crusaders): "
                                             "without arguments, the game window.")
    ap.add_argument("--version", action="store_true",
                    help="print the version and whether the rules engine is compiled")
    ap.add_argument("--screenshot", metavar="OUT.png",
                    help="draw a screen to a PNG without a window "
                         "(its options: krestonostsy --screenshot OUT.png --help)")
    ap.set_defaults(command=_version, parser=ap)
    subcommands = ap.add_subparsers(title="subcommands", metavar="SUBCOMMAND")
    for name, summary in SUBCOMMANDS.items():
        sub = subcommands.add_parser(name, help=summary, description=summary)
        if name == chosen:
            tool = importlib.import_module(tool_module(name))
            sub.description = description(tool.__doc__)
            sub.formatter_class = argparse.RawDescriptionHelpFormatter
            attach(sub, tool.add_arguments, tool.command)
    return ap


def _version(args: argparse.Namespace) -> int:
    """``krestonostsy --version`` (the parser's command when no subcommand is chosen)."""
    if not args.version:
        args.parser.error("no subcommand and no option: "
                          "run krestonostsy without arguments for the window")
    from . import __version__
    print(f"krestonostsy {__version__}")
    print(f"rules engine: {'compiled' if engine_compiled() else 'python'}")
    return 0


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


def _command(argv: list[str]) -> int:
    """A subcommand, ``--version`` or ``--help``: the exit status."""
    from .tools import run
    chosen = argv[0] if argv[0] in SUBCOMMANDS else None
    try:
        ap = parser(chosen)
    except ModuleNotFoundError as err:
        if chosen is None or not err.name or not tool_module(chosen).startswith(err.name):
            raise
        print(f"krestonostsy: '{chosen}' is not available in this build", file=sys.stderr)
        return 2
    return run(ap, argv)


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
    if argv and argv[0] not in SUBCOMMANDS and any(
            a == "--screenshot" or a.startswith("--screenshot=") for a in argv):
        from .ui.screenshot import main as screenshot_main
        return screenshot_main(argv)
    if argv:
        return _command(argv)
    from .ui.preflight import display_problem
    problem = display_problem()
    if problem:
        print(problem, file=sys.stderr)
        return 1
    from .ui.app import main as gui_main
    return gui_main(sys.argv[:1])


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

"""Command-line tools behind ``krestonostsy <subcommand>``.

Each tool module names its options in ``add_arguments(parser)`` and does its work in
``command(args)`` (returning the exit status). ``krestonostsy`` (:mod:`krestonostsy.cli`)
gives all of them one parser, with a subparser each; ``python -m krestonostsy.tools.<tool>``
gives one tool a parser of its own (:func:`run_alone`). Options that the parser cannot
refuse by itself (``--bots`` naming more bots than seats …) are refused with
:class:`UsageError`, which the parser reports as any other usage error: the usage line,
the message, exit status 2.

This package imports nothing but :mod:`argparse`: the command builds its parser without
loading the engine or the bots.
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from types import ModuleType

AddArguments = Callable[[argparse.ArgumentParser], None]
Command = Callable[[argparse.Namespace], int]


class UsageError(Exception):
    """Options that do not go together: the message names the option and what is wrong."""


def description(doc: str | None) -> str:
    """A tool's description in its ``--help``: its module docstring (the one place that
    explains the tool) without the double back-quotes of the markup."""
    return (doc or "").strip().replace("``", "")


def tally(label: str, counts: dict[str, int]) -> str:
    """A report's line of counts, by name: ``end conditions: rounds 7, saracens 3``."""
    return f"{label}: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))


def attach(parser: argparse.ArgumentParser, add_arguments: AddArguments,
           command: Command) -> None:
    """Give ``parser`` a tool's options and its command (what :func:`run` calls)."""
    add_arguments(parser)
    parser.set_defaults(command=command, parser=parser)


def run(parser: argparse.ArgumentParser, argv: list[str]) -> int:
    """Parse ``argv`` and run the command the parser (or the chosen subparser) was given:
    its exit status, or argparse's for ``--help`` (0) and for a usage error (2)."""
    try:
        args = parser.parse_args(argv)
        try:
            code: int = args.command(args)
        except UsageError as err:
            args.parser.error(str(err))
    except SystemExit as stop:  # --help or a usage error, already written by argparse
        return stop.code if isinstance(stop.code, int) else 2
    return code


def run_alone(tool: ModuleType) -> int:
    """``python -m krestonostsy.tools.<tool>``: the tool module ``tool`` (its
    ``add_arguments`` and ``command``) with a parser of its own, on ``sys.argv``."""
    name = tool.__spec__.name if tool.__spec__ is not None else tool.__name__
    parser = argparse.ArgumentParser(prog=f"python -m {name}",
                                     description=description(tool.__doc__),
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    attach(parser, tool.add_arguments, tool.command)
    return run(parser, sys.argv[1:])

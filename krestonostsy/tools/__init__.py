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
from collections.abc import Callable

AddArguments = Callable[[argparse.ArgumentParser], None]
Command = Callable[[argparse.Namespace], int]


class UsageError(Exception):
    """Options that do not go together: the message names the option and what is wrong."""


def description(doc: str | None) -> str:
    """A tool's description in its ``--help``: its module docstring (the one place that
    explains the tool) without the double back-quotes of the markup."""
    return (doc or "").strip().replace("``", "")


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


def run_alone(module: str, doc: str | None, add_arguments: AddArguments, command: Command,
              argv: list[str]) -> int:
    """``python -m <module>``: the tool with a parser of its own."""
    parser = argparse.ArgumentParser(prog=f"python -m {module}", description=description(doc),
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    attach(parser, add_arguments, command)
    return run(parser, argv)

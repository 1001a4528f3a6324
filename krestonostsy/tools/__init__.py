"""Command-line tools behind ``krestonostsy <subcommand>``."""

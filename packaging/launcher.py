"""Entry point of the frozen app: the same ``krestonostsy`` command as the pip-installed one."""
import sys

from krestonostsy.cli import main

if __name__ == "__main__":
    sys.exit(main())

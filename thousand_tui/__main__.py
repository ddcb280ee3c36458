"""`python -m thousand_tui`: the `thousand` command.

Guarded, because the search's worker processes import the main module when they start."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())

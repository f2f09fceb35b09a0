"""Running a command-line entry point the way a shell user expects."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable


def run_cli(main: Callable[[], int]) -> None:
    """Exit with `main()`'s status. Output piped into a pager or `head` that stops
    reading ends the command quietly instead of with a BrokenPipeError traceback."""
    try:
        code = main()
        sys.stdout.flush()
    except BrokenPipeError:
        # Python flushes stdout again at exit; point it at devnull so that flush is quiet.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        code = 1
    sys.exit(code)

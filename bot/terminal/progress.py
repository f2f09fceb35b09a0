"""The simulators' progress bar, shared by every game's `simulate`."""

from __future__ import annotations

import time
from typing import TextIO


class Progress:
    """A one-line progress bar on stderr, drawn only when stderr is a terminal."""

    def __init__(self, stream: TextIO, label: str) -> None:
        self.stream = stream
        self.label = label
        self.on = stream.isatty()
        self.start = time.monotonic()
        self.last = 0.0

    def __call__(self, done: int, total: int) -> None:
        if not self.on:
            return
        now = time.monotonic()
        if done < total and now - self.last < 0.1:
            return
        self.last = now
        width = 30
        filled = width * done // max(1, total)
        rate = done / max(1e-9, now - self.start)
        self.stream.write(
            f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] "
            f"{done}/{total} games ({rate:.1f}/s)"
        )
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()

"""The simulators' progress bar, shared by every game's `simulate`."""

from __future__ import annotations

import time
from typing import TextIO

from bot.i18n import fixed, from_environment, tn


class Progress:
    """A one-line progress bar on stderr, drawn only when stderr is a terminal; its
    words in the terminal's language (`lang`, default: the environment's)."""

    def __init__(self, stream: TextIO, label: str, lang: str | None = None) -> None:
        self.stream = stream
        self.label = label
        self.lang = from_environment() if lang is None else lang
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
        games = tn(
            self.lang,
            "{done}/{n} game ({rate}/s)",
            "{done}/{n} games ({rate}/s)",
            total,
            done=done,
            rate=fixed(self.lang, rate),
        )
        self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] {games}")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()

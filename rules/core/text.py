"""Small text helpers every game's content checks share."""

from __future__ import annotations

import difflib
from typing import Any


class FieldError(ValueError):
    """A whole-model check that is about one field: content loaders report it on `field`
    (pydantic gives model-level errors no location of their own)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def did_you_mean(word: str, candidates: Any) -> str:
    """ " (did you mean 'x'?)" for the closest of `candidates`, or ""."""
    if not isinstance(word, str) or not word:
        return ""
    names = [str(c) for c in candidates]
    lowered = {n.lower(): n for n in names}
    if word.lower() in lowered and lowered[word.lower()] != word:
        return f" (did you mean '{lowered[word.lower()]}'?)"
    close = difflib.get_close_matches(word, names, n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""

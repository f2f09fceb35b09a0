"""Attaching a front end's words for a hint to a rules text.

The rules write a text that stands alone ("Nobody is seated yet.") and a typed hint
(`Refusal.hint`, `Event.hint`). A front end words the hint as a phrase that continues
the text where its final period was (". Players join with 'join'." or ", then 'ready' to
draw back up."), so each front end says how to act in its own words.
"""

from __future__ import annotations

from collections.abc import Mapping


def attach(text: str, hint: str | None, phrases: Mapping[str, str]) -> str:
    """`text` continued with the phrase for `hint`; unchanged without a (known) hint."""
    if hint is None or hint not in phrases:
        return text
    return text.removesuffix(".") + phrases[hint]

"""What every game's `python -m bot simulate` report shares: percentages and confidence
intervals in the terminal's language, labelled lines whose values line up whatever the
language's labels, and the line said when the run is interrupted (Ctrl-C). The report's
numbers are the same in every language; only their words and decimal separator change
("12.5%" / "12,5%"). `--json` files never go through here: they stay as they are."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from bot.i18n import fixed, from_environment, t

#: Exit status of a simulation stopped with Ctrl-C (128 + SIGINT, as a shell reports it).
EXIT_INTERRUPTED = 130


def pct(lang: str, x: float) -> str:
    """A share as a percentage with one decimal: "12.5%" / "12,5%"."""
    return t(lang, "{value}%", value=fixed(lang, 100 * x))


def ci95(lang: str, lo: float, hi: float) -> str:
    """A 95% confidence interval (Wilson): "95% CI 43.9% - 100.0%"."""
    return t(lang, "95% CI {low} - {high}", low=pct(lang, lo), high=pct(lang, hi))


def tally(lang: str, what: str, n: int) -> str:
    """One item of a report's count list ("Wall of Guns 2"; "Wall of Guns: 2")."""
    return t(lang, "{what} {n}", what=what, n=n)


def labelled(
    rows: Sequence[tuple[str, str]], *, indent: str = "  ", width: int = 14, gap: int = 2
) -> list[str]:
    """Lines "  Label      value", the values lined up `gap` spaces after the longest
    label (in a column at least `width` wide, so the English reads as it always did)."""
    col = max([width, *(len(label) + gap for label, _ in rows)])
    return [f"{indent}{label:<{col}}{value}" for label, value in rows]


def interrupted(err: TextIO) -> int:
    """Say on `err` that the run was stopped, in the terminal's language; the exit
    status to return."""
    print("\n" + t(from_environment(), "interrupted"), file=err)
    return EXIT_INTERRUPTED

"""Loading a pack and reading deck and AI-level names for the TCG command lines.

Everything a user can get wrong here becomes a `SetupError` with one line of text (what is
wrong, then what to do); the command prints it and exits with status 2, never a traceback.
"""

from __future__ import annotations

from pathlib import Path

from bot.terminal.resume import EXIT_SETUP as EXIT_SETUP
from bot.terminal.resume import SetupError as SetupError
from content.common import ContentError
from rules.core.text import did_you_mean
from rules.tcg.ai.basic import GreedyPlayer, RandomPlayer
from rules.tcg.ai.search import SearchPlayer
from rules.tcg.cards import DeckList, TcgContent
from rules.tcg.sim import Player

#: AI levels, weakest first. `search` with a fixed sample count is deterministic.
LEVELS = ("random", "greedy", "search")
#: Samples per decision for the search level: the CLI fixes the count (not a wall-clock
#: budget) so the same seed gives the same games on any machine.
DEFAULT_SAMPLES = 8


def load(path: str | None) -> TcgContent:
    from content.tcg.loader import load_default_pack, load_pack

    label = path or "the bundled TCG pack"
    try:
        content = load_pack(Path(path)) if path else load_default_pack()
    except ContentError as exc:
        n = len(exc.errors)
        first = str(exc.errors[0]) if exc.errors else "unknown problem"
        more = (
            f" (and {n - 1} more; 'python -m content validate --game tcg {path}' lists them)"
            if n > 1
            else ""
        )
        raise SetupError(f"cannot load {label}: {first}{more}") from None
    except (OSError, ValueError) as exc:
        raise SetupError(f"cannot load {label}: {exc}") from None
    if not content.decks:
        raise SetupError(f"{label} has no preconstructed deck (decks/*.toml); nothing to play")
    return content


def deck(content: TcgContent, name: str) -> DeckList:
    """A deck by id or printed name (any case)."""
    if name in content.decks:
        return content.decks[name]
    q = name.strip().lower()
    for d in content.decks.values():
        if d.name.lower() == q or d.id == q:
            return d
    hint = did_you_mean(name, list(content.decks))
    raise SetupError(f"unknown deck '{name}'{hint}; decks in this pack: {', '.join(content.decks)}")


def level(name: str) -> str:
    if name in LEVELS:
        return name
    hint = did_you_mean(name.strip().lower(), LEVELS)
    raise SetupError(f"unknown AI level '{name}'{hint}; levels: {', '.join(LEVELS)}")


def make_player(
    name: str,
    my_deck: DeckList | None,
    samples: int = DEFAULT_SAMPLES,
    *,
    budget: float | None = None,
) -> Player:
    """A fresh AI of level `name` (already checked by `level`). The search player is told
    its own deck list: a player knows what they brought. It thinks for `samples` samples
    a decision, or, with `budget`, for that many seconds (Discord: a bounded pause)."""
    if name == "random":
        return RandomPlayer()
    if name == "greedy":
        return GreedyPlayer()
    if budget is not None:
        return SearchPlayer(budget=budget, my_deck=my_deck)
    return SearchPlayer(my_deck=my_deck, samples=samples)

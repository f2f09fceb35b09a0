"""Loading a pack and reading deck and AI-level names for the TCG command lines.

Everything a user can get wrong here becomes a `SetupError` with one line of text (what is
wrong, then what to do); the command prints it and exits with status 2, never a traceback.
"""

from __future__ import annotations

from pathlib import Path

from bot.i18n import did_you_mean, from_environment, t
from bot.terminal.resume import EXIT_SETUP as EXIT_SETUP
from bot.terminal.resume import SetupError as SetupError
from bot.terminal.resume import load_failed
from content.common import ContentError
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

    lang = from_environment()
    label = path or t(lang, "the bundled TCG pack")
    try:
        content = load_pack(Path(path)) if path else load_default_pack()
    except (ContentError, OSError, ValueError) as exc:
        raise load_failed(label, exc, f"python -m content validate --game tcg {path}") from None
    if not content.decks:
        raise SetupError(
            t(
                lang,
                "{pack} has no preconstructed deck (decks/*.toml); nothing to play",
                pack=label,
            )
        )
    return content


def deck(content: TcgContent, name: str) -> DeckList:
    """A deck by id or printed name (any case)."""
    if name in content.decks:
        return content.decks[name]
    q = name.strip().lower()
    for d in content.decks.values():
        if d.name.lower() == q or d.id == q:
            return d
    lang = from_environment()
    hint = did_you_mean(lang, name, list(content.decks))
    raise SetupError(
        t(
            lang,
            "unknown deck '{name}'{hint}; decks in this pack: {decks}",
            name=name,
            hint=hint,
            decks=", ".join(content.decks),
        )
    )


def level(name: str) -> str:
    if name in LEVELS:
        return name
    lang = from_environment()
    hint = did_you_mean(lang, name.strip().lower(), LEVELS)
    raise SetupError(
        t(
            lang,
            "unknown AI level '{name}'{hint}; levels: {levels}",
            name=name,
            hint=hint,
            levels=", ".join(LEVELS),
        )
    )


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

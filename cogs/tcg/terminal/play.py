"""`python -m bot play --game tcg`: a Cyberpunk TCG duel against the AI in the terminal.

You take seat 1 with a preconstructed deck, the AI seat 2. Reads moves from stdin, so a
duel can be scripted (`printf '1\\n1\\n' | python -m bot play --game tcg`); end of input
quits.
Saving, `--db`, `--resume` and the exit status: `bot.terminal.resume`, every game's.
"""

from __future__ import annotations

import argparse
import random
import sys

from bot.i18n import N_, from_environment, t
from bot.terminal import resume as saved
from bot.terminal.console import Console
from bot.terminal.options import add_pack, add_seed, command_parser
from bot.terminal.saves import Saves
from cogs.tcg.adapter import TcgAdapter
from cogs.tcg.terminal.render import phase_word
from cogs.tcg.terminal.session import AI, ME, Session
from cogs.tcg.terminal.setup import (
    DEFAULT_SAMPLES,
    LEVELS,
    deck,
    level,
    load,
    make_player,
)
from rules.tcg.actions import Action
from rules.tcg.cards import TcgContent
from rules.tcg.state import Duel


def parser() -> argparse.ArgumentParser:
    """The options, their help and argparse's errors in the terminal's language."""
    p = command_parser(
        "python -m bot play --game tcg",
        N_(
            "Play a Cyberpunk TCG duel against the AI in the terminal. Every move is saved "
            "in the database; --resume comes back to a duel. Type 'help' in the duel for "
            "commands."
        ),
    )
    lang = p.lang
    p.add_argument("--deck", help=t(lang, "your deck, by id or name (default: the pack's first)"))
    p.add_argument(
        "--ai-deck", help=t(lang, "the AI's deck, by id or name (default: the deck after yours)")
    )
    p.add_argument(
        "--level",
        default=None,
        help=t(
            lang,
            "the AI's level: {levels} (default search, the strongest)",
            levels=", ".join(LEVELS),
        ),
    )
    add_seed(p, N_("shuffle seed (default: random); the same seed and moves replay the same duel"))
    add_pack(p, N_("TCG pack directory (default: the bundled core pack)"))
    saved.add_options(p)
    return p


class Front(saved.FrontBase):
    """The TCG duel for the shared `bot.terminal.resume.run`."""

    def __init__(self, args: argparse.Namespace, console: Console, place: saved.Place) -> None:
        super().__init__(args, console, place)
        self.content = load(args.pack)
        self.adapter = TcgAdapter(self.content)

    def prepare(self) -> None:
        """The decks and the level; a deck the rules refuse is found now, before
        anything is saved."""
        args, content = self.args, self.content
        ids = list(content.decks)
        mine = deck(content, args.deck) if args.deck else content.decks[ids[0]]
        if args.ai_deck:
            theirs = deck(content, args.ai_deck)
        else:
            theirs = content.decks[ids[(ids.index(mine.id) + 1) % len(ids)]]
        self.decks = (mine, theirs)
        self.level = level(args.level or "search")
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
        self.seed = seed
        self.start(None)

    def start(self, saves: Saves[Duel, Action] | None) -> Session:
        return Session(
            self.console,
            self.content,
            self.decks,
            make_player(self.level, self.decks[1], DEFAULT_SAMPLES),
            self.seed,
            ai_name=t(from_environment(), "Rival AI ({level})", level=self.level),
            saves=saves,
            settings={"level": self.level, "seed": self.seed},
            come_back=self.place.come_back,
        )

    def resume(self, saves: Saves[Duel, Action], cid: str, duel: Duel) -> Session:
        """The saved duel, its AI as it was set up (the level and seed it was saved
        with; the defaults if they cannot be read)."""
        lv = saves.setting(cid, "level", "search", LEVELS)
        seed = saves.setting(cid, "seed", duel.rng.seed)
        ai = make_player(lv, self.content.decks[duel.seats[AI].deck_id], DEFAULT_SAMPLES)
        return Session.resume(
            self.console, self.content, duel, ai, seed, saves, cid, self.place.come_back
        )

    def summary(self, duel: Duel) -> str:
        return summary(self.content, duel)

    def pack_problem(self, duel: Duel) -> str | None:
        return pack_problem(self.content, duel)


def pack_problem(content: TcgContent, duel: Duel) -> str | None:
    """Why `duel` cannot be played with `content`, or None."""
    for seat in duel.seats:
        if seat.deck_id not in content.decks:
            return f"it has no deck '{seat.deck_id}'"
    for card in sorted(set(duel.cards.values())):
        if card not in content.cards:
            return f"it has no card '{card}'"
    return None


def summary(content: TcgContent, duel: Duel) -> str:
    """A saved duel in the list: the decks and where it is."""
    me, ai = duel.seats[ME], duel.seats[AI]
    lang = from_environment()
    names = [content.deck_text_for(s.deck_id, "name", lang) if s.deck_id in content.decks
             else s.deck_id for s in (me, ai)]  # fmt: skip
    return t(lang, "{deck} against {rival_deck}; turn {n}, {phase}", deck=names[0],
             rival_deck=names[1], n=duel.turn, phase=phase_word(duel.phase, lang))  # fmt: skip


#: `python -m bot play --game tcg` (the options that choose a new duel's setup are
#: refused with --resume).
main = saved.PlayCommand(
    TcgAdapter.game, parser, Front, ("--deck", "--ai-deck", "--level", "--seed")
)


if __name__ == "__main__":
    sys.exit(main())

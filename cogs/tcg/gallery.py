"""Developer tool: every kind of message the TCG sends on Discord, in one language.

    python -m cogs.tcg.gallery [--lang pl] [--out docs/tcg-gallery.pl.md]

Random players duel through the engine (deterministic seeds) and the scenario builder
sets up the positions a random duel seldom reaches (a payment choice, a "choose one"
card, a crowded board); the gallery picks the first moment of each kind and renders the
message the bot sends then, with the bot's own builders (`cogs.tcg.messages`, `panel`,
`render`, `texts`): the challenge flow, boards and updates, hand panels, the reaction
window, the payment prompt, refusals, the deck commands, the timers' and DM notices, the
end of a duel. `shots()` is also what the render tests check Discord's limits and the
hidden information on, in every language.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import SOURCE
from cogs.common import gallery as common
from cogs.common.gallery import Shot
from cogs.tcg import gallery_scenes as scenes
from cogs.tcg.gallery_kit import Builder, duel
from rules.tcg.cards import TcgContent


def shots(content: TcgContent | None = None, *, loc: str = SOURCE) -> list[Shot]:
    """Every kind of TCG message (deterministic), in the language `loc`."""
    if content is None:
        from content.tcg.loader import load_default_pack

        content = load_default_pack()
    b = Builder(content, loc)
    deck = content.decks["chrome-rush"]
    steps = duel(content, 4)
    scenes.challenge(b, deck, deck.model_copy(update={"id": "my-rush", "name": "My Rush"}))
    scenes.duel_flow(b, steps)
    scenes.scenarios(b)
    bad = scenes.decks(b, deck)
    scenes.help_texts(b, bad)
    return b.out


# ---- Markdown -----------------------------------------------------------------------------

TITLE = "Fixer on Discord: the Cyberpunk TCG's messages"
INTRO = (
    "Every kind of message the TCG sends, rendered from real duels of random players "
    "through the engine (deterministic seeds) and from positions of the scenario builder. "
    "Embeds are quoted (title, description, fields, footer); buttons and menus are listed "
    "by row. Regenerate with `python -m cogs.tcg.gallery --out docs/tcg-gallery.md` "
    "(English) and `--lang pl --out docs/tcg-gallery.pl.md` (Polish).",
    "Who reads what: _public_ messages go to the duel's channel in the duel's language; "
    "_ephemeral_ ones only to the person who clicked or typed, in their own language.",
)


def gallery_markdown(all_shots: Sequence[Shot]) -> str:
    return common.gallery_markdown(TITLE, INTRO, all_shots)


def main(argv: Sequence[str] | None = None) -> int:
    return common.main(
        argv,
        prog="python -m cogs.tcg.gallery",
        doc=__doc__,
        render=lambda loc: gallery_markdown(shots(loc=loc)),
    )


if __name__ == "__main__":
    raise SystemExit(main())

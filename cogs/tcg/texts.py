"""What the TCG's front end says around a duel, in the reader's language (docs/i18n.md):
the challenge flow, the deck commands' replies, the timers' notices, the DM-closed and
resume notes. Ephemeral answers speak the clicking person's language, public ones the
duel's (or, before a duel exists, its challenge's); the caller passes `loc`.

The message gallery (cogs/tcg/gallery.py) renders these with the same functions; a reply
that grows with its input (a deck's list, its problems) is clipped to Discord's limit here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.i18n import N_, language_value, switch_value, t, tn
from bot.i18n.phrases import Phrasebook
from cogs.common.locale import SERVER
from cogs.common.text import CONTENT_MAX, clip
from cogs.tcg.deck_words import error_text, problem_text
from rules.tcg.cards import DeckList, TcgContent
from rules.tcg.decks import DeckTextError, deck_text
from rules.tcg.options import TcgOptions

#: The note on the board Fixer posts when it comes back to a duel in play.
RESUME = N_("Fixer is back online. The duel goes on from here.")

#: A table option's name in a reply (the English is the option's own name).
OPTION_NAMES = {
    "demo_decks": N_("demo_decks"),
    "reaction_timeout": N_("reaction_timeout"),
    "legacy_choice_on_play": N_("legacy_choice_on_play"),
    "turn_timer": N_("turn_timer"),
    "spectators_see_hand_counts": N_("spectators_see_hand_counts"),
    "language": N_("language"),
}


# ---- challenges ---------------------------------------------------------------------


def challenge_post(loc: str, challenger: str, opponent_id: str, seconds: float) -> str:
    """The public challenge (the server's language: the duel has none yet)."""
    return tn(
        loc,
        "⚔️ {who} challenges <@{opponent}> to a duel. Accept or decline (the challenge "
        "expires in {n} minute).",
        "⚔️ {who} challenges <@{opponent}> to a duel. Accept or decline (the challenge "
        "expires in {n} minutes).",
        max(1, round(seconds / 60)),
        who=challenger,
        opponent=opponent_id,
    )


def challenge_thread_note(loc: str, challenger: str, thread: str) -> str:
    """The public line in the channel when the challenge went into a thread Fixer opened."""
    return t(loc, "⚔️ {who} opened {thread} for a duel: the challenge is there.",
             who=challenger, thread=thread)  # fmt: skip


def accept_label(loc: str) -> str:
    return t(loc, "Accept")


def decline_label(loc: str) -> str:
    return t(loc, "Decline")


def deck_picker(loc: str) -> str:
    return t(loc, "Pick your deck (or use `/tcg accept deck:`):")


def more_decks(loc: str) -> str:
    return t(loc, "More decks")


def yours(loc: str, name: str) -> str:
    """A saved deck's label on a button or in autocomplete."""
    return t(loc, "{name} (yours)", name=name)


def preconstructed(loc: str, name: str) -> str:
    return t(loc, "{name} (preconstructed)", name=name)


def declined_notice(loc: str, challenger: str, opponent: str, withdrawn: bool) -> str:
    """The channel's line when a challenge is withdrawn or declined (public)."""
    if withdrawn:
        return t(
            loc,
            "The challenge of {challenger} to {opponent} withdrew.",
            challenger=challenger,
            opponent=opponent,
        )
    return t(
        loc,
        "The challenge of {challenger} to {opponent} was declined.",
        challenger=challenger,
        opponent=opponent,
    )


def declined_reply(loc: str, withdrawn: bool) -> str:
    """The decliner's own answer (ephemeral)."""
    if withdrawn:
        return t(loc, "✓ The challenge withdrew.")
    return t(loc, "✓ The challenge was declined.")


def expired_notice(loc: str, challenger: str, opponent: str) -> str:
    return t(
        loc,
        "⌛ {challenger}'s challenge to {opponent} expired.",
        challenger=challenger,
        opponent=opponent,
    )


def duel_begins(loc: str, first: str, second: str, chooser: str) -> str:
    return t(
        loc,
        "✓ The duel begins: {a} vs {b}. {chooser} won the roll-off and picks who goes first.",
        a=first,
        b=second,
        chooser=chooser,
    )


def options_reply(loc: str, options: TcgOptions, language: str) -> str:
    """`/tcg options`' answer: every option of the challenge and its value (a switch's
    with what it means; the language by its own name, or the server's)."""
    values: dict[str, Any] = options.model_dump()
    parts = [
        f"{t(loc, OPTION_NAMES.get(k, k))}: {switch_value(loc, v) if isinstance(v, bool) else v}"
        for k, v in values.items()
    ]
    shown = language_value(loc, "" if language == SERVER else language)
    parts.append(f"{t(loc, OPTION_NAMES['language'])}: {shown}")
    return "✓ " + ", ".join(parts)


# ---- decks ------------------------------------------------------------------------------


def deck_name(content: TcgContent, deck: DeckList, loc: str) -> str:
    """A deck's name: a preconstructed one's in the pack's translation, a saved one's as
    its owner named it."""
    if deck.id in content.decks and content.decks[deck.id].name == deck.name:
        return content.deck_text_for(deck.id, "name", loc)
    return deck.name


def problems_text(loc: str, problems: Sequence[str]) -> str:
    return "\n".join(f"• {problem_text(loc, p)}" for p in problems)


def deck_list(
    loc: str, content: TcgContent, mine: Sequence[DeckList], problems: Sequence[int]
) -> str:
    """`/tcg deck list`: the caller's decks (legal, or how many problems), then the
    preconstructed ones with their blurbs."""
    lines = [t(loc, "**Your decks**:")]
    for d, n in zip(mine, problems, strict=True):
        if n == 0:
            lines.append(t(loc, "• {name} — legal", name=d.name))
        else:
            lines.append(
                tn(loc, "• {name} — {n} problem", "• {name} — {n} problems", n, name=d.name)
            )
    if not mine:
        lines.append(t(loc, "(none yet: save one with /tcg deck import)"))
    lines.append(t(loc, "**Preconstructed**:"))
    for i in sorted(content.decks):
        name = content.deck_text_for(i, "name", loc)
        blurb = content.deck_text_for(i, "blurb", loc)
        lines.append(f"• **{name}** (`{i}`) — {blurb}")
    return clip("\n".join(lines), CONTENT_MAX)


def saved_reply(loc: str, name: str, problems: Sequence[str]) -> str:
    if not problems:
        return t(loc, "✓ Saved **{name}**: legal", name=name)
    text = t(
        loc,
        "✓ Saved **{name}**: not legal yet:\n{problems}",
        name=name,
        problems=problems_text(loc, problems),
    )
    return clip(text, CONTENT_MAX)


def check_reply(loc: str, problems: Sequence[str]) -> str:
    return t(loc, "legal") if not problems else clip(problems_text(loc, problems), CONTENT_MAX)


def deleted_reply(loc: str, name: str) -> str:
    return t(loc, "✓ Deleted **{name}**.", name=name)


def import_refusal(loc: str, error: DeckTextError) -> str:
    return t(
        loc,
        "{error}\nFix that entry and import again; nothing was saved.",
        error=error_text(loc, error),
    )


def check_refusal(loc: str, error: DeckTextError) -> str:
    return t(loc, "{error}\nFix that entry and check again.", error=error_text(loc, error))


def shown_deck(loc: str, content: TcgContent, deck: DeckList) -> str:
    """`/tcg deck show`: the list with headings in the reader's language (the card names
    as printed; `/tcg deck export` gives the list to import)."""
    lines = deck_text(deck, content).splitlines()
    heads = {"Legends:": t(loc, "Legends:"), "Deck:": t(loc, "Deck:")}
    body = "\n".join(heads.get(line, line) for line in lines)
    return clip(f"**{deck_name(content, deck, loc)}**\n{body}\n", CONTENT_MAX)


def modal_title(loc: str) -> str:
    return t(loc, "Import a deck")


def modal_label(loc: str) -> str:
    return t(loc, "The list (one entry a line: 3 Name: Subtitle)")


def dm_reply(loc: str, enabled: bool) -> str:
    if enabled:
        return t(loc, "✓ Your hand comes by DM from now on.")
    return t(loc, "✓ No more DMs.")


# ---- the duel's notices (public: the duel's language) --------------------------------------


TIMED_OUT = N_("⌛ {who}'s time ran out (turn timer): Fixer plays on for them.")
REMINDER = N_(
    "⏰ {who}, the duel waits on you: {left} s of your turn timer are left. Then Fixer "
    "passes, keeps or ends your turn for you."
)
#: The runtime's notices, written in English where the house's hooks have no duel at hand
#: (`reminder_text`, a timed-out note), turned into the duel's language when sent.
NOTICES = Phrasebook((TIMED_OUT, REMINDER), words=("left",))


def ai_name(loc: str, level: str) -> str:
    """A practice duel's AI seat's name ("Fixer AI (search)"); the level is its option
    value, as typed."""
    return t(loc, "Fixer AI ({level})", level=level)


def timed_out(loc: str, who: str) -> str:
    return t(loc, TIMED_OUT, who=who)


def reminder(loc: str, who: str, seconds_left: float) -> str:
    return t(loc, REMINDER, who=who, left=seconds_left)  # "7.5" / "7,5"; 45.0 reads "45"


def done(loc: str) -> str:
    return t(loc, "✓ Done.")

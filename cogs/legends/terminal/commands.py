"""The commands that work at every prompt of the terminal table (`howto.ANYWHERE`): the
board, the hand, the deck, the Clues, Persistent Memory, the log, the help and the rules
by topic. Each shows only what the person at the keyboard may see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.i18n import name_list, t
from cogs.legends.localize import memory_name
from cogs.legends.rules_text import TOPICS
from cogs.legends.terminal import howto, render
from rules.legends.view import player_view

if TYPE_CHECKING:
    from cogs.legends.terminal.session import Session


def anywhere(s: Session, player: str, word: str, rest: str) -> bool:
    """Run the command `word` for `player`. True if `word` was one."""
    lang = s.lang
    if word in ("help", "h", "?") and not rest:
        s.io.say(help_text(s, player))
    elif word == "rules":
        rules(s, rest)
    elif rest:
        return False
    elif word == "board":
        s.io.say(s.board(s.shown(player_view(s.table, player, s.content))))
    elif word == "hand":
        view = s.shown(player_view(s.table, player, s.content))
        s.io.say(render.render_hand(view, lang) or t(lang, "You hold no cards right now."))
    elif word == "clues":
        s.io.say(render.render_clues(s.table, s.content, lang))
    elif word == "memory":
        names = [memory_name(s.content, lang, m) for m in s.table.memory]
        mem = name_list(lang, names, last=False) or t(lang, "nothing yet")
        s.io.say(t(lang, "Persistent Memory: {memory}", memory=mem))
    elif word == "deck":
        mine = [r for r in s.table.runners if r.player == player]
        if not mine:
            s.io.say(t(lang, "You have no seat yet: your deck comes with your role."))
        for line in render.render_decks(mine, s.content, lang):
            s.io.say(line)
    elif word == "log":
        if s.resumed:
            none = t(lang, "Nothing has happened since you came back.")
        else:
            none = t(lang, "Nothing has happened yet.")
        s.io.say(s.events_text(s.log[-25:]) or none)
    else:
        return False
    return True


def help_text(s: Session, player: str) -> str:
    """The help, its example card one the player can type: in their hand if they hold
    one, else of their deck, else of the pack."""
    view = player_view(s.table, player, s.content)
    held = [c.name for hand in view.hands.values() for c in hand]
    deck = [s.content.cards[c].name for r in s.table.runners if r.player == player for c in r.deck]
    pack = sorted(c.name for c in s.content.cards.values())
    return howto.help_text((held or deck or pack or ["Knife"])[0], s.lang)


def rules(s: Session, topic: str) -> None:
    """The rules help Discord's `/legends rules` gives, by the same topics."""
    key = (topic or "overview").strip().lower().replace(" ", "_")
    if key not in TOPICS:
        key = next((k for k, (title, _) in TOPICS.items() if key in k or key in title.lower()), "")
    # Each topic as the input that shows it.
    topics = ", ".join(f"'rules {k}'" for k in TOPICS)
    if not key:
        s.io.say(render.clean(t(s.lang, 'No rules topic "{topic}". Topics: {topics}.',
                                topic=topic, topics=topics)))  # fmt: skip
        return
    title, text = TOPICS[key]
    s.io.say(t(s.lang, title).upper())
    if key == "commands":
        s.io.say(help_text(s, s.viewer()))
    else:
        for line in render.wrap(howto.rules_text(key, text, s.lang), "  "):
            s.io.say(line)
    for line in render.wrap(t(s.lang, "Topics: {topics}.", topics=topics)):
        s.io.say(line)

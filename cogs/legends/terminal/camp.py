"""The campaign screen between runs: the next run, the shop, removing cards, decks, clues.

Each entry has a number and a word ('start', 'shop'...), and the shop and the deck list
take a card's number or (the start of) its name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.i18n import t, tcount, tn
from bot.terminal.console import Quit
from cogs.legends.localize import card_words, scenario_name
from cogs.legends.render_cards import card_label
from cogs.legends.terminal import asking, commands, howto, render
from rules.core.text import closest
from rules.legends.actions import Buy, Remove, Start
from rules.legends.cards import MIN_DECK
from rules.legends.engine import DECK_LIMIT, shop_cards

if TYPE_CHECKING:
    from cogs.legends.terminal.session import Session

Entry = tuple[str, str, Callable[[], Start | None]]  # word, label, what it does


def screen(s: Session) -> Start:
    """Show the campaign until someone picks the run to start; return it."""
    while True:
        s.io.say(render.render_campaign(s.table, s.content, s.human_players()))
        entries = _entries(s)
        s.io.say(t(s.lang, "MOVES (the number, or the word in brackets)"))
        for i, (word, label, _) in enumerate(entries, 1):
            s.io.say(f"  {i:>2}) {label} ('{word}')")
        got = _pick(s, entries)()
        if got is not None:
            return got


def _entries(s: Session) -> list[Entry]:
    camp = s.content.campaigns[s.table.campaign]
    lang = s.lang
    entries: list[Entry] = []
    if s.table.next_trauma is not None or s.table.progress < len(camp.scenarios):
        label = t(lang, "Start the next run: {run}", run=render.next_run_label(s.table, s.content))
        entries.append(("start", label, lambda: Start(player=s.owner)))
    entries.append(("shop", t(lang, "Shop: the Upgrade Pool"), lambda: shop(s)))
    entries.append(("remove", t(lang, "Remove a card from a deck"), lambda: remove(s)))
    entries.append(("decks", t(lang, "Show decks and Eddies"), lambda: show_decks(s)))
    entries.append(("clues", t(lang, "Clues and puzzles"), lambda: show_clues(s)))
    if s.table.next_trauma is None:
        label = t(lang, "Play a scenario of your choice")
        entries.append(("scenario", label, lambda: pick_scenario(s)))
    return entries


def _pick(s: Session, entries: list[Entry]) -> Callable[[], Start | None]:
    n = len(entries)
    words = {w: f for w, _, f in entries}
    while True:
        # 'clues' is an entry here and a command everywhere: the entry wins (same screen).
        line = s.io.ask("> ").strip()
        word, _, rest = line.partition(" ")
        word = word.lower()
        if line.isdigit() and 1 <= int(line) <= n:
            return entries[int(line) - 1][2]
        if word in words and not rest:
            return words[word]
        if word == "start" and not rest:
            # No next run (the campaign is complete): say what is open instead.
            s.io.say(t(s.lang, "The campaign is complete: pick any scenario with 'scenario'."))
            continue
        if word in ("quit", "exit") and not rest:
            raise Quit
        if commands.anywhere(s, s.viewer(), word, rest):
            continue
        numbers = howto.numbers(1, n)
        meant = closest(word, list(words))
        if not line:
            s.io.say(t(s.lang, howto.NO_LINE, numbers=numbers))
        elif meant is not None:
            s.io.say(t(s.lang, howto.NOT_A_MOVE_MEANT, line=line, numbers=numbers, word=meant))
        else:
            s.io.say(t(s.lang, howto.NOT_A_MOVE, line=line, numbers=numbers))


def _back(s: Session) -> str:
    """The list entry that goes back without picking."""
    return "   0) " + t(s.lang, "back")


def pick_runner(s: Session, title: str) -> int | None:
    mine = [
        i
        for i, r in enumerate(s.table.runners)
        if s.people.get(r.player) is not None and s.people[r.player].human
    ]
    if len(mine) == 1:
        return mine[0]
    s.io.say(title)
    labels = []
    for n, i in enumerate(mine, 1):
        r = s.table.runners[i]
        label = render.runner_name(r, s.lang)
        labels.append(label)
        s.io.say(f"  {n:>2}) {label}: {tcount(s.lang, r.eddies, 'Eddie')}")
    s.io.say(_back(s))
    pick = asking.choice(s, "> ", labels, asking.NO_RUNNER, zero=True)
    return None if pick == 0 else mine[pick - 1]


def shop(s: Session) -> Start | None:
    lang = s.lang
    seat = pick_runner(s, t(lang, "Who is shopping?"))
    if seat is None:
        return None
    while True:
        r = s.table.runners[seat]
        pool = shop_cards(s.table, s.content)
        eddies = tcount(lang, r.eddies, "Eddie")
        if r.is_merc:
            head = tn(lang, "UPGRADE POOL ({name} merc has {eddies}; at most {n} copy of a card "
                      "per deck)", "UPGRADE POOL ({name} merc has {eddies}; at most {n} copies "
                      "of a card per deck)", DECK_LIMIT, name=r.name, eddies=eddies)  # fmt: skip
        else:
            head = tn(lang, "UPGRADE POOL ({name} has {eddies}; at most {n} copy of a card per "
                      "deck)", "UPGRADE POOL ({name} has {eddies}; at most {n} copies of a card "
                      "per deck)", DECK_LIMIT, name=r.name, eddies=eddies)  # fmt: skip
        s.io.say(head)
        for n, cid in enumerate(pool, 1):
            card = s.content.cards[cid]
            name, text = card_words(s.content, lang, cid)
            line = f"{tcount(lang, card.cost, 'Eddie')} - {card_label(card, loc=lang, name=name)}"
            line += f" - {text}"
            have = r.deck.count(cid)
            if have:
                line += t(lang, " (you have {n})", n=have)
            for part in render.wrap(line, f"  {n:>2}) "):
                s.io.say(part)
        s.io.say(_back(s))
        names = [s.content.cards[c].name for c in pool]
        pick = asking.choice(s, t(lang, "Buy which? "), names, asking.NO_POOL_CARD, zero=True)
        if pick == 0:
            return None
        s.try_act(Buy(player=r.player, card=pool[pick - 1], merc=r.is_merc), r.player)


def remove(s: Session) -> Start | None:
    lang = s.lang
    seat = pick_runner(s, t(lang, "Whose deck?"))
    if seat is None:
        return None
    r = s.table.runners[seat]
    cards = sorted(set(r.deck), key=lambda c: s.content.cards[c].name)
    s.io.say(t(lang, "{name}'s deck ({cards}; a deck keeps at least {least}). Removing refunds "
               "nothing.", name=render.runner_name(r, lang),
               cards=tcount(lang, len(r.deck), "card"), least=MIN_DECK))  # fmt: skip
    for n, cid in enumerate(cards, 1):
        name, text = card_words(s.content, lang, cid)
        s.io.say(f"  {n:>2}) {r.deck.count(cid)}x {name} - {text}")
    s.io.say(_back(s))
    names = [s.content.cards[c].name for c in cards]
    pick = asking.choice(s, t(lang, "Remove which? "), names, asking.NO_DECK_CARD, zero=True)
    if pick:
        s.try_act(Remove(player=r.player, card=cards[pick - 1], merc=r.is_merc), r.player)
    return None


def show_decks(s: Session) -> Start | None:
    mine = [r for r in s.table.runners if r.player in s.human_players()]
    for line in render.render_decks(mine, s.content, s.lang):
        s.io.say(line)
    return None


def show_clues(s: Session) -> Start | None:
    s.io.say(render.render_clues(s.table, s.content, s.lang))
    return None


def pick_scenario(s: Session) -> Start | None:
    camp = s.content.campaigns[s.table.campaign]
    ids = list(camp.scenarios)
    s.io.say(t(s.lang, "SCENARIOS"))
    for n, sid in enumerate(ids, 1):
        name = scenario_name(s.content, s.lang, sid)
        if sid in s.table.completed:
            name = t(s.lang, "{scenario} (completed)", scenario=name)
        s.io.say(f"  {n:>2}) {name}")
    s.io.say(_back(s))
    names = [scenario_name(s.content, s.lang, sid) for sid in ids]
    pick = asking.choice(s, "> ", names, asking.NO_SCENARIO, zero=True)
    return None if pick == 0 else Start(player=s.owner, scenario=ids[pick - 1])

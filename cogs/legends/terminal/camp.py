"""The campaign screen between runs: the next run, the shop, removing cards, decks, clues.

Each entry has a number and a word ('start', 'shop'...), and the shop and the deck list
take a card's number or (the start of) its name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from bot.terminal.console import Quit
from cogs.legends.terminal import asking, commands, howto, render
from rules.core.text import count, did_you_mean
from rules.legends.actions import Buy, Remove, Start
from rules.legends.engine import DECK_LIMIT, shop_cards

if TYPE_CHECKING:
    from cogs.legends.terminal.session import Session

Entry = tuple[str, str, Callable[[], Start | None]]  # word, label, what it does


def screen(s: Session) -> Start:
    """Show the campaign until someone picks the run to start; return it."""
    while True:
        s.io.say(render.render_campaign(s.table, s.content, s.human_players()))
        entries = _entries(s)
        s.io.say("MOVES (the number, or the word in brackets)")
        for i, (word, label, _) in enumerate(entries, 1):
            s.io.say(f"  {i:>2}) {label} ('{word}')")
        got = _pick(s, entries)()
        if got is not None:
            return got


def _entries(s: Session) -> list[Entry]:
    camp = s.content.campaigns[s.table.campaign]
    entries: list[Entry] = []
    if s.table.next_trauma is not None or s.table.progress < len(camp.scenarios):
        label = render.next_run_label(s.table, s.content)
        entries.append(("start", f"Start the next run: {label}", lambda: Start(player=s.owner)))
    entries.append(("shop", "Shop: the Upgrade Pool", lambda: shop(s)))
    entries.append(("remove", "Remove a card from a deck", lambda: remove(s)))
    entries.append(("decks", "Show decks and Eddies", lambda: show_decks(s)))
    entries.append(("clues", "Clues and puzzles", lambda: show_clues(s)))
    if s.table.next_trauma is None:
        entries.append(("scenario", "Play a scenario of your choice", lambda: pick_scenario(s)))
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
            s.io.say("The campaign is complete: pick any scenario with 'scenario'.")
            continue
        if word in ("quit", "exit") and not rest:
            raise Quit
        if commands.anywhere(s, s.viewer(), word, rest):
            continue
        if not line:
            s.io.say(howto.NO_LINE.format(numbers=howto.numbers(1, n)))
        else:
            s.io.say(
                howto.NOT_A_MOVE.format(line=line, numbers=howto.numbers(1, n)).removesuffix(".")
                + f"{_also(word, words)}."
            )


def _also(word: str, words: Mapping[str, object]) -> str:
    hint = did_you_mean(word, list(words))
    return f" ({hint.strip()[1:-1]})" if hint else ""


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
        label = f"{r.name}{' (merc)' if r.is_merc else ''}"
        labels.append(label)
        s.io.say(f"  {n:>2}) {label}: {count(r.eddies, 'Eddie')}")
    s.io.say("   0) back")
    pick = asking.choice(s, "> ", labels, "runner", zero=True)
    return None if pick == 0 else mine[pick - 1]


def shop(s: Session) -> Start | None:
    seat = pick_runner(s, "Who is shopping?")
    if seat is None:
        return None
    while True:
        r = s.table.runners[seat]
        pool = shop_cards(s.table, s.content)
        s.io.say(
            f"UPGRADE POOL ({r.name}{' merc' if r.is_merc else ''} has "
            f"{count(r.eddies, 'Eddie')}; at most {DECK_LIMIT} copies of a card per deck)"
        )
        for n, cid in enumerate(pool, 1):
            card = s.content.cards[cid]
            have = r.deck.count(cid)
            line = (
                f"{count(card.cost, 'Eddie')} - {card.name} [{card.rank_label()} "
                f"{' '.join(x.value.title() for x in card.suits)}] - {card.text}"
            )
            if have:
                line += f" (you have {have})"
            for part in render.wrap(line, f"  {n:>2}) "):
                s.io.say(part)
        s.io.say("   0) back")
        names = [s.content.cards[c].name for c in pool]
        pick = asking.choice(s, "Buy which? ", names, "card in the pool", zero=True)
        if pick == 0:
            return None
        s.try_act(Buy(player=r.player, card=pool[pick - 1], merc=r.is_merc), r.player)


def remove(s: Session) -> Start | None:
    seat = pick_runner(s, "Whose deck?")
    if seat is None:
        return None
    r = s.table.runners[seat]
    cards = sorted(set(r.deck), key=lambda c: s.content.cards[c].name)
    s.io.say(
        f"{r.name}'s deck ({count(len(r.deck), 'card')}; a deck keeps at least 10). "
        "Removing refunds nothing."
    )
    for n, cid in enumerate(cards, 1):
        card = s.content.cards[cid]
        s.io.say(f"  {n:>2}) {r.deck.count(cid)}x {card.name} - {card.text}")
    s.io.say("   0) back")
    names = [s.content.cards[c].name for c in cards]
    pick = asking.choice(s, "Remove which? ", names, "card in this deck", zero=True)
    if pick:
        s.try_act(Remove(player=r.player, card=cards[pick - 1], merc=r.is_merc), r.player)
    return None


def show_decks(s: Session) -> Start | None:
    for r in s.table.runners:
        person = s.people.get(r.player)
        if person is None or not person.human:
            continue
        s.io.say(
            f"{r.name}{' (merc)' if r.is_merc else ''}: {count(r.eddies, 'Eddie')}, "
            f"{count(len(r.deck), 'card')}"
        )
        for line in render.render_deck(r.deck, s.content):
            s.io.say(line)
    return None


def show_clues(s: Session) -> Start | None:
    s.io.say(render.render_clues(s.table, s.content))
    return None


def pick_scenario(s: Session) -> Start | None:
    camp = s.content.campaigns[s.table.campaign]
    ids = list(camp.scenarios)
    s.io.say("SCENARIOS")
    for n, sid in enumerate(ids, 1):
        done = " (completed)" if sid in s.table.completed else ""
        s.io.say(f"  {n:>2}) {s.content.scenarios[sid].name}{done}")
    s.io.say("   0) back")
    names = [s.content.scenarios[sid].name for sid in ids]
    pick = asking.choice(s, "> ", names, "scenario", zero=True)
    return None if pick == 0 else Start(player=s.owner, scenario=ids[pick - 1])

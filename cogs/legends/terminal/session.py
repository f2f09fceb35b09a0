"""The terminal table: one human seat with AI crewmates, or several humans hot-seat.

The session reads lines from a text stream and writes to another, so tests drive it with
`io.StringIO`. Every move offered is one of `legal_actions` (through the player's view),
numbered; a bad line gets one line of explanation and the prompt again; end of input
ends the session cleanly.

Hidden information: each person's screen is built from their own `PlayerView` and the
events `events_for` lets them see. In hot-seat mode private events wait in that person's
feed, and the screen is cleared behind a "pass the keyboard" prompt between people.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from bot.terminal.console import Console, Quit
from cogs.legends.terminal import howto, render
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.legends.actions import (
    SYSTEM_PLAYER,
    Action,
    Buy,
    CloseVote,
    Flip,
    Join,
    Ready,
    Remove,
    Solve,
    Start,
)
from rules.legends.ai import CrewAI
from rules.legends.cards import ContentPack, Role
from rules.legends.engine import DECK_LIMIT, apply, new_table, shop_cards
from rules.legends.options import TableOptions
from rules.legends.sim import extra_decks_for, next_actor, seat_roles
from rules.legends.state import Table
from rules.legends.view import events_for, player_view

AI_NAMES = ("Vex", "Rook", "Juno", "Kestrel", "Nyx", "Sable", "Tamsin", "Oz")

HELP = """\
Type the number of a move and press Enter. Other commands, at any prompt:
  board        show the table again          hand     show your hand again
  clues        Clue cards and puzzles        memory   the campaign's Persistent Memory
  deck         your decklist and Eddies      log      the last events again
  solve TEXT   answer a clue's puzzle        flip / ready   shortcuts for those moves
  help         this text                     quit     leave (end of input works too)
Table talk: you may not say what is on the cards in your hand. The AI crewmates
only ever see their own hands and the public table, as you do."""


@dataclass
class Person:
    player: str
    human: bool
    feed: list[Event] = field(default_factory=list)
    brain: CrewAI | None = None


class Session:
    def __init__(
        self,
        content: ContentPack,
        console: Console,
        *,
        campaign: str | None = None,
        runners: int = 1,
        humans: int = 1,
        hotseat: bool = False,
        seed: int = 0,
        scenario: str | None = None,
        merc: bool = False,
    ) -> None:
        self.content = content
        self.io = console
        self.campaign = campaign or next(iter(content.campaigns))
        self.runners = runners
        self.humans = humans
        self.hotseat = hotseat
        self.seed = seed
        self.scenario = scenario
        self.merc = merc and runners == 1
        self.people: dict[str, Person] = {}
        self.owner = "p1"
        self.table: Table = new_table(
            table_id="terminal",
            name=content.campaigns[self.campaign].name,
            owner=self.owner,
            campaign=self.campaign,
            seed=seed,
            content=content,
            options=TableOptions(extra_role_decks=extra_decks_for(content, runners, self.merc)),
        )
        self.log: list[Event] = []
        self.on_screen: str | None = None  # whose private information is showing

    # ---- entry point ---------------------------------------------------------------

    def run(self) -> int:
        try:
            self.io.say(
                f"Fixer: Cyberpunk Legends at the terminal. Campaign: "
                f"{self.content.campaigns[self.campaign].name}."
            )
            self.io.say("Type 'help' at any prompt for commands; end of input quits.")
            self.join()
            self.start(self.scenario)
            while True:
                self.play_run()
                self.after_run()
                action = self.camp()
                self.start_action(action)
        except Quit:
            self.io.say("Bye.")
            return 0
        except KeyboardInterrupt:
            self.io.say("\nInterrupted. Bye.")
            return 130

    # ---- setting up ----------------------------------------------------------------

    def join(self) -> None:
        roles = seat_roles(self.content, self.runners, self.merc)
        free = list(roles)
        for i in range(self.humans):
            player = f"p{i + 1}"
            default = "Player" if self.humans == 1 else f"Player {i + 1}"
            name = (
                self.ask_text(
                    f"Runner {i + 1}, your name [{default}]: ",
                    "Type a name for this runner (Enter keeps the one in brackets), or quit.",
                )
                or default
            )
            name = name[:64]
            options = list(dict.fromkeys(free))
            self.io.say(
                "Roles: "
                + "; ".join(f"{n}) {self.content.roles[r].name}" for n, r in enumerate(options, 1))
            )
            pick = self.ask_number("Pick a role [1]: ", len(options), default=1)
            role = options[pick - 1]
            free.remove(role)
            merc_role: Role | None = None
            if self.merc:
                merc_role = free.pop(0)
            self.people[player] = Person(player=player, human=True)
            self.act(Join(player=player, name=name, role=role, merc=merc_role))
        taken = {r.name.lower() for r in self.table.runners}
        names = [n for n in AI_NAMES if n.lower() not in taken]
        for j in range(self.runners - self.humans):
            player = f"ai{j + 1}"
            role = free.pop(0)
            brain = CrewAI(seed=self.seed * 101 + j)
            self.people[player] = Person(player=player, human=False, brain=brain)
            name = names[j] if j < len(names) else f"Crew {j + 1}"
            self.act(Join(player=player, name=name, role=role))
        self.flush_public()

    def start(self, scenario: str | None) -> None:
        self.start_action(Start(player=self.owner, scenario=scenario))

    def start_action(self, action: Start) -> None:
        try:
            self.act(action)
        except IllegalAction as exc:
            self.io.say(render.clean(howto.refusal_text(exc.refusal)))
        self.flush_public()

    # ---- the run -------------------------------------------------------------------

    def play_run(self) -> None:
        while self.table.run is not None:
            who = next_actor(self.table, self.content)
            if who is None:
                if self.table.run.phase == "vote":
                    self.act(CloseVote(player=SYSTEM_PLAYER))
                    continue
                raise RuntimeError(f"nobody can act in phase {self.table.run.phase}")
            person = self.people[who]
            if person.brain is not None:
                self.ai_turn(person)
            else:
                self.human_turn(person)
        self.flush_public()

    def ai_turn(self, person: Person) -> None:
        assert person.brain is not None
        view = player_view(self.table, person.player, self.content)
        action = person.brain.choose(view, self.content)
        try:
            self.act(action)
        except IllegalAction:
            self.act(view.legal[0])
        if not self.hotseat:
            self.show_feed(self.owner)

    def human_turn(self, person: Person) -> None:
        self.pass_to(person.player)
        self.show_feed(person.player)
        view = player_view(self.table, person.player, self.content)
        moves = list(view.legal)
        self.io.say(render.render_board(view.board))
        self.io.say(render.render_hand(view))
        self.io.say(render.render_moves(moves, view))
        while True:
            pick = self.ask_move(person.player, moves)
            try:
                self.act(moves[pick])
            except IllegalAction as exc:
                self.io.say(render.clean(howto.refusal_text(exc.refusal)))
                continue
            break
        if not self.hotseat:
            self.show_feed(person.player)

    def pass_to(self, player: str) -> None:
        """Hot-seat: hide the last person's hand before the next one looks."""
        if not self.hotseat or self.on_screen == player:
            self.on_screen = player
            return
        self.io.clear()
        name = self.name_of(player)
        self.ask_text(f"Pass the keyboard to {name}, then press Enter. ")
        self.io.clear()
        self.on_screen = player
        self.io.say(f"{name}'s turn.")

    def after_run(self) -> None:
        if self.hotseat:
            self.io.clear()
            self.on_screen = None
        # The AI crewmates spend their Eddies.
        pool = shop_cards(self.table, self.content)
        for r in list(self.table.runners):
            person = self.people.get(r.player)
            if person is None or person.brain is None:
                continue
            for buy in person.brain.shop(
                r.deck, r.eddies, pool, self.content, r.player, merc=r.is_merc
            ):
                try:
                    self.act(buy)
                except IllegalAction:
                    break
        self.flush_public()

    # ---- between runs --------------------------------------------------------------

    def camp(self) -> Start:
        """The campaign screen: shop, decks, clues; returns the run to start."""
        while True:
            self.io.say(render.render_campaign(self.table, self.content, self.human_players()))
            camp = self.content.campaigns[self.table.campaign]
            entries: list[tuple[str, Callable[[], Start | None]]] = []
            if self.table.next_trauma is not None or self.table.progress < len(camp.scenarios):
                label = render.next_run_label(self.table, self.content)
                entries.append((f"Start the next run: {label}", lambda: Start(player=self.owner)))
            entries.append(("Shop: the Upgrade Pool", self.shop))
            entries.append(("Remove a card from a deck", self.remove))
            entries.append(("Show decks and Eddies", self.show_decks))
            entries.append(("Clues and puzzles", self.show_clues))
            if self.table.next_trauma is None:
                entries.append(("Play a scenario of your choice", self.pick_scenario))
            self.io.say("MOVES")
            for i, (label, _) in enumerate(entries, 1):
                self.io.say(f"  {i:>2}) {label}")
            pick = self.ask_move(self.owner, entries)
            got = entries[pick][1]()
            if got is not None:
                return got

    def pick_runner(self, title: str) -> int | None:
        mine = [
            i
            for i, r in enumerate(self.table.runners)
            if self.people.get(r.player) is not None and self.people[r.player].human
        ]
        if len(mine) == 1:
            return mine[0]
        self.io.say(title)
        for n, i in enumerate(mine, 1):
            r = self.table.runners[i]
            self.io.say(f"  {n:>2}) {r.name}{' (merc)' if r.is_merc else ''}: {r.eddies} Eddies")
        self.io.say("   0) back")
        pick = self.ask_number("> ", len(mine), zero=True)
        return None if pick == 0 else mine[pick - 1]

    def shop(self) -> Start | None:
        seat = self.pick_runner("Who is shopping?")
        if seat is None:
            return None
        while True:
            r = self.table.runners[seat]
            pool = shop_cards(self.table, self.content)
            self.io.say(
                f"UPGRADE POOL ({r.name}{' merc' if r.is_merc else ''} has "
                f"{r.eddies} Eddies; at most {DECK_LIMIT} copies of a card per deck)"
            )
            for n, cid in enumerate(pool, 1):
                card = self.content.cards[cid]
                have = r.deck.count(cid)
                line = (
                    f"{card.cost} Eddies - {card.name} [{card.rank_label()} "
                    f"{' '.join(s.value.title() for s in card.suits)}] - {card.text}"
                )
                if have:
                    line += f" (you have {have})"
                for part in render.wrap(line, f"  {n:>2}) "):
                    self.io.say(part)
            self.io.say("   0) back")
            pick = self.ask_number("Buy which? ", len(pool), zero=True)
            if pick == 0:
                return None
            self.try_act(Buy(player=r.player, card=pool[pick - 1], merc=r.is_merc), r.player)

    def remove(self) -> Start | None:
        seat = self.pick_runner("Whose deck?")
        if seat is None:
            return None
        r = self.table.runners[seat]
        cards = sorted(set(r.deck), key=lambda c: self.content.cards[c].name)
        self.io.say(
            f"{r.name}'s deck ({len(r.deck)} cards; a deck keeps at least 10). "
            "Removing refunds nothing."
        )
        for n, cid in enumerate(cards, 1):
            card = self.content.cards[cid]
            self.io.say(f"  {n:>2}) {r.deck.count(cid)}x {card.name} - {card.text}")
        self.io.say("   0) back")
        pick = self.ask_number("Remove which? ", len(cards), zero=True)
        if pick:
            self.try_act(Remove(player=r.player, card=cards[pick - 1], merc=r.is_merc), r.player)
        return None

    def show_decks(self) -> Start | None:
        for r in self.table.runners:
            person = self.people.get(r.player)
            if person is None or not person.human:
                continue
            self.io.say(
                f"{r.name}{' (merc)' if r.is_merc else ''}: {r.eddies} Eddies, {len(r.deck)} cards"
            )
            for line in render.render_deck(r.deck, self.content):
                self.io.say(line)
        return None

    def show_clues(self) -> Start | None:
        self.io.say(render.render_clues(self.table, self.content))
        return None

    def pick_scenario(self) -> Start | None:
        camp = self.content.campaigns[self.table.campaign]
        ids = list(camp.scenarios)
        self.io.say("SCENARIOS")
        for n, sid in enumerate(ids, 1):
            done = " (completed)" if sid in self.table.completed else ""
            self.io.say(f"  {n:>2}) {self.content.scenarios[sid].name}{done}")
        self.io.say("   0) back")
        pick = self.ask_number("> ", len(ids), zero=True)
        return None if pick == 0 else Start(player=self.owner, scenario=ids[pick - 1])

    # ---- applying actions and showing events ---------------------------------------

    def act(self, action: Action) -> None:
        outcome = apply(self.table, action, self.content)
        self.table = outcome.table
        self.log.extend(e for e in outcome.events if e.public)
        self.log = self.log[-200:]
        for person in self.people.values():
            if person.human:
                person.feed.extend(events_for(outcome.events, self.table, person.player))

    def try_act(self, action: Action, player: str) -> bool:
        try:
            self.act(action)
        except IllegalAction as exc:
            self.io.say(render.clean(howto.refusal_text(exc.refusal)))
            return False
        self.show_feed(player)
        return True

    def show_feed(self, player: str) -> None:
        person = self.people.get(player)
        if person is None or not person.feed:
            return
        if self.hotseat and self.on_screen not in (None, player):
            return
        text = render.render_events(person.feed)
        person.feed.clear()
        if text:
            self.io.say(text)

    def flush_public(self) -> None:
        """Show what everyone may see (the end of a run, the campaign screen)."""
        if not self.hotseat:
            self.show_feed(self.owner)
            return
        seen: list[Event] = []
        for person in self.people.values():
            for e in person.feed:
                if e.public and e not in seen:
                    seen.append(e)
            person.feed = [e for e in person.feed if not e.public]
        if seen:
            self.io.say(render.render_events(seen))

    # ---- reading input -------------------------------------------------------------

    def human_players(self) -> list[str]:
        return [p.player for p in self.people.values() if p.human]

    def name_of(self, player: str) -> str:
        for r in self.table.runners:
            if r.player == player and not r.is_merc:
                return r.name
        return player

    def ask_text(self, prompt: str, help_text: str | None = None) -> str:
        while True:
            line = self.io.ask(prompt).strip()
            if line.lower() in ("quit", "exit"):
                raise Quit
            if help_text is not None and line.lower() in ("help", "h", "?"):
                self.io.say(help_text)
                continue
            return line

    def ask_number(
        self, prompt: str, n: int, *, default: int | None = None, zero: bool = False
    ) -> int:
        lo = 0 if zero else 1
        hint = (
            f"Type a number from {lo} to {n}"
            + (" (Enter keeps the default)" if default is not None else "")
            + ", or quit."
        )
        while True:
            line = self.ask_text(prompt, hint)
            if not line and default is not None:
                return default
            if line.isdigit() and lo <= int(line) <= n:
                return int(line)
            self.io.say(f"Type a number from {lo} to {n}.")

    def ask_move(self, player: str, moves: Sequence[object]) -> int:
        n = len(moves)
        while True:
            line = self.ask_text("> ")
            word, _, rest = line.partition(" ")
            word = word.lower()
            if line.isdigit() and 1 <= int(line) <= n:
                return int(line) - 1
            if word in ("flip", "ready"):
                kind = Flip if word == "flip" else Ready
                hits = [i for i, m in enumerate(moves) if isinstance(m, kind)]
                if len(hits) == 1:
                    return hits[0]
            if self.command(player, word, rest):
                continue
            if not line:
                self.io.say(f"Type a number from 1 to {n}, or 'help'.")
            else:
                self.io.say(f"'{line}' is not a move here. Type a number from 1 to {n}, or 'help'.")

    def command(self, player: str, word: str, rest: str) -> bool:
        """Commands that work at any move prompt. True if `word` was one."""
        if word in ("help", "h", "?"):
            self.io.say(HELP)
        elif word == "board":
            view = player_view(self.table, player, self.content)
            self.io.say(render.render_board(view.board))
        elif word == "hand":
            view = player_view(self.table, player, self.content)
            self.io.say(render.render_hand(view) or "You hold no cards right now.")
        elif word == "clues":
            self.io.say(render.render_clues(self.table, self.content))
        elif word == "memory":
            mem = ", ".join(self.table.memory) or "nothing yet"
            self.io.say(f"Persistent Memory: {mem}")
        elif word == "deck":
            for r in self.table.runners:
                if r.player == player:
                    self.io.say(
                        f"{r.name}{' (merc)' if r.is_merc else ''}: {r.eddies} "
                        f"Eddies, {len(r.deck)} cards"
                    )
                    for line in render.render_deck(r.deck, self.content):
                        self.io.say(line)
        elif word == "log":
            self.io.say(render.render_events(self.log[-25:]) or "Nothing has happened yet.")
        elif word == "solve":
            answer = " ".join(shlex.split(rest)) if rest.count('"') % 2 == 0 else rest
            if not answer.strip():
                self.io.say("Usage: solve YOUR ANSWER")
            else:
                self.try_act(Solve(player=player, answer=answer[:200]), player)
        else:
            return False
        return True

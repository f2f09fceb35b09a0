"""The terminal table: one human seat with AI crewmates, or several humans hot-seat.

The session reads lines from a text stream and writes to another, so tests drive it with
`io.StringIO`. Every move offered is one of `legal_actions` (through the player's view),
numbered; a bad line gets one line of explanation and the prompt again; end of input
ends the session cleanly.

Saving: with `saves` (the database, `saves.Saves`) every move goes through the game
service and is on disk before its result is shown; `Session.resume` picks a saved
campaign up where it was. Without it (tests of the screens only) moves are applied in
memory.

Hidden information: each person's screen is built from their own `PlayerView` and the
events `events_for` lets them see. In hot-seat mode private events wait in that person's
feed, and the screen is cleared behind a "pass the keyboard" prompt between people. The
AI crewmates decide from their own views only.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from bot.i18n import from_environment, t
from bot.terminal.console import Console, Quit
from bot.terminal.resume import goodbye, guarded, resume_command, saved_line
from bot.terminal.saves import MOVED_ELSEWHERE, Saves, TableMoved
from cogs.legends.localize import localize_view
from cogs.legends.rules_text import TOPICS
from cogs.legends.terminal import howto, render
from cogs.legends.terminal.inputs import match_move, pick_by_name
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.text import count, name_list
from rules.legends.actions import (
    SYSTEM_PLAYER,
    Action,
    CloseVote,
    Join,
    Solve,
    Start,
)
from rules.legends.ai import CrewAI
from rules.legends.cards import ContentPack, Role
from rules.legends.engine import (
    apply,
    eval_options,
    new_table,
    plan_eval_cards,
    scenario_card,
    shop_cards,
)
from rules.legends.evaluate import check_to_hit
from rules.legends.options import TableOptions
from rules.legends.sim import extra_decks_for, next_actor, seat_roles
from rules.legends.state import Table
from rules.legends.view import PlayerView, events_for, player_view

AI_NAMES = ("Vex", "Rook", "Juno", "Kestrel", "Nyx", "Sable", "Tamsin", "Oz")
HUMAN_PREFIX = "p"  # human seats are p1, p2...; AI crewmates ai1, ai2...
AI_PREFIX = "ai"


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
        saves: Saves[Table, Action] | None = None,
        come_back: Callable[[str], str] | None = None,
    ) -> None:
        self.content = content
        self.io = console
        self.lang = from_environment()  # the board, hand and moves screens' language
        self.campaign = campaign or next(iter(content.campaigns))
        self.runners = runners
        self.humans = humans
        self.hotseat = hotseat
        self.seed = seed
        self.scenario = scenario
        self.merc = merc and runners == 1
        self.saves = saves
        saved_game = saves.game if saves is not None else ""
        self.come_back = come_back or (lambda cid: resume_command(saved_game, cid))
        self.cid: str | None = None  # the saved campaign's id, once created
        self.resumed = False
        self.people: dict[str, Person] = {}
        self.owner = f"{HUMAN_PREFIX}1"
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

    @classmethod
    def resume(
        cls,
        content: ContentPack,
        console: Console,
        saves: Saves[Table, Action],
        cid: str,
        table: Table,
        come_back: Callable[[str], str] | None = None,
    ) -> Session:
        """A saved campaign, where it was: its people from its seats (p* are people at
        this keyboard, ai* AI crewmates), hot-seat if more than one person plays."""
        crew = [r for r in table.runners if not r.is_merc]
        humans = [r for r in crew if not r.player.startswith(AI_PREFIX)]
        self = cls(
            content,
            console,
            campaign=table.campaign,
            runners=max(1, len(crew)),
            humans=max(1, len(humans)),
            hotseat=len(humans) > 1,
            seed=table.rng.seed,
            merc=any(r.is_merc for r in table.runners),
            saves=saves,
            come_back=come_back,
        )
        self.table = table
        self.cid = cid
        self.resumed = True
        self.owner = table.owner
        for j, r in enumerate(r for r in crew if r.player.startswith(AI_PREFIX)):
            self.people[r.player] = Person(r.player, False, brain=CrewAI(self.seed * 101 + j))
        for r in humans:
            self.people[r.player] = Person(r.player, True)
        return self

    # ---- entry point ---------------------------------------------------------------

    def run(self) -> int:
        return guarded(self.io, self._run, self.goodbye)

    def _run(self) -> int:
        name = self.content.campaigns[self.campaign].name
        if self.resumed:
            self.io.say(f"Fixer: Cyberpunk Legends at the terminal. Back to {name}.")
            self.io.say(f"Campaign {self.cid}: {self.where()}.")
        else:
            self.io.say(f"Fixer: Cyberpunk Legends at the terminal. Campaign: {name}.")
        self.io.say("Type 'help' at any prompt for commands; end of input quits.")
        if not self.resumed:
            self.join()
            self.start(self.scenario)
        while True:
            try:
                if self.table.run is not None:
                    self.play_run()
                    self.after_run()
                action = self.camp()
                self.start_action(action)
            except TableMoved as exc:
                # Someone else (another terminal on this campaign) moved first: go on
                # from the table as it is on disk now.
                self.table = exc.state
                self.io.say(t(from_environment(), MOVED_ELSEWHERE))

    def where(self) -> str:
        run = self.table.run
        if run is not None:
            scen = self.content.scenarios[run.scenario].name
            return t(self.lang, "mid-run in {scenario}, round {n}", scenario=scen, n=run.round)
        run_name = render.next_run_label(self.table, self.content)
        return t(self.lang, "between runs, next: {run}", run=run_name)

    def goodbye(self) -> None:
        if self.saves is not None and self.cid is None:
            self.io.say("Nothing was saved: the crew was not set up yet.")
        saved = self.cid if self.saves is not None else None
        goodbye(self.io, self.come_back(saved) if saved else None, self.where())

    # ---- setting up ----------------------------------------------------------------

    def join(self) -> None:
        """Each person picks a name and any role the table still has a deck of (every
        role is offered); then the campaign is saved and the crew joins it."""
        order = seat_roles(self.content, len(self.content.roles))  # each role once
        copies = 1 + self.table.options.extra_role_decks
        left = {r: copies for r in order}
        joins: list[Join] = []
        for i in range(self.humans):
            player = f"{HUMAN_PREFIX}{i + 1}"
            # one human is just "Player"; several are numbered (a name, not a plural)
            default = f"Player {i + 1}" if self.humans > 1 else "Player"
            name = (
                self.ask_text(
                    f"Runner {i + 1}, your name [{default}]: ",
                    "Type a name for this runner (Enter keeps the one in brackets), or quit.",
                )
                or default
            )[:64]
            role = self.pick_role("Pick a role [1]: ", [r for r in order if left[r]])
            left[role] -= 1
            merc_role: Role | None = None
            if self.merc:
                merc_role = self.pick_role(
                    "Your merc's role [1]: ", [r for r in order if left[r]], heading="Merc roles"
                )
                left[merc_role] -= 1
            self.people[player] = Person(player=player, human=True)
            joins.append(Join(player=player, name=name, role=role, merc=merc_role))
        taken = {j.name.lower() for j in joins}
        names = [n for n in AI_NAMES if n.lower() not in taken]
        for j in range(self.runners - self.humans):
            player = f"{AI_PREFIX}{j + 1}"
            # The role with the most decks left, in the usual order: a crew of distinct
            # roles while there are enough.
            role = max(order, key=lambda r: left[r])
            left[role] -= 1
            self.people[player] = Person(
                player=player, human=False, brain=CrewAI(seed=self.seed * 101 + j)
            )
            name = names[j] if j < len(names) else f"Crew {j + 1}"
            joins.append(Join(player=player, name=name, role=role))
        self.create()
        for join in joins:
            self.act(join)
        self.flush_public()

    def pick_role(self, prompt: str, options: list[Role], heading: str = "Roles") -> Role:
        labels = [self.content.roles[r].name for r in options]
        self.io.say(f"{heading}: " + "; ".join(f"{n}) {lab}" for n, lab in enumerate(labels, 1)))
        return options[self.ask_choice(prompt, labels, "role", default=1) - 1]

    def create(self) -> None:
        if self.saves is None:
            return
        camp = self.content.campaigns[self.campaign].name
        self.cid, self.table = self.saves.create(
            self.table, camp, stamp=lambda t, cid: t.model_copy(update={"id": cid})
        )
        saved_line(self.io, self.saves, self.cid)

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
        shown = self.shown(view)
        self.io.say(self.board(shown))
        self.io.say(render.render_hand(shown, self.lang))
        self.io.say(render.render_moves(moves, shown, self.lang))
        while True:
            pick = self.ask_move(person.player, moves, view)
            try:
                self.act(moves[pick])
            except IllegalAction as exc:
                self.io.say(render.clean(howto.refusal_text(exc.refusal)))
                continue
            break
        if not self.hotseat:
            self.show_feed(person.player)

    def shown(self, view: PlayerView) -> PlayerView:
        """The view with the pack's words in the terminal's language (typed names are
        matched against the printed view)."""
        return localize_view(view, self.content, self.table, self.lang)

    def board(self, view: PlayerView) -> str:
        return render.render_board(view.board, self.verdicts(), self.lang)

    def verdicts(self) -> render.Verdicts:
        """Whether the Plan as it stands hits each active Obstacle, and why: the engine's
        own evaluator and explanation (`check_to_hit`, `explain`) on the Plan cards and
        options its execution uses (all public: the Plan and the Obstacles are face up)."""
        run = self.table.run
        if run is None or not (run.plan or run.phase in ("plan", "assign")):
            return {}
        cards = plan_eval_cards(self.table, self.content)
        opts = eval_options(self.table, self.content)
        out: dict[int, tuple[bool, str]] = {}
        for ob in run.active:
            to_hit = scenario_card(self.table, self.content, ob.order).to_hit
            res = check_to_hit(cards, to_hit, opts)
            out[ob.order] = (res.hit, res.explain(to_hit).removeprefix("Hit — "))
        return out

    def pass_to(self, player: str) -> None:
        """Hot-seat: hide the last person's hand before the next one looks."""
        if not self.hotseat or self.on_screen == player:
            self.on_screen = player
            return
        self.io.clear()
        name = self.name_of(player)
        self.ask_text(f"Pass the keyboard to {name}, then press Enter. ", commands=False)
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
        from cogs.legends.terminal import camp

        return camp.screen(self)

    # ---- applying actions and showing events ---------------------------------------

    def act(self, action: Action) -> None:
        if self.saves is not None and self.cid is not None:
            moved = self.saves.commit(self.cid, action, self.table.version)
            self.table, events = moved.state, moved.events
        else:
            outcome = apply(self.table, action, self.content)
            self.table, events = outcome.table, tuple(outcome.events)
        self.log.extend(e for e in events if e.public)
        self.log = self.log[-200:]
        for person in self.people.values():
            if person.human:
                person.feed.extend(events_for(events, self.table, person.player))

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

    def viewer(self) -> str:
        """Whose hand and deck 'hand' and 'deck' show at a prompt that is nobody's turn."""
        return self.on_screen or self.owner

    def ask_text(self, prompt: str, help_text: str | None = None, *, commands: bool = True) -> str:
        """A line. 'quit' and (with `commands`) every command of `howto.ANYWHERE` work
        here; 'help' shows `help_text` if given."""
        while True:
            line = self.io.ask(prompt).strip()
            word, _, rest = line.partition(" ")
            word = word.lower()
            if word in ("quit", "exit") and not rest:
                raise Quit
            if help_text is not None and word in ("help", "h", "?") and not rest:
                self.io.say(help_text)
                continue
            if commands and self.command(self.viewer(), word, rest):
                continue
            if not commands and line:
                self.io.say("Press Enter when the keyboard has been passed (or 'quit').")
                continue
            return line

    def ask_number(
        self, prompt: str, n: int, *, default: int | None = None, zero: bool = False
    ) -> int:
        return self.ask_choice(prompt, None, "", n=n, default=default, zero=zero)

    def ask_choice(
        self,
        prompt: str,
        labels: Sequence[str] | None,
        what: str,
        *,
        n: int | None = None,
        default: int | None = None,
        zero: bool = False,
    ) -> int:
        """A number from a list, or (with `labels`) the start of an item's name."""
        count = len(labels) if labels is not None else (n or 0)
        lo = 0 if zero else 1
        hint = (
            f"Type {howto.numbers(lo, count)}"
            + (" or a name" if labels is not None else "")
            + (" (Enter keeps the default)" if default is not None else "")
            + ", or 'quit'."
        )
        while True:
            line = self.ask_text(prompt, hint)
            if not line and default is not None:
                return default
            if line.isdigit() and lo <= int(line) <= count:
                return int(line)
            if labels is not None and line and not line.isdigit():
                got = pick_by_name(line, labels, what)
                if isinstance(got, int):
                    return got + 1
                self.io.say(got)
                continue
            self.io.say(f"Type {howto.numbers(lo, count)}.")

    def ask_move(self, player: str, moves: Sequence[Action], view: PlayerView) -> int:
        n = len(moves)
        while True:
            line = self.ask_text("> ")
            if line.isdigit() and 1 <= int(line) <= n:
                return int(line) - 1
            word, _, rest = line.partition(" ")
            if word.lower() == "solve":
                self.solve(player, rest)
                continue
            got = match_move(line, moves, view, self.table, self.content, player) if line else None
            if isinstance(got, int):
                return got
            if isinstance(got, str):
                self.io.say(render.clean(got))
            elif not line:
                self.io.say(howto.NO_LINE.format(numbers=howto.numbers(1, n)))
            else:
                self.io.say(howto.NOT_A_MOVE.format(line=line, numbers=howto.numbers(1, n)))

    def solve(self, player: str, rest: str) -> None:
        answer = " ".join(shlex.split(rest)) if rest.count('"') % 2 == 0 else rest
        if not answer.strip():
            self.io.say("Type 'solve' and your answer on the same line, as in 'solve the answer'.")
        else:
            self.try_act(Solve(player=player, answer=answer[:200]), player)

    def command(self, player: str, word: str, rest: str) -> bool:
        """Commands that work at any prompt (`howto.ANYWHERE`). True if `word` was one."""
        if word in ("help", "h", "?") and not rest:
            self.io.say(self.help_text(player))
        elif word == "rules":
            self.rules(rest)
        elif rest:
            return False
        elif word == "board":
            self.io.say(self.board(self.shown(player_view(self.table, player, self.content))))
        elif word == "hand":
            view = self.shown(player_view(self.table, player, self.content))
            self.io.say(render.render_hand(view, self.lang) or "You hold no cards right now.")
        elif word == "clues":
            self.io.say(render.render_clues(self.table, self.content))
        elif word == "memory":
            mem = name_list(self.content.memory_name(m) for m in self.table.memory)
            mem = mem or "nothing yet"
            self.io.say(f"Persistent Memory: {mem}")
        elif word == "deck":
            mine = [r for r in self.table.runners if r.player == player]
            if not mine:
                self.io.say("You have no seat yet: your deck comes with your role.")
            for r in mine:
                self.io.say(
                    f"{r.name}{' (merc)' if r.is_merc else ''}: {count(r.eddies, 'Eddie')}, "
                    f"{count(len(r.deck), 'card')}"
                )
                for line in render.render_deck(r.deck, self.content):
                    self.io.say(line)
        elif word == "log":
            none = "Nothing has happened since you came back." if self.resumed else ""
            self.io.say(render.render_events(self.log[-25:]) or none or "Nothing has happened yet.")
        else:
            return False
        return True

    def help_text(self, player: str) -> str:
        """The help, its example card one the player can type: in their hand if they hold
        one, else of their deck, else of the pack."""
        view = player_view(self.table, player, self.content)
        held = [c.name for hand in view.hands.values() for c in hand]
        deck = [
            self.content.cards[c].name
            for r in self.table.runners
            if r.player == player
            for c in r.deck
        ]
        pack = sorted(c.name for c in self.content.cards.values())
        return howto.help_text((held or deck or pack or ["Knife"])[0])

    def rules(self, topic: str) -> None:
        """The rules help Discord's `/legends rules` gives, by the same topics."""
        key = (topic or "overview").strip().lower().replace(" ", "_")
        if key not in TOPICS:
            key = next(
                (k for k, (title, _) in TOPICS.items() if key in k or key in title.lower()), ""
            )
        # Each topic as the input that shows it.
        topics = ", ".join(f"'rules {k}'" for k in TOPICS)
        if not key:
            self.io.say(render.clean(f'No rules topic "{topic}". Topics: {topics}.'))
            return
        title, text = TOPICS[key]
        self.io.say(t(from_environment(), title).upper())
        body = self.help_text(self.viewer()) if key == "commands" else howto.rules_text(key, text)
        if key == "commands":
            self.io.say(body)
        else:
            for line in render.wrap(body, "  "):
                self.io.say(line)
        for line in render.wrap(f"Topics: {topics}."):
            self.io.say(line)

"""The terminal table: one human seat with AI crewmates, or several humans hot-seat.

The session reads lines from a text stream and writes to another, so tests drive it with
`io.StringIO`. Every move offered is one of `legal_actions` (through the player's view),
numbered; a bad line gets one line of explanation and the prompt again; end of input
ends the session cleanly.

The crew is set up in `crew`, input is read in `asking`, the commands that work at
every prompt are `commands`, the campaign screen between runs is `camp`. Every screen
speaks the terminal's language (`lang`, from `LANG`); the typed inputs stay English.

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

from collections.abc import Callable, Sequence

from bot.i18n import from_environment, t
from bot.terminal.console import Console
from bot.terminal.resume import goodbye, guarded, resume_command, saved_line
from bot.terminal.saves import MOVED_ELSEWHERE, Saves, TableMoved
from cogs.legends.localize import campaign_name, localize_events, localize_view, scenario_name
from cogs.legends.terminal import asking, crew, howto, render
from cogs.legends.terminal.crew import AI_PREFIX, HUMAN_PREFIX, Person
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.legends.actions import SYSTEM_PLAYER, Action, CloseVote, Start
from rules.legends.ai import CrewAI
from rules.legends.cards import ContentPack
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
from rules.legends.sim import extra_decks_for, next_actor
from rules.legends.state import Table
from rules.legends.view import PlayerView, events_for, player_view


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
        self.lang = from_environment()  # every screen's language
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
            name=campaign_name(content, self.lang, self.campaign),
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
        lang = self.lang
        name = campaign_name(self.content, lang, self.campaign)
        if self.resumed:
            self.io.say(t(lang, "Fixer: Cyberpunk Legends at the terminal. Back to {name}.",
                          name=name))  # fmt: skip
            self.io.say(t(lang, "Campaign {id}: {where}.", id=self.cid, where=self.where()))
        else:
            self.io.say(t(lang, "Fixer: Cyberpunk Legends at the terminal. Campaign: {name}.",
                          name=name))  # fmt: skip
        self.io.say(t(lang, "Type 'help' at any prompt for commands; end of input quits."))
        if not self.resumed:
            crew.join(self)
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
                self.io.say(t(self.lang, MOVED_ELSEWHERE))

    def where(self) -> str:
        run = self.table.run
        if run is not None:
            scen = scenario_name(self.content, self.lang, run.scenario)
            return t(self.lang, "mid-run in {scenario}, round {n}", scenario=scen, n=run.round)
        run_name = render.next_run_label(self.table, self.content)
        return t(self.lang, "between runs, next: {run}", run=run_name)

    def goodbye(self) -> None:
        if self.saves is not None and self.cid is None:
            self.io.say(t(self.lang, "Nothing was saved: the crew was not set up yet."))
        saved = self.cid if self.saves is not None else None
        goodbye(self.io, self.come_back(saved) if saved else None, self.where())

    # ---- setting up ----------------------------------------------------------------

    def create(self) -> None:
        if self.saves is None:
            return
        camp = campaign_name(self.content, self.lang, self.campaign)
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
            self.io.say(render.clean(howto.refusal_text(exc.refusal, self.lang)))
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
            pick = asking.move(self, person.player, moves, view)
            try:
                self.act(moves[pick])
            except IllegalAction as exc:
                self.io.say(render.clean(howto.refusal_text(exc.refusal, self.lang)))
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
        prompt = t(self.lang, "Pass the keyboard to {name}, then press Enter. ", name=name)
        asking.text(self, prompt, commands_too=False)
        self.io.clear()
        self.on_screen = player
        self.io.say(t(self.lang, "{name}'s turn.", name=name))

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
            self.io.say(render.clean(howto.refusal_text(exc.refusal, self.lang)))
            return False
        self.show_feed(player)
        return True

    def show_feed(self, player: str) -> None:
        person = self.people.get(player)
        if person is None or not person.feed:
            return
        if self.hotseat and self.on_screen not in (None, player):
            return
        text = self.events_text(person.feed)
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
            self.io.say(self.events_text(seen))

    def events_text(self, events: Sequence[Event]) -> str:
        """Events as log lines in the terminal's language, with the pack's words of it
        (a flipped card's text, a scenario's intro) where the pack's translation has them."""
        shown = localize_events(events, self.content, self.table, self.lang)
        return render.render_events(shown, self.lang)

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

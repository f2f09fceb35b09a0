"""One Legendary game at the terminal: you hold seat 1, AI teammates the others.

Everything printed comes from your seat's view (`rules.legendary.view.view`) and the
events your seat may see (`view.events_for`): the AI turns are narrated from those, so
another seat's hand, any deck's order and the RNG never reach the screen. Its events,
prompts and refusals follow the environment's language (`LANG`, docs/i18n.md); the
board, menu and help screens are English.

Saving: with `saves` the game is stored as the front end's `cogs.legendary.table.Table`
(the one the Discord side stores: its seats, the setup and the engine's `Game`), and
every move, the AI's and yours, goes through the game service as a `Move` and is on disk
before the next prompt; `Session.resume` picks a saved game up where it was. Without
`saves` (tests of the screens) moves are applied to the `Game` in memory.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.i18n import from_environment
from bot.terminal.console import Console, Quit
from bot.terminal.resume import goodbye, guarded, resume_command, saved_line
from bot.terminal.saves import MOVED_ELSEWHERE, Saves, TableMoved
from cogs.legendary import table as tbl
from cogs.legendary.terminal.howto import HELP, rules_text
from cogs.legendary.terminal.render import board, move_label
from cogs.legendary.words import say
from content.legendary.info import show_card
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.legendary import engine
from rules.legendary.actions import Action, Choose, EndTurn, Fight, Heal, Play, Recruit
from rules.legendary.ai import Agent
from rules.legendary.cards import Pack
from rules.legendary.state import Game, Result
from rules.legendary.view import GameView, events_for, view

#: The person at this keyboard, in a saved table's seats (the others are AI seats).
PERSON = "p1"

#: Verbs typed before a card name, and the actions they select.
VERBS: dict[str, type] = {"play": Play, "recruit": Recruit, "fight": Fight}


class Session:
    def __init__(
        self,
        pack: Pack,
        game: Game,
        console: Console,
        agents: dict[int, Agent],
        *,
        seat: int = 0,
        on_step: Callable[[Game, Sequence[Event]], None] | None = None,
        saves: Saves[tbl.Table, tbl.Action] | None = None,
        table: tbl.Table | None = None,
        cid: str | None = None,
        come_back: Callable[[str], str] | None = None,
        settings: dict[str, object] | None = None,
    ) -> None:
        self.pack = pack
        self.game = game
        self.con = console
        self.lang = from_environment()
        self.agents = agents
        self.seat = seat
        # Tests watch the hidden state and the events after every action (never shown
        # to the player).
        self.on_step = on_step
        # Saved games: the stored table (None until created), its campaign id.
        self.saves = saves
        self.table = table
        self.cid = cid
        self.resumed = cid is not None
        saved_game = saves.game if saves is not None else ""
        self.come_back = come_back or (lambda cid: resume_command(saved_game, cid))
        self.settings = dict(settings or {})
        self._shown_version = -1
        # The whole table is shown at the start of your turn, after a move that changes
        # the city or the HQ, and on `look`; other moves show your hand and pools only.
        self._full = True

    # ---- the loop -------------------------------------------------------------------

    def run(self) -> int:
        return guarded(self.con, self._run, self.goodbye)

    def _run(self) -> int:
        self.con.say(f"Legendary 2099 - you are {self.game.names[self.seat]} (seat 1).")
        if self.resumed:
            self.con.say(f"Back to game {self.cid}: {self.where()}.")
        else:
            self.create()
        self.con.say("Type help for the commands.")
        while not self.game.over:
            who = engine.decision_seat(self.game)
            assert who is not None
            try:
                if who == self.seat:
                    self._human()
                else:
                    self._ai(who)
                    self._full = True
            except TableMoved as exc:  # another terminal moved first: go on from there
                self._stored(exc.state)
                self.con.say(t(self.lang, MOVED_ELSEWHERE))
                self._shown_version, self._full = -1, True
        self._finish()
        return 0

    def where(self) -> str:
        g = self.game
        whose = "your turn" if g.current == self.seat else f"{g.names[g.current]}'s turn"
        return f"turn {g.turn_no}, {whose}"

    def goodbye(self) -> None:
        self.con.say("You leave the table.")
        saved = self.cid if self.saves is not None else None
        goodbye(self.con, self.come_back(saved) if saved else None, self.where())

    def create(self) -> None:
        """Store the game: a table whose seat 1 is the person at this keyboard and the
        others AI seats (the person `tbl.AI` moves them)."""
        if self.saves is None:
            return
        seats = tuple(
            tbl.Seat(person=PERSON if i == self.seat else None, name=name)
            for i, name in enumerate(self.game.names)
        )
        g = self.game
        choice = tbl.Choice(scheme=g.scheme, mastermind=g.mastermind, epic=g.epic)
        table = tbl.Table(id="", owner=PERSON, seats=seats, choice=choice, game=g)
        scheme, mm = self.pack.schemes[g.scheme].name, self.pack.masterminds[g.mastermind].name
        self.cid, self.table = self.saves.create(
            table,
            f"Legendary: {scheme} against {mm}",
            stamp=lambda t, cid: t.model_copy(update={"id": cid}),
            settings=self.settings,
        )
        saved_line(self.con, self.saves, self.cid)

    def _apply(self, action: Action) -> None:
        if self.saves is not None and self.cid is not None and self.table is not None:
            person = PERSON if action.seat == self.seat else tbl.AI
            move = tbl.Move(person=person, action=action)
            moved = self.saves.commit(self.cid, move, self.table.version)
            self._stored(moved.state)
            events: Sequence[Event] = moved.events
        else:
            out = engine.apply(self.game, action, self.pack)
            self.game, events = out.state, out.events
        self._narrate(events)
        if self.on_step is not None:
            self.on_step(self.game, events)

    def _stored(self, table: tbl.Table) -> None:
        assert table.game is not None
        self.table, self.game = table, table.game

    def _narrate(self, events: Sequence[Event]) -> None:
        for e in events_for(tuple(events), self.seat):
            if e.text:
                self.con.say(f"  {say(self.lang, e.text)}")

    def _ai(self, who: int) -> None:
        v = view(self.game, self.pack, who)
        legal = engine.legal_actions(self.game, self.pack, who)
        self._apply(self.agents[who].decide(v, legal, self.pack))

    # ---- your seat ------------------------------------------------------------------

    def _view(self) -> GameView:
        return view(self.game, self.pack, self.seat)

    def _show(self, v: GameView, legal: list[Action], *, full: bool = True) -> None:
        self.con.say("")
        for line in board(v, self.seat, full=full):
            self.con.say(line)
        if v.prompt is not None:
            self.con.say(f"> {say(self.lang, v.prompt.text)}")
        for k, a in enumerate(legal, 1):
            self.con.say(f"  {k}. {move_label(a, v)}")

    def _human(self) -> None:
        v = self._view()
        legal = engine.legal_actions(self.game, self.pack, self.seat)
        if v.version != self._shown_version:
            self._show(v, legal, full=self._full)
            self._shown_version = v.version
            self._full = False
        line = self.con.ask("prompt> " if v.prompt is not None else "> ").strip()
        if not line:
            return
        action = self._parse(line, v, legal)
        if action is None:
            return
        try:
            self._apply(action)
        except IllegalAction as exc:
            self.con.say(say(self.lang, exc.refusal.message))
            return
        if not isinstance(action, Play | Choose) or self.game.current != self.seat:
            self._full = True

    def _parse(self, line: str, v: GameView, legal: list[Action]) -> Action | None:
        """The action a typed line names, or None after printing why (or a reply)."""
        word, _, rest = line.partition(" ")
        word = word.lower()
        rest = rest.strip()
        if word.isdigit():
            k = int(word)
            if 1 <= k <= len(legal):
                return legal[k - 1]
            self.con.say(f"There is no move {k}.\nType a number from 1 to {len(legal)}.")
            return None
        if word in ("quit", "exit"):
            raise Quit
        if word in ("help", "?"):
            self.con.say(HELP)
            return None
        if word == "rules":
            self.con.say(rules_text(rest or None))
            return None
        if word == "card":
            lines = show_card(self.pack, rest) if rest else None
            self.con.say(
                "\n".join(lines)
                if lines
                else f"No single card matches '{rest}'.\nType card and a card's name."
            )
            return None
        if word in ("look", "board"):
            self._show(v, legal)
            return None
        if word in ("end", "heal"):
            kind: type = EndTurn if word == "end" else Heal
            return self._one(legal, lambda a: isinstance(a, kind), line)
        if word in VERBS and rest:
            verb = VERBS[word]
            return self._one(
                [a for a in legal if isinstance(a, verb)],
                lambda a: _matches(move_label(a, v), word, rest),
                line,
            )
        # An answer to a prompt may be typed as its label.
        if v.prompt is not None:
            return self._one(legal, lambda a: _matches(move_label(a, v), "", line), line)
        self.con.say(f"'{line}' is not a move here.\nType a number, or help for the commands.")
        return None

    def _one(self, legal: list[Action], test: Callable[[Action], bool], line: str) -> Action | None:
        hits = [a for a in legal if test(a)]
        if len(hits) == 1:
            return hits[0]
        if not hits:
            self.con.say(f"'{line}' is not a legal move now.\nType look to see the moves.")
        else:
            self.con.say(f"'{line}' fits {len(hits)} moves.\nType the move's number instead.")
        return None

    def _finish(self) -> None:
        v = self._view()
        result = {
            Result.GOOD: "The players win: the Mastermind is defeated!",
            Result.EVIL: "Evil Wins.",
            Result.DRAW: "A deck ran out: the game is a draw.",
        }
        self.con.say("")
        self.con.say(result[v.result] if v.result is not None else "The game is over.")
        for p in v.players:
            self.con.say(f"  {p.name}: {p.vp} VP")


def _matches(label: str, verb: str, typed: str) -> bool:
    """A typed name fits a move label: the label after the verb starts with it."""
    body = label[len(verb) :].strip().lower() if verb else label.lower()
    return body.startswith(typed.strip().lower())

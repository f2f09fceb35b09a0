"""One Legendary game at the terminal: you hold seat 1, AI teammates the others.

Everything printed comes from your seat's view (`rules.legendary.view.view`) and the
events your seat may see (`view.events_for`): the AI turns are narrated from those, so
another seat's hand, any deck's order and the RNG never reach the screen. Every screen
(board, moves, help, rules, events, prompts, refusals, the end) follows the
environment's language (`LANG`, docs/i18n.md), card names as the pack translates them
on the board and in the engine's event lines, prompts and refusals alike
(`cogs.legendary.localize.line`), keyword marks as the rules name them;
the command words (`play`, `look`, `quit`…) stay English, and `play NAME` takes a card's
printed or translated name.

Saving: with `saves` the game is stored as the front end's `cogs.legendary.table.Table`
(the one the Discord side stores: its seats, the setup and the engine's `Game`), and
every move, the AI's and yours, goes through the game service as a `Move` and is on disk
before the next prompt; `Session.resume` picks a saved game up where it was. Without
`saves` (tests of the screens) moves are applied to the `Game` in memory.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.i18n import N_, SOURCE, from_environment, t
from bot.terminal.console import Console, Quit
from bot.terminal.resume import goodbye, guarded, resume_command, saved_line
from bot.terminal.saves import MOVED_ELSEWHERE, Saves, TableMoved
from cogs.legendary import table as tbl
from cogs.legendary.howto import card_text
from cogs.legendary.localize import line as localized
from cogs.legendary.render_table import END_TEXT
from cogs.legendary.terminal.howto import help_text, rules_text
from cogs.legendary.terminal.render import board, move_label
from content.legendary.info import show_card
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.legendary import engine
from rules.legendary.actions import Action, Choose, EndTurn, Fight, Heal, Play, Recruit
from rules.legendary.ai import Agent
from rules.legendary.cards import Card, Pack
from rules.legendary.state import Game
from rules.legendary.view import GameView, events_for, view

#: The person at this keyboard, in a saved table's seats (the others are AI seats).
PERSON = "p1"

#: How the terminal plays one half of a divided card (`card NAME` says it).
HALF = N_("A divided card: play it (play NAME), then pick the half when asked.")

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
        lang = self.lang
        self.con.say(self.greeting())
        if self.resumed:
            self.con.say(t(lang, "Back to game {id}: {where}.", id=self.cid, where=self.where()))
        else:
            self.create()
        self.con.say(t(lang, "Type help for the commands."))
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

    def greeting(self) -> str:
        """The first line: your seat, and the name you play under when it is not the
        default "you" (in English or the terminal's language)."""
        lang, who = self.lang, self.game.names[self.seat]
        if who in ("you", t(lang, "you")):
            return t(lang, "Legendary 2099: you take seat 1.")
        return t(lang, "Legendary 2099: you take seat 1 as {who}.", who=who)

    def where(self) -> str:
        g = self.game
        lang = self.lang
        if g.current == self.seat:
            return t(lang, "turn {n}, your turn", n=g.turn_no)
        return t(lang, "turn {n}, {who}'s turn", n=g.turn_no, who=g.names[g.current])

    def goodbye(self) -> None:
        self.con.say(t(self.lang, "You leave the table."))
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
                self.con.say(f"  {localized(self.pack, self.lang, e.text)}")

    def _ai(self, who: int) -> None:
        v = view(self.game, self.pack, who)
        legal = engine.legal_actions(self.game, self.pack, who)
        self._apply(self.agents[who].decide(v, legal, self.pack))

    # ---- your seat ------------------------------------------------------------------

    def _view(self) -> GameView:
        return view(self.game, self.pack, self.seat)

    def _show(self, v: GameView, legal: list[Action], *, full: bool = True) -> None:
        self.con.say("")
        for line in board(v, self.seat, full=full, loc=self.lang, pack=self.pack):
            self.con.say(line)
        if v.prompt is not None:
            self.con.say(f"> {localized(self.pack, self.lang, v.prompt.text)}")
        for k, a in enumerate(legal, 1):
            self.con.say(f"  {k}. {move_label(a, v, self.lang, self.pack)}")

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
            self.con.say(localized(self.pack, self.lang, exc.refusal.message))
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
            self.con.say(t(self.lang, "There is no move {k}.\nType a number from 1 to {last}.",
                           k=k, last=len(legal)))  # fmt: skip
            return None
        if word in ("quit", "exit"):
            raise Quit
        if word in ("help", "?"):
            self.con.say(help_text(self.lang))
            return None
        if word == "rules":
            self.con.say(rules_text(rest or None, self.lang))
            return None
        if word == "card":
            self._card(rest)
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
                lambda a: self._fits(a, v, word, rest),
                line,
            )
        # An answer to a prompt may be typed as its label.
        if v.prompt is not None:
            return self._one(legal, lambda a: self._fits(a, v, "", line), line)
        self.con.say(t(self.lang, "'{line}' is not a move here.\nType a number, or help for the "
                       "commands.", line=line))  # fmt: skip
        return None

    def _fits(self, a: Action, v: GameView, verb: str, typed: str) -> bool:
        """A typed name fits a move by its English label (printed names) or by its label
        as shown (translated names; its first word is the verb in the language)."""
        if _matches(move_label(a, v), verb, typed):
            return True
        if self.lang == SOURCE:
            return False
        shown = move_label(a, v, self.lang, self.pack)
        body = shown.split(" ", 1)[1] if verb and " " in shown else shown
        return _matches(body, "", typed)

    def _card(self, query: str) -> None:
        """A card by printed (or, in another language, translated) name, in the language."""
        lang = self.lang
        if lang == SOURCE:
            lines = show_card(self.pack, query) if query else None
        else:
            found = self._find_card(query) if query else None
            text = None if found is None else card_text(found, self.pack, lang, play_half=HALF)
            lines = None if text is None else text.split("\n")
            lines = None if lines is None else [x.replace("**", "") for x in lines]
        if lines:
            self.con.say("\n".join(lines))
        else:
            self.con.say(t(lang, "No single card matches '{query}'.\nType card and a card's name.",
                           query=query))  # fmt: skip

    def _find_card(self, query: str) -> Card | None:
        """A card by id, printed or translated name (exact, else an unambiguous prefix)."""
        q = query.strip().lower()
        cards = self.pack.cards
        local = {cid: self.pack.text_for(cid, "name", self.lang).lower() for cid in cards}
        keys = {cid: (cid, cards[cid].name.lower(), local[cid]) for cid in cards}
        found = [cid for cid, ks in keys.items() if q in ks]
        if not found:
            found = [cid for cid, ks in keys.items() if any(k.startswith(q) for k in ks)]
        return cards[found[0]] if len(found) == 1 else None

    def _one(self, legal: list[Action], test: Callable[[Action], bool], line: str) -> Action | None:
        hits = [a for a in legal if test(a)]
        if len(hits) == 1:
            return hits[0]
        if not hits:
            self.con.say(t(self.lang, "'{line}' is not a legal move now.\nType look to see the "
                           "moves.", line=line))  # fmt: skip
        else:
            self.con.say(t(self.lang, "'{line}' fits {n} moves.\nType the move's number instead.",
                           line=line, n=len(hits)))  # fmt: skip
        return None

    def _finish(self) -> None:
        v, lang = self._view(), self.lang
        self.con.say("")
        self.con.say(t(lang, END_TEXT[v.result]) if v.result is not None else
                     t(lang, "The game is over."))  # fmt: skip
        for p in v.players:
            self.con.say(t(lang, "  {who}: {n} VP", who=p.name, n=p.vp))


def _matches(label: str, verb: str, typed: str) -> bool:
    """A typed name fits a move label: the label after the verb starts with it."""
    body = label[len(verb) :].strip().lower() if verb else label.lower()
    return body.startswith(typed.strip().lower())

"""One terminal duel: a person in seat 1 against an AI in seat 2.

The person is shown only `view(duel, content, 0)` and the events `events_for(…, 0)`; the
AI chooses from `view(duel, content, 1)`. The session alone holds the `Duel`. Input comes
line by line from a `Console`, so tests script a whole duel with `io.StringIO`.

Saving: with `saves` (the database, `bot.terminal.saves.Saves`) every move, the AI's and
yours, goes through the game service and is on disk before the next prompt; quitting,
Ctrl-C or a kill loses nothing, and `Session.resume` picks the duel up where it was. The
AI's random choices are drawn from the duel's seed and version, so a resumed duel goes on
exactly as it would have without the break. Without `saves` (tests of the screens only)
moves are applied in memory.

Language: every screen, event, prompt and refusal is in the environment's language
(`LANG`, `bot.i18n.from_environment`), with the pack's translated card names and texts,
through the Discord front end's own words (cogs/tcg/words.py, cogs/tcg/localize.py).
The command words (`help`, `board`, `quit`…) stay English in every language; a move typed
by its words matches its label as shown.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from bot.i18n import did_you_mean, from_environment, t, tcount
from bot.terminal.console import Console, Quit
from bot.terminal.resume import goodbye, guarded, resume_command, saved_line
from bot.terminal.saves import MOVED_ELSEWHERE, Saves, TableMoved
from cogs.tcg.localize import card_lines, localize_view
from cogs.tcg.localize import line as engine_line
from cogs.tcg.terminal import howto, render
from cogs.tcg.words import result_words
from content.tcg.info import card_names
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.tcg import actions as act
from rules.tcg.cards import DeckList, TcgContent
from rules.tcg.engine import apply, new_duel
from rules.tcg.legal import legal_actions, payment_variants, to_act
from rules.tcg.sim import Player
from rules.tcg.state import Duel
from rules.tcg.view import DuelView, events_for, view, visible_names

ME, AI = 0, 1
PLAYERS = ("you", "ai")


class Session:
    def __init__(
        self,
        console: Console,
        content: TcgContent,
        decks: tuple[DeckList, DeckList],
        ai: Player,
        seed: int,
        ai_name: str = "Rival AI",
        *,
        saves: Saves[Duel, act.Action] | None = None,
        settings: dict[str, object] | None = None,
        come_back: Callable[[str], str] | None = None,
    ) -> None:
        self.io = console
        self.lang = from_environment()
        self.content = content
        self.ai = ai
        self.seed = seed
        self.state: Duel = new_duel(
            duel_id=f"terminal-{seed}",
            players=PLAYERS,
            names=(t(self.lang, "Player"), ai_name),
            decks=decks,
            seed=seed,
            content=content,
        )
        self.saves = saves
        self.settings = dict(settings or {})
        saved_game = saves.game if saves is not None else ""
        self.come_back = come_back or (lambda cid: resume_command(saved_game, cid))
        self.cid: str | None = None  # the saved duel's id, once created
        self.resumed = False
        self.shown: tuple[int, str, int] | None = None  # turn, phase, rival moves: last board
        self.shown_version = -1
        self.rival_moved = 0  # the rival's moves since your last decision
        self.events: list[Event] = []  # every event of the duel, hidden ones included

    @classmethod
    def resume(
        cls,
        console: Console,
        content: TcgContent,
        duel: Duel,
        ai: Player,
        seed: int,
        saves: Saves[Duel, act.Action],
        cid: str,
        come_back: Callable[[str], str] | None = None,
    ) -> Session:
        """A saved duel, where it was (its decks and names are in the duel)."""
        decks = tuple(content.decks[s.deck_id] for s in duel.seats)
        self = cls(console, content, (decks[0], decks[1]), ai, seed, saves=saves)
        self.come_back = come_back or self.come_back
        self.state, self.cid, self.resumed = duel, cid, True
        return self

    # ---- the loop -------------------------------------------------------------------

    def run(self) -> int:
        return guarded(self.io, self._run, self.goodbye)

    def _run(self) -> int:
        d0, d1 = (self.content.decks.get(s.deck_id) for s in self.state.seats)
        lang = self.lang
        mine = self.content.deck_text_for(d0.id, "name", lang) if d0 else t(lang, "your deck")
        theirs = self.content.deck_text_for(d1.id, "name", lang) if d1 else t(lang, "a deck")
        self.io.say(
            t(
                lang,
                "Cyberpunk TCG: you ({deck}) against {rival} ({rival_deck}). Type 'help'.",
                deck=mine,
                rival=self.state.seats[AI].name,
                rival_deck=theirs,
            )  # fmt: skip
        )
        if self.resumed:
            self.io.say(t(lang, "Back to duel {id}: {where}.", id=self.cid, where=self.where()))
        else:
            self.create()
        while self.state.result is None:
            try:
                seat = to_act(self.state)
                if seat == AI:
                    self._ai_move()
                else:
                    self._my_move()
            except TableMoved as exc:  # another terminal moved first: go on from there
                self.state, self.shown = exc.state, None
                self.io.say(t(self.lang, MOVED_ELSEWHERE))
        self._show_result()
        return 0

    def where(self) -> str:
        seen, lang = self.seen(), self.lang
        return render.where(seen, lang)

    def create(self) -> None:
        if self.saves is None:
            return
        me, ai = (s.name for s in self.state.seats)
        self.cid, self.state = self.saves.create(
            self.state,
            f"TCG duel: {me} against {ai}",
            stamp=lambda d, cid: d.model_copy(update={"id": cid}),
            settings=self.settings,
        )
        saved_line(self.io, self.saves, self.cid)

    def goodbye(self) -> None:
        self.io.say(t(self.lang, "Left the duel."))
        saved = self.cid if self.saves is not None else None
        goodbye(self.io, self.come_back(saved) if saved else None, self.where())

    def seen(self) -> DuelView:
        """Your seat's view (the visibility choke point), its card names and engine words
        in the terminal's language."""
        return localize_view(view(self.state, self.content, ME), self.content, self.lang)

    def _apply(self, action: act.Action) -> None:
        if self.saves is not None and self.cid is not None:
            moved = self.saves.commit(self.cid, action, self.state.version)
            self.state, events = moved.state, moved.events
        else:
            out = apply(self.state, action, self.content)
            self.state, events = out.state, out.events
        self.events.extend(events)
        self._narrate(events)

    def _narrate(self, events: tuple[Event, ...]) -> None:
        for e in events_for(events, ME):
            self.io.say(f"  · {engine_line(self.content, self.lang, e.text)}")

    def _ai_move(self) -> None:
        legal = [
            a for a in legal_actions(self.state, self.content, PLAYERS[AI]) if a.type != "concede"
        ]
        # Its randomness from the seed and the version: the same after a resume.
        rng = random.Random(f"tcg-ai:{self.seed}:{self.state.version}")
        action = self.ai.choose(view(self.state, self.content, AI), legal, self.content, rng)
        self.rival_moved += 1
        self._apply(action)

    def _my_move(self) -> None:
        seen = self.seen()
        # The whole table when it may have changed in ways the narration did not spell
        # out (the rival moved, a new turn or phase); after your own moves a status line.
        key = (seen.turn, seen.phase.value, self.rival_moved)
        if key != self.shown:
            self.io.say(render.board(seen, self.lang))
        elif seen.version != self.shown_version:
            self.io.say(render.status(seen, self.lang))
        self.shown, self.shown_version, self.rival_moved = key, seen.version, 0
        legal: list[act.Action] = [
            a for a in legal_actions(self.state, self.content, PLAYERS[ME]) if a.type != "concede"
        ]
        labels = [render.label(a, seen, self.lang) for a in legal]
        if seen.prompt is not None and seen.prompt.seat == ME:
            self.io.say(seen.prompt.text)
        elif seen.phase.value == "mulligan":
            self.io.say(t(self.lang, "Keep this opening hand, or mulligan?"))
        for i, text in enumerate(labels, 1):
            self.io.say(f"  {i:>2}) {text}")
        while True:
            line = self.io.ask("> ").strip()
            picked = self._command(line, legal, labels)
            if picked is None:
                continue
            action = self._payment(picked)
            if action is None:
                continue
            try:
                self._apply(action)
            except IllegalAction as exc:
                self.io.say(engine_line(self.content, self.lang, exc.refusal.message))
                continue
            return

    # ---- commands -------------------------------------------------------------------

    def _command(self, line: str, legal: list[act.Action], labels: list[str]) -> act.Action | None:
        """The move `line` picks, or None after answering a command or an error."""
        word, _, rest = line.partition(" ")
        word = word.lower()
        lang = self.lang
        if not line:
            self.io.say(t(lang, "Type a move's number, or 'help'."))
            return None
        if line.isdigit():
            n = int(line)
            if 1 <= n <= len(legal):
                return legal[n - 1]
            self.io.say(t(lang, "No move {n}: pick 1 to {last}, or type 'help'.", n=n,
                          last=len(legal)))  # fmt: skip
            return None
        if word == "help":
            self.io.say(howto.help_text(lang))
        elif word == "rules":
            self.io.say(howto.rules(rest, lang))
        elif word == "board":
            self.io.say(render.board(self.seen(), lang))
        elif word == "hand":
            seen = self.seen()
            texts = {c.id: self.content.text_for(c.id, "text", lang)
                     for c in seen.seats[ME].hand or ()}  # fmt: skip
            self.io.say(render.hand(seen, lang, texts))
        elif word == "card":
            self._card(rest)
        elif word == "quit":
            raise Quit
        elif word == "concede":
            return act.Concede(player=PLAYERS[ME])
        else:
            return self._by_words(line, legal, labels)
        return None

    def _by_words(self, line: str, legal: list[act.Action], labels: list[str]) -> act.Action | None:
        q = line.lower().split()
        hits = [i for i, text in enumerate(labels) if _matches(q, text.lower())]
        if len(hits) == 1:
            return legal[hits[0]]
        if hits:
            options = ", ".join(str(i + 1) for i in hits)
            self.io.say(t(self.lang, "'{line}' fits moves {moves}: type the number.",
                          line=line, moves=options))  # fmt: skip
        else:
            self.io.say(t(self.lang, "No move or command '{line}'. Type a move's number, or "
                          "'help'.", line=line))  # fmt: skip
        return None

    def _card(self, query: str) -> None:
        lang = self.lang
        if not query.strip():
            self.io.say(t(lang, "Which card? Type 'card NAME'."))
            return
        lines = card_lines(self.content, query, lang)
        if lines is None:
            hint = did_you_mean(lang, query, card_names(self.content))
            self.io.say(t(lang, "No card '{query}'{hint}. Try 'card NAME' with a card's full "
                          "name.", query=query, hint=hint))  # fmt: skip
            return
        self.io.say("\n".join(lines))

    def _payment(self, action: act.Action) -> act.Action | None:
        """Ask how to pay when there is more than one way (T27); None: asked again."""
        ways = payment_variants(self.state, self.content, action)
        if len(ways) <= 1:
            return action
        n = visible_names(self.seen())
        slots = {sl.inst: k for k, sl in enumerate(self.state.seats[ME].legends) if sl.inst}
        lang = self.lang
        self.io.say(t(lang, "Pay how?"))
        self.io.say("   0) " + t(lang, "Eddies first (default)"))
        for i, w in enumerate(ways, 1):
            pay = getattr(w, "pay", None) or ()
            legends = [self._source(x, n) for x in pay if x in n or x in slots]
            eddies = len(pay) - len(legends)
            parts = ([tcount(lang, eddies, "Eddie")] if eddies else []) + legends
            self.io.say(f"  {i:>2}) {' + '.join(parts)}")
        line = self.io.ask("pay> ").strip()
        if line.lower() == "quit":
            raise Quit
        if line in ("", "0"):
            return action
        if line.isdigit() and 1 <= int(line) <= len(ways):
            return ways[int(line) - 1]
        self.io.say(t(lang, "No payment '{line}': type 0 to {last} (or 'quit'). Pick the move "
                      "again.", line=line, last=len(ways)))  # fmt: skip
        return None

    def _source(self, inst: str, names: Mapping[str, str]) -> str:
        """A Legend paying, by name when face-up; a face-down one by its slot only (its
        instance id would tell which Legend of the deck list it is)."""
        if inst in names:
            return names[inst]
        for k, sl in enumerate(self.state.seats[ME].legends):
            if sl.inst == inst:
                return t(self.lang, "the face-down Legend in slot {n}", n=k + 1)
        return t(self.lang, "a Legend")

    def _show_result(self) -> None:
        seen, lang = self.seen(), self.lang
        self.io.say(render.board(seen, lang))
        why = result_words(lang, seen.result or "")
        if seen.winner is None:
            self.io.say(t(lang, "The duel ends in a draw ({reason}).", reason=why))
        elif seen.winner == ME:
            self.io.say(t(lang, "You win ({reason}).", reason=why))
        else:
            self.io.say(t(lang, "{who} wins ({reason}).", who=seen.seats[AI].name, reason=why))


def _matches(words: list[str], label: str) -> bool:
    parts = label.replace(":", " ").replace("(", " ").split()
    return all(any(p.startswith(w) for p in parts) for w in words)

"""`python -m bot play --game legendary`: a scripted terminal game, typed moves, prompts,
and that the transcript shows only seat 1's view."""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import cache

import pytest

from bot.terminal.console import Console
from cogs.legendary.plugin import PLUGIN
from cogs.legendary.terminal.play import main
from cogs.legendary.terminal.render import names
from cogs.legendary.terminal.session import Session
from content.legendary.loader import load_default_pack
from rules.core.events import Event
from rules.legendary.ai import make_agent
from rules.legendary.cards import Pack
from rules.legendary.scenario import scenario
from rules.legendary.state import Game, Z
from rules.legendary.view import events_for, view
from rules.legendary.work import Work


@cache
def _pack() -> Pack:
    return load_default_pack()


def play(*argv: str, script: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    rc = main(list(argv), stdin=io.StringIO(script), stdout=out, stderr=err)
    return rc, out.getvalue(), err.getvalue()


def session(game: Game, script: str) -> tuple[Session, io.StringIO]:
    out = io.StringIO()
    agents = {s: make_agent("greedy", s) for s in range(1, game.players)}
    return Session(_pack(), game, Console(io.StringIO(script), out), agents), out


class _Watch:
    """After every action: the names only hidden zones hold (other hands, every deck,
    face-down Tactics) and seat 1 was never shown, checked against what the transcript
    printed since the last action."""

    def __init__(self, out: io.StringIO) -> None:
        self.out = out
        self.mark = 0
        self.seen: set[str] = set()
        self.checked = 0

    def __call__(self, game: Game, events: Sequence[Event]) -> None:
        pack = _pack()
        w = Work(game, pack)
        v = view(game, pack, 0)
        # What the engine tells seat 1 (reveals, its own draws) is seat 1's to see.
        told = " ".join(e.text for e in events_for(tuple(events), 0))
        self.seen |= {c.name for c in pack.cards.values() if c.name in told}
        self.seen |= {c.name for c in names(v).values()}
        self.seen |= {c.name for c in v.mastermind.remaining}
        hidden_zones = [Z.VILLAIN_DECK, Z.HERO_DECK, *(Z.deck(p) for p in range(game.players))]
        hidden_zones += [Z.hand(p) for p in range(1, game.players)]
        if not w.adapting():
            hidden_zones.append(Z.TACTICS)
        hidden = {w.card(i).name for z in hidden_zones for i in w.z[z]} - self.seen
        chunk = self.out.getvalue()[self.mark :]
        self.mark = len(self.out.getvalue())
        leaked = sorted(n for n in hidden if n in chunk)
        assert not leaked, f"the transcript shows hidden cards {leaked}:\n{chunk}"
        self.checked += len(hidden)


def test_a_scripted_game_plays_to_the_end_and_never_shows_hidden_cards() -> None:
    from rules.legendary.setup import Setup, new_game

    pack = _pack()
    game = new_game(pack, Setup(names=("you", "ai2", "ai3")), 3).state
    s, out = session(game, "1\n" * 3000)
    watch = _Watch(out)
    s.on_step = watch
    assert s.run() == 0
    text = out.getvalue()
    assert s.game.over
    ends = ("The players win", "Evil wins", "The game ends in a draw")
    assert any(line.startswith(ends) for line in text.splitlines())
    assert "ai2: " in text.splitlines()[-2] and text.splitlines()[-1].startswith("  ai3: ")
    assert "prompt> " in text  # prompts (discards, choices) were answered at the terminal
    assert watch.checked > 1000  # the check looked at many hidden cards


def test_another_seats_hand_and_your_deck_stay_hidden() -> None:
    g = scenario(
        _pack(), players=2, names=["you", "ai2"],
        hands={0: ["precinct-runner"], 1: ["static-storm-lattice"]},
        decks={0: ["corp-security-guard"]},
    )  # fmt: skip
    s, out = session(g, "look\nquit\n")
    s.run()
    text = out.getvalue()
    assert "Your hand: Precinct Runner" in text
    assert "ai2: 1 card in hand, deck 0" in text
    assert "You: deck 1," in text
    assert "Storm Lattice" not in text
    assert "Corp Security Guard" not in text


def test_an_ai_turn_is_narrated_without_its_draws_or_its_deck() -> None:
    secret = ["mercy-triage", "mercy-stim-shot", "mercy-field-surgery", "mercy-second-life",
              "glitch-packet-sniff", "glitch-backdoor", "glitch-zero-day"]  # fmt: skip
    g = scenario(
        _pack(), players=2, names=["you", "ai2"],
        hands={0: ["precinct-runner"], 1: ["precinct-enforcer"]}, decks={1: secret},
        villain_deck=["corp-security-guard"] * 3, hero_deck=["halo-beacon"] * 3,
    )  # fmt: skip
    s, out = session(g, "end\nquit\n")
    s.run()
    text = out.getvalue()
    assert "ai2 plays Precinct Enforcer" in text  # the AI turn was narrated
    assert s.game.current == 0 and len(Work(s.game, _pack()).z[Z.hand(1)]) == 6
    for cid in secret:
        assert _pack().cards[cid].name not in text


def test_typed_words_play_fight_recruit_and_prompts_answered_in_the_terminal() -> None:
    g = scenario(
        _pack(), players=2, names=["you", "ai2"],
        hands={0: ["static-storm-lattice", "precinct-runner", "precinct-runner",
                   "precinct-runner"]},
        city={4: "corp-security-guard"},
    )  # fmt: skip
    script = "play storm\n1\nfight corp\nplay precinct runner\nplay precinct runner\n"
    script += "play precinct runner\nrecruit officer\nquit\n"
    s, out = session(g, script)
    s.run()
    text = out.getvalue()
    assert "> play storm\n" in text
    assert "Fated Future" in text and "prompt> 1" in text
    assert "Played: Storm Lattice, Precinct Runner" in text  # moved, still played
    assert "you defeats Corp Security Guard" in text
    assert "you recruits Precinct Lieutenant" in text
    assert s.game.prompt is None


def test_bad_input_says_what_is_wrong_and_changes_nothing() -> None:
    g = scenario(_pack(), players=2, names=["you", "ai2"], hands={0: ["precinct-runner"]})
    s, out = session(g, "play nothing\n99\nfight\ndance\nquit\n")
    s.run()
    text = out.getvalue()
    assert "'play nothing' is not a legal move now.\nType look to see the moves." in text
    assert "There is no move 99.\nType a number from 1 to 2." in text
    assert "'dance' is not a move here.\nType a number, or help for the commands." in text
    assert s.game == g


def test_help_rules_and_card() -> None:
    rc, out, _ = play(
        "--seed", "1", "--players", "1",
        script="help\nrules\nrules fight\nrules nope\ncard storm lattice\ncard zzz\nquit\n",
    )  # fmt: skip
    assert rc == 0
    assert "play NAME           play a card from your hand" in out
    assert "Rules topics: turn, recruit, fight" in out
    assert "fight: Spend Attack" in out
    assert "No rules topic 'nope'." in out
    assert "Storm Lattice (" in out and "Fated Future." in out
    assert "No single card matches 'zzz'." in out
    assert "You leave the table.\nYour campaign is saved (turn 1, your turn). Come" in out
    assert out.rstrip().endswith("Bye.")


def test_setup_from_the_command_line_and_its_errors() -> None:
    rc, out, _ = play(
        "--scheme", "Countdown to Zero", "--mastermind", "overseer-kael", "--seed", "2",
        script="quit\n",
    )  # fmt: skip
    assert rc == 0
    assert "Scheme: Countdown to Zero" in out and "Mastermind: Overseer Kael" in out
    rc, out, err = play("--mastermind", "kael", script="")
    assert rc == 2 and out == ""
    assert err.startswith("error: unknown mastermind 'kael'") and err.count("\n") == 1


def test_the_plugin_opens_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert PLUGIN.play(["--seed", "4"]) == 0

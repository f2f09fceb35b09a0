"""Every terminal screen follows LANG (docs/i18n.md): a scripted session of each game in
Polish (`LANG=pl_PL.UTF-8`) and in English (`LANG=C`), its board, move list, help, rules,
refusals and end; and the Polish table still never shows another seat's hidden cards."""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

import pytest

from bot.terminal.console import Console
from cogs.legendary.terminal.play import main as legendary_main
from cogs.legendary.terminal.session import Session as LegendarySession
from cogs.tcg.terminal.play import main as tcg_main
from cogs.tcg.terminal.session import Session as TcgSession
from cogs.tcg.terminal.setup import make_player
from content.legendary.loader import load_default_pack
from rules.core.events import Event
from rules.legendary.ai import make_agent
from rules.legendary.setup import Setup, new_game
from rules.legendary.state import Game, Z
from rules.legendary.view import events_for, view
from rules.legendary.work import Work
from tests.tcg.test_cli_play import CONTENT, _Bot, _Watched


def _lang(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", lang)


def _run(main: object, args: list[str], script: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(args, stdin=io.StringIO(script), stdout=out, stderr=err)  # type: ignore[operator]
    return code, out.getvalue(), err.getvalue()


# ---- the TCG ---------------------------------------------------------------------------

TCG_SCRIPT = (
    "help\nrules\nrules fight\ncard Neon Bruiser\ncard zzz\ncard neon bruser\n"
    "99\n1\n1\nhand\nzzz\nquit\n"
)
TCG_ARGS = ["--deck", "chrome-rush", "--level", "random", "--seed", "5"]


def test_a_polish_tcg_terminal_speaks_polish(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _lang(monkeypatch, "pl_PL.UTF-8")
    code, out, err = _run(tcg_main, [*TCG_ARGS, "--db", str(tmp_path / "t.db")], TCG_SCRIPT)
    assert code == 0 and err == ""
    for polish in (
        "Cyberpunk TCG: ty (",  # the greeting
        "Zapisano jako kampanię",  # the shared saved line
        "== Tura 0: gra Rywal AI (random), przygotowanie: mulligany",  # the board
        "Obszar fixera: d4",
        "Legendy: 1: zakryta",
        "· Rywal AI (random) wybiera: gra jako pierwszy.",  # events, with the AI's name
        "Polecenia",  # help
        "Tematy zasad: setup, turn",  # rules
        "Gdy Unity walczą",
        "Neon Bruiser [unit, kolor czerwony, koszt 3 €$, power 4",  # a card, as /tcg card shows it
        "Nie ma karty „zzz”",  # refusals
        "(czy chodziło o 'neon-bruiser'?)",  # the hint too
        "Nie ma ruchu 99: wybierz od 1 do 2",
        "Nie ma ruchu ani polecenia „zzz”",
        "Zostawić tę rękę startową czy mulligan?",
        "zostaw tę rękę",
        "Twoja ręka:",
        "Opuszczono pojedynek.",  # the goodbye
        "Twoja kampania jest zapisana (tura",
        "Do zobaczenia.",
    ):
        assert polish in out, polish
    for english in ("Commands:", "Your hand", "Rules topics", "No move", "Left the duel", "Bye."):
        assert english not in out, english


def test_an_english_tcg_terminal_speaks_english(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _lang(monkeypatch, "C.UTF-8")
    code, out, _ = _run(tcg_main, [*TCG_ARGS, "--db", str(tmp_path / "t.db")], TCG_SCRIPT)
    assert code == 0
    for english in (
        "== Turn 0: Rival AI (random)'s turn, setup: mulligans",
        "Fixer area: d4",
        "Commands:",
        "Rules topics: setup",
        "Neon Bruiser [red unit, cost 3 €$, power 4",
        "No move 99: pick 1 to 2",
        "(did you mean 'neon-bruiser'?)",
        "keep this hand",
        "Left the duel.",
        "Bye.",
    ):
        assert english in out, english
    assert "Polecenia" not in out and "Twoja ręka" not in out


@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_polish_duel_ends_in_polish_and_hides_the_rivals_cards(
    monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    _lang(monkeypatch, "pl_PL.UTF-8")
    out, bot = _Watched(), _Bot(seed)  # every write checked against the rival's hidden cards
    decks = (CONTENT.decks["ghost-protocol"], CONTENT.decks["loaded-dice"])
    session = TcgSession(Console(bot, out), CONTENT, decks, make_player("random", decks[1]), seed)
    out.session = bot.session = session
    assert session.run() == 0 and session.state.result is not None
    text = out.getvalue()
    last = text.rstrip().splitlines()[-1]
    assert last.startswith(("Wygrywasz", "Wygrywa ", "Pojedynek kończy się remisem")), last
    assert "Rival AI: ręka " in text  # the rival's hand is a count (its name is the one given)
    assert "zakryta" in text
    assert "Your hand" not in text and "You win" not in text


# ---- Legendary -------------------------------------------------------------------------

LEGENDARY_SCRIPT = (
    "help\nrules\nrules fight\ncard storm lattice\ncard zzz\n99\nplay zzz\nlook\nquit\n"
)


def test_a_polish_legendary_terminal_speaks_polish(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _lang(monkeypatch, "pl_PL.UTF-8")
    args = ["--seed", "1", "--players", "2", "--db", str(tmp_path / "l.db")]
    code, out, err = _run(legendary_main, args, LEGENDARY_SCRIPT)
    assert code == 0 and err == ""
    for polish in (
        "Legendary 2099: zajmujesz miejsce 1.",  # the seat, in Polish too
        "Tura 1: twoja tura.  Intryga:",  # the board
        "Miasto: Most: - | Ulice: -",
        "Kwatera: ",
        "Talia Złoczyńców",
        "Twoja ręka: ",
        "Ty: talia ",
        "zakończ turę",  # the move list
        "Polecenia",  # help
        "Tematy zasad: turn, recruit",  # rules
        "fight: Wydaj tyle Ataku",
        "Storm Lattice — Bohater",  # a card, as /legendary card reads it
        "Do „zzz” nie pasuje dokładnie jedna karta.",  # refusals
        "Nie ma ruchu 99.\nWpisz liczbę od 1 do",
        "„play zzz” nie jest teraz dozwolonym ruchem.",
        "Odchodzisz od stołu.",
        "Do zobaczenia.",
    ):
        assert polish in out, polish
    for english in ("Commands:", "Your hand", "City:", "end turn", "Rules topics", "Bye."):
        assert english not in out, english


def test_an_english_legendary_terminal_speaks_english(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _lang(monkeypatch, "C")
    args = ["--seed", "1", "--players", "2", "--db", str(tmp_path / "l.db")]
    code, out, _ = _run(legendary_main, args, LEGENDARY_SCRIPT)
    assert code == 0
    for english in ("Turn 1: your turn.  Scheme:", "City: Bridge: -", "HQ: ", "Commands:",
                    "end turn", "Rules topics: turn", "There is no move 99.",
                    "You leave the table.", "Bye."):  # fmt: skip
        assert english in out, english
    assert "Miasto" not in out and "Polecenia" not in out


class _PolishWatch:
    """After every action: the names (printed and Polish) only hidden zones hold, and
    seat 1 was never shown, checked against what was printed since the last action."""

    def __init__(self, out: io.StringIO) -> None:
        self.out, self.mark, self.checked = out, 0, 0
        self.seen: set[str] = set()
        self.pack = load_default_pack()

    def _names(self, card_id: str, printed: str) -> set[str]:
        return {printed, self.pack.text_for(card_id, "name", "pl")}

    def __call__(self, game: Game, events: Sequence[Event]) -> None:
        pack = self.pack
        w, v = Work(game, pack), view(game, pack, 0)
        told = " ".join(e.text for e in events_for(tuple(events), 0))
        for c in pack.cards.values():
            if c.name in told:
                self.seen |= self._names(c.id, c.name)
        from cogs.legendary.terminal.render import names

        for c in names(v).values():
            self.seen |= self._names(c.id, c.name)
        for c in v.mastermind.remaining:
            self.seen |= self._names(c.id, c.name)
        zones = [Z.VILLAIN_DECK, Z.HERO_DECK, *(Z.deck(p) for p in range(game.players))]
        zones += [Z.hand(p) for p in range(1, game.players)]
        if not w.adapting():
            zones.append(Z.TACTICS)
        hidden = set()
        for z in zones:
            for i in w.z[z]:
                hidden |= self._names(w.card(i).id, w.card(i).name)
        hidden -= self.seen
        chunk = self.out.getvalue()[self.mark :]
        self.mark = len(self.out.getvalue())
        leaked = sorted(n for n in hidden if n in chunk)
        assert not leaked, f"the transcript shows hidden cards {leaked}:\n{chunk}"
        self.checked += len(hidden)


def test_a_whole_polish_legendary_game_ends_in_polish_and_hides_other_hands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _lang(monkeypatch, "pl_PL.UTF-8")
    pack = load_default_pack()
    game = new_game(pack, Setup(names=("you", "ai2", "ai3")), 3).state
    out = io.StringIO()
    agents = {s: make_agent("greedy", s) for s in range(1, game.players)}
    s = LegendarySession(pack, game, Console(io.StringIO("1\n" * 3000), out), agents)
    s.on_step = watch = _PolishWatch(out)
    assert s.run() == 0 and s.game.over
    lines = out.getvalue().splitlines()
    assert any(x in ("Gracze wygrywają!", "Zło wygrywa!", "Gra kończy się remisem.") for x in lines)
    assert lines[-1].startswith("  ai3: ") and lines[-1].endswith(" PZ")
    assert watch.checked > 1000


def _legendary_transcript(monkeypatch: pytest.MonkeyPatch, lang: str, script: str) -> str:
    """Seat 1 of a two-player Flood the Undercity game (seed 4: Fated Future, Cyber-Mod
    and Superpower cards in the HQ and hand, Sludge under the HQ, its special action)."""
    _lang(monkeypatch, lang)
    pack = load_default_pack()
    game = new_game(pack, Setup(names=("you", "ai2"), scheme="flood-the-undercity"), 4).state
    out = io.StringIO()
    agents = {1: make_agent("greedy", 1)}
    LegendarySession(pack, game, Console(io.StringIO(script), out), agents).run()
    return out.getvalue()


MARKS_SCRIPT = "1\n" * 60 + "card patience\nquit\n"


def test_the_polish_legendary_terminal_marks_keywords_and_names_in_polish(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import re

    out = _legendary_transcript(monkeypatch, "pl_PL.UTF-8", MARKS_SCRIPT)
    marks = set(re.findall(r"\[([A-Za-z][\w ,-]*)\]", out))
    words = {w for m in marks for w in m.split(", ")}
    assert {"Fated Future", "Supermoc", "Cyber-Mod"} <= words, words
    for english in ("fated future", "superpower", "cyber mod", "undercover", "Superpower"):
        assert english not in words, english
    assert "Legendary 2099: zajmujesz miejsce 1." in out
    # The pack's Polish names in the engine's event lines and prompts, as on the board;
    # a special action's text as the pack's translation words it.
    assert "  Szlam trafia pod pole HQ" in out and "> Wybierz pole HQ, pod które trafi Szlam" in out
    assert "Sludge" not in out
    assert "akcja specjalna: Flush the Undercity - Daj KO każdemu Szlamowi pod HQ" in out
    # A divided card says how the terminal plays a half, not a Discord command.
    assert "Karta dzielona: zagraj ją (play NAZWA), a potem wybierz połowę" in out
    assert "/legendary" not in out


def test_the_english_legendary_terminal_marks_keywords_by_their_printed_names(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import re

    out = _legendary_transcript(monkeypatch, "C", MARKS_SCRIPT)
    words = {w for m in re.findall(r"\[([A-Za-z][\w ,-]*)\]", out) for w in m.split(", ")}
    assert {"Fated Future", "Superpower", "Cyber-Mod"} <= words, words
    assert "fated future" not in words and "cyber mod" not in words
    assert out.startswith("Legendary 2099: you take seat 1.\n")
    assert "you are you" not in out and "/legendary" not in out
    assert "Sludge goes under HQ space" in out and "Szlam" not in out


def test_a_may_ability_prompt_reads_in_polish_with_the_cards_translated_text() -> None:
    from cogs.legendary.localize import line

    pack = load_default_pack()
    card = pack.cards["glitch-zero-day"]
    assert card.text and pack.text_for(card.id, "text", "pl") != card.text
    asked = line(pack, "pl", f"Use {card.name}'s ability? {card.text}")
    assert asked == "Użyć zdolności karty Zero-Day? Fated Future. [technika]: +2 do Ataku."
    # An ability's own text (no translation path) stays as printed; the question is Polish.
    assert line(pack, "pl", "Use Zero-Day's ability? Gain a Wound.") == (
        "Użyć zdolności karty Zero-Day? Gain a Wound."
    )
    assert line(pack, "en", f"Use {card.name}'s ability? {card.text}") == (
        f"Use {card.name}'s ability? {card.text}"
    )


def test_a_named_legendary_seat_is_greeted_by_its_name(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    for lang, greeting in (
        ("C", "Legendary 2099: you take seat 1 as Ana."),
        ("pl_PL.UTF-8", "Legendary 2099: zajmujesz miejsce 1 jako Ana."),
    ):
        _lang(monkeypatch, lang)
        args = ["--seed", "1", "--name", "Ana", "--db", str(tmp_path / f"{lang}.db")]
        code, out, _ = _run(legendary_main, args, "quit\n")
        assert code == 0 and out.splitlines()[0] == greeting, out


# ---- Legends ---------------------------------------------------------------------------


def _legends(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, lang: str, args: list[str],
             script: str) -> str:  # fmt: skip
    from cogs.legends.terminal.play import main

    _lang(monkeypatch, lang)
    monkeypatch.setenv("BOT_DATABASE", str(tmp_path / "legends.db"))
    out = io.StringIO()
    assert main(args, stdin=io.StringIO(script), stdout=out) == 0
    return out.getvalue()


LEGENDS_ARGS = ["--seed", "3", "--runners", "2"]
LEGENDS_SCRIPT = "\n\n" + "1\n" * 8 + "board\nhand\nquit\n"


def test_a_polish_legends_terminal_board_hand_and_moves(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    out = _legends(monkeypatch, tmp_path, "pl_PL.UTF-8", LEGENDS_ARGS, LEGENDS_SCRIPT)
    for polish in (
        "| Runda 2 | zostało: ",  # the board
        "Zdrowie 18/20 | Lider: Gracz | Rozmiar Planu 5",  # the default name, in Polish
        "PRZESZKODY",
        "Aby trafić: para z symbolami: Charyzma LUB dwie pary lub lepszy",
        "PLAN (3 z 5 kart) - daje: jeszcze nic",
        "Plan w obecnym stanie NIE TRAFIA Gate Bouncer: Brak: para",
        "EKIPA",
        "[Lider, teraz gra]: ręka 4",
        "Teraz: gra Gracz.",
        "TWOJA RĘKA (4 karty)",  # the hand, suit names in Polish
        "Heavy Pistol [10 Siła] - +2 Obrażenia.",
        "RUCHY",  # the moves
        "Zagraj Heavy Pistol [10 Siła]",
        "(w trakcie akcji Edge of the Market, runda 2)",  # where it stands, on leaving
    ):
        assert polish in out, polish
    for english in ("OBSTACLES", "CREW", "YOUR HAND", "MOVES", "Now: ", "To Hit: "):
        assert english not in out, english


def test_an_english_legends_terminal_board_hand_and_moves(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    out = _legends(monkeypatch, tmp_path, "C", LEGENDS_ARGS, LEGENDS_SCRIPT)
    for english in ("| Round 2 | ", "Health 18/20 | Leader: Player | Plan Size 5", "OBSTACLES",
                    "To Hit: Pair with Charisma OR Two Pair or better", "CREW",
                    "[Leader, to play]: hand 4", "YOUR HAND (4 cards)",
                    "Heavy Pistol [10 Muscle] - +2 Damage.", "MOVES",
                    "(mid-run in Edge of the Market, round 2)"):  # fmt: skip
        assert english in out, english
    assert "PRZESZKODY" not in out and "TWOJA RĘKA" not in out


def test_a_polish_hotseat_hides_each_hand_from_the_other_players(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from tests.terminal.test_play import TINY

    def segments(out: str, name: str) -> list[str]:
        """The parts of the transcript shown to `name` (between the Polish pass screens)."""
        parts = out.split("Przekaż klawiaturę (")
        return [p for p in parts[1:] if p.startswith(name + ")")]

    script = "Ana\n1\nBo\n\n" + "1\n\n" * 40
    args = ["--pack", TINY, "--seed", "7", "--runners", "2", "--hotseat"]
    out = _legends(monkeypatch, tmp_path, "pl_PL.UTF-8", args, script)
    solo = ("Knife", "Blade", "Edge", "Shiv", "Razor")
    net = ("Chip", "Byte", "Port", "Node", "Link")
    ana, bo = segments(out, "Ana"), segments(out, "Bo")
    assert ana and bo
    shown = 0
    for segs, theirs in ((ana, net), (bo, solo)):
        for seg in segs:
            if "TWOJA RĘKA" in seg:
                hand = seg.split("TWOJA RĘKA")[1].split("RUCHY")[0]
                assert not any(c in hand for c in theirs), hand
                shown += 1
    assert shown > 2


def test_the_legends_campaign_screen_in_polish() -> None:
    from cogs.legends.terminal import render
    from content.legends.loader import load_default_pack as legends_pack
    from rules.legends.state import Runner, Table

    pack = legends_pack()
    deck = next(iter(pack.roles.values()))
    runner = Runner(player="p", name="Vex", role=deck.role, deck=deck.cards[:2], eddies=1)
    table = Table(id="t", name="Night Market", owner="p", campaign=next(iter(pack.campaigns)),
                  runners=(runner,), memory=("saw-the-lantern",))  # fmt: skip
    out = render.render_campaign(table, pack, ["p"], "pl")
    assert "KAMPANIA: " in out and "Ukończone: jeszcze nic" in out and "Następna: " in out
    assert ": 1 Eddie, talia: 2 karty <- ty" in out
    assert "Trwała Pamięć: " in out
    assert "CAMPAIGN" not in out and "Completed" not in out


def test_the_legendary_set_up_prompts_in_polish(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _lang(monkeypatch, "pl_PL.UTF-8")
    args = ["--choose", "--seed", "2", "--db", str(tmp_path / "l.db")]
    code, out, _ = _run(legendary_main, args, "1\n\n99\nzzz\n\n\nquit\n")
    assert code == 0
    for polish in (
        "Przygotuj grę: wybierz każdą część",
        "Intryga (jedna pozycja) [losowo]: ",
        "Mastermind: Overseer Kael (wylosowano).",
        "Mastermind zawsze prowadzi Razor Saints; zostaje dodana.",
        "Grupy Złoczyńców (najwyżej 1, oddzielone przecinkami) [losowo]: ",
        "Nie ma tu numeru 99.\nWpisz numery od 1 do 3.",
        "Nie ma tu „zzz”.",
        "Wylosowano: ",
    ):
        assert polish in out, polish
    assert "Set up the game" not in out and "drawn at random" not in out


def test_a_refused_tcg_move_at_the_terminal_is_said_in_polish_and_play_goes_on(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # The terminal offers only legal moves, so a refusal is the engine's last word on a
    # move that stopped being legal; it must be said (translated), not crash the session.
    from cogs.tcg.terminal import session as tcg_session
    from rules.core.errors import IllegalAction

    real = tcg_session.Session._apply
    calls = {"n": 0}

    def refuse_once(self: object, action: object) -> None:
        if getattr(action, "player", None) == "ai":  # the AI's own moves go through
            real(self, action)  # type: ignore[arg-type]
            return
        calls["n"] += 1
        if calls["n"] == 1:
            raise IllegalAction.of(
                "cant_pay",
                "You need 3 €$ but have 1 ready sources.\n"
                "Sell a card or wait for your Eddies to ready.",
            )
        real(self, action)  # type: ignore[arg-type]

    monkeypatch.setattr(tcg_session.Session, "_apply", refuse_once)
    _lang(monkeypatch, "pl_PL.UTF-8")
    code, out, err = _run(tcg_main, [*TCG_ARGS, "--db", str(tmp_path / "t.db")], "1\n1\nquit\n")
    assert code == 0 and err == "", err
    assert calls["n"] >= 2  # asked again after the refusal, and the next move went through
    assert "You need 3" not in out and "Sell a card" not in out, out
    assert "Potrzebujesz 3" in out or "potrzebujesz 3" in out, out
    assert "3 €$" in out.split("> 1", 1)[1].split("> 1", 1)[0], out

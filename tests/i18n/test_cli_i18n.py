"""The command line follows LANG (docs/i18n.md): `python -m bot --help`, a subcommand's
--help, argparse's own words ("usage:", "options", its errors) and the CLI's own errors
are Polish under LANG=pl, English under LANG=C; LC_ALL and LC_MESSAGES come first."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.cli import build_parser, main
from bot.i18n.cliargs import Parser, error_text

ROOT = Path(__file__).resolve().parents[2]


def _lang(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", lang)


def _cli(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    """`python -m bot ARGS` as a shell runs it, with only these locale variables."""
    clean = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LC_MESSAGES")}
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_python_m_bot_help_and_a_bad_argument_in_polish_then_in_english() -> None:
    pl = _cli({"LANG": "pl_PL.UTF-8"}, "--help")
    assert pl.returncode == 0
    for polish in ("użycie: python -m bot", "argumenty pozycyjne:", "opcje:",
                   "pokaż tę pomoc i zakończ", "administracja bazą danych",
                   "Fixer, mistrz gry na Discordzie"):  # fmt: skip
        assert polish in pl.stdout, polish
    assert "usage:" not in pl.stdout and "show this help" not in pl.stdout

    bad = _cli({"LANG": "pl_PL.UTF-8"}, "db", "export")
    assert bad.returncode == 2 and bad.stdout == ""
    lines = bad.stderr.splitlines()
    # What is wrong, then what to do, then the usage.
    assert lines[0] == (
        "python -m bot db export: błąd: brakuje wymaganych argumentów: campaign_id, file"
    )
    assert lines[1] == "Wpisz python -m bot db export --help, by zobaczyć, co przyjmuje."
    assert lines[2].startswith("użycie: python -m bot db export")

    en = _cli({"LANG": "C"}, "db", "export")
    assert en.returncode == 2
    assert en.stderr.splitlines()[:2] == [
        "python -m bot db export: error: the following arguments are required: campaign_id, file",
        "Type python -m bot db export --help to see what it takes.",
    ]
    assert "użycie" not in en.stderr


@pytest.mark.parametrize(
    ("env", "polish"),
    [
        ({"LANG": "pl_PL.UTF-8"}, True),
        ({"LANG": "C"}, False),
        ({"LANG": "pl_PL.UTF-8", "LC_ALL": "C"}, False),  # LC_ALL first
        ({"LANG": "C", "LC_MESSAGES": "pl_PL.UTF-8"}, True),  # then LC_MESSAGES
        ({}, False),
    ],
)
def test_the_help_language_follows_posix_order(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], env: dict[str, str],
    polish: bool,
) -> None:  # fmt: skip
    for key in ("LANG", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(key, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    with pytest.raises(SystemExit) as exit_:
        main(["db", "backup", "--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert ("gdzie zapisać kopię" in out) is polish
    assert ("where to write the copy" in out) is not polish


def _parsers(p: argparse.ArgumentParser) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    yield p.prog, p
    for action in p._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield from _parsers(sub)


def _helps(p: argparse.ArgumentParser) -> dict[tuple[str, str], str]:
    """Every help text of the command tree (each option's, each subcommand's), by where."""
    out: dict[tuple[str, str], str] = {}
    for prog, parser in _parsers(p):
        if parser.description:
            out[(prog, "description")] = parser.description
        for action in parser._actions:
            if action.help and action.help != argparse.SUPPRESS:
                out[(prog, "/".join(action.option_strings) or action.dest)] = action.help
            for choice in getattr(action, "_choices_actions", ()):
                out[(prog, choice.dest)] = str(choice.help)
    return out


def test_every_help_text_of_the_command_line_is_translated() -> None:
    english, polish = _helps(build_parser("en")), _helps(build_parser("pl"))
    assert english.keys() == polish.keys() and len(english) > 40
    same = [where for where, text in english.items() if polish[where] == text]
    assert same == [], same
    assert english[("python -m bot db backup", "path")] == "where to write the copy"
    assert polish[("python -m bot db backup", "path")] == "gdzie zapisać kopię"


def _error(p: argparse.ArgumentParser, argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as exit_:
        p.parse_args(argv)
    assert exit_.value.code == 2
    return capsys.readouterr().err.splitlines()[0]


def _toy(lang: str) -> argparse.ArgumentParser:
    p = Parser(prog="toy", lang=lang)
    p.add_argument("file")
    p.add_argument("--n", type=int)
    p.add_argument("--level", choices=("low", "high"))
    p.add_argument("--names", nargs="+")
    p.add_argument("--one")
    p.add_argument("--verbose", action="store_true")
    p.add_argument("--version-of")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--red", action="store_true")
    group.add_argument("--blue", action="store_true")
    return p


# Each of argparse's errors a user can cause, as this Python writes it, and in Polish.
ERRORS = [
    ([], "toy: błąd: brakuje wymaganych argumentów: file"),
    (["f", "--zzz"], "toy: błąd: nieznane argumenty: --zzz"),
    (["f", "--n", "x"], "toy: błąd: argument --n: to nie jest liczba całkowita: 'x'"),
    (["f", "--level", "mid"],
     "toy: błąd: argument --level: niedozwolony wybór: 'mid' (wybierz z: 'low', 'high')"),
    (["f", "--one"], "toy: błąd: argument --one: oczekiwano jednej wartości"),
    (["f", "--names"], "toy: błąd: argument --names: oczekiwano co najmniej jednej wartości"),
    (["f", "--red", "--blue"],
     "toy: błąd: argument --blue: nie wolno razem z argumentem --red"),
    (["f", "--verbose=yes"], "toy: błąd: argument --verbose: pominięto podaną wartość 'yes'"),
    (["f", "--ver", "x"],
     "toy: błąd: niejednoznaczna opcja: --ver może oznaczać --verbose, --version-of"),
]  # fmt: skip


@pytest.mark.parametrize(("argv", "polish"), ERRORS)
def test_argparse_errors_are_said_in_polish(
    capsys: pytest.CaptureFixture[str], argv: list[str], polish: str
) -> None:
    assert _error(_toy("pl"), argv, capsys) == polish
    english = _error(_toy("en"), argv, capsys)
    assert english.startswith("toy: error: ") and english != polish


def test_an_argparse_error_no_template_knows_stays_english() -> None:
    assert error_text("pl", "something argparse may say one day") == (
        "something argparse may say one day"
    )
    assert error_text("en", "unrecognized arguments: --x") == "unrecognized arguments: --x"


def test_the_cli_own_errors_say_what_is_wrong_then_what_to_do_in_polish(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _lang(monkeypatch, "pl_PL.UTF-8")
    assert main(["play", "--game", "legend"]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == "błąd: W tej wersji nie ma gry „legend” (czy chodziło o 'legends'?)."
    assert lines[1].startswith("Podaj jedną z: legends, ")

    missing = tmp_path / "none.json"
    assert main(["--database", str(tmp_path / "x.db"), "db", "import", str(missing)]) == 1
    lines = capsys.readouterr().err.splitlines()
    assert lines[0].startswith(f"błąd: Nie można odczytać {missing}: ")
    assert lines[1] == "Sprawdź nazwę pliku."

    assert main(["db", "import", str(missing), "--guild", "1"]) == 2
    assert capsys.readouterr().err == "błąd: Podano --guild bez --channel.\nPodaj też --channel.\n"

    monkeypatch.setenv("BOT_LOG_LEVEL", "verbose")
    assert main(["db", "list"]) == 2
    assert capsys.readouterr().err == (
        "błąd: BOT_LOG_LEVEL=verbose jest niedozwolone: użyj DEBUG, INFO, WARNING lub ERROR\n"
    )


def test_the_legendary_command_lines_speak_polish(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _lang(monkeypatch, "pl_PL.UTF-8")
    with pytest.raises(SystemExit):
        main(["play", "--game", "legendary", "--help"])
    out = capsys.readouterr().out
    for polish in ("użycie: python -m bot play --game legendary", "Zagraj w Legendary 2099",
                   "graczy przy stole, 1-5", "AI twoich sojuszników (domyślnie greedy)",
                   "wróć do zapisanej gry z terminala", "--game {"):  # fmt: skip
        assert polish in out, polish
    assert "usage:" not in out and "players at the table" not in out
    with pytest.raises(SystemExit):
        main(["simulate", "--game", "legendary", "--games", "many"])
    err = capsys.readouterr().err
    assert err.startswith(
        "python -m bot simulate --game legendary: błąd: argument --games: "
        "to nie jest liczba całkowita: 'many'\n"
    )


def test_the_legendary_set_up_errors_are_polish_under_lang_pl(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import io

    from cogs.legendary.terminal.play import main as play

    def err_of(lang: str, *args: str) -> str:
        _lang(monkeypatch, lang)
        err = io.StringIO()
        argv = [*args, "--db", str(tmp_path / "l.db")]
        assert play(argv, stdin=io.StringIO(""), stdout=io.StringIO(), stderr=err) == 2
        return err.getvalue()

    polish = err_of("pl_PL.UTF-8", "--mastermind", "overseer kale")
    assert polish.startswith("błąd: nieznany Mastermind „overseer kale” (czy chodziło o '")
    assert "; Mastermindzi: " in polish
    assert err_of("pl_PL.UTF-8", "--players", "6") == (
        "błąd: --players musi być od 1 do 5, a nie 6\n"
    )
    assert err_of("pl_PL.UTF-8", "--resume", "zzz", "--seed", "1").startswith(
        "błąd: --resume kontynuuje kampanię tak, jak ją zapisano; --seed tego nie zmieni"
    )
    assert err_of("pl_PL.UTF-8", "--players", "1", "--villains", "razor-saints", "pale-choir") == (
        "błąd: --villains: ta gra potrzebuje: 1 Grupa Złoczyńców, podano 2; podaj najwyżej 1 "
        "(reszta jest losowana)\n"
    )
    assert err_of("pl_PL.UTF-8", "--heroes", "quill", "Quill") == (
        "błąd: --heroes podaje Quill dwa razy; podaj każdą pozycję raz\n"
    )
    # The engine's refusal of a setup, in Polish too.
    refused = err_of("pl_PL.UTF-8", "--mastermind", "helix-board", "--villains", "razor-saints",
                     "pale-choir")  # fmt: skip
    assert refused.startswith("błąd: Mastermind zawsze prowadzi „helix-enforcers”")
    english = err_of("C", "--mastermind", "overseer kale")
    assert english.startswith("error: unknown mastermind 'overseer kale' (did you mean '")


@pytest.mark.parametrize(
    ("argv", "polish", "english"),
    [
        (["play", "--game", "tcg"], "twoja talia, po id lub nazwie", "your deck, by id or name"),
        (["simulate", "--game", "tcg"], "liczba pojedynków (domyślnie 100)", "duels to play"),
        (["simulate", "--game", "legendary"], "gier na parę (domyślnie 20)", "games per pairing"),
        (["play"], "ile miejsc zajmują ludzie", "how many seats are people"),
        (["simulate"], "runnerów SI w ekipie (domyślnie 2)", "AI runners per crew"),
    ],
)
def test_each_games_command_line_help_follows_lang(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    polish: str,
    english: str,
) -> None:
    for lang, want, not_want in (("pl_PL.UTF-8", polish, english), ("C", english, polish)):
        _lang(monkeypatch, lang)
        with pytest.raises(SystemExit):
            main([*argv, "--help"])
        out = capsys.readouterr().out
        assert want in out and not_want not in out
        assert ("\nużycie: " in out) is (lang != "C") and ("\nusage: " in out) is (lang == "C")


def test_a_set_up_the_legendary_engine_refuses_is_said_in_polish(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import io

    from cogs.legendary.terminal import play
    from rules.core.errors import IllegalAction

    def refused(*_args: object) -> object:
        raise IllegalAction.of("unknown_card", "There is no Hero 'zzz' in this pack.")

    # The flags resolve names before the engine sees them, so its refusal is forced here.
    monkeypatch.setattr(play, "new_game", refused)
    for lang, said in (
        ("pl_PL.UTF-8", "błąd: W tym zestawie nie ma Bohatera „zzz”.\n"),
        ("C", "error: There is no Hero 'zzz' in this pack.\n"),
    ):
        _lang(monkeypatch, lang)
        err = io.StringIO()
        argv = ["--seed", "1", "--db", str(tmp_path / "l.db")]
        assert play.main(argv, stdin=io.StringIO(""), stdout=io.StringIO(), stderr=err) == 2
        assert err.getvalue() == said


def test_the_simulators_and_the_tcg_table_say_their_set_up_errors_in_polish(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _lang(monkeypatch, "pl_PL.UTF-8")
    cases = [
        (["simulate", "--game", "legendary", "--games", "0"],
         "błąd: --games musi wynosić co najmniej 1, a nie 0\n"),
        (["simulate", "--game", "tcg", "--workers", "9"],
         "błąd: --workers musi wynosić od 1 do 2, a nie 9\n"),
        (["simulate", "--game", "tcg", "--decks", "a,b,c"],
         "błąd: --decks przyjmuje dwie nazwy oddzielone przecinkiem (A,B), a nie „a,b,c”\n"),
        (["simulate", "--game", "tcg", "--ai", "greedy,gredy"],
         "błąd: nieznany poziom AI „gredy” (czy chodziło o 'greedy'?); poziomy: random, greedy, "
         "search\n"),
        (["play", "--game", "tcg", "--deck", "chrome-rus", "--db", str(tmp_path / "t.db")],
         "błąd: nieznana talia „chrome-rus” (czy chodziło o 'chrome-rush'?); talie w tym "
         "pakiecie: "),
        (["play", "--game", "legendary", "--pack", str(tmp_path / "none")],
         f"błąd: nie można wczytać {tmp_path / 'none'}: "),
    ]  # fmt: skip
    for argv, said in cases:
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert err.startswith(said), err


def test_the_legends_set_up_errors_are_polish_under_lang_pl(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import io

    from cogs.legends.terminal.play import main as play
    from cogs.legends.terminal.simulate import main as simulate

    def err_of(lang: str, *args: str) -> str:
        _lang(monkeypatch, lang)
        err = io.StringIO()
        argv = [*args, "--db", str(tmp_path / "g.db")]
        assert play(argv, stdin=io.StringIO(""), stdout=io.StringIO(), stderr=err) == 2
        return err.getvalue()

    # A misspelt scenario: what is wrong, the likely one, then the scenarios to pick from.
    assert err_of("pl_PL.UTF-8", "--scenario", "edge-of-the-markt") == (
        "błąd: nieznany scenariusz „edge-of-the-markt” (czy chodziło o 'edge-of-the-market'?); "
        "scenariusze w tym pakiecie: edge-of-the-market, under-the-stalls, the-lantern-man\n"
    )
    assert err_of("pl_PL.UTF-8", "--scenario", "trauma-team-1").startswith(
        "błąd: „trauma-team-1” to Pakiet Trauma: otwiera się, gdy ekipa zalicza flatline. "
        "Scenariusze: edge-of-the-market"
    )
    assert err_of("pl_PL.UTF-8", "--campaign", "night-markt") == (
        "błąd: nieznana kampania „night-markt” (czy chodziło o 'night-market'?); kampanie w "
        "tym pakiecie: night-market\n"
    )
    assert err_of("pl_PL.UTF-8", "--runners", "0") == (
        "błąd: --runners musi być od 1 do 20 dla tego pakietu, a nie 0\n"
    )
    assert err_of("pl_PL.UTF-8", "--runners", "2", "--merc") == (
        "błąd: --merc jest dla runnera grającego samotnie (--runners 1)\n"
    )
    assert err_of("pl_PL.UTF-8", "--runners", "2", "--humans", "3") == (
        "błąd: --humans musi być od 1 do --runners (2)\n"
    )
    assert err_of("pl_PL.UTF-8", "--pack", str(tmp_path / "none")).startswith(
        f"błąd: nie można wczytać {tmp_path / 'none'}: "
    )
    # The simulator shares the checks, and LANG=C keeps English.
    _lang(monkeypatch, "pl_PL.UTF-8")
    err = io.StringIO()
    assert simulate(["--runners", "99"], stdout=io.StringIO(), stderr=err) == 2
    assert err.getvalue() == "błąd: --runners musi być od 1 do 20 dla tego pakietu, a nie 99\n"
    err = io.StringIO()
    assert simulate(["--games", "0"], stdout=io.StringIO(), stderr=err) == 2
    assert err.getvalue() == "błąd: --games musi wynosić co najmniej 1, a nie 0\n"
    assert err_of("C", "--scenario", "edge-of-the-markt").startswith(
        "error: unknown scenario 'edge-of-the-markt' (did you mean 'edge-of-the-market'?); "
        "scenarios in this pack: "
    )

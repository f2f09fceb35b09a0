"""Every game's `python -m bot simulate` report, progress bar and "interrupted" line follow
LANG (docs/i18n.md): Polish words and decimal commas under LANG=pl, the English as it
always read under LANG=C; the numbers are the same in both, and `--json` never changes."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from bot.terminal.progress import Progress
from cogs.legendary.terminal import simulate as legendary_sim
from cogs.legends.terminal import simulate as legends_sim
from cogs.tcg.terminal import simulate as tcg_sim
from rules.legendary.cards import EvilWinsOn
from rules.tcg.sim import DuelRecord, SideGame, summarize_match

TINY = str(Path(__file__).resolve().parents[1] / "terminal" / "tinypack")

# Words of the English reports that must not survive in a Polish one (card, deck, Scheme
# and Mastermind names are the pack's, so they are not on this list).
ENGLISH = re.compile(
    r"\b(games?|duels?|runners|players?|seed|Win rate|Flatlined|Health left|Rounds|"
    r"on average|per (run|game)|reached|cleared|Most played|Where the Health|share|"
    r"arrival|Draws|Turns|Decked out|First player|seats mirrored|from seat|wins|won|"
    r"How duels ended|Evil Wins|Beaten by|All \d|pairings?|CI|unfinished|interrupted|"
    r"AI crew|baseline|merc)\b"
)


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def _lang(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", lang)


def _run(main: object, argv: list[str], err: io.StringIO | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), err if err is not None else io.StringIO()
    code = main(argv, stdout=out, stderr=err)  # type: ignore[operator]
    return code, out.getvalue(), err.getvalue()


LEGENDS = ["--pack", TINY, "--scenario", "all", "--games", "3", "--runners", "1", "--merc"]
TCG = ["--decks", "chrome-rush,loaded-dice", "--ai", "greedy,random", "--games", "4"]
LEGENDARY = ["--scheme", "all", "--mastermind", "overseer-kael", "--games", "1", "--ai", "greedy"]
CASES = [
    pytest.param(legends_sim.main, LEGENDS, id="legends"),
    pytest.param(tcg_sim.main, TCG, id="tcg"),
    pytest.param(legendary_sim.main, LEGENDARY, id="legendary"),
]


@pytest.mark.parametrize(("main", "argv"), CASES)
def test_a_simulation_report_is_polish_under_lang_pl_and_english_under_lang_c(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, main: object, argv: list[str]
) -> None:
    _lang(monkeypatch, "pl_PL.UTF-8")
    pl_json = tmp_path / "pl.json"
    code, pl, _ = _run(main, [*argv, "--json", str(pl_json)])
    assert code == 0
    _lang(monkeypatch, "C")
    en_json = tmp_path / "en.json"
    code, en, _ = _run(main, [*argv, "--json", str(en_json)])
    assert code == 0

    # The JSON is for tooling: the same bytes in every language.
    assert pl_json.read_bytes() == en_json.read_bytes()
    # English reads as it always did; Polish has none of its words left.
    assert re.search(r"\b\d+\.\d%", en) and "95% CI" in en
    assert ENGLISH.search(pl) is None, ENGLISH.search(pl)
    assert "95% PU" in pl and "ziarno" in pl
    # The same numbers, with a decimal comma: every "12.5" of the English is "12,5".
    en_numbers = re.findall(r"(?<![\w.])\d+\.\d+(?![\w.])", en)
    pl_numbers = re.findall(r"(?<![\w,])\d+,\d+(?![\w,])", pl)
    assert [n.replace(".", ",") for n in en_numbers] == pl_numbers
    assert len(pl.splitlines()) == len(en.splitlines())


def test_the_legends_report_lines_up_its_polish_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    _lang(monkeypatch, "pl_PL.UTF-8")
    _, pl, _ = _run(legends_sim.main, ["--pack", TINY, "--scenario", "training", "--games", "2"])
    lines = pl.splitlines()
    assert lines[0] == "Training Day (training): 2 gry, 2 runnerów, ekipa SI, ziarno 0"
    assert lines[1].startswith("  Zwycięstwa       100,0% (2/2), 95% PU ")
    assert lines[3].startswith("  Zostało Zdrowia  średnio ")
    head = next(i for i, line in enumerate(lines) if "Przeszkody (w kolejności talii)" in line)
    # Each count ends under the end of its heading, whatever the heading's length.
    for word in ("dotarło", "pokonało", "rundy/akcję", "flatline"):
        end = lines[head].index(word) + len(word)
        assert lines[head + 1][end - 1] != " " and lines[head + 1][end : end + 1] in ("", " ")


def test_the_tcg_report_says_each_way_a_duel_ended_in_polish() -> None:
    def rec(winner: int | None, reason: str) -> SideGame:
        return SideGame(0, DuelRecord(winner, reason, 10, 100, "Overtime" in reason, 0, True))

    games = [
        rec(0, "7 Gigs"),
        rec(0, "7 Gigs (Overtime)"),
        rec(1, "seat 1 decked out"),
        rec(None, "decked out"),
        rec(1, "concede"),
        rec(0, "Street Cred 12"),
    ]
    report = summarize_match(games)
    decks = (
        tcg_sim.deck(tcg_sim.load(None), "chrome-rush"),
        tcg_sim.deck(tcg_sim.load(None), "loaded-dice"),
    )
    pl = tcg_sim.render(report, decks, ("greedy", "random"), 0, "pl")
    ended = pl.splitlines()[-1]
    assert ended.startswith("  Jak kończyły się pojedynki  ")
    for polish in ("7 Gigów: 1", "7 Gigów (Overtime): 1", "pusta talia: 2", "poddanie się: 1",
                   "Street Cred 12: 1"):  # fmt: skip
        assert polish in ended, ended
    en = tcg_sim.render(report, decks, ("greedy", "random"), 0)
    assert en.splitlines()[-1] == (
        "  How duels ended  decked out 2; 7 Gigs 1; 7 Gigs (Overtime) 1; Street Cred 12 1; "
        "concede 1"
    )


@pytest.mark.parametrize("on", list(EvilWinsOn))
def test_every_evil_wins_condition_has_polish_words(on: EvilWinsOn) -> None:
    cause = f"evil: {on.value}"
    polish = legendary_sim.beaten_words("pl", cause)
    assert polish.startswith("wygrana Zła (") and on.value not in polish
    assert legendary_sim.beaten_words("en", cause) == cause  # the simulator's own words
    for other, said in (("evil", "Wygrane Zła"), ("draw: a deck ran out", "remis: ")):
        assert legendary_sim.beaten_words("pl", other).startswith(said)


def test_the_progress_bar_counts_games_in_polish_plurals() -> None:
    said = {}
    for total in (1, 3, 5, 22):
        err = _Tty()
        bar = Progress(err, "x", "pl")
        bar(total, total)
        said[total] = err.getvalue()
    assert "1/1 gra (" in said[1]
    assert "3/3 gry (" in said[3]
    assert "5/5 gier (" in said[5]
    assert "22/22 gry (" in said[22]
    assert re.search(r"\(\d+,\d/s\)\n$", said[5])
    err = _Tty()
    Progress(err, "x", "en")(3, 3)
    assert re.search(r"\] 3/3 games \(\d+\.\d/s\)\n$", err.getvalue())


@pytest.mark.parametrize(("main", "argv"), CASES)
@pytest.mark.parametrize(("lang", "said"), [("pl_PL.UTF-8", "przerwano"), ("C", "interrupted")])
def test_a_simulation_stopped_with_ctrl_c_says_so_in_the_terminals_language(
    monkeypatch: pytest.MonkeyPatch, main: object, argv: list[str], lang: str, said: str
) -> None:
    _lang(monkeypatch, lang)

    def stop(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    # Ctrl-C while the first game is played, in each game's simulator.
    monkeypatch.setattr(legends_sim, "play_run", stop)
    monkeypatch.setattr(tcg_sim, "play_duel", stop)
    monkeypatch.setattr(legendary_sim, "simulate", stop)
    code, out, err = _run(main, argv)
    assert code == 130
    assert out == "" and err == f"\n{said}\n"


def test_the_report_json_of_the_legends_simulator_keeps_its_english_keys(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _lang(monkeypatch, "pl_PL.UTF-8")
    target = tmp_path / "r.json"
    _run(legends_sim.main, ["--pack", TINY, "--scenario", "deathtrap", "--games", "2",
                            "--ai", "random", "--json", str(target)])  # fmt: skip
    (report,) = json.loads(target.read_text())["reports"]
    assert report["flatlined_by"] == {"Wall of Guns": 2} and report["ai"] == "random"

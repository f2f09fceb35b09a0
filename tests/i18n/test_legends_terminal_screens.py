"""The whole Legends terminal table follows LANG (docs/i18n.md): scripted sessions under
`LANG=pl_PL.UTF-8` go through the greeting, the set-up prompts, typed moves the terminal
refuses, the help and rules, a run to its end, the campaign screen, the shop, removing a
card, the deck and Clue screens, coming back to a saved campaign, and hot-seat passing;
not one line may read in English. Under `LANG=C` the same sessions read in English.

"In English" is found by words: every line, less what is rightly left as it is (the
pack's names, the typed inputs in single quotes, what the person typed, the command
that resumes a game, paths), must hold none of the common English words below. The scan
is shown to catch English by running it on the English transcript of the same session.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable
from pathlib import Path

import pytest

from bot.terminal.console import Console
from cogs.legends.terminal import camp
from cogs.legends.terminal.play import main
from cogs.legends.terminal.session import Session
from content.legends.loader import load_default_pack
from rules.legends.state import Runner

PACK = load_default_pack()

#: Words of English that no Polish line of the terminal holds. (Not "to", "on", "by",
#: "a", "i", "w": they are Polish words too; "Plan", "runner", "Enter" are the Polish
#: table's own words.)
_WORDS = """the you your is are and of for with has have which what who whose nothing yet
type press here this that from left cards card back pick choose not must meets miss moves
pool upgrade round health damage turn campaign between roles player name keyboard in at it
or an no hand deck clues solve ready flip board log memory rules discard play vote merc
topics completed scenarios shopping remove buy refunds could more charisma muscle stealth
tech any"""
ENGLISH = frozenset(_WORDS.split())
_QUOTED = re.compile(r"'[^'\n]*'")
_RESUME = re.compile(r"python -m bot play(?: --[\w-]+(?: (?:term-\w+|/\S+))?)*")
_PATH = re.compile(r"/\S+")
_ID = re.compile(r"\bterm-[0-9a-f]+\b")


def _names() -> list[str]:
    """What the pack names, and the terminal shows as printed where the translation gives
    no name of its own: card, scenario, Scenario Card, campaign, role deck, upgrade pack
    and Persistent Memory names; AI names."""
    from cogs.legends.terminal.crew import AI_NAMES

    names = {c.name for c in PACK.cards.values()}
    for scen in PACK.scenarios.values():
        names.add(scen.name)
        names |= {c.name for c in scen.cards}
        names |= {PACK.memory_name(m) for m in getattr(scen, "memories", {}) or {}}
    names |= {c.name for c in PACK.campaigns.values()}
    names |= {r.name for r in PACK.roles.values()}
    names |= {p.name for p in PACK.upgrade_packs.values()}
    names |= set(AI_NAMES)
    return sorted(names, key=len, reverse=True)  # longest first: a name inside another


NAMES = _names()


def english_lines(text: str, typed: Iterable[str] = ()) -> list[str]:
    """The lines of `text` that read in English (see the module's docstring)."""
    inputs = sorted({x for x in typed if x.strip()}, key=len, reverse=True)
    found = []
    for line in text.splitlines():
        rest = line
        for x in inputs:  # the echo of what was typed, after the prompt
            if rest.endswith(x):
                rest = rest[: -len(x)]
                break
        rest = _PATH.sub(" ", _ID.sub(" ", _RESUME.sub(" ", rest)))
        for name in NAMES:  # before the quotes: a name may hold an apostrophe
            rest = rest.replace(name, " ")
        rest = _QUOTED.sub(" ", rest)
        # Whole words, Polish letters too ("głośno" is not "no").
        words = {w.lower() for w in re.findall(r"[^\W\d_]+", rest)}
        if words & ENGLISH:
            found.append(line)
    return found


class Driver:
    """stdin of a whole session: the set-up and move-prompt script, then "1" (the first
    move) until the campaign screen shows, then the campaign script; then end of input."""

    def __init__(self, out: io.StringIO, first: list[str], at_camp: list[str]) -> None:
        self.out, self.first, self.at_camp = out, list(first), list(at_camp)
        self.typed: list[str] = []
        self.camp_seen = False
        self.budget = 900

    def readline(self) -> str:
        self.budget -= 1
        if self.budget < 0:
            return ""
        if self.first:
            line = self.first.pop(0)
        else:
            # The campaign screen's entries end with their words, which stay English.
            self.camp_seen = self.camp_seen or "('decks')" in self.out.getvalue()
            if not self.camp_seen:
                line = "1"
            elif self.at_camp:
                line = self.at_camp.pop(0)
            else:
                return ""
        self.typed.append(line)
        return line + "\n"


#: Before the run: the name prompt's help, a bad role, the role prompt's help; at the
#: first move prompt every command and typed move the terminal answers with a message.
FIRST = ["help", "", "zzz", "9", "help", "", "deck", "hand", "memory", "clues", "log",
         "rules", "rules zzz", "rules cleanup", "rules campaign", "rules votes", "rules merc",
         "rules plan", "zzz", "", "play", "play zzz", "discard", "choose", "choose Z",
         "ready", "solve", "shop", "Heavy"]  # fmt: skip
#: On the campaign screen: help, commands, a bad line, the shop (a bad name, a buy it
#: cannot afford, back), removing (a bad name, back), the decks and the Clues.
AT_CAMP = ["help", "deck", "memory", "log", "clues", "zzz", "shpo", "", "shop", "zzz", "1",
           "0", "remove", "zzz", "0", "decks", "quit"]  # fmt: skip


def _lang(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", lang)


def whole_session(monkeypatch: pytest.MonkeyPatch, db: Path, lang: str) -> tuple[str, list[str]]:
    """A whole session (set-up, the first run to its end, the campaign screen), then a
    second one picking the campaign from the saved list and looking at the log: the
    transcript and everything typed."""
    _lang(monkeypatch, lang)
    monkeypatch.setenv("BOT_DATABASE", str(db))
    out = io.StringIO()
    driver = Driver(out, FIRST, AT_CAMP)
    assert main(["--seed", "5", "--runners", "2"], stdin=driver, stdout=out) == 0  # type: ignore[arg-type]
    assert driver.camp_seen and not driver.at_camp, out.getvalue()[-2000:]
    again = io.StringIO()
    back = ["1", "log", "quit"]
    assert main(["--resume"], stdin=io.StringIO("\n".join(back) + "\n"), stdout=again) == 0
    return out.getvalue() + again.getvalue(), [*driver.typed, *back]


def test_a_whole_polish_legends_session_has_no_english_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    text, typed = whole_session(monkeypatch, tmp_path / "pl.db", "pl_PL.UTF-8")
    for polish in (
        "Fixer: Cyberpunk Legends w terminalu. Kampania: Nocny Targ.",  # the greeting
        "Wpisz 'help' przy dowolnym pytaniu",
        "Runner 1, twoje imię [Gracz]: ",  # the set-up prompts
        "Wpisz imię tego runnera (Enter zostawia to w nawiasie) albo 'quit'.",
        "Role: 1) Solo: Więcej spluw niż rozumu;",  # the role deck in Polish
        "Wybierz rolę [1]: ",
        'Nie ma roli o nazwie "zzz". Wpisz jej numer albo nazwę.',
        "Wpisz liczbę od 1 do 4 lub nazwę (Enter zostawia domyślną) albo 'quit'.",
        "Wpisz numer ruchu i naciśnij Enter.",  # the help
        "  'deck'    twoja talia i Eddies       'log'     ostatnie wydarzenia",
        "Tematy: 'rules overview'",  # the rules
        "W terminalu: odrzucaj numerowanymi ruchami",
        'Nie ma tematu zasad "zzz".',
        "\"zzz\" nie jest tu ruchem. Wpisz 1 albo 'help'.",  # typed moves refused
        "Którą kartę zagrać? Wpisz 'play' i jej nazwę, np. 'play ",
        "Teraz nie czeka na ciebie żadne głosowanie ani wybór.",
        "'shop' działa na ekranie kampanii, między akcjami",
        "Masz w ręce kartę Heavy Pistol, ale nie możesz jej teraz zagrać: ",
        "Gracz: 0 Eddies, 15 kart",  # the deck
        "2x Heavy Pistol [10 Siła] - +2 Obrażenia.",
        "Trwała Pamięć: jeszcze nic",
        "Nie odłożono jeszcze żadnych Tropów.",  # the Discord words for no Clue
        "  [TRAFIENIE] ",  # the To Hit check in the log
        "RUCHY (numer albo słowo w nawiasie)",  # the campaign screen
        "Sklep: Pula Ulepszeń ('shop')",
        "Tropy i zagadki ('clues')",
        "\"shpo\" nie jest tu ruchem. Wpisz liczbę od 1 do 5 albo 'help' (czy",
        "(czy chodziło o 'shop'?).",
        "PULA ULEPSZEŃ (Gracz ma 1 Eddie; najwyżej 3 kopie karty w talii)",  # the shop
        "Eddies - Chrome Knuckles [9/K Siła Siła] - +3 Obrażenia.",
        'W Puli nie ma karty o nazwie "zzz".',
        "   0) wróć",
        "Co kupić? ",
        "Talia: Gracz (15 kart; talia zachowuje co najmniej 10).",  # removing a card
        "Co usunąć? ",
        "TROPY",  # the Clues, in the pack's Polish
        "Zanim czmychnie, kurierka wciska wam w dłoń",
        "(Solo), Vex (Netrunner); między akcjami, ukończono: 0 scenariuszy",  # the saved list
        "Fixer: Cyberpunk Legends w terminalu. Wracasz do kampanii Nocny Targ.",
        "Od twojego powrotu nic się nie wydarzyło.",
        "Do zobaczenia.",
    ):
        assert polish in text, polish
    english = english_lines(text, typed)
    assert not english, "lines in English:\n" + "\n".join(english)


def test_the_same_session_under_lang_c_reads_in_english(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    text, typed = whole_session(monkeypatch, tmp_path / "en.db", "C")
    for english in (
        "Fixer: Cyberpunk Legends at the terminal. Campaign: Night Market.",
        "Runner 1, your name [Player]: ",
        "Pick a role [1]: ",
        "Type the number of a move and press Enter.",
        "Player: 0 Eddies, 15 cards",
        "  [HIT ] ",
        "MOVES (the number, or the word in brackets)",
        "\"shpo\" is not a move here. Type a number from 1 to 5, or 'help' (did",
        "(did you mean 'shop'?).",
        "UPGRADE POOL (Player has 1 Eddie; at most 3 copies of a card per deck)",
        "Player's deck (15 cards; a deck keeps at least 10). Removing refunds nothing.",
        "CLUES",
        "Back to Night Market.",
        "Bye.",
    ):
        assert english in text, english
    for polish in ("Wpisz", "RUCHY", "Gracz", "talia", "Tropy", "Zdrowie"):
        assert polish not in text, polish
    # The scan finds English: on this transcript, in every part of the session.
    found = "\n".join(english_lines(text, typed))
    parts = ("at the terminal", "your name", "Pick a role", "press Enter", "UPGRADE POOL",
             "Remove which", "Eddies, 15 cards", "the word in brackets", "Topics:")  # fmt: skip
    for part in parts:
        assert part in found, part


def test_a_polish_session_with_a_merc_has_no_english_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Playing alone with a merc: the merc's role prompt, seat, moves, shop and decks."""
    _lang(monkeypatch, "pl_PL.UTF-8")
    monkeypatch.setenv("BOT_DATABASE", str(tmp_path / "merc.db"))
    out = io.StringIO()
    at_camp = ["shop", "2", "0", "0", "remove", "1", "0", "decks", "quit"]
    driver = Driver(out, ["", "", ""], at_camp)
    args = ["--seed", "3", "--runners", "1", "--merc"]
    assert main(args, stdin=driver, stdout=out) == 0  # type: ignore[arg-type]
    text = out.getvalue()
    assert driver.camp_seen and not driver.at_camp
    for polish in (
        "Role najemnika: 1) Netrunner: ",
        "Rola twojego najemnika [1]: ",
        "Gracz (najemnik) (Netrunner): ręka 5",  # the engine's seat name, in Polish
        "Zagraj (najemnik) ",
        "Kto robi zakupy?",
        "  2) Gracz (najemnik): 1 Eddie",
        "PULA ULEPSZEŃ (najemnik gracza Gracz ma 1 Eddie;",
        "Czyja talia?",
        "Gracz (najemnik): 1 Eddie, 15 kart",
    ):
        assert polish in text, polish
    english = english_lines(text, driver.typed)
    assert not english, "lines in English:\n" + "\n".join(english)


def test_polish_hot_seat_prompts(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _lang(monkeypatch, "pl_PL.UTF-8")
    monkeypatch.setenv("BOT_DATABASE", str(tmp_path / "hs.db"))
    typed = ["Ana", "", "Bo", "", "1", "x", "", "1", "", "1", ""]
    out = io.StringIO()
    args = ["--seed", "4", "--runners", "2", "--hotseat"]
    assert main(args, stdin=io.StringIO("\n".join(typed) + "\n"), stdout=out) == 0
    text = out.getvalue()
    for polish in (
        "Runner 2, twoje imię [Gracz 2]: ",
        "Przekaż klawiaturę (Ana), potem naciśnij Enter. ",
        "Naciśnij Enter, gdy klawiatura zostanie przekazana (albo 'quit').",
        "Tura: Ana.",
    ):
        assert polish in text, polish
    english = english_lines(text, typed)
    assert not english, "lines in English:\n" + "\n".join(english)


def test_polish_scenario_list_puzzle_and_merc_shop(monkeypatch: pytest.MonkeyPatch) -> None:
    """The screens a scripted run does not reach: the scenario list, a Clue's puzzle, a
    merc's shop, each in Polish and in English."""
    scen = "under-the-stalls"
    clue = next(c for c in PACK.scenarios[scen].cards if c.puzzle is not None)
    deck = PACK.roles[next(iter(PACK.roles))]
    for lang, want in (
        ("pl_PL.UTF-8", ("SCENARIUSZE", "(ukończony)", "Zagadka (nierozwiązana): ",
                         "'solve' i odpowiedź.", "Kto robi zakupy?",
                         "PULA ULEPSZEŃ (najemnik gracza Ana ma 2 Eddies;",
                         'Nie ma scenariusza o nazwie "zzz"', "Ana (najemnik): 2 Eddies")),
        ("C", ("SCENARIOS", "(completed)", "Puzzle (unsolved): ",
               "'solve' and your answer.", "Who is shopping?",
               "UPGRADE POOL (Ana merc has 2 Eddies;", 'No scenario is named "zzz"',
               "Ana (merc): 2 Eddies")),
    ):  # fmt: skip
        _lang(monkeypatch, lang)
        script = "zzz\n0\n" + "2\n0\n"  # the scenario list; then the merc's shop
        out = io.StringIO()
        s = Session(PACK, Console(io.StringIO(script), out), runners=1, merc=True)
        me = Runner(player="p1", name="Ana", role=deck.role, deck=deck.cards, eddies=3)
        merc = me.model_copy(update={"is_merc": True, "eddies": 2})
        first = PACK.campaigns[s.campaign].scenarios[0]
        s.table = s.table.model_copy(update={"runners": (me, merc), "completed": (first,),
                                             "clues": (f"{scen}:{clue.order}",)})  # fmt: skip
        from cogs.legends.terminal.crew import Person

        s.people["p1"] = Person("p1", True)
        assert camp.pick_scenario(s) is None
        camp.show_clues(s)
        camp.show_decks(s)
        assert camp.shop(s) is None
        text = out.getvalue()
        for x in want:
            assert x in text, (lang, x, text)
        if lang.startswith("pl"):
            english = english_lines(text, ["zzz"])
            assert not english, "lines in English:\n" + "\n".join(english)

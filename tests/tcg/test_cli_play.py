"""`python -m bot play --game tcg`: a scripted terminal duel against the AI.

The transcript is checked as it is written against the hidden state of that moment: the
rival's hand, deck and face-down Legends never appear unless they were public before.
"""

from __future__ import annotations

import io
import random

import pytest

from bot.terminal.console import Console
from cogs.tcg.terminal.play import main
from cogs.tcg.terminal.session import AI, ME, Session
from cogs.tcg.terminal.setup import load, make_player
from rules.core.events import public_events
from rules.tcg import actions as act
from rules.tcg.legal import legal_actions
from rules.tcg.view import view

CONTENT = load(None)


def run(args: list[str], script: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(args, stdin=io.StringIO(script), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


class _Watched(io.StringIO):
    """stdout that checks every write against the duel's hidden state at that moment."""

    def __init__(self) -> None:
        super().__init__()
        self.session: Session | None = None
        self.public: set[str] = set()
        self.mine: set[str] = set()

    def write(self, text: str) -> int:
        s = self.session
        if s is not None:
            d = s.state
            # Names the table has shown publicly so far (a card played, then bounced back
            # to hand, was seen by everybody).
            pv = view(d, CONTENT, None)
            for seat in pv.seats:
                for u in seat.field:
                    self.public |= {u.card.name, *(g.name for g in u.gear)}
                for sl in seat.legends:
                    if sl.card is not None:
                        self.public.add(sl.card.name)
                    self.public |= {g.name for g in sl.gear}
                self.public |= {c.name for c in (*seat.trash, *seat.removed)}
                self.public |= set(seat.eddies_known)
            # ... and what the public events named (a Program played, a card revealed):
            # the engine's own choke point, tested in test_hidden.py.
            said = " ".join(e.text for e in public_events(s.events))
            if not self.mine:
                for inst in (*d.seats[ME].deck, *d.seats[ME].hand, *d.seats[ME].legend_list):
                    self.mine.add(CONTENT.cards[d.cards[inst]].full_name)
            rival = d.seats[AI]
            hidden_insts = [*rival.hand, *rival.deck]
            hidden_insts += [sl.inst for sl in rival.legends if sl.inst and not sl.face_up]
            for inst in hidden_insts:
                name = CONTENT.cards[d.cards[inst]].full_name
                if name not in self.public and name not in self.mine and name not in said:
                    assert name not in text, f"hidden card {name!r} printed: {text!r}"
        return super().write(text)


class _Bot(io.StringIO):
    """stdin that answers like a person picking random legal moves by number (and now
    and then a command), so a whole duel plays to its end."""

    def __init__(self, seed: int) -> None:
        super().__init__()
        self.rng = random.Random(seed)
        self.session: Session | None = None
        self.lines = 0

    def readline(self, size: int | None = -1) -> str:
        assert self.session is not None
        self.lines += 1
        if self.lines > 3000:
            return ""  # a runaway duel: end of input
        s = self.session
        legal = [a for a in legal_actions(s.state, s.content, "you") if a.type != "concede"]
        roll = self.rng.random()
        if roll < 0.03:
            return self.rng.choice(["board\n", "hand\n", "rules winning\n", "help\n", "zzz\n"])
        if roll < 0.05:
            return "0\n"  # a payment prompt's default, or a bad move number
        others = [i for i, a in enumerate(legal) if a.type != "end"]
        if others and self.rng.random() < 0.7:
            return f"{self.rng.choice(others) + 1}\n"
        return f"{self.rng.randrange(len(legal)) + 1}\n"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_whole_duel_against_the_random_ai_hides_the_rivals_cards(seed: int) -> None:
    out, bot = _Watched(), _Bot(seed)
    decks = (CONTENT.decks["ghost-protocol"], CONTENT.decks["loaded-dice"])
    session = Session(Console(bot, out), CONTENT, decks, make_player("random", decks[1]), seed=seed)
    out.session = bot.session = session
    assert session.run() == 0
    assert session.state.result is not None, "the duel did not reach its end"
    text = out.getvalue()
    assert text.rstrip().splitlines()[-1].startswith(("You win", "Rival AI wins", "The duel"))
    assert "Rival AI: hand " in text  # the rival's hand is a count
    assert "face-down" in text


SCRIPT = "\n".join(
    [
        "help",
        "rules",
        "rules overtime",
        "card Neon Bruiser",
        "card Nen Bruiser",
        "99",
        "go first",  # typed words pick the move
        "keep",
        "quit",
    ]
)


def test_commands_and_typed_words() -> None:
    code, out, err = run(["--deck", "chrome-rush", "--level", "random", "--seed", "5"], SCRIPT)
    assert code == 0 and err == ""
    assert "Commands:" in out
    assert "Rules topics: setup, turn" in out and "overtime" in out
    assert "Overtime starts" in out
    assert "Neon Bruiser [red unit, cost 3 €$, power 4" in out
    assert "No card 'Nen Bruiser' (did you mean 'Neon Bruiser'?)" in out
    assert "No move 99: pick 1 to 2, or type 'help'." in out
    assert "Player chooses to go first." in out or "won the roll-off" not in out
    assert "Left the duel." in out


def test_end_of_input_quits_cleanly() -> None:
    code, out, _ = run(["--level", "greedy", "--seed", "1"], "")
    assert code == 0 and "Left the duel." in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--deck", "chrome"], "error: unknown deck 'chrome' (did you mean 'chrome-rush'?)"),
        (["--level", "gredy"], "error: unknown AI level 'gredy' (did you mean 'greedy'?)"),
        (["--ai-deck", "nope"], "error: unknown deck 'nope'"),
    ],
)
def test_setup_errors(args: list[str], message: str) -> None:
    code, out, err = run(args, "")
    assert code == 2 and out == ""
    assert err.startswith(message) and err.count("\n") == 1


class _Payer(_Bot):
    """Answers every `pay>` prompt with its last way (a Legend standing in, when it can)."""

    def __init__(self, seed: int, out: io.StringIO) -> None:
        super().__init__(seed)
        self.out = out
        self.asked: list[int] = []

    def readline(self, size: int | None = -1) -> str:
        text = self.out.getvalue()
        if text.endswith("pay> "):
            ways = text[text.rindex("Pay how?") :].count(") ") - 1
            self.asked.append(ways)
            return f"{ways}\n"
        return super().readline(size)


def test_payment_prompt_pays_the_chosen_way() -> None:
    out = io.StringIO()
    bot = _Payer(4, out)
    decks = (CONTENT.decks["ghost-protocol"], CONTENT.decks["loaded-dice"])
    session = Session(Console(bot, out), CONTENT, decks, make_player("random", decks[1]), seed=4)
    bot.session = session
    paid: list[tuple[str, ...] | None] = []
    real = session._apply

    def spy(action: act.Action) -> None:
        paid.append(getattr(action, "pay", None))
        real(action)

    session._apply = spy  # type: ignore[method-assign]
    session.run()
    assert bot.asked, "no payment prompt came up"
    assert "No payment" not in out.getvalue()
    chosen = [p for p in paid if p is not None]
    # Each answered prompt applied an explicit payment of that way (never the default).
    assert len(chosen) == len(bot.asked)
    assert any(any("-L" in x for x in p) for p in chosen), "no Legend ever paid"


def test_concede_ends_the_duel_with_the_result() -> None:
    code, out, _ = run(["--level", "random", "--seed", "2"], "1\nconcede\n")
    assert code == 0
    assert "Rival AI (random) wins" in out
    assert "Left the duel." not in out

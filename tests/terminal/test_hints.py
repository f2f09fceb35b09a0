"""Every hint names an input the terminal accepts.

The terminal's convention (cogs/legends/terminal/howto.py): text in single quotes is an
input you can type. A scripted player plays whole sessions; each time the screen shows a
quoted input it has not tried yet, it types it at a later move prompt (one try per
prompt, the newest first, the normal move in between) and checks the terminal did not refuse it as
something it does not understand. Hints that tell you what to do *now* (a vote, clean-up,
the Trauma Pack) are also checked right where they appear.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from cogs.legends.terminal import howto
from cogs.legends.terminal.play import main

TINY = str(Path(__file__).parent / "tinypack")
QUOTED = re.compile(r"(?<![\w'])'([^'\n]+)'(?![\w'])")
# What the terminal answers to a line it does not understand, in any of its prompts (and
# to a vote, flip or clean-up word with nothing of the kind open: such a hint must come
# where it applies). An input understood but not possible now ("You hold Knife but cannot
# discard it now: ...") is understood: the hints of the moment are checked where they
# appear, below.
REFUSED = (
    "is not a move here",
    "Type a number from",
    "is named",
    "is not an option here",
    "There is no",
    "There is nothing",
    "No rules topic",
    "Press Enter when",
    "which? Type",
)
NOT_TYPED_HERE = {"quit"}  # it ends the session: checked on its own below


class Player:
    """A stdin that reads the screen: tries each quoted input once the screen shows it."""

    def __init__(self, out: io.StringIO, budget: int) -> None:
        self.out = out
        self.pos = 0
        self.budget = budget
        self.typed = 0
        self.queue: list[str] = []
        self.seen: set[str] = set()
        self.accepted: set[str] = set()
        self.rejected: dict[str, str] = {}
        self.trying: str | None = None
        self.now: list[tuple[str, str]] = []  # (hint shown, the screen right after it)

    def readline(self) -> str:
        text = self.out.getvalue()
        new, self.pos = text[self.pos :], len(text)
        for q in QUOTED.findall(new):
            if q in NOT_TYPED_HERE or q in self.accepted:
                continue
            self.seen.add(q)
            if q in self.queue:  # shown again: it is the newest now
                self.queue.remove(q)
            self.queue.append(q)
        if self.trying is not None:
            if any(r in new for r in REFUSED):
                answer = new.strip().splitlines()[1:2]  # the line after the echo
                self.rejected[self.trying] = answer[0] if answer else ""
                self.queue.insert(0, self.trying)  # again later, after the newer ones
            else:
                self.accepted.add(self.trying)
            tried, self.trying = self.trying, None
            prompt = new.rsplit("\n", 1)[-1]
            return self._default(prompt, after_try=tried)
        prompt = new.rsplit("\n", 1)[-1]
        self.typed += 1
        if self.typed > self.budget:
            return ""
        if self.queue and prompt == "> ":
            # The newest first: a hint of the moment ('choose A' in a vote) is tried at
            # once, where it applies.
            pick = next((q for q in reversed(self.queue) if q not in self.accepted), None)
            self.queue = [q for q in self.queue if q not in self.accepted]
            if pick is not None:
                self.queue.remove(pick)
                self.trying = pick
                return pick + "\n"
        return self._default(prompt)

    def _default(self, prompt: str, after_try: str | None = None) -> str:
        if "[" in prompt or prompt.startswith("Pass the keyboard"):
            return "\n"
        if prompt.startswith(("Buy which", "Remove which")):
            return "0\n"
        return "1\n"


def session(args: list[str], budget: int) -> tuple[Player, str]:
    out = io.StringIO()
    player = Player(out, budget)
    code = main(args, stdin=player, stdout=out)  # type: ignore[arg-type]
    assert code == 0
    return player, out.getvalue()


@pytest.mark.parametrize(
    "args, budget",
    [
        (["--pack", TINY, "--seed", "1", "--runners", "2"], 260),
        (["--pack", TINY, "--seed", "6", "--runners", "1", "--merc"], 200),
        (["--pack", TINY, "--seed", "7", "--runners", "2", "--hotseat"], 200),
        (["--seed", "5", "--runners", "2"], 400),
    ],
    ids=["tiny", "merc", "hotseat", "core"],
)
def test_every_quoted_input_the_terminal_shows_is_accepted(args: list[str], budget: int) -> None:
    player, out = session(args, budget)
    # The session went through the screens whose hints matter (and the help).
    for shown in ("help", "board", "rules", "choose A", "ready", "start"):
        assert shown in player.seen, f"the session never showed '{shown}'"
    never = sorted(q for q in player.seen if q not in player.accepted)
    assert not never, "\n".join(f"'{q}': {player.rejected.get(q, 'never tried')}" for q in never)
    assert "Traceback" not in out
    assert "/legends" not in out


def test_the_hints_of_the_moment_are_accepted_where_they_appear() -> None:
    # Vote: 'choose A' at the very next prompt.
    script = "\n\n1\nchoose A\n" + "1\n" * 14 + "1\n1\n1\n1\n1\n1\n1\n1\n"
    out = io.StringIO()
    assert (
        main(
            ["--pack", TINY, "--seed", "1", "--runners", "2"], stdin=io.StringIO(script), stdout=out
        )
        == 0
    )
    text = out.getvalue()
    flat = " ".join(text.split())
    assert "Vote with 'choose A' (or B, ...: the option's letter) or the move's number" in flat
    assert "> choose A\n. Player votes A." in text


def test_after_a_flatline_start_starts_the_trauma_pack() -> None:
    # Play the tiny campaign to its flatline (see test_play), then type 'start'.
    script = "\n\n" + "1\n" * 14 + "2\n1\n0\n1\n" + "1\n" * 7 + "start\n"
    out = io.StringIO()
    assert (
        main(
            ["--pack", TINY, "--seed", "1", "--runners", "2"], stdin=io.StringIO(script), stdout=out
        )
        == 0
    )
    text = out.getvalue()
    flat = " ".join(text.split())
    assert "Start it with 'start' on the campaign screen." in flat
    assert "  1) Start the next run: Trauma Pack 1: Patched Up (Trauma Pack) ('start')" in text
    assert "> start\n" in text
    assert "Trauma Pack 1: Patched Up | Round 0" in text


def test_clean_up_ready_is_accepted_and_readies_you() -> None:
    script = "\n\n" + "1\n" * 11 + "ready\n"
    out = io.StringIO()
    main(["--pack", TINY, "--seed", "1", "--runners", "2"], stdin=io.StringIO(script), stdout=out)
    text = out.getvalue()
    flat = " ".join(text.split())
    assert "Discard any number of cards, then 'ready' to draw back up." in flat
    assert "> ready\n" in text
    after = text.split("> ready\n", 1)[1]
    assert "is not a move here" not in after.split("\n> ", 1)[0]


def test_help_and_the_rules_name_no_discord_command() -> None:
    assert "/legends" not in howto.HELP
    for topic, note in howto.RULES_NOTES.items():
        assert "/legends" not in note, topic


def test_quit_ends_the_session_and_says_how_to_come_back() -> None:
    out = io.StringIO()
    main(["--pack", TINY, "--seed", "1"], stdin=io.StringIO("\n\nquit\n"), stdout=out)
    assert "Come back to it with:" in out.getvalue()
    assert out.getvalue().rstrip().endswith("Bye.")

"""Line-based terminal I/O shared by every game's terminal table.

It reads lines from one text stream and writes to another, so tests drive a session
with `io.StringIO`; scripted input is echoed so a transcript reads like a session.
"""

from __future__ import annotations

from typing import TextIO

#: Screen width every terminal front end wraps to.
WIDTH = 78


def numbers(lo: int, hi: int) -> str:
    """The numbers a reply may be: "1" when there is only one, else "a number from 1 to 3"."""
    from bot.i18n import from_environment, t

    return str(lo) if lo == hi else t(from_environment(), "a number from {lo} to {hi}",
                                      lo=str(lo), hi=str(hi))  # fmt: skip


class Quit(Exception):
    """End of input, or the player typed quit."""


class Console:
    """Line-based I/O. `tty` enables clearing the screen between hot-seat players."""

    def __init__(self, stdin: TextIO, stdout: TextIO, *, tty: bool = False) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.tty = tty

    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def ask(self, prompt: str) -> str:
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.stdout.write("\n")
            raise Quit
        if not self.tty:
            # Echo scripted input, so a transcript reads like a session.
            self.stdout.write(line if line.endswith("\n") else line + "\n")
        return line.rstrip("\r\n")

    def clear(self) -> None:
        if self.tty:
            self.stdout.write("\033[2J\033[3J\033[H")
        else:
            self.stdout.write("\n" + "~" * WIDTH + "\n")
        self.stdout.flush()

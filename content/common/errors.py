"""Content problems, reported the same way for every game: file, item, field, message."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class ContentIssue:
    """One problem in a pack: where it is and what is wrong."""

    file: str
    message: str
    # What inside the file: "card 'big-iron'", "scenario 'x' card #3 'Name'", "pack 'y'".
    item: str = ""
    # Field path inside the item, e.g. "effects[0].amount".
    field: str = ""
    line: int | None = None

    def __str__(self) -> str:
        head = self.file
        if self.line is not None:
            head += f":{self.line}"
        where = " ".join(p for p in (self.item, f"field {self.field}" if self.field else "") if p)
        return f"{head}: {where}: {self.message}" if where else f"{head}: {self.message}"


class ContentError(Exception):
    """A pack failed to load; `errors` lists every problem found."""

    def __init__(self, errors: list[ContentIssue]) -> None:
        self.errors = list(errors)
        super().__init__(self.render())

    def render(self) -> str:
        return "\n".join(str(e) for e in self.errors)


def display_path(path: Path) -> str:
    """A path as shown in messages: relative to the working directory when possible."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return path.as_posix()

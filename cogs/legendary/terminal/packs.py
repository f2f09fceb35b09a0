"""Loading a pack and resolving names for the Legendary command lines.

Everything a user can get wrong here becomes a `SetupError` with one line of text (and a
"did you mean" where one helps); the command prints it and exits with status 2.
"""

from __future__ import annotations

from pathlib import Path

from bot.terminal.resume import EXIT_SETUP as EXIT_SETUP
from bot.terminal.resume import SetupError as SetupError
from content.common import ContentError
from content.legendary.loader import load_default_pack, load_pack
from rules.core.text import did_you_mean, plural
from rules.legendary.cards import Pack


def load(path: str | None) -> Pack:
    label = path or "the bundled Legendary pack"
    try:
        return load_pack(Path(path)) if path else load_default_pack()
    except ContentError as exc:
        n = len(exc.errors)
        first = str(exc.errors[0]) if exc.errors else "unknown problem"
        more = f" (and {n - 1} more; 'python -m content validate' lists them all)" if n > 1 else ""
        raise SetupError(f"cannot load {label}: {first}{more}") from None
    except (OSError, ValueError) as exc:
        raise SetupError(f"cannot load {label}: {exc}") from None


def resolve(kind: str, name: str, known: dict[str, str]) -> str:
    """The id of a Scheme or Mastermind given by id or printed name (case-insensitive).
    `known` maps id -> printed name."""
    q = name.strip().lower()
    for cid, printed in known.items():
        if q in (cid.lower(), printed.lower()):
            return cid
    hint = did_you_mean(name, [*known, *known.values()])
    raise SetupError(
        f"unknown {kind} '{name}'{hint}; {plural(2, kind)}: {', '.join(sorted(known))}"
    )


def pick(kind: str, name: str | None, known: dict[str, str], *, allow_all: bool) -> list[str]:
    """The ids a `--scheme`/`--mastermind` option names: one, `all` (when allowed), or
    every one when None and `allow_all`."""
    if name is None or (allow_all and name.strip().lower() == "all"):
        return sorted(known)
    return [resolve(kind, name, known)]


def check_players(n: int) -> None:
    if not 1 <= n <= 5:
        raise SetupError(f"--players must be between 1 and 5, not {n}")

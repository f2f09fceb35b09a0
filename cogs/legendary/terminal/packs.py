"""Loading a pack and resolving names for the Legendary command lines.

Everything a user can get wrong here becomes a `SetupError` with one line of text (and a
"did you mean" where one helps); the command prints it and exits with status 2.
"""

from __future__ import annotations

from pathlib import Path

from bot.i18n import N_, did_you_mean, from_environment, t
from bot.terminal.resume import EXIT_SETUP as EXIT_SETUP
from bot.terminal.resume import SetupError as SetupError
from bot.terminal.resume import load_failed
from content.common import ContentError
from content.legendary.loader import load_default_pack, load_pack
from rules.core.text import plural
from rules.legendary.cards import Pack

#: "unknown …" for each kind of thing a flag names, in the terminal's language.
UNKNOWN = {
    "scheme": N_("unknown scheme '{name}'{hint}; schemes: {ids}"),
    "mastermind": N_("unknown mastermind '{name}'{hint}; masterminds: {ids}"),
    "Villain Group": N_("unknown Villain Group '{name}'{hint}; Villain Groups: {ids}"),
    "Henchman Group": N_("unknown Henchman Group '{name}'{hint}; Henchman Groups: {ids}"),
    "Hero": N_("unknown Hero '{name}'{hint}; Heroes: {ids}"),
}


def load(path: str | None) -> Pack:
    lang = from_environment()
    label = path or t(lang, "the bundled Legendary pack")
    try:
        return load_pack(Path(path)) if path else load_default_pack()
    except (ContentError, OSError, ValueError) as exc:
        raise load_failed(label, exc, "python -m content validate") from None


def resolve(kind: str, name: str, known: dict[str, str]) -> str:
    """The id of a Scheme or Mastermind given by id or printed name (case-insensitive).
    `known` maps id -> printed name."""
    q = name.strip().lower()
    for cid, printed in known.items():
        if q in (cid.lower(), printed.lower()):
            return cid
    lang = from_environment()
    hint = did_you_mean(lang, name, [*known, *known.values()])
    ids = ", ".join(sorted(known))
    if kind in UNKNOWN:
        raise SetupError(t(lang, UNKNOWN[kind], name=name, hint=hint, ids=ids))
    raise SetupError(f"unknown {kind} '{name}'{hint}; {plural(2, kind)}: {ids}")


def pick(kind: str, name: str | None, known: dict[str, str], *, allow_all: bool) -> list[str]:
    """The ids a `--scheme`/`--mastermind` option names: one, `all` (when allowed), or
    every one when None and `allow_all`."""
    if name is None or (allow_all and name.strip().lower() == "all"):
        return sorted(known)
    return [resolve(kind, name, known)]


def check_players(n: int) -> None:
    if not 1 <= n <= 5:
        raise SetupError(
            t(from_environment(), "--players must be between 1 and 5, not {n}", n=str(n))
        )

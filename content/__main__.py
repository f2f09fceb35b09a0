"""Command line: `python -m content validate [PATH]`.

Prints every problem of the pack, one per line, and exits 1; or prints a short summary and
exits 0. PATH defaults to the bundled core pack.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

USAGE = """\
usage: python -m content validate [PATH]

Validate a Cyberpunk Legends content pack (a directory of TOML files).
PATH defaults to the bundled core pack (content/legends/).
Prints every error, one per line, and exits 1; otherwise prints a summary and exits 0.
See docs/content.md for the pack layout."""


def summarize(pack: object, path: str) -> str:
    from content.loader import trauma_pack_ids
    from rules.legends.cards import ContentPack, ScenarioKind

    assert isinstance(pack, ContentPack)
    trauma = trauma_pack_ids(pack)
    scenarios = [s for sid, s in pack.scenarios.items() if sid not in trauma]
    obstacles = sum(
        1 for s in pack.scenarios.values() for c in s.cards if c.kind is ScenarioKind.OBSTACLE
    )
    sealed = sum(1 for p in pack.upgrade_packs.values() if p.sealed)
    counts = ", ".join(
        _count(n, what)
        for n, what in (
            (len(pack.cards), "card"),
            (len(pack.roles), "role deck"),
            (len(scenarios), "scenario"),
            (len(trauma), "trauma pack"),
            (obstacles, "obstacle"),
            (len(pack.upgrade_packs), "upgrade pack"),
        )
    )
    return f"OK {path}: {counts} ({sealed} sealed), {_count(len(pack.campaigns), 'campaign')}"


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def validate(path: str | None) -> int:
    from content.loader import DEFAULT_PACK_DIR, ContentError, display_path, load_pack

    target = Path(path) if path else DEFAULT_PACK_DIR
    try:
        pack = load_pack(target)
    except ContentError as exc:
        for issue in exc.errors:
            print(issue)
        n = len(exc.errors)
        print(f"{n} error{'s' if n != 1 else ''}", file=sys.stderr)
        return 1
    except Exception as exc:  # never a traceback from the CLI
        print(f"{display_path(target)}: unexpected error: {type(exc).__name__}: {exc}")
        return 1
    print(summarize(pack, display_path(target)))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        print(USAGE)
        return 2
    if args[0] in ("-h", "--help", "help"):
        print(USAGE)
        return 0
    if args[0] == "validate" and len(args) <= 2:
        return validate(args[1] if len(args) == 2 else None)
    print(USAGE, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())

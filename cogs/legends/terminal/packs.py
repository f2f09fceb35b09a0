"""Loading a pack and checking names for the command lines (`play`, `simulate`).

Everything a content author can get wrong here becomes a `SetupError` with one clear line
of text; the command prints it and exits with status 2 (never a traceback).
"""

from __future__ import annotations

from pathlib import Path

from bot.terminal.resume import EXIT_SETUP as EXIT_SETUP
from bot.terminal.resume import SetupError as SetupError
from content.common import ContentError
from content.legends.loader import load_default_pack, load_pack
from rules.legends.cards import ContentPack


def load(path: str | None) -> ContentPack:
    label = path or "the core pack"
    try:
        pack = load_pack(Path(path)) if path else load_default_pack()
    except ContentError as exc:
        n = len(exc.errors)
        first = str(exc.errors[0]) if exc.errors else "unknown problem"
        more = (
            f" (and {n - 1} more; 'python -m content validate {path or ''}'"
            " lists them all)".replace(" ''", "")
            if n > 1
            else ""
        )
        raise SetupError(f"cannot load {label}: {first}{more}") from None
    except (OSError, ValueError) as exc:
        raise SetupError(f"cannot load {label}: {exc}") from None
    if not pack.campaigns:
        raise SetupError(f"{label} has no campaign (campaign.toml); nothing to play")
    return pack


def campaign_id(pack: ContentPack, name: str | None) -> str:
    if name is None:
        return next(iter(pack.campaigns))
    if name not in pack.campaigns:
        known = ", ".join(pack.campaigns)
        raise SetupError(f"unknown campaign '{name}'; campaigns in this pack: {known}")
    return name


def scenario_id(pack: ContentPack, campaign: str, name: str | None) -> str | None:
    """A scenario playable with `start` (None: the campaign's next one)."""
    if name is None:
        return None
    trauma = pack.trauma_pack_ids()
    playable = [s for s in pack.scenarios if s not in trauma]
    if name in trauma:
        raise SetupError(
            f"'{name}' is a Trauma Pack: it opens when a crew flatlines. "
            f"Scenarios: {', '.join(playable)}"
        )
    if name not in pack.scenarios:
        # Accept the printed name too ("Edge of the Market").
        by_name = [
            sid for sid in playable if pack.scenarios[sid].name.lower() == name.strip().lower()
        ]
        if len(by_name) == 1:
            return by_name[0]
        raise SetupError(
            f"unknown scenario '{name}'; scenarios in this pack: {', '.join(playable)}"
        )
    return name


def check_runners(pack: ContentPack, runners: int, merc: bool = False) -> None:
    most = max(1, len(pack.roles)) * 5  # every role deck, plus up to 4 extra copies
    if not 1 <= runners <= most:
        raise SetupError(f"--runners must be between 1 and {most} for this pack, not {runners}")
    if merc and runners != 1:
        raise SetupError("--merc is for a runner playing alone (--runners 1)")
    if not pack.roles:
        raise SetupError("this pack has no role decks (roles/*.toml); nobody can join")

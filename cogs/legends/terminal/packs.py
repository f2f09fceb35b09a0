"""Loading a pack and checking names for the command lines (`play`, `simulate`).

Everything a content author can get wrong here becomes a `SetupError` with one clear line
of text; the command prints it and exits with status 2 (never a traceback).
"""

from __future__ import annotations

from pathlib import Path

from bot.i18n import did_you_mean, from_environment, t
from bot.terminal.resume import EXIT_SETUP as EXIT_SETUP
from bot.terminal.resume import SetupError as SetupError
from bot.terminal.resume import load_failed
from content.common import ContentError
from content.legends.loader import load_default_pack, load_pack
from rules.legends.cards import ContentPack


def load(path: str | None) -> ContentPack:
    lang = from_environment()
    label = path or t(lang, "the core pack")
    try:
        pack = load_pack(Path(path)) if path else load_default_pack()
    except (ContentError, OSError, ValueError) as exc:
        validate = f"python -m content validate {path}" if path else "python -m content validate"
        raise load_failed(label, exc, validate) from None
    if not pack.campaigns:
        raise SetupError(
            t(lang, "{pack} has no campaign (campaign.toml); nothing to play", pack=label)
        )
    return pack


def campaign_id(pack: ContentPack, name: str | None) -> str:
    if name is None:
        return next(iter(pack.campaigns))
    if name not in pack.campaigns:
        lang = from_environment()
        raise SetupError(
            t(
                lang,
                "unknown campaign '{name}'{hint}; campaigns in this pack: {ids}",
                name=name,
                hint=did_you_mean(lang, name, pack.campaigns),
                ids=", ".join(pack.campaigns),
            )
        )
    return name


def scenario_id(pack: ContentPack, campaign: str, name: str | None) -> str | None:
    """A scenario playable with `start` (None: the campaign's next one)."""
    if name is None:
        return None
    lang = from_environment()
    trauma = pack.trauma_pack_ids()
    playable = [s for s in pack.scenarios if s not in trauma]
    if name in trauma:
        raise SetupError(
            t(
                lang,
                "'{name}' is a Trauma Pack: it opens when a crew flatlines. Scenarios: {ids}",
                name=name,
                ids=", ".join(playable),
            )
        )
    if name not in pack.scenarios:
        # Accept the printed name too ("Edge of the Market").
        by_name = [
            sid for sid in playable if pack.scenarios[sid].name.lower() == name.strip().lower()
        ]
        if len(by_name) == 1:
            return by_name[0]
        names = [*playable, *(pack.scenarios[sid].name for sid in playable)]
        raise SetupError(
            t(
                lang,
                "unknown scenario '{name}'{hint}; scenarios in this pack: {ids}",
                name=name,
                hint=did_you_mean(lang, name, names),
                ids=", ".join(playable),
            )
        )
    return name


def check_runners(pack: ContentPack, runners: int, merc: bool = False) -> None:
    lang = from_environment()
    most = max(1, len(pack.roles)) * 5  # every role deck, plus up to 4 extra copies
    if not 1 <= runners <= most:
        raise SetupError(
            t(
                lang,
                "--runners must be between 1 and {most} for this pack, not {n}",
                most=str(most),
                n=str(runners),
            )
        )
    if merc and runners != 1:
        raise SetupError(t(lang, "--merc is for a runner playing alone (--runners 1)"))
    if not pack.roles:
        raise SetupError(t(lang, "this pack has no role decks (roles/*.toml); nobody can join"))

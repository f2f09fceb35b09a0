"""The `/legendary` surface against its design (shared/design/legendary-discord.md),
command by command and option by option (found missing by the issue 14 audit: `setup`,
which takes "the same options as `new`", had no autocomplete and no option hints).
Beyond the design, as it allows ("add more where players need them"): `play half:` for
divided cards, and the `options` `ai_pace` and `language`."""

from __future__ import annotations

from discord import app_commands

from cogs.legendary.cmd_base import LEGENDARY
from cogs.legendary.commands import LegendaryCog

SETUP = {
    "scheme": (False, True),
    "mastermind": (False, True),
    "villains": (False, True),
    "heroes": (False, True),
    "epic": (False, False),
}
DIFFICULTY = (
    "extra_twists",
    "mastermind_attack",
    "undercover_wound_vp",
    "uru_gate",
    "open_hands",
    "advanced_solo",
    "whatif_setup",
    "warmup_round",
    "hq_mulligan",
)
# command -> {option: (required, autocomplete)}
DESIGN: dict[str, dict[str, tuple[bool, bool]]] = {
    "new": SETUP,
    "join": {"ai": (False, False)},
    "leave": {"ai": (False, False)},
    "setup": SETUP,
    "start": {},
    "hand": {},
    "play": {"card": (True, True), "fated_future": (False, False), "half": (False, True)},
    "recruit": {"card": (True, True)},
    "fight": {"target": (True, True)},
    "heal": {},
    "choose": {"option": (True, True)},
    "end": {},
    "status": {},
    "victory": {"player": (False, False)},
    "card": {"name": (True, True)},
    "log": {},
    "rules": {"topic": (False, True)},
    "options": {
        **{o: (False, False) for o in DIFFICULTY},
        "turn_timer": (False, False),
        "ai_pace": (False, False),
        "language": (False, False),
    },
    "abandon": {},
    "dm": {"enabled": (True, False)},
}


def test_the_legendary_commands_and_options_are_the_designs() -> None:
    assert LegendaryCog.legendary is LEGENDARY and LEGENDARY.name == "legendary"
    found: dict[str, dict[str, tuple[bool, bool]]] = {}
    for c in LEGENDARY.commands:
        assert isinstance(c, app_commands.Command), c.name
        found[c.name] = {p.name: (p.required, p.autocomplete) for p in c.parameters}
    assert found == DESIGN
    assert len(LEGENDARY.commands) <= 25  # Discord's limit of entries in one command
    for c in LEGENDARY.walk_commands():
        if isinstance(c, app_commands.Command):
            for p in c.parameters:
                assert p.description not in ("", "…"), f"/legendary {c.name} {p.name}"

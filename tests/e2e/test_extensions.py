"""Each game's Discord front end is a discord.py extension named by its plug-in, and
the registry stays cheap to import (no discord.py, no Legends front end)."""

from __future__ import annotations

import importlib
import inspect
import subprocess
import sys
from pathlib import Path

from bot import games

ROOT = Path(__file__).resolve().parents[2]


def test_every_discord_extension_has_setup() -> None:
    for plugin in games.plugins():
        if plugin.discord_extension is None:  # a game without a Discord front end yet
            continue
        module = importlib.import_module(plugin.discord_extension)
        assert inspect.iscoroutinefunction(module.setup), plugin.discord_extension


def test_the_registry_imports_no_discord_front_end() -> None:
    code = (
        "import sys, bot.games as g\n"
        "assert [p.name for p in g.plugins()]\n"
        "heavy = [m for m in sys.modules if m == 'discord' or m.startswith('cogs.common')"
        " or m in ('cogs.legends.commands', 'cogs.legends.runtime', 'cogs.legends.extension')]\n"
        "assert not heavy, heavy\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_shared_discord_code_names_no_game() -> None:
    shared = [*sorted((ROOT / "cogs" / "common").glob("*.py")), ROOT / "bot" / "app.py"]
    for plugin in games.plugins():
        for path in shared:
            text = path.read_text(encoding="utf-8").lower()
            for word in (plugin.name, plugin.title.lower()):
                assert word not in text, f"{path.relative_to(ROOT)} names {word!r}"

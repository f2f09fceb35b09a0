"""The toy game's plug-in (tests add `"toy": "tests.e2e.toygame.plugin"` to the registry)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot.plugin import GamePlugin
from tests.service.toy import ToyAdapter


class ToyContent:
    """The toy game has no cards to load; its content is this marker."""


class ToyPlugin(GamePlugin):
    name = "toy"
    title = "Toy Cards"
    discord_extension = "tests.e2e.toygame.extension"

    def load_content(self, paths: Sequence[Path] | None = None) -> Any:
        return ToyContent()

    def adapter(self, content: Any | None = None) -> Any:
        return ToyAdapter()


PLUGIN = ToyPlugin()

"""The toy game of tests/service/toy.py as a plug-in of the house: a second game for the
house's tests, with a Discord extension (tests/e2e/toygame/extension.py) and packs.

Its content is a pack directory with a pack.toml (`game = "toy"`, `id`, `cards` = how
many); `load_content` reports problems the way every game must (file, item, field).
Tests register it with `register_toy(monkeypatch)`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from bot import games
from bot.plugin import GamePlugin
from content.common import ContentError, ContentIssue, display_path
from tests.service.toy import ToyAdapter

MODULE = "tests.e2e.toygame.plugin"


class ToyPlugin(GamePlugin):
    name = "toy"
    title = "Toy Cards"
    discord_extension = "tests.e2e.toygame.extension"

    def load_content(self, paths: Sequence[Path] | None = None) -> Any:
        """Pack id → card count; one bundled pack of 24 cards."""
        packs: dict[str, int] = {}
        issues: list[ContentIssue] = []
        for root in paths or []:
            manifest = root / "pack.toml"
            data = tomllib.loads(manifest.read_text(encoding="utf-8"))
            cards = data.get("cards")
            if not isinstance(cards, int) or cards < 1:
                issues.append(
                    ContentIssue(
                        display_path(manifest),
                        "cards must be a whole number of at least 1",
                        item=f"pack '{data.get('id')}'",
                        field="cards",
                    )
                )
                continue
            packs[str(data["id"])] = cards
        if issues:
            raise ContentError(issues)
        return packs or {"toy-core": 24}

    def summarize(self, content: Any, label: str) -> str:
        return f"OK {label}: {len(content)} toy pack(s)"

    def pack_rows(self, content: Any) -> list[tuple[str, str, str, str, str, str]]:
        return [(pid, "core", "1", f"{n} cards", pid, "-") for pid, n in content.items()]

    def adapter(self, content: Any | None = None) -> Any:
        return ToyAdapter()


PLUGIN = ToyPlugin()


def register_toy(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry with the toy game after Legends, for one test."""
    monkeypatch.setitem(games.GAMES, "toy", MODULE)

"""Slash commands in Polish: the translator gives every command, group, option and choice
of every game its Polish name and description, and the sync carries them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest

from bot.app import FixerBot, _sync
from bot.config import Settings
from bot.i18n.commands import valid_name
from tests.fakediscord import FakeDiscord


@pytest.fixture
async def fake() -> Any:
    async with FakeDiscord() as f:
        yield f


def _walk(items: list[dict[str, Any]], path: str = "") -> list[tuple[str, dict[str, Any]]]:
    out = []
    for c in items:
        here = f"{path} {c['name']}".strip()
        out.append((here, c))
        sub = [o for o in c.get("options", []) if o.get("type") in (1, 2)]
        opts = [o for o in c.get("options", []) if o.get("type") not in (1, 2)]
        out.extend(_walk(sub, here))
        out.extend((f"{here} :{o['name']}", o) for o in opts)
    return out


async def test_the_sync_carries_polish_names_and_descriptions(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    settings = Settings(token=fake.token, database=tmp_path / "f.sqlite3", dev_guild=fake.guild.id)
    assert await _sync(settings, fake.token) == 0
    ((_, payload),) = fake.command_syncs
    assert {c["name"] for c in payload} == {"legends", "tcg", "legendary"}
    nodes = _walk(payload)
    assert len(nodes) > 150
    for where, node in nodes:
        names = node.get("name_localizations") or {}
        descs = node.get("description_localizations") or {}
        assert "pl" in names, where
        assert "pl" in descs, where
        assert valid_name(names["pl"]), (where, names["pl"])
        assert len(descs["pl"]) <= 100, where
        for choice in node.get("choices", []):
            assert "pl" in (choice.get("name_localizations") or {}), (where, choice["name"])
        # Only Polish is localized; English clients see the English names.
        assert set(names) == {"pl"} and set(descs) == {"pl"}
    legends = {c["name"]: c for c in payload}["legends"]
    subs = {o["name"]: o["name_localizations"]["pl"] for o in legends["options"]}
    assert subs["play"] == "zagraj" and subs["hand"] == "reka" and subs["join"] == "dolacz"


async def test_polish_names_are_unique_next_to_each_other(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    bot = FixerBot(Settings(token=fake.token, database=tmp_path / "f.sqlite3"), sync_only=True)
    await bot.setup_hook()
    payload = [
        await c.get_translated_payload(bot.tree, bot.tree.translator)
        for c in bot.tree.get_commands()
    ]  # type: ignore[arg-type]

    def check(items: list[dict[str, Any]], where: str) -> None:
        pl = [i.get("name_localizations", {}).get("pl", i["name"]) for i in items]
        assert len(pl) == len(set(pl)), (where, sorted(pl))
        for i in items:
            check(i.get("options", []), f"{where} {i['name']}")

    check(payload, "")
    assert isinstance(bot.tree.translator, discord.app_commands.Translator)

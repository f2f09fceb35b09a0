"""The command-cog base every game shares (cogs/common/commands.py): without a runtime
(`fixer sync`) a cog says so instead of half-working, autocomplete offers nothing, and a
crashed command is logged under the game's name and answered, ephemerally, in the
asker's language with the game's own words."""

from __future__ import annotations

import logging
from types import SimpleNamespace
from typing import Any

import pytest
from discord import app_commands

from bot.i18n import t
from cogs.common.commands import CommandBase
from cogs.legendary.commands import LegendaryCog
from cogs.legends.commands import LegendsCog
from cogs.tcg.commands import TcgCog

COGS = [LegendaryCog, LegendsCog, TcgCog]


class _Response:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def is_done(self) -> bool:
        return bool(self.sent)

    async def send_message(self, **kwargs: Any) -> None:
        self.sent.append(kwargs)


def _interaction(locale: str) -> Any:
    return SimpleNamespace(
        id=1,
        locale=locale,
        channel=None,
        command=SimpleNamespace(name="status"),
        user=SimpleNamespace(id=7),
        response=_Response(),
    )


@pytest.mark.parametrize("cog_type", COGS, ids=lambda c: c.__name__)
async def test_without_a_runtime_a_cog_says_so(cog_type: type[CommandBase[Any, Any]]) -> None:
    cog = cog_type(None, None)  # type: ignore[arg-type]
    with pytest.raises(RuntimeError, match="sync mode"):
        cog.rt  # noqa: B018
    assert await cog._quiet(_interaction("en-US")) is None  # autocomplete: no choices


@pytest.mark.parametrize("cog_type", COGS, ids=lambda c: c.__name__)
async def test_a_crashed_command_is_logged_and_answered_in_the_askers_language(
    cog_type: type[CommandBase[Any, Any]], caplog: pytest.LogCaptureFixture
) -> None:
    cog = cog_type(None, None)  # type: ignore[arg-type]
    interaction = _interaction("pl")
    boom = app_commands.AppCommandError("boom")
    with caplog.at_level(logging.ERROR, logger=f"cogs.{cog.group}"):
        await cog.cog_app_command_error(interaction, boom)
    (record,) = [r for r in caplog.records if r.name == f"cogs.{cog.group}"]
    assert record.getMessage() == f"/{cog.group} status failed: AppCommandError"
    assert record.exc_info is not None and record.exc_info[1] is boom
    (reply,) = interaction.response.sent
    assert reply["ephemeral"] is True
    polish = t("pl", cog.crash_text)
    assert polish != cog.crash_text  # the catalogue has it
    assert reply["embeds"][0].description == "🚫 " + polish  # the house's refusal

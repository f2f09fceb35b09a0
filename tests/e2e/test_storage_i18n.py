"""A storage error's player message (bot/storage/errors.py) reaches the player in their
own language, through the shared refusal path (cogs/common/answer.py) and the TCG's
own: the first line says nothing changed, the next what to do; never the admin's text."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.storage.errors import DatabaseLockedError, StorageError
from rules.legendary import engine
from tests.e2e import legendary_harness as lh
from tests.e2e.harness import finish, settle, start_fixer
from tests.e2e.tcg_harness import Duelists
from tests.fakediscord import FakeDiscord, FakeInteraction

ADMIN = "locked by another process (SQLITE_BUSY) at /srv/fixer.db"


def _text(it: FakeInteraction) -> str:
    msg = it.original or it.followups[-1]
    assert msg.ephemeral
    return "\n".join(msg.all_texts)


async def test_a_busy_database_refuses_in_the_readers_language(
    fake: FakeDiscord, db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await lh.boot(fake, db, seed=31)
    t = await lh.new_game(fake, bot, ("alice", "bob"), ai=0)
    st = await t.state()
    assert st.game is not None
    who = t.seat_user(st, engine.decision_seat(st.game) or 0)

    async def busy(*args: Any, **kw: Any) -> Any:
        raise DatabaseLockedError(ADMIN)

    monkeypatch.setattr(t.rt.service, "act", busy)
    pl = _text(await t.slash("end", user=who, locale="pl"))
    assert "Stół jest teraz zajęty, więc nic się nie zmieniło" in pl and "busy" not in pl
    en = _text(await t.slash("end", user=who, locale="en-US"))
    assert "The table is busy right now, so nothing changed" in en
    assert ADMIN not in pl + en
    assert await t.state() == st
    await bot.close()


async def test_tcg_deck_list_storage_error_in_polish(
    fake: FakeDiscord, db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await start_fixer(fake, db)
    alice = fake.add_user("alice", guild=fake.guild)
    d = Duelists(fake, bot, fake.channel, [alice])

    async def broken(*args: Any, **kw: Any) -> Any:
        raise StorageError("disk I/O error on /srv/fixer.db")

    monkeypatch.setattr("cogs.tcg.cmd_table.player_decks.saved", broken)
    for locale, want in (
        ("pl", "Nie udało się zapisać stołu, więc nic się nie zmieniło"),
        ("en-US", "The table could not be saved, so nothing changed"),
    ):
        it = await fake.send_slash(alice, "tcg deck list", {}, channel=d.channel, locale=locale)
        await finish(it)
        await settle(fake, bot)
        text = _text(it)
        assert want in text and "/srv/fixer.db" not in text, text
    await bot.close()

"""The DM-closed notice (the house's, cogs/common/runtime.py) in the table's language, in
every game alike: English at an English table, Polish (with the Polish command words) at a
Polish one; it is posted once in the channel and names the player, never their hand."""

from __future__ import annotations

from pathlib import Path

from tests.e2e import legendary_harness as lh
from tests.e2e.harness import new_table, settle, start_fixer
from tests.fakediscord import FakeDiscord

EN = "I can't send you DMs (they are closed)"
PL = "nie mogę wysyłać ci prywatnych wiadomości"


async def test_legends_notice_follows_the_tables_language(fake: FakeDiscord, db: Path) -> None:
    bot = await start_fixer(fake, db)
    alice, bob = (fake.add_user(n, guild=fake.guild) for n in ("alice", "bob"))
    t = await new_table(fake, bot, [alice, bob], roles=["solo", "netrunner"], start=False)
    await t.slash(alice, "options", {"language": "pl"})
    await t.slash(bob, "dm", {"enabled": True})
    bob.dms_open = False
    await t.slash(alice, "start")
    await settle(fake, bot)
    notices = [m for m in t.boards() if bob.mention in m.content and "wlaczone" in m.content]
    assert len(notices) == 1, [m.content for m in t.boards()[-5:]]
    text = notices[0].content
    assert PL in text and "`/legends pw wlaczone:True`" in text and EN not in text
    assert "**Moja ręka**" in text
    t.assert_no_public_leak()
    await bot.close()


async def test_legendary_notice_in_english_then_polish(fake: FakeDiscord, db: Path) -> None:
    bot = await lh.boot(fake, db, seed=31)
    t = await lh.new_game(fake, bot, ("alice", "bob"), ai=0, start=False)
    alice, bob = t.users
    await t.slash("dm", {"enabled": True}, user=bob)
    bob.dms_open = False
    await t.slash("start")
    await settle(fake, bot)
    notices = [m for m in t.boards() if EN in m.text]
    assert len(notices) == 1 and bob.mention in notices[0].text
    assert "`/legendary dm enabled:True`" in notices[0].text
    # At a Polish table the notice is Polish (a second player whose DMs close later).
    await t.slash("options", {"language": "pl"}, user=alice, locale="pl")
    await t.slash("dm", {"enabled": True}, user=alice, locale="pl")
    alice.dms_open = False
    st = await t.state()
    assert st.game is not None
    # Until her hand changes (a turn of each: a new hand is drawn at the end of a turn).
    await t.play_out(until=lambda s: s.version >= st.version + 40 or s.over)
    await settle(fake, bot)
    polish = [m for m in t.boards() if PL in m.text]
    assert len(polish) == 1 and alice.mention in polish[0].text, [m.text for m in t.boards()]
    assert "`/legendary pw wlaczone:True`" in polish[0].text and EN not in polish[0].text
    t.assert_no_public_leak()
    await bot.close()

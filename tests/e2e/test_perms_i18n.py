"""The shared permission checks (cogs/common/perms.py, cogs/common/threads.py) and
`/legends new`'s own refusals speak the language of the person who ran the command (an
ephemeral answer: their client's), first what is wrong, then what to do."""

from __future__ import annotations

from pathlib import Path

import discord

from tests.e2e.harness import settle, start_fixer
from tests.e2e.test_forum import new_in_forum
from tests.fakediscord import FakeDiscord


async def test_a_missing_permission_is_said_in_the_readers_language(
    fake: FakeDiscord, db: Path
) -> None:
    bot = await start_fixer(fake, db)
    alice, bob = (fake.add_user(n, guild=fake.guild) for n in ("alice", "bob"))
    fake.set_bot_permissions(fake.channel, deny=discord.Permissions(embed_links=True))
    other = fake.add_channel(fake.guild, "second-table")
    fake.set_bot_permissions(other, deny=discord.Permissions(embed_links=True))
    await fake.idle(0.02)

    it = await fake.send_slash(alice, "legends new", {"name": "Nocna ekipa"}, locale="pl")
    await it.response()
    await it.wait_followups(1)
    reply = it.messages[-1]
    assert reply.ephemeral
    assert "**Zanim zagracie:**" in reply.text, reply.text
    assert (
        f"Brakuje mi uprawnień **Osadzanie linków** na {fake.channel.mention}: bez nich nie "
        "opublikuję planszy. Poproś admina, żeby je tam nadał."
    ) in reply.text
    assert "I lack" not in reply.text and "Embed Links" not in reply.text

    # The same check for an English reader, in English.
    it = await fake.send_slash(bob, "legends new", {"name": "Night crew"}, channel=other)
    await it.response()
    await it.wait_followups(1)
    text = it.messages[-1].text
    assert f"I lack **Embed Links** in {other.mention}: I need them to post the board." in text
    assert "Brakuje" not in text
    # The campaigns were created anyway (the owner fixes the permission, then plays).
    assert len(bot.runtime("legends").channel_of_table) == 2


async def test_forum_refusals_of_legends_new_are_polish_for_a_polish_reader(
    fake: FakeDiscord, db: Path
) -> None:
    bot = await start_fixer(fake, db)
    alice = fake.add_user("alice", guild=fake.guild)
    staff = fake.add_forum(
        fake.guild, "staff-runs", require_tag=True, tags=[{"name": "Approved", "moderated": True}]
    )
    closed = fake.add_forum(fake.guild, "closed")
    fake.set_bot_permissions(closed, deny=discord.Permissions(send_messages=True))
    await fake.idle(0.02)

    it = await fake.send_slash(alice, "legends new", {"forum": staff}, locale="pl")
    await it.response()
    refusal = it.messages[-1]
    assert refusal.ephemeral and refusal.text.startswith(
        f"🚫 {staff.mention} wymaga tagu przy każdym poście, a wszystkie jego tagi są moderowane"
    )
    assert "Daj mi Zarządzanie wątkami" in refusal.text and "requires" not in refusal.text

    it = await fake.send_slash(alice, "legends new", {"forum": closed}, locale="pl")
    await it.response()
    assert it.messages[-1].text == (
        f"🚫 Żeby otworzyć post na {closed.mention}, potrzebuję tam uprawnień Wyświetlanie "
        "kanałów i Wysyłanie wiadomości. Poproś admina o nie albo użyj `/legends nowa` w "
        "istniejącym poście lub kanale."
    )
    # Nothing was created; an English reader gets the English refusal.
    assert not bot.runtime("legends").channel_of_table
    it = await new_in_forum(fake, alice, {"forum": closed})
    assert it.messages[-1].text.startswith(
        f"🚫 I need View Channel and Send Messages in {closed.mention} to open a post there."
    )


async def test_the_owner_is_told_in_the_tables_language_and_a_move_in_the_readers(
    fake: FakeDiscord, db: Path
) -> None:
    bot = await start_fixer(fake, db)
    alice = fake.add_user("alice", guild=fake.guild)
    fake.set_bot_permissions(fake.channel, deny=discord.Permissions(embed_links=True))
    await fake.idle(0.02)
    it = await fake.send_slash(alice, "legends new", {"name": "Night crew"})
    await it.response()
    await it.wait_followups(1)
    assert "I lack **Embed Links**" in it.messages[-1].text
    it = await fake.send_slash(alice, "legends options", {"language": "pl"}, locale="pl")
    await it.response()
    # A restart checks every table again: the problem, now in the table's language, is
    # news to the owner, who is told by DM in that language.
    await fake.stop_bot(bot)
    bot = await start_fixer(fake, db)
    await fake.idle(0.05)
    await settle(fake, bot)
    told = [m.content for m in fake.dms_to(alice) if "Night crew" in m.content]
    assert told, [m.content for m in fake.dms_to(alice)]
    assert told[-1].startswith("O twojej kampanii Cyberpunk Legends **Night crew**:\n• ")
    assert "Brakuje mi uprawnień **Osadzanie linków**" in told[-1]
    assert "About your" not in told[-1] and "I lack" not in told[-1]

    # Moved to another channel lacking the same permission, by an English reader: the
    # answer's list is English although the table speaks Polish.
    cid = bot.runtime("legends").table_of_channel[fake.channel.id]
    other = fake.add_channel(fake.guild, "new-home")
    fake.set_bot_permissions(other, deny=discord.Permissions(embed_links=True))
    await fake.idle(0.02)
    it = await fake.send_slash(alice, "legends move", {"campaign": cid}, channel=other)
    await it.response()
    if it.messages and not it.messages[-1].text:
        await it.wait_followups(1)
    text = it.messages[-1].text
    assert f"I lack **Embed Links** in {other.mention}" in text, text

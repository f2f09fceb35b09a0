"""A player's saved decks on Discord: import (a list option, the modal), every error
naming its entry, list/show/check/export/delete, autocomplete, and a saved deck in a
challenge; kept in the database across a restart."""

from __future__ import annotations

from pathlib import Path

from rules.tcg.decks import deck_text
from tests.e2e.harness import start_fixer
from tests.e2e.tcg_harness import Duelists, tcg
from tests.fakediscord import FakeAttachment, FakeDiscord


async def test_import_check_export_delete_and_play_a_saved_deck(
    fake: FakeDiscord, db: Path
) -> None:
    bot = await start_fixer(fake, db)
    alice, bob = (fake.add_user(n, guild=fake.guild) for n in ("alice", "bob"))
    d = Duelists(fake, bot, fake.channel, [alice, bob])
    content = tcg(bot).content
    text = deck_text(content.decks["chrome-rush"], content)
    # A list option holds no new lines: entries separated by ';'.
    it = await d.slash(alice, "deck import", {"name": "My Rush", "list": text.replace("\n", ";")})
    assert it.original is not None and "Saved **My Rush**: legal" in it.original.text
    # An unreadable entry is named, and nothing is saved.
    bad = text.replace("\n", ";") + ";2 No Such Card"
    it = await d.slash(alice, "deck import", {"name": "Broken", "list": bad})
    assert it.original is not None and "🚫" in it.original.text
    assert "No Such Card" in it.original.text and "entry" in it.original.text.lower()
    # A legal-looking list with too few cards is saved, with each problem listed.
    it = await d.slash(
        alice, "deck import", {"name": "Tiny", "list": ";".join(text.splitlines()[:6])}
    )
    assert it.original is not None and "not legal yet" in it.original.text
    it = await d.slash(alice, "deck check", {"name": "tiny"})
    assert it.original is not None and "•" in it.original.text
    it = await d.slash(alice, "deck check", {"name": "My Rush"})
    assert it.original is not None and it.original.text == "legal"
    it = await d.slash(alice, "deck export", {"name": "my rush"})
    assert it.original is not None and it.original.text.startswith("```")
    exported = it.original.text.strip("`\n")
    assert exported.strip() == text.strip()  # ready to import again
    # Autocomplete: your saved decks, then the preconstructed ones; bob sees only his.
    ac = await fake.autocomplete(alice, "tcg challenge", {"deck": "my"}, focused="deck")
    await ac.response()
    assert any(c["value"] == "My Rush" for c in ac.choices)
    ac = await fake.autocomplete(bob, "tcg challenge", {"deck": "my"}, focused="deck")
    await ac.response()
    assert not any(c["value"] == "My Rush" for c in ac.choices)
    it = await d.slash(alice, "deck list")
    assert it.original is not None and "My Rush" in it.original.text and "Tiny" in it.original.text
    it = await d.slash(alice, "deck delete", {"name": "tiny"})
    assert it.original is not None and "Deleted" in it.original.text
    await bot.close()

    # Saved in the database: after a restart, the deck is played in a challenge.
    bot = await start_fixer(fake, db)
    d.bot = bot
    await d.slash(alice, "challenge", {"opponent": bob, "deck": "My Rush"})
    await d.slash(bob, "accept", {"deck": "loaded-dice"})
    d.cid = tcg(bot).table_of_channel[fake.channel.id]
    state = await d.state()
    assert state.seats[0].deck_id == "my-rush"
    await bot.close()


async def test_import_without_a_list_opens_a_modal(fake: FakeDiscord, db: Path) -> None:
    bot = await start_fixer(fake, db)
    alice = fake.add_user("alice", guild=fake.guild)
    content = tcg(bot).content
    it = await fake.send_slash(alice, "tcg deck import", {"name": "Pasted"}, channel=fake.channel)
    cb = await it.response()
    assert cb.type == 9  # a modal
    text = deck_text(content.decks["convoy-wall"], content)
    field = cb.data["components"][0]["components"][0]["custom_id"]
    sub = await fake.submit_modal(alice, it, {field: text})
    await sub.response()
    msg = sub.original
    assert msg is not None and "Saved **Pasted**: legal" in msg.text
    await bot.close()


async def test_import_from_an_attached_text_file(fake: FakeDiscord, db: Path) -> None:
    bot = await start_fixer(fake, db)
    alice = fake.add_user("alice", guild=fake.guild)
    d = Duelists(fake, bot, fake.channel, [alice])
    content = tcg(bot).content
    text = deck_text(content.decks["loaded-dice"], content)
    # A file holds new lines (a slash option can't): one entry a line, Windows endings too.
    upload = FakeAttachment("my-dice.txt", text.replace("\n", "\r\n").encode())
    it = await d.slash(alice, "deck import", {"name": "File Dice", "file": upload})
    assert it.original is not None and "Saved **File Dice**: legal" in it.original.text
    it = await d.slash(alice, "deck export", {"name": "File Dice"})
    assert it.original is not None and it.original.text.strip("`\n").strip() == text.strip()
    # An unreadable entry in the file is named; nothing is saved.
    bad = FakeAttachment("bad.txt", (text + "\n2 No Such Card\n").encode())
    it = await d.slash(alice, "deck import", {"name": "Bad File", "file": bad})
    assert it.original is not None and "🚫" in it.original.text
    assert "No Such Card" in it.original.text and "entry" in it.original.text.lower()
    it = await d.slash(alice, "deck list")
    assert it.original is not None and "Bad File" not in it.original.text
    # A file too big for a deck list is refused before it is read.
    big = FakeAttachment("big.txt", b"1 x\n" * 6000)
    it = await d.slash(alice, "deck import", {"name": "Big", "file": big})
    assert it.original is not None and "too big" in it.original.text
    assert not any(c.path.startswith("/attachments") for c in fake.calls)  # not via the API
    await bot.close()


async def test_deck_export_and_delete_autocomplete_offer_the_callers_decks(
    fake: FakeDiscord, db: Path
) -> None:
    """`deck delete` offers only your saved decks (a preconstructed one can't be deleted);
    `deck export`, `show` and `check` offer yours first, then the preconstructed ones;
    nobody is offered another player's deck."""
    bot = await start_fixer(fake, db)
    alice, bob = (fake.add_user(n, guild=fake.guild) for n in ("alice", "bob"))
    d = Duelists(fake, bot, fake.channel, [alice, bob])
    content = tcg(bot).content
    text = deck_text(content.decks["chrome-rush"], content).replace("\n", ";")
    for name in ("Zeta Rush", "Alpha Rush"):
        await d.slash(alice, "deck import", {"name": name, "list": text})

    async def offered(user: object, command: str, current: str = "") -> list[str]:
        ac = await fake.autocomplete(user, f"tcg {command}", {"name": current}, focused="name")
        await ac.response()
        return [c["value"] for c in ac.choices]

    mine = await offered(alice, "deck delete")
    assert sorted(mine) == ["Alpha Rush", "Zeta Rush"]
    assert await offered(bob, "deck delete") == []
    for command in ("deck export", "deck show", "deck check"):
        got = await offered(alice, command)
        assert set(got[:2]) == {"Alpha Rush", "Zeta Rush"}, (command, got)
        assert "chrome-rush" in got[2:], (command, got)
        theirs = await offered(bob, command)
        assert not {"Alpha Rush", "Zeta Rush"} & set(theirs) and "chrome-rush" in theirs
    assert await offered(alice, "deck export", "zet") == ["Zeta Rush"]
    await bot.close()

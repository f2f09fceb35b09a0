"""Two players of two languages through the fake Discord, before a duel: a Polish
challenger (client `pl`) and an English opponent (client `en-US`) on an English server.
Each one's own answers (deck commands, autocomplete, the deck picker, refusals) speak
their client's language; the challenge post and its notices speak the challenge's
language (the server's, until its `language` option is set)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.harness import finish, settle, start_fixer
from tests.e2e.tcg_harness import Duelists, tcg
from tests.fakediscord import FakeDiscord, FakeInteraction, FakeMessage, FakeUser

PL, EN = "pl", "en-US"


async def _run(
    d: Duelists, user: FakeUser, name: str, options: dict[str, Any], locale: str
) -> FakeInteraction:
    it = await d.fake.send_slash(user, f"tcg {name}", options, channel=d.channel, locale=locale)
    await finish(it)
    await settle(d.fake, d.bot)
    return it


def _text(it: FakeInteraction) -> str:
    msg = it.original or it.followups[-1]
    return msg.text


async def _click(
    d: Duelists, user: FakeUser, msg: FakeMessage, cid: str, locale: str
) -> FakeMessage:
    it = await d.fake.click_button(user, msg, cid, locale=locale)
    await finish(it)
    await settle(d.fake, d.bot)
    return it.original or it.followups[-1]


async def _choices(d: Duelists, user: FakeUser, locale: str) -> list[str]:
    it = await d.fake.autocomplete(
        user, "tcg challenge", {"deck": ""}, focused="deck", channel=d.channel, locale=locale
    )
    await it.response()
    return [c["name"] for c in it.choices]


def _public_texts(d: Duelists) -> list[str]:
    return [m.text for m in d.fake.channel_messages(d.channel) if not m.ephemeral]


async def test_deck_commands_answer_each_player_in_their_language(
    fake: FakeDiscord, db: Path
) -> None:
    bot = await start_fixer(fake, db)
    alice, bob = (fake.add_user(n, guild=fake.guild) for n in ("alice", "bob"))
    d = Duelists(fake, bot, fake.channel, [alice, bob])
    content = tcg(bot).content
    from rules.tcg.decks import deck_text

    full = deck_text(content.decks["chrome-rush"], content).splitlines()
    short = ";".join(full[:14])  # the Legends and a few cards: too small a main deck
    it = await _run(d, alice, "deck import", {"name": "Nocna Zmiana", "list": short}, PL)
    saved = _text(it)
    assert saved.startswith("✓ Zapisano **Nocna Zmiana**: jeszcze nielegalna:"), saved
    assert "• talia główna ma 40–50 kart, a nie" in saved and "main deck" not in saved
    it = await _run(d, bob, "deck import", {"name": "Bob Wall", "list": ";".join(full)}, EN)
    assert _text(it) == "✓ Saved **Bob Wall**: legal"
    it = await _run(d, alice, "deck check", {"name": "Nocna Zmiana"}, PL)
    assert _text(it).startswith("• talia główna ma 40–50 kart, a nie")
    it = await _run(d, bob, "deck check", {"name": "Bob Wall"}, EN)
    assert _text(it) == "legal"
    it = await _run(d, alice, "deck list", {}, PL)
    mine = _text(it)
    assert mine.startswith("**Twoje talie**:\n• Nocna Zmiana — 1 problem\n**Gotowe talie**:")
    assert "Czerwona agresja" in mine and "Red aggression" not in mine  # the pack's blurb
    it = await _run(d, bob, "deck list", {}, EN)
    theirs = _text(it)
    assert theirs.startswith("**Your decks**:\n• Bob Wall — legal\n**Preconstructed**:")
    assert "Red aggression" in theirs and "Gotowe" not in theirs
    it = await _run(d, alice, "deck show", {"name": "Nocna Zmiana"}, PL)
    assert _text(it).startswith("**Nocna Zmiana**\nLegendy:\n1 ")
    it = await _run(d, alice, "deck import", {"name": "Zła", "list": "2 Zzz Card"}, PL)
    refused = _text(it)
    assert refused.startswith("🚫 wiersz 1: nie ma karty o nazwie „Zzz Card”"), refused
    assert "nic nie zostało zapisane" in refused
    it = await _run(d, bob, "deck import", {"name": "Bad", "list": "2 Zzz Card"}, EN)
    assert _text(it).startswith("🚫 line 1: no card named 'Zzz Card'")
    # Autocomplete: each typing person's labels.
    pl_labels, en_labels = await _choices(d, alice, PL), await _choices(d, bob, EN)
    assert "Nocna Zmiana (twoja)" in pl_labels and "Chrome Rush (gotowa)" in pl_labels
    assert "Bob Wall (yours)" in en_labels and "Chrome Rush (preconstructed)" in en_labels
    assert not any("yours" in x or "preconstructed" in x for x in pl_labels)
    it = await _run(d, alice, "deck delete", {"name": "Nocna Zmiana"}, PL)
    assert _text(it) == "✓ Usunięto **Nocna Zmiana**."
    await bot.close()


async def test_the_challenge_flow_speaks_each_readers_language(fake: FakeDiscord, db: Path) -> None:
    bot = await start_fixer(fake, db)
    alice, bob = (fake.add_user(n, guild=fake.guild) for n in ("alice", "bob"))
    d = Duelists(fake, bot, fake.channel, [alice, bob])
    # A challenge withdrawn: the challenger's answer in Polish, the channel's notice in
    # the server's English (the challenge has no language of its own yet).
    it = await _run(d, alice, "challenge", {"opponent": bob, "deck": "chrome-rush"}, PL)
    assert it.original is not None and not it.original.ephemeral
    assert "alice challenges" in it.original.text  # public: the server's language
    it = await _run(d, alice, "decline", {}, PL)
    assert _text(it) == "✓ Wyzwanie wycofane."
    assert "The challenge of alice to bob withdrew." in _public_texts(d)
    # A challenge whose language is Polish: its decline notice is Polish, bob's own
    # answer English.
    it = await _run(d, alice, "challenge", {"opponent": bob, "deck": "chrome-rush"}, PL)
    it = await _run(d, alice, "options", {"language": "pl", "turn_timer": 300}, PL)
    assert "zegar tury (s): 300" in _text(it) and "język: pl" in _text(it)
    it = await _run(d, bob, "decline", {}, EN)
    assert _text(it) == "✓ The challenge was declined."
    assert "Wyzwanie alice → bob zostało odrzucone." in _public_texts(d)
    # The challenge accepted: alice may not accept her own (Polish refusal), bob's deck
    # picker and answer are English, the duel's board Polish (its language option).
    it = await _run(d, alice, "challenge", {"opponent": bob, "deck": "chrome-rush"}, PL)
    post = it.original
    assert post is not None
    labels = [c.get("label") for r in post.components for c in r["components"]]
    assert labels == ["Accept", "Decline"]  # the server's language
    await _run(d, alice, "options", {"language": "pl"}, PL)
    accept = next(c for c in post.custom_ids if ":accept:" in c)
    refused = await _click(d, alice, post, accept, PL)
    assert refused.text.startswith("🚫 Przyjąć może tylko wyzwany gracz."), refused.text
    picker = await _click(d, bob, post, accept, EN)
    assert picker.ephemeral and picker.text.startswith("Pick your deck (or use `/tcg accept")
    deck = next(c for c in picker.custom_ids if c.endswith(":convoy-wall"))
    begun = await _click(d, bob, picker, deck, EN)
    assert begun.text.startswith("✓ The duel begins: alice vs bob.")
    d.cid = d.rt.table_of_channel[d.channel.id]
    board = d.last_public()
    assert any("**Gigi**" in x for x in board.all_texts), board.all_texts
    await bot.close()


async def test_the_deck_picker_reads_polish_to_a_polish_opponent(
    fake: FakeDiscord, db: Path
) -> None:
    bot = await start_fixer(fake, db)
    alice, bob = (fake.add_user(n, guild=fake.guild) for n in ("alice", "bob"))
    d = Duelists(fake, bot, fake.channel, [alice, bob])
    it = await _run(d, bob, "challenge", {"opponent": alice, "deck": "chrome-rush"}, EN)
    post = it.original
    assert post is not None
    accept = next(c for c in post.custom_ids if ":accept:" in c)
    picker = await _click(d, alice, post, accept, PL)
    assert picker.text.startswith("Wybierz swoją talię (albo użyj `/tcg przyjmij talia:`):")
    deck = next(c for c in picker.custom_ids if c.endswith(":loaded-dice"))
    begun = await _click(d, alice, picker, deck, PL)
    assert begun.text.startswith("✓ Pojedynek się zaczyna: bob vs alice.")
    d.cid = d.rt.table_of_channel[d.channel.id]
    assert any("**Gigs**" in x for x in d.last_public().all_texts)  # the server's English
    await bot.close()


async def test_a_polish_duels_timer_notices_are_polish(fake: FakeDiscord, db: Path) -> None:
    from tests.e2e.test_tcg_timer import _timed, _until

    d = await _timed(fake, db, scale=0.1)  # alice must roll; 10 s -> 1 s
    d.rt.languages[d.cid] = "pl"  # the duel's language option (before the warning is due)
    await _until(d, lambda s: s.active == 1, 5)
    await fake.wait_for(lambda: any("nie ma już czasu" in t for t in _public_texts(d)), 2)
    texts = _public_texts(d)
    assert any(t.startswith("⏰ <@") and "pojedynek czeka na ciebie" in t for t in texts), texts
    assert any("⌛ alice nie ma już czasu (zegar tury)" in t for t in texts)
    assert not any("time ran out" in t or "waits on you" in t for t in texts)
    await d.bot.close()


async def test_practice_on_a_polish_server_names_the_ai_in_polish(
    fake: FakeDiscord, db: Path
) -> None:
    """The AI's seat is named in the duel's language at its start (a practice duel's is
    the server's); `/tcg card`'s heading says the colour in the reader's language."""
    fake.guild.preferred_locale = "pl"
    bot = await start_fixer(fake, db)
    rt = tcg(bot)
    rt.ai_pace = 0.0
    alice = fake.add_user("alice", guild=fake.guild)
    d = Duelists(fake, bot, fake.channel, [alice])
    await _run(d, alice, "practice", {"deck": "chrome-rush", "level": "greedy"}, EN)
    d.cid = rt.table_of_channel[fake.channel.id]
    st = await d.state()
    assert st.seats[1].name == "AI Fixera (greedy)"
    assert "AI Fixera (greedy)" in d.last_public().text and "Fixer AI" not in d.last_public().text
    # The colour word follows the reader: English "blue legend", Polish "kolor niebieski".
    it = await _run(d, alice, "card", {"name": "cass-ardent"}, PL)
    assert "[legenda, kolor niebieski, koszt 3 €$" in _text(it), _text(it)
    it = await _run(d, alice, "card", {"name": "cass-ardent"}, EN)
    assert "[blue legend, cost 3 €$" in _text(it), _text(it)
    await bot.close()


async def test_practice_on_an_english_server_names_the_ai_in_english(
    fake: FakeDiscord, db: Path
) -> None:
    bot = await start_fixer(fake, db)
    alice = fake.add_user("alice", guild=fake.guild)
    d = Duelists(fake, bot, fake.channel, [alice])
    tcg(bot).ai_pace = 0.0
    await _run(d, alice, "practice", {"deck": "chrome-rush"}, PL)  # the player's client: no
    d.cid = tcg(bot).table_of_channel[fake.channel.id]
    assert (await d.state()).seats[1].name == "Fixer AI (search)"
    await bot.close()

"""The TCG in two languages at one table, through the fake Discord (docs/i18n.md): each
person's ephemeral panels speak their client's language (`interaction.locale`), the
public board the duel's `language` option, else the server's."""

from __future__ import annotations

from pathlib import Path

from cogs.tcg import language
from rules.tcg.scenario import Side
from tests.e2e.tcg_harness import Duelists, position
from tests.fakediscord import FakeDiscord, FakeInteraction, FakeMessage, FakeUser

LEGENDS = ["rook-vance", "mara-kell", "dex-oyelaran"]


def _answer(it: FakeInteraction) -> FakeMessage:
    msg = it.original or it.followups[-1]
    assert msg.ephemeral
    return msg


async def _hand(d: Duelists, user: FakeUser, locale: str) -> FakeMessage:
    it = await d.fake.send_slash(user, "tcg hand", {}, channel=d.channel, locale=locale)
    return _answer(await d.settle_it(it))


async def test_a_polish_and_an_english_player_each_read_their_own_language(
    fake: FakeDiscord, db: Path
) -> None:
    d = await position(
        fake,
        db,
        Side(
            hand=["short-circuit", "alley-cutter"],
            legends=LEGENDS,
            eddies=3,
            gigs=["d6:3"],
            deck=["alley-cutter"] * 10,
        ),
        Side(
            hand=["ice-sentinel", "alley-cutter"],
            legends=LEGENDS,
            gigs=["d8:5"],
            deck=["alley-cutter"] * 10,
        ),
    )
    alice, bob = d.users
    d.note_hidden(await d.state())
    mine = await _hand(d, alice, "pl")
    text = mine.all_texts
    assert any("Twoja ręka" in x for x in text), text
    assert not any("Your hand" in x or "End turn" in x for x in text)
    labels = " ".join(str(c.get("label", "")) for r in mine.components for c in r["components"])
    assert "Zakończ turę" in labels and "End turn" not in labels
    theirs = await _hand(d, bob, "en-US")
    assert any("Your hand" in x for x in theirs.all_texts)
    assert not any("Twoja ręka" in x or "koszt" in x for x in theirs.all_texts)
    # alice plays her turn in Polish: she ends it with her (Polish) button; her answer
    # is Polish, bob's next panel English, and the public board the server's English.
    end = next(
        c["custom_id"]
        for r in mine.components
        for c in r["components"]
        if c.get("label") == "Zakończ turę"
    )
    it = await d.fake.click_button(alice, mine, end, locale="pl")
    await d.settle_it(it)
    state = await d.state()
    assert state.active == 1 and state.result is None
    board = d.last_public()
    assert any("**Gigs**" in x for x in board.all_texts)
    assert not any("**Gigi**" in x for x in board.all_texts)
    theirs = await _hand(d, bob, "en-US")
    assert any("Your hand" in x for x in theirs.all_texts)
    # A status asked in Polish is Polish (only the asker sees it).
    it = await d.fake.send_slash(alice, "tcg status", {}, channel=d.channel, locale="pl")
    status = _answer(await d.settle_it(it))
    assert any("**Gigi**" in x and "**Ręka**" in x for x in status.all_texts)
    # Refusals in the reader's language: the engine's (not her turn) with its hint, and
    # the front end's (a button of an older version).
    it = await d.fake.send_slash(alice, "tcg end", {}, channel=d.channel, locale="pl")
    refused = _answer(await d.settle_it(it)).text
    assert refused.startswith("🚫 To nie twoja tura"), refused
    assert "/tcg stan" in refused and "turn" not in refused
    it = await d.fake.send_slash(bob, "tcg mulligan", {}, channel=d.channel, locale="en-US")
    assert "Mulligans happen only during setup." in _answer(await d.settle_it(it)).text
    it = await d.fake.click_button(alice, mine, end, locale="pl")
    stale = _answer(await d.settle_it(it)).text
    assert stale.startswith("🚫 Ten wybór jest nieaktualny"), stale
    d.check_public(state)
    d.check_private(state)


async def test_the_duels_language_option_makes_its_public_board_polish(
    fake: FakeDiscord, db: Path
) -> None:
    from tests.e2e.harness import start_fixer

    bot = await start_fixer(fake, db)
    users = [fake.add_user(n, guild=fake.guild) for n in ("alice", "bob")]
    d = Duelists(fake, bot, fake.channel, users)
    alice, bob = users
    it = await d.slash(alice, "challenge", {"opponent": bob, "deck": "chrome-rush"})
    assert it.original is not None
    it = await d.slash(alice, "options", {"language": "pl"})
    assert "language: pl" in _answer(it).text
    # The challenge (with its language) is accepted as usual.
    challenge = next(
        m for m in fake.channel_messages(d.channel) if any(":accept:" in c for c in m.custom_ids)
    )
    accept = next(c for c in challenge.custom_ids if ":accept:" in c)
    click = await d.click(bob, challenge, accept)
    picker = click.original or click.followups[-1]
    deck_button = next(c for c in picker.custom_ids if c.endswith(":convoy-wall"))
    await d.click(bob, picker, deck_button)
    d.cid = d.rt.table_of_channel[d.channel.id]
    board = d.last_public()
    assert any("**Gigi**" in x and "Tura" in x for x in board.all_texts), board.all_texts
    assert d.rt.table_loc(d.cid) == "pl"
    # Kept for a restart: a saved item that start-up reads back.
    assert d.rt.languages == {d.cid: "pl"}
    assert language.read(await d.rt.service.store.all_items()) == {d.cid: "pl"}


async def test_rules_help_in_the_readers_language(fake: FakeDiscord, db: Path) -> None:
    from cogs.tcg.rules_text import TOPICS

    d = await position(fake, db, Side(legends=LEGENDS), Side(legends=LEGENDS))
    alice, bob = d.users
    it = await d.fake.send_slash(
        alice, "tcg rules", {"topic": "eddies"}, channel=d.channel, locale="pl"
    )
    pl = _answer(await d.settle_it(it)).text
    assert pl.startswith("**Płacenie Eddies** — Sprzedaj kartę z Sell tagiem"), pl
    assert "Eddie" in pl and "Legend" in pl and "€$" in pl
    it = await d.fake.send_slash(
        bob, "tcg rules", {"topic": "eddies"}, channel=d.channel, locale="en-US"
    )
    assert _answer(await d.settle_it(it)).text == f"**Paying with Eddies** — {TOPICS['eddies']}"
    it = await d.fake.send_slash(alice, "tcg rules", {}, channel=d.channel, locale="pl")
    listed = _answer(await d.settle_it(it)).text
    assert listed.startswith("Tematy: Przygotowanie pojedynku, Tura, faza po fazie"), listed
    # A topic typed by its Polish name; the autocomplete offers the names, sends the keys.
    it = await d.fake.send_slash(
        alice, "tcg rules", {"topic": "okna reakcji"}, channel=d.channel, locale="pl"
    )
    assert _answer(await d.settle_it(it)).text.startswith("**Okna reakcji** — ")
    ac = await fake.autocomplete(alice, "tcg rules", {"topic": ""}, focused="topic", locale="pl")
    await ac.response()
    offered = {c["value"]: c["name"] for c in ac.choices}
    assert offered["eddies"] == "Płacenie Eddies" and offered["setup"] == "Przygotowanie pojedynku"
    it = await d.fake.send_slash(
        alice, "tcg rules", {"topic": "zzz"}, channel=d.channel, locale="pl"
    )
    assert _answer(await d.settle_it(it)).text.startswith("🚫 Nie ma tematu zasad „zzz”.")
    # Every topic has its own Polish text.
    from bot.i18n import t

    for key, text in TOPICS.items():
        assert t("pl", text) != text, key


async def test_a_dm_d_hand_speaks_its_player_s_language_as_last_heard(
    fake: FakeDiscord, db: Path
) -> None:
    """docs/i18n.md: a DM'd hand speaks its player's language as last heard from them (any
    /tcg command or click), else the duel's; the same rule in every game."""
    d = await position(
        fake,
        db,
        Side(
            hand=["alley-cutter"],
            legends=LEGENDS,
            eddies=3,
            gigs=["d6:3"],
            deck=["alley-cutter"] * 10,
        ),
        Side(hand=["alley-cutter"], legends=LEGENDS, gigs=["d8:5"], deck=["alley-cutter"] * 10),
    )
    alice, bob = d.users
    for user, locale in ((alice, "pl"), (bob, "en-US")):
        it = await fake.send_slash(
            user, "tcg dm", {"enabled": True}, channel=d.channel, locale=locale
        )
        await d.settle_it(it)
    sent = {u.id: len(fake.dms_to(u)) for u in (alice, bob)}
    # alice ends her turn with a Polish click: bob draws, alice's options change.
    mine = await _hand(d, alice, "pl")
    end = next(
        c["custom_id"]
        for r in mine.components
        for c in r["components"]
        if c.get("label") == "Zakończ turę"
    )
    await d.settle_it(await fake.click_button(alice, mine, end, locale="pl"))
    for user in (alice, bob):
        await fake.wait_for(lambda u=user: len(fake.dms_to(u)) > sent[u.id], 5)
    pl = "\n".join(fake.dms_to(alice)[-1].all_texts)
    en = "\n".join(fake.dms_to(bob)[-1].all_texts)
    assert "Twoja ręka" in pl and "Your hand" not in pl, pl
    assert "Your hand" in en and "Twoja ręka" not in en, en
    # The duel's language (the server's English) for a player not heard from.
    d.rt.prefs.languages.clear()
    assert d.rt.dm_language(str(alice.id), d.rt.table_loc(d.cid)) == "en"
    await d.bot.close()

"""End to end through the fake Discord: at one Legends table a player whose client speaks
Polish and one whose client speaks American English each get their own language in
ephemeral answers (hand panels, refusals, command answers), while public messages follow
the table: the server's language by default, Polish once the owner sets it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from rules.legends.actions import Play
from tests.e2e.harness import finish, new_table, settle, start_fixer
from tests.fakediscord import FakeDiscord, FakeInteraction


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as f:
        yield f


async def _slash(
    fake: FakeDiscord, bot: Any, user: Any, name: str, opts: dict[str, Any], locale: str
) -> FakeInteraction:
    it = await fake.send_slash(user, f"legends {name}", opts, locale=locale)
    await finish(it)
    await settle(fake, bot)
    return it


def _texts(it: FakeInteraction) -> str:
    msgs = [m for m in (it.original, *it.followups) if m is not None]
    return "\n".join(t for m in msgs for t in m.all_texts)


async def test_a_polish_and_an_english_player_at_one_table(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    bot = await start_fixer(fake, tmp_path / "fixer.sqlite3")
    ola = fake.add_user("ola", guild=fake.guild)
    sam = fake.add_user("sam", guild=fake.guild)
    t = await new_table(fake, bot, [ola, sam], roles=["solo", "netrunner"])

    # Ephemeral answers: each in the caller's own client language.
    it = await _slash(fake, bot, ola, "hand", {}, "pl")
    assert it.original is not None and it.original.ephemeral
    assert "Twoja ręka" in _texts(it) and "Widzisz to tylko ty" in _texts(it)
    assert "Your hand" not in _texts(it)
    it = await _slash(fake, bot, sam, "hand", {}, "en-US")
    assert "Your hand" in _texts(it) and "Twoja ręka" not in _texts(it)

    # Refusals from the rules, worded in each reader's language.
    it = await _slash(fake, bot, sam, "flip", {}, "pl")
    assert "Następną kartę odkrywa tylko Lider" in _texts(it)
    it = await _slash(fake, bot, sam, "flip", {}, "en-US")
    assert "Only the Leader" in _texts(it) and "flips the next card" in _texts(it)
    # A refusal of the front end, and the rules help.
    it = await _slash(fake, bot, ola, "rules", {"topic": "plan"}, "pl")
    assert "Przeciw Przeszkodom" in _texts(it)
    it = await _slash(fake, bot, sam, "rules", {"topic": "plan"}, "en-US")
    assert "Plan Size" in _texts(it)

    # Public messages: the server's language (the fake server is en-US).
    assert "Leader" in " ".join(t.boards()[-1].all_texts)

    # The owner sets the table's language: the next public board is Polish, whoever asks.
    it = await _slash(fake, bot, ola, "options", {"language": "pl"}, "pl")
    state = await t.state()
    assert state.options.language == "pl"
    it = await _slash(fake, bot, sam, "status", {}, "en-US")
    assert it.original is not None and not it.original.ephemeral
    assert "Zdrowie" in _texts(it) and "Lider" in _texts(it)

    # A turn: the Leader flips until an Obstacle is faced, then plays a card. The flip's
    # public update is Polish; each clicker's panel is in their own language.
    for _ in range(5):
        state = await t.state()
        assert state.run is not None
        if state.run.phase == "plan":
            break
        msg, cid = t.last_with("fx:legends:flip:")
        click = await fake.click_button(ola, msg, cid, locale="pl")
        await finish(click)
        await settle(fake, bot)
    state = await t.state()
    assert state.run is not None and state.run.phase == "plan"
    assert "Teraz" in " ".join(t.boards()[-1].all_texts)
    player = state.runners[state.run.turn or 0].player
    user, loc = (ola, "pl") if player == str(ola.id) else (sam, "en-US")
    card = next(
        a.card for a in bot.runtime("legends").view(state, player).legal if isinstance(a, Play)
    )
    it = await _slash(fake, bot, user, "play", {"card": card}, loc)
    after = await t.state()
    assert after.run is not None and len(after.run.plan) >= 1
    assert ("Twoja ręka" if loc == "pl" else "Your hand") in _texts(it)
    # The other player's "My hand" click answers in theirs.
    other, other_loc = (sam, "en-US") if user is ola else (ola, "pl")
    msg, cid = t.last_with("fx:legends:hand:")
    click = await fake.click_button(other, msg, cid, locale=other_loc)
    await finish(click)
    await settle(fake, bot)
    assert ("Twoja ręka" if other_loc == "pl" else "Your hand") in _texts(click)
    t.assert_no_public_leak()
    await bot.close()


def test_the_language_option_takes_a_language_code_or_nothing() -> None:
    from content.legends.loader import load_default_pack
    from rules.core.errors import IllegalAction
    from rules.legends import engine
    from rules.legends.actions import SetOption

    c = load_default_pack()
    table = engine.new_table(
        table_id="t", name="T", owner="o", campaign=next(iter(c.campaigns)), seed=1, content=c
    )
    for value in ("pl", "pt_BR", ""):
        done = engine.apply(table, SetOption(player="o", name="language", value=value), c)
        assert done.table.options.language == value
    with pytest.raises(IllegalAction) as err:
        engine.apply(table, SetOption(player="o", name="language", value="Polish!"), c)
    assert err.value.refusal.code == "bad_option_value"


async def test_quoting_a_card_in_polish_breaks_table_talk_too(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    """A player reading their hand in Polish may not quote its Polish text either; the
    notice reaches them in the table's language."""
    bot = await start_fixer(fake, tmp_path / "fixer.sqlite3")
    ola = fake.add_user("ola", guild=fake.guild)
    sam = fake.add_user("sam", guild=fake.guild)
    t = await new_table(fake, bot, [ola, sam], roles=["solo", "netrunner"])
    await _slash(fake, bot, ola, "options", {"language": "pl"}, "pl")
    state = await t.state()
    assert state.run is not None
    pl = t.content.translations["pl"].cards
    hand = [t.content.cards[state.run.cards[i]] for i in state.run.zones[0].hand]
    card = next(c for c in hand if c.id in pl and len((pl[c.id].text or "").split()) >= 5)
    quote = " ".join((pl[card.id].text or "").split()[:5])
    msg = await fake.post_message(ola, t.channel, f"słuchajcie, mam: {quote}")
    await settle(fake, bot)
    await fake.wait_for(lambda: msg.deleted)
    (dm,) = fake.dms_to(ola)
    assert "została usunięta" in dm.content and card.name in dm.content
    t.assert_no_public_leak()
    await bot.close()


def _hand_dm(fake: FakeDiscord, user: Any) -> str:
    dms = fake.dms_to(user)
    assert dms, "no DM"
    return "\n".join(dms[-1].all_texts)


async def test_a_dm_d_hand_speaks_its_player_s_language_as_last_heard(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    """docs/i18n.md: a DM'd hand speaks its player's language as last heard from them (any
    /legends command or click), else the table's; the same rule as the other games."""
    bot = await start_fixer(fake, tmp_path / "fixer.sqlite3")
    ola = fake.add_user("ola", guild=fake.guild)
    sam = fake.add_user("sam", guild=fake.guild)
    t = await new_table(fake, bot, [ola, sam], roles=["solo", "netrunner"], start=False)
    await _slash(fake, bot, ola, "options", {"language": "pl"}, "pl")  # a Polish table
    await _slash(fake, bot, ola, "dm", {"enabled": True}, "pl")
    await _slash(fake, bot, sam, "dm", {"enabled": True}, "en-US")
    assert "whenever it changes" in _hand_dm(fake, sam)  # the opt-in's own DM: sam's
    await _slash(fake, bot, ola, "start", {}, "pl")
    # The hands the run deals: each in its player's language, not the table's.
    pl, en = _hand_dm(fake, ola), _hand_dm(fake, sam)
    assert "Twoja ręka" in pl and "Your hand" not in pl, pl
    assert "Your hand" in en and "Twoja ręka" not in en, en

    # The language follows the player's latest interaction: sam clicks in Polish now.
    msg, cid = t.last_with("fx:legends:hand:")
    click = await fake.click_button(sam, msg, cid, locale="pl")
    await finish(click)
    await settle(fake, bot)
    rt = bot.runtime("legends")
    assert rt.dm_language(str(sam.id), "en") == "pl"
    # Nothing heard from a player (a new one, say): the table's language.
    rt.prefs.languages.clear()
    assert rt.dm_language(str(sam.id), "en") == "en"
    before = len(fake.dms_to(sam))
    for _ in range(12):  # ola (in English) moves the run on until sam's hand changes
        if len(fake.dms_to(sam)) > before:
            break
        state = await t.state()
        assert state.run is not None
        if state.run.phase == "plan":
            player = state.runners[state.run.turn or 0].player
            assert player == str(ola.id), "sam's turn came without a DM"
            legal = rt.view(state, player).legal
            card = next(a.card for a in legal if isinstance(a, Play))
            await _slash(fake, bot, ola, "play", {"card": card}, "en-US")
        else:
            msg, cid = t.last_with("fx:legends:flip:")
            click = await fake.click_button(ola, msg, cid, locale="en-US")
            await finish(click)
            await settle(fake, bot)
    assert len(fake.dms_to(sam)) > before, "sam's hand never changed"
    assert "Twoja ręka" in _hand_dm(fake, sam)  # the table's (Polish), not sam's last
    t.assert_no_public_leak()
    await bot.close()

"""Legendary 2099 in two languages at one table, through the fake Discord (docs/i18n.md):
each person's ephemeral answers (hand panels, refusals, status) speak their client's
language, the public board the table's `language` option (else the server's), and a
DM'd hand its player's language as last heard from them."""

from __future__ import annotations

from pathlib import Path

from rules.legendary import engine
from tests.e2e.harness import settle
from tests.e2e.legendary_harness import boot, new_game
from tests.fakediscord import FakeDiscord, FakeMessage


def _labels(msg: FakeMessage) -> str:
    return " ".join(str(c.get("label", "")) for r in msg.components for c in r["components"])


def _text(msg: FakeMessage) -> str:
    return "\n".join(msg.all_texts)


async def test_a_polish_and_an_english_player_each_read_their_own_language(
    fake: FakeDiscord, db: Path
) -> None:
    bot = await boot(fake, db, seed=31)
    setup = {"scheme": "countdown-to-zero"}
    t = await new_game(fake, bot, ("alice", "bob"), ai=0, start=False, setup=setup)
    alice, bob = t.users
    # bob reads his DMs in English (his client), alice in Polish; both opt in.
    await t.slash("dm", {"enabled": True}, user=alice, locale="pl")
    await t.slash("dm", {"enabled": True}, user=bob, locale="en-US")
    assert "za każdym razem" in fake.dms_to(alice)[0].content
    assert "whenever it changes" in fake.dms_to(bob)[0].content
    await t.slash("start")
    st = await t.state()
    assert st.game is not None
    # The server speaks English and the table has no language: the board is English.
    board = t.boards()[-1]
    assert "City" in [f["name"] for e in board.embeds for f in e.get("fields", [])]
    assert "My hand" in _labels(board)
    # Each one's panel in their own language, from the same board button.
    mine = await t.panel(alice, locale="pl")
    assert "Twoja ręka" in _text(mine) and "Your hand" not in _text(mine)
    theirs = await t.panel(bob, locale="en-US")
    assert "Your hand" in _text(theirs) and "Twoja ręka" not in _text(theirs)
    current = engine.decision_seat(st.game)
    assert current is not None
    me, other = (alice, bob) if current == 0 else (bob, alice)
    mine = await t.panel(me, locale="pl")
    assert "Zakończ turę" in _labels(mine) and "End turn" not in _labels(mine)
    # A refusal of the engine's in the asker's language: the other one may not end the turn.
    it = await t.slash("end", user=other, locale="pl")
    refusal = it.original or it.followups[-1]
    assert refusal.ephemeral and "To nie twoja tura" in _text(refusal), _text(refusal)
    it = await t.slash("end", user=other, locale="en-US")
    refusal = it.original or it.followups[-1]
    assert "It is not your turn" in _text(refusal)
    # The host sets the table's language mid-game: the public board turns Polish, while
    # an English reader's ephemeral answers stay English.
    it = await t.slash("options", {"language": "pl"}, user=alice, locale="pl")
    assert it.original is not None and "Opcje stołu zmienione" in it.original.text
    public = [m for m in t.boards() if "**Opcje stołu**" in m.text]
    assert public and "język (`jezyk`): polski" in public[-1].text
    assert (await t.state()).options.language == "pl"
    await t.slash("end", user=me, locale="en-US")
    await settle(fake, bot)
    board = t.boards()[-1]
    fields = [f["name"] for e in board.embeds for f in e.get("fields", [])]
    assert "Miasto" in fields and "City" not in fields, fields
    assert "Moja ręka" in _labels(board)
    assert "kończy turę" in board.text, board.text
    theirs = await t.panel(bob, locale="en-US")
    assert "Your hand" in _text(theirs)
    it = await t.slash("status", user=bob, locale="en-US")
    status = it.original or it.followups[-1]
    assert status.ephemeral and "City" in [f["name"] for e in status.embeds for f in e["fields"]]
    # DM'd hands: each in their player's language (bob's English though the table is Polish).
    assert any("Twoja ręka" in x for x in fake.dms_to(alice)[-1].all_texts)
    assert any("Your hand" in x for x in fake.dms_to(bob)[-1].all_texts)
    # The rules help and a card in the asker's language.
    it = await t.slash("rules", {"topic": "city"}, user=alice, locale="pl")
    assert it.original is not None and "Miasto ma pięć pól" in it.original.text
    it = await t.slash("rules", {"topic": "city"}, user=bob, locale="en-US")
    assert it.original is not None and "The city has five spaces" in it.original.text
    it = await t.slash("card", {"name": "Sludge"}, user=alice, locale="pl")
    assert it.original is not None and "**Szlam**" in it.original.text, it.original.text
    it = await t.slash("card", {"name": "Szlam"}, user=alice, locale="pl")
    assert it.original is not None and "**Szlam**" in it.original.text, it.original.text
    t.assert_no_public_leak()
    await bot.close()


async def test_card_autocomplete_labels_a_card_as_the_readers_language_names_it(
    fake: FakeDiscord, db: Path
) -> None:
    await boot(fake, db, seed=31)
    user = fake.add_user("alice", guild=fake.guild)
    it = await fake.autocomplete(
        user, "legendary card", {"name": "Sz"}, focused="name", locale="pl"
    )
    await it.response()
    pl = [(c["name"], c["value"]) for c in it.choices]
    assert pl and all(name == "Szlam" for name, _ in pl), pl
    it = await fake.autocomplete(user, "legendary card", {"name": "Slu"}, focused="name")
    await it.response()
    en = [(c["name"], c["value"]) for c in it.choices]
    assert [name for name, _ in en] == ["Sludge"], en
    # Either label leads to the same card: the value is its id.
    assert {v for _, v in pl} == {v for _, v in en}
    # The setup pickers label by the pack's names too; the values stay ids.
    it = await fake.autocomplete(
        user, "legendary new", {"scheme": ""}, focused="scheme", locale="pl"
    )
    await it.response()
    assert any(c["value"] == "countdown-to-zero" for c in it.choices), it.choices
    # `setup` offers what `new` offers (one autocomplete per option, shared by both).
    for option in ("scheme", "mastermind", "villains", "heroes"):
        offered = []
        for command in ("legendary new", "legendary setup"):
            it = await fake.autocomplete(user, command, {option: ""}, focused=option)
            await it.response()
            offered.append([(c["name"], c["value"]) for c in it.choices])
        assert offered[0] == offered[1] and offered[0], (option, offered)

"""Legendary 2099's newer engine pieces through the fake Discord: a vote Scheme (L12:
the Campaign button, the stack and who leads on the board, a Twist stacked for the
Mastermind), the Sludge Scheme (L13: Sludge put under an HQ space by a Twist, the buried
Hero marked and refused, the flush button), and a divided card played by each half
(L2: a button per half, `play half:`, and the prompt when no half is given). Every
hand payload stays ephemeral and no public message names a card only ever in a hand."""

from __future__ import annotations

from pathlib import Path

from rules.legendary.actions import Choose, Play
from rules.legendary.state import Game, PromptKind, Z
from tests.e2e.legendary_harness import Lg, arranged, boot, move_to_top, new_game, to_hand
from tests.fakediscord import FakeDiscord, FakeMessage

HEROES = ("skyline", "vexa-thorn", "doc-mercy")
DIVIDED = "skyline-snipers-patience"  # Patience / Freefall
GHOST = "vexa-ghost-protocol"  # Ghost / Protocol


def board_text(t: Lg) -> str:
    """The board as it reads now (the last public message with an embed)."""
    return next(m.text for m in reversed(t.boards()) if m.embeds)


def labels(panel: FakeMessage) -> list[str]:
    return [str(b.get("label")) for b in panel.buttons()]


def button(panel: FakeMessage, label: str) -> str:
    return str(panel.component(label=label)["custom_id"])


async def end_turn(t: Lg) -> None:
    it = await t.slash("end")
    assert it.original is not None and it.original.ephemeral


async def test_new_names_the_vote_and_sludge_schemes(fake: FakeDiscord, db: Path) -> None:
    bot = await boot(fake, db)
    t = await new_game(fake, bot, ai=0, start=False, setup={"scheme": "Seize the Council Chair"})
    it = await t.slash("status")
    assert it.original is not None and "Seize the Council Chair" in it.original.text
    it = await t.slash("setup", {"scheme": "flood"})
    assert it.original is not None
    it = await t.slash("status")
    assert it.original is not None and "Flood the Undercity" in it.original.text
    await t.slash("start")
    assert "Sludge: 0 under the HQ · 12 left in the supply" in board_text(t)
    t.assert_no_public_leak()
    await bot.close()


def vote_position(g: Game) -> Game:
    g = to_hand(g, g.current, DIVIDED)
    return move_to_top(g, Z.VILLAIN_DECK, "scheme-twist")


async def test_a_vote_scheme_campaign_and_twist_on_the_board(fake: FakeDiscord, db: Path) -> None:
    bot = await boot(fake, db)
    t = await arranged(
        fake, bot, ("alice",), vote_position, scheme="seize-the-council", heroes=HEROES
    )
    panel = await t.panel()
    assert "Campaign" in labels(panel), labels(panel)
    await t.click(panel, button(panel, "Campaign"))
    st = await t.state()
    g = st.game
    assert g is not None and g.prompt is not None and g.prompt.kind is PromptKind.CHOOSE_CARD
    # The options are only in alice's panel; the board says who is asked.
    panel = await t.panel()
    choose = [c for c in panel.custom_ids if c.startswith("fx:legendary:ch:")]
    assert choose
    await t.click(panel, choose[0])
    text = board_text(t)
    assert "Votes (1 card stacked): Mastermind 0M · Skyline 10M" in text, text
    assert "Skyline leads the Mastermind by 10M" in text
    # Once a turn: the button is gone now.
    panel = await t.panel()
    assert "Campaign" not in labels(panel)
    # The next turn's Twist is stacked for the Mastermind: a tie.
    await end_turn(t)
    text = board_text(t)
    assert "Votes (2 cards stacked): Mastermind 10M · Skyline 10M" in text, text
    assert "The Mastermind and the top Hero Name are tied" in text
    t.assert_no_public_leak()
    await bot.close()


def sludge_position(g: Game) -> Game:
    return move_to_top(g, Z.VILLAIN_DECK, "scheme-twist")


async def test_the_sludge_scheme_buries_and_flushes(fake: FakeDiscord, db: Path) -> None:
    bot = await boot(fake, db)
    t = await arranged(
        fake, bot, ("alice",), sludge_position, scheme="flood-the-undercity", heroes=HEROES
    )
    panel = await t.panel()
    assert "Flush the Undercity" not in labels(panel)  # nothing under the HQ yet
    await end_turn(t)
    # The Twist puts a Sludge under an HQ space: all have none, so alice picks one.
    st = await t.state()
    g = st.game
    assert g is not None and g.prompt is not None and g.prompt.kind is PromptKind.HQ_HERO
    assert "Sludge" in g.prompt.text
    while g.prompt is not None:  # the Sludge's space, then what the turn asks next
        await t.send(Choose(seat=0, option=g.prompt.options[0].id), use_button=True)
        st = await t.state()
        g = st.game
        assert g is not None
    space = next(i for i in range(5) if g.zones[Z.under(i)])
    buried = st.game.instances[g.zones[Z.hq(space)][0]]
    name = t.pack.cards[buried].name
    hq = next(line for line in board_text(t).split("\n") if line.startswith(name))
    assert "under it: 1 Sludge · **buried**" in hq, hq
    assert "Sludge: 1 under the HQ · 11 left in the supply" in board_text(t)
    # Recruiting it is refused, ephemerally, saying why and what to do; nothing changes.
    before = await t.state()
    it = await t.slash("recruit", {"card": name})
    assert it.original is not None and it.original.ephemeral
    first = it.original.text.split("\n")[0].removeprefix("🚫 ")
    assert first == f"{name} can't be recruited: 1 Sludge under its HQ space.", first
    assert "Flush the Undercity" in it.original.text
    assert await t.state() == before
    # The panel offers no recruit of it, and a flush button.
    panel = await t.panel()
    assert not any(x.startswith(f"Recruit {name}") for x in labels(panel))
    assert "Flush the Undercity" in labels(panel)
    wounds = len([i for i in g.zones[Z.discard(0)] if g.instances[i] == "wound"])
    await t.click(panel, button(panel, "Flush the Undercity"))
    st = await t.state()
    g = st.game
    assert g is not None and not any(g.zones[Z.under(i)] for i in range(5))
    assert len([i for i in g.zones[Z.discard(0)] if g.instances[i] == "wound"]) == wounds + 1
    text = board_text(t)
    assert "buried" not in text and "alice flushes the HQ" in t.texts()
    t.assert_no_public_leak()
    await bot.close()


def divided_position(g: Game) -> Game:
    g = to_hand(g, g.current, DIVIDED, 2)
    return to_hand(g, g.current, GHOST, 1)


async def test_a_divided_card_played_by_each_half(fake: FakeDiscord, db: Path) -> None:
    bot = await boot(fake, db)
    t = await arranged(fake, bot, ("alice",), divided_position, heroes=HEROES)
    st = await t.state()
    assert st.game is not None
    hand = st.game.zones[Z.hand(0)]
    sky = [i for i in hand if st.game.instances[i] == DIVIDED]
    ghost = next(i for i in hand if st.game.instances[i] == GHOST)
    # The panel: two buttons for the divided card, one per half.
    panel = await t.panel()
    assert "Play Patience / Freefall as Patience" in labels(panel)
    assert "Play Patience / Freefall as Freefall" in labels(panel)
    assert "Play Patience / Freefall" not in labels(panel)
    # `play`'s half autocomplete offers the halves of the card in `card`, privately.
    it = await fake.autocomplete(t.user, "legendary play", {"card": sky[0]}, focused="half")
    await it.response()
    assert [(c["name"], c["value"]) for c in it.choices] == [("Patience", "0"), ("Freefall", "1")]
    plain = next(i for i in hand if st.game.instances[i] not in (DIVIDED, GHOST))
    it = await fake.autocomplete(t.user, "legendary play", {"card": plain}, focused="half")
    await it.response()
    assert list(it.choices) == []
    # By button: the first half (Patience: 3 Attack).
    attack = st.game.turn.attack
    await t.send(Play(seat=0, card=sky[0], half=0), use_button=True)
    st = await t.state()
    assert st.game is not None and st.game.turn.attack == attack + 3
    assert "Patience / Freefall (as Patience)" in board_text(t)
    # By slash command with the half named: the second half (Freefall: 2 Recruit).
    recruit = st.game.turn.recruit
    it = await t.slash("play", {"card": sky[1], "half": "Freefall"})
    assert it.original is not None and it.original.ephemeral
    st = await t.state()
    assert st.game is not None and st.game.turn.recruit == recruit + 2
    assert "Patience / Freefall (as Freefall)" in board_text(t)
    # Without a half: the engine asks, the panel shows the halves as options.
    it = await t.slash("play", {"card": ghost})
    st = await t.state()
    g = st.game
    assert g is not None and g.prompt is not None and g.prompt.kind is PromptKind.CHOOSE_ONE
    assert [o.label for o in g.prompt.options] == ["Ghost", "Protocol"]
    panel = await t.panel()
    assert "Ghost" in labels(panel) and "Protocol" in labels(panel)
    await t.click(panel, button(panel, "Protocol"))
    st = await t.state()
    assert st.game is not None and st.game.prompt is None
    assert "Ghost / Protocol (as Protocol)" in board_text(t)
    # A half on an ordinary card is refused; nothing changes.
    before = await t.state()
    it = await t.slash("play", {"card": plain, "half": "0"})
    assert it.original is not None and it.original.ephemeral
    assert "is not a divided card" in it.original.text.split("\n")[0]
    assert await t.state() == before
    # The card command shows both halves.
    it = await t.slash("card", {"name": "Patience / Freefall"})
    assert it.original is not None and "**Freefall** — instinct · Recruit 2" in it.original.text
    t.assert_no_public_leak()
    await bot.close()


async def test_whole_games_of_the_vote_and_sludge_schemes_with_divided_cards(
    fake: FakeDiscord, db: Path
) -> None:
    """Played solo to the end by buttons and commands (the greedy AI's choices): the
    special actions, divided cards and their prompts all go through."""
    bot = await boot(fake, db)
    heroes = ",".join(HEROES)
    shows = {"seize-the-council": "Votes (", "flood-the-undercity": "**buried**"}
    start = 0  # the first message of this game (both games share the channel)
    for scheme, shown in shows.items():
        t = await new_game(fake, bot, ai=0, setup={"scheme": scheme, "heroes": heroes})
        st = await t.play_out(seed=3)
        assert st.over and st.game is not None
        texts = "\n".join(x for m in t.boards() if m.id > start for x in m.all_texts)
        assert shown in texts and "(as " in texts  # the Scheme's part; a half played
        t.assert_no_public_leak()
        start = max(m.id for m in t.boards())
    await bot.close()

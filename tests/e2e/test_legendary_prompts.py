"""Legendary 2099 prompts addressed to players other than the current one ("each player
discards a card"), and Uru-Enchanted Weapons fights, through the fake Discord with
several people: each prompt reaches its player privately (panel or DM), the game waits
for all, the turn timer answers for a player who is away, and an Uru reveal is shown to
everyone with its result."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from cogs.legendary.components import bid_for
from rules.legendary import engine
from rules.legendary.actions import Fight
from rules.legendary.state import Game, PromptKind, Z
from tests.e2e.harness import finish, settle
from tests.e2e.legendary_harness import Lg, arranged, boot, move_to_top
from tests.fakediscord import FakeDiscord

# These positions start from the seeded opening and must not wait on a choice there: a
# random Scheme (Countdown to Zero on seed 5) could open on a Twist that asks for an HQ
# Hero. Rig the Uplink's Twists ask nothing.
QUIET_SCHEME = "rig-the-uplink"


def strike_with_discards(g: Game) -> Game:
    """The next Villain card is a Master Strike and the Helix Board's top Tactic makes
    each player discard a card."""
    g = move_to_top(g, Z.TACTICS, "helix-chair-finance")
    return move_to_top(g, Z.VILLAIN_DECK, "master-strike")


async def end_current_turn(t: Lg) -> int:
    st = await t.state()
    assert st.game is not None and st.game.prompt is None
    cur = st.game.current
    user = t.seat_user(st, cur)
    assert user is not None
    it = await t.slash("end", user=user)
    assert it.original is not None and it.original.ephemeral
    return cur


async def test_each_player_discards_reaches_each_player_privately(
    fake: FakeDiscord, db: Path
) -> None:
    bot = await boot(fake, db)
    t = await arranged(
        fake,
        bot,
        ("alice", "bob"),
        strike_with_discards,
        mastermind="helix-board",
        scheme=QUIET_SCHEME,
    )
    st = await t.state()
    assert st.game is not None
    first = 1 - st.game.current  # the next player: the strike comes on their turn
    other = st.game.current
    users = {0: t.users[0], 1: t.users[1]}
    # The player who will be asked second (not the current player then) takes DMs.
    it = await t.slash("dm", {"enabled": True}, user=users[other])
    assert it.original is not None and it.original.ephemeral
    dms_before = len(fake.dms_to(users[other]))
    await end_current_turn(t)

    st = await t.state()
    g = st.game
    assert g is not None and g.current == first
    assert g.prompt is not None and g.prompt.kind is PromptKind.DISCARD
    assert g.prompt.seat == first
    board = t.boards()[-1]
    assert f"<@{users[first].id}>" in board.text and "choice to make" in board.text
    assert "Master Strike" in t.texts()
    # The options are only in the prompted player's panel.
    options = [o.label for o in g.prompt.options]
    panel = await t.panel(users[first])
    choose = [c for c in panel.custom_ids if c.startswith("fx:legendary:ch:")]
    assert len(choose) == len(g.prompt.options)
    # Nobody else may answer, and the public board shows no option.
    it = await t.slash("choose", {"option": g.prompt.options[0].id}, user=users[other])
    assert it.original is not None and it.original.ephemeral
    assert await t.state() == st
    await t.click(panel, choose[0], user=users[first])

    # Now the prompt is addressed to the player whose turn it is not.
    st = await t.state()
    g = st.game
    assert g is not None and g.current == first
    assert g.prompt is not None and g.prompt.kind is PromptKind.DISCARD
    assert g.prompt.seat == other
    board = t.boards()[-1]
    assert f"<@{users[other].id}>" in board.text
    assert not any(c.startswith("fx:legendary:ch:") for c in board.custom_ids)
    assert not any(o in board.text for o in options if o not in t.shown)
    # The current player waits: ending the turn now is refused, nothing changes.
    it = await t.slash("end", user=users[first])
    assert it.original is not None and it.original.ephemeral
    assert await t.state() == st
    # The prompt reached the other player by DM, with its buttons; they answer there.
    dms = fake.dms_to(users[other])
    assert len(dms) > dms_before
    dm = dms[-1]
    buttons = [c for c in dm.custom_ids if c.startswith("fx:legendary:ch:")]
    assert buttons, dm.custom_ids
    assert any("Choose" in x for x in dm.all_texts)
    await t.click(dm, buttons[0], user=users[other])
    st = await t.state()
    g = st.game
    assert g is not None and g.prompt is None and g.current == first
    assert "adapts" in t.texts()  # the strike's "then Adapt" ran once all had discarded
    # The game goes on with the current player.
    assert engine.decision_seat(g) == first
    t.assert_no_public_leak()
    await bot.close()


async def test_the_turn_timer_answers_a_prompt_for_an_absent_player(
    fake: FakeDiscord, db: Path
) -> None:
    bot = await boot(fake, db)
    rt: Any = bot.runtime("legendary")
    rt.time_scale = 0.002  # 60 s become 0.12 s

    t = await arranged(
        fake,
        bot,
        ("alice", "bob"),
        strike_with_discards,
        mastermind="helix-board",
        scheme=QUIET_SCHEME,
        turn_timer=60,
    )
    st = await t.state()
    assert st.game is not None
    first = 1 - st.game.current
    other = st.game.current
    await end_current_turn(t)
    # Nobody answers: three reminders to the prompted player, then the table discards
    # for them (and then for the other one), and the game goes on.
    for _ in range(100):
        await asyncio.sleep(0.05)
        st = await t.state()
        assert st.game is not None
        if st.game.prompt is None:
            break
    else:
        raise AssertionError("the timer did not answer the prompts")
    await settle(fake, bot)
    text = t.texts()
    names = [s.name for s in st.seats]
    assert f"Time is up for {names[first]}" in text
    assert f"Time is up for {names[other]}" in text
    assert "Reminder 1 of 3" in text and "Reminder 3 of 3" in text
    assert st.game.current == first
    t.assert_no_public_leak()
    await bot.close()


def uru_position(attack: int) -> Any:
    """Saint of Knives (Attack 3, Uru-Enchanted Weapons) in the Sewers, the Hammer
    Deacon (3 VP) on top of the Villain Deck: the reveal adds 3, so the fight takes 6."""

    def arrange(g: Game) -> Game:
        g = move_to_top(g, Z.VILLAIN_DECK, "saint-of-knives")
        deck = list(g.zones[Z.VILLAIN_DECK])
        saint = deck.pop(0)
        zones = {**g.zones, Z.VILLAIN_DECK: tuple(deck), Z.city(0): (saint,)}
        g = g.model_copy(update={"zones": zones})
        g = move_to_top(g, Z.VILLAIN_DECK, "hammer-deacon")
        return g.model_copy(update={"turn": g.turn.model_copy(update={"attack": attack})})

    return arrange


async def _uru_fight(fake: FakeDiscord, db: Path, attack: int) -> tuple[Lg, str]:
    bot = await boot(fake, db)
    t = await arranged(
        fake,
        bot,
        ("alice", "bob"),
        uru_position(attack),
        mastermind="overseer-kael",
        villains=("razor-saints", "pale-choir"),
    )
    st = await t.state()
    assert st.game is not None
    cur = st.game.current
    saint = st.game.zones[Z.city(0)][0]
    user = t.seat_user(st, cur)
    assert user is not None
    panel = await t.panel(user)
    want = bid_for(Fight(seat=cur, target=saint), st.id, st.version).encode()
    assert want in panel.custom_ids
    await t.click(panel, want, user=user)
    return t, st.seats[cur].name


async def test_an_uru_fight_won_is_shown_to_everyone(fake: FakeDiscord, db: Path) -> None:
    t, who = await _uru_fight(fake, db, attack=6)
    text = t.boards()[-1].text
    assert f"⚔️ {who} fights Saint of Knives with Uru-Enchanted Weapons" in text
    assert "revealed Hammer Deacon (+3), so it takes 6 Attack" in text
    assert f"✅ Uru fight won: {who} had the 6 Attack it took." in text
    st = await t.state()
    assert st.game is not None and not st.game.zones[Z.city(0)]
    t.assert_no_public_leak()
    await t.bot.close()


async def test_an_uru_fight_failed_is_shown_and_blocks_more_fights(
    fake: FakeDiscord, db: Path
) -> None:
    t, who = await _uru_fight(fake, db, attack=4)
    text = t.boards()[-1].text
    assert "revealed Hammer Deacon (+3), so it takes 6 Attack" in text
    assert f"❌ Uru fight failed: {who} had less than 6 Attack, loses all Attack" in text
    st = await t.state()
    g = st.game
    assert g is not None and g.turn.uru_failed and g.turn.attack == 0
    assert g.zones[Z.city(0)]  # still there
    user = t.seat_user(st, g.current)
    assert user is not None
    it = await t.slash("fight", {"target": g.zones[Z.city(0)][0]}, user=user)
    assert it.original is not None and it.original.ephemeral
    assert "failed a fight against Uru" in " ".join(it.original.all_texts)
    assert await t.state() == st
    panel = await t.panel(user)
    assert not any(c.startswith("fx:legendary:fight:") for c in panel.custom_ids)
    t.assert_no_public_leak()
    await t.bot.close()


async def test_an_adapting_mastermind_fought_to_the_end(fake: FakeDiscord, db: Path) -> None:
    """The Helix Board (Adapting): the board names its top Tactic and the Tactics left
    before each fight; each fight takes that Tactic, the rest adapts; the last one wins."""

    def strong(g: Game) -> Game:
        return g.model_copy(update={"turn": g.turn.model_copy(update={"attack": 60})})

    bot = await boot(fake, db)
    t = await arranged(fake, bot, ("alice", "bob"), strong, mastermind="helix-board")
    pack = t.pack
    fought: list[str] = []
    for _ in range(40):
        st = await t.state()
        g = st.game
        assert g is not None
        if g.over:
            break
        if g.prompt is not None:
            user = t.seat_user(st, g.prompt.seat)
            assert user is not None
            panel = await t.panel(user)
            first = next(c for c in panel.custom_ids if c.startswith("fx:legendary:ch:"))
            await t.click(panel, first, user=user)
            continue
        if not g.zones[Z.TACTICS]:  # the last Tactic taken: the game ends with the turn
            assert "Tactics left 0" in t.boards()[-1].text
            await end_current_turn(t)
            continue
        top = pack.cards[g.instances[g.zones[Z.TACTICS][0]]].name
        left = len(g.zones[Z.TACTICS])
        board = t.boards()[-1].text
        assert f"Tactic: {top}" in board and f"Tactics left {left}" in board
        user = t.seat_user(st, g.current)
        assert user is not None
        it = await t.slash("fight", {"target": "mastermind"}, user=user)
        assert it.original is not None and it.original.ephemeral
        assert f"takes the Tactic {top}" in t.texts()
        fought.append(top)
    st = await t.state()
    assert st.over and st.game is not None and st.game.result is not None
    assert st.game.result.value == "good"
    assert len(fought) == 4 and len(set(fought)) == 4
    assert "The players win!" in t.texts()
    t.assert_no_public_leak()
    await bot.close()


async def test_a_choice_with_more_options_than_buttons_uses_select_menus(
    fake: FakeDiscord, db: Path
) -> None:
    """Chair of Research's Fight ("you may KO a card from your hand or discard pile")
    with 30 cards in the discard pile: more options than a panel has buttons, so they
    come as select menus, and a pick answers the choice."""

    def arrange(g: Game) -> Game:
        g = move_to_top(g, Z.TACTICS, "helix-chair-research")
        seat = g.current
        # One card of each kind of the Hero and Villain Decks (identical copies are one
        # option).
        zones, seen, discard = dict(g.zones), set(), []
        for zone in (Z.HERO_DECK, Z.VILLAIN_DECK):
            for inst in g.zones[zone]:
                if g.instances[inst] not in seen and g.instances[inst] != "master-strike":
                    seen.add(g.instances[inst])
                    discard.append(inst)
            zones[zone] = tuple(i for i in g.zones[zone] if i not in discard)
        zones[Z.discard(seat)] = tuple(discard)
        g = g.model_copy(update={"zones": zones})
        return g.model_copy(update={"turn": g.turn.model_copy(update={"attack": 60})})

    bot = await boot(fake, db)
    t = await arranged(
        fake, bot, ("alice", "bob"), arrange, mastermind="helix-board", scheme=QUIET_SCHEME
    )
    st = await t.state()
    g = st.game
    assert g is not None
    user = t.seat_user(st, g.current)
    assert user is not None
    await t.slash("fight", {"target": "mastermind"}, user=user)
    st = await t.state()
    g = st.game
    assert g is not None and g.prompt is not None and len(g.prompt.options) > 25
    panel = await t.panel(user)
    selects = [c for c in panel.custom_ids if c.startswith("fxs:legendary:ch:")]
    assert len(selects) >= 2 and not any(c.startswith("fx:legendary:ch:") for c in panel.custom_ids)
    wound = g.prompt.options[-2].id  # a card of the discard pile
    which = next(
        c for c in selects if any(o.get("value") == wound for o in panel.component(c)["options"])
    )
    it = await fake.select(user, panel, which, [wound])
    await finish(it)
    await settle(fake, bot)
    after = await t.state()
    assert after.game is not None and after.version > st.version
    assert wound in after.game.zones[Z.KO]
    t.assert_no_public_leak()
    await bot.close()

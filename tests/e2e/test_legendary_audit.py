"""Issue 14 requirements that no other e2e test held (found by the issue 14 audit,
docs/legendary-discord.md): `new epic:true` reaching the engine and the board, the setup
screen's Villain Deck for this player count before `start`, Fated Future answered by
`play fated_future:true`, by the panel's second button and by the private prompt, and the
end sentence with the scores and the individual winner."""

from __future__ import annotations

import asyncio
import re
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from cogs.legendary.components import bid_for
from rules.legendary import engine
from rules.legendary.actions import Play
from rules.legendary.state import Game, PromptKind, Z
from tests.e2e.legendary_harness import arranged, boot, ended, new_game, to_hand
from tests.fakediscord import FakeDiscord

HEROES = ("skyline", "doc-mercy", "quill", "rook-hale", "marrow")
FATED = "skyline-rooftop-shot"


async def test_new_epic_reaches_the_engine_and_the_board(fake: FakeDiscord, db: Path) -> None:
    bot = await boot(fake, db)
    t = await new_game(
        fake, bot, ai=1, start=False, setup={"mastermind": "overseer-kael", "epic": True}
    )
    it = await t.slash("setup")
    assert it.original is not None and "Overseer Kael (Epic)" in it.original.text
    await t.slash("start")
    st = await t.state()
    assert st.game is not None and st.game.epic
    it = await t.slash("status")
    assert it.original is not None
    # The Epic side's Attack (9, not the printed 7) is what the board shows.
    assert re.search(r"Overseer Kael\D{0,40}9", it.original.text), it.original.text
    await bot.close()


async def test_setup_shows_the_villain_deck_for_this_player_count(
    fake: FakeDiscord, db: Path
) -> None:
    bot = await boot(fake, db)
    t = await new_game(fake, bot, ("alice", "bob"), ai=0, start=False)
    it = await t.slash("setup")
    assert it.original is not None
    text = it.original.text
    assert "Villain Deck for 2 players" in text
    for words in ("2 Villain Groups", "1 Henchmen group", "2 Bystanders", "5 Master Strikes"):
        assert words in text, (words, text)
    # A third seat changes what the deck will hold, before the start.
    await t.slash("join", {"ai": True})
    it = await t.slash("setup")
    assert it.original is not None
    assert "Villain Deck for 3 players" in it.original.text
    assert "3 Villain Groups" in it.original.text and "8 Bystanders" in it.original.text
    st = await t.state()
    assert st.game is None  # all of it shown before `start`
    await bot.close()


def _three_fated(game: Game) -> Game:
    return to_hand(game, game.current, FATED, 3)


async def test_fated_future_by_option_by_button_and_by_the_prompt(
    fake: FakeDiscord, db: Path
) -> None:
    bot = await boot(fake, db)
    t = await arranged(fake, bot, ("alice", "bob"), _three_fated, heroes=HEROES)
    st = await t.state()
    assert st.game is not None
    seat = st.game.current
    user = t.users[seat]
    fated = [c.inst for c in t.hand_of(st, seat) if st.game.instances[c.inst] == FATED]
    assert len(fated) == 3
    # 1. The option answers up front: to the bottom of the deck, said in public.
    while st.game.prompt is not None:  # the first Villain card's prompt, if any
        legal = engine.legal_actions(st.game, t.pack, st.game.prompt.seat)
        await t.send(legal[0], use_button=False, user=t.users[st.game.prompt.seat])
        st = await t.state()
        assert st.game is not None
    await t.slash("play", {"card": fated[0], "fated_future": True}, user=user)
    st = await t.state()
    assert st.game is not None and st.game.zones[Z.deck(seat)][-1] == fated[0]
    assert "puts Rooftop Shot on the bottom of their deck" in t.boards()[-1].text
    # 2. The panel's second button for a Fated card does the same.
    panel = await t.panel(user)
    want = bid_for(Play(seat=seat, card=fated[1], fated_future=True), st.id, st.version)
    assert want.encode() in panel.custom_ids
    label = panel.component(want.encode()).get("label", "")
    assert label.startswith("Play Rooftop Shot (Fated"), label  # clipped to 40 characters
    await t.click(panel, want.encode(), user=user)
    st = await t.state()
    assert st.game is not None and st.game.zones[Z.deck(seat)][-1] == fated[1]
    # 3. Without an answer the engine asks, privately; `choose` answers.
    await t.slash("play", {"card": fated[2]}, user=user)
    st = await t.state()
    assert st.game is not None and st.game.prompt is not None
    assert st.game.prompt.kind is PromptKind.FATED_FUTURE and st.game.prompt.seat == seat
    # The board says whom the game waits on; the answers are only in that player's panel.
    board = t.boards()[-1]
    assert f"<@{user.id}>: you have a choice to make" in board.text
    assert not [c for c in board.custom_ids if ":ch:" in c]
    panel = await t.panel(user)
    assert "(Fated Future)?" in " ".join(panel.all_texts)
    await t.slash("choose", {"option": "yes"}, user=user)
    st = await t.state()
    assert st.game is not None and st.game.prompt is None
    assert st.game.zones[Z.deck(seat)][-1] == fated[2]
    t.assert_no_public_leak()
    await bot.close()


async def test_the_end_names_the_scores_and_the_individual_winner(
    fake: FakeDiscord, db: Path
) -> None:
    bot = await boot(fake, db, seed=77)
    t = await new_game(fake, bot, ("alice", "bob"), ai=0)
    st = await t.play_out(seed=3)
    assert st.game is not None and st.over
    scores = engine.scores(st.game, t.pack)
    winners = engine.winners(st.game, t.pack)
    last = ended(t)[-1].text
    for name, n in zip(("alice", "bob"), scores, strict=True):
        assert f"{name} {n} VP" in last, last
    if winners:
        best = " and ".join(("alice", "bob")[i] for i in winners)
        assert f"Best player: {best}." in last, last
    else:
        assert "Evil wins!" in last and "Best player" not in last
    it = await t.slash("status")
    assert it.original is not None and "Scores:" in it.original.text
    await bot.close()


async def test_the_ai_seat_is_paced_and_decides_off_the_event_loop(
    fake: FakeDiscord, db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """AI seats take their turns by themselves, paced by the table's `ai_pace` (so people
    can follow), deciding in a worker thread (so other tables are answered meanwhile)."""
    import cogs.legendary.runtime as lg_runtime

    made = lg_runtime.make_agent
    decided: list[tuple[bool, float]] = []

    class Watched:
        def __init__(self, agent: Any) -> None:
            self.agent = agent

        def decide(self, *args: Any) -> Any:
            decided.append((threading.current_thread() is threading.main_thread(), time.time()))
            return self.agent.decide(*args)

    monkeypatch.setattr(lg_runtime, "make_agent", lambda *a, **k: Watched(made(*a, **k)))
    bot = await boot(fake, db)
    rt: Any = bot.runtime("legendary")
    rt.ai_delay = None  # each table's own ai_pace
    t = await new_game(fake, bot, ai=1, options={"ai_pace": 0.4}, start=False)
    await t.slash("start")
    for _ in range(100):  # alice's turn first (the AI may have started: let it)
        st = await t.state()
        assert st.game is not None
        if engine.decision_seat(st.game) == 0 and st.game.prompt is None:
            break
        await asyncio.sleep(0.1)
    decided.clear()
    ended_at = time.time()
    await t.slash("end")
    await fake.wait_for(lambda: bool(decided), timeout=20, what="the AI's move")
    on_main, at = decided[0]
    assert not on_main, "the AI decided on the event loop's thread"
    assert at - ended_at >= 0.4 * 0.9, at - ended_at  # paced
    await bot.close()


def _wound_and_victory(game: Game) -> Game:
    """The current player holds two Wounds; their Victory Pile has a Hero sent
    Undercover (its classes power Cyber-Mod) and a Bystander."""
    seat = game.current
    wounds = list(game.zones[Z.WOUNDS][:2])
    deck = list(game.zones[Z.HERO_DECK])
    hero = deck.pop(0)
    byst = game.zones[Z.BYSTANDERS][0]
    zones = {
        **game.zones,
        Z.WOUNDS: game.zones[Z.WOUNDS][2:],
        Z.BYSTANDERS: game.zones[Z.BYSTANDERS][1:],
        Z.HERO_DECK: tuple(deck),
        Z.hand(seat): (*game.zones[Z.hand(seat)], *wounds),
        Z.victory(seat): (hero, byst),
    }
    return game.model_copy(update={"zones": zones, "undercover": (hero,)})


async def test_victory_heal_and_a_spectator(fake: FakeDiscord, db: Path) -> None:
    """`victory` shows a Victory Pile with its VP and the classes that power Cyber-Mod (to
    anyone, for any seat); `heal` KOs the Wounds in hand, and is refused after
    recruiting; a spectator reads the board and is refused every move, ephemerally."""
    bot = await boot(fake, db)
    t = await arranged(fake, bot, ("alice", "bob"), _wound_and_victory, heroes=HEROES)
    st = await t.state()
    assert st.game is not None
    while st.game.prompt is not None:  # the first Villain card's prompt, if any
        legal = engine.legal_actions(st.game, t.pack, st.game.prompt.seat)
        await t.send(legal[0], use_button=False, user=t.users[st.game.prompt.seat])
        st = await t.state()
        assert st.game is not None
    seat = st.game.current
    user, other = t.users[seat], t.users[1 - seat]
    hero = t.pack.cards[st.game.instances[st.game.zones[Z.victory(seat)][0]]]
    carol = fake.add_user("carol", guild=fake.guild)
    it = await t.slash("victory", {"player": user}, user=carol)
    assert it.original is not None and it.original.ephemeral
    text = it.original.text
    assert f"**{user.name}** — " in text and " VP" in text
    assert "By class: " in text and "none" not in text.split("By class: ")[1], text
    assert all(c.lower() in text.lower() for c in hero.classes), (hero.classes, text)
    it = await t.slash("victory", user=other)
    assert it.original is not None and "By class: none" in it.original.text
    # A spectator: the board, and refusals that say why.
    it = await t.slash("status", user=carol)
    assert it.original is not None and it.original.ephemeral and "'s turn" in it.original.text
    msg, hand = t.last_hand_button()
    it = await t.click(msg, hand, user=carol)
    assert it.original is not None and it.original.ephemeral and "seat" in it.original.text
    for command in ("heal", "end"):
        it = await t.slash(command, user=carol)
        assert it.original is not None and it.original.ephemeral and "no seat" in it.original.text
    assert (await t.state()).version == st.version
    # Heal: both Wounds KO'd.
    await t.slash("heal", user=user)
    st = await t.state()
    assert st.game is not None
    hand_ids = [st.game.instances[i] for i in st.game.zones[Z.hand(seat)]]
    assert not [c for c in hand_ids if "wound" in c]
    assert "heal" in t.boards()[-1].text.lower()
    t.assert_no_public_leak()
    await bot.close()


def _wound_and_recruit(game: Game) -> Game:
    game = _wound_and_victory(game)
    return game.model_copy(update={"turn": game.turn.model_copy(update={"recruit": 12})})


async def test_heal_after_recruiting_is_refused(fake: FakeDiscord, db: Path) -> None:
    bot = await boot(fake, db)
    t = await arranged(fake, bot, ("alice", "bob"), _wound_and_recruit, heroes=HEROES)
    st = await t.state()
    assert st.game is not None
    while st.game.prompt is not None:
        legal = engine.legal_actions(st.game, t.pack, st.game.prompt.seat)
        await t.send(legal[0], use_button=False, user=t.users[st.game.prompt.seat])
        st = await t.state()
        assert st.game is not None
    seat = st.game.current
    user = t.users[seat]
    legal = engine.legal_actions(st.game, t.pack, seat)
    recruit = next(a for a in legal if a.type == "recruit")
    await t.send(recruit, use_button=False, user=user)
    st = await t.state()
    it = await t.slash("heal", user=user)
    assert it.original is not None and it.original.ephemeral
    first = it.original.text.removeprefix("🚫 ").splitlines()[0]
    assert "heal" in first.lower(), it.original.text
    assert (await t.state()).version == st.version
    await bot.close()

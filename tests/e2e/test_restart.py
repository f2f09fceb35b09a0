"""A bot process killed mid-run (SIGKILL) and restarted on the same database continues
the run, and the buttons it sent before dying still work."""

from __future__ import annotations

import asyncio
import json
import signal
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

from bot.storage.sqlite import SqliteStore
from cogs.legends.ids import parse
from rules.legends.actions import Choose, Discard, Flip, Play, Ready
from rules.legends.ai import CrewAI
from rules.legends.sim import next_actor
from rules.legends.state import Table as TableState
from rules.legends.view import player_view
from tests.e2e.harness import Table, child_fixer, content, finish, new_table, start_fixer
from tests.fakediscord import FakeDiscord


async def read_state(db: Path, cid: str) -> TableState:
    async with await SqliteStore.open(db, create=False, migrate=False) as store:
        stored = await store.load(cid)
    assert stored is not None
    return TableState.model_validate_json(stored.state)


async def public_plan_cards(db: Path, cid: str) -> set[str]:
    names: set[str] = set()
    async with await SqliteStore.open(db, create=False, migrate=False) as store:
        for entry in await store.read_log(cid):
            for e in json.loads(entry.events):
                if e.get("seats") is None and e.get("kind") == "card_entered":
                    names.add(content().cards[e["data"]["card"]].name)
    return names


def stored_pref(db: Path, cid: str, key: str) -> Any:
    """A table's Discord preference as the database holds it (None: no row)."""
    with closing(sqlite3.connect(f"{db.absolute().as_uri()}?mode=ro", uri=True)) as conn:
        row = conn.execute(
            "SELECT value FROM campaign_prefs WHERE campaign_id = ? AND key = ?", (cid, key)
        ).fetchone()
    return None if row is None else json.loads(row[0])


async def test_killed_process_restarts_and_old_buttons_work(fake: FakeDiscord, db: Path) -> None:
    async with child_fixer(fake, db) as child:
        alice, bob = (fake.add_user(n, guild=fake.guild) for n in ("alice", "bob"))

        async def slash(user: object, name: str, options: dict[str, object]) -> None:
            it = await fake.send_slash(user, f"legends {name}", options)  # type: ignore[arg-type]
            await finish(it)
            await fake.idle(0.1)

        await slash(alice, "new", {})
        await slash(alice, "join", {"role": "solo"})
        await slash(bob, "join", {"role": "netrunner"})
        await slash(alice, "start", {})
        await slash(alice, "flip", {})  # a scene
        await slash(alice, "flip", {})  # the first Obstacle: alice plays first
        newest = [m for m in fake.channel_messages(fake.channel) if m.custom_ids][-1]
        parsed = parse(newest.custom_ids[0])
        assert parsed is not None
        cid = parsed.table
        state = await read_state(db, cid)
        assert state.run is not None and state.run.phase == "plan"
        # Play until it is bob's turn to play (answering any prompt a card opens).
        users = {str(alice.id): alice, str(bob.id): bob}
        for _ in range(40):
            state = await read_state(db, cid)
            run = state.run
            assert run is not None
            if not run.prompts and run.phase == "plan" and run.turn == 1:
                break
            who = next_actor(state, content())
            assert who is not None
            action = CrewAI(seed=1).choose(player_view(state, who, content()), content())
            if isinstance(action, Play | Discard):
                await slash(users[who], action.type, {"card": action.card, "merc": action.merc})
            elif isinstance(action, Choose):
                option = ("merc|" if action.merc else "") + action.option
                await slash(users[who], "choose", {"option": option})
            elif isinstance(action, Ready):
                await slash(users[who], "ready", {"merc": action.merc})
            elif isinstance(action, Flip):
                await slash(users[who], "flip", {})
            else:
                await slash(users[who], "choose", {"option": "close-vote"})
        else:
            raise AssertionError("bob never got the turn")
        # Bob opens his hand: an ephemeral panel with play buttons for this version.
        board = [
            m
            for m in fake.channel_messages(fake.channel)
            if not m.ephemeral and any(c.startswith("fx:legends:hand:") for c in m.custom_ids)
        ][-1]
        it = await fake.click_button(
            bob, board, next(c for c in board.custom_ids if c.startswith("fx:legends:hand:"))
        )
        await finish(it)
        panel = it.original
        assert panel is not None and panel.ephemeral
        before = await read_state(db, cid)
    assert child.returncode == -signal.SIGKILL
    await fake.wait_for(lambda: not fake.live_sessions, timeout=5)

    # A new process (here: in this one) on the same database.
    bot = await start_fixer(fake, db)
    assert bot.runtime("legends").table_of_channel[fake.channel.id] == cid
    assert await bot.runtime("legends").service.get(cid) == before
    t = Table(fake=fake, bot=bot, channel=fake.channel, users=[alice, bob], cid=cid)
    t.listen()
    # Cards the killed process put into the Plan were public then (its own service's
    # commits never reached this process's listener): take them from the action log.
    t.shown |= await public_plan_cards(db, cid)
    play_id = next(c for c in panel.custom_ids if c.startswith("fx:legends:play:"))
    await t.click(bob, panel, play_id)  # the old panel's button works
    after = await t.state()
    assert after.version == before.version + 1
    state = await t.play_out(seed=4)
    assert state.run is None and state.history[-1].outcome in ("complete", "flatlined")
    t.assert_no_public_leak()


async def test_a_missed_update_is_posted_at_start_up(fake: FakeDiscord, db: Path) -> None:
    bot = await start_fixer(fake, db)
    alice = fake.add_user("alice", guild=fake.guild)
    t = await new_table(fake, bot, [alice], roles=["solo"], merc="rocker")
    await fake.kill_bot(bot)
    # As if the process died between the commit and the post: the last posted version
    # on record is older than the table's.
    assert stored_pref(db, t.cid, "published") == (await t.state()).version
    with closing(sqlite3.connect(db, isolation_level=None)) as conn:
        conn.execute(
            "UPDATE campaign_prefs SET value = '0' WHERE campaign_id = ? AND key = 'published'",
            (t.cid,),
        )
    boards = len(t.boards())
    bot = await start_fixer(fake, db)
    await fake.wait_for(lambda: len(t.boards()) > boards)
    resumed = t.boards()[-1]
    assert "back online" in resumed.content
    flip = next(c for c in resumed.custom_ids if c.startswith("fx:legends:flip:"))
    t.bot = bot
    version = (await t.state()).version
    await t.click(alice, resumed, flip)
    assert (await t.state()).version == version + 1


async def test_vote_timer_resumes_with_the_time_left(fake: FakeDiscord, db: Path) -> None:
    """The deadline of an open scene vote survives a restart: the new process closes the
    vote when the old one would have, not a full `vote_seconds` later."""
    import time

    bot = await start_fixer(fake, db)
    bot.runtime("legends").time_scale = 0.005  # 600 s become 3 s
    alice = fake.add_user("alice", guild=fake.guild)
    t = await new_table(fake, bot, [alice], roles=["solo"], merc="nomad", start=False)
    await t.slash(alice, "options", {"vote_seconds": 600})
    await t.slash(alice, "start")
    state = await t.play_out(until=lambda s: s.run is not None and s.run.phase == "vote")
    opened = time.monotonic()
    assert state.run is not None and state.run.phase == "vote"
    stored = stored_pref(db, t.cid, "vote")
    assert 2.5 < stored["deadline"] - time.time() <= 3.0  # saved at once, not a second later

    await asyncio.sleep(1.0)
    await fake.kill_bot(bot)
    await asyncio.sleep(0.5)
    # The new process runs at full time scale: a restarted full timer would be 600 s.
    bot2 = await start_fixer(fake, db)
    t.bot = bot2
    await fake.wait_for(
        lambda: any("The crew chose" in x for m in t.boards() for x in m.all_texts), timeout=5
    )
    closed = time.monotonic() - opened
    assert 2.5 < closed < 4.5, closed
    after = await t.state()
    assert after.run is not None and after.run.phase != "vote"
    await settle_all(t)
    assert stored_pref(db, t.cid, "vote") is None
    await fake.stop_bot(bot2)


async def settle_all(t: Table) -> None:
    await t.bot.house.idle()
    await t.fake.idle(0.05)
    await t.bot.runtime("legends").prefs.close()  # flush the preferences to the database


async def test_turn_timer_resumes_with_the_time_left(fake: FakeDiscord, db: Path) -> None:
    """The next turn-timer reminder survives a restart: the new process reminds when the
    old one would have (reminder 1, not a count started again from zero)."""
    import time

    bot = await start_fixer(fake, db)
    bot.runtime("legends").time_scale = 0.005  # 600 s become 3 s
    alice = fake.add_user("alice", guild=fake.guild)
    t = await new_table(fake, bot, [alice], roles=["solo"], merc="nomad", start=False)
    await t.slash(alice, "options", {"turn_timer": 600})
    await t.slash(alice, "start")  # the table now waits on alice (the Leader flips)
    opened = time.monotonic()
    assert (await t.state()).run is not None
    stored = stored_pref(db, t.cid, "turn")
    assert 2.5 < stored["deadline"] - time.time() <= 3.0  # saved at once
    assert stored["reminder"] == 1

    def reminders() -> list[str]:
        return [m.content for m in t.boards() if "Reminder" in m.content]

    await asyncio.sleep(1.0)
    assert not reminders()
    await fake.kill_bot(bot)
    await asyncio.sleep(0.5)
    # The new process runs at full time scale: a restarted full timer would be 600 s.
    bot2 = await start_fixer(fake, db)
    t.bot = bot2
    await fake.wait_for(lambda: bool(reminders()), timeout=5)
    reminded = time.monotonic() - opened
    assert 2.5 < reminded < 4.5, reminded
    (text,) = reminders()
    assert "Reminder 1:" in text and alice.mention in text
    await settle_all(t)
    stored = stored_pref(db, t.cid, "turn")
    assert stored["reminder"] == 2 and stored["deadline"] - time.time() > 500
    # Once the table no longer waits on a timed turn, the record goes.
    await t.slash(alice, "options", {"turn_timer": 0})
    await settle_all(t)
    assert stored_pref(db, t.cid, "turn") is None
    await fake.stop_bot(bot2)


async def test_dm_opt_in_survives_a_restart_without_any_json_file(
    fake: FakeDiscord, db: Path
) -> None:
    """The Discord preferences are in the database: a restart (here after a crash) keeps
    who opted in to DM hands, with no `<database>.discord.json` anywhere."""
    bot = await start_fixer(fake, db)
    alice = fake.add_user("alice", guild=fake.guild)
    t = await new_table(fake, bot, [alice], roles=["solo"], merc="rocker", start=False)
    await t.slash(alice, "dm", {"enabled": True})
    await settle_all(t)
    assert stored_pref(db, t.cid, "dm") == [str(alice.id)]
    await fake.kill_bot(bot)
    assert not list(db.parent.glob("*.discord.json*"))
    bot2 = await start_fixer(fake, db)
    t.bot = bot2
    assert bot2.runtime("legends").prefs.dm_players(t.cid) == {str(alice.id)}
    before = len(fake.dms_to(alice))
    await t.slash(alice, "start")  # her hand comes by DM, as before the restart
    await fake.wait_for(lambda: len(fake.dms_to(alice)) > before)
    assert any("Your hand" in x for x in fake.dms_to(alice)[-1].all_texts)
    await fake.stop_bot(bot2)


async def test_a_pre_v4_json_file_is_imported_at_start_up(fake: FakeDiscord, db: Path) -> None:
    """An upgrade from a Fixer that kept the preferences in `<database>.discord.json`:
    the first start imports it into the database and renames it."""
    bot = await start_fixer(fake, db)
    alice = fake.add_user("alice", guild=fake.guild)
    t = await new_table(fake, bot, [alice], roles=["solo"], merc="rocker", start=False)
    await fake.stop_bot(bot)
    legacy = db.with_name(db.name + ".discord.json")
    legacy.write_text(json.dumps({"dm": {t.cid: [str(alice.id)]}, "dm_closed": []}))
    bot2 = await start_fixer(fake, db)
    t.bot = bot2
    assert not legacy.exists() and legacy.with_name(legacy.name + ".imported").exists()
    assert bot2.runtime("legends").prefs.dm_players(t.cid) == {str(alice.id)}
    assert stored_pref(db, t.cid, "dm") == [str(alice.id)]
    await fake.stop_bot(bot2)

"""Discord-side preferences in the database (schema v4): the store's methods, `Prefs`
on top of them (debounced, only what changed), the one-time import of the pre-v4
`<database>.discord.json`, export/import and `db check`."""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

import cogs.common.prefs as prefs_module
from bot.storage.base import Pref
from bot.storage.errors import StorageError
from bot.storage.sqlite import SqliteStore, check_file
from bot.storage.transfer import CampaignExport
from cogs.common.prefs import Prefs
from tests.storage.test_admin import _played


def _sorted(prefs: list[Pref]) -> list[Pref]:
    return sorted(prefs, key=lambda p: (p.campaign_id or "", p.key))


class Spy:
    """Counts the store's save_prefs calls and what they carried."""

    def __init__(self, store: SqliteStore) -> None:
        self.calls: list[list[Pref]] = []
        real = store.save_prefs

        async def save_prefs(changes: Any) -> int:
            self.calls.append(list(changes))
            return await real(changes)

        store.save_prefs = save_prefs  # type: ignore[method-assign]


# ---- the store -------------------------------------------------------------------------


async def test_save_and_load_prefs(tmp_path: Path) -> None:
    path = tmp_path / "fixer.sqlite3"
    await _played(path, tables=2)
    async with await SqliteStore.open(path) as store:
        assert await store.load_prefs() == []
        assert await store.save_prefs([]) == 0
        skipped = await store.save_prefs(
            [
                Pref("t0", "dm", '["1","2"]'),
                Pref("t0", "published", "3"),
                Pref("t1", "vote", '{"key":[1,"x"],"deadline":12.5}'),
                Pref("nope", "published", "1"),  # no such campaign: skipped
                Pref(None, "dm_closed:9", "true"),
            ]
        )
        assert skipped == 1
        assert _sorted(await store.load_prefs()) == [
            Pref(None, "dm_closed:9", "true"),
            Pref("t0", "dm", '["1","2"]'),
            Pref("t0", "published", "3"),
            Pref("t1", "vote", '{"key":[1,"x"],"deadline":12.5}'),
        ]
        # One batch: updates, deletes, and the last word on a key repeated.
        assert (
            await store.save_prefs(
                [
                    Pref("t0", "published", "4"),
                    Pref("t0", "dm", None),
                    Pref("t1", "vote", '{"key":[2],"deadline":1}'),
                    Pref("t1", "vote", None),
                    Pref(None, "dm_closed:9", None),
                    Pref(None, "dm_closed:8", "true"),
                    Pref("t1", "gone-already", None),  # deleting nothing is fine
                ]
            )
            == 0
        )
        assert _sorted(await store.load_prefs()) == [
            Pref(None, "dm_closed:8", "true"),
            Pref("t0", "published", "4"),
        ]
        # All or nothing: a value that is not JSON fails the whole batch.
        with pytest.raises(StorageError, match="JSON"):
            await store.save_prefs([Pref("t0", "published", "5"), Pref("t1", "x", "{nope")])
        assert Pref("t0", "published", "4") in await store.load_prefs()
        assert Pref("t0", "published", "5") not in await store.load_prefs()
        # The log and states are untouched by all this.
        report = await store.check()
        assert report.ok, report.problems
        assert report.counts["prefs"] == 2


async def test_prefs_survive_a_backup(tmp_path: Path) -> None:
    path, copy = tmp_path / "fixer.sqlite3", tmp_path / "copy.sqlite3"
    await _played(path, tables=1)
    async with await SqliteStore.open(path) as store:
        await store.save_prefs([Pref("t0", "dm", '["42"]'), Pref(None, "dm_closed:7", "true")])
        await store.backup(copy)
    async with await SqliteStore.open(copy) as store:
        assert _sorted(await store.load_prefs()) == [
            Pref(None, "dm_closed:7", "true"),
            Pref("t0", "dm", '["42"]'),
        ]


# ---- Prefs on the store ------------------------------------------------------------------


async def test_prefs_persist_and_reload(tmp_path: Path) -> None:
    path = tmp_path / "fixer.sqlite3"
    await _played(path, tables=2)
    async with await SqliteStore.open(path) as store:
        prefs = await Prefs.open(store)
        prefs.set_dm("t0", "111", True)
        prefs.set_dm("t0", "222", True)
        prefs.dm_closed.add("333")
        prefs.heard("333", "pl")
        prefs.warned["t1"] = "no Manage Messages"
        prefs.mark_published("t0", 5)
        prefs.vote_deadline("t1", ("scene", 2), 60.0, now=1000.0)
        prefs.turn_deadline("t0", ("turn", 1, "111"), 30.0, now=1000.0)
        await prefs.close()
        expected = prefs.dump()
    async with await SqliteStore.open(path) as store:
        again = await Prefs.open(store)
        assert again.dump() == expected
        assert again.vote_deadline("t1", ("scene", 2), 60.0, now=5000.0) == 1060.0
        assert again.turn_deadline("t0", ["turn", 1, "111"], 30.0, now=5000.0) == (1030.0, 1)
        # Opting in again after a closed DM clears the closed mark.
        again.set_dm("t1", "333", True)
        again.clear_vote("t1")
        again.clear_turn("t0")
        await again.close()
    async with await SqliteStore.open(path) as store:
        third = await Prefs.open(store)
        assert third.dm_closed == set() and third.dm_players("t1") == {"333"}
        assert third.votes == {} and third.turns == {}
        assert third.dm_players("t0") == {"111", "222"}


async def test_a_players_language_is_kept_across_restarts(tmp_path: Path) -> None:
    """What a player's client speaks (last heard on a command or a click) outlives the
    process, so their DM'd hands keep their language after a restart; the same language
    heard again writes nothing."""
    path = tmp_path / "fixer.sqlite3"
    await _played(path, tables=1)
    async with await SqliteStore.open(path) as store:
        spy = Spy(store)
        prefs = await Prefs.open(store)
        prefs.heard("111", "pl")
        prefs.heard("222", "en-US")
        assert await prefs.flush()
        prefs.heard("111", "pl")
        prefs.heard("222", "en-US")
        assert await prefs.flush()
        assert len(spy.calls) == 1
        assert _sorted(spy.calls[0]) == [
            Pref(None, "language:111", '"pl"'),
            Pref(None, "language:222", '"en-US"'),
        ]
        prefs.heard("222", "pl")
        prefs.heard("333", "x" * 40)  # not a language code: not kept
        await prefs.close()
    async with await SqliteStore.open(path) as store:
        again = await Prefs.open(store)
        assert again.languages == {"111": "pl", "222": "pl"}
        await store.save_prefs([Pref(None, "language:444", "5")])  # unreadable: ignored
        assert (await Prefs.open(store)).languages == {"111": "pl", "222": "pl"}


async def _until(check: Any, timeout: float) -> float:
    """Wait until check() is true; how long it took (fails after `timeout`)."""
    loop = asyncio.get_running_loop()
    start = loop.time()
    while not check():
        assert loop.time() - start < timeout, "timed out"
        await asyncio.sleep(0.01)
    return loop.time() - start


async def test_saves_are_debounced_and_carry_only_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(prefs_module, "SAVE_DELAY", 0.5)
    path = tmp_path / "fixer.sqlite3"
    await _played(path, tables=3)
    async with await SqliteStore.open(path) as store:
        spy = Spy(store)
        prefs = await Prefs.open(store)
        for v in range(1, 20):
            for t in ("t0", "t1", "t2"):
                prefs.mark_published(t, v)
        # One write for all of them, SAVE_DELAY later (at most one write per SAVE_DELAY).
        took = await _until(lambda: len(spy.calls) == 1, 3.0)
        assert took >= 0.4
        assert _sorted(spy.calls[0]) == [Pref(t, "published", "19") for t in ("t0", "t1", "t2")]
        # Only what changed goes to the store.
        prefs.mark_published("t1", 20)
        prefs.mark_published("t1", 3)  # older: no change
        await _until(lambda: len(spy.calls) == 2, 3.0)
        assert spy.calls[1] == [Pref("t1", "published", "20")]
        # A timer's deadline is saved at once, not a SAVE_DELAY later.
        prefs.vote_deadline("t2", ["v"], 10.0, now=100.0)
        assert await _until(lambda: len(spy.calls) == 3, 3.0) < 0.4
        assert spy.calls[2] == [Pref("t2", "vote", '{"key":["v"],"deadline":110.0}')]
        # Nothing changed: nothing written.
        prefs.changed()
        await asyncio.sleep(0.7)
        assert len(spy.calls) == 3
        # close() writes what is pending at once.
        prefs.warned["t0"] = "x"
        prefs.changed()
        await prefs.close()
        assert spy.calls[3] == [Pref("t0", "warned", '"x"')]


async def test_a_failing_store_keeps_the_changes_for_later(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "fixer.sqlite3"
    await _played(path, tables=1)
    async with await SqliteStore.open(path) as store:
        prefs = await Prefs.open(store)
        real = store.save_prefs
        fail = True

        async def flaky(changes: Any) -> int:
            if fail:
                raise StorageError("disk full")
            return await real(changes)

        store.save_prefs = flaky  # type: ignore[method-assign]
        prefs.set_dm("t0", "1", True)
        with caplog.at_level(logging.WARNING, logger="cogs.common"):
            assert not await prefs.flush()
        assert "disk full" in caplog.text
        fail = False
        await prefs.close()
        assert await store.load_prefs() == [Pref("t0", "dm", '["1"]')]


async def test_unreadable_rows_are_ignored_and_dropped(tmp_path: Path) -> None:
    path = tmp_path / "fixer.sqlite3"
    await _played(path, tables=1)
    async with await SqliteStore.open(path) as store:
        await store.save_prefs(
            [
                Pref("t0", "vote", '{"deadline": 3}'),  # no key
                Pref("t0", "mystery", "1"),
                Pref("t0", "published", "2"),
            ]
        )
        prefs = await Prefs.open(store)
        assert prefs.votes == {} and prefs.published == {"t0": 2}
        prefs.mark_published("t0", 3)
        await prefs.close()
        assert await store.load_prefs() == [Pref("t0", "published", "3")]


# ---- the pre-v4 JSON file ----------------------------------------------------------------


def _legacy(path: Path) -> Path:
    legacy = path.with_name(path.name + ".discord.json")
    legacy.write_text(
        json.dumps(
            {
                "dm": {"t0": ["111", "222"], "t1": [], "gone": ["5"]},
                "dm_closed": ["333"],
                "warned": {"t0": "no Send Messages"},
                "published": {"t0": 4, "t1": 2},
                "votes": {"t1": {"key": ["scene", 1], "deadline": 1234.5}},
                "turns": {"t0": {"key": ["t", 2], "deadline": 99.0, "reminder": 2}},
            },
            indent=1,
        )
    )
    return legacy


async def test_the_legacy_json_file_is_imported_once_and_renamed(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "fixer.sqlite3"
    await _played(path, tables=2)
    legacy = _legacy(path)
    async with await SqliteStore.open(path) as store:
        with caplog.at_level(logging.INFO, logger="cogs.common"):
            prefs = await Prefs.open(store, legacy=legacy)
        assert not legacy.exists()
        assert legacy.with_name(legacy.name + ".imported").exists()
        assert any(
            r.levelno == logging.INFO and "imported" in r.getMessage() for r in caplog.records
        )
        assert prefs.dm_players("t0") == {"111", "222"} and prefs.dm_closed == {"333"}
        assert prefs.turns == {"t0": (["t", 2], 99.0, 2)}
        rows = {(p.campaign_id, p.key): json.loads(p.value or "") for p in await store.load_prefs()}
        # Everything of a campaign that exists is in the database (not "gone").
        assert rows == {
            ("t0", "dm"): ["111", "222"],
            (None, "dm_closed:333"): True,
            ("t0", "warned"): "no Send Messages",
            ("t0", "published"): 4,
            ("t1", "published"): 2,
            ("t1", "vote"): {"key": ["scene", 1], "deadline": 1234.5},
            ("t0", "turn"): {"key": ["t", 2], "deadline": 99.0, "reminder": 2},
        }
        await prefs.close()
    # The next start reads the database; no file needed.
    async with await SqliteStore.open(path) as store:
        prefs = await Prefs.open(store, legacy=legacy)
        assert prefs.dm_players("t0") == {"111", "222"}
        assert prefs.votes == {"t1": (["scene", 1], 1234.5)}


async def test_the_database_wins_over_a_legacy_file(tmp_path: Path) -> None:
    path = tmp_path / "fixer.sqlite3"
    await _played(path, tables=2)
    async with await SqliteStore.open(path) as store:
        await store.save_prefs([Pref("t0", "published", "9"), Pref("t0", "dm", '["7"]')])
        prefs = await Prefs.open(store, legacy=_legacy(path))
        assert prefs.published == {"t0": 9, "t1": 2}
        assert prefs.dm_players("t0") == {"7"}
        await prefs.close()


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", '{"dm": {"t0": 5}}'])
async def test_a_corrupt_legacy_file_is_reported_and_left_alone(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, text: str
) -> None:
    path = tmp_path / "fixer.sqlite3"
    await _played(path, tables=1)
    legacy = path.with_name(path.name + ".discord.json")
    legacy.write_text(text)
    async with await SqliteStore.open(path) as store:
        await store.save_prefs([Pref("t0", "published", "3")])
        with caplog.at_level(logging.WARNING, logger="cogs.common"):
            prefs = await Prefs.open(store, legacy=legacy)
        assert any(
            r.levelno == logging.WARNING and "discord.json" in r.getMessage()
            for r in caplog.records
        )
        assert legacy.read_text() == text  # not renamed, not changed
        assert not legacy.with_name(legacy.name + ".imported").exists()
        # The bot keeps going with what the database holds.
        assert prefs.published == {"t0": 3}
        prefs.set_dm("t0", "1", True)
        await prefs.close()
        assert Pref("t0", "dm", '["1"]') in await store.load_prefs()
    report = await check_file(path)
    assert any("discord.json" in n for n in report.notes)


async def test_prefs_without_a_store_stay_in_memory(tmp_path: Path) -> None:
    prefs = await Prefs.open(None, legacy=_legacy(tmp_path / "x.sqlite3"))
    assert prefs.dm_players("t0") == {"111", "222"}
    prefs.set_dm("t0", "9", True)
    await prefs.close()
    assert (tmp_path / "x.sqlite3.discord.json").exists()  # nowhere to import it to


# ---- export, import, check ---------------------------------------------------------------


async def test_export_import_carries_a_campaigns_prefs(tmp_path: Path) -> None:
    src, dst = tmp_path / "a.sqlite3", tmp_path / "b.sqlite3"
    await _played(src, tables=2)
    async with await SqliteStore.open(src) as store:
        await store.save_prefs(
            [
                Pref("t1", "dm", '["111"]'),
                Pref("t1", "turn", '{"key":["t",1],"deadline":50.5,"reminder":1}'),
                Pref("t0", "published", "5"),  # another campaign's: not exported
                Pref(None, "dm_closed:111", "true"),  # belongs to no campaign: not exported
            ]
        )
        data = await store.export_campaign("t1")
    assert data.format_version == 3
    assert data.prefs == {"dm": ["111"], "turn": {"key": ["t", 1], "deadline": 50.5, "reminder": 1}}
    data = CampaignExport.model_validate_json(data.model_dump_json())
    async with await SqliteStore.open(dst) as store:
        await store.import_campaign(data, rebind=True, guild_id="g2", channel_id="c2")
        assert _sorted(await store.load_prefs()) == [
            Pref("t1", "dm", '["111"]'),
            Pref("t1", "turn", '{"key":["t",1],"deadline":50.5,"reminder":1}'),
        ]
        prefs = await Prefs.open(store)
        assert prefs.dm_players("t1") == {"111"}
        again = await store.export_campaign("t1")
        assert again.prefs == data.prefs
        await prefs.close()


async def test_an_export_of_format_1_still_imports(tmp_path: Path) -> None:
    src, dst = tmp_path / "a.sqlite3", tmp_path / "b.sqlite3"
    await _played(src, tables=1)
    async with await SqliteStore.open(src) as store:
        raw = json.loads((await store.export_campaign("t0")).model_dump_json())
    del raw["prefs"]
    raw["format_version"] = 1
    raw["schema_version"] = 3
    data = CampaignExport.model_validate(raw)
    assert data.prefs == {}
    async with await SqliteStore.open(dst) as store:
        info = await store.import_campaign(data)
        assert info.id == "t0" and await store.load_prefs() == []
    # A format-1 file cannot carry prefs (they came with format 2).
    with pytest.raises(ValueError, match="format_version 2"):
        CampaignExport.model_validate({**raw, "prefs": {"dm": []}})


async def test_check_validates_prefs(tmp_path: Path) -> None:
    path = tmp_path / "fixer.sqlite3"
    await _played(path, tables=2)
    async with await SqliteStore.open(path) as store:
        await store.save_prefs([Pref("t0", "published", "1"), Pref(None, "dm_closed:1", "true")])
    report = await check_file(path)
    assert report.ok and report.counts["prefs"] == 2
    # What only a hand edit could do: a value that is not JSON, a campaign that is gone.
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        db.execute("PRAGMA ignore_check_constraints = ON")
        db.execute("INSERT INTO prefs VALUES ('dm_closed:2', '{oops', 0)")
        db.execute("INSERT INTO campaign_prefs VALUES ('ghost', 'published', '1', 0)")
    report = await check_file(path)
    assert not report.ok
    text = "\n".join(report.problems)
    assert "not valid JSON" in text and "dm_closed:2" in text
    assert "ghost" in text

"""Admin operations: online backup, check, export and import of one campaign."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any, cast

import pytest
from pydantic import ValidationError

from bot.service.game import GameService, replay_matches
from bot.storage.errors import (
    CampaignExistsError,
    ChannelTakenError,
    CorruptDatabaseError,
    DatabaseMissingError,
    InvalidExportError,
    StorageError,
)
from bot.storage.sqlite import SqliteStore, backup_file, check_file
from bot.storage.transfer import CampaignExport
from tests.service.toy import Bump, Draw, EndRun, StartRun, ToyAdapter, ToyState
from tests.service.util import make_table

Service = GameService[Any, Any]


async def _played(path: Path, tables: int = 3) -> None:
    async with await SqliteStore.open(path) as store:
        service: Service = GameService(store, ToyAdapter())
        for i in range(tables):
            await make_table(service, f"t{i}", seed=i)
            await service.act(f"t{i}", StartRun(player="owner"))
            await service.act(f"t{i}", Draw(player="a"), interaction_id=f"draw-{i}")
            await service.act(f"t{i}", EndRun(player="owner"))


async def test_online_backup_is_consistent(tmp_path: Path) -> None:
    """Back up while actions commit: the copy is a whole database whose every campaign
    replays to its state, and the live database carries on."""
    path = tmp_path / "live.sqlite3"
    async with await SqliteStore.open(path, synchronous="NORMAL") as store:
        service: Service = GameService(store, ToyAdapter())
        for i in range(4):
            await make_table(service, f"t{i}", seed=i, padding=3000)
        stop = asyncio.Event()

        async def writer(cid: str) -> int:
            n = 0
            while not stop.is_set():
                await service.act(cid, Bump(player="a"))
                n += 1
            return n

        writers = [asyncio.create_task(writer(f"t{i}")) for i in range(4)]
        await asyncio.sleep(0.05)
        copies = []
        for k in range(3):
            dest = tmp_path / f"copy{k}.sqlite3"
            await store.backup(dest)  # through the running store
            copies.append(dest)
            other = tmp_path / f"file-copy{k}.sqlite3"
            await backup_file(path, other)  # as `python -m bot db backup` does
            copies.append(other)
            await asyncio.sleep(0.02)
        stop.set()
        counts = await asyncio.gather(*writers)
        assert min(counts) > 0
    for dest in copies:
        assert [p.name for p in tmp_path.glob(f".{dest.name}*")] == []  # no temp files left
        report = await check_file(dest)
        assert report.ok, report.problems
        assert report.journal_mode == "delete"  # one self-contained file
        async with await SqliteStore.open(dest) as copy:
            svc: Service = GameService(copy, ToyAdapter())
            for i in range(4):
                assert await svc.verify(f"t{i}")


async def test_backup_refuses_to_overwrite(tmp_path: Path) -> None:
    path = tmp_path / "live.sqlite3"
    await _played(path, tables=1)
    dest = tmp_path / "b.sqlite3"
    await backup_file(path, dest)
    with pytest.raises(StorageError, match="already exists"):
        await backup_file(path, dest)
    await backup_file(path, dest, overwrite=True)
    with pytest.raises(StorageError, match="onto itself"):
        await backup_file(path, path, overwrite=True)
    with pytest.raises(DatabaseMissingError):
        await backup_file(tmp_path / "nope.sqlite3", tmp_path / "x.sqlite3")
    with pytest.raises(DatabaseMissingError):
        await backup_file(path, tmp_path / "no" / "dir.sqlite3")


async def test_check_reports_counts_and_problems(tmp_path: Path) -> None:
    path = tmp_path / "fixer.sqlite3"
    await _played(path)
    report = await check_file(path)
    assert report.ok and report.integrity == ["ok"] and report.application_id_ok
    assert report.schema_version == report.supported_version
    assert report.counts["campaigns"] == 3 and report.counts["campaigns_active"] == 3
    assert report.counts["actions"] == 3 * 5 and report.counts["runs"] == 3
    # A log that no longer matches its state (someone edited the state row by hand).
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        db.execute("UPDATE campaigns SET version = version + 1 WHERE id = 't1'")
    report = await check_file(path)
    assert not report.ok
    assert any("t1" in p for p in report.problems)
    assert not any("t0" in p for p in report.problems)


async def test_check_on_a_damaged_file(tmp_path: Path) -> None:
    path = tmp_path / "fixer.sqlite3"
    await _played(path, tables=20)
    data = bytearray(path.read_bytes())
    for p in range(1, len(data) // 4096):
        data[p * 4096 + 8 : p * 4096 + 200] = b"\xff" * 192
    path.write_bytes(bytes(data))
    try:
        report = await check_file(path)
    except CorruptDatabaseError:
        return  # refused outright: also a clear answer
    assert not report.ok


async def test_export_import_round_trip(tmp_path: Path) -> None:
    src, dst = tmp_path / "a.sqlite3", tmp_path / "b.sqlite3"
    await _played(src)
    async with await SqliteStore.open(src) as store:
        exported = await store.export_campaign("t1")
    text = exported.model_dump_json()
    data = CampaignExport.model_validate_json(text)
    assert data.campaign.id == "t1" and len(data.actions) == 5 and len(data.runs) == 1
    assert data.campaign.state["version"] == 5
    assert replay_matches(
        ToyAdapter(),
        genesis=json.dumps(data.campaign.genesis),
        actions=[json.dumps(a.action) for a in data.actions],
        state=json.dumps(data.campaign.state),
    )
    async with await SqliteStore.open(dst) as store:
        info = await store.import_campaign(data, rebind=True, guild_id="g9", channel_id="c9")
        assert (info.guild_id, info.channel_id, info.version) == ("g9", "c9", 5)
        service: Service = GameService(store, ToyAdapter())
        assert await service.verify("t1")
        again = await store.export_campaign("t1")
        assert again.actions == data.actions and again.runs == data.runs
        assert again.campaign.state == data.campaign.state
        # The imported campaign keeps its history: a retried interaction is recognized.
        dup = await service.act("t1", Draw(player="a"), interaction_id="draw-1")
        assert dup.duplicate
        result = await service.act("t1", Bump(player="a"), expected_version=5)
        assert result.version == 6
        with pytest.raises(CampaignExistsError):
            await store.import_campaign(data)
        other = data.model_copy(
            update={"campaign": data.campaign.model_copy(update={"id": "t1-copy"})}
        )
        with pytest.raises(ChannelTakenError):
            await store.import_campaign(other, rebind=True, channel_id="c9")
    # The source is unchanged by the export.
    async with await SqliteStore.open(src) as store:
        stored = await store.load("t1")
        assert stored is not None and ToyState.model_validate_json(stored.state).version == 5


def test_export_files_are_validated() -> None:
    base = {
        "exported_at": 1,
        "schema_version": 3,
        "campaign": {
            "id": "x",
            "game": "toy",
            "name": "x",
            "owner": "o",
            "status": "active",
            "version": 2,
            "created_at": 1,
            "updated_at": 1,
            "state": {},
            "genesis_version": 0,
            "genesis": {},
        },
        "actions": [
            {
                "seq": 1,
                "version_before": 0,
                "player": "p",
                "kind": "k",
                "created_at": 1,
                "action": {},
                "events": [],
                "interaction_id": "i",
            },
            {
                "seq": 2,
                "version_before": 1,
                "player": "p",
                "kind": "k",
                "created_at": 1,
                "action": {},
                "events": [],
                "interaction_id": "j",
            },
        ],
    }
    CampaignExport.model_validate(base)
    first, second = cast(list[dict[str, Any]], base["actions"])
    for broken, why in [
        ({**base, "format": "something-else"}, "format"),
        ({**base, "actions": [first]}, "versions past"),
        ({**base, "actions": [second, first]}, "seq"),
        ({**base, "actions": [first, {**second, "interaction_id": "i"}]}, "twice"),
        ({**base, "surprise": 1}, "surprise"),
    ]:
        with pytest.raises(ValidationError, match=why):
            CampaignExport.model_validate(broken)


async def test_import_of_a_newer_export_is_refused(tmp_path: Path) -> None:
    src = tmp_path / "a.sqlite3"
    await _played(src, tables=1)
    async with await SqliteStore.open(src) as store:
        data = await store.export_campaign("t0")
        newer = data.model_copy(update={"schema_version": 99})
        with pytest.raises(InvalidExportError, match="newer"):
            await store.import_campaign(newer)


async def test_an_export_from_before_labels_still_imports(tmp_path: Path) -> None:
    """Format versions 1 and 2 call a run's label `scenario`; such files import as before
    and keep the label."""
    src, dst = tmp_path / "a.sqlite3", tmp_path / "b.sqlite3"
    await _played(src, tables=1)
    async with await SqliteStore.open(src) as store:
        data = await store.export_campaign("t0")
    assert data.format_version == 3 and data.runs and data.runs[0].label == "heist"
    old = json.loads(data.model_dump_json())
    old["format_version"] = 2
    for run in old["runs"]:
        run["scenario"] = run.pop("label")
    parsed = CampaignExport.model_validate_json(json.dumps(old))
    assert [r.label for r in parsed.runs] == [r.label for r in data.runs]
    async with await SqliteStore.open(dst) as store:
        await store.import_campaign(parsed)
        assert [r.label for r in await store.list_runs("t0")] == ["heist"]

"""The `Store` contract, run against SQLite and PostgreSQL alike (the `any_store`
fixture), so the two backends cannot drift apart."""

from __future__ import annotations

import asyncio
import json

import pytest

from bot.storage.base import NewAction, NewCampaign, Pref, RunInfo, Store
from bot.storage.errors import (
    CampaignExistsError,
    CampaignNotFoundError,
    ChannelTakenError,
    DuplicateInteractionError,
    InvalidExportError,
    StorageError,
    VersionConflictError,
)
from tests.storage.conftest import Twin


def _action(i: int, interaction: str | None = None) -> NewAction:
    return NewAction(
        player="p",
        kind="bump",
        action=f'{{"type":"bump","n":{i}}}',
        events="[]",
        interaction_id=interaction,
    )


async def _campaign(
    store: Store, cid: str = "c1", channel: str | None = "ch1", game: str = "toy"
) -> None:
    await store.create_campaign(
        NewCampaign(id=cid, game=game, name=cid, owner="o", guild_id="g", channel_id=channel),
        version=0,
        state='{"v":0}',
    )


async def _commit(store: Store, cid: str, v: int, interaction: str | None = None) -> None:
    await store.commit_action(
        cid,
        version_before=v,
        version_after=v + 1,
        state=f'{{"v":{v + 1}}}',
        action=_action(v, interaction),
    )


async def test_campaign_rows_and_the_log(any_store: Store) -> None:
    store = any_store
    await _campaign(store)
    for v in range(3):
        await _commit(store, "c1", v, interaction=f"i{v}")
    stored = await store.load("c1")
    assert stored is not None and stored.info.version == 3 and stored.state == '{"v":3}'
    entries = await store.read_log("c1")
    assert [(e.seq, e.version_before, e.interaction_id) for e in entries] == [
        (1, 0, "i0"),
        (2, 1, "i1"),
        (3, 2, "i2"),
    ]
    assert await store.read_log("c1", after_seq=1, limit=1) == entries[1:2]
    assert await store.find_interaction("c1", "i1") == entries[1]
    assert await store.find_interaction("c1", "nope") is None
    assert await store.genesis("c1") == (0, '{"v":0}')
    assert await store.load("zzz") is None and await store.get_info("zzz") is None
    with pytest.raises(CampaignExistsError):
        await _campaign(store, "c1", channel="other")
    with pytest.raises(ChannelTakenError):
        await _campaign(store, "c2", channel="ch1")
    await _campaign(store, "c2", channel=None)
    with pytest.raises(CampaignNotFoundError):
        await store.genesis("zzz")
    with pytest.raises(CampaignNotFoundError):
        await _commit(store, "zzz", 0)
    with pytest.raises(CampaignNotFoundError):
        await store.set_status("zzz", "archived")
    with pytest.raises(CampaignNotFoundError):
        await store.rebind("zzz", guild_id=None, channel_id=None)


async def test_one_active_campaign_per_channel_and_game(any_store: Store) -> None:
    store = any_store
    await _campaign(store, "toy1", channel="ch1", game="toy")
    await _campaign(store, "leg1", channel="ch1", game="legends")
    with pytest.raises(ChannelTakenError):
        await _campaign(store, "toy2", channel="ch1", game="toy")
    toy = await store.find_active_by_channel("ch1", "toy")
    assert toy is not None and toy.id == "toy1"
    assert [c.id for c in await store.list_campaigns(game="legends")] == ["leg1"]
    assert await store.list_campaigns(game="tcg") == []
    await _campaign(store, "toy3", channel="ch2", game="toy")
    with pytest.raises(ChannelTakenError):
        await store.rebind("toy3", guild_id="g", channel_id="ch1")
    await store.set_status("toy1", "finished")
    moved = await store.rebind("toy3", guild_id="g", channel_id="ch1")
    assert moved.channel_id == "ch1"
    with pytest.raises(ChannelTakenError):
        await store.set_status("toy1", "active")
    assert [c.id for c in await store.list_campaigns("finished", game="toy")] == ["toy1"]
    assert {c.id for c in await store.list_campaigns(None)} == {"toy1", "leg1", "toy3"}
    assert len(await store.list_campaigns(None, limit=2)) == 2


async def test_commit_is_all_or_nothing_and_runs_follow(any_store: Store) -> None:
    store = any_store
    await _campaign(store)
    await _commit(store, "c1", 0, interaction="once")
    with pytest.raises(DuplicateInteractionError):
        await _commit(store, "c1", 1, interaction="once")
    with pytest.raises(VersionConflictError):
        await _commit(store, "c1", 0)
    stored = await store.load("c1")
    assert stored is not None and stored.info.version == 1
    assert len(await store.read_log("c1")) == 1
    await store.commit_action(
        "c1",
        version_before=1,
        version_after=2,
        state="{}",
        action=_action(1),
        run=RunInfo(number=1, label="heist", status="active"),
    )
    await store.commit_action(
        "c1",
        version_before=2,
        version_after=3,
        state="{}",
        action=_action(2),
        status="finished",
        run=RunInfo(number=1, label="heist", status="complete"),
    )
    runs = await store.list_runs("c1")
    assert [(r.label, r.status, r.started_version, r.ended_version) for r in runs] == [
        ("heist", "complete", 2, 3)
    ]
    info = await store.get_info("c1")
    assert info is not None and info.status == "finished" and info.version == 3


async def test_a_losing_writer_in_another_store_gets_a_conflict(
    store_and_twin: tuple[Store, Twin],
) -> None:
    store, twin = store_and_twin
    await _campaign(store)
    async with twin() as other:
        results = await asyncio.gather(
            *(_commit(s, "c1", 0) for s in (store, other, store, other)),
            return_exceptions=True,
        )
    assert sum(r is None for r in results) == 1
    assert all(isinstance(r, VersionConflictError) for r in results if r is not None)
    assert [e.seq for e in await store.read_log("c1")] == [1]


async def test_the_same_interaction_from_two_stores_is_logged_once(
    store_and_twin: tuple[Store, Twin],
) -> None:
    store, twin = store_and_twin
    await _campaign(store)
    await _commit(store, "c1", 0, interaction="click")
    async with twin() as other:
        with pytest.raises(DuplicateInteractionError):
            await _commit(other, "c1", 1, interaction="click")
    assert len(await store.read_log("c1")) == 1


async def test_prefs(any_store: Store) -> None:
    store = any_store
    await _campaign(store)
    skipped = await store.save_prefs(
        [
            Pref("c1", "dm", "true"),
            Pref(None, "closed:42", '{"at":1}'),
            Pref("ghost", "dm", "true"),
            Pref("c1", "gone", "1"),
            Pref("c1", "gone", None),
        ]
    )
    assert skipped == 1
    got = {(p.campaign_id, p.key): p.value for p in await store.load_prefs()}
    assert got == {("c1", "dm"): "true", (None, "closed:42"): '{"at":1}'}
    await store.save_prefs([Pref(None, "closed:42", None), Pref("c1", "dm", "false")])
    assert [(p.campaign_id, p.key, p.value) for p in await store.load_prefs()] == [
        ("c1", "dm", "false")
    ]
    with pytest.raises(StorageError):
        await store.save_prefs([Pref(None, "bad", "{not json")])


async def test_export_import_round_trip(any_store: Store) -> None:
    store = any_store
    await _campaign(store)
    for v in range(3):
        await _commit(store, "c1", v, interaction=f"i{v}")
    await store.commit_action(
        "c1",
        version_before=3,
        version_after=4,
        state='{"v":4,"name":"Zoë"}',
        action=_action(3),
        run=RunInfo(number=1, label="heist", status="active"),
    )
    await store.save_prefs([Pref("c1", "posted", '{"v":4}')])
    data = await store.export_campaign("c1")
    assert data.campaign.state == {"v": 4, "name": "Zoë"} and len(data.actions) == 4
    assert data.prefs == {"posted": {"v": 4}}
    # The same id (and channel) again: refused, whichever constraint the backend names.
    with pytest.raises((CampaignExistsError, ChannelTakenError)):
        await store.import_campaign(data)
    with pytest.raises(CampaignExistsError):
        await store.import_campaign(data, rebind=True, guild_id="g", channel_id="elsewhere")
    moved = data.model_copy(update={"campaign": data.campaign.model_copy(update={"id": "c9"})})
    with pytest.raises(ChannelTakenError):
        await store.import_campaign(moved)
    info = await store.import_campaign(moved, rebind=True, guild_id="g2", channel_id="ch9")
    assert (info.id, info.channel_id, info.version) == ("c9", "ch9", 4)
    again = await store.export_campaign("c9")
    assert [a.model_dump() for a in again.actions] == [a.model_dump() for a in data.actions]
    assert again.runs == data.runs and again.prefs == data.prefs
    assert again.campaign.state == data.campaign.state
    newer = data.model_copy(update={"schema_version": 99})
    with pytest.raises(InvalidExportError):
        await store.import_campaign(newer)
    with pytest.raises(CampaignNotFoundError):
        await store.export_campaign("zzz")


async def test_check_reports_a_healthy_database(any_store: Store) -> None:
    store = any_store
    await _campaign(store)
    await _commit(store, "c1", 0)
    report = await store.check()
    assert report.ok, report.problems
    assert report.counts["campaigns"] == 1 and report.counts["actions"] == 1
    assert json.loads(json.dumps(report.counts)) == report.counts

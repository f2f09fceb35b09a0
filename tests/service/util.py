"""Helpers shared by the service and storage tests."""

from __future__ import annotations

from typing import Any

from bot.service.game import GameService
from tests.service.toy import Join, ToyState, new_toy


async def make_table(
    service: GameService[Any, Any],
    cid: str = "t1",
    *,
    players: tuple[str, ...] = ("a", "b"),
    seed: int = 1,
    channel: str | None = None,
    padding: int = 0,
) -> ToyState:
    state = new_toy(cid, seed=seed, padding=padding)
    await service.create(
        campaign_id=cid,
        name=f"Table {cid}",
        owner="owner",
        state=state,
        guild_id="g1",
        channel_id=channel if channel is not None else f"chan-{cid}",
    )
    for p in players:
        await service.act(cid, Join(player=p))
    result: ToyState = await service.get(cid)
    return result

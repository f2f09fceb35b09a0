"""The child process of the crash test (tests/service/test_crash.py).

    python -m tests.service.crash_child DB SEED TABLE [TABLE ...]

Drives the tables concurrently through the real service, forever, with a deterministic
stream of actions (legal and illegal), and prints ``ack TABLE VERSION`` — flushed — after
each action is committed. The parent SIGKILLs it at random moments.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
from typing import Any

from bot.service.game import GameService
from bot.storage.sqlite import SqliteStore
from rules.core.errors import IllegalAction
from tests.service.toy import ToyAdapter, ToyState, new_toy, scripted_action


def next_action(seed: int, state: ToyState, attempt: int) -> Any:
    """The action the driver tries at this state on this attempt (deterministic)."""
    return scripted_action(state, random.Random(f"{seed}:{state.id}:{state.version}:{attempt}"))


def genesis(seed: int, cid: str) -> ToyState:
    return new_toy(cid, seed=seed * 1000 + sum(map(ord, cid)))


async def main(db: str, seed: int, tables: list[str]) -> None:
    # The bot's default durability unless the test asks for another.
    store = await SqliteStore.open(
        db, instance_lock=True, synchronous=os.environ.get("CRASH_SYNCHRONOUS", "NORMAL")
    )
    service: GameService[Any, Any] = GameService(store, ToyAdapter(), cache_size=2)
    await service.start()
    for cid in tables:
        if await store.get_info(cid) is None:
            await service.create(campaign_id=cid, name=cid, owner="owner", state=genesis(seed, cid))
        print(f"created {cid}", flush=True)
    print("ready", flush=True)

    async def drive(cid: str) -> None:
        attempt = 0
        while True:
            state: ToyState = await service.get(cid)
            action = next_action(seed, state, attempt)
            iid = f"{cid}:{state.version}"
            try:
                result = await service.act(
                    cid, action, expected_version=state.version, interaction_id=iid
                )
            except IllegalAction:
                attempt += 1
                continue
            attempt = 0
            print(f"ack {cid} {result.version}", flush=True)
            # An inline commit never suspends: let the other tables' drivers run (the
            # bot's handlers yield on the network anyway).
            await asyncio.sleep(0)
            if result.version % 7 == 0:
                # A retried interaction: must be answered from the log, not re-applied.
                again = await service.act(
                    cid, action, expected_version=state.version, interaction_id=iid
                )
                assert again.duplicate and again.version == result.version

    await asyncio.gather(*(drive(cid) for cid in tables))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), sys.argv[3:]))

"""Property: any sequence of clicks, double clicks, stale buttons and Discord retries
through the service gives exactly what the pure reducer says, and the log replays."""

from __future__ import annotations

import asyncio
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.service.contract import Refused
from bot.service.game import GameService
from bot.storage.sqlite import SqliteStore
from rules.core.errors import IllegalAction
from tests.service.toy import (
    Bump,
    Claim,
    Draw,
    EndRun,
    Join,
    Play,
    Shuffle,
    StartRun,
    ToyAdapter,
    ToyState,
    apply,
    invariants,
    new_toy,
)

PLAYERS = ["a", "b", "c"]
actions = st.one_of(
    st.builds(Join, player=st.sampled_from(PLAYERS)),
    st.builds(Draw, player=st.sampled_from(PLAYERS)),
    st.builds(Play, player=st.sampled_from(PLAYERS), card=st.integers(0, 23)),
    st.builds(Shuffle, player=st.sampled_from(PLAYERS)),
    st.builds(Bump, player=st.sampled_from(PLAYERS)),
    st.builds(Claim, player=st.sampled_from(PLAYERS)),
    st.builds(StartRun, player=st.sampled_from(["owner", "a"])),
    st.builds(EndRun, player=st.just("owner")),
)


@dataclass(frozen=True)
class Click:
    action: Any
    lag: int | None  # None: no version; k: made against (current version - k)
    with_id: bool


@dataclass(frozen=True)
class Retry:
    of: int  # repeat click number `of` exactly (same id, same version)


steps = st.lists(
    st.one_of(
        st.builds(
            Click,
            action=actions,
            lag=st.one_of(st.none(), st.integers(0, 2), st.just(0), st.just(0)),
            with_id=st.booleans(),
        ),
        st.builds(Retry, of=st.integers(0, 40)),
    ),
    min_size=1,
    max_size=40,
)


async def _run(path: Path, script: list[Click | Retry]) -> None:
    async with await SqliteStore.open(path, synchronous="NORMAL") as store:
        service: GameService[Any, Any] = GameService(store, ToyAdapter(), cache_size=1)
        model = new_toy("t", seed=9)
        await service.create(campaign_id="t", name="t", owner="owner", state=model)
        applied: dict[str, int] = {}  # interaction id -> version after
        sent: list[tuple[Any, int | None, str | None]] = []
        for n, step in enumerate(script):
            if isinstance(step, Retry):
                if not sent:
                    continue
                action, expected, iid = sent[step.of % len(sent)]
            else:
                action = step.action
                expected = None if step.lag is None else model.version - step.lag
                iid = f"i{n}" if step.with_id else None
                sent.append((action, expected, iid))
            # What the service must answer, from the model alone.
            want: Any
            if iid is not None and iid in applied and expected != model.version:
                want = ("duplicate", applied[iid])
            elif expected is not None and expected != model.version:
                want = ("stale", None)
            else:
                try:
                    new, _ = apply(model, action)
                except IllegalAction as exc:
                    want = ("illegal", exc.refusal.code)
                else:
                    want = ("applied", new.version)
            try:
                result = await service.act(
                    "t", action, expected_version=expected, interaction_id=iid
                )
            except Refused as exc:
                got: Any = (exc.refusal.code, None)
            except IllegalAction as exc:
                got = ("illegal", exc.refusal.code)
            else:
                got = ("duplicate" if result.duplicate else "applied", result.version)
            assert got == want, (n, step, got, want)
            if want[0] == "applied":
                model = new
                if iid is not None:
                    applied[iid] = model.version
            assert await service.get("t") == model
            invariants(model)
        stored = await store.load("t")
        assert stored is not None and ToyState.model_validate_json(stored.state) == model
        assert await service.verify("t")
        assert len(await store.read_log("t")) == model.version


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(script=steps)
def test_service_agrees_with_the_reducer(script: list[Click | Retry]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(_run(Path(tmp) / "p.sqlite3", script))

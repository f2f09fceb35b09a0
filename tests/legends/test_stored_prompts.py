"""Prompts are typed (one model per kind), and states saved with the old shape (a `kind`
and a `data` dict of strings and numbers) still load, meaning the same thing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.legends.codes import PromptKind
from rules.legends.effects import CardFilter
from rules.legends.state import (
    AssignDamageStep,
    ChoosePlayerStep,
    ChooseTargetStep,
    DiscardFromHandStep,
    DiscardFromPlanStep,
    DrawAndPutStep,
    Prompt,
    PutFromHandStep,
    ReplaceHandStep,
    ReplacePlanStep,
    SceneDiscardStep,
    Table,
)
from tests.legends.dsl import Sim, obstacle

OPTIONS = [{"key": "done", "label": "Done"}]

# (old `kind`, old `data`, the step it must load as) — the data exactly as the engine
# wrote it before the typed prompts.
OLD = [
    ("choose_player", {"count": 2, "then": "draw"}, ChoosePlayerStep(then="draw", count=2)),
    (
        "choose_player",
        {"count": 1, "then": "discard", "optional": 1, "draw_after": 2},
        ChoosePlayerStep(then="discard", count=1, optional=True, draw_after=2),
    ),
    ("choose_player", {"then": "put", "optional": 0}, ChoosePlayerStep(then="put")),
    ("choose_target", {"amount": 3}, ChooseTargetStep(amount=3)),
    (
        "discard_from_plan",
        {"dealt": 1, "damage_each": 2, "filter": '{"suit":"tech","face":null,"rank":null}'},
        DiscardFromPlanStep(dealt=1, damage_each=2, filter=CardFilter(suit="tech")),
    ),
    ("discard_from_hand", {"draw_after": 1}, DiscardFromHandStep(draw_after=1)),
    ("scene_discard", {}, SceneDiscardStep()),
    ("put_from_hand", {}, PutFromHandStep()),
    ("draw_and_put", {"bonus": 1, "drawn": "s0c04"}, DrawAndPutStep(drawn="s0c04", bonus=1)),
    ("replace_plan", {}, ReplacePlanStep()),
    ("replace_hand", {"out": "s1c02"}, ReplaceHandStep(out="s1c02")),
    ("assign_damage", {"order": 4}, AssignDamageStep(order=4)),
]


def old_prompt(kind: str, data: dict[str, Any]) -> dict[str, Any]:
    return {
        "seat": 1,
        "kind": kind,
        "text": "t",
        "options": OPTIONS,
        "private": True,
        "source": "s1c00",
        "picks_left": 2,
        "data": data,
    }


def test_every_prompt_kind_has_an_old_shape_case() -> None:
    assert {kind for kind, _, _ in OLD} == {k.value for k in PromptKind}


@pytest.mark.parametrize(("kind", "data", "step"), OLD)
def test_an_old_stored_prompt_loads_as_its_typed_step(
    kind: str, data: dict[str, Any], step: object
) -> None:
    p = Prompt.model_validate(old_prompt(kind, data))
    assert p.step == step
    assert p.kind == kind and p.seat == 1 and p.picks_left == 2 and p.source == "s1c00"
    # And from stored JSON text, as the database hands it back.
    again = Prompt.model_validate_json(
        Prompt.model_validate(old_prompt(kind, data)).model_dump_json()
    )
    assert again == p


@pytest.mark.parametrize(("kind", "data", "step"), OLD)
def test_the_new_shape_round_trips(kind: str, data: dict[str, Any], step: object) -> None:
    p = Prompt.model_validate(old_prompt(kind, data))
    dumped = p.model_dump(mode="json")
    assert "data" not in dumped and dumped["step"]["kind"] == kind
    assert Prompt.model_validate_json(p.model_dump_json()) == p


def test_an_unknown_old_kind_is_refused() -> None:
    with pytest.raises(ValueError):
        Prompt.model_validate(old_prompt("teleport", {}))


def as_old_shape(step: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """A typed step written the way states were stored before (kind + a `data` dict)."""
    data = dict(step)
    kind = data.pop("kind")
    for key, value in list(data.items()):
        if isinstance(value, bool):
            data[key] = int(value)
    if kind == "discard_from_plan":
        data["filter"] = json.dumps(data["filter"])
    return kind, data


def test_a_whole_stored_table_with_an_open_prompt_still_loads() -> None:
    sim = Sim(
        hands={0: ["before-the-night", "2C"], 1: ["5S", "6S"]},
        scenario=[obstacle(1, "Goon", health=30)],
    )
    sim.flip()
    sim.play(0, "before-the-night")
    assert sim.run.prompts  # a choose-player prompt is waiting
    stored = json.loads(sim.table.model_dump_json())
    for p in stored["run"]["prompts"]:
        p["kind"], p["data"] = as_old_shape(p.pop("step"))
    old = json.dumps(stored)
    assert '"data"' in old and '"step"' not in old
    assert Table.model_validate_json(old) == sim.table

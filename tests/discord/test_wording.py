"""The Discord board words Damage past an Obstacle's Health and Persistent Memory the way
the events do."""

from __future__ import annotations

from cogs.legends import render
from content.legends.loader import load_default_pack
from rules.legends.state import Table
from rules.legends.view import ObstacleView


def _obstacle(taken: int, health: int) -> ObstacleView:
    return ObstacleView(
        order=9,
        name="Checkpoint Drone",
        text="",
        health=health,
        damage_taken=taken,
        damage=4,
        to_hit=(),
        plan_size=0,
    )


def test_an_obstacles_health_keeps_its_tally_within_health() -> None:
    assert render.obstacle_health(_obstacle(0, 14)) == "❤️ 14 Health"
    assert render.obstacle_health(_obstacle(8, 14)) == "❤️ 6 left (8/14 Damage)"


def test_damage_past_health_is_shown_as_such() -> None:
    text = render.obstacle_health(_obstacle(18, 14))
    assert text == "❤️ 0 left (14/14 Damage, 4 past its Health)"
    assert "18/14" not in text


def test_the_memory_embed_names_each_memory_never_its_key() -> None:
    pack = load_default_pack()
    camp = next(iter(pack.campaigns))
    table = Table(
        id="t",
        name="Night Market",
        owner="o",
        campaign=camp,
        memory=("saw-the-lantern", "spared-courier"),
    )
    text = render.memory_embed(table, pack).description or ""
    assert text == "• The Blue Lantern\n• You let the courier run"
    assert "saw-the-lantern" not in text and "spared-courier" not in text

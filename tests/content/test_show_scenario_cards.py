"""`python -m content show` finds every card of a Legends pack: player cards, and the
Scenario Deck's Obstacles, scenes, clues and memory cards."""

from __future__ import annotations

import pytest

from content.cli import main
from content.legends.checks import scene_card_effects
from content.legends.info import card_names, show_card
from content.legends.loader import load_default_pack
from rules.legends.effects import SetMemory


def test_an_obstacle_is_shown_with_its_health_damage_and_to_hit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["show", "Checkpoint Drone"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Checkpoint Drone (obstacle, card #9 of Edge of the Market)")
    assert "Health: 12 alone; 2 runners 14, 3 runners 15, 4 runners 15" in out
    assert "Damage: 4 each round it stands" in out
    assert "To Hit: Pair with Tech and Stealth" in out
    assert "id: edge-of-the-market#9" in out


def test_a_memory_card_shows_the_memory_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "the blue lantern"]) == 0
    out = capsys.readouterr().out
    assert "Persistent Memory: The Blue Lantern" in out
    assert "saw-the-lantern" not in out


def test_a_scenario_card_is_found_by_its_id_and_suggested_when_misspelt(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["show", "edge-of-the-market#8"]) == 0
    assert capsys.readouterr().out.startswith("Cornered (scene, card #8")
    assert main(["show", "Checkpoint Dron"]) == 1
    assert "(did you mean 'Checkpoint Drone'?)" in capsys.readouterr().err


def test_every_card_of_the_bundled_pack_can_be_shown() -> None:
    pack = load_default_pack()
    for scen in pack.scenarios.values():
        for card in scen.cards:
            lines = show_card(pack, card.name)
            assert lines is not None, card.name
            assert f"id: {scen.id}#{card.order}" in "\n".join(lines)
            assert card.name in card_names(pack)
    for card in pack.cards.values():
        assert show_card(pack, card.name) is not None


def test_every_memory_the_bundled_campaign_records_has_a_written_name() -> None:
    pack = load_default_pack()
    keys = {c.memory_key for s in pack.scenarios.values() for c in s.cards if c.memory_key}
    keys |= {
        e.key
        for s in pack.scenarios.values()
        for c in s.cards
        for _, e in scene_card_effects(c)
        if isinstance(e, SetMemory)
    }
    keys |= {
        c.puzzle.memory
        for s in pack.scenarios.values()
        for c in s.cards
        if c.puzzle is not None and c.puzzle.memory
    }
    assert {"spared-courier", "sold-courier", "opened-cache", "saw-the-lantern"} <= keys
    for key in keys:
        name = pack.memory_name(key)
        assert name != key.replace("-", " ").capitalize(), key  # written, not derived

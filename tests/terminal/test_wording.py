"""The terminal words counts, Damage past Health, Persistent Memory and number ranges the
way the events and the Discord board do."""

from __future__ import annotations

from cogs.legends.terminal import howto, render
from content.legends.loader import load_default_pack
from rules.legends.state import Runner, Table


def test_damage_taken_past_health_is_shown_as_such() -> None:
    assert render.taken_text(8, 14) == "8 Damage taken"
    assert render.taken_text(14, 14) == "14 Damage taken"
    assert render.taken_text(18, 14) == "14 Damage taken, 4 past its Health"


def test_the_campaign_screen_names_memories_and_counts_in_the_singular() -> None:
    pack = load_default_pack()
    camp = next(iter(pack.campaigns))
    deck = next(iter(pack.roles.values()))
    runner = Runner(player="p", name="Vex", role=deck.role, deck=deck.cards[:1], eddies=1)
    table = Table(
        id="t",
        name="Night Market",
        owner="p",
        campaign=camp,
        runners=(runner,),
        memory=("saw-the-lantern", "opened-cache"),
    )
    out = render.render_campaign(table, pack, ["p"])
    assert "Persistent Memory: The Blue Lantern, You opened Malachias's locker" in out
    assert "saw-the-lantern" not in out and "opened-cache" not in out
    assert ": 1 Eddie, deck of 1 card" in out


def test_a_single_choice_asks_for_that_number_not_a_range() -> None:
    assert howto.numbers(1, 1) == "1"
    assert howto.numbers(1, 3) == "a number from 1 to 3"
    assert howto.NO_LINE.format(numbers=howto.numbers(1, 1)) == "Type 1, or 'help'."

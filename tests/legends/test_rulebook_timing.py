"""Timing, "Put" cards and play restrictions (rulebook "Timing", "Put vs Play", glossary
"Put", "Replace", "Discard", "Draw"; R6)."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from tests.legends.dsl import Sim, obstacle, pair


def kinds(sim: Sim) -> list[str]:
    assert sim.last is not None
    return [e.kind for e in sim.last.events]


def wall(health: int = 40, damage: int = 0) -> list[dict[str, object]]:
    return [obstacle(1, "Wall", health=health, damage=damage, to_hit=[pair()])]


def start(
    hands: dict[int, list[str]], decks: dict[int, list[str]] | None = None, **kw: object
) -> Sim:
    sim = Sim(
        hands=hands,
        decks=decks,
        scenario=kw.pop("scenario", None) or wall(),  # type: ignore[arg-type]
        **kw,
    )  # type: ignore[arg-type]
    sim.flip()
    return sim


# ---- everything but Damage and healing happens when the card enters ------------------


def test_before_the_night_draws_at_once_when_it_enters_the_plan() -> None:
    sim = start({0: ["before-the-night", "2C"], 1: ["9S", "3S"]}, decks={1: ["JC", "QC", "KC"]})
    sim.play(0, "before-the-night")
    prompt = sim.run.prompts[0]
    assert prompt.kind == "choose_player" and prompt.seat == 0
    sim.choose(0, "seat:1")
    assert sim.run.phase == "plan" and len(sim.run.plan) == 1  # long before execution
    assert sim.hand(1) == ["9S", "3S", "JC", "QC"]
    assert sim.run.turn == 1


def test_guns_lots_of_guns_counts_muscle_symbols_played_after_it() -> None:
    sim = start({0: ["guns-lots-of-guns", "2C", "3MM"], 1: ["7M", "7C"]})
    for seat, code in [(0, "guns-lots-of-guns"), (1, "7M"), (0, "2C"), (1, "7C")]:
        sim.play(seat, code)
    assert sim.damage_on(1) == 0  # nothing computed yet
    sim.play(0, "3MM")
    # 1 (its own) + 1 (7M) + 2 (3MM): every Muscle symbol in the Plan at execution.
    assert sim.damage_on(1) == 4


def test_damage_per_card_is_computed_at_execution() -> None:
    sim = start({0: ["crowd-pleaser", "2C", "3C"], 1: ["7C", "7S"]})
    for seat, code in [(0, "crowd-pleaser"), (1, "7C"), (0, "2C"), (1, "7S"), (0, "3C")]:
        sim.play(seat, code)
    assert sim.damage_on(1) == 4  # itself, 7C, 2C, 3C


def test_healing_waits_for_the_plan_to_execute() -> None:
    sim = start({0: ["trauma-patch", "2C", "3C"], 1: ["7C", "7S"]}, health=10)
    sim.play(0, "trauma-patch")
    assert sim.health == 10
    for seat, code in [(1, "7C"), (0, "2C"), (1, "7S"), (0, "3C")]:
        sim.play(seat, code)
    assert sim.health == 13


def test_player_card_draw_comes_from_the_players_own_deck() -> None:
    sim = start({0: ["quick-hands", "2C"], 1: ["9S"]}, decks={0: ["AS"], 1: ["KS"]})
    sim.play(0, "quick-hands")
    assert sim.hand(0) == ["2C", "AS"]
    assert sim.hand(1) == ["9S"]


def test_player_card_discard_means_from_hand() -> None:
    sim = start({0: ["dumpster-dive", "2C", "3C"], 1: ["9S"]}, decks={0: ["AS"]})
    sim.play(0, "dumpster-dive")
    prompt = sim.run.prompts[0]
    assert prompt.kind == "discard_from_hand" and prompt.private
    assert {sim.run.cards[o.key] for o in prompt.options} == {"p-2c", "p-3c"}
    sim.choose(0, "2C")
    assert sim.discard_pile(0) == ["2C"]
    assert sim.hand(0) == ["3C", "AS"]  # draw_after 1
    assert sim.plan == ["Dumpster Dive"]


# ---- Trap and Trace: any card that says "discard" can discard itself --------------------


def test_trap_and_trace_discarding_itself_lets_one_more_card_be_played() -> None:
    sim = start({0: ["trap-and-trace", "2C", "3C", "4C"], 1: ["5S", "6S", "8S", "9S"]})
    sim.play(0, "trap-and-trace")
    assert sim.run.prompts[0].kind == "discard_from_plan"
    sim.choose(0, "trap-and-trace")
    assert sim.plan == []
    assert sim.discard_pile(0) == ["Trap and Trace"]
    assert sim.run.turn == 1  # the player's turn is over; play goes on clockwise
    for seat, code in [(1, "5S"), (0, "2C"), (1, "6S"), (0, "3C")]:
        sim.play(seat, code)
    assert sim.run.phase == "plan" and len(sim.run.plan) == 4  # the Plan shrank: one more
    sim.play(1, "8S")
    assert sim.run.phase == "cleanup"
    assert sim.hand(0) == ["4C"] and sim.hand(1) == ["9S"]


def test_trap_and_trace_may_discard_another_players_card_to_that_players_discard() -> None:
    sim = start({0: ["2C", "3C"], 1: ["trap-and-trace", "9S"]})
    sim.play(0, "2C")
    sim.play(1, "trap-and-trace")
    sim.choose(1, "2C")
    assert sim.plan == ["Trap and Trace"]
    assert sim.discard_pile(0) == ["2C"]  # the owner's discard pile
    assert sim.discard_pile(1) == []
    assert sim.run.turn == 0


def test_trap_and_trace_is_optional() -> None:
    sim = start({0: ["trap-and-trace", "3C"], 1: ["9S"]})
    sim.play(0, "trap-and-trace")
    sim.choose(0, "done")
    assert sim.plan == ["Trap and Trace"] and sim.run.turn == 1


# ---- Put vs Play -----------------------------------------------------------------------


def test_second_story_work_puts_crimson_flags_over_the_plan_size_and_tech_restriction() -> None:
    sim = start(
        {0: ["9T", "3C", "second-story-work"], 1: ["9C", "4S"]}, decks={0: ["crimson-flags"]}
    )
    for seat, code in [(0, "9T"), (1, "9C"), (0, "3C"), (1, "4S")]:
        sim.play(seat, code)
    sim.play(0, "second-story-work")
    # The 5th card is in, but its effect is still resolving: the Plan waits.
    assert sim.run.phase == "plan" and len(sim.run.plan) == 5
    prompt = sim.run.prompts[0]
    assert prompt.kind == "draw_and_put" and prompt.private
    sim.choose(0, "put")
    # Put ignores "only if no other Tech" and the Plan Size; its Plan Size +1 makes 6.
    assert "executed" in kinds(sim)
    put = [e for e in sim.last.events if e.kind == "card_entered"]  # type: ignore[union-attr]
    assert "puts Crimson Flags" in put[0].text
    executed = next(e for e in sim.last.events if e.kind == "executed")  # type: ignore[union-attr]
    assert "6 cards" in executed.text
    assert sim.damage_on(1) == 3  # the pair of 9s hits; Crimson Flags adds +3


def test_crimson_flags_cannot_be_played_with_another_tech_symbol_in_the_plan() -> None:
    sim = start({0: ["9T", "3C"], 1: ["crimson-flags", "4S"]})
    sim.play(0, "9T")
    with pytest.raises(IllegalAction) as exc:
        sim.play(1, "crimson-flags")
    assert exc.value.refusal.code == "restricted"


def test_second_story_work_may_discard_the_drawn_card_instead() -> None:
    sim = start(
        {0: ["9T", "3C", "second-story-work"], 1: ["9C", "4S"]}, decks={0: ["crimson-flags"]}
    )
    for seat, code in [(0, "9T"), (1, "9C"), (0, "3C"), (1, "4S"), (0, "second-story-work")]:
        sim.play(seat, code)
    sim.choose(0, "discard")
    executed = next(e for e in sim.last.events if e.kind == "executed")  # type: ignore[union-attr]
    assert "5 cards" in executed.text  # no +1: the card was not put
    assert "Crimson Flags" in sim.discard_pile(0)
    assert sim.damage_on(1) == 0


def test_put_card_when_played_effects_still_resolve() -> None:
    sim = start({0: ["open-door", "2C"], 1: ["before-the-night", "9S"]}, decks={0: ["QS", "KS"]})
    sim.play(0, "open-door")
    sim.choose(0, "seat:1")
    prompt = sim.run.prompts[0]
    assert prompt.kind == "put_from_hand" and prompt.seat == 1
    sim.choose(1, "before-the-night")
    assert sim.run.prompts[0].kind == "choose_player"  # Before the Night's effect fires
    sim.choose(1, "seat:0")
    assert sim.hand(0) == ["2C", "QS", "KS"]
    entry = next(e for e in sim.run.plan if e.seat == 1)
    assert entry.put is True


def test_put_ignores_play_restrictions() -> None:
    sim = start({0: ["9T", "open-door"], 1: ["crimson-flags", "9S", "4S"]})
    sim.play(0, "9T")
    sim.play(1, "9S")
    sim.play(0, "open-door")
    sim.choose(0, "seat:1")
    sim.choose(1, "crimson-flags")
    assert "Crimson Flags" in sim.plan
    assert sim.run.plan[-1].put is True


def test_put_ignores_the_plan_size() -> None:
    sim = start({0: ["2C", "3C", "open-door"], 1: ["4C", "5C", "KS+1"]})
    for seat, code in [(0, "2C"), (1, "4C"), (0, "3C"), (1, "5C"), (0, "open-door")]:
        sim.play(seat, code)
    sim.choose(0, "seat:1")
    sim.choose(1, "KS+1")
    executed = next(e for e in sim.last.events if e.kind == "executed")  # type: ignore[union-attr]
    assert "6 cards" in executed.text


def test_put_from_deck_counts_toward_the_plan_size() -> None:
    sim = start({0: ["rush-in", "2C", "3C"], 1: ["4C", "5C"]}, decks={0: ["6S"]})
    sim.play(0, "rush-in")
    assert sim.plan == ["Rush In", "6S"]
    for seat, code in [(1, "4C"), (0, "2C"), (1, "5C")]:
        sim.play(seat, code)
    assert sim.run.phase == "cleanup"


def test_play_restrictions_are_checked_only_when_played_not_later() -> None:
    sim = start({0: ["crimson-flags", "9T", "3C"], 1: ["9C", "4T"]})
    for seat, code in [(0, "crimson-flags"), (1, "9C"), (0, "9T"), (1, "4T"), (0, "3C")]:
        sim.play(seat, code)
    assert sim.damage_on(1) == 3  # Crimson Flags stayed and its +3 counted


def test_a_restriction_met_later_makes_the_card_playable() -> None:
    sim = start({0: ["2C", "tech-needed"], 1: ["9T", "4S"]})
    sim.play(0, "2C")
    sim.play(1, "9T")
    sim.play(0, "tech-needed")
    assert "Patch Job" in sim.plan


# ---- ongoing effects end when the card leaves ------------------------------------------


def _overclocked_plan() -> Sim:
    sim = start({0: ["overclocked-deck", "3C", "5S", "8C"], 1: ["2C", "4S", "trap-and-trace"]})
    for seat, code in [(0, "overclocked-deck"), (1, "2C"), (0, "3C"), (1, "4S"), (0, "5S")]:
        sim.play(seat, code)
    assert sim.run.phase == "plan" and len(sim.run.plan) == 5  # Plan Size is 6
    sim.play(1, "trap-and-trace")
    return sim


def test_plan_size_bonus_ends_when_its_card_leaves_and_the_plan_executes_at_once() -> None:
    sim = _overclocked_plan()
    sim.choose(1, "overclocked-deck")
    # 5 cards left, and the Plan Size is back to 5: at or over size, it executes.
    executed = next(e for e in sim.last.events if e.kind == "executed")  # type: ignore[union-attr]
    assert "5 cards" in executed.text
    assert sim.run.phase == "cleanup"


def test_without_the_size_card_leaving_the_plan_keeps_going() -> None:
    sim = _overclocked_plan()
    sim.choose(1, "trap-and-trace")  # discards itself instead: 5 cards, Plan Size 6
    assert sim.run.phase == "plan" and sim.run.turn == 0


def test_second_story_work_gives_plan_size_plus_one_while_the_put_card_stays() -> None:
    sim = start(
        {0: ["second-story-work", "3C", "5S", "8C"], 1: ["2C", "4S", "9S"]}, decks={0: ["KS"]}
    )
    sim.play(0, "second-story-work")
    sim.choose(0, "put")  # Plan: Second Story Work, KS
    for seat, code in [(1, "2C"), (0, "3C"), (1, "4S")]:
        sim.play(seat, code)
    assert sim.run.phase == "plan" and len(sim.run.plan) == 5  # Plan Size is 6
    sim.play(0, "5S")
    assert sim.run.phase == "cleanup"


def test_second_story_work_bonus_leaves_with_the_put_card() -> None:
    sim = start(
        {0: ["second-story-work", "3C", "5S"], 1: ["2C", "trap-and-trace", "4S"]}, decks={0: ["KS"]}
    )
    sim.play(0, "second-story-work")
    sim.choose(0, "put")  # Plan: Second Story Work, KS; Plan Size 6
    sim.play(1, "2C")
    sim.play(0, "3C")
    sim.play(1, "trap-and-trace")
    sim.choose(1, "KS")  # the put card leaves: Plan Size back to 5, 4 cards
    assert sim.run.phase == "plan" and len(sim.run.plan) == 4
    sim.play(0, "5S")
    assert sim.run.phase == "cleanup"  # 5 cards at Plan Size 5


# ---- Replace -----------------------------------------------------------------------------


def test_replace_discards_the_replaced_card_then_plays_the_new_one() -> None:
    sim = start({0: ["2C", "swap-in", "7M", "crimson-flags"], 1: ["9S", "4S"]})
    sim.play(0, "2C")
    sim.play(1, "9S")
    sim.play(0, "swap-in")
    assert sim.run.prompts[0].kind == "replace_plan"
    sim.choose(0, "9S")
    prompt = sim.run.prompts[0]
    assert prompt.kind == "replace_hand"
    offered = {sim.run.cards[o.key] for o in prompt.options}
    # Normal play rules: Crimson Flags can't be played with Swap In's Tech in the Plan.
    assert offered == {"p-7m"}
    sim.choose(0, "7M")
    assert sim.plan == ["2C", "Swap In", "7M"]
    assert sim.discard_pile(1) == ["9S"]  # back to its owner
    entry = next(e for e in sim.run.plan if sim.run.cards[e.inst] == "p-7m")
    assert entry.put is False
    assert sim.run.turn == 1


def test_replacing_card_effects_resolve_as_it_is_played() -> None:
    sim = start(
        {0: ["2C", "swap-in", "before-the-night"], 1: ["9S", "4S"]}, decks={1: ["AS", "KS"]}
    )
    sim.play(0, "2C")
    sim.play(1, "9S")
    sim.play(0, "swap-in")
    sim.choose(0, "2C")
    sim.choose(0, "before-the-night")
    assert sim.run.prompts[0].kind == "choose_player"
    sim.choose(0, "seat:1")
    assert sim.hand(1) == ["4S", "AS", "KS"]


# ---- audit additions ------------------------------------------------------------------------


def test_trap_and_trace_as_the_fifth_card_can_pass_so_the_plan_does_not_execute() -> None:
    """R6: the Plan executes only "after the current play has fully resolved": a fifth card
    that discards itself leaves four, and the next player plays."""
    sim = start({0: ["2C", "3C", "trap-and-trace", "4C"], 1: ["5S", "6S", "8S"]})
    for seat, code in [(0, "2C"), (1, "5S"), (0, "3C"), (1, "6S"), (0, "trap-and-trace")]:
        sim.play(seat, code)
    assert sim.run.phase == "plan" and len(sim.run.plan) == 5  # waiting on the choice
    sim.choose(0, "trap-and-trace")
    assert sim.run.phase == "plan" and len(sim.run.plan) == 4 and sim.run.turn == 1
    sim.play(1, "8S")
    assert sim.run.phase == "cleanup"


def test_a_fifth_card_that_keeps_itself_executes_the_plan() -> None:
    sim = start({0: ["2C", "3C", "trap-and-trace", "4C"], 1: ["5S", "6S", "8S"]})
    for seat, code in [(0, "2C"), (1, "5S"), (0, "3C"), (1, "6S"), (0, "trap-and-trace")]:
        sim.play(seat, code)
    sim.choose(0, "done")
    assert "executed" in kinds(sim) and sim.run.phase == "cleanup"


def test_guns_lots_of_guns_counts_its_own_muscle_symbol() -> None:
    """R6: "+1 Damage for each Muscle symbol in the Plan" counts its own."""
    sim = start({0: ["guns-lots-of-guns", "2C", "3C"], 1: ["8C", "4S"]})
    for seat, code in [(0, "guns-lots-of-guns"), (1, "8C"), (0, "2C"), (1, "4S"), (0, "3C")]:
        sim.play(seat, code)
    assert sim.damage_on(1) == 1


def test_a_card_put_by_another_card_resolves_fully_before_the_plan_checks_its_size() -> None:
    """R6: cards put during a play resolve before the size check: Open Door puts Before the
    Night as the sixth card, and its draw happens before the Plan executes."""
    sim = start(
        {0: ["2C", "3C", "open-door"], 1: ["4C", "5C", "before-the-night"]}, decks={0: ["QS", "KS"]}
    )
    for seat, code in [(0, "2C"), (1, "4C"), (0, "3C"), (1, "5C"), (0, "open-door")]:
        sim.play(seat, code)
    sim.choose(0, "seat:1")
    sim.choose(1, "before-the-night")
    # Six cards in, but Before the Night is still resolving: no execution yet.
    assert sim.run.prompts and "executed" not in kinds(sim)
    sim.choose(1, "seat:0")
    assert sim.hand(0) == ["QS", "KS"]
    assert sim.run.phase == "cleanup"

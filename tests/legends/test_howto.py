"""The rules name no front end's command: a refusal or an event carries neutral text and a
typed `Hint`, and each front end words the hint. What players read is unchanged: the
Discord wording gives exactly the texts the rules used to write, and the terminal's gives
its quoted commands."""

from __future__ import annotations

import pathlib
from collections.abc import Callable
from typing import Any

import pytest

from cogs.legends import howto as discord
from cogs.legends.terminal import howto as terminal
from rules.core.errors import IllegalAction, Refusal
from rules.core.events import Event
from rules.legends.codes import EventKind, Hint
from rules.legends.engine import apply
from tests.legends.dsl import Sim, choice, clue, obstacle, pair, scene
from tests.legends.test_rulebook_refusals import CASES, _build

ROOT = pathlib.Path(__file__).resolve().parents[2]

# What Discord players read for each refusal case that says how to act (as before).
DISCORD_REFUSALS = {
    "flip_without_a_run": "No run is in progress. The owner can start one with /legends start.",
    "play_a_card_not_in_hand": "That card is not in your hand. Check /legends hand.",
    "play_an_unknown_card": "That card is not in your hand. Check /legends hand.",
    "discard_a_card_not_in_hand": "That card is not in your hand. Check /legends hand.",
    "discard_more_than_one_after_a_failed_round": (
        "After a round the Obstacles survive, you may discard only 1 card. Use /legends ready."
    ),
    "stranger_plays": "You are not seated at this table. Join with /legends join.",
    "join_a_taken_role": (
        "The Solo deck is already taken. Pick another role, or the owner can allow extra "
        "role decks with /legends options."
    ),
    "leave_without_a_seat": "You are not seated at this table. Join with /legends join.",
    "last_runner_leaves_a_run": (
        "You are the last runner in this run. The owner can /legends abandon it instead."
    ),
    "start_during_a_run": "A run is already in progress. Finish or /legends abandon it first.",
    "start_with_nobody_seated": "Nobody is seated yet. Players join with /legends join.",
    "abandon_without_a_run": (
        "No run is in progress. The owner can start one with /legends start."
    ),
    "buy_an_unknown_card": "There is no such card. Use /legends shop to see the pool.",
    "remove_a_card_not_in_the_deck": "That card is not in your deck. See /legends deck.",
    "solve_by_a_stranger": "Only the crew can submit answers. Join with /legends join.",
}


def refusal_of(builder: Callable[[], Any]) -> Refusal:
    table, content, action = _build(builder)
    with pytest.raises(IllegalAction) as exc:
        apply(table, action, content)
    return exc.value.refusal


BUILDERS = {name: builder for name, _, builder in CASES}


@pytest.mark.parametrize("name", sorted(DISCORD_REFUSALS))
def test_discord_players_read_the_same_refusal(name: str) -> None:
    refusal = refusal_of(BUILDERS[name])
    assert refusal.hint is not None
    assert "/legends" not in refusal.message
    assert discord.refusal_text(refusal) == DISCORD_REFUSALS[name]
    # The terminal words the hint its own way, never with Discord's commands and only
    # with inputs it accepts (tests/terminal/test_hints.py checks those where they show).
    term = terminal.refusal_text(refusal)
    assert "/legends" not in term
    assert term.startswith(refusal.message.removesuffix("."))


def test_a_refusal_without_a_hint_reads_as_written() -> None:
    refusal = refusal_of(BUILDERS["flip_by_non_leader"])
    assert refusal.hint is None
    assert discord.refusal_text(refusal) == refusal.message == terminal.refusal_text(refusal)


def test_every_refusal_case_that_says_how_to_act_is_listed() -> None:
    hinted = {name for name, _, b in CASES if refusal_of(b).hint is not None}
    assert hinted == set(DISCORD_REFUSALS)


def test_each_front_end_words_every_hint() -> None:
    assert set(discord.PHRASES) == set(Hint)
    assert set(terminal.PHRASES) == set(Hint)
    for phrase in terminal.PHRASES.values():
        assert "/legends" not in phrase
    for phrase in discord.PHRASES.values():
        assert "/legends " in phrase


def events_of(sim: Sim, kind: EventKind, *outcomes: Any) -> list[Event]:
    return [e for o in outcomes for e in o.events if e.kind == kind]


def test_discord_players_read_the_same_events() -> None:
    # A clue, then a scene vote.
    sim = Sim(
        hands={0: ["2C"], 1: ["3C"]},
        scenario=[
            clue(1, "Torn Note"),
            scene(2, "Deal", choices=[choice("A", "Yes"), choice("B", "No")]),
            scene(3, "Last"),
        ],
    )
    [note] = events_of(sim, EventKind.CLUE, sim.flip())
    assert note.text == "Clue set aside: Torn Note."
    assert discord.event_text(note) == (
        "Clue set aside: Torn Note. See it any time with /legends clues."
    )
    assert terminal.event_text(note) == "Clue set aside: Torn Note. See it any time with 'clues'."
    [vote] = events_of(sim, EventKind.VOTE, sim.flip())
    assert discord.event_text(vote) == (
        "The crew must choose. A: Yes; B: No. Vote with /legends choose; the Leader breaks "
        "ties and can close the vote early."
    )


def test_discord_players_read_the_same_clean_up_events() -> None:
    survive = Sim(
        hands={0: ["2C", "3C", "4C"], 1: ["5S", "6S"]},
        scenario=[obstacle(1, "Goon", health=30, to_hit=[pair()]), scene(2, "Last")],
    )
    outs = [survive.flip()]
    for seat, code in [(0, "2C"), (1, "5S"), (0, "3C"), (1, "6S"), (0, "4C")]:
        outs.append(survive.play(seat, code))
    [still] = events_of(survive, EventKind.CLEANUP, *outs)
    assert discord.event_text(still) == (
        "The Obstacles still stand. You may discard up to one card, then /legends ready to "
        "draw back up."
    )
    assert terminal.event_text(still) == (
        "The Obstacles still stand. You may discard up to one card, then 'ready' to draw back up."
    )
    cleared = Sim(
        hands={0: ["KC+2", "KS+2", "4C"], 1: ["5S", "6S"]},
        scenario=[obstacle(1, "Goon", health=1, to_hit=[pair()]), scene(2, "Last")],
    )
    outs = [cleared.flip()]
    for seat, code in [(0, "KC+2"), (1, "5S"), (0, "KS+2"), (1, "6S"), (0, "4C")]:
        if cleared.run.phase == "plan":
            outs.append(cleared.play(seat, code))
    [done] = events_of(cleared, EventKind.CLEANUP, *outs)
    assert discord.event_text(done) == (
        "All Obstacles cleared. Discard any number of cards, then /legends ready to draw back up."
    )


def test_discord_players_read_the_same_flatline() -> None:
    sim = Sim(
        hands={0: ["2C"], 1: ["3C"]},
        health=2,
        scenario=[scene(1, "Ambush", effects=[{"type": "damage_crew", "amount": 5}])],
        trauma=[scene(1, "Recovery")],
    )
    [trauma] = events_of(sim, EventKind.TRAUMA, sim.flip())
    assert discord.event_text(trauma) == (
        "Trauma Team is on the way: Trauma Pack 1 is next. The owner starts it with /legends start."
    )


def test_the_rules_name_no_discord_command() -> None:
    offenders = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "rules").rglob("*.py")
        if "/legends " in path.read_text()
    ]
    assert offenders == []


def test_only_public_events_carry_a_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    # The front ends word hints where they render public events (the channel log); a
    # private event with a hint would need those call sites too.
    from content.legends.loader import load_default_pack
    from rules.legends import sim as playouts

    content = load_default_pack()
    seen: list[Event] = []
    original = playouts.apply

    def recording(table: Any, action: Any, pack: Any) -> Any:
        out = original(table, action, pack)
        seen.extend(out.events)
        return out

    monkeypatch.setattr(playouts, "apply", recording)
    for seed in range(3):
        t = playouts.crew_table(content, runners=2, seed=seed)
        brains = {r.player: playouts.make_brain("random", seed) for r in t.runners}
        playouts.play_run(t, content, brains)
    hinted = [e for e in seen if e.hint is not None]
    assert hinted, "the playouts never reached a hinted event"
    assert all(e.seats is None for e in hinted)

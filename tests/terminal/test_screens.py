"""The terminal's screens: roles, rules help, cards by name, the Plan's verdict."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from cogs.legends.rules_text import TOPICS
from cogs.legends.terminal.play import main

TINY = str(Path(__file__).parent / "tinypack")


def play(args: list[str], script: str) -> str:
    out = io.StringIO()
    assert main(args, stdin=io.StringIO(script), stdout=out) == 0
    return out.getvalue()


def lines(*moves: str) -> str:
    return "".join(m + "\n" for m in moves)


def answer(out: str, typed: str) -> str:
    """What the terminal said right after `typed` was entered (up to the next prompt)."""
    return out.split(f"> {typed}\n", 1)[1].split("\n> ", 1)[0]


# ---- roles ------------------------------------------------------------------------------

ALL_ROLES = "Roles: 1) Netrunner: "


@pytest.mark.parametrize("runners", [1, 2, 3])
def test_every_role_is_offered_whatever_the_number_of_seats(runners: int) -> None:
    out = play(["--seed", "1", "--runners", str(runners)], lines("", "quit"))
    offered = re.search(r"Roles: (.*)\n", out)
    assert offered is not None
    names = re.findall(r"\d\) (\w+):", offered.group(1))
    assert sorted(names) == ["Netrunner", "Nomad", "Rocker", "Solo"]


def test_a_role_past_the_first_n_can_be_picked_by_name_and_the_ai_takes_another() -> None:
    out = play(["--seed", "1", "--runners", "2"], lines("", "rocker", "quit"))
    assert ". Player joins the crew as the Rocker." in out
    joined = re.search(r"\. Vex joins the crew as the (\w+)\.", out)
    assert joined is not None and joined.group(1) != "Rocker"


def test_alone_with_a_merc_both_roles_are_picked_from_every_role() -> None:
    out = play(["--seed", "1", "--runners", "1", "--merc"], lines("", "4", "rocker", "quit"))
    assert "Merc roles: 1) Solo: " in out
    assert "Player joins the crew as the Nomad, with a Rocker merc." in out


def test_an_unknown_role_name_gets_its_own_message() -> None:
    out = play(["--pack", TINY, "--seed", "1"], lines("", "medic", "1", "quit"))
    assert 'No role is named "medic"' in out
    assert ". Player joins the crew as the Solo." in out


# ---- rules help -------------------------------------------------------------------------


def test_rules_has_discords_topics_and_none_of_its_commands() -> None:
    script = lines("", "", "rules", *[f"rules {t}" for t in TOPICS], "rules nonsense", "quit")
    out = play(["--pack", TINY, "--seed", "1"], script)
    assert answer(out, "rules").startswith("HOW A RUN WORKS\n  The Leader flips")
    for topic, (title, _) in TOPICS.items():
        shown = answer(out, f"rules {topic}")
        assert shown.startswith(title.upper()), topic
        topics = ", ".join(f"'rules {t}'" for t in TOPICS)
        assert f"Topics: {topics}." in " ".join(shown.split())
        assert "/legends" not in shown and "button" not in shown.lower(), topic
    assert "Type the number of a move" in answer(out, "rules commands")
    assert answer(out, "rules nonsense").startswith(
        "No rules topic \"nonsense\". Topics: 'rules overview', 'rules plan', "
    )
    # A partial name finds the topic as on Discord.
    out = play(["--pack", TINY, "--seed", "1"], lines("", "", "rules flat", "quit"))
    assert answer(out, "rules flat").startswith("HEALTH AND FLATLINING")


def test_rules_works_at_the_set_up_prompts_and_on_the_campaign_screen() -> None:
    out = play(["--pack", TINY, "--seed", "1"], lines("rules plan", "", "", "quit"))
    assert "THE PLAN\n" in out


# ---- cards by name ----------------------------------------------------------------------

# Tiny pack, seed 1, two runners: flip, vote A, flip the Training Dummy; the Solo holds
# Knife, Razor, Blade, Edge, Shiv (all 7s).
TO_THE_PLAN = ("", "", "1", "1", "1")


def test_a_card_is_played_by_its_name_or_the_start_of_it_in_any_case() -> None:
    out = play(
        ["--pack", TINY, "--seed", "1", "--runners", "2"],
        lines(*TO_THE_PLAN, "KNIFE", "play raz", "quit"),
    )
    assert answer(out, "KNIFE").startswith(". Player plays Knife [7 Muscle].")
    assert answer(out, "play raz").startswith(". Player plays Razor [7 Charisma].")


def test_a_card_you_do_not_hold_gets_its_own_message() -> None:
    out = play(
        ["--pack", TINY, "--seed", "1", "--runners", "2"],
        lines(*TO_THE_PLAN, "play cyberarm", "play chip", "play knofe", "play", "quit"),
    )
    assert answer(out, "play cyberarm") == (
        "You don't hold Cyberarm. You hold: Knife, Razor, Blade, Edge, Shiv ('hand' shows them)."
    )
    assert answer(out, "play chip").startswith("You don't hold Chip.")
    assert answer(out, "play knofe") == (
        "No card is named \"knofe\" (did you mean 'Knife'?). Type the move's number, or 'hand'."
    )
    assert answer(out, "play") == "Play which card? Type 'play' and its name, as in 'play Knife'."


def test_a_card_held_but_not_playable_now_says_why_in_the_engines_words() -> None:
    # At the first flip the Solo holds Knife, but nothing can be played yet.
    out = play(
        ["--pack", TINY, "--seed", "1", "--runners", "2"], lines("", "", "play knife", "quit")
    )
    said = answer(out, "play knife")
    assert said.startswith("You hold Knife but cannot play it now: ")
    assert "is not a move here" not in said


def test_an_ambiguous_start_of_a_name_says_which_cards_it_could_be() -> None:
    # Core pack, seed 4, a Netrunner alone: at the first Plan the hand holds both
    # Cached Routine and Compressed Payload.
    out = play(["--seed", "4", "--runners", "1"], lines("", "netrunner", "1", "1", "c", "quit"))
    assert answer(out, "c") == (
        "\"c\" could be 'Cached Routine' or 'Compressed Payload': type more of the name, "
        "or the move's number."
    )
    out = play(["--seed", "4", "--runners", "1"], lines("", "n", "quit"))
    assert "\"n\" could be 'Netrunner: Ghost in the Grid' or 'Nomad: Long Road In'" in out


def test_discard_by_name_in_clean_up_and_ready() -> None:
    # Play the Dummy down (see test_play), then in clean-up discard Edge by name.
    out = play(
        ["--pack", TINY, "--seed", "1", "--runners", "2"],
        lines(*TO_THE_PLAN, *["1"] * 3, "discard edge", "ready", "quit"),
    )
    assert ". All Obstacles cleared." in out
    assert answer(out, "discard edge").startswith(
        ". Player discards a card.\n. You discarded Edge."
    )
    assert "Ready" not in answer(out, "ready").split("MOVES")[-1]


def test_the_shop_takes_a_cards_name() -> None:
    script = lines(*TO_THE_PLAN, *["1"] * 3, "ready", "shop", "cyber", "0", "quit")
    out = play(["--pack", TINY, "--seed", "1", "--runners", "2"], script)
    assert "You bought Cyberarm for 2 Eddies." in out


# ---- the Plan's verdict -----------------------------------------------------------------


def test_the_plan_says_whether_it_hits_each_obstacle_now_and_why() -> None:
    out = play(
        ["--pack", TINY, "--seed", "1", "--runners", "2"],
        lines(*TO_THE_PLAN, "1", "1", "1", "quit"),
    )
    flat = " ".join(out.split())
    assert (
        "PLAN (0 of 5 cards) - makes: nothing yet; Damage so far: 0 As it stands the Plan "
        "MISSES Training Dummy: No pair" in flat
    )
    before = flat.split("[HIT ] Training Dummy")[0]
    last = before.split("As it stands the Plan ")[-1]
    assert last.startswith("HITS Training Dummy: Pair of 7s from ")
    # The same reason the engine gives when the Plan executes.
    why = last.split("Training Dummy: ", 1)[1].split(" CREW")[0]
    assert f"[HIT ] Training Dummy: Hit - {why}" in flat


def test_no_verdict_outside_the_plan() -> None:
    out = play(["--pack", TINY, "--seed", "1", "--runners", "2"], lines("", "", "quit"))
    assert "As it stands" not in out

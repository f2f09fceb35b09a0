"""Scripted terminal sessions: stdin in, screens out (`python -m bot play`)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from cogs.legends.terminal.play import main
from content.legends.loader import load_default_pack

TINY = str(Path(__file__).parent / "tinypack")


def play(args: list[str], script: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(args, stdin=io.StringIO(script), stdout=out)
    return code, out.getvalue()


def lines(*moves: str) -> str:
    return "".join(m + "\n" for m in moves)


def test_tiny_campaign_plays_a_scenario_to_its_end_then_shops_and_flatlines() -> None:
    # Name and role take the defaults; then the first move every time, except in the
    # shop (buy the Cyberarm, then back) -- see the tiny pack: every card is a 7.
    script = (
        lines("", "")
        + lines(*["1"] * 14)
        + lines("2", "1", "0", "1")
        + lines(*["1"] * 7)
        + lines("1", "1")
    )
    code, out = play(["--pack", TINY, "--seed", "1", "--runners", "2"], script)
    assert code == 0
    # Joining, and the AI crewmate filling the other seat.
    assert "Roles: 1) Solo: Blades; 2) Netrunner: Chips" in out
    assert ". Player joins the crew as the Solo." in out
    assert ". Vex joins the crew as the Netrunner." in out
    # The board, the hand and the numbered moves.
    assert "Training Day | Round 0 | 3 Scenario Cards left" in out
    assert "Health 20/20 | Leader: Player | Plan Size 5" in out
    assert "YOUR HAND (5 cards)" in out
    assert "   1) Flip the next Scenario Card" in out
    # The scene vote: the human votes first and the AI goes along with the crew.
    assert "   1) Vote A: Take the advance" in out
    assert ". Vex votes A." in out
    # The Obstacle, the Plan and why it hit.
    assert "Training Dummy: Health 4 left of 4 (0 Damage taken); deals 1 Damage" in out
    assert "To Hit: Pair" in out
    assert "PLAN (2 of 5 cards) - makes: Pair of 7s from 2 cards; Damage so far: 2" in out
    assert re.search(r"\[HIT \] Training Dummy: Hit .*Pair of 7s", out)
    assert ". Training Dummy is cleared!" in out
    # Clean-up and the end of the run.
    assert "   3) Ready: done discarding, draw back up" in out
    assert "* Run complete: Training Day. The crew made it out with 20 Health. *" in out
    # Rewards, then the campaign screen and the shop.
    assert "CAMPAIGN: Tiny Campaign  (max Health 20)" in out
    assert "Player (Solo): 4 Eddies, deck of 5 cards <- you" in out
    assert "UPGRADE POOL (Player has 4 Eddies" in out
    assert ". You bought Cyberarm for 2 Eddies." in out
    # The next scenario: a wall that cannot be hit, a flatline and the Trauma Pack.
    assert "[MISS] Wall of Guns: No straight" in out
    assert "* The crew's Health hit 0. Flatlined. *" in out
    assert "Start the next run: Trauma Pack 1: Patched Up (Trauma Pack)" in out
    assert "The crew's max Health is now 18." in out
    assert out.rstrip().endswith("Bye.")


def test_bad_input_gets_one_clear_line_and_the_prompt_again() -> None:
    script = lines("", "", "hello", "", "7", "0", "1")
    code, out = play(["--pack", TINY, "--seed", "2", "--runners", "2"], script)
    assert code == 0
    assert "\"hello\" is not a move here. Type 1, or 'help'." in out
    assert "\nType 1, or 'help'.\n" in out
    assert '"7" is not a move here.' in out
    assert '"0" is not a move here.' in out
    assert "The Briefing (scene #1)" in out  # the "1" finally flipped the card
    assert "Traceback" not in out


def test_end_of_input_anywhere_ends_cleanly() -> None:
    for script in ("", "\n", "\n\n", "\n\n1\n"):
        code, out = play(["--pack", TINY, "--seed", "3"], script)
        assert code == 0
        assert out.rstrip().endswith("Bye.")


def test_commands_work_at_any_prompt() -> None:
    script = lines(
        "",
        "",
        "help",
        "board",
        "hand",
        "deck",
        "clues",
        "memory",
        "log",
        "solve nothing",
        "flip",
        "quit",
    )
    code, out = play(["--pack", TINY, "--seed", "4", "--runners", "2"], script)
    assert code == 0
    assert "Type the number of a move and press Enter." in out
    assert "Player: 0 Eddies, 5 cards" in out
    assert "1x Knife [7 Muscle] - +1 Damage." in out
    assert "No Clue cards set aside yet." in out
    assert "Persistent Memory: nothing yet" in out
    assert "That answer doesn't crack any open clue." in out
    assert "The Briefing (scene #1)" in out  # "flip" is a shortcut for the move


def test_core_pack_session_plays_the_first_scenario_to_its_end() -> None:
    pack = load_default_pack()
    camp = next(iter(pack.campaigns.values()))
    scen = pack.scenarios[camp.scenarios[0]]
    first = next(c for c in scen.deck_in_order() if c.kind.value == "obstacle")
    code, out = play(["--seed", "5", "--runners", "3"], lines("", "") + lines(*["1"] * 400))
    assert code == 0
    assert f"{scen.name} | Round 0 | {len(scen.cards)} Scenario Cards left" in out
    assert re.search(rf"\[(HIT |MISS)\] {re.escape(first.name)}: ", out)
    assert f"* Run complete: {scen.name}." in out or "Flatlined." in out
    assert f"CAMPAIGN: {camp.name}" in out
    assert out.rstrip().endswith("Bye.")


def test_solo_with_a_merc_shows_both_hands() -> None:
    code, out = play(
        ["--pack", TINY, "--seed", "6", "--runners", "1", "--merc"],
        lines("", "") + lines(*["1"] * 6),
    )
    assert code == 0
    assert "Player joins the crew as the Solo, with a Netrunner merc." in out
    assert "YOUR MERC'S HAND (5 cards)" in out
    assert "Player (merc) (Netrunner): hand 5" in out
    assert re.search(r"\d\) Play \(merc\) (Chip|Byte|Port|Node|Link) \[7 Tech\]", out)


def _segments(out: str, name: str) -> list[str]:
    """The parts of a hot-seat transcript shown to `name` (between pass screens)."""
    parts = out.split("Pass the keyboard to ")
    return [p for p in parts[1:] if p.startswith(name + ",")]


def test_hotseat_hides_each_hand_from_the_other_players() -> None:
    script = lines("Ana", "1", "Bo", "") + lines(*["1", ""] * 40)
    code, out = play(["--pack", TINY, "--seed", "7", "--runners", "2", "--hotseat"], script)
    assert code == 0
    assert "Pass the keyboard to Ana, then press Enter." in out
    assert "Pass the keyboard to Bo, then press Enter." in out
    solo = ("Knife", "Blade", "Edge", "Shiv", "Razor")
    net = ("Chip", "Byte", "Port", "Node", "Link")
    ana, bo = _segments(out, "Ana"), _segments(out, "Bo")
    assert ana and bo
    for seg, mine, theirs in ((s, solo, net) for s in ana):
        hand = seg.split("YOUR HAND")[1].split("MOVES")[0] if "YOUR HAND" in seg else ""
        assert any(c in hand for c in mine) or not hand.strip()
        assert not any(c in hand for c in theirs)
        assert not any(f"You drew: {c}" in seg for c in theirs)
    for seg in bo:
        hand = seg.split("YOUR HAND")[1].split("MOVES")[0] if "YOUR HAND" in seg else ""
        assert not any(c in hand for c in solo)
        assert not any(f"You drew: {c}" in seg for c in solo)


@pytest.mark.parametrize(
    "args, message",
    [
        (["--pack", "/nonexistent/pack"], "error: cannot load /nonexistent/pack: "),
        (["--scenario", "nope"], "error: unknown scenario 'nope'; scenarios in this pack: "),
        (["--scenario", "trauma-team-1"], "error: 'trauma-team-1' is a Trauma Pack"),
        (["--campaign", "nope"], "error: unknown campaign 'nope'"),
        (["--runners", "0"], "error: --runners must be between 1 and"),
        (["--runners", "2", "--merc"], "error: --merc is for a runner playing alone"),
        (["--runners", "2", "--humans", "3"], "error: --humans must be between 1 and"),
    ],
)
def test_setup_errors_are_one_line_and_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = play(args, "")
    err = capsys.readouterr().err
    assert code == 2
    assert out == ""
    assert err.startswith(message)
    assert err.count("\n") == 1
    assert "Traceback" not in err


def test_a_broken_pack_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "bad.toml").write_text("[[card]]\nid = 'x'\nranks = [\n")
    (tmp_path / "campaign.toml").write_text("[[campaign]]\nid = 'c'\n")
    code, _ = play(["--pack", str(tmp_path)], "")
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith(f"error: cannot load {tmp_path}: ")
    assert re.search(r"\(and \d+ more; 'python -m content validate .*' lists them all\)", err)
    assert err.count("\n") == 1


def test_help_works_at_the_set_up_prompts_too() -> None:
    """'help at any prompt' includes the name and role questions: it explains the
    prompt instead of naming the runner "help"."""
    script = lines("help", "", "?", "1", "quit")
    code, out = play(["--pack", TINY, "--seed", "4"], script)
    assert code == 0
    assert "Type a name for this runner (Enter keeps the one in brackets), or quit." in out
    assert "Type a number from 1 to" in out
    assert "help joins the crew" not in out.lower()

"""The balance tuning bench's setup overrides touch one Scheme at one player count."""

from __future__ import annotations

import pytest

from bench.legendary_tune import tuned_pack
from content.legendary.loader import load_default_pack
from rules.legendary.setup import Setup, new_game
from rules.legendary.state import Z

PACK = load_default_pack()


def test_tuned_pack_overrides_only_that_player_count() -> None:
    p = tuned_pack(PACK, "countdown-to-zero", 2, twists=5, evil_at=5)
    s, old = p.schemes["countdown-to-zero"], PACK.schemes["countdown-to-zero"]
    assert s.twists_by_players[2] == 5 and s.evil_wins[0].threshold(2) == 5
    for n in (1, 3, 4, 5):  # other player counts keep the bundled setup
        assert s.twists_by_players.get(n, s.twists) == old.twists_by_players.get(n, old.twists)
        assert s.evil_wins[0].threshold(n) == old.evil_wins[0].threshold(n)
    assert old.twists_by_players.get(2, old.twists) != 5  # the bundled pack is unchanged
    assert p.schemes["rig-the-uplink"] == PACK.schemes["rig-the-uplink"]


def test_tuned_pack_wounds_reach_the_game_setup() -> None:
    # The same seed plays the same opening, so the stacks differ by the override only
    # (the bundled 3-player stack is the pack's 30).
    setup = Setup(names=("a", "b", "c"), scheme="contagion-broadcast")
    tuned = new_game(tuned_pack(PACK, "contagion-broadcast", 3, wounds=33), setup, 1).state
    bundled = new_game(PACK, setup, 1).state
    assert len(tuned.zones[Z.WOUNDS]) - len(bundled.zones[Z.WOUNDS]) == 3


def test_the_matrix_pools_each_mastermind_over_the_schemes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from bench.legendary_matrix import matrix

    matrix("greedy", [1], 1, 9, ["rig-the-uplink", "countdown-to-zero"])
    out = capsys.readouterr().out
    rows = [r for r in out.splitlines() if r.startswith(("| rig", "| countdown"))]
    cells = [[c.strip() for c in r.strip("|").split("|")][1:4] for r in rows]
    won = [sum(int(row[i].split("/")[0]) for row in cells) for i in range(3)]
    header = "| players | " + " | ".join(sorted(PACK.masterminds)) + " |"
    assert header in out
    mm_row = out.split(header)[1].splitlines()[2]
    assert [c.strip().split("/")[0] for c in mm_row.strip("|").split("|")][1:] == [
        str(w) for w in won
    ]
    assert all("/2 (" in c for c in mm_row.strip("|").split("|")[1:])  # 2 Schemes, 1 game

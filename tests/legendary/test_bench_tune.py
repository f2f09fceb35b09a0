"""The balance tuning bench's setup overrides touch one Scheme at one player count."""

from __future__ import annotations

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

"""bench/tcg_deck_screen.py: a candidate swap keeps the deck legal or is refused."""

from __future__ import annotations

import pytest

from bench.tcg_deck_screen import main, swapped
from content.tcg.loader import load_default_pack

CORE = load_default_pack()


def test_a_swap_moves_one_copy() -> None:
    base = CORE.decks["loaded-dice"]
    new = swapped(base, "corner-bookie", "hedge-bet", CORE)
    before, after = dict(base.cards), dict(new.cards)
    assert after["corner-bookie"] == before["corner-bookie"] - 1
    assert after["hedge-bet"] == before.get("hedge-bet", 0) + 1
    assert len(new.main_ids()) == len(base.main_ids())


def test_a_fourth_copy_is_refused() -> None:
    base = CORE.decks["loaded-dice"]
    assert dict(base.cards)["decoy-wallet"] == 3
    with pytest.raises(ValueError, match="at most 3 copies of Decoy Wallet, not 4"):
        swapped(base, "lucky-coin", "decoy-wallet", CORE)


def test_a_card_the_deck_lacks_is_refused() -> None:
    with pytest.raises(ValueError, match="has no market-crash to take out"):
        swapped(CORE.decks["loaded-dice"], "market-crash", "hedge-bet", CORE)


def test_the_screen_prints_each_variant_on_the_same_seeds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--deck", "loaded-dice", "--swap", "corner-bookie=hedge-bet"]
    argv += ["--against", "chrome-rush", "--ai", "random,random", "--games", "2", "--seed", "5"]
    assert main(argv) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in out] == [
        "loaded-dice [as is] vs chrome-rush",
        "loaded-dice [corner-bookie->hedge-bet] vs chrome-rush",
    ]
    assert all(" of 2, " in line for line in out)


def test_an_illegal_candidate_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "--deck",
        "loaded-dice",
        "--swap",
        "lucky-coin=decoy-wallet",
        "--against",
        "ghost-protocol",
    ]
    assert main(argv) == 2
    assert "at most 3 copies of Decoy Wallet" in capsys.readouterr().err

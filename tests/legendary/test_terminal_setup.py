"""Choosing the Legendary setup at the terminal: the Scheme, the Mastermind, the Villain
and Henchman groups and the Heroes by flag or at the `--choose` prompt; what is not
chosen is drawn at random; bad names say what is wrong with a "did you mean"."""

from __future__ import annotations

import io

import pytest

from cogs.legendary.terminal.play import main
from cogs.legendary.terminal.session import Session
from content.legendary.loader import load_default_pack
from rules.legendary.state import Game
from tests.terminal.savetools import sessions

PACK = load_default_pack()


def started(monkeypatch: pytest.MonkeyPatch, args: list[str], script: str = "quit\n") -> Game:
    """The game `main` plays with these options (and this typed input), as it stands
    when the session ends."""
    live = sessions(monkeypatch, Session)
    out, err = io.StringIO(), io.StringIO()
    code = main(args, stdin=io.StringIO(script), stdout=out, stderr=err)
    assert code == 0, err.getvalue()
    game: Game = live[-1].game
    return game


def groups(game: Game) -> tuple[set[str], set[str]]:
    """The Villain groups and Henchman groups whose cards are in the game."""
    cards = set(game.instances.values())
    used = {g.id for g in PACK.groups.values() if cards & set(g.cards)}
    return (
        {g for g in used if not PACK.groups[g].henchman},
        {g for g in used if PACK.groups[g].henchman},
    )


def heroes(game: Game) -> set[str]:
    cards = set(game.instances.values())
    return {h.id for h in PACK.heroes.values() if cards & set(h.cards)}


def test_every_part_by_flag_by_id_or_name(monkeypatch: pytest.MonkeyPatch) -> None:
    game = started(
        monkeypatch,
        [
            "--seed", "1", "--players", "3",
            "--scheme", "rig-the-uplink", "--mastermind", "The Helix Board",
            "--villains", "Helix Corp Enforcers", "razor-saints", "The Pale Choir",
            "--henchmen", "street drones",
            "--heroes", "Quill", "skyline", "marrow", "Halo Nine", "doc-mercy",
        ],
    )  # fmt: skip
    assert (game.scheme, game.mastermind) == ("rig-the-uplink", "helix-board")
    assert groups(game) == ({"helix-enforcers", "razor-saints", "pale-choir"}, {"street-drones"})
    assert heroes(game) == {"quill", "skyline", "marrow", "halo-nine", "doc-mercy"}


def test_a_list_named_in_part_is_filled_up_at_random_with_the_leader(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    args = ["--seed", "2", "--players", "3", "--mastermind", "helix-board"]
    game = started(monkeypatch, [*args, "--villains", "Razor Saints", "--heroes", "quill"])
    villains, henchmen = groups(game)
    # Three groups for three players: the one named, the Mastermind's, one drawn.
    assert len(villains) == 3 and {"razor-saints", "helix-enforcers"} < villains
    assert len(henchmen) == 1
    assert "quill" in heroes(game) and len(heroes(game)) == 5
    # Drawn from the seed: the same options make the same game.
    again = started(monkeypatch, [*args, "--villains", "Razor Saints", "--heroes", "quill"])
    assert again == game
    other = [
        started(monkeypatch, ["--seed", str(s), "--players", "3", "--heroes", "quill"])
        for s in range(3, 9)
    ]
    assert len({frozenset(heroes(g)) for g in other}) > 1  # and not always the same draw


def test_nothing_named_leaves_the_draw_to_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    from rules.legendary.setup import Setup, new_game

    game = started(monkeypatch, ["--seed", "7"])
    drawn = new_game(PACK, Setup(names=("you", "ai2")), 7).state
    assert (game.scheme, game.mastermind) == (drawn.scheme, drawn.mastermind)
    assert game.instances == drawn.instances  # every card the setup put in the game


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--villains", "Razor Sants"],
            "error: unknown Villain Group 'Razor Sants' (did you mean 'Razor Saints'?); "
            "Villain Groups: ",
        ),
        (["--henchmen", "drones"], "error: unknown Henchman Group 'drones'"),
        (["--heroes", "Quil"], "error: unknown Hero 'Quil' (did you mean 'Quill'?); Heroes: "),
        (["--heroes", "quill", "Quill"], "error: --heroes names Quill twice; name each one once"),
        (
            ["--players", "1", "--villains", "razor-saints", "pale-choir"],
            "error: --villains: this game takes 1 Villain Group, not 2; name at most 1",
        ),
        (
            ["--mastermind", "helix-board", "--villains", "razor-saints", "pale-choir"],
            "error: The Mastermind always leads 'helix-enforcers'; include it among the",
        ),
        (["--scheme", "Blackout"], "error: unknown scheme 'Blackout'"),
    ],
)
def test_bad_setup_names_are_one_line_and_exit_2(args: list[str], message: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    code = main(["--seed", "1", *args], stdin=io.StringIO(""), stdout=out, stderr=err)
    assert code == 2 and out.getvalue() == ""
    assert err.getvalue().startswith(message), err.getvalue()
    assert err.getvalue().count("\n") == 1


def test_the_choose_prompt_picks_each_part_and_draws_the_rest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    script = "\n".join(
        [
            "Countdown to Zero",  # Scheme by name
            "",  # Mastermind: drawn
            "razor sants",  # a typo: said, and asked again
            "9",  # no such number
            "razor saints",
            "2",  # Henchmen by number (Street Drones)
            "quill, 3, quill",  # named twice: asked again
            "quill, 3",  # Heroes: two, the rest drawn
            "quit",
        ]
    )
    out = io.StringIO()
    live = sessions(monkeypatch, Session)
    code = main(["--seed", "3", "--choose"], stdin=io.StringIO(script + "\n"), stdout=out)
    text = out.getvalue()
    assert code == 0, text
    game = live[-1].game
    assert game.scheme == "countdown-to-zero"
    mm = PACK.masterminds[game.mastermind]
    assert f"Mastermind: {mm.name} (drawn at random)." in text
    assert "There is no 'razor sants' here (did you mean 'Razor Saints'?).\n" in text
    assert "There is no number 9 here.\nType numbers from 1 to " in text
    assert "Quill is named twice.\nName each one once." in text
    villains, henchmen = groups(game)
    assert "razor-saints" in villains and henchmen == {"street-drones"}
    assert {"quill", "halo-nine"} <= heroes(game) and len(heroes(game)) == 5
    assert "Drawn at random: " in text


def test_the_choose_prompt_skips_what_the_flags_named_and_quits_cleanly() -> None:
    out = io.StringIO()
    args = ["--choose", "--scheme", "rig-the-uplink", "--mastermind", "overseer-kael"]
    code = main([*args, "--villains", "razor-saints"], stdin=io.StringIO("quit\n"), stdout=out)
    text = out.getvalue()
    assert code == 0
    assert "Scheme:" not in text and "Villain Groups:" not in text
    assert "Henchman Groups: 1) Corp Security; 2) Street Drones" in text
    assert text.rstrip().endswith("Bye.")

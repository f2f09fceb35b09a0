"""Terminal campaigns are saved in the database after every move, and come back."""

from __future__ import annotations

import asyncio
import io
import re
from pathlib import Path

import pytest

from bot.service.game import GameService
from bot.storage.sqlite import SqliteStore
from cogs.legends.adapter import LegendsAdapter
from cogs.legends.terminal.play import main
from content.legends.loader import load_pack
from rules.legends.ai import CrewAI
from rules.legends.engine import new_table
from tests.terminal.savetools import come_back, rows

TINY = str(Path(__file__).parent / "tinypack")


def play(args: list[str], script: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(args, stdin=io.StringIO(script), stdout=out)
    return code, out.getvalue()


def lines(*moves: str) -> str:
    return "".join(m + "\n" for m in moves)


def test_save_quit_resume_round_trip(database: Path) -> None:
    # Start, vote, flip the Obstacle, play Knife; then quit mid-run.
    code, first = play(
        ["--pack", TINY, "--seed", "1", "--runners", "2"],
        lines("Ana", "", "1", "1", "1", "knife", "quit"),
    )
    assert code == 0
    assert re.search(r"Saved as campaign term-[0-9a-f]{6} in .*fixer\.sqlite3: every move", first)
    assert "Your campaign is saved (mid-run in Training Day, round 1)." in first
    argv, cid = come_back(first)
    assert argv == ["--resume", cid, "--db", str(database), "--pack", TINY]
    # Every move is in the database: the log replays to the stored state.
    [(version, channel, guild, owner)] = rows(
        database, f"SELECT version, channel_id, guild_id, owner FROM campaigns WHERE id = '{cid}'"
    )
    assert (channel, guild, owner) == (f"terminal:{cid}", None, "terminal")
    [(logged,)] = rows(database, f"SELECT count(*) FROM actions WHERE campaign_id = '{cid}'")
    assert logged == version  # genesis at v0, one log row per move

    async def verify() -> bool:
        store = await SqliteStore.open(database)
        try:
            return await GameService(store, LegendsAdapter(load_pack(Path(TINY)))).verify(cid)
        finally:
            await store.close()

    assert asyncio.run(verify())
    # Resume with the very command it printed: the same board, Knife already in the Plan.
    code, again = play(argv, lines("1", "quit"))
    assert code == 0
    assert f"Back to Tiny Campaign.\nCampaign {cid}: mid-run in Training Day, round 1." in again
    assert "  1. Ana plays Knife [7 Muscle] - +1 Damage." in again
    assert "YOUR HAND (4 cards)" in again
    assert "Knife" not in again.split("YOUR HAND")[1].split("MOVES")[0]
    [(after,)] = rows(database, f"SELECT version FROM campaigns WHERE id = '{cid}'")
    assert isinstance(after, int) and isinstance(version, int) and after > version


def test_end_of_input_mid_run_also_saves(database: Path) -> None:
    code, out = play(["--pack", TINY, "--seed", "2"], lines("", "", "1", "1"))
    assert code == 0
    argv, cid = come_back(out)
    code, again = play(argv, "")
    assert code == 0
    assert f"Campaign {cid}: mid-run in Training Day" in again


def test_resume_without_id_lists_the_terminal_campaigns_and_picks_one(database: Path) -> None:
    _, a = play(["--pack", TINY, "--seed", "3"], lines("Ana", "", "quit"))
    _, b = play(["--pack", TINY, "--seed", "4"], lines("Bo", "", "1", "quit"))
    _, cid_a = come_back(a)
    _, cid_b = come_back(b)
    code, out = play(["--resume", "--pack", TINY], lines("2", "quit"))
    assert code == 0
    listing = out.split("Pick one")[0]
    assert f"Saved terminal campaigns in {database}, the latest first:" in listing
    # The latest first: Bo's campaign, then Ana's; each with its crew and where it is.
    assert listing.index(cid_b) < listing.index(cid_a)
    assert re.search(rf"1\) {cid_b}  Tiny Campaign: Bo \(Solo\), .*; mid-run: Training Day", out)
    assert f"Campaign {cid_a}: " in out  # "2" picked Ana's


def test_discord_campaigns_are_neither_listed_nor_resumed(
    database: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = load_pack(Path(TINY))

    async def discord_campaign() -> None:
        store = await SqliteStore.open(database)
        svc = GameService(store, LegendsAdapter(pack))
        state = new_table(
            table_id="d1", name="On Discord", owner="42", campaign="tiny", seed=1, content=pack
        )
        await svc.create(
            campaign_id="d1",
            name="On Discord",
            owner="42",
            state=state,
            guild_id="7",
            channel_id="1234",
        )
        await store.close()

    asyncio.run(discord_campaign())
    _, out = play(["--pack", TINY, "--seed", "5"], lines("", "", "quit"))
    _, cid = come_back(out)
    code, listed = play(["--resume", "--pack", TINY], "quit\n")
    # Whole words: a random terminal id such as term-52ed1d holds the letters "d1" too.
    assert cid in listed and not re.search(r"\bd1\b", listed) and "On Discord" not in listed
    code, _ = play(["--resume", "d1", "--pack", TINY], "")
    assert code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: campaign 'd1' is not a terminal campaign")
    assert err.count("\n") == 1

    # And the Discord side never finds the terminal campaign by a channel.
    async def lookups() -> list[object]:
        store = await SqliteStore.open(database)
        try:
            return [
                await store.find_active_by_channel("1234", "legends"),
                await store.get_info(cid),
            ]
        finally:
            await store.close()

    bound, info = asyncio.run(lookups())
    assert getattr(bound, "id", None) == "d1"
    assert getattr(info, "channel_id", None) == f"terminal:{cid}"


def test_resume_with_another_pack_says_which(
    database: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out = play(["--pack", TINY, "--seed", "6"], lines("", "", "quit"))
    _, cid = come_back(out)
    code, _ = play(["--resume", cid], "")  # the core pack: no "tiny" campaign
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith(f"error: campaign '{cid}' was not played with this pack (it has no ")
    assert "--pack DIR" in err


def test_quitting_before_the_crew_is_set_up_saves_nothing(database: Path) -> None:
    code, out = play(["--pack", TINY, "--seed", "7"], lines("Ana", "quit"))
    assert code == 0
    assert "Nothing was saved: the crew was not set up yet.\nBye." in out
    assert rows(database, "SELECT count(*) FROM campaigns") == [(0,)]


def test_a_database_that_cannot_be_used_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = play(["--db", str(tmp_path / "no" / "such" / "dir.db"), "--pack", TINY], "")
    err = capsys.readouterr().err
    assert code == 1
    assert out == ""
    assert err.startswith(f"error: cannot use the database {tmp_path}/no/such/dir.db: ")
    assert err.count("\n") == 1


def test_the_ai_crewmates_decide_from_their_own_views_after_a_resume(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[tuple[int, ...]] = []
    real = CrewAI.choose

    def spy(self: CrewAI, view: object, content: object) -> object:
        seen.append(tuple(getattr(view, "hands", {})))
        return real(self, view, content)  # type: ignore[arg-type]

    monkeypatch.setattr(CrewAI, "choose", spy)
    _, out = play(["--pack", TINY, "--seed", "8", "--runners", "2"], lines("", "", "1", "quit"))
    argv, _ = come_back(out)
    play(argv, lines(*["1"] * 6))
    assert seen
    assert all(hands == (1,) for hands in seen)  # the AI sits in seat 1: its hand only


class OtherTerminal:
    """A stdin that, at the vote, makes the vote from another "terminal" first (through
    its own store and service on the same file), then types 'choose B'."""

    def __init__(self, database: Path, out: io.StringIO) -> None:
        self.database = database
        self.out = out
        self.script = ["", "", "1"]
        self.done = False

    def readline(self) -> str:
        if self.script:
            return self.script.pop(0) + "\n"
        if not self.done and "Vote A: Take the advance" in self.out.getvalue():
            self.done = True
            self.interfere()
            return "choose B\n"
        return ""

    def interfere(self) -> None:
        from rules.legends.actions import Choose

        async def vote() -> None:
            store = await SqliteStore.open(self.database)
            try:
                [info] = await store.list_campaigns("active")
                svc = GameService(store, LegendsAdapter(load_pack(Path(TINY))))
                await svc.act(info.id, Choose(player="p1", option="A"))
            finally:
                await store.close()

        asyncio.run(vote())


def test_a_move_made_elsewhere_first_is_not_lost_and_the_table_reloads(database: Path) -> None:
    out = io.StringIO()
    stdin = OtherTerminal(database, out)
    code = main(["--pack", TINY, "--seed", "1"], stdin=stdin, stdout=out)  # type: ignore[arg-type]
    assert code == 0
    text = out.getvalue()
    assert stdin.done
    assert "This campaign was changed elsewhere (another terminal?)" in text
    after = text.split("changed elsewhere", 1)[1]
    # The other terminal's vote A stands (it was first); B was not applied.
    assert ". The crew chose A: Take the advance." in after
    assert "Player votes B" not in text


def test_a_campaign_killed_at_a_prompt_loses_no_move(
    database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cogs.legends.terminal.session import Session
    from tests.terminal import savetools

    def version(s: Session) -> int:
        return s.table.version

    args = ["--pack", TINY, "--seed", "1"]
    s, checked = savetools.killed_after(main, Session, args, 5, database, monkeypatch, version)
    assert checked >= 3 and s.cid is not None
    code, again = play(["--resume", s.cid, "--pack", TINY], "quit\n")
    assert code == 0
    assert f"Campaign {s.cid}: mid-run in Training Day, round 1." in again

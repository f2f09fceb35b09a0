"""The game-neutral gallery writer (cogs/common/gallery.py): payloads as Markdown, the CLI."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import discord
import pytest

from cogs.common import gallery


def _view() -> discord.ui.View:
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="Accept", style=discord.ButtonStyle.success))
    view.add_item(discord.ui.Button(label="Gone", disabled=True))
    select: discord.ui.Select[discord.ui.View] = discord.ui.Select(
        placeholder="Pick a deck", options=[discord.SelectOption(label="Red", description="x")]
    )
    select.row = 1
    view.add_item(select)
    return view


def _shot(**kw: object) -> gallery.Shot:
    embed = discord.Embed(title="T", description="line 1\n\nline 3")
    embed.add_field(name="F", value="v")
    embed.set_footer(text="foot")
    values: dict[str, object] = dict(
        key="k",
        title="A shot",
        audience="public",
        public=True,
        note="why",
        content="hello",
        embeds=[embed],
        view=_view(),
        state=SimpleNamespace(version=7),
    )
    values.update(kw)
    return gallery.Shot(**values)  # type: ignore[arg-type]


def test_a_shot_reads_as_markdown() -> None:
    md = gallery.shot_markdown(_shot())
    assert md.splitlines()[:3] == ["## A shot", "", "_public_ · `k` · v7"]
    assert "> ### T" in md and "> line 1\n>\n> line 3" in md
    assert "> **F**\n> v" in md and "> <sub>foot</sub>" in md
    assert "- row 1: `[Accept]` _success_ `[Gone]` _secondary, disabled_" in md
    assert "- row 2: `[Pick a deck ▾]` _select_: Red" in md


def test_a_state_without_a_version_shows_none() -> None:
    md = gallery.shot_markdown(_shot(state=None, view=None, note=""))
    assert md.splitlines()[2] == "_public_ · `k`"
    assert "**buttons:**" not in md


def test_every_text_of_a_shot_is_scanned() -> None:
    texts = list(gallery.iter_texts(_shot()))
    for text in ("hello", "T", "F", "v", "foot", "Accept", "Pick a deck", "Red", "x"):
        assert text in texts


def test_the_document_has_a_heading_intro_and_contents() -> None:
    md = gallery.gallery_markdown("Title", ("One.", "Two."), [_shot()])
    assert md.startswith("# Title\n\nOne.\n\nTwo.\n\n## Contents\n\n- A shot (`k`)\n\n## A shot")


def test_the_command_line_writes_the_language_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "g.md"
    code = gallery.main(
        ["--lang", "pl", "--out", str(out)], prog="p", doc=None, render=lambda loc: f"[{loc}]"
    )
    assert code == 0 and out.read_text(encoding="utf-8") == "[pl]"
    gallery.main([], prog="p", doc=None, render=lambda loc: f"<{loc}>")
    assert capsys.readouterr().out.endswith("<en>")

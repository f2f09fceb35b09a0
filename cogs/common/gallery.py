"""A message gallery as Markdown: what every game's gallery tool shares.

A game's gallery (`python -m cogs.<game>.gallery`) plays real states through its engine
and renders the messages its bot sends then, with the bot's own render and button code.
This module writes those payloads (content, embeds, components) as Markdown a human can
review without a Discord client, and holds the `--lang/--out` command line. It knows no
game: the game gives its shots, its document's heading and how to build them.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord


@dataclass
class Shot:
    """One message as the bot would send it, and the game state it was rendered from."""

    key: str
    title: str
    audience: str  # who sees it
    public: bool
    note: str
    content: str | None
    embeds: list[discord.Embed]
    view: discord.ui.View | None
    state: Any = field(repr=False)

    def components(self) -> list[dict[str, Any]]:
        return self.view.to_components() if self.view is not None else []

    def stamp(self) -> str:
        """The state's version, when it has one (a reviewer matches it to a log line)."""
        version = getattr(self.state, "version", None)
        return f" · v{version}" if version is not None else ""


# ---- Markdown -----------------------------------------------------------------------------

_STYLE = {1: "primary", 2: "secondary", 3: "success", 4: "danger", 5: "link"}
# Component types that are not buttons (discord.ComponentType's numbers).
_SELECT = {
    3: "select",
    5: "user select",
    6: "role select",
    7: "mention select",
    8: "channel select",
}


def _quote(text: str) -> list[str]:
    return ["> " + line if line else ">" for line in text.splitlines()]


def embed_markdown(e: discord.Embed) -> list[str]:
    d = e.to_dict()
    out: list[str] = []
    if d.get("title"):
        out.append(f"> ### {d['title']}")
    if d.get("description"):
        out += _quote(str(d["description"]))
    for f in d.get("fields", []):
        out.append(">")
        out.append(
            f"> **{f['name']}**" if not str(f["name"]).startswith("**") else f"> {f['name']}"
        )
        out += _quote(str(f["value"]))
    if d.get("footer", {}).get("text"):
        out.append(">")
        out += [f"> <sub>{line}</sub>" for line in str(d["footer"]["text"]).splitlines()]
    return out


def _cell(c: dict[str, Any]) -> str:
    kind = int(c.get("type", 2))
    if kind in _SELECT:
        options = [str(o.get("label", "")) for o in c.get("options", [])]
        shown = " · ".join(options)
        return f"`[{c.get('placeholder', '')} ▾]` _{_SELECT[kind]}_" + (
            f": {shown}" if shown else ""
        )
    style = _STYLE.get(int(c.get("style", 2)), "?")
    dis = ", disabled" if c.get("disabled") else ""
    return f"`[{c.get('label', '')}]` _{style}{dis}_"


def buttons_markdown(components: list[dict[str, Any]]) -> list[str]:
    out = []
    for i, row in enumerate(components, 1):
        cells = [_cell(c) for c in row.get("components", [])]
        out.append(f"- row {i}: " + " ".join(cells))
    return out


def shot_markdown(shot: Shot) -> str:
    lines = [f"## {shot.title}", "", f"_{shot.audience}_ · `{shot.key}`{shot.stamp()}"]
    if shot.note:
        lines.append(f"— {shot.note}")
    lines.append("")
    if shot.content:
        lines.append("**content:**")
        lines += _quote(shot.content)
        lines.append("")
    for e in shot.embeds:
        lines += embed_markdown(e)
        lines.append("")
    comps = shot.components()
    if comps:
        lines.append("**buttons:**")
        lines += buttons_markdown(comps)
        lines.append("")
    return "\n".join(lines)


def gallery_markdown(title: str, intro: Sequence[str], all_shots: Sequence[Shot]) -> str:
    """The whole document: a heading, the intro's paragraphs, contents, then every shot."""
    head = [f"# {title}", ""]
    for paragraph in intro:
        head += [paragraph, ""]
    head += ["## Contents", ""]
    head += [f"- {s.title} (`{s.key}`)" for s in all_shots]
    head.append("")
    return "\n".join(head) + "\n" + "\n".join(shot_markdown(s) for s in all_shots)


def iter_texts(shot: Shot) -> Iterator[str]:
    """Every piece of text a shot shows (content, embeds, button and option labels)."""
    if shot.content:
        yield shot.content
    for e in shot.embeds:
        d = e.to_dict()
        for k in ("title", "description"):
            if d.get(k):
                yield str(d[k])
        for f in d.get("fields", []):
            yield str(f["name"])
            yield str(f["value"])
        if d.get("footer", {}).get("text"):
            yield str(d["footer"]["text"])
    for row in shot.components():
        for c in row.get("components", []):
            if c.get("label"):
                yield str(c["label"])
            if c.get("placeholder"):
                yield str(c["placeholder"])
            for o in c.get("options", []):
                for k in ("label", "description"):
                    if o.get(k):
                        yield str(o[k])


# ---- the command line ---------------------------------------------------------------------


def main(
    argv: Sequence[str] | None, *, prog: str, doc: str | None, render: Callable[[str], str]
) -> int:
    """`--lang` picks the messages' language, `--out` the file (stdout without one);
    `render(loc)` is the game's whole document in that language."""
    ap = argparse.ArgumentParser(
        prog=prog, description=doc, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--out", type=Path, help="write the Markdown here (default: stdout)")
    ap.add_argument("--lang", default="en", help="the messages' language (default: en)")
    args = ap.parse_args(argv)
    text = render(args.lang)
    if args.out is None:
        sys.stdout.write(text)
    else:
        args.out.write_text(text, encoding="utf-8")
        print(f"wrote {args.out} ({len(text)} characters)")
    return 0

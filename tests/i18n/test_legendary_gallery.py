"""The Legendary message gallery (cogs/legendary/gallery.py): the committed documents are
what the generator writes, in English and Polish; every shot fits Discord's limits in
both; no public shot names a card only a hand holds."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from cogs.common.gallery import Shot, iter_texts
from cogs.common.text import CONTENT_MAX
from cogs.legendary import gallery
from rules.legendary.view import view
from tests.i18n.test_legendary_render import SUPPLY, _components
from tests.legendary_discord.test_render_limits import _check

REPO = Path(__file__).resolve().parents[2]
DOCS = {"en": REPO / "docs/legendary-gallery.md", "pl": REPO / "docs/legendary-gallery.pl.md"}


@functools.cache
def shots(loc: str) -> tuple[Shot, ...]:
    return tuple(gallery.shots(loc))


@pytest.mark.parametrize("loc", sorted(DOCS))
def test_the_committed_gallery_is_what_the_generator_writes(loc: str) -> None:
    assert DOCS[loc].read_text(encoding="utf-8") == gallery.gallery_markdown(shots(loc)), (
        f"regenerate: python -m cogs.legendary.gallery --lang {loc} --out {DOCS[loc]}"
    )


def test_the_cli_writes_the_file(tmp_path: Path) -> None:
    out = tmp_path / "g.md"
    assert gallery.main(["--lang", "pl", "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == DOCS["pl"].read_text(encoding="utf-8")


@pytest.mark.parametrize("loc", sorted(DOCS))
def test_every_kind_is_shown_and_fits(loc: str) -> None:
    keys = [s.key for s in shots(loc)]
    for kind in ("new", "start", "panel", "prompt", "panel-prompt", "end", "status", "log",
                 "victory", "card", "rules", "reminder", "refusal-turn", "ai-turn"):  # fmt: skip
        assert kind in keys, kind
    assert len(keys) == len(set(keys))
    for s in shots(loc):
        assert s.content is None or len(s.content) <= CONTENT_MAX, s.key
        for e in s.embeds:
            _check(e)
        _components(s.view)


def test_the_polish_gallery_reads_polish() -> None:
    en = "\n".join(t for s in shots("en") for t in iter_texts(s))
    pl = "\n".join(t for s in shots("pl") for t in iter_texts(s))
    assert "Twoja ręka" in pl and "Moja ręka" in pl and "Miasto" in pl
    assert "Your hand" not in pl and "My hand" not in pl and "Villain Deck" not in pl
    assert "Your hand" in en and "Twoja ręka" not in en


@pytest.mark.parametrize("loc", sorted(DOCS))
def test_no_public_shot_names_a_hand_card(loc: str) -> None:
    pack = gallery.pack()
    checked = 0
    for s in shots(loc):
        state = s.state
        if not s.public or getattr(state, "game", None) is None:
            continue
        g = state.game
        pub = view(g, pack, None).model_dump_json()
        secret = {
            c.name
            for seat in range(g.players)
            for c in view(g, pack, seat).players[seat].hand or ()
            if c.id not in SUPPLY and c.name not in pub
        }
        said = "\n".join(iter_texts(s))
        checked += len(secret)
        for name in secret:
            assert name not in said, f"{loc} {s.key} shows {name!r}"
    assert checked > 0  # (early shots: hands hold mostly starting cards)

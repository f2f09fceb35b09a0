"""`/legends shop` and `/legends deck` in the reader's language (docs/i18n.md, "Content
translations"): the Upgrade Pool's cards read with the texts of the pack's translation,
and a card the translation names reads by that name in the shop, its Buy buttons, the
deck and their autocompletes; both messages fit Discord's limits in either language."""

from __future__ import annotations

import shutil

import pytest

from cogs.legends import render, render_private
from cogs.legends.localize import card_words
from content.legends.loader import DEFAULT_PACK_DIR, load_pack
from rules.legends import engine
from rules.legends.cards import ContentPack
from rules.legends.state import Table
from tests.discord.test_render import check, content, long_content, runs

LANGS = ("en", "pl")


def _between_runs() -> Table:
    _, steps = runs()[0]
    end = steps[-1].after
    assert end.run is None
    return end


def test_the_shop_reads_the_pool_s_texts_in_polish() -> None:
    c, end = content(), _between_runs()
    pool = engine.shop_cards(end, c)
    assert pool
    mine = [r for r in end.runners if r.player == end.runners[0].player]
    pl = render_private.shop_embed(mine, pool, c, open_now=True, loc="pl").description or ""
    en = render_private.shop_embed(mine, pool, c, open_now=True, loc="en").description or ""
    translated = [cid for cid in pool if card_words(c, "pl", cid)[1] != c.cards[cid].text]
    assert translated, "the pool has no card the translation words"
    for cid in translated:
        assert c.cards[cid].text not in pl, cid
        assert card_words(c, "pl", cid)[1] in pl, cid
        assert c.cards[cid].text in en, cid
    assert pl.startswith("Ty: ") and en.startswith("You: ")


@pytest.fixture(scope="module")
def named(tmp_path_factory: pytest.TempPathFactory) -> tuple[ContentPack, str]:
    """The bundled pack whose Polish translation also names a card of the Upgrade Pool."""
    c, end = content(), _between_runs()
    cid = engine.shop_cards(end, c)[0]
    dest = tmp_path_factory.mktemp("pack") / "pack"
    shutil.copytree(DEFAULT_PACK_DIR, dest, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    tr = dest / "translations" / "pl.toml"
    text = tr.read_text(encoding="utf-8")
    head = f"[cards.{cid}]\n"
    assert head in text, cid
    tr.write_text(text.replace(head, f'{head}name = "Nazwa Polska"\n'), encoding="utf-8")
    return load_pack(dest), cid


def test_a_card_the_translation_names_reads_by_that_name(
    named: tuple[ContentPack, str],
) -> None:
    c, cid = named
    end = _between_runs()
    pool = engine.shop_cards(end, c)
    english = c.cards[cid].name
    shop = render_private.shop_embed(end.runners, pool, c, open_now=True, loc="pl")
    assert "Nazwa Polska" in (shop.description or "")
    assert f"**{english} [" not in (shop.description or "")
    assert render_private.pack_card_label(c, cid, loc="pl").startswith("Nazwa Polska [")
    assert render_private.pack_card_label(c, cid, loc="en").startswith(f"{english} [")
    runner = end.runners[0].model_copy(update={"deck": (*end.runners[0].deck, cid)})
    deck = render_private.deck_embed([runner], c, loc="pl").description or ""
    assert "Nazwa Polska [" in deck and f"× {english} [" not in deck


@pytest.mark.parametrize("loc", LANGS)
def test_the_between_runs_screens_fit_with_the_longest_texts(loc: str) -> None:
    lc = long_content()
    _, steps = runs()[4]
    end = steps[-1].after
    pool = engine.shop_cards(end, lc) or list(lc.cards)
    shop = render_private.shop_embed(end.runners, pool, lc, open_now=False, loc=loc)
    check(None, [shop], None, f"{loc} shop")
    check(None, [render_private.deck_embed(end.runners, lc, loc=loc)], None, f"{loc} deck")
    # The other between-runs screens, in each language too.
    check(None, [render.campaign_embed(end, lc, loc=loc)], None, f"{loc} campaign")
    check(None, [render.clues_embed(end, lc, loc=loc)], None, f"{loc} clues")
    check(None, [render.memory_embed(end, lc, loc=loc)], None, f"{loc} memory")

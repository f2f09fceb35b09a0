"""Cyberpunk Legends in Polish: every message kind the gallery shows, every step of whole
runs, and the adversarial (longest) states render within Discord's limits in both
languages (Polish strings run longer), and the hidden-information scan holds in both."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

import pytest

from cogs.legends import gallery, render
from cogs.legends.components import board_buttons
from cogs.legends.gallery import Shot
from cogs.legends.localize import localize_board
from rules.legends.view import board
from tests.discord.test_render import (
    REPO,
    adversarial_states,
    assert_public_safe,
    check,
    content,
    reveal,
    runs,
    secret_names,
    texts,
)

LANGS = ("en", "pl")


@functools.cache
def shots(loc: str) -> tuple[Shot, ...]:
    return tuple(gallery.shots(content(), loc=loc))


@pytest.mark.parametrize("loc", LANGS)
def test_every_gallery_message_within_limits(loc: str) -> None:
    for shot in shots(loc):
        check(shot.content, shot.embeds, shot.view, f"{loc} {shot.key}")


@pytest.mark.parametrize("loc", LANGS)
def test_gallery_public_messages_show_no_hidden_card(loc: str) -> None:
    c = content()
    every_played = {
        c.cards[e.data["card"]].name
        for _, steps in runs()[:4]
        for s in steps
        for e in s.events
        if e.kind == "card_entered" and e.seats is None
    }
    for shot in shots(loc):
        if shot.public:
            secret = secret_names(shot.state, c, every_played)
            assert_public_safe(shot.content, shot.embeds, shot.view, secret, f"{loc} {shot.key}")


@functools.cache
def english_pack_lines() -> frozenset[str]:
    """The opening of every line of the bundled pack's English texts that its Polish
    translation words differently (player cards, intros, Scenario Cards, choices): none
    may show in a Polish render."""
    c = content()
    tr = c.translations["pl"]
    out: set[str] = set()

    def add(en: str | None, there: str | None, shortest: int = 24) -> None:
        if not en or not there or en == there:
            return
        for line in en.splitlines():
            if len(line.strip()) >= shortest:
                out.add(line.strip()[:40])

    for cid, words in tr.cards.items():
        add(c.cards[cid].text, words.text)
    for sid, st in tr.scenarios.items():
        scen = c.scenarios[sid]
        add(scen.intro, st.intro)
        for scard in scen.cards:
            sc = st.cards.get(scard.order)
            if sc is not None:
                add(scard.text, sc.text)
                for ch in scard.choices:
                    add(ch.label, sc.choices.get(ch.key), shortest=12)
    return frozenset(out)


def assert_no_english_pack_text(parts: Iterable[str], what: str) -> None:
    text = "\n".join(parts)
    left = sorted(line for line in english_pack_lines() if line in text)
    assert not left, f"{what}: the pack's English where Polish is translated: {left}"


def test_the_english_pack_text_scan_would_catch_english() -> None:
    lines = english_pack_lines()
    assert len(lines) > 50
    c = content()
    scard = next(sc for sc in c.scenarios["edge-of-the-market"].cards if sc.order == 12)
    with pytest.raises(AssertionError):
        assert_no_english_pack_text([scard.text], "en")


@pytest.mark.parametrize("index", range(5))
def test_every_step_in_polish_within_limits_and_hiding_hands(index: int) -> None:
    c, steps = runs()[index]
    # The bundled pack's runs: the pack's translated texts read Polish in every message
    # (the longest-texts pack of the last run rewrites them, so its English stays).
    scan = c is content()
    revealed: set[str] = set()
    for n, step in enumerate(steps):
        reveal(revealed, step.events, c)
        st = step.after
        what = f"pl run {index} step {n} ({step.action.type})"
        secret = secret_names(st, c, revealed)
        upd = gallery.public_update("u", "u", "", step, c, loc="pl")
        if upd is not None:
            check(upd.content, upd.embeds, upd.view, what + " update")
            assert_public_safe(upd.content, upd.embeds, upd.view, secret, what + " update")
            if scan:
                assert_no_english_pack_text(gallery.iter_texts(upd), what + " update")
        b = localize_board(board(st, c), c, st, "pl")
        embed = (
            render.board_embed(b, loc="pl")
            if st.run is not None
            else render.campaign_embed(st, c, loc="pl")
        )
        check(None, [embed], board_buttons(b, loc="pl"), what + " board")
        assert_public_safe(None, [embed], board_buttons(b, loc="pl"), secret, what + " board")
        if scan:
            assert_no_english_pack_text(texts(None, [embed], None), what + " board")
        if st.run is None:
            continue
        for player in dict.fromkeys(r.player for r in st.runners):
            notes = gallery.private_notes(step, player, loc="pl")
            shot = gallery.hand_panel("h", "h", "", st, player, c, notes, loc="pl")
            check(shot.content, shot.embeds, shot.view, what + f" panel of {player}")
            if scan:
                assert_no_english_pack_text(gallery.iter_texts(shot), what + f" panel of {player}")


def test_adversarial_states_in_polish_within_limits_and_hiding_hands() -> None:
    for name, st, c in adversarial_states():
        b = board(st, c)
        embed = render.board_embed(b, loc="pl")
        check(None, [embed], board_buttons(b, loc="pl"), name + " pl board")
        assert_public_safe(None, [embed], None, secret_names(st, c, set()), name + " pl board")
        for player in dict.fromkeys(r.player for r in st.runners):
            shot = gallery.hand_panel(
                "h", "h", "", st, player, c, ["🔒 " + "x" * 200] * 6, loc="pl"
            )
            check(None, shot.embeds, shot.view, f"{name} pl panel of {player}")


def test_polish_messages_are_polish() -> None:
    """The Polish gallery reads Polish where Fixer speaks (card texts stay as printed)."""
    by = {s.key: s for s in shots("pl")}
    board_text = by["status"].embeds[0].description or ""
    assert "Zdrowie" in board_text and "Lider" in board_text and "Health" not in board_text
    hand = by["hand-turn"].embeds[0]
    assert (hand.title or "").startswith("Twoja ręka")
    assert "Widzisz to tylko ty" in (hand.footer.text or "")
    assert "🚫" in (by["refusal"].embeds[0].description or "")
    labels = [c["label"] for row in by["status"].components() for c in row["components"]]
    assert "Moja ręka" in labels
    # Counts take the Polish form of the number.
    assert re.search(r"\b\d+ (karta|karty|kart)\b", hand.description or "")


def test_english_messages_are_unchanged_by_the_catalogue() -> None:
    en, default = shots("en"), tuple(gallery.shots(content()))
    assert [gallery.shot_markdown(s) for s in en] == [gallery.shot_markdown(s) for s in default]


@pytest.mark.parametrize(
    ("loc", "name"), [("en", "discord-gallery.md"), ("pl", "discord-gallery.pl.md")]
)
def test_the_gallery_of_each_language_is_committed(loc: str, name: str) -> None:
    doc = REPO / "docs" / name
    assert doc.exists(), f"run: python -m cogs.legends.gallery --lang {loc} --out docs/{name}"
    assert doc.read_text(encoding="utf-8") == gallery.gallery_markdown(shots(loc))

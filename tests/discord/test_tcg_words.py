"""The TCG engine's English texts (events, refusals) in Polish at render time
(cogs/tcg/words.py): every line random duels produce has a template, the values survive,
and English stays as the engine wrote it."""

from __future__ import annotations

import random

import pytest

from cogs.tcg import howto
from cogs.tcg.words import BOOK, say
from content.tcg.loader import load_default_pack
from rules.core.errors import Refusal
from rules.tcg import actions as act
from rules.tcg.cards import TcgContent
from rules.tcg.codes import RefusalCode
from rules.tcg.engine import apply, new_duel
from rules.tcg.legal import legal_actions, to_act
from rules.tcg.state import Duel


def _random_texts(content: TcgContent, seeds: range) -> list[str]:
    decks = sorted(content.decks.values(), key=lambda d: d.id)
    texts: list[str] = []
    for seed in seeds:
        rng = random.Random(seed)
        pair = (decks[seed % len(decks)], decks[(seed + 1) % len(decks)])
        s: Duel = new_duel(
            duel_id="d",
            players=("1", "2"),
            names=("alice", "bob"),
            decks=pair,
            seed=seed,
            content=content,
        )
        for _ in range(800):
            w = to_act(s)
            if s.result is not None or w is None:
                break
            legal = legal_actions(s, content, s.seats[w].player)
            choices = [a for a in legal if not isinstance(a, act.Concede)]
            out = apply(s, rng.choice(choices), content)
            s = out.state
            texts += [e.text for e in out.events]
    return texts


def test_every_event_of_random_duels_reads_in_polish() -> None:
    texts = _random_texts(load_default_pack(), range(4))
    assert len(texts) > 300
    unmatched = sorted({x for x in texts if BOOK.match(x) is None})
    assert unmatched == []
    for x in texts:
        assert say("en", x) == x  # English as the engine wrote it
        polish = say("pl", x)
        # The names and numbers of the line survive the translation.
        for name in ("alice", "bob"):
            assert (name in x) == (name in polish), (x, polish)


@pytest.mark.parametrize(
    ("english", "polish"),
    [
        ("alice rolls in a d8: 5.", "alice wrzuca d8: 5."),
        ("bob blocks with ICE Sentinel.", "bob blokuje kartą ICE Sentinel."),
        (
            "alice attacks the Gig area with Alley Cutter.",
            "alice atakuje obszar Gigów kartą Alley Cutter.",
        ),
        ("alice chooses to go first.", "alice wybiera: gra jako pierwszy."),
        ("alice wins (7 Gigs).", "Wygrywa alice (7 Gigów)."),
        ("bob wins (alice decked out).", "Wygrywa bob (alice nie ma z czego dobrać)."),
        ("Turn 3: bob.", "Tura 3: bob."),
    ],
)
def test_event_lines_in_polish(english: str, polish: str) -> None:
    assert say("pl", english) == polish
    assert say("en-US", english) == english


def test_a_refusal_reads_in_the_readers_language() -> None:
    r = Refusal(
        code=RefusalCode.ALREADY_SOLD,
        message="You already sold this turn (once per turn).\nSell again next turn.",
    )
    en = howto.refusal_text(r)
    assert en == (
        "You already sold this turn (once per turn).\nSell again next turn.\n"
        "You may sell once per turn."
    )
    assert howto.refusal_text(r, "en-US") == en
    pl = howto.refusal_text(r, "pl")
    assert pl.splitlines() == [
        "W tej turze już sprzedałeś kartę (raz na turę).",
        "Sprzedaj w następnej turze.",
        "Sprzedawać możesz raz na turę.",
    ]
    turn = Refusal(code=RefusalCode.NOT_YOUR_TURN, message="It is not your turn.")
    assert "/tcg stan" in howto.refusal_text(turn, "pl")


def test_every_refusal_hint_has_a_polish_entry() -> None:
    from bot.i18n import t

    for code, hint in howto.WHAT_TO_DO.items():
        assert t("pl", hint) != hint, code


def test_a_new_duels_prompt_and_its_buttons_read_in_polish() -> None:
    from cogs.tcg.panel import panel
    from tests.discord.test_tcg_render import _runtime

    content = load_default_pack()
    decks = sorted(content.decks.values(), key=lambda d: d.id)
    s = new_duel(
        duel_id="d",
        players=("1", "2"),
        names=("alice", "bob"),
        decks=(decks[0], decks[1]),
        seed=3,
        content=content,
    )
    chooser = s.seats[s.chooser]
    rt = _runtime(content)
    embed, view = panel(rt, s, chooser.player, [], loc="pl")
    assert f"**Czeka na ciebie**: {chooser.name} wygrywa rzut na start" in str(embed.description)
    assert view is not None
    labels = str(view.to_components())
    assert "'Zaczynam'" in labels and "'Gram jako drugi'" in labels and "Go first" not in labels
    embed, view = panel(rt, s, chooser.player, [], loc="en")
    assert "won the roll-off: go first or second?" in str(embed.description)
    assert view is not None and "'Go first'" in str(view.to_components())


def test_a_card_reads_in_the_pack_translation_and_english_as_before() -> None:
    from cogs.tcg.localize import card_lines
    from content.tcg.info import show_card

    content = load_default_pack()
    for cid in content.cards:
        assert card_lines(content, cid, "en-US") == show_card(content, cid)
    pl = card_lines(content, "cass-ardent", "pl")
    assert pl is not None
    # Names as printed; the colour in Polish, after the type (an adjective agreeing with "kolor").
    assert pl[0].startswith("Cass Ardent: Deep Diver [legenda, kolor niebieski, koszt 3 €$")
    assert "  CALL: Dobierz kartę." in pl and "  W taliach: Ghost Protocol" in pl
    assert card_lines(content, "no-such-card", "pl") is None

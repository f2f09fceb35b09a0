"""Legendary's engine texts name cards, special actions and classes as the pack's Polish
translation does (cogs/legendary/localize.py): "Szlam" on an event line and in a refusal,
as on the board; English readers keep the printed names."""

from __future__ import annotations

from cogs.legendary.components import action_label, panel_buttons
from cogs.legendary.localize import class_name, class_names, line, names
from content.legendary.loader import load_default_pack
from rules.legendary import engine
from rules.legendary.actions import Play, Special
from rules.legendary.effects import HeroClass
from rules.legendary.scenario import scenario
from rules.legendary.view import view

PACK = load_default_pack()


def test_event_lines_use_the_packs_polish_names() -> None:
    pl = line(PACK, "pl", "The Villain Deck reveals Sludge")
    assert "Szlam" in pl and "Sludge" not in pl and "Villain Deck" not in pl, pl
    assert line(PACK, "en", "The Villain Deck reveals Sludge") == (
        "The Villain Deck reveals Sludge"
    )
    used = line(PACK, "pl", "Ana uses Campaign")
    assert "Kampania" in used and "Campaign" not in used and used.startswith("Ana"), used


def test_refusals_and_prompts_use_the_packs_polish_names() -> None:
    refusal = line(PACK, "pl", "You already used Campaign this turn.")
    assert "Kampania" in refusal and "Campaign" not in refusal, refusal
    prompt = line(PACK, "pl", "Choose the HQ space the Sludge goes under")
    assert "Szlam" in prompt and "Sludge" not in prompt, prompt
    # A text no template knows still gets the names (a card's own wording).
    assert line(PACK, "pl", "Sludge and more") == "Szlam and more"


def test_only_whole_names_are_replaced() -> None:
    local = names(PACK, "pl")
    assert local.table["Sludge"] == "Szlam" and local.table["Campaign"] == "Kampania"
    assert local.replace("Sludges, Campaigner, Sludge.") == "Sludges, Campaigner, Szlam."
    assert names(PACK, "en").table == {} and names(None, "pl").table == {}


def test_a_special_actions_button_reads_its_polish_name() -> None:
    g = scenario(PACK, scheme="seize-the-council", recruit=9, attack=9)
    v = view(g, PACK, 0)
    a = next(x for x in engine.legal_actions(g, PACK, 0) if isinstance(x, Special))
    assert action_label(a, v, "pl", PACK) == "Kampania"
    assert action_label(a, v, "en", PACK) == "Campaign"
    labels = [str(c.get("label")) for r in panel_buttons(
        engine.legal_actions(g, PACK, 0), v, "t1", 1, "pl", PACK
    )[0].to_components() for c in r["components"]]  # fmt: skip
    assert "Kampania" in labels and "Campaign" not in labels, labels


def test_class_names_in_both_languages() -> None:
    assert class_name("pl", HeroClass.TECH) == "technika"
    assert class_name("en", HeroClass.TECH) == "tech"
    both = {HeroClass.RANGED, HeroClass.INSTINCT}
    assert class_names("pl", both) == "instynkt/dystans"
    assert class_names("en", both) == "instinct/ranged"
    assert class_name("pl", "wound") != "wound"


def test_a_cards_choose_one_options_read_as_the_pack_translates_them() -> None:
    from rules.legendary.cards import choice_labels

    card = PACK.cards["quill-ink-trace"]
    labels = choice_labels(card)
    assert labels == ("KO a card from your hand or discard pile", "Draw a card")
    assert PACK.english("cards.quill-ink-trace.choices.1") == "Draw a card"
    assert line(PACK, "pl", "Draw a card") == "Dobierz kartę"
    assert line(PACK, "en", "Draw a card") == "Draw a card"
    # On the buttons of the prompt itself.
    g = scenario(PACK, hands={0: ["quill-ink-trace"] * 2}, decks={0: ["quill-ink-trace"]})
    play = next(a for a in engine.legal_actions(g, PACK, 0) if isinstance(a, Play))
    g2 = engine.apply(g, play, PACK).state
    v = view(g2, PACK, 0)
    assert v.prompt is not None and v.prompt.text == "Choose one"
    labels_pl = [action_label(a, v, "pl", PACK) for a in engine.legal_actions(g2, PACK, 0)]
    assert "Dobierz kartę" in labels_pl and "Draw a card" not in labels_pl, labels_pl


def test_a_polish_card_text_names_its_classes_as_the_board_does() -> None:
    from cogs.legendary.howto import card_text

    card = PACK.cards["vexa-slip-the-net"]
    assert "[Covert]" in card.text
    pl = card_text(card, PACK, "pl")
    assert "[skrytość]" in pl and "[Covert]" not in pl, pl
    assert "[Covert]" in card_text(card, PACK, "en")
    # A card that names a class in a sentence, not as an icon: the translator's words.
    texts = " ".join(PACK.text_for(c, "text", "pl") for c in PACK.cards)
    for english in ("Covert", "Tech ", "Ranged ", "Instinct ", "Strength "):
        assert f"kartę {english}" not in texts and f"Bohatera {english}" not in texts

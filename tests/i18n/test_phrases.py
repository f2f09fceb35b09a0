"""Engine texts in Polish at render time: the phrasebook takes a finished English text back
to its template and fills the translation; every text the engine emits in whole runs of
the bundled pack has a Polish template, and a text without one stays English."""

from __future__ import annotations

from bot.i18n.phrases import Phrasebook
from cogs.legends.words import explain, made, say
from tests.discord.test_render import runs


def test_a_text_goes_back_to_its_template_and_values() -> None:
    book = Phrasebook(["{who} leaves the crew.", "{who} leaves the crew mid-run."])
    assert book.match("Ana leaves the crew mid-run.") == (
        "{who} leaves the crew mid-run.",
        {"who": "Ana"},
    )
    assert book.match("Ana, Bo leaves the crew.") == ("{who} leaves the crew.", {"who": "Ana, Bo"})
    assert book.match("Something else.") is None


def test_a_template_starting_with_its_own_words_wins() -> None:
    book = Phrasebook(["{obstacle}: {explain}", "Clue set aside: {card}."])
    assert book.match("Clue set aside: Token.") == ("Clue set aside: {card}.", {"card": "Token"})


def test_a_one_word_value_never_swallows_a_space() -> None:
    book = Phrasebook(["Straight {run}", "{hand} from {cards}"], words={"run"})
    assert book.match("Straight 4-5-6-7-8 from 4 cards") == (
        "{hand} from {cards}",
        {"hand": "Straight 4-5-6-7-8", "cards": "4 cards"},
    )


def test_a_decimal_written_by_english_code_reads_the_languages_way() -> None:
    from cogs.tcg import texts

    english = texts.reminder("en", "<@1>", 7.5)  # the runtime's hook: English, then translated
    assert "7.5 s" in english
    polish = texts.NOTICES.translate("pl", english)
    assert "7,5 s" in polish and "7.5" not in polish, polish
    assert texts.NOTICES.translate("pl", texts.reminder("en", "<@1>", 45.0)).count("45 s") == 1
    # Legendary's reminder passes its timer as a number: "1,5 min" at a Polish table.
    from cogs.legendary.render_table import reminder_text

    assert "1,5 min" in reminder_text(1, "<@1>", 1.5, False, "pl")
    assert "1.5 min" in reminder_text(1, "<@1>", 1.5, False, "en")
    assert "(turn timer 10 min;" in reminder_text(1, "<@1>", 10.0, False, "en")
    # Whole numbers and non-numbers are left as they are (they may be ids or names).
    book = Phrasebook(["{who} waits {n} s."])
    assert book.translate("pl", "12000 waits 2.25 s.") == "12000 waits 2,25 s."


def test_legends_engine_texts_in_polish() -> None:
    assert say("pl", "Ana joins the crew as the Solo, with a Tech merc.") == (
        "Ana dołącza do ekipy jako Solo, z najemnikiem Tech."
    )
    assert say("pl", "Nothing is waiting on you right now: it is Bo's turn to play.") == (
        "Teraz nic na ciebie nie czeka: gra Bo."
    )
    assert say("en", "Ana is ready.") == "Ana is ready."
    assert say("pl", "A text no template knows.") == "A text no template knows."
    assert made("pl", "Pair of 8s (Muscle) from 2 cards") == "Para (8) (Siła), 2 karty"
    assert explain("pl", "No pair with Tech; no flush or better") == (
        "Brak: para z symbolami: Technika; brak: kolor lub lepszy"
    )


def test_every_engine_text_of_whole_runs_has_a_polish_template() -> None:
    untranslated = {
        (e.kind, e.text)
        for _, steps in runs()
        for s in steps
        for e in s.events
        if say("pl", e.text) == e.text
    }
    assert untranslated == set()

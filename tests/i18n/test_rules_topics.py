"""Rules topics on Discord in the reader's language (cogs/common/topics.py): every game's
`/… rules` lists its topics by name in the reader's language, its autocomplete offers
those names (sending the key back), and a topic typed by its key or by its name in either
language is found."""

from __future__ import annotations

import pytest

from bot.i18n import t
from cogs.common.topics import find_topic, topic_choices, topic_list
from cogs.legendary import howto as legendary
from cogs.legends.cmd_table import _topics as legends_topics
from cogs.legends.rules_text import TOPICS as LEGENDS_TOPICS
from cogs.tcg import rules_text as tcg

GAMES = {"tcg": (tcg.NAMES, tcg.TOPICS), "legendary": (legendary.NAMES, legendary.RULES)}


@pytest.mark.parametrize("game", GAMES)
def test_every_topic_has_a_name_with_its_own_polish(game: str) -> None:
    names, texts = GAMES[game]
    assert set(names) == set(texts)
    for key, name in names.items():
        assert t("pl", name), key
    # Keyword names stay as printed (the digest's terms); the rest read Polish.
    polish = [k for k, name in names.items() if t("pl", name) != name]
    assert len(polish) >= len(names) - 2, polish


@pytest.mark.parametrize("game", GAMES)
def test_the_list_and_the_autocomplete_read_polish_and_send_the_keys(game: str) -> None:
    names, _ = GAMES[game]
    listed = topic_list("pl", names)
    english = topic_list("en-US", names)
    assert listed != english
    for key in names:
        assert t("pl", names[key]) in listed
    offered = topic_choices("pl", names, "")
    assert [k for _, k in offered] == list(names)
    assert all(label == t("pl", names[k]) for label, k in offered)


def test_a_typed_topic_is_found_by_key_or_name_in_either_language() -> None:
    names = tcg.NAMES
    for typed in ("reaction", "Reaction windows", "okna reakcji", "  OKNA Reakcji "):
        assert find_topic("pl", names, typed) == "reaction", typed
    assert find_topic("pl", names, "przygot") == "setup"  # an unambiguous start
    assert find_topic("pl", names, "zzz") is None
    assert find_topic("pl", names, "") is None
    # Two topics start so: none is guessed.
    assert find_topic("en", names, "w") is None
    assert tcg.topic_text("pl", "eddies").startswith("**Płacenie Eddies** — Sprzedaj")


def test_legendary_rules_answer_a_polish_name_and_list_polish_names() -> None:
    assert legendary.rules_text("miasto", "pl") == legendary.rules_text("city", "pl")
    assert legendary.rules_text("city", "pl").startswith("Miasto ma pięć pól")
    listed = legendary.rules_text(None, "pl")
    assert listed.startswith("Tematy: Twoja tura, Miasto, Leczenie"), listed
    assert "city" not in listed and "heal" not in listed


def test_the_legends_topics_are_listed_by_their_polish_titles() -> None:
    listed = legends_topics("pl")
    assert "to_hit" not in listed and "overview" not in listed
    assert all(t("pl", title) in listed for title, _ in LEGENDS_TOPICS.values())

"""TCG and Legendary packs carry translations like Legends packs: the file is validated
at load (a wrong key, a changed placeholder or icon, a misnamed language are errors with
their file, item and field), a missing or extra translation is a warning of `python -m
content validate` (a new card never breaks the load), and the accessors read a
translated text or fall back to the printed English."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from content.common import ContentError
from content.legendary import loader as legendary
from content.legendary.translations import translation_warnings as legendary_warnings
from content.tcg import loader as tcg
from content.tcg.translations import translation_warnings as tcg_warnings
from rules.tcg.describe import card_text

ROOT = Path(__file__).resolve().parents[2]

GAMES: dict[str, tuple[Path, Callable[[Path], Any], Callable[[Any], list[str]], str]] = {
    # game: (bundled pack, loader, warnings, a card with rules text)
    "tcg": (tcg.DEFAULT_PACK_DIR, tcg.load_pack, tcg_warnings, "data-cache"),
    "legendary": (
        legendary.DEFAULT_PACK_DIR,
        legendary.load_pack,
        legendary_warnings,
        "mercy-triage",
    ),
}


def _copy(game: str, tmp_path: Path) -> Path:
    dest = tmp_path / game
    src = GAMES[game][0]
    shutil.copytree(src, dest, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return dest


def _validate(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "content", "validate", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


def _pl(pack: Path) -> Path:
    return pack / "translations" / "pl.toml"


def _drop_entry(text: str, cid: str) -> str:
    """The file without the table of card `cid`."""
    head, rest = text.split(f"[cards.{cid}]\n", 1)
    return head + rest.split("\n\n", 1)[1]


def _only_new_cards_missing(warned: list[str]) -> list[str]:
    """The warnings other than a missing translation: other branches add TCG cards
    every day, and a card waits in English until it is translated (never a CI failure)."""
    return [w for w in warned if not w.endswith(": missing translation")]


def test_the_bundled_tcg_pack_is_translated_into_polish() -> None:
    content = tcg.load_default_pack()
    assert _only_new_cards_missing(tcg_warnings(content)) == []
    pl = content.translations["pl"].texts
    translated = [cid for cid in content.cards if f"cards.{cid}.text" in pl]
    assert len(translated) >= 104  # every card with text when the pack was translated
    assert all(f"decks.{d}.blurb" in pl for d in content.decks)


def test_the_bundled_legendary_pack_is_translated_into_polish_completely() -> None:
    pack = legendary.load_default_pack()
    assert "pl" in pack.translations
    assert legendary_warnings(pack) == []


def test_tcg_text_for_reads_polish_and_falls_back_to_the_printed_english() -> None:
    content = tcg.load_default_pack()
    card = content.cards["data-cache"]
    assert content.text_for("data-cache", "text", "pl") == "Dobierz 2 karty."
    assert content.text_for("data-cache", "text", "pl-PL") == "Dobierz 2 karty."
    assert content.text_for("data-cache", "text", "en-US") == card_text(card)
    assert content.text_for("data-cache", "text", None) == card_text(card)
    assert content.text_for("data-cache", "text", "de") == card_text(card)
    # Names stay as printed unless the translation gives one.
    assert content.text_for("data-cache", "name", "pl") == card.name
    assert content.text_for("rook-vance", "flavour", "pl") == "Nigdy nie nauczył się pukać."
    flavoured = [c.id for c in content.cards.values() if c.flavour]
    assert all(
        content.text_for(cid, "flavour", "pl") != content.cards[cid].flavour for cid in flavoured
    )
    assert content.deck_text_for("chrome-rush", "blurb", "pl").startswith("Czerwona agresja")
    assert content.deck_text_for("chrome-rush", "name", "pl") == "Chrome Rush"


def test_legendary_text_for_reads_polish_and_falls_back_to_the_printed_english() -> None:
    pack = legendary.load_default_pack()
    card = pack.cards["mercy-triage"]
    assert pack.text_for("mercy-triage", "text", "pl") == "[Instinct]: Uratuj Przechodnia."
    assert pack.text_for("mercy-triage", "text", "en-GB") == card.text
    assert pack.text_for("mercy-triage", "name", "pl") == card.name == "Triage"
    assert pack.text_for("sludge", "name", "pl") == "Szlam"
    half = pack.text_for("vexa-ghost-protocol", "halves.1.text", "pl")
    assert half == "[Covert]: Możesz wysłać kartę z ręki pod przykrywkę."
    epic = pack.translated("masterminds.overseer-kael.epic.text", "pl")
    assert epic.startswith("Cios Masterminda")
    action = "schemes.seize-the-council.actions.campaign"
    assert pack.translated(f"{action}.name", "pl") == "Kampania"
    assert pack.translated(f"{action}.name", "en") == "Campaign"
    assert pack.translated("teams.free-grid.name", "pl") == "Free Grid"
    with pytest.raises(KeyError):
        pack.translated("cards.no-such-card.text", "pl")


@pytest.mark.parametrize("game", GAMES)
def test_missing_and_extra_translations_are_warnings_not_errors(game: str, tmp_path: Path) -> None:
    _, load, warnings, cid = GAMES[game]
    pack = _copy(game, tmp_path)
    text = _drop_entry(_pl(pack).read_text(encoding="utf-8"), cid)
    text += '\n[cards.no-such-card]\ntext = "Nic."\n'
    _pl(pack).write_text(text, encoding="utf-8")
    loaded = load(pack)  # still loads: the printed English stands in
    got = warnings(loaded)
    assert f"translations/pl.toml: cards.{cid}.text: missing translation" in got
    assert any(
        w.startswith("translations/pl.toml: cards.no-such-card: extra translation") for w in got
    )
    assert loaded.text_for(cid, "text", "pl") == loaded.text_for(cid, "text", "en")
    out = _validate(pack)
    assert out.returncode == 0, out.stdout + out.stderr
    assert f"warning: translations/pl.toml: cards.{cid}.text: missing translation" in out.stdout
    assert "warning: translations/pl.toml: cards.no-such-card: extra translation" in out.stdout


def test_a_tcg_card_added_without_a_translation_only_warns(tmp_path: Path) -> None:
    pack = _copy("tcg", tmp_path)
    red = pack / "cards" / "red.toml"
    red.write_text(
        red.read_text(encoding="utf-8")
        + '\n[[card]]\nid = "new-card"\nname = "New Card"\ntype = "program"\ncolour = "red"\n'
        'cost = 1\neffects = [{ type = "draw" }]\n',
        encoding="utf-8",
    )
    out = _validate(pack)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "warning: translations/pl.toml: cards.new-card.text: missing translation" in out.stdout


def test_a_stale_translation_whose_numbers_differ_is_a_warning(tmp_path: Path) -> None:
    pack = _copy("tcg", tmp_path)
    text = _pl(pack).read_text(encoding="utf-8")
    _pl(pack).write_text(text.replace("Dobierz 2 karty.", "Dobierz 3 karty."), encoding="utf-8")
    got = tcg_warnings(tcg.load_pack(pack))
    assert any("cards.data-cache.text: numbers differ from the English" in w for w in got)


@pytest.mark.parametrize("game", GAMES)
def test_a_misspelt_field_is_an_error_naming_file_card_and_field(game: str, tmp_path: Path) -> None:
    _, load, _, cid = GAMES[game]
    pack = _copy(game, tmp_path)
    _pl(pack).write_text(f'language = "pl"\n[cards.{cid}]\ntekst = "x"\n', encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load(pack)
    (issue,) = err.value.errors
    assert issue.file.endswith("translations/pl.toml")
    assert "unknown field 'tekst'" in issue.message and "text" in issue.message
    assert issue.field == f"cards.{cid}.tekst"
    out = _validate(pack)
    assert out.returncode == 1 and "tekst" in out.stdout


def test_a_changed_icon_in_a_legendary_text_is_an_error(tmp_path: Path) -> None:
    pack = _copy("legendary", tmp_path)
    text = _pl(pack).read_text(encoding="utf-8")
    text = text.replace("[Instinct]: Uratuj Przechodnia.", "[Instynkt]: Uratuj Przechodnia.")
    _pl(pack).write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as err:
        legendary.load_pack(pack)
    (issue,) = err.value.errors
    assert issue.file.endswith("translations/pl.toml")
    assert (issue.item, issue.field) == ("cards.mercy-triage", "text")
    assert "[Instynkt]" in issue.message and "[Instinct]" in issue.message


def test_a_lost_spend_symbol_in_a_tcg_text_is_an_error(tmp_path: Path) -> None:
    pack = _copy("tcg", tmp_path)
    text = _pl(pack).read_text(encoding="utf-8")
    text = text.replace('"⊡: Przygotuj swojego Unita."', '"Przygotuj swojego Unita."')
    _pl(pack).write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as err:
        tcg.load_pack(pack)
    assert [(i.item, i.field) for i in err.value.errors] == [("cards.wasteland-medic", "text")]


@pytest.mark.parametrize("game", GAMES)
def test_a_translation_names_its_language_like_its_file(game: str, tmp_path: Path) -> None:
    _, load, _, _ = GAMES[game]
    pack = _copy(game, tmp_path)
    (pack / "translations" / "de.toml").write_text('language = "pl"\n', encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load(pack)
    (issue,) = err.value.errors
    assert issue.field == "language" and "de.toml" in issue.file and "pl.toml" in issue.message


def test_validate_prints_the_languages_of_every_bundled_pack() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "content", "validate"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    lines = [line for line in out.stdout.splitlines() if line.startswith("OK ")]
    assert len(lines) == 3 and all(line.endswith("translations: pl") for line in lines)
    warned = [line.removeprefix("warning: ") for line in out.stdout.splitlines()]
    assert _only_new_cards_missing([w for w in warned if w.startswith("translations/")]) == []

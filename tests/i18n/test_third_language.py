"""Adding a language is a catalogue, not code (docs/i18n.md, "Extract, check, add a
language"): `python -m bot.i18n init de` starts a catalogue from the template; once its
entries are translated, messages, slash-command names and the tables' `language` choice
speak it, with no line of code changed; what it leaves untranslated reads in English."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import discord
import pytest
from babel.messages.pofile import read_po, write_po
from discord import app_commands

from bot.i18n import catalog, language, languages, t, tn
from bot.i18n.__main__ import main
from bot.i18n.commands import CatalogueTranslator
from cogs.common.locale import language_choices

GERMAN = {
    (None, "✓ Turn ended."): "✓ Zug beendet.",
    ("slash:command_name", "hand"): "hand-de",
    ("slash:command_description", "End your turn"): "Beende deinen Zug",
}


@pytest.fixture
def locale_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The shipped catalogues, copied where a test may add one."""
    where = tmp_path / "locale"
    shutil.copytree(catalog.LOCALE_DIR, where)
    monkeypatch.setattr(catalog, "LOCALE_DIR", where)
    catalog.reload()
    yield where
    monkeypatch.undo()
    catalog.reload()


def _translate(po: Path) -> None:
    with po.open("rb") as f:
        cat = read_po(f, locale="de", domain=catalog.DOMAIN)
    for (ctx, msgid), text in GERMAN.items():
        msg = cat.get(msgid, context=ctx)
        assert msg is not None, msgid
        msg.string = text
    # A plural entry: German has two forms.
    plural = next(m for m in cat if m.pluralizable and m.id[0] == " · holds {n} Bystander")
    plural.string = (" · hält {n} Passanten", " · hält {n} Passanten fest")
    with po.open("wb") as f:
        write_po(f, cat, width=100)


def test_a_new_catalogue_makes_fixer_speak_its_language(
    locale_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert "de" not in languages()
    assert main(["init", "de"]) == 0
    po = locale_dir / "de" / "LC_MESSAGES" / "fixer.po"
    assert po.exists(), capsys.readouterr().out
    _translate(po)
    catalog.reload()

    assert "de" in languages()
    assert language("de") == "de" and language(discord.Locale.german) == "de"
    # Messages, with a plural of the language's own forms; the rest falls back to English.
    assert t("de", "✓ Turn ended.") == "✓ Zug beendet."
    one, many = " · holds {n} Bystander", " · holds {n} Bystanders"
    assert tn("de", one, many, 1) == " · hält 1 Passanten"
    assert tn("de", one, many, 5) == " · hält 5 Passanten fest"
    assert t("de", "✓ Ready.") == "✓ Ready."
    # Slash commands: the translator the bot sets on its tree gives the German.
    tr = CatalogueTranslator()
    loc = app_commands.TranslationContextLocation
    ctx: object = SimpleNamespace(location=loc.command_name, data=None)
    name = asyncio.run(
        tr.translate(app_commands.locale_str("hand"), discord.Locale.german, ctx)  # type: ignore[arg-type]
    )
    assert name == "hand-de"
    ctx = SimpleNamespace(location=loc.command_description, data=None)
    desc = asyncio.run(
        tr.translate(
            app_commands.locale_str("End your turn"),
            discord.Locale.german,
            ctx,  # type: ignore[arg-type]
        )
    )
    assert desc == "Beende deinen Zug"
    # The tables' `language` option offers it by its own name.
    assert "Deutsch" in [c.name for c in language_choices()]

"""The catalogues on disk: one gettext `.po` file per language, read when first needed.

The `.po` sources are the only thing committed and shipped (package data); each is
compiled in memory to a `gettext.GNUTranslations` the first time its language is asked
for, so neither CI nor an install needs a compile step, and an edited catalogue is seen
on the next start. English is the source language: its texts are the msgids themselves.
"""

from __future__ import annotations

import gettext
import io
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

#: Where the catalogues live: locale/<language>/LC_MESSAGES/fixer.po.
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "fixer"
SOURCE = "en"


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def languages() -> tuple[str, ...]:
    """Every language Fixer speaks: English and each language with a catalogue."""
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return (SOURCE, *(lang for lang in found if lang != SOURCE))


@cache
def read_catalog(language: str) -> Catalog:
    with po_path(language).open("rb") as f:
        return read_po(f, locale=language, domain=DOMAIN)


@cache
def translations(language: str) -> gettext.NullTranslations:
    """The compiled catalogue of `language`; the null (English) one for English or a
    language without a catalogue. Fuzzy entries are left out (write_mo skips them), so an
    unreviewed guess never reaches a player."""
    if language == SOURCE or not po_path(language).exists():
        return gettext.NullTranslations()
    buf = io.BytesIO()
    write_mo(buf, read_catalog(language))
    buf.seek(0)
    return gettext.GNUTranslations(buf)


def reload() -> None:
    """Forget what was read (tests that write a catalogue, a live edit)."""
    languages.cache_clear()
    from bot.i18n import _language

    _language.cache_clear()
    read_catalog.cache_clear()
    translations.cache_clear()

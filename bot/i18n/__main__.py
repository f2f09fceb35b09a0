"""`python -m bot.i18n extract | check | init LANG` (docs/i18n.md).

extract   write locale/fixer.pot (every message and command string the code asks for)
          and bring each catalogue up to date with it (new entries empty, gone ones
          dropped, translations kept)
check     what CI checks: every entry present and used, placeholders, plural forms,
          command names; exit 1 on any problem
init LANG start a catalogue for a new language from the template
"""

from __future__ import annotations

import sys

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from bot.i18n import catalog
from bot.i18n.extract import other_languages, problems, template, wanted


def _write(cat: Catalog, lang: str) -> None:
    path = catalog.po_path(lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, cat, width=100, sort_output=True, ignore_obsolete=True, omit_header=False)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("extract", "check", "init"):
        print(__doc__)
        return 2
    if argv[0] == "init":
        if len(argv) != 2:
            print("usage: python -m bot.i18n init LANG (a language code such as de)")
            return 2
        lang = argv[1]
        if catalog.po_path(lang).exists():
            print(f"{catalog.po_path(lang)} exists already; run extract to update it.")
            return 1
        tpl = template(wanted().values())
        new = Catalog(locale=lang, domain=catalog.DOMAIN, project="Fixer", fuzzy=False)
        new.update(tpl, no_fuzzy_matching=True)
        _write(new, lang)
        print(f"wrote {catalog.po_path(lang)}: translate its entries, then run check")
        return 0
    want = wanted()
    if argv[0] == "extract":
        tpl = template(want.values())
        pot = catalog.LOCALE_DIR / f"{catalog.DOMAIN}.pot"
        with pot.open("wb") as f:
            write_po(f, tpl, width=100, sort_output=True)
        for lang in other_languages():
            with catalog.po_path(lang).open("rb") as f:
                cat = read_po(f, locale=lang, domain=catalog.DOMAIN)
            cat.update(tpl, no_fuzzy_matching=True)
            _write(cat, lang)
        catalog.reload()
        print(f"wrote {pot} ({len(want)} entries) and updated: {', '.join(other_languages())}")
    bad = 0
    for lang in other_languages():
        for what, items in problems(lang, want).items():
            for item in items:
                print(f"{lang}: {what}: {item}")
            bad += len(items)
    if argv[0] == "check":
        print("catalogues are complete" if not bad else f"{bad} problems")
    return 1 if bad and argv[0] == "check" else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

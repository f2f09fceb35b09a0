"""What the catalogues must hold: every message the code asks for, and every string of
every slash command; and the checks CI runs on each catalogue (tests/i18n).

Messages are found by Babel's Python extractor in the shipped folders: the literal
arguments of `t` (msgid), `tn` (msgid, msgid_plural), `N_` (a marked literal) and
`tcount` (a noun: msgctxt "noun", its English plural from `rules.core.text.plural`).
Command strings come from the command tree itself, the same strings the translator is
asked for, with msgctxt "slash:<where>".
"""

from __future__ import annotations

import asyncio
import string
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract

from bot.i18n import NOUN
from bot.i18n.catalog import DOMAIN, SOURCE, languages, read_catalog
from rules.core import text as core_text

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ("bot", "cogs", "rules", "content")
MESSAGE_KEYWORDS: dict[str, Any] = {"t": (2,), "tn": (2, 3), "N_": (1,)}
NOUN_KEYWORDS: dict[str, Any] = {"tcount": (3,)}

# (msgctxt or None, msgid, msgid_plural or None)
Key = tuple[str | None, str]


@dataclass(frozen=True)
class Wanted:
    context: str | None
    msgid: str
    plural: str | None
    where: str  # "path:line" or "slash command"


def _sources() -> Iterator[Path]:
    for top in SHIPPED:
        for path in sorted((ROOT / top).rglob("*.py")):
            if ".venv" not in path.parts:
                yield path


def code_messages() -> Iterator[Wanted]:
    for path in _sources():
        text = path.read_bytes()
        if b"bot.i18n" not in text:
            continue  # only modules that speak through the catalogues
        rel = path.relative_to(ROOT).as_posix()
        for kw, noun in ((MESSAGE_KEYWORDS, False), (NOUN_KEYWORDS, True)):
            with path.open("rb") as f:
                for lineno, msg, _comments, ctx in extract("python", f, keywords=kw):
                    where = f"{rel}:{lineno}"
                    if noun:
                        word = msg if isinstance(msg, str) else msg[0]
                        yield Wanted(NOUN, word, core_text.plural(2, word), where)
                    elif isinstance(msg, tuple):
                        yield Wanted(ctx, msg[0], msg[1], where)
                    else:
                        yield Wanted(ctx, msg, None, where)


async def _command_tree_strings() -> list[tuple[str, str]]:
    from bot.app import FixerBot
    from bot.config import Settings
    from bot.i18n.commands import command_strings

    bot = FixerBot(Settings(token="extract", database=Path("unused.sqlite3")), sync_only=True)
    await bot.setup_hook()
    try:
        return list(command_strings(bot.tree.get_commands()))
    finally:
        for ext in list(bot.extensions):
            await bot.unload_extension(ext)


def command_messages() -> Iterator[Wanted]:
    for ctx, text in asyncio.run(_command_tree_strings()):
        yield Wanted(ctx, text, None, "slash command")


def wanted() -> dict[Key, Wanted]:
    """Every entry a catalogue must hold, by (msgctxt, msgid)."""
    out: dict[Key, Wanted] = {}
    for w in [*code_messages(), *command_messages()]:
        out.setdefault((w.context, w.msgid), w)
    return out


def template(entries: Iterable[Wanted]) -> Catalog:
    cat = Catalog(domain=DOMAIN, project="Fixer", charset="utf-8", fuzzy=False)
    for w in entries:
        msgid: Any = w.msgid if w.plural is None else (w.msgid, w.plural)
        existing = cat.get(w.msgid, context=w.context)
        loc = (
            (w.where.rsplit(":", 1)[0], int(w.where.rsplit(":", 1)[1])) if ":" in w.where else None
        )
        if existing is not None:
            if loc:
                existing.locations.append(loc)
            continue
        cat.add(msgid, context=w.context, locations=[loc] if loc else [])
    return cat


# ---- checks (the CI's: tests/i18n/test_catalogues.py) ---------------------------------------

_FIELD = string.Formatter()


def fields(text: str) -> set[str]:
    """The `{placeholders}` of a str.format text."""
    try:
        return {name for _, name, _, _ in _FIELD.parse(text) if name is not None and name != ""}
    except ValueError:
        return {"<unbalanced braces>"}


def _entries(cat: Catalog) -> Iterator[Message]:
    for m in cat:
        if m.id:
            yield m


def _key(m: Message) -> Key:
    mid = m.id if isinstance(m.id, str) else m.id[0]
    return (m.context, mid)


def missing(cat: Catalog, want: dict[Key, Wanted]) -> list[str]:
    """Entries the code asks for that the catalogue lacks (absent, empty or fuzzy)."""
    out = []
    for key, w in want.items():
        m = cat.get(key[1], context=key[0])
        strings = [] if m is None else (m.string if isinstance(m.string, tuple) else [m.string])
        if m is None or m.fuzzy or not strings or not all(strings):
            out.append(f"{w.where}: {key[0] or ''}|{key[1]!r}")
    return out


def unused(cat: Catalog, want: dict[Key, Wanted]) -> list[str]:
    """Entries nothing asks for any more (a message reworded or removed)."""
    return [f"{k[0] or ''}|{k[1]!r}" for m in _entries(cat) if (k := _key(m)) not in want]


def placeholder_mismatches(cat: Catalog) -> list[str]:
    """Entries whose translation's placeholders differ from the English ones (`{n}`
    may be left out of a plural form: Polish "jedna karta")."""
    out = []
    for m in _entries(cat):
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strs = [m.string] if isinstance(m.string, str) else list(m.string or ())
        want = set().union(*(fields(i) for i in ids))
        for s in strs:
            if not s:
                continue
            got = fields(s)
            if m.pluralizable and (got | {"n"}) == (want | {"n"}):
                continue
            if got != want:
                out.append(f"{_key(m)[1]!r}: {sorted(want)} vs {sorted(got)} in {s!r}")
    return out


def plural_problems(cat: Catalog) -> list[str]:
    """Plural entries without every form the language's Plural-Forms asks for."""
    n = cat.num_plurals
    out = []
    for m in _entries(cat):
        if not m.pluralizable:
            continue
        forms = list(m.string) if isinstance(m.string, tuple) else [m.string]
        if len(forms) != n or not all(forms):
            out.append(f"{_key(m)[1]!r}: {len(forms)} forms, {n} needed")
    return out


def name_problems(cat: Catalog) -> list[str]:
    """Command, group and option names Discord would refuse."""
    from bot.i18n.commands import NAME_KINDS, valid_name

    out = []
    for m in _entries(cat):
        if (
            (
                m.context
                and m.context.removeprefix("slash:") in NAME_KINDS
                and isinstance(m.string, str)
            )
            and m.string
            and not valid_name(m.string)
        ):
            out.append(f"{m.id!r} → {m.string!r}")
    return out


def problems(lang: str, want: dict[Key, Wanted] | None = None) -> dict[str, list[str]]:
    want = wanted() if want is None else want
    cat = read_catalog(lang)
    return {
        "missing": missing(cat, want),
        "unused": unused(cat, want),
        "placeholders": placeholder_mismatches(cat),
        "plural forms": plural_problems(cat),
        "command names": name_problems(cat),
    }


def other_languages() -> list[str]:
    return [lang for lang in languages() if lang != SOURCE]

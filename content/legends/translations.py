"""Loading and checking a Legends pack's translations (`translations/<language>.toml`).

The file's shape is validated like the rest of the pack (an unknown key is an error with
its field). What it translates is checked against the pack: an id the pack lacks (an
extra translation) and a player-facing text left untranslated (a missing one) are
warnings, not errors, so a half-done translation still loads and falls back to the
printed text; `python -m content validate` prints them.
"""

from __future__ import annotations

from pathlib import Path

from content.common import Collector
from rules.legends.cards import ContentPack
from rules.legends.translations import PackTranslation

DIR = "translations"


def load_translations(ctx: Collector, root: Path) -> dict[str, PackTranslation]:
    out: dict[str, PackTranslation] = {}
    for path in sorted((root / DIR).glob("*.toml")):
        data = ctx.load_toml(path)
        if data is None:
            continue
        data.setdefault("language", path.stem)
        tr = ctx.validate(PackTranslation, data, path, f"translation {path.stem}")
        if tr is None:
            continue
        if tr.language != path.stem:
            ctx.add(
                path,
                f"language '{tr.language}' differs from the file's name; name the file "
                f"{tr.language}.toml",
                fld="language",
            )
            continue
        out[tr.language] = tr
    return out


def translation_warnings(pack: ContentPack) -> list[str]:
    """What each translation lacks or has too much of, one line each."""
    out: list[str] = []
    for lang, tr in sorted(pack.translations.items()):
        where = f"{DIR}/{lang}.toml"
        for cid in sorted(set(tr.cards) - set(pack.cards)):
            out.append(f"{where}: cards.{cid}: extra translation (the pack has no such card)")
        for cid, card in sorted(pack.cards.items()):
            if card.text and not (cid in tr.cards and tr.cards[cid].text):
                out.append(f"{where}: cards.{cid}.text: missing translation")
        for sid in sorted(set(tr.scenarios) - set(pack.scenarios)):
            out.append(f"{where}: scenarios.{sid}: extra translation (no such scenario)")
        for sid, scen in sorted(pack.scenarios.items()):
            st = tr.scenarios.get(sid)
            if scen.intro and not (st and st.intro):
                out.append(f"{where}: scenarios.{sid}.intro: missing translation")
            orders = {c.order: c for c in scen.cards}
            for order in sorted(set(st.cards) - set(orders) if st else ()):
                out.append(
                    f"{where}: scenarios.{sid}.cards.{order}: extra translation (no such card)"
                )
            for order, scard in sorted(orders.items()):
                sc = st.cards.get(order) if st else None
                if scard.text and not (sc and sc.text):
                    out.append(f"{where}: scenarios.{sid}.cards.{order}.text: missing translation")
                if scard.puzzle is not None and not (sc and sc.puzzle):
                    out.append(
                        f"{where}: scenarios.{sid}.cards.{order}.puzzle: missing translation"
                    )
                keys = {c.key for c in scard.choices}
                got = set(sc.choices) if sc else set()
                for key in sorted(keys - got):
                    out.append(
                        f"{where}: scenarios.{sid}.cards.{order}.choices.{key}: missing translation"
                    )
                for key in sorted(got - keys):
                    out.append(
                        f"{where}: scenarios.{sid}.cards.{order}.choices.{key}: extra translation"
                    )
    return out

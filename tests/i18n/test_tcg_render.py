"""The Cyberpunk TCG in English and Polish: every message kind of the gallery
(cogs/tcg/gallery.py) fits Discord's limits and hides what it must in both languages, the
Polish gallery speaks Polish, and the committed galleries are the generator's."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

import pytest

from cogs.common.gallery import Shot, iter_texts, shot_markdown
from cogs.tcg import gallery
from content.tcg.loader import load_default_pack
from rules.tcg.cards import TcgContent
from rules.tcg.state import Duel
from rules.tcg.view import view, visible_names
from tests.discord import limits
from tests.discord.test_render import REPO

LANGS = ("en", "pl")

KINDS = {
    # the challenge flow
    "challenge",
    "options",
    "deck-picker",
    "declined",
    "declined-reply",
    "withdrawn",
    "expired",
    "duel-begins",
    # a duel
    "first-board",
    "choose-first",
    "mulligan",
    "update",
    "play-result",
    "status",
    "hand",
    "hand-waiting",
    "refusal",
    "stale",
    "log",
    "attack",
    "react",
    "steal",
    "end",
    "payment",
    "choose-one",
    "crowded",
    # notices
    "reminder",
    "timed-out",
    "dm-closed",
    "resume",
    # decks and help
    "deck-list",
    "deck-import",
    "deck-check",
    "deck-check-legal",
    "deck-show",
    "deck-export",
    "deck-delete",
    "deck-import-error",
    "illegal-deck",
    "card",
    "rules",
    "autocomplete",
}


@functools.cache
def content() -> TcgContent:
    return load_default_pack()


@functools.cache
def shots(loc: str) -> tuple[Shot, ...]:
    return tuple(gallery.shots(content(), loc=loc))


def by_key(loc: str) -> dict[str, Shot]:
    return {s.key: s for s in shots(loc)}


@pytest.mark.parametrize("loc", LANGS)
def test_the_gallery_shows_every_kind_of_message(loc: str) -> None:
    keys = [s.key for s in shots(loc)]
    assert len(keys) == len(set(keys))
    assert set(keys) == KINDS


@pytest.mark.parametrize("loc", LANGS)
def test_every_gallery_message_within_discord_limits(loc: str) -> None:
    for shot in shots(loc):
        bad = limits.problems(shot.content, shot.embeds, shot.components())
        assert not bad, f"{loc} {shot.key}: {bad}"


def _names(c: TcgContent, state: Duel, insts: Iterator[str]) -> set[str]:
    return {c.cards[state.cards[i]].full_name for i in insts}


def secret_names(c: TcgContent, state: Duel, seat: int | None) -> set[str]:
    """Names of cards only hidden places hold (hands, decks, face-down Legends) that the
    reader (`seat`; None: a spectator) can't see anywhere."""

    def hidden(i: int) -> Iterator[str]:
        s = state.seats[i]
        if i != seat:
            yield from s.hand
        yield from s.deck
        yield from (sl.inst for sl in s.legends if sl.inst is not None and not sl.face_up)

    held = _names(c, state, (x for i in (0, 1) for x in hidden(i)))
    seen = set(visible_names(view(state, c, seat)).values())
    mine = view(state, c, seat).seats[seat].legends_brought if seat is not None else None
    return held - seen - set(mine or ())


def _reader(shot: Shot) -> int | None:
    """The seat an ephemeral shot is for (by its audience), None for a public one."""
    state = shot.state
    assert isinstance(state, Duel)
    if shot.public:
        return None
    for i, s in enumerate(state.seats):
        if shot.audience.endswith(f"only {s.name}"):
            return i
    return None  # the payer, the clicker: checked as a spectator (stricter)


def leaks(loc: str, shot: Shot) -> list[str]:
    """The hidden card names `shot` shows its reader."""
    assert isinstance(shot.state, Duel)
    secret = secret_names(content(), shot.state, _reader(shot))
    return [f"{loc} {shot.key}: {n!r}" for t in iter_texts(shot) for n in secret if n in t]


@pytest.mark.parametrize("loc", LANGS)
def test_no_message_of_the_gallery_shows_a_hidden_card(loc: str) -> None:
    checked = 0
    for shot in shots(loc):
        if not isinstance(shot.state, Duel) or shot.key == "log":
            continue  # (the log: past public lines, whose cards may be back in a hand)
        assert leaks(loc, shot) == []
        checked += 1
    assert checked >= 15


def test_the_secret_scan_catches_a_hand_on_the_board() -> None:
    """The scan's own check: the board with a rival's hand card in its text fails it."""
    shot = by_key("pl")["update"]
    state = shot.state
    assert isinstance(state, Duel)
    secret = secret_names(content(), state, None)
    assert secret  # hands and decks hold cards nobody sees
    leaked = Shot(**{**shot.__dict__, "content": f"{shot.content}\n{sorted(secret)[0]}"})
    assert leaks("pl", leaked) != []


# Words of English that no Polish message says (card and deck names, which stay as
# printed, are taken out of the texts first).
ENGLISH = re.compile(
    r"\b(the|you|your|is|are|and|with|of|turn|deck|decks|challenge|legal|pick|hand|waits|"
    r"expired|accept|decline|saved|deleted|problems|line|minutes?)\b",
    re.IGNORECASE,
)


def _printed(c: TcgContent) -> list[str]:
    names = {x.full_name for x in c.cards.values()} | {x.name for x in c.cards.values()}
    names |= {d.name for d in c.decks.values()} | {"My Rush", "Night Shift", "Fixer"}
    return sorted(names, key=len, reverse=True)


def test_the_polish_gallery_speaks_polish() -> None:
    printed = _printed(content())
    for shot in shots("pl"):
        if shot.key == "deck-export":
            continue  # the list to import again: its headings are the import format's
        for text in iter_texts(shot):
            text = re.sub(r"`[^`]*`", "", text)  # commands and code
            for name in printed:
                text = text.replace(name, "")
            found = ENGLISH.search(text)
            assert found is None, f"pl {shot.key}: English {found.group(0)!r} in {text!r}"


def test_the_english_scan_would_catch_english() -> None:
    en = by_key("en")["challenge"].content or ""
    assert ENGLISH.search(en)


@pytest.mark.parametrize(
    ("key", "polish", "english"),
    [
        ("challenge", "wyzywa", "challenges"),
        ("deck-picker", "Wybierz swoją talię", "Pick your deck"),
        ("declined", "zostało odrzucone", "was declined"),
        ("expired", "wygasło", "expired"),
        ("deck-import", "jeszcze nielegalna", "not legal yet"),
        ("deck-check", "talia główna ma 40–50 kart, a nie", "the main deck has 40–50 cards"),
        ("illegal-deck", "nie jest legalna", "is not legal"),
        ("deck-import-error", "nie ma karty o nazwie", "no card named"),
        ("reminder", "pojedynek czeka na ciebie", "the duel waits on you"),
        ("timed-out", "zegar tury", "turn timer"),
        ("dm-closed", "/tcg pw wlaczone:True", "/tcg dm enabled:True"),
        ("resume", "Fixer znów jest online", "Fixer is back online"),
        ("choose-one", "Podnieś jednego ze swoich Gigów", "Raise a friendly Gig"),
    ],
)
def test_each_kind_reads_in_its_language(key: str, polish: str, english: str) -> None:
    pl = " ".join(iter_texts(by_key("pl")[key]))
    en = " ".join(iter_texts(by_key("en")[key]))
    assert polish in pl and english not in pl, pl
    assert english in en and polish not in en, en


def test_buttons_read_in_the_readers_language() -> None:
    pl, en = by_key("pl"), by_key("en")

    def labels(shot: Shot) -> list[str]:
        return [str(c.get("label")) for r in shot.components() for c in r["components"]]

    assert labels(pl["challenge"]) == ["Przyjmij", "Odrzuć"]
    assert labels(en["challenge"]) == ["Accept", "Decline"]
    assert "My Rush (twoja)" in labels(pl["deck-picker"])
    assert "My Rush (yours)" in labels(en["deck-picker"])


def test_english_is_the_same_for_every_english_client() -> None:
    en = [shot_markdown(s) for s in shots("en")]
    us = [shot_markdown(s) for s in gallery.shots(content(), loc="en-US")]
    assert en == us


@pytest.mark.parametrize(("loc", "name"), [("en", "tcg-gallery.md"), ("pl", "tcg-gallery.pl.md")])
def test_the_gallery_of_each_language_is_committed(loc: str, name: str) -> None:
    doc = REPO / "docs" / name
    assert doc.exists(), f"run: python -m cogs.tcg.gallery --lang {loc} --out docs/{name}"
    assert doc.read_text(encoding="utf-8") == gallery.gallery_markdown(shots(loc)), (
        f"regenerate: python -m cogs.tcg.gallery --lang {loc} --out docs/{name}"
    )

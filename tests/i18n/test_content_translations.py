"""Content packs carry translations of their player-facing text: validated like the rest
of the pack (a wrong key is an error), checked against the pack (a missing or an extra
translation is a warning of `python -m content validate`), and shown to readers of that
language while English readers see the text as printed."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from content.common import ContentError
from content.legends.loader import DEFAULT_PACK_DIR, load_default_pack, load_pack
from content.legends.translations import translation_warnings
from rules.legends.view import board, player_view
from tests.discord.test_render import runs

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def pack_copy(tmp_path: Path) -> Path:
    dest = tmp_path / "pack"
    shutil.copytree(DEFAULT_PACK_DIR, dest, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return dest


def test_the_bundled_pack_is_translated_into_polish_completely() -> None:
    pack = load_default_pack()
    assert "pl" in pack.translations
    assert translation_warnings(pack) == []
    pl = pack.translations["pl"]
    assert pl.cards["heavy-pistol"].text == "+2 Obrażenia."
    assert set(pl.scenarios) == set(pack.scenarios)


def test_missing_and_extra_translations_are_warnings(pack_copy: Path) -> None:
    tr = pack_copy / "translations" / "pl.toml"
    text = tr.read_text(encoding="utf-8")
    text = text.replace('[cards.heavy-pistol]\ntext = "+2 Obrażenia."\n', "")
    text += '\n[cards.no-such-card]\ntext = "Nic."\n'
    text += '\n[scenarios.edge-of-the-market.cards.99]\ntext = "Nic."\n'
    tr.write_text(text, encoding="utf-8")
    pack = load_pack(pack_copy)  # still loads: the printed text stands in
    warnings = translation_warnings(pack)
    assert any("cards.heavy-pistol.text: missing translation" in w for w in warnings)
    assert any("cards.no-such-card: extra translation" in w for w in warnings)
    assert any("scenarios.edge-of-the-market.cards.99: extra translation" in w for w in warnings)
    out = subprocess.run(
        [sys.executable, "-m", "content", "validate", str(pack_copy)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert "warning: translations/pl.toml: cards.heavy-pistol.text: missing translation" in (
        out.stdout
    )


def test_a_wrong_key_in_a_translation_is_an_error_with_its_field(pack_copy: Path) -> None:
    tr = pack_copy / "translations" / "pl.toml"
    tr.write_text('language = "pl"\n[cards.heavy-pistol]\ntekst = "x"\n', encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_pack(pack_copy)
    assert "tekst" in str(err.value)


def test_a_translation_names_its_language_like_its_file(pack_copy: Path) -> None:
    (pack_copy / "translations" / "de.toml").write_text('language = "pl"\n', encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_pack(pack_copy)
    assert "de.toml" in str(err.value) or "language" in str(err.value)


def test_polish_readers_see_the_pack_in_polish_english_readers_as_printed() -> None:
    from cogs.legends.localize import localize_board, localize_events, localize_view

    c, steps = runs()[0]
    step = next(s for s in steps if s.after.run is not None and s.after.run.active)
    state = step.after
    player = state.runners[0].player
    view = player_view(state, player, c)
    pl = localize_view(view, c, state, "pl")
    en = localize_view(view, c, state, "en-US")
    assert en == view
    for seat, hand in pl.hands.items():
        for card, orig in zip(hand, view.hands[seat], strict=True):
            assert card.name == orig.name  # names stay as printed
            assert card.text == c.translations["pl"].cards[card.id].text
    b = localize_board(board(state, c), c, state, "pl")
    sid = state.run.scenario if state.run else ""
    for ob in b.obstacles:
        want = c.translations["pl"].scenarios[sid].cards.get(ob.order)
        if want is not None and want.text:
            assert ob.text == want.text
    intro = next(e for e in steps[0].events if e.kind == "run_started")
    (done,) = localize_events([intro], c, steps[0].after, "pl")
    assert "Nocny Targ" in done.text


def test_clues_and_their_puzzles_read_in_the_pack_s_translation() -> None:
    from cogs.legends import render
    from rules.legends import engine

    c = load_default_pack()
    table = engine.new_table(
        table_id="t", name="T", owner="o", campaign=next(iter(c.campaigns)), seed=1, content=c
    ).model_copy(update={"clues": ("under-the-stalls:7",)})
    ((name, text, puzzle),) = render.clue_cards(table, c, loc="pl")
    assert name == "Malachias's Locker"  # names stay as printed
    assert text.startswith("Za straganem Mender") and puzzle is not None
    assert puzzle.startswith("Zagadka (nierozwiązana): Szafka szepcze")
    ((_, text_en, puzzle_en),) = render.clue_cards(table, c)
    assert text_en.startswith("Behind the Mender") and "Say my name" in (puzzle_en or "")
    pl = render.clues_embed(table, c, loc="pl")
    assert pl.title == "Tropy" and "`/legends rozwiaz`" in (pl.description or "")

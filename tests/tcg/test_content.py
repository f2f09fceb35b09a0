"""The bundled pack and the loader: coverage of the vocabulary, legal decks, errors that
name file, card and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from content.common import ContentError
from content.tcg.loader import DEFAULT_PACK_DIR, load_default_pack, load_pack
from rules.tcg.cards import CardType, Colour, Keyword, Trigger
from rules.tcg.decks import deck_problems, deck_text, parse_deck_text
from rules.tcg.describe import card_text


def test_the_bundled_pack_has_80_cards_12_legends_and_4_legal_decks() -> None:
    pack = load_default_pack()
    assert len(pack.cards) >= 80
    legends = [c for c in pack.cards.values() if c.type is CardType.LEGEND]
    assert len(legends) >= 12
    assert {c.colour for c in pack.cards.values()} == set(Colour)
    assert len(pack.decks) >= 4
    for deck in pack.decks.values():
        assert deck_problems(deck, pack) == [], deck.id


def test_the_pack_covers_every_keyword_trigger_gear_box_sell_tag_and_null_cost() -> None:
    pack = load_default_pack()
    cards = list(pack.cards.values())
    texts = [c.text for c in cards] + [c.lower for c in cards if c.lower is not None]
    assert {k for t in texts for k in t.keywords} == set(Keyword)
    assert {tr.when for t in texts for tr in t.triggers} == set(Trigger)
    assert any(
        c.type is CardType.GEAR and c.effects and c.lower and c.lower.triggers for c in cards
    )  # upper and lower text
    assert any(c.sell for c in cards) and any(not c.sell for c in cards)
    assert any(c.cost is None for c in cards if c.type is CardType.LEGEND)
    assert len({c.ram for c in cards}) >= 3
    assert all(card_text(c) or c.type in (CardType.UNIT, CardType.GEAR) for c in cards)


def test_the_pack_has_original_cards_for_each_newer_kind() -> None:
    from content.tcg.loader import _walk_effects, _walk_filters
    from rules.tcg import cards as cd

    pack = load_default_pack()
    cards = list(pack.cards.values())
    types = {e.type for c in cards for _, e in _walk_effects(c)}
    assert {"choose_one", "prevent_defeat", "steal_bonus"} <= types
    texts = [c.text for c in cards] + [c.lower for c in cards if c.lower is not None]
    assert {
        cd.StaticKind.STEAL_BONUS,
        cd.StaticKind.PROTECT_GIGS,
        cd.StaticKind.YOU_CHOOSE_STOLEN,
    } <= {s.kind for t in texts for s in t.statics}
    reps = [r for t in texts for r in t.replacements]
    assert any(r.sacrifice for r in reps) and any(r.instead for r in reps)
    assert any(r.once_each_turn for r in reps) and any(r.filtered() for r in reps)
    assert any(tr.first_each_turn for t in texts for tr in t.triggers)
    filters = [m for c in cards for _, m in _walk_filters(c)]
    assert any(m.named for m in filters) and any(m.tag for m in filters)


def test_the_pack_has_original_cards_for_every_event_group_static_and_legend_call() -> None:
    from content.tcg.loader import _walk_effects
    from rules.tcg import cards as cd

    pack = load_default_pack()
    cards = list(pack.cards.values())
    types = {e.type for c in cards for _, e in _walk_effects(c)}
    assert {"call_legend", "prevent_steal"} <= types
    texts = [c.text for c in cards] + [c.lower for c in cards if c.lower is not None]
    reps = [r for t in texts for r in t.replacements]
    assert {r.would for r in reps} == set(cd.Would)
    assert any(r.move_to for r in reps)
    statics = [s for t in texts for s in t.statics]
    assert cd.StaticKind.CANT_ATTACK in {s.kind for s in statics}
    groups = [s for s in statics if s.grouped]
    assert any(s.tag for s in groups) and any(s.named for s in groups)


def test_preconstructed_decks_export_and_import_losslessly() -> None:
    pack = load_default_pack()
    for deck in pack.decks.values():
        back = parse_deck_text(deck_text(deck, pack), pack, deck_id=deck.id, name=deck.name)
        assert back.legends == deck.legends and back.cards == deck.cards


def copy_pack(tmp_path: Path) -> Path:
    import shutil

    dst = tmp_path / "pack"
    shutil.copytree(DEFAULT_PACK_DIR, dst)
    return dst


def test_errors_name_file_card_and_field(tmp_path: Path) -> None:
    root = copy_pack(tmp_path)
    red = root / "cards" / "red.toml"
    text = red.read_text().replace(
        'type = "power", target = "friendly_unit", amount = 2',
        'type = "power", target = "friendly_unit", amount = "x"',
        1,
    )
    text = text.replace(
        'name = "Alley Cutter"\ntype = "unit"', 'name = "Alley Cutter"\ntype = "unti"'
    )
    red.write_text(text)
    with pytest.raises(ContentError) as e:
        load_pack(root)
    msgs = [str(i) for i in e.value.errors]
    assert any(
        "red.toml" in m and "card 'rook-vance'" in m and "text.triggers[0].effects[0].amount" in m
        for m in msgs
    ), msgs
    assert any("card 'alley-cutter'" in m and "field type" in m for m in msgs), msgs


def test_unknown_effect_type_and_named_effect_are_reported(tmp_path: Path) -> None:
    root = copy_pack(tmp_path)
    green = root / "cards" / "green.toml"
    text = green.read_text().replace('name = "even_odds"', 'name = "even_odd"')
    text = text.replace('effects = [{ type = "swap_gig" }]', 'effects = [{ type = "swap_gigs" }]')
    green.write_text(text)
    with pytest.raises(ContentError) as e:
        load_pack(root)
    msgs = [str(i) for i in e.value.errors]
    assert any(
        "unknown named effect 'even_odd'" in m and "even_odds" in m and "card 'nana-quill'" in m
        for m in msgs
    ), msgs
    assert any("swap_gigs" in m and "swap_gig" in m for m in msgs), msgs


def test_deck_errors_name_the_deck_and_field(tmp_path: Path) -> None:
    root = copy_pack(tmp_path)
    deck = root / "decks" / "chrome-rush.toml"
    # The misspelling keeps whatever count the deck plays.
    deck.write_text(deck.read_text().replace("alley-cutter =", "alley-cuter ="))
    (root / "decks" / "bad.toml").write_text(
        'id = "bad"\nname = "Bad"\nlegends = ["rook-vance", "ines-varga", "mara-kell"]\n'
        "[cards]\nflatline = 3\n"
    )
    with pytest.raises(ContentError) as e:
        load_pack(root)
    msgs = [str(i) for i in e.value.errors]
    assert any(
        "deck 'chrome-rush'" in m and "cards.alley-cuter" in m and "alley-cutter" in m for m in msgs
    ), msgs
    assert any("deck 'bad'" in m and "40–50" in m for m in msgs), msgs
    assert any("deck 'bad'" in m and "RAM 3 is above the blue limit 2" in m for m in msgs), msgs


def test_toml_syntax_errors_name_the_line(tmp_path: Path) -> None:
    root = copy_pack(tmp_path)
    (root / "cards" / "broken.toml").write_text('[[card]]\nid = "x\n')
    with pytest.raises(ContentError) as e:
        load_pack(root)
    assert any("broken.toml:2" in str(i) for i in e.value.errors)


def test_a_missing_directory_is_one_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ContentError) as e:
        load_pack(tmp_path / "nowhere")
    assert "not a directory" in str(e.value)


def test_a_broken_card_is_reported_once_not_again_by_the_decks_naming_it(tmp_path: Path) -> None:
    root = copy_pack(tmp_path)
    red = root / "cards" / "red.toml"
    red.write_text(red.read_text().replace("power = 8", 'power = "eight"', 1))
    with pytest.raises(ContentError) as e:
        load_pack(root)
    msgs = [str(i) for i in e.value.errors]
    assert len(msgs) == 1 and "card 'rook-vance' field power" in msgs[0], msgs

"""The bundled pack and the loader's errors (file, card, field)."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from content.legendary.loader import DEFAULT_PACK_DIR, ContentError, load_default_pack, load_pack
from rules.legendary.cards import HeroCard, Rarity, TacticCard, VillainCard
from rules.legendary.effects import CardKind, FatedFuture, HeroClass, Undercover
from rules.legendary.scenario import Table, scenario
from rules.legendary.setup import Setup, new_game
from rules.legendary.state import Z

PACK = load_default_pack()


def test_default_pack_sizes() -> None:
    assert len(PACK.heroes) >= 10
    for h in PACK.heroes.values():
        cards = [PACK.cards[c] for c in h.cards]
        assert all(isinstance(c, HeroCard) for c in cards)
        copies = sorted(c.copies for c in cards if isinstance(c, HeroCard))
        assert copies == [1, 3, 5, 5], h.id  # two commons x5, an uncommon x3, a rare
        rar = Counter(c.rarity for c in cards if isinstance(c, HeroCard))
        assert rar == {Rarity.COMMON: 2, Rarity.UNCOMMON: 1, Rarity.RARE: 1}
    villains = [g for g in PACK.groups.values() if not g.henchman]
    hench = [g for g in PACK.groups.values() if g.henchman]
    assert len(villains) >= 4 and len(hench) >= 2

    def size(g: object) -> int:
        return sum(PACK.cards[c].copies for c in g.cards)  # type: ignore[attr-defined, union-attr]

    assert all(size(g) == 8 for g in villains) and all(size(g) == 10 for g in hench)
    sizes = sorted((m.adapting, len(m.tactics)) for m in PACK.masterminds.values())
    assert (False, 4) in sizes and (True, 4) in sizes and (True, 6) in sizes
    assert all(
        isinstance(t := PACK.cards[tid], TacticCard) and t.epic is not None
        for m in PACK.masterminds.values()
        if m.adapting
        for tid in m.tactics
    )
    assert len(PACK.schemes) >= 4
    assert len({s.evil_wins[0].on for s in PACK.schemes.values()}) == len(PACK.schemes)


def test_every_class_and_multiclass_and_teams() -> None:
    heroes = [c for c in PACK.cards.values() if isinstance(c, HeroCard) and c.hero]
    for k in HeroClass:
        assert any(k in c.classes for c in heroes), k
    assert sum(1 for c in heroes if len(c.classes) > 1) >= 5
    assert len({c.team for c in heroes}) >= 3


def test_every_keyword_on_several_cards_heroes_and_enemies() -> None:
    text = {cid: c.model_dump_json() for cid, c in PACK.cards.items()}
    heroes = [cid for cid, c in PACK.cards.items() if isinstance(c, HeroCard)]
    enemies = [cid for cid, c in PACK.cards.items() if isinstance(c, VillainCard | TacticCard)]
    assert sum('"cyber_mod":{"' in text[c] for c in heroes) >= 3
    assert sum('"cyber_mod":{"' in text[c] for c in enemies) >= 3
    assert sum('"type":"undercover"' in text[c] for c in heroes) >= 3
    assert sum('"type":"fated_future"' in text[c] for c in heroes) >= 3
    uru = [c for c in enemies if getattr(PACK.cards[c], "uru", 0)]
    ff = [c for c in enemies if getattr(PACK.cards[c], "fight_or_fail", ())]
    assert len(uru) >= 3 and len(ff) >= 3
    assert FatedFuture and Undercover  # the vocabulary models exist


def test_the_default_pack_sets_up_every_combination() -> None:
    for scheme in PACK.schemes:
        for mm in PACK.masterminds:
            for n in (1, 2, 5):
                s = Setup(names=tuple(f"p{i}" for i in range(n)), scheme=scheme, mastermind=mm)
                new_game(PACK, s, seed=n)


def _copy(tmp_path: Path) -> Path:
    dst = tmp_path / "pack"
    shutil.copytree(DEFAULT_PACK_DIR, dst, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return dst


def test_errors_name_file_card_and_field(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    f = root / "heroes" / "skyline.toml"
    f.write_text(f.read_text().replace("attack = 6", "attack = -6"))
    with pytest.raises(ContentError) as e:
        load_pack(root)
    (issue,) = e.value.errors
    assert issue.file.endswith("heroes/skyline.toml")
    assert issue.item == "card 'skyline-skyfall'" and issue.field == "attack"


def test_effect_field_path_and_all_errors_collected(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    f = root / "villains" / "razor-saints.toml"
    f.write_text(f.read_text().replace('type = "gain_wound" }', 'type = "gain_wound", n = 0 }', 1))
    g = root / "schemes" / "countdown-to-zero.toml"
    g.write_text(g.read_text().replace('on = "twists"', 'on = "moon_phase"'))
    with pytest.raises(ContentError) as e:
        load_pack(root)
    got = {(i.item, i.field) for i in e.value.errors}
    assert ("card 'saint-of-knives'", "fight_or_fail[0].effects[0].n") in got
    assert ("scheme 'countdown-to-zero'", "evil_wins[0].on") in got


def test_colour_names_load_as_classes_and_grey_is_refused(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    f = root / "heroes" / "skyline.toml"
    f.write_text(f.read_text().replace('classes = ["ranged"]', 'classes = ["blue"]'))
    pack = load_pack(root)
    c = pack.cards["skyline-skyfall"]
    assert isinstance(c, HeroCard) and c.classes == {HeroClass.RANGED}
    f.write_text(f.read_text().replace('classes = ["blue"]', 'classes = ["grey"]', 1))
    with pytest.raises(ContentError) as e:
        load_pack(root)
    assert "grey" in str(e.value) and e.value.errors[0].field == "classes[0]"


def test_unknown_named_effect_icon_and_group(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    f = root / "heroes" / "skyline.toml"
    text = f.read_text().replace("attack_per_villain", "no_such_effect")
    f.write_text(text.replace('superpower = ["ranged"], effects = [{ type = "draw" }]',
                              'superpower = ["rangd"], effects = [{ type = "draw" }]'))  # fmt: skip
    m = root / "masterminds" / "overseer-kael.toml"
    m.write_text(m.read_text().replace('always_leads = "razor-saints"', 'always_leads = "nobody"'))
    with pytest.raises(ContentError) as e:
        load_pack(root)
    msgs = str(e.value)
    assert "no_such_effect" in msgs and "rangd" in msgs and "nobody" in msgs


def test_toml_syntax_error_names_the_file(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    (root / "schemes" / "broken.toml").write_text("id = \n")
    with pytest.raises(ContentError) as e:
        load_pack(root)
    assert e.value.errors[0].file.endswith("schemes/broken.toml")


def test_info_helpers_for_the_content_cli() -> None:
    from content.legendary.info import card_names, pack_rows, show_card, summarize

    assert summarize(PACK, "bundled").startswith("OK bundled: ")
    assert "10 Heroes" in summarize(PACK, "x")
    assert pack_rows(PACK)[0][0] == "neon-2099"
    lines = show_card(PACK, "skyfall")
    assert lines is not None and lines[0].startswith("Skyfall (cost 8, Ranged")
    assert show_card(PACK, "s") is None  # ambiguous
    assert "Skyfall" in card_names(PACK)


@pytest.mark.parametrize(("players", "needed"), [(2, 4), (4, 10), (5, 16)])
def test_blackout_protocol_evil_wins_at_its_player_counts_escape_count(
    players: int, needed: int
) -> None:
    # Fifth balance pass: 5 players need 16 escapes (was 12); sixth: 2 players need 4
    # (was 5). One escape short of the threshold goes on, the one reaching it ends the game.
    city = {i: "street-drone" for i in range(5)}
    for before, evil in ((needed - 2, False), (needed - 1, True)):
        t = Table(PACK, scenario(PACK, players=players, scheme="blackout-protocol",
                                 city=city, escape=["street-drone"] * before,
                                 villain_deck=["street-drone"]))  # fmt: skip
        t.start_turn()
        assert t.ids("escape").count("street-drone") == before + 1
        assert (t.game.result == "evil") is evil


@pytest.mark.parametrize(("players", "twists", "wounds"), [(4, 6, 40), (5, 5, 60)])
def test_contagion_broadcast_twists_and_wound_stack_at_its_player_counts(
    players: int, twists: int, wounds: int
) -> None:
    # Contagion pass: 5 players play 5 Twists and 60 Wounds (was 4 and 50), counted in
    # the Villain Deck and the Wound stack the game is set up with.
    g = new_game(PACK, Setup(names=tuple(f"p{i}" for i in range(players)),
                             scheme="contagion-broadcast"), 1).state  # fmt: skip
    deck = [PACK.cards[g.instances[i]].kind for i in g.zones[Z.VILLAIN_DECK]]
    assert deck.count(CardKind.TWIST) == twists
    assert len(g.zones[Z.WOUNDS]) == wounds


@pytest.mark.parametrize(("players", "twists"), [(1, 7), (2, 6), (3, 7), (4, 7), (5, 8)])
def test_countdown_to_zero_last_twist_wins_at_each_player_count(players: int, twists: int) -> None:
    # Sixth balance pass: 6 Twists at 2 players (was 8) and 7 at 4 (was 8); the deck holds
    # that many Twists and the last of them, not the one before, is Evil Wins.
    g = new_game(PACK, Setup(names=tuple(f"p{i}" for i in range(players)),
                             scheme="countdown-to-zero"), 1).state  # fmt: skip
    deck = [PACK.cards[g.instances[i]].kind for i in g.zones[Z.VILLAIN_DECK]]
    assert deck.count(CardKind.TWIST) == twists
    for played, evil in ((twists - 2, False), (twists - 1, True)):
        t = Table(PACK, scenario(PACK, players=players, scheme="countdown-to-zero",
                                 twists=played, villain_deck=["scheme-twist"]))  # fmt: skip
        t.start_turn()
        assert (t.game.result == "evil") is evil, (played, t.game.result)


@pytest.mark.parametrize(("players", "needed"), [(1, 9), (2, 8), (3, 9), (4, 10)])
def test_rig_the_uplink_evil_wins_at_its_player_counts_hero_count(
    players: int, needed: int
) -> None:
    # Sixth balance pass: solo needs 9 Heroes in the Escape pile (was 10), 3 players 9 (was
    # 8, as 2 players).
    # A Twist puts the Hero Deck's top card there; the one reaching the threshold wins.
    for before, evil in ((needed - 2, False), (needed - 1, True)):
        t = Table(PACK, scenario(PACK, players=players, scheme="rig-the-uplink",
                                 escape=["skyline-rooftop-shot"] * before,
                                 hero_deck=["skyline-rooftop-shot"] * 3,
                                 villain_deck=["scheme-twist"]))  # fmt: skip
        t.start_turn()
        assert t.ids("escape").count("skyline-rooftop-shot") == before + 1
        assert (t.game.result == "evil") is evil


@pytest.mark.parametrize(("players", "needed"), [(2, 10), (3, 12)])
def test_flood_the_undercity_evil_wins_at_its_player_counts_sludge_count(
    players: int, needed: int
) -> None:
    # Sixth balance pass: at 2 players 10 Sludge put out win (was all 12). The third Twist
    # puts one Sludge under the one HQ space with the fewest (space 5 here, with none).
    for before, evil in ((needed - 2, False), (needed - 1, True)):
        under = {s: ["sludge"] * (before // 4 + (s < before % 4)) for s in range(4)}
        t = Table(PACK, scenario(PACK, players=players, scheme="flood-the-undercity",
                                 hq=["skyline-rooftop-shot"] * 5, under=under, twists=2,
                                 tokens=12 - before, villain_deck=["scheme-twist"]))  # fmt: skip
        t.start_turn()
        assert t.ids(Z.under(4)) == ["sludge"]
        assert (t.game.result == "evil") is evil


@pytest.mark.parametrize(("players", "twists"), [(1, 10), (2, 11), (3, 8), (4, 8)])
def test_seize_the_council_twists_at_its_player_counts(players: int, twists: int) -> None:
    # Sixth balance pass: 10 Twists solo and 11 at 2 players (were 8): each is 10 million
    # votes for the Mastermind, so the Mastermind reaches its winning lead sooner.
    g = new_game(PACK, Setup(names=tuple(f"p{i}" for i in range(players)),
                             scheme="seize-the-council"), 1).state  # fmt: skip
    deck = [PACK.cards[g.instances[i]].kind for i in g.zones[Z.VILLAIN_DECK]]
    assert deck.count(CardKind.TWIST) == twists

"""The core content pack, the loader's error reporting and the `python -m content` CLI."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import typing
from collections import Counter
from pathlib import Path

import pytest

from content.common import ContentError
from content.legends.loader import (
    DEFAULT_PACK_DIR,
    MAX_COPIES,
    default_named_effects,
    default_named_scene_effects,
    display_path,
    load_default_pack,
    load_pack,
)
from rules.legends import effects as fx
from rules.legends.cards import (
    ContentPack,
    HandType,
    PlayerCard,
    Role,
    ScenarioCard,
    ScenarioKind,
    Suit,
)

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def pack() -> ContentPack:
    return load_default_pack()


def union_tags(union: object) -> set[str]:
    """The `type` tags of a discriminated union of effects.py."""
    inner = typing.get_args(union)[0]  # Annotated[X | Y | ..., Field(...)] -> X | Y | ...
    return {m.model_fields["type"].default for m in typing.get_args(inner)}


def scene_effects(effects: typing.Iterable[typing.Any]) -> typing.Iterator[typing.Any]:
    for e in effects:
        yield e
        if isinstance(e, fx.IfMemory):
            yield from scene_effects(e.then)
            yield from scene_effects(e.otherwise)


def card_scene_effects(card: ScenarioCard) -> list[typing.Any]:
    out = list(scene_effects(card.effects)) + list(scene_effects(card.end_of_round))
    for choice in card.choices:
        out += list(scene_effects(choice.effects))
    return out


def trauma_ids(pack: ContentPack) -> set[str]:
    return set(pack.trauma_pack_ids())


# ---- the core pack --------------------------------------------------------------------


def test_core_pack_loads(pack: ContentPack) -> None:
    assert load_pack() is not pack  # load_pack always reads the files again
    assert load_default_pack() is pack  # the cached one
    assert load_pack(DEFAULT_PACK_DIR).cards.keys() == pack.cards.keys()
    assert set(pack.roles) == set(Role)
    assert "night-market" in pack.campaigns


def test_every_effect_type_is_used(pack: ContentPack) -> None:
    # `named` (the escape hatch) is required only where a registry offers names to use.
    card_used = {e.type for c in pack.cards.values() for e in c.effects}
    scene_used = {
        e.type for s in pack.scenarios.values() for c in s.cards for e in card_scene_effects(c)
    }
    card_required = union_tags(fx.CardEffect)
    if not default_named_effects():
        card_required.discard("named")
    scene_required = union_tags(fx.SceneEffect)
    if not default_named_scene_effects():
        scene_required.discard("named")
    assert card_required - card_used == set()
    assert scene_required - scene_used == set()


def test_named_effects_are_registered(pack: ContentPack) -> None:
    registry = default_named_effects()
    used = {e.name for c in pack.cards.values() for e in c.effects if isinstance(e, fx.Named)}
    if registry is None:
        assert not used
    else:
        assert used <= registry


def test_rulebook_cards_have_the_quoted_effects(pack: ContentPack) -> None:
    by_name = {c.name: c for c in pack.cards.values()}

    smile = by_name["Disarming Smile"]
    assert {Suit.CHARISMA, Suit.MUSCLE, Suit.TECH} <= set(smile.suits)
    assert smile.effects

    (draw,) = by_name["Before the Night"].effects
    assert draw == fx.Draw(count=2, who="chosen")

    (per_symbol,) = by_name["Guns, Lots of Guns"].effects
    assert per_symbol == fx.DamagePerSymbol(suit="muscle", amount=1)

    (discard,) = by_name["Trap and Trace"].effects
    assert discard == fx.DiscardFromPlan(max=1)

    (draw_put,) = by_name["Second Story Work"].effects
    assert draw_put == fx.DrawAndPut(plan_size=1)

    flags = by_name["Crimson Flags"]
    assert Suit.TECH in flags.suits
    assert flags.effects == (fx.OnlyIf(no_other_suit="tech"), fx.Damage(amount=3))

    (malachias,) = by_name["Malachias the Lost"].effects
    assert isinstance(malachias, fx.DiscardFromPlan)
    assert malachias.filter.face is True and malachias.damage_each == 2 and malachias.max >= 5

    assert by_name["Razor Girl"].effects

    raiders = [c for s in pack.scenarios.values() for c in s.cards if c.name == "Bike Raiders"]
    assert len(raiders) == 1
    reqs = raiders[0].to_hit
    assert raiders[0].kind is ScenarioKind.OBSTACLE
    assert any(r.hand is HandType.PAIR and Suit.MUSCLE in r.suits for r in reqs)
    assert any(r.hand is HandType.STRAIGHT and r.or_better for r in reqs)

    (first,) = [c for s in pack.scenarios.values() for c in s.cards if c.name == "First Contact"]
    choices = {c.key: c.effects for c in first.choices}
    assert choices["A"] == (fx.DrawNext(),)
    assert choices["B"] == (fx.DiscardNext(count=1),)


def test_role_decks(pack: ContentPack) -> None:
    for role, deck in pack.roles.items():
        assert len(deck.cards) == 15, role
        counts = Counter(deck.cards)
        assert max(counts.values()) <= MAX_COPIES, role
        assert any(n >= 2 for n in counts.values()), role
        for cid in deck.cards:
            card = pack.card(cid)
            assert card.role is role, cid
            assert 0 <= card.cost <= 2, cid
        ranks = {r for cid in deck.cards for r in pack.card(cid).ranks}
        assert len(ranks) >= 10, role  # spread over 2..A
        assert any(len(pack.card(cid).ranks) > 1 for cid in deck.cards), role
        assert any(len(pack.card(cid).suits) > 1 for cid in deck.cards), role
    wild = [c for c in pack.cards.values() if Suit.ANY in c.suits]
    assert len(wild) >= 3


def test_upgrade_pool(pack: ContentPack) -> None:
    packs = pack.upgrade_packs.values()
    open_packs = [p for p in packs if not p.sealed]
    sealed = [p for p in packs if p.sealed]
    assert len(open_packs) >= 2 and all(len(p.cards) >= 6 for p in open_packs)
    assert sealed
    for p in packs:
        for cid in p.cards:
            assert 2 <= pack.card(cid).cost <= 8, cid
    puzzle_unlocks = {
        c.puzzle.unlock_pack
        for s in pack.scenarios.values()
        for c in s.cards
        if c.puzzle is not None
    }
    assert any(p.id in puzzle_unlocks for p in sealed)
    reward_unlocks = {p for s in pack.scenarios.values() for p in s.rewards.unlock_packs}
    effect_unlocks = {
        e.pack
        for s in pack.scenarios.values()
        for c in s.cards
        for e in card_scene_effects(c)
        if isinstance(e, fx.UnlockPack)
    }
    for p in sealed:
        assert p.id in puzzle_unlocks | reward_unlocks | effect_unlocks, p.id


def test_every_card_is_reachable(pack: ContentPack) -> None:
    used = {cid for d in pack.roles.values() for cid in d.cards}
    used |= {cid for p in pack.upgrade_packs.values() for cid in p.cards}
    used |= {cid for s in pack.scenarios.values() for cid in s.rewards.cards}
    used |= {
        cid
        for s in pack.scenarios.values()
        for c in s.cards
        for e in card_scene_effects(c)
        if isinstance(e, fx.AddCards)
        for cid in e.cards
    }
    assert set(pack.cards) == used


def test_campaign_scenarios(pack: ContentPack) -> None:
    camp = pack.campaigns["night-market"]
    assert len(camp.scenarios) >= 3
    assert camp.max_health == 20
    hands: set[HandType] = set()
    flush_suits: set[Suit | None] = set()
    end_of_round: set[str] = set()
    plan_sizes: set[int] = set()
    multi_obstacle = multi_req = or_better = attached = False
    memory_set_in: dict[str, int] = {}
    memory_used_in: dict[str, int] = {}
    for n, sid in enumerate(camp.scenarios):
        scen = pack.scenarios[sid]
        deck = scen.deck_in_order()
        assert 8 <= len(deck) <= 14, sid
        assert [c.order for c in deck] == list(range(1, len(deck) + 1)), sid
        assert deck[-1].kind is ScenarioKind.SCENE, sid  # payday
        assert scen.rewards.eddies > 0, sid
        for i, card in enumerate(deck):
            effects = card_scene_effects(card)
            if card.kind is ScenarioKind.OBSTACLE:
                assert 6 <= card.health <= 16, card.name
                assert 0 <= card.damage <= 4, card.name
                for req in card.to_hit:
                    hands.add(req.hand)
                    or_better |= req.or_better
                    attached |= bool(req.suits)
                    if req.hand is HandType.FLUSH:
                        flush_suits.add(req.flush_suit)
                multi_req |= len(card.to_hit) > 1
                end_of_round |= {e.type for e in card.end_of_round}
                plan_sizes.add(card.plan_size)
                if any(isinstance(e, fx.DrawNext) for e in card.effects):
                    assert deck[i + 1].kind is ScenarioKind.OBSTACLE, card.name
                    multi_obstacle = True
            if card.memory_key:
                memory_set_in.setdefault(card.memory_key, n)
            if card.puzzle is not None and card.puzzle.memory:
                memory_set_in.setdefault(card.puzzle.memory, n)
            for e in effects:
                if isinstance(e, fx.SetMemory):
                    memory_set_in.setdefault(e.key, n)
                if isinstance(e, fx.IfMemory):
                    memory_used_in.setdefault(e.key, n)
    assert hands == set(HandType)
    assert None in flush_suits and len(flush_suits) >= 2
    assert {"damage_crew", "heal_obstacle", "each_discards"} <= end_of_round
    assert {-1, 0, 1} <= plan_sizes
    assert multi_obstacle and multi_req and or_better and attached
    assert memory_used_in
    for key, n in memory_used_in.items():
        assert memory_set_in[key] < n, key  # remembered in an earlier scenario


def test_trauma_pack(pack: ContentPack) -> None:
    ids = trauma_ids(pack)
    assert ids
    for tid in ids:
        trauma = pack.scenarios[tid]
        assert 3 <= len(trauma.cards) <= 5
        assert trauma.after == "retry"
        assert trauma.max_health_change < 0


# ---- broken packs ---------------------------------------------------------------------

CARDS = """
[[card]]
id = "jab"
name = "Jab"
ranks = [2, 3]
suits = ["might"]
cost = 0
effects = [{ type = "damage", amount = 1 }]

[[card]]
id = "hook"
name = "Hook"
ranks = ["K"]
suits = ["charisma", "any"]
cost = 1
effects = [{ type = "damage_per_symbol", suit = "Might" }]
"""

ROLE = """
role = "solo"
name = "Test Solo"
cards = ["jab", "jab", "jab", "hook", "hook"]
"""

MANIFEST = """
id = "test-core"
name = "Test Core"
kind = "core"
version = "1.0"
"""

SCENARIO = """
id = "alley"
name = "The Alley"
kind = "scenario"
version = "1.0"
requires = ["test-core", "sealed"]

[rewards]
eddies = 2
cards = ["hook"]
unlock_packs = ["sealed"]

[[card]]
order = 1
kind = "scene"
name = "Rain"
effects = [{ type = "set_memory", key = "wet" }]

[[card]]
order = 2
kind = "obstacle"
name = "Thug"
health = 6
damage = 1
to_hit = [{ hand = "pair", suits = ["might"] }]

[[card]]
order = 3
kind = "clue"
name = "Locker"
puzzle = { id = "locker", question = "Who?", answers = ["me"], unlock_pack = "sealed" }

[[card]]
order = 4
kind = "scene"
name = "Payday"
effects = [{ type = "if_memory", key = "wet", then = [{ type = "heal_crew", amount = 1 }] }]
"""

UPGRADES = """
[[pack]]
id = "open"
name = "Open"
kind = "upgrade"
version = "1.0"
cards = ["hook"]

[[pack]]
id = "sealed"
name = "Sealed"
kind = "upgrade"
version = "1.2.3"
sealed = true
cards = ["jab"]
"""

CAMPAIGN = """
[[campaign]]
id = "test"
name = "Test"
scenarios = ["alley"]
"""

BASE = {
    "pack.toml": MANIFEST,
    "cards/basic.toml": CARDS,
    "roles/solo.toml": ROLE,
    "scenarios/alley.toml": SCENARIO,
    "upgrades.toml": UPGRADES,
    "campaign.toml": CAMPAIGN,
}


def write_pack(root: Path, **changes: str | None) -> Path:
    """The small valid pack BASE, with files replaced (or removed with None).
    Keyword names use `__` for `/` and `_` for `.`: cards__basic_toml."""
    files = dict(BASE)
    for key, text in changes.items():
        name = key.replace("__", "/")
        name = name[: name.rindex("_")] + "." + name[name.rindex("_") + 1 :]
        if text is None:
            files.pop(name, None)
        else:
            files[name] = text
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return root


def errors_of(root: Path) -> list[str]:
    with pytest.raises(ContentError) as info:
        load_pack(root)
    return [str(e) for e in info.value.errors]


def one_error(root: Path, *parts: str) -> str:
    errs = errors_of(root)
    assert len(errs) == 1, errs
    for part in parts:
        assert part in errs[0], (part, errs[0])
    return errs[0]


def test_base_test_pack_is_valid(tmp_path: Path) -> None:
    loaded = load_pack(write_pack(tmp_path))
    assert loaded.roles[Role.SOLO].cards.count("jab") == 3
    assert loaded.scenarios["alley"].cards[1].to_hit[0].suits == (Suit.MUSCLE,)


def test_might_is_an_alias_for_muscle(tmp_path: Path) -> None:
    loaded = load_pack(write_pack(tmp_path))
    assert loaded.cards["jab"].suits == (Suit.MUSCLE,)
    assert loaded.cards["hook"].effects[0] == fx.DamagePerSymbol(suit="muscle")
    assert PlayerCard(id="x", name="X", ranks=(2,), suits=("Might",)).suits == (Suit.MUSCLE,)


def test_bad_toml_syntax(tmp_path: Path) -> None:
    broken = CARDS.replace('name = "Hook"', 'name = "Hook')
    msg = one_error(write_pack(tmp_path, cards__basic_toml=broken), "cards/basic.toml", "TOML")
    line = CARDS.splitlines().index('name = "Hook"') + 1
    assert f"basic.toml:{line}:" in msg
    assert f"line {line}" in msg


def test_unknown_effect_type(tmp_path: Path) -> None:
    broken = CARDS.replace('type = "damage", amount = 1', 'type = "punch", amount = 1')
    one_error(
        write_pack(tmp_path, cards__basic_toml=broken),
        "cards/basic.toml",
        "card 'jab'",
        "field effects[0]",
        "unknown effect type 'punch'",
    )


def test_wrong_field_type(tmp_path: Path) -> None:
    broken = CARDS.replace("cost = 1", 'cost = "one"')
    one_error(
        write_pack(tmp_path, cards__basic_toml=broken),
        "cards/basic.toml",
        "card 'hook'",
        "field cost",
        "integer",
    )


def test_effect_field_out_of_range(tmp_path: Path) -> None:
    broken = CARDS.replace('type = "damage", amount = 1', 'type = "damage", amount = -1')
    msg = one_error(write_pack(tmp_path, cards__basic_toml=broken))
    assert msg == (
        f"{display_path(tmp_path / 'cards' / 'basic.toml')}: card 'jab' field effects[0].amount: "
        "Input should be greater than or equal to 0"
    )


def test_unknown_card_in_deck(tmp_path: Path) -> None:
    broken = ROLE.replace('"hook", "hook"', '"hook", "hoook"')
    one_error(
        write_pack(tmp_path, roles__solo_toml=broken),
        "roles/solo.toml",
        "role deck 'solo'",
        "field cards[4]",
        "unknown card id 'hoook'",
    )


def test_four_copies(tmp_path: Path) -> None:
    broken = ROLE.replace('"jab", "jab", "jab"', '"jab", "jab", "jab", "jab"')
    one_error(
        write_pack(tmp_path, roles__solo_toml=broken),
        "roles/solo.toml",
        "role deck 'solo'",
        "field cards[0]",
        "4 copies of 'jab'",
    )


def test_duplicate_order_numbers(tmp_path: Path) -> None:
    broken = SCENARIO.replace("order = 3", "order = 2")
    one_error(
        write_pack(tmp_path, scenarios__alley_toml=broken),
        "scenarios/alley.toml",
        "scenario 'alley' card #2 'Locker'",
        "field order",
        "already used by card #2 'Thug'",
    )


def test_scenario_card_errors_name_the_card(tmp_path: Path) -> None:
    broken = SCENARIO.replace("health = 6", "health = 0").replace(
        'type = "heal_crew", amount = 1', 'type = "heal_crew", amount = "lots"'
    )
    errs = errors_of(write_pack(tmp_path, scenarios__alley_toml=broken))
    assert len(errs) == 2, errs
    assert (
        "scenario 'alley' card #2 'Thug' field health: an obstacle needs health of at least 1"
        in errs[0]
    )
    assert "card #4 'Payday' field effects[0].then[0].amount" in errs[1]


def test_all_errors_are_collected(tmp_path: Path) -> None:
    cards = CARDS.replace("cost = 1", 'cost = "one"').replace('ranks = ["K"]', 'ranks = ["Z"]')
    role = ROLE.replace('"hook", "hook"', '"hook", "nope"')
    errs = errors_of(write_pack(tmp_path, cards__basic_toml=cards, roles__solo_toml=role))
    assert len(errs) == 3, errs


def test_cross_references(tmp_path: Path) -> None:
    scenario = (
        SCENARIO.replace('unlock_pack = "sealed"', 'unlock_pack = "seald"')
        .replace('cards = ["hook"]', 'cards = ["hok"]')
        .replace('key = "wet", then', 'key = "dry", then')
    )
    campaign = CAMPAIGN.replace('["alley"]', '["alley", "street"]') + 'trauma_packs = ["er"]\n'
    extra = '[[card]]\nid = "jab"\nname = "Jab again"\nranks = [4]\n'
    errs = errors_of(
        write_pack(
            tmp_path,
            scenarios__alley_toml=scenario,
            campaign_toml=campaign,
            cards__extra_toml=extra,
        )
    )
    joined = "\n".join(errs)
    assert len(errs) == 6, joined
    assert "cards/extra.toml: card 'jab' field id: duplicate card id" in joined
    assert "field rewards.cards[0]: unknown card id 'hok'" in joined
    assert "card #3 'Locker' field puzzle.unlock_pack: unknown upgrade pack 'seald'" in joined
    assert "card #4 'Payday' field effects[0].key: memory 'dry' is never set" in joined
    assert "campaign 'test' field scenarios[1]: unknown scenario 'street'" in joined
    assert "campaign 'test' field trauma_packs[0]: unknown trauma pack 'er'" in joined


def test_unknown_named_effect(tmp_path: Path) -> None:
    cards = CARDS.replace(
        '[{ type = "damage", amount = 1 }]', '[{ type = "named", name = "jab-twice" }]'
    )
    scenario = SCENARIO.replace(
        '[{ type = "set_memory", key = "wet" }]',
        '[{ type = "set_memory", key = "wet" }, { type = "named", name = "rain" }]',
    )
    root = write_pack(tmp_path, cards__basic_toml=cards, scenarios__alley_toml=scenario)
    assert load_pack(root, named_effects={"jab-twice"}, named_scene_effects={"rain"})
    with pytest.raises(ContentError) as info:
        load_pack(root, named_effects={"other"}, named_scene_effects={"other"})
    errs = [str(e) for e in info.value.errors]
    assert len(errs) == 2, errs
    assert "card 'jab' field effects[0].name: unknown named effect 'jab-twice'" in errs[0]
    assert "card #1 'Rain' field effects[1].name: unknown named scene effect 'rain'" in errs[1]


def test_file_outside_the_layout(tmp_path: Path) -> None:
    root = write_pack(tmp_path, card__stray_toml=CARDS)
    one_error(root, "card/stray.toml", "not part of the pack layout")


def test_not_a_directory(tmp_path: Path) -> None:
    one_error(tmp_path / "missing", "not a directory")


# ---- the CLI --------------------------------------------------------------------------


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "content", *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_cli_core_pack_ok() -> None:
    res = run_cli("validate")
    assert res.returncode == 0, res.stdout + res.stderr
    assert res.stdout.startswith("OK ")
    assert "cards" in res.stdout and "obstacles" in res.stdout
    res = run_cli("validate", "content/legends")
    assert res.returncode == 0, res.stdout + res.stderr


def test_cli_reports_every_error(tmp_path: Path) -> None:
    cards = CARDS.replace("cost = 1", 'cost = "one"')
    role = ROLE.replace('"hook", "hook"', '"hook", "nope"')
    scenario = SCENARIO.replace("order = 3", "order = 2")
    root = write_pack(
        tmp_path, cards__basic_toml=cards, roles__solo_toml=role, scenarios__alley_toml=scenario
    )
    with pytest.raises(ContentError) as info:
        load_pack(root)
    res = run_cli("validate", str(root))
    assert res.returncode == 1
    lines = res.stdout.splitlines()
    assert len(lines) == len(info.value.errors) == 3
    assert lines == [str(e) for e in info.value.errors]
    assert "Traceback" not in res.stdout + res.stderr


def test_cli_syntax_error_no_traceback(tmp_path: Path) -> None:
    root = write_pack(tmp_path, upgrades_toml="[[pack]\n")
    res = run_cli("validate", str(root))
    assert res.returncode == 1
    assert "upgrades.toml:1: TOML syntax error" in res.stdout
    assert "Traceback" not in res.stdout + res.stderr


def test_cli_usage() -> None:
    res = run_cli()
    assert res.returncode == 2
    assert "usage: python -m content validate" in res.stdout
    res = run_cli("frobnicate")
    assert res.returncode == 2
    assert "usage" in res.stderr

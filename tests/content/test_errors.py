"""Pack identity (id, name, kind, version, requires) and the loader's messages to authors:
every broken file is reported with the file, the item (card, scenario, pack, campaign),
the field and, where one helps, a hint."""

from __future__ import annotations

from pathlib import Path

import pytest

from content.legends.loader import DEFAULT_PACK_DIR, load_default_pack, load_pack
from rules.legends.cards import ContentPack, PackInfo, PackKind
from tests.content.test_content import (
    CAMPAIGN,
    CARDS,
    MANIFEST,
    ROLE,
    SCENARIO,
    UPGRADES,
    errors_of,
    run_cli,
    write_pack,
)

TRAUMA = """
id = "er"
name = "Trauma Pack 1: ER"
kind = "trauma"
version = "1.0"
requires = ["test-core"]
after = "retry"
max_health_change = -2

[[card]]
order = 1
kind = "scene"
name = "Flatline"
"""

WITH_TRAUMA = CAMPAIGN + 'trauma_packs = ["er"]\n'


def in_scenario(old: str, new: str) -> dict[str, str | None]:
    return {"scenarios__alley_toml": SCENARIO.replace(old, new)}


def in_cards(old: str, new: str) -> dict[str, str | None]:
    return {"cards__basic_toml": CARDS.replace(old, new)}


# ---- identity -------------------------------------------------------------------------


def test_every_pack_has_an_identity(tmp_path: Path) -> None:
    loaded = load_pack(write_pack(tmp_path, trauma__er_toml=TRAUMA, campaign_toml=WITH_TRAUMA))
    kinds = {pid: info.kind for pid, info in loaded.packs.items()}
    assert kinds == {
        "test-core": PackKind.CORE,
        "alley": PackKind.SCENARIO,
        "er": PackKind.TRAUMA,
        "open": PackKind.UPGRADE,
        "sealed": PackKind.UPGRADE,
    }
    assert loaded.packs["sealed"].version == "1.2.3"
    assert loaded.packs["alley"].requires == ("test-core", "sealed")
    assert loaded.trauma_pack_ids() == {"er"}
    assert loaded.is_trauma_pack("er") and not loaded.is_trauma_pack("alley")
    assert [p.id for p in loaded.packs_of(PackKind.SCENARIO)] == ["alley"]


def test_shipped_packs_keep_their_ids() -> None:
    # Saved campaigns refer to these ids: they never change.
    pack = load_default_pack()
    assert set(pack.packs) == {
        "core",
        "edge-of-the-market",
        "under-the-stalls",
        "the-lantern-man",
        "trauma-team-1",
        "afterhours-market",
        "chrome-alley",
        "malachias-cache",
        "market-contraband",
    }
    assert set(pack.scenarios) == {
        p.id for p in pack.packs.values() if p.kind in (PackKind.SCENARIO, PackKind.TRAUMA)
    }
    assert set(pack.upgrade_packs) == {p.id for p in pack.packs_of(PackKind.UPGRADE)}
    for camp in pack.campaigns.values():
        assert all(pack.packs[s].kind is PackKind.SCENARIO for s in camp.scenarios)
        assert all(pack.packs[t].kind is PackKind.TRAUMA for t in camp.trauma_packs)
    assert pack.trauma_pack_ids() == {"trauma-team-1"}


def test_content_built_in_code_needs_no_identity() -> None:
    # tests/legends builds ContentPacks directly: `packs` is optional.
    pack = load_default_pack()
    bare = ContentPack(
        cards=pack.cards,
        roles=pack.roles,
        scenarios=pack.scenarios,
        upgrade_packs=pack.upgrade_packs,
        campaigns=pack.campaigns,
    )
    assert bare.packs == {} and bare.trauma_pack_ids() == frozenset()


def test_pack_info_model() -> None:
    info = PackInfo(id="x", name="X", kind=PackKind.UPGRADE, version="2")
    assert info.requires == ()
    with pytest.raises(ValueError, match="as a string"):
        PackInfo.model_validate({"id": "x", "name": "X", "kind": "core", "version": 1})


# ---- broken packs: one error each, naming file, item and field ------------------------

# (test id, files changed, file, item, field, message fragments)
CASES: list[tuple[str, dict[str, str | None], str, str, str, tuple[str, ...]]] = [
    (
        "missing-manifest",
        {"pack_toml": None},
        "pack.toml",
        "",
        "",
        ("missing", 'kind = "core"'),
    ),
    (
        "manifest-kind-not-core",
        {"pack_toml": MANIFEST.replace('kind = "core"', 'kind = "upgrade"')},
        "pack.toml",
        "core pack 'test-core'",
        "kind",
        ("kind 'upgrade' does not belong in pack.toml", 'write kind = "core"'),
    ),
    (
        "manifest-unknown-field",
        {"pack_toml": MANIFEST + 'verison = "2"\n'},
        "pack.toml",
        "core pack 'test-core'",
        "verison",
        ("unknown field 'verison'", "did you mean 'version'?"),
    ),
    (
        "unknown-kind",
        in_scenario('kind = "scenario"', 'kind = "scenaro"'),
        "scenarios/alley.toml",
        "scenario 'alley'",
        "kind",
        ("'scenaro' is not one of", "did you mean 'scenario'?"),
    ),
    (
        "missing-kind",
        in_scenario('kind = "scenario"\n', ""),
        "scenarios/alley.toml",
        "scenario 'alley'",
        "kind",
        ("required field 'kind' is missing", 'add kind = "scenario"'),
    ),
    (
        "missing-version",
        {"upgrades_toml": UPGRADES.replace('version = "1.0"\n', "")},
        "upgrades.toml",
        "upgrade pack 'open'",
        "version",
        ("required field 'version' is missing", 'add version = "1.0"'),
    ),
    (
        "version-not-a-string",
        in_scenario('version = "1.0"', "version = 1"),
        "scenarios/alley.toml",
        "scenario 'alley'",
        "version",
        ('write the version as a string: version = "1"',),
    ),
    (
        "bad-version",
        in_scenario('version = "1.0"', 'version = "v1"'),
        "scenarios/alley.toml",
        "scenario 'alley'",
        "version",
        ("'v1' is not a version",),
    ),
    (
        "kind-does-not-match-folder",
        {"trauma__er_toml": TRAUMA.replace('kind = "trauma"', 'kind = "scenario"')},
        "trauma/er.toml",
        "scenario 'er'",
        "kind",
        ("kind 'scenario' does not belong in trauma/", "move it to scenarios/"),
    ),
    (
        "pack-id-used-twice",
        {"upgrades_toml": UPGRADES.replace('id = "open"', 'id = "alley"')},
        "upgrades.toml",
        "upgrade pack 'alley'",
        "id",
        ("duplicate pack id 'alley'", "scenario pack 'The Alley'", "scenarios/alley.toml"),
    ),
    (
        "requires-unknown",
        in_scenario('"test-core", "sealed"', '"test-core", "seal"'),
        "scenarios/alley.toml",
        "scenario 'alley'",
        "requires[1]",
        ("requires unknown pack 'seal'", "did you mean 'sealed'?"),
    ),
    (
        "requires-itself",
        in_scenario('"test-core", "sealed"', '"alley"'),
        "scenarios/alley.toml",
        "scenario 'alley'",
        "requires[0]",
        ("cannot require itself",),
    ),
    (
        "requires-cycle",
        {"pack_toml": MANIFEST + 'requires = ["alley"]\n'},
        "pack.toml",
        "core pack 'test-core'",
        "requires[0]",
        ("requires forms a cycle: test-core -> alley -> test-core",),
    ),
    (
        "campaign-trauma-is-a-scenario",
        {"campaign_toml": CAMPAIGN + 'trauma_packs = ["alley"]\n'},
        "campaign.toml",
        "campaign 'test'",
        "trauma_packs[0]",
        ("'alley' is a scenario", 'kind = "scenario" in', "not a trauma pack"),
    ),
    (
        "campaign-trauma-unknown",
        {"trauma__er_toml": TRAUMA, "campaign_toml": CAMPAIGN + 'trauma_packs = ["e"]\n'},
        "campaign.toml",
        "campaign 'test'",
        "trauma_packs[0]",
        ("unknown trauma pack 'e'",),
    ),
    (
        "campaign-trauma-typo",
        {"trauma__er_toml": TRAUMA, "campaign_toml": WITH_TRAUMA.replace('["er"]', '["err"]')},
        "campaign.toml",
        "campaign 'test'",
        "trauma_packs[0]",
        ("unknown trauma pack 'err'", "did you mean 'er'?"),
    ),
    (
        "campaign-trauma-is-an-upgrade",
        {"campaign_toml": CAMPAIGN + 'trauma_packs = ["open"]\n'},
        "campaign.toml",
        "campaign 'test'",
        "trauma_packs[0]",
        ("'open' is a upgrade pack", "not a trauma pack"),
    ),
    (
        "campaign-scenario-is-a-trauma-pack",
        {
            "trauma__er_toml": TRAUMA,
            "campaign_toml": CAMPAIGN.replace('["alley"]', '["alley", "er"]'),
        },
        "campaign.toml",
        "campaign 'test'",
        "scenarios[1]",
        ("'er' is a trauma pack", "list it in trauma_packs"),
    ),
    (
        "campaign-scenario-typo",
        {"campaign_toml": CAMPAIGN.replace('["alley"]', '["aley"]')},
        "campaign.toml",
        "campaign 'test'",
        "scenarios[0]",
        ("unknown scenario 'aley'", "did you mean 'alley'?"),
    ),
    (
        "duplicate-card-id-names-both-files",
        {"cards__more_toml": '[[card]]\nid = "hook"\nname = "Hook II"\nranks = [4]\n'},
        "cards/more.toml",
        "card 'hook'",
        "id",
        ("duplicate card id 'hook'", "already defined in", "cards/basic.toml"),
    ),
    (
        "unknown-effect-type",
        in_cards('type = "damage_per_symbol"', 'type = "damage_per_symbols"'),
        "cards/basic.toml",
        "card 'hook'",
        "effects[0]",
        ("unknown effect type 'damage_per_symbols'", "did you mean 'damage_per_symbol'?"),
    ),
    (
        "unknown-effect-key",
        in_cards('suit = "Might"', 'suite = "Might"'),
        "cards/basic.toml",
        "card 'hook'",
        "effects[0].suite",
        ("unknown field 'suite'", "did you mean 'suit'?"),
    ),
    (
        "unknown-nested-effect-key",
        in_scenario('"heal_crew", amount = 1', '"heal_crew", amout = 1'),
        "scenarios/alley.toml",
        "scenario 'alley' card #4 'Payday'",
        "effects[0].then[0].amout",
        ("unknown field 'amout'", "did you mean 'amount'?"),
    ),
    (
        "unknown-card-field",
        in_cards("cost = 1", "cots = 1"),
        "cards/basic.toml",
        "card 'hook'",
        "cots",
        ("unknown field 'cots'", "did you mean 'cost'?"),
    ),
    (
        "scenario-card-kind-typo",
        in_scenario('kind = "clue"', 'kind = "cleu"'),
        "scenarios/alley.toml",
        "scenario 'alley' card #3 'Locker'",
        "kind",
        ("'cleu' is not one of", "did you mean 'clue'?"),
    ),
    (
        "hand-typo",
        in_scenario('hand = "pair"', 'hand = "pairs"'),
        "scenarios/alley.toml",
        "scenario 'alley' card #2 'Thug'",
        "to_hit[0].hand",
        ("'pairs' is not one of", "did you mean 'pair'?"),
    ),
    (
        "suit-typo",
        in_cards('suits = ["charisma", "any"]', 'suits = ["charisma", "stelth"]'),
        "cards/basic.toml",
        "card 'hook'",
        "suits",
        ("suit must be one of", "did you mean 'stealth'?"),
    ),
    (
        "unknown-card-in-deck",
        {"roles__solo_toml": ROLE.replace('"hook", "hook"', '"hook", "hoook"')},
        "roles/solo.toml",
        "role deck 'solo'",
        "cards[4]",
        ("unknown card id 'hoook'", "did you mean 'hook'?"),
    ),
    (
        "unknown-unlock-pack",
        in_scenario('unlock_packs = ["sealed"]', 'unlock_packs = ["seald"]'),
        "scenarios/alley.toml",
        "scenario 'alley'",
        "rewards.unlock_packs[0]",
        ("unknown upgrade pack 'seald'", "did you mean 'sealed'?"),
    ),
    (
        "unlock-a-scenario",
        in_scenario('unlock_packs = ["sealed"]', 'unlock_packs = ["alley"]'),
        "scenarios/alley.toml",
        "scenario 'alley'",
        "rewards.unlock_packs[0]",
        ("'alley' is a scenario pack, not an upgrade pack",),
    ),
    (
        "bad-id",
        {"cards__more_toml": '[[card]]\nid = "Big Jab"\nname = "Big Jab"\nranks = [4]\n'},
        "cards/more.toml",
        "card 'Big Jab'",
        "id",
        ("'Big Jab' is not an id", "try 'big-jab'"),
    ),
    (
        "memory-card-without-key",
        in_scenario('kind = "clue"\nname = "Locker"', 'kind = "memory"\nname = "Locker"'),
        "scenarios/alley.toml",
        "scenario 'alley' card #3 'Locker'",
        "memory_key",
        ("a memory card needs a memory_key",),
    ),
    (
        "scene-with-health",
        in_scenario('name = "Rain"', 'name = "Rain"\ndamage = 2'),
        "scenarios/alley.toml",
        "scenario 'alley' card #1 'Rain'",
        "damage",
        ("only apply to obstacles", 'kind = "obstacle"'),
    ),
    (
        "health-by-crew-gap",
        in_scenario("health = 6", "health = 6\nhealth_by_crew = { 2 = 8, 4 = 9 }"),
        "scenarios/alley.toml",
        "scenario 'alley' card #2 'Thug'",
        "health_by_crew",
        ("crew sizes [2, 4]", "without gaps from 1 or 2 up"),
    ),
    (
        "health-by-crew-not-a-size",
        in_scenario("health = 6", "health = 6\nhealth_by_crew = { two = 8 }"),
        "scenarios/alley.toml",
        "scenario 'alley' card #2 'Thug'",
        "health_by_crew",
        ("'two' is not a crew size", "number of seats (mercs counted)"),
    ),
    (
        "health-by-crew-disagrees-with-health",
        in_scenario("health = 6", "health = 6\nhealth_by_crew = { 1 = 5, 2 = 8 }"),
        "scenarios/alley.toml",
        "scenario 'alley' card #2 'Thug'",
        "health_by_crew",
        ("a crew of 1 has Health 5 here but health is 6", "give the lone runner's Health once"),
    ),
    (
        "health-by-crew-typo",
        in_scenario("health = 6", "health = 6\nhealth_by_crw = { 2 = 8 }"),
        "scenarios/alley.toml",
        "scenario 'alley' card #2 'Thug'",
        "health_by_crw",
        ("unknown field 'health_by_crw'", "did you mean 'health_by_crew'?"),
    ),
    (
        "health-by-crew-on-a-scene",
        in_scenario('name = "Rain"', 'name = "Rain"\nhealth_by_crew = { 2 = 3 }'),
        "scenarios/alley.toml",
        "scenario 'alley' card #1 'Rain'",
        "health_by_crew",
        ("only apply to obstacles",),
    ),
    (
        "after-outside-trauma",
        in_scenario('version = "1.0"', 'version = "1.0"\nafter = "retry"'),
        "scenarios/alley.toml",
        "scenario 'alley'",
        "after",
        ("'after' only applies to trauma packs",),
    ),
    (
        "memory-never-set",
        in_scenario('key = "wet", then', 'key = "wett", then'),
        "scenarios/alley.toml",
        "scenario 'alley' card #4 'Payday'",
        "effects[0].key",
        ("memory 'wett' is never set", "did you mean 'wet'?"),
    ),
    (
        "unknown-top-level-key",
        {"upgrades_toml": UPGRADES.replace("[[pack]]", "[[packs]]", 1)},
        "upgrades.toml",
        "",
        "packs",
        ("unknown top-level key 'packs'", "did you mean 'pack'?"),
    ),
]


@pytest.mark.parametrize(
    ("changes", "file", "item", "fld", "fragments"),
    [pytest.param(c, f, i, fl, fr, id=name) for name, c, f, i, fl, fr in CASES],
)
def test_broken_pack_error_names_file_item_and_field(
    tmp_path: Path,
    changes: dict[str, str | None],
    file: str,
    item: str,
    fld: str,
    fragments: tuple[str, ...],
) -> None:
    root = write_pack(tmp_path, **changes)
    errs = errors_of(root)
    assert len(errs) == 1, errs
    msg = errs[0]
    assert f"{file}:" in msg, msg
    if item:
        assert f": {item} " in msg or f": {item}:" in msg, msg
    if fld:
        assert f" field {fld}: " in msg, msg
    for fragment in fragments:
        assert fragment in msg, (fragment, msg)


def test_a_pack_with_several_problems_reports_each_once(tmp_path: Path) -> None:
    # id is both the pack's identity and the scenario's: a bad id is reported once.
    scenario = SCENARIO.replace('id = "alley"', 'id = "The Alley"')
    errs = errors_of(write_pack(tmp_path, scenarios__alley_toml=scenario))
    ids = [e for e in errs if "field id:" in e]
    assert len(ids) == 1, errs
    assert "try 'the-alley'" in ids[0]


def test_file_outside_layout_suggests_the_folder(tmp_path: Path) -> None:
    errs = errors_of(write_pack(tmp_path, scenario__extra_toml=SCENARIO))
    assert len(errs) == 1, errs
    assert "scenario/extra.toml" in errs[0]
    assert "did you mean 'scenarios'?" in errs[0]


# ---- the CLI --------------------------------------------------------------------------


def test_cli_validate_lists_errors_and_fails(tmp_path: Path) -> None:
    root = write_pack(
        tmp_path,
        pack_toml=MANIFEST.replace('version = "1.0"', 'version = "one"'),
        cards__basic_toml=CARDS.replace('type = "damage"', 'type = "damag"'),
    )
    res = run_cli("validate", str(root))
    assert res.returncode == 1
    lines = res.stdout.splitlines()
    assert len(lines) == 2, res.stdout
    assert any("pack.toml: core pack 'test-core' field version:" in line for line in lines)
    assert any("did you mean 'damage'?" in line for line in lines)
    assert "2 errors" in res.stderr
    assert "Traceback" not in res.stdout + res.stderr


def test_cli_validate_shipped_content() -> None:
    res = run_cli("validate")
    assert res.returncode == 0, res.stdout + res.stderr
    assert "1 trauma pack" in res.stdout and "3 scenarios" in res.stdout


def test_cli_list() -> None:
    res = run_cli("list", str(DEFAULT_PACK_DIR))
    assert res.returncode == 0, res.stdout + res.stderr
    lines = res.stdout.splitlines()
    assert lines[0].split()[:4] == ["id", "kind", "version", "cards"]
    rows = {line.split()[0]: line.split() for line in lines[1:]}
    assert rows["core"][1:4] == ["core", "1.0", "64"]
    assert rows["trauma-team-1"][1] == "trauma"
    assert rows["edge-of-the-market"][1] == "scenario"
    assert rows["malachias-cache"][1] == "upgrade"
    assert len(rows) == len(load_default_pack().packs)


def test_cli_list_broken_pack(tmp_path: Path) -> None:
    res = run_cli("list", str(write_pack(tmp_path, pack_toml=None)))
    assert res.returncode == 1
    assert "pack.toml: missing" in res.stdout


def test_cli_show() -> None:
    res = run_cli("show", "guns-lots-of-guns")
    assert res.returncode == 0, res.stdout + res.stderr
    lines = res.stdout.splitlines()
    assert lines[0] == "Guns, Lots of Guns [A Muscle]"
    assert "+1 Damage for each Muscle symbol in the Plan." in res.stdout
    assert "Solo starter deck" in res.stdout
    res = run_cli("show", "Malachias the Lost")  # the printed name works too
    assert res.returncode == 0 and "Malachias's Cache" in res.stdout


def test_cli_show_unknown_card() -> None:
    res = run_cli("show", "gun-lots-of-guns")
    assert res.returncode == 1
    assert "unknown card 'gun-lots-of-guns' (did you mean 'guns-lots-of-guns'?)" in res.stderr
    assert "Traceback" not in res.stdout + res.stderr

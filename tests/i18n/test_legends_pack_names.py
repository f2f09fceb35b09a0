"""The Legends pack's names beyond its cards (docs/i18n.md, "Content translations"): the
names of Persistent Memories (a scenario's `memories`, a memory card's own), role decks,
campaigns and upgrade packs are required texts of a translation, warned about when missing or extra
like the rest, and read in the table's language on Discord and at the terminal."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cogs.common.locale import table_locale
from cogs.legends import render
from cogs.legends.localize import (
    campaign_name,
    localize_events,
    memory_name,
    role_deck_name,
)
from cogs.legends.words import say
from content.legends.loader import DEFAULT_PACK_DIR, load_default_pack, load_pack
from content.legends.translations import translation_warnings
from rules.core.events import Event
from rules.legends import engine
from rules.legends.cards import Role
from rules.legends.state import Table

ROOT = Path(__file__).resolve().parents[2]
PACK = load_default_pack()
WHERE = "translations/pl.toml"


@pytest.fixture
def pack_copy(tmp_path: Path) -> Path:
    dest = tmp_path / "pack"
    shutil.copytree(DEFAULT_PACK_DIR, dest, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return dest


def _edit(pack: Path, drop: list[str], add: str) -> None:
    tr = pack / "translations" / "pl.toml"
    text = tr.read_text(encoding="utf-8")
    for line in drop:
        assert line in text, line
        text = text.replace(line, "")
    tr.write_text(text + add, encoding="utf-8")


def test_missing_names_of_memories_role_decks_and_campaigns_are_warnings(
    pack_copy: Path,
) -> None:
    _edit(
        pack_copy,
        [
            'memories = { opened-cache = "Otworzyliście szafkę Malachiasa" }\n',
            'name = "Błękitny Lampion"\n',
            'name = "Solo: Więcej spluw niż rozumu"\n',
            'name = "Nocny Targ"\n',
            'name = "Skrytka Malachiasa"\n',
        ],
        "",
    )
    pack = load_pack(pack_copy)  # still loads: the printed names stand in
    warnings = translation_warnings(pack)
    for path in (
        "scenarios.under-the-stalls.memories.opened-cache",
        "scenarios.edge-of-the-market.cards.10.name",  # the memory card's name
        "roles.solo.name",
        "campaigns.night-market.name",
        "upgrades.malachias-cache.name",
    ):
        assert f"{WHERE}: {path}: missing translation" in warnings
    assert len(warnings) == 5, warnings
    # Another Scenario Card's name stays optional: nothing is said of it.
    assert not any("cards.2.name" in w for w in warnings)
    assert memory_name(pack, "pl", "opened-cache") == "You opened Malachias's locker"
    assert role_deck_name(pack, "pl", Role.SOLO) == "Solo: More Guns Than Sense"
    out = subprocess.run(
        [sys.executable, "-m", "content", "validate", str(pack_copy)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert f"warning: {WHERE}: roles.solo.name: missing translation" in out.stdout


def test_extra_names_of_memories_role_decks_and_campaigns_are_warnings(
    pack_copy: Path,
) -> None:
    _edit(
        pack_copy,
        [],
        '\n[roles.fixer]\nname = "Fixer: Nikt"\n\n[campaigns.no-such-campaign]\nname = "Nic"\n'
        '\n[upgrades.no-such-pack]\nname = "Nic"\n',
    )
    tr = pack_copy / "translations" / "pl.toml"
    text = tr.read_text(encoding="utf-8")
    text = text.replace(
        'memories = { opened-cache = "Otworzyliście szafkę Malachiasa" }',
        'memories = { opened-cache = "Otworzyliście szafkę Malachiasa", no-such = "Nic" }',
    )
    tr.write_text(text, encoding="utf-8")
    warnings = translation_warnings(load_pack(pack_copy))
    extra = "extra translation (the pack has no such text)"
    assert sorted(warnings) == sorted(
        [
            f"{WHERE}: scenarios.under-the-stalls.memories.no-such: {extra}",
            f"{WHERE}: roles.fixer: {extra}",
            f"{WHERE}: campaigns.no-such-campaign: {extra}",
            f"{WHERE}: upgrades.no-such-pack: {extra}",
        ]
    )


def _table(memory: tuple[str, ...]) -> Table:
    camp = next(iter(PACK.campaigns))
    table = engine.new_table(table_id="t", name="T", owner="o", campaign=camp, seed=1, content=PACK)
    return table.model_copy(update={"memory": memory})


def test_a_polish_table_shows_polish_memory_names_an_english_one_english() -> None:
    table = _table(("spared-courier", "saw-the-lantern"))
    pl = render.memory_embed(table, PACK, loc=table_locale("pl")).description or ""
    en = render.memory_embed(table, PACK, loc=table_locale(None)).description or ""
    assert pl == "• Puściliście kurierkę wolno\n• Błękitny Lampion"
    assert en == "• You let the courier run\n• The Blue Lantern"


def test_the_campaign_screen_names_the_campaign_in_the_table_s_language() -> None:
    table = _table(())
    pl = render.campaign_embed(table, PACK, loc="pl").description or ""
    en = render.campaign_embed(table, PACK, loc="en-US").description or ""
    assert "Kampania **Nocny Targ**" in pl and "Night Market" not in pl
    assert "Campaign **Night Market**" in en
    assert campaign_name(PACK, "pl-PL", "night-market") == "Nocny Targ"
    assert role_deck_name(PACK, "pl", Role.NETRUNNER) == "Netrunner: Duch w Sieci"
    assert role_deck_name(PACK, "en-US", Role.NETRUNNER) == "Netrunner: Ghost in the Grid"


@pytest.mark.parametrize(
    ("english", "polish"),
    [
        (
            "Persistent Memory recorded: You handed the courier to Vesper.",
            "Zapisano w Trwałej Pamięci: Oddaliście kurierkę Vesper.",
        ),
        (
            "Persistent Memory recorded: The Lantern Man's Face.",
            "Zapisano w Trwałej Pamięci: Twarz Latarnika.",
        ),
        (
            "Campaign Night Market complete. Legends, all of you.",
            "Kampania Nocny Targ ukończona. Wszyscy jesteście Legendami.",
        ),
        (
            "New gear in the Upgrade Pool: Malachias's Cache.",
            "Nowy sprzęt w Puli Ulepszeń: Skrytka Malachiasa.",
        ),
    ],
)
def test_the_events_naming_a_memory_or_the_campaign_read_polish(english: str, polish: str) -> None:
    event = Event(kind="memory", text=english)
    (pl,) = localize_events([event], PACK, None, "pl")
    assert say("pl", pl.text) == polish
    (en,) = localize_events([event], PACK, None, "en-US")
    assert say("en-US", en.text) == english


def test_a_name_alone_inside_another_text_is_left_as_it_is() -> None:
    """Only the engine's whole sentence gets the translated name: "Night Market" in a
    text the translation lacks stays as it is, not half Polish."""
    text = "A stall of the Night Market nobody translated."
    (pl,) = localize_events([Event(kind="info", text=text)], PACK, None, "pl")
    assert pl.text == text

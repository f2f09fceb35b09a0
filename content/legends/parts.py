"""The pieces of a Cyberpunk Legends pack while it loads: what each file gave, where it
came from, and what failed (so later checks do not report it twice)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from rules.legends.cards import (
    Campaign,
    PackInfo,
    PackKind,
    PlayerCard,
    Rewards,
    Role,
    RoleDeck,
    Scenario,
    ScenarioCard,
    ScenarioKind,
    UpgradePack,
)

# ---- the pieces of a pack -------------------------------------------------------------


@dataclass(frozen=True)
class ScenarioCheck:
    """The valid parts of one scenario file, cross-checked even if the file has errors."""

    path: Path
    label: str
    cards: tuple[ScenarioCard, ...]
    rewards: Rewards | None


# Stands in for the cards while a scenario's own fields are validated, when none of its
# cards is valid (their errors are already reported).
PLACEHOLDER_CARD = ScenarioCard(order=1, kind=ScenarioKind.SCENE, name="placeholder")

# The identity every pack declares (`PackInfo`); kind, version and requires belong to the
# identity only, id and name also to the item (scenario, upgrade pack).
IDENTITY = ("id", "name", "kind", "version", "requires")
IDENTITY_ONLY = ("kind", "version", "requires")

# Where each kind of pack is written.
KIND_HOME: dict[PackKind, str] = {
    PackKind.CORE: "pack.toml",
    PackKind.SCENARIO: "scenarios/",
    PackKind.TRAUMA: "trauma/",
    PackKind.UPGRADE: "upgrades.toml",
}


@dataclass
class Parts:
    cards: dict[str, PlayerCard] = field(default_factory=dict)
    card_files: dict[str, Path] = field(default_factory=dict)
    roles: dict[Role, RoleDeck] = field(default_factory=dict)
    role_files: dict[Role, Path] = field(default_factory=dict)
    scenarios: dict[str, Scenario] = field(default_factory=dict)
    scenario_files: dict[str, Path] = field(default_factory=dict)
    packs: dict[str, UpgradePack] = field(default_factory=dict)
    campaigns: dict[str, Campaign] = field(default_factory=dict)
    campaign_files: dict[str, Path] = field(default_factory=dict)
    # Every pack's identity, by pack id, with where it is declared.
    infos: dict[str, PackInfo] = field(default_factory=dict)
    info_files: dict[str, Path] = field(default_factory=dict)
    info_labels: dict[str, str] = field(default_factory=dict)
    # Ids of items that failed validation: references to them are not reported again.
    broken: set[str] = field(default_factory=set)
    memory_salvaged: set[str] = field(default_factory=set)
    checks: list[ScenarioCheck] = field(default_factory=list)

    def kind_of(self, pack_id: str) -> PackKind | None:
        info = self.infos.get(pack_id)
        return info.kind if info is not None else None

    def ids_of(self, kind: PackKind) -> list[str]:
        return [i for i, info in self.infos.items() if info.kind is kind]

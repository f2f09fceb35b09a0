"""The export file format: one campaign, with its genesis, log and runs, as JSON.

An export is everything needed to rebuild the campaign elsewhere (another server, another
channel, another database): the current state, the genesis state and the whole action
log, so the importer can check that the log replays to the state; since format version 2
also the campaign's Discord-side preferences (`prefs`: DM opt-ins, the last version
posted, open timers' deadlines, …); since version 3 a run's progress is its `label`
(version 1 and 2 files call it `scenario`). Files of every earlier version still import.

Export files contain players' hands (hidden information): treat them like the database.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, model_validator

EXPORT_FORMAT = "fixer-campaign"
EXPORT_FORMAT_VERSION = 3  # 2: `prefs`; 3: a run's `label` (was `scenario`); all are read

_STRICT = ConfigDict(frozen=True, extra="forbid")


class ExportedCampaign(BaseModel):
    model_config = _STRICT

    id: str = Field(min_length=1, max_length=200)
    game: str = Field(min_length=1)
    name: str
    owner: str
    guild_id: str | None = None
    channel_id: str | None = None
    status: Literal["active", "finished", "archived"]
    version: int = Field(ge=0)
    created_at: int
    updated_at: int
    state: Any  # the engine state, as a JSON value
    genesis_version: int = Field(ge=0)
    genesis: Any


class ExportedAction(BaseModel):
    model_config = _STRICT

    seq: int = Field(ge=1)
    version_before: int = Field(ge=0)
    player: str
    kind: str
    interaction_id: str | None = None
    created_at: int
    action: Any
    events: list[Any]


class ExportedRun(BaseModel):
    model_config = _STRICT

    number: int
    # What was played, in the game's terms. Files before format version 3 call it
    # `scenario` (Legends was the only game); they still import.
    label: str = Field(validation_alias=AliasChoices("label", "scenario"))
    status: str
    started_version: int | None = None
    ended_version: int | None = None
    started_at: int | None = None
    ended_at: int | None = None


class CampaignExport(BaseModel):
    model_config = _STRICT

    format: Literal["fixer-campaign"] = "fixer-campaign"
    format_version: Literal[1, 2, 3] = 3
    exported_at: int
    schema_version: int
    campaign: ExportedCampaign
    runs: list[ExportedRun] = []
    actions: list[ExportedAction] = []
    # The campaign's Discord-side preferences: key -> JSON value (format version 2).
    prefs: dict[str, Any] = {}

    @model_validator(mode="after")
    def _consistent(self) -> CampaignExport:
        c = self.campaign
        expected = c.version - c.genesis_version
        if expected < 0:
            raise ValueError("campaign.version is below genesis_version")
        if len(self.actions) != expected:
            raise ValueError(
                f"the log has {len(self.actions)} actions but the state is {expected} "
                "versions past its genesis"
            )
        for i, a in enumerate(self.actions, start=1):
            if a.seq != i:
                raise ValueError(f"action #{i} has seq {a.seq}: the log must be 1, 2, 3, …")
            if a.version_before != c.genesis_version + i - 1:
                raise ValueError(f"action seq {i} has version_before {a.version_before}")
        ids = [a.interaction_id for a in self.actions if a.interaction_id is not None]
        if len(ids) != len(set(ids)):
            raise ValueError("an interaction id appears twice in the log")
        numbers = [r.number for r in self.runs]
        if len(numbers) != len(set(numbers)):
            raise ValueError("a run number appears twice")
        if self.prefs and self.format_version < 2:
            raise ValueError("prefs need format_version 2")
        if any(not key for key in self.prefs):
            raise ValueError("a preference has an empty key")
        return self

"""A content pack's translations of its player-facing text, per language (pure data).

A pack may carry `translations/<language>.toml`: for player cards their text (and
optionally name and flavour), for scenarios their name, intro and the names of the
Persistent Memories they record, for each Scenario Card (by its order number) its name,
text and the labels of its choices, and the names of the role decks, campaigns and
upgrade packs.
Anything left out reads as printed; card names usually stay as printed. The loader checks that every
translated id exists; `python -m content validate` warns about what is missing or extra.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

_STRICT = ConfigDict(frozen=True, extra="forbid")


class CardText(BaseModel):
    model_config = _STRICT

    name: str | None = None
    text: str | None = None
    flavor: str | None = None


class SceneText(BaseModel):
    model_config = _STRICT

    name: str | None = None
    text: str | None = None
    choices: dict[str, str] = Field(default_factory=dict)
    # A Clue's puzzle question (its accepted answers stay the pack's).
    puzzle: str | None = None


class ScenarioText(BaseModel):
    model_config = _STRICT

    name: str | None = None
    intro: str | None = None
    cards: dict[int, SceneText] = Field(default_factory=dict)
    # The names of the Persistent Memories the scenario records, by key (its `memories`).
    memories: dict[str, str] = Field(default_factory=dict)


class NameText(BaseModel):
    """A role deck's, a campaign's or an upgrade pack's name."""

    model_config = _STRICT

    name: str | None = None


class PackTranslation(BaseModel):
    model_config = _STRICT

    language: str = Field(pattern=r"^[a-z]{2,3}(_[A-Z]{2})?$")
    cards: dict[str, CardText] = Field(default_factory=dict)
    scenarios: dict[str, ScenarioText] = Field(default_factory=dict)
    # By role ("solo"), by campaign id and by upgrade pack id.
    roles: dict[str, NameText] = Field(default_factory=dict)
    campaigns: dict[str, NameText] = Field(default_factory=dict)
    upgrades: dict[str, NameText] = Field(default_factory=dict)

"""Table options: the rulings a pair of players may play differently (docs/rules/tcg.md)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class TcgOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    # §1: waive the 40-card minimum (for the short official starter decks).
    demo_decks: bool = False
    # T10: seconds before the adapter passes for a silent defender (the engine never does).
    reaction_timeout: int = Field(default=60, ge=5, le=3600)
    # T20: follow the old "choose a Unit when played" ruling instead of the current text.
    legacy_choice_on_play: bool = False
    # Adapter only: seconds a player has for a turn before reminders (0 = no timer).
    turn_timer: int = Field(default=0, ge=0, le=86400)
    spectators_see_hand_counts: bool = True

    def describe(self) -> list[str]:
        return [f"{name}: {value}" for name, value in self.model_dump().items()]

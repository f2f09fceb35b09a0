"""Table options: the rulings a group may play differently (docs/rules/legends.md)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class TableOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    # R14: what the bot does with a message that names a card in the author's hand.
    table_talk: Literal["delete", "warn", "off"] = "delete"
    # R2: A-2-3-4-5 counts as a straight.
    ace_low: bool = False
    # R3: each card counts as only one of its ranks within one combination.
    one_rank_per_card: bool = False
    # R8: the crew splits the Plan's Damage among the Obstacles it hit.
    assign_damage: bool = False
    # R5: attached suits do not apply when an "or better" is met by a better hand.
    loose_or_better_suits: bool = False
    # Seconds a player has for a turn before reminders (0 = no timer).
    turn_timer: int = Field(default=0, ge=0, le=86400)
    # Seconds a scene vote stays open before it closes on its own.
    vote_seconds: int = Field(default=120, ge=10, le=86400)
    # Extra copies of each role deck on the table: more runners, or two of one role.
    extra_role_decks: int = Field(default=0, ge=0, le=4)
    # The language of the table's public messages ("" = the server's); a language code
    # such as "pl". Not a rule: the front ends read it, the engine only stores it.
    language: str = Field(default="", max_length=16, pattern=r"^([a-z]{2,3}(_[A-Z]{2})?)?$")

    def describe(self) -> list[str]:
        return [f"{name}: {value}" for name, value in self.model_dump().items()]

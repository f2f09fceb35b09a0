"""Typed refusals: every illegal action is answered with a code and player-facing text."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Refusal(BaseModel):
    """Why an action was refused, in words a player can act on.

    `message` is shown to the acting player (ephemerally) and must never name another
    seat's hidden cards.
    """

    model_config = ConfigDict(frozen=True)

    code: str
    message: str
    # How to act on it, as a game's `Hint` value (a StrEnum). The message itself names no
    # command of any front end; each front end words the hint its own way.
    hint: str | None = None

    def __str__(self) -> str:
        return self.message


class IllegalAction(Exception):
    """Raised by a reducer for a refused action; the state is left untouched."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.message)
        self.refusal = refusal

    @classmethod
    def of(cls, code: str, message: str, hint: str | None = None) -> IllegalAction:
        return cls(Refusal(code=code, message=message, hint=hint))

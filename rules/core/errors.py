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

    def __str__(self) -> str:
        return self.message


class IllegalAction(Exception):
    """Raised by a reducer for a refused action; the state is left untouched."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.message)
        self.refusal = refusal

    @classmethod
    def of(cls, code: str, message: str) -> IllegalAction:
        return cls(Refusal(code=code, message=message))

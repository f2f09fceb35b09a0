"""What every game's `GameAdapter` shares when its states and actions are pydantic
models: JSON both ways and the state's version. A game's adapter (cogs/<game>/adapter.py)
subclasses `ModelAdapter` and adds only what is its own: its default content, its
reducer, who sent an action and its kind, when a campaign is over and its last run.
It names no game (docs: the service is shared)."""

from __future__ import annotations

from typing import Generic, Protocol, TypeVar

from pydantic import TypeAdapter


class Model(Protocol):
    """A stored state or action: a pydantic model (the state also has a version)."""

    def model_dump_json(self) -> str: ...


class Versioned(Model, Protocol):
    @property
    def version(self) -> int: ...


S = TypeVar("S", bound=Versioned)
A = TypeVar("A", bound=Model)
C = TypeVar("C")


class ModelAdapter(Generic[S, A, C]):
    """The shared half of a `GameAdapter`. Subclasses set `game`, `states` and
    `actions` (TypeAdapters, built once per class) and `default_content`."""

    game: str
    states: TypeAdapter[S]
    actions: TypeAdapter[A]

    def __init__(self, content: C | None = None) -> None:
        # The default pack loads lazily: a test or tool that passes its own never reads it.
        self.content: C = self.default_content() if content is None else content

    def default_content(self) -> C:
        """The game's bundled pack (imported here, not at module load)."""
        raise NotImplementedError

    def state_to_json(self, state: S) -> str:
        return state.model_dump_json()

    def state_from_json(self, data: str) -> S:
        return self.states.validate_json(data)

    def action_to_json(self, action: A) -> str:
        return action.model_dump_json()

    def action_from_json(self, data: str) -> A:
        return self.actions.validate_json(data)

    def version(self, state: S) -> int:
        return state.version

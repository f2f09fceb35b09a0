"""The action registry: each action model maps to the one function that handles it.

Phase modules register their handlers with `@handles(ActionClass)`; `check_complete()`
(run when the package is imported) fails loudly if an action of the union has no handler,
so adding an action without its rule is caught at import time, not at the table.
"""

from __future__ import annotations

import typing
from collections.abc import Callable
from typing import Any, TypeVar

from rules.legends.actions import Action
from rules.legends.engine.context import Engine

A = TypeVar("A")
Handler = Callable[[Engine, Any], None]
Typed = Callable[[Engine, A], None]

HANDLERS: dict[type[Any], Handler] = {}


def handles(
    action: type[A],
) -> Callable[[Callable[[Engine, A], None]], Callable[[Engine, A], None]]:
    def register(fn: Callable[[Engine, A], None]) -> Callable[[Engine, A], None]:
        if action in HANDLERS:
            raise TypeError(f"{action.__name__} already has a handler")
        HANDLERS[action] = fn
        return fn

    return register


def action_classes() -> tuple[type[Any], ...]:
    """Every model of the `Action` union."""
    union = typing.get_args(Action)[0]
    return tuple(typing.get_args(union))


def check_complete() -> None:
    missing = [c.__name__ for c in action_classes() if c not in HANDLERS]
    if missing:
        raise TypeError(f"actions without a handler: {', '.join(missing)}")


def handler_for(action: Any) -> Handler:
    return HANDLERS[type(action)]

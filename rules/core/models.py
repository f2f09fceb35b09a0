"""Making the rules' frozen pydantic models cheaply, for any game (issues 12 and 14).

A view and a list of legal actions are made after every action, and most of their own
time went to validating models the rules had just made from a valid state:

* `interned(cls, **fields)`: a frozen model made once per class and fields, and the
  same object handed out after (an action a list offers again and again).
* `built(cls, **fields)`: a model from values already of its fields' types, without
  validating them again (the parts of a view). The games' tests check what it makes
  against `cls(**fields)`.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

_INTERNED: dict[tuple[Any, ...], Any] = {}
INTERNED_MAX = 50_000


def interned(cls: type[M], **fields: Any) -> M:
    """`cls(**fields)`, made once and shared: `cls` must be frozen and the values
    hashable. Each value's type is part of the key (`True` and `1` are not one value
    here, as they are for a dict). Bounded: past INTERNED_MAX models it starts again."""
    key = (cls, *[(k, v.__class__, v) for k, v in fields.items()])
    found = _INTERNED.get(key)
    if found is None:
        if not cls.model_config.get("frozen"):
            raise TypeError(f"{cls.__name__} is not frozen: it can't be shared")
        found = cls(**fields)
        if len(_INTERNED) >= INTERNED_MAX:
            _INTERNED.clear()
        _INTERNED[key] = found
    return found


_FIELDS: dict[type[BaseModel], frozenset[str]] = {}


def built(cls: type[M], **fields: Any) -> M:
    """`cls(**fields)` without validating: for values the rules made themselves from a
    valid state, already of the fields' types. Every field must be given (and no other
    name), so the model is the one `cls(**fields)` makes: the same values, all set."""
    names = _FIELDS.get(cls)
    if names is None:
        if cls.__pydantic_post_init__ or cls.__private_attributes__:
            raise TypeError(f"{cls.__name__} has private attributes or a post-init hook")
        names = _FIELDS[cls] = frozenset(cls.model_fields)
    if fields.keys() != names:
        raise TypeError(f"{cls.__name__}: give every field, and only its fields")
    m = cls.__new__(cls)
    object.__setattr__(m, "__dict__", fields)
    object.__setattr__(m, "__pydantic_fields_set__", set(fields))
    object.__setattr__(m, "__pydantic_extra__", None)
    object.__setattr__(m, "__pydantic_private__", None)
    return m

"""A view's parts are built without validating again (`rules.core.models.built`):
they must be the very models validating them gives: equal, with the same JSON, the
same fields set, nested parts of the same types, on the states of the panel snapshot."""

from __future__ import annotations

import random
from typing import Any

import pytest
from pydantic import BaseModel

import rules.legendary.view as view_module
from content.legendary.loader import load_default_pack
from rules.legendary import engine
from rules.legendary.setup import Setup, new_game

PACK = load_default_pack()


def _validated(cls: type[BaseModel], **fields: Any) -> BaseModel:
    return cls(**fields)


def _walk(m: Any) -> list[BaseModel]:
    out: list[BaseModel] = []
    if isinstance(m, BaseModel):
        out.append(m)
        for name in type(m).model_fields:
            out += _walk(getattr(m, name))
    elif isinstance(m, tuple | list):
        for x in m:
            out += _walk(x)
    elif isinstance(m, dict):
        for x in m.values():
            out += _walk(x)
    return out


def _states() -> list[Any]:
    out = []
    for g in range(4):
        rng = random.Random(g)
        setup = Setup(names=tuple(f"p{i}" for i in range(1 + g % 3)), epic=g == 2)
        game = new_game(PACK, setup, seed=g).state
        for step in range(120):
            if game.over:
                break
            if step % 7 == 0:
                out.append(game)
            seat = engine.decision_seat(game)
            assert seat is not None
            game = engine.apply(
                game, rng.choice(engine.legal_actions(game, PACK, seat)), PACK
            ).state
    return out


def test_built_views_are_the_validated_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    states = _states()
    assert any(s.prompt is not None for s in states)
    seats = [(s, seat) for s in states for seat in (None, *range(s.players))]
    built = [view_module.view(s, PACK, seat) for s, seat in seats]
    monkeypatch.setattr(view_module, "_built", _validated)
    for b, (s, seat) in zip(built, seats, strict=True):
        v = view_module.view(s, PACK, seat)
        assert b == v
        assert b.model_dump_json() == v.model_dump_json()
        assert type(v).model_validate_json(b.model_dump_json()) == b
        for x, y in zip(_walk(b), _walk(v), strict=True):
            assert type(x) is type(y)
            assert x.model_fields_set == y.model_fields_set
            assert x.__dict__.keys() == y.__dict__.keys()


def test_a_missing_or_unknown_field_is_caught() -> None:
    fields: dict[str, Any] = {"id": "x", "name": "X", "text": "", "attack": 0, "recruit": 0}
    assert view_module._built(view_module.SpecialView, **fields, used=False).used is False
    with pytest.raises(TypeError):
        view_module._built(view_module.SpecialView, **fields)  # `used` missing
    with pytest.raises(TypeError):
        view_module._built(view_module.SpecialView, **fields, used=False, extra=1)


def test_a_reading_work_copy_cannot_edit_the_game() -> None:
    from rules.legendary.state import Z
    from rules.legendary.work import Work

    game = _states()[3]
    before = game.model_dump_json()
    w = Work(game, PACK, reading=True)
    with pytest.raises(AttributeError):
        w.z[Z.hand(0)].append("c1")
    with pytest.raises(TypeError):
        w.halves["c1"] = 0
    with pytest.raises(AttributeError):
        w.played.append("c1")
    for seat in range(game.players):
        view_module.view(game, PACK, seat)
        engine.legal_actions(game, PACK, seat)
    assert game.model_dump_json() == before

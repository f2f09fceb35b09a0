"""A TCG view's parts are built without validating again (`rules.core.models.built`):
they must be the very models validating them gives (equal, the same JSON, the same
fields set, nested parts of the same types), on the states of the panel snapshot; and
the shared legal actions (`rules.core.models.interned`) equal freshly made ones."""

from __future__ import annotations

import random
from typing import Any

import pytest
from pydantic import BaseModel

import rules.tcg.legal as legal_module
import rules.tcg.view as view_module
from content.tcg.loader import load_default_pack
from rules.tcg.engine import apply, new_duel
from rules.tcg.legal import legal_actions, to_act

CONTENT = load_default_pack()


def _walk(m: Any) -> list[BaseModel]:
    out: list[BaseModel] = []
    if isinstance(m, BaseModel):
        out.append(m)
        for name in type(m).model_fields:
            out += _walk(getattr(m, name))
    elif isinstance(m, tuple | list):
        for x in m:
            out += _walk(x)
    return out


def _states() -> list[Any]:
    decks = sorted(CONTENT.decks)
    out = []
    for g in range(4):
        rng = random.Random(g)
        state = new_duel(
            duel_id=f"d{g}",
            players=("u0", "u1"),
            names=("Ana", "Bo"),
            decks=(CONTENT.decks[decks[g % len(decks)]], CONTENT.decks[decks[-1 - g % len(decks)]]),
            seed=g,
            content=CONTENT,
        )
        for step in range(300):
            seat = to_act(state)
            if seat is None:
                break
            if step % 5 == 0:
                out.append(state)
            legal = legal_actions(state, CONTENT, state.seats[seat].player)
            state = apply(
                state, rng.choice([a for a in legal if a.type != "concede"]), CONTENT
            ).state
    return out


def _fresh(cls: type[BaseModel], **fields: Any) -> BaseModel:
    return cls(**fields)


def test_built_views_and_shared_actions_are_the_validated_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    states = _states()
    assert any(s.attack is not None for s in states) and any(s.prompt for s in states)
    cases = [(s, seat) for s in states for seat in (None, 0, 1)]
    built = [view_module.view(s, CONTENT, seat) for s, seat in cases]
    legal = [[legal_actions(s, CONTENT, p.player) for p in s.seats] for s in states]
    monkeypatch.setattr(view_module, "built", _fresh)
    monkeypatch.setattr(legal_module, "interned", _fresh)
    for b, (s, seat) in zip(built, cases, strict=True):
        v = view_module.view(s, CONTENT, seat)
        assert b == v
        assert b.model_dump_json() == v.model_dump_json()
        assert type(v).model_validate_json(b.model_dump_json()) == b
        for x, y in zip(_walk(b), _walk(v), strict=True):
            assert type(x) is type(y)
            assert x.model_fields_set == y.model_fields_set
    for shared, s in zip(legal, states, strict=True):
        fresh = [legal_actions(s, CONTENT, p.player) for p in s.seats]
        assert shared == fresh
        for xs, ys in zip(shared, fresh, strict=True):
            for x, y in zip(xs, ys, strict=True):
                assert type(x) is type(y) and x.model_fields_set == y.model_fields_set


def test_interned_models_are_shared_per_value_and_type() -> None:
    from rules.core.models import interned
    from rules.tcg import actions as act

    a = interned(act.Roll, player="u0", die=6)
    assert a is interned(act.Roll, player="u0", die=6)
    assert a == act.Roll(player="u0", die=6)
    assert interned(act.Roll, player="u0", die=8) is not a
    # True and 1 are one key for a dict, not here: each is validated on its own.
    one = interned(act.Play, player="u0", card="0-1", solo=True)
    assert one.solo is True
    assert interned(act.Attack, player="u0", unit="0-1", target=None).target is None

    class Loose(BaseModel):
        x: int

    with pytest.raises(TypeError):
        interned(Loose, x=1)

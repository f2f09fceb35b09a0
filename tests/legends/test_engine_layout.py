"""The engine package's contract: one handler per action, internals stay inside."""

from __future__ import annotations

import pathlib
import re

import pytest

from rules.legends import engine
from rules.legends.engine import handlers

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_every_action_of_the_union_has_exactly_one_handler() -> None:
    classes = handlers.action_classes()
    assert len(classes) == 14
    assert set(classes) == set(handlers.HANDLERS)
    handlers.check_complete()


def test_a_missing_handler_is_caught() -> None:
    cls = handlers.action_classes()[0]
    saved = handlers.HANDLERS.pop(cls)
    try:
        with pytest.raises(TypeError, match=cls.__name__):
            handlers.check_complete()
    finally:
        handlers.HANDLERS[cls] = saved


def test_a_second_handler_for_one_action_is_refused() -> None:
    cls = handlers.action_classes()[0]
    with pytest.raises(TypeError, match="already has a handler"):
        handlers.handles(cls)(lambda eng, a: None)


def test_nothing_outside_the_engine_reaches_into_it() -> None:
    inside = ROOT / "rules" / "legends" / "engine"
    # A module of the package (rules.legends.engine.plan) or a private name is off limits;
    # the names the package exports are the API.
    deep = re.compile(r"rules\.legends\.engine\.(\w+)")
    private = re.compile(r"from rules\.legends\.engine import .*\b_\w+")
    offenders = []
    for folder in ("rules", "bot", "cogs", "content", "bench"):
        for path in (ROOT / folder).rglob("*.py"):
            if inside in path.parents:
                continue
            text = path.read_text()
            deep_names = set(deep.findall(text)) - set(engine.__all__)
            if deep_names or private.search(text):
                offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


def test_the_shop_pool_and_the_deck_limit_are_written_once() -> None:
    from content.legends import loader
    from rules.legends import cards

    assert loader.MAX_COPIES is cards.DECK_LIMIT
    assert engine.DECK_LIMIT is cards.DECK_LIMIT and engine.MIN_DECK is cards.MIN_DECK
    # The Upgrade Pool rule (unsealed packs plus the unlocked sealed ones) lives in the
    # engine's shop module; everyone else asks `engine.shop_cards`.
    pool_rule = re.compile(r"\.sealed\b.*\bunlocked\b")
    holders = [
        str(path.relative_to(ROOT))
        for folder in ("rules", "bot", "cogs", "content")
        for path in (ROOT / folder).rglob("*.py")
        if pool_rule.search(path.read_text())
    ]
    assert holders == ["rules/legends/engine/shop.py"]

"""Legendary's phrasebook (cogs/legendary/words.py) knows every English text the engine
and the table write: events, prompts, prompt options and refusals, collected from whole
games on every Scheme (and probing illegal actions at every decision), each said in
Polish with its values in place."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest

from cogs.legendary.table import Choice, Join, Leave, SetOptions, Start, TableOptions, new_table
from cogs.legendary.table import apply as table_apply
from cogs.legendary.words import known, say
from content.legendary.loader import load_default_pack
from rules.core.errors import IllegalAction
from rules.legendary import engine, setup
from rules.legendary.actions import (
    MASTERMIND,
    Choose,
    EndTurn,
    Fight,
    Heal,
    Play,
    Recruit,
    Special,
)
from rules.legendary.ai import make_agent
from rules.legendary.view import view

PACK = load_default_pack()
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def _probes(seat: int, other: int) -> list[Any]:
    return [
        EndTurn(seat=other),
        Heal(seat=seat),
        Fight(seat=seat, target=MASTERMIND),
        Fight(seat=seat, target="nobody"),
        Recruit(seat=seat, card="nobody"),
        Play(seat=seat, card="nobody"),
        Choose(seat=seat, option="nobody"),
        Choose(seat=other, option="nobody"),
        Special(seat=seat, action="nobody"),
        EndTurn(seat=4),
    ]


@cache
def _texts() -> dict[str, set[str]]:
    """Every text of a few short games per Scheme, by what it is."""
    out: dict[str, set[str]] = {"event": set(), "prompt": set(), "option": set(), "refusal": set()}
    card_names = {c.name for c in PACK.cards.values()}
    for k, scheme in enumerate(sorted(PACK.schemes)):
        for players in (2,) if k % 2 else (3,):
            s = setup.Setup(names=tuple(f"p{i}" for i in range(players)), scheme=scheme)
            try:
                outcome = setup.new_game(PACK, s, 11 + k)
            except IllegalAction:
                continue
            game = outcome.state
            out["event"] |= {e.text for e in outcome.events}
            agents = [make_agent("random", 7 * k + i) for i in range(players)]
            for _ in range(300):
                if game.over:
                    break
                seat = engine.decision_seat(game)
                assert seat is not None
                v = view(game, PACK, seat)
                if v.prompt is not None:
                    out["prompt"].add(v.prompt.text)
                    for o in v.prompt.options or ():
                        if o.label not in card_names:  # a bare name is not a phrase
                            out["option"].add(o.label)
                for probe in _probes(seat, (seat + 1) % players):
                    refusal = engine.check(game, probe, PACK)
                    if refusal is not None:
                        out["refusal"].add(refusal.message)
                legal = engine.legal_actions(game, PACK, seat)
                action = agents[seat].decide(v, legal, PACK)
                step = engine.apply(game, action, PACK)
                out["event"] |= {e.text for e in step.events}
                game = step.state
    return out


def _choose_one_labels() -> set[str]:
    """Options a card's own "choose one" effect words (content, not a phrase)."""
    from rules.legendary import effects as fx

    labels: set[str] = set()

    def walk(obj: object) -> None:
        if isinstance(obj, fx.ChooseOne):
            labels.update(o.label for o in obj.options)
        if isinstance(obj, tuple | list):
            for x in obj:
                walk(x)
        elif hasattr(obj, "__dict__") or hasattr(obj, "model_fields"):
            for name in getattr(type(obj), "model_fields", {}):
                walk(getattr(obj, name, None))

    for c in PACK.cards.values():
        walk(c)
    for m in PACK.masterminds.values():
        walk(m)
    for s in PACK.schemes.values():
        walk(s)
    return labels


@pytest.mark.parametrize("kind", ["event", "prompt", "option", "refusal"])
def test_every_engine_text_has_a_template(kind: str) -> None:
    texts = _texts()[kind]
    assert texts, f"no {kind} collected: the games did not exercise the engine"
    skip = _choose_one_labels() if kind == "option" else set()
    unknown = sorted(x for x in texts if x not in skip and not known(x))
    assert not unknown, f"{kind} texts with no template in cogs/legendary/words.py: {unknown}"


@pytest.mark.parametrize("kind", ["event", "prompt", "refusal"])
def test_every_engine_text_reads_in_polish(kind: str) -> None:
    for text in _texts()[kind]:
        pl = say("pl", text)
        assert pl != text or not known(text), text
        assert not PLACEHOLDER.search(pl), (text, pl)
        assert say("en-US", text) == text


def test_enough_is_exercised() -> None:
    kinds = _texts()
    assert len(kinds["event"]) > 60
    assert len(kinds["refusal"]) >= 6
    assert len(kinds["prompt"]) >= 3


def test_values_come_back_in_place() -> None:
    assert say("pl", "Ana draws 2 cards") == "Ana dobiera: 2 karty"
    assert say("pl", "Ana draws 5 cards") == "Ana dobiera: 5 kart"
    assert say("pl", "Ana heals, KOing 1 Wound") == "Ana się leczy i daje KO: 1 Rana"
    assert say("pl", "Ana fights the Mastermind") == "Ana walczy z Mastermindem"
    assert say("pl", "Rook moves to the Rooftops") == "Rook przechodzi na pole: Dachy"
    assert say("pl", "Ana plays a copy of Zero Day") == "Ana zagrywa kopię karty Zero Day"
    assert say("pl", "Scores: Ana 12, Bo 3") == "Wyniki: Ana 12 PZ, Bo 3 PZ"
    options = "That is not one of the options.\nChoose one of: Yes, No."
    assert say("pl", options).endswith("Wybierz jedną z: Tak, Nie.")
    nested = "A choice is waiting for you: Choose a card to KO.\nAnswer it first (choose)."
    assert say("pl", nested).startswith("Czeka na ciebie wybór: Wybierz kartę, której dasz KO.")
    host = "Only the host can start the game.\nAsk the host (or someone with Manage Channels)."
    assert say("pl", host).startswith("Tylko gospodarz może zacząć grę.")
    # A text no template made stays as it is (the same fallback as a missing entry).
    assert say("pl", "Something the engine never says") == "Something the engine never says"


def test_setup_refusals_read_in_polish() -> None:
    bad = [
        setup.Setup(names=("a", "b"), scheme="no-such-scheme"),
        setup.Setup(names=("a", "b"), mastermind="no-such-mastermind"),
        setup.Setup(names=("a", "b"), villains=("no-such-group",)),
        setup.Setup(names=("a", "b"), heroes=("no-such-hero",)),
        setup.Setup(names=("a", "b"), heroes=tuple(sorted(PACK.heroes))[:1]),
    ]
    for s in bad:
        with pytest.raises(IllegalAction) as exc:
            setup.new_game(PACK, s, 1)
        message = exc.value.refusal.message
        assert known(message), message
        assert say("pl", message) != message


def test_table_texts_read_in_polish() -> None:
    t = new_table("t1", "1", "Ana", Choice())
    texts: list[str] = []
    t, ev = table_apply(t, Join(person="2", name="Bo"), PACK)
    texts += [e.text for e in ev]
    for bad in (
        Join(person="2", name="Bo"),
        Join(person="3", name="Cy", ai=True),
        Leave(person="4"),
        Start(person="2", seed=1),
    ):
        with pytest.raises(IllegalAction) as exc:
            table_apply(t, bad, PACK)
        texts.append(exc.value.refusal.message)
    t, ev = table_apply(t, SetOptions(person="1", options=TableOptions(language="pl")), PACK)
    texts += [e.text for e in ev]
    t, ev = table_apply(t, Start(person="1", seed=3), PACK)
    texts += [e.text for e in ev]
    with pytest.raises(IllegalAction) as exc:
        table_apply(t, Join(person="5", name="Di"), PACK)
    texts.append(exc.value.refusal.message)
    for text in texts:
        assert known(text), text
        assert say("pl", text) != text, text
